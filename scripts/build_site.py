"""Finish the static site in a folder that scripts/build.sh has filled (usually dist/).

- the Pyodide memory snapshot: Pyodide booted under node with the page's Python files
  (pyscript.toml's [files]) written where PyScript puts them and every module the page
  imports imported, its memory XORed with the wasm's own data segments (what the page
  already downloads), its all-zero blocks left out and the rest gzip-compressed, named
  after a hash of the Pyodide build and of every file it holds
  (web/vendor/snapshot-<hash>.bin.gz), so a stale one can never be served;
- the wasm packed with xz (pyodide.asm.wasm.xz beside it, 2.6 MB against 3.6 gzip-compressed),
  which a first visit fetches and unpacks (web/wasm.mjs);
- index.html: preload links (the snapshot among them) and the first-visit board as data;
  with a snapshot, the page's config is pyscript.snapshot.json, pyscript.toml without the
  engine's files (the snapshot holds them; web/engine-files.json lists them for a normal boot);
- every Python file the site ships without its docstrings and comments, line for line
  (scripts/lean_source.py), before the snapshot is made from them;
- the PyScript parts for features the page does not use are left out, and Pyodide's lock
  file lists no package (the page loads none);
- index.html: the hash of every file the page may fetch into itself whose name carries no
  version (web/release.mjs checks them: one release per load);
- sw.js: the list of every file to keep offline and a version hash of their contents,
  written into the worker itself (nothing to fetch before it can install).

    python3 scripts/build_site.py dist [--no-snapshot]
"""

import argparse
import ast
import gzip
import hashlib
import io
import json
import lzma
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from pathlib import Path

from lean_source import lean_tree

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache"            # snapshots by hash: a rebuild with nothing changed is instant
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
BROWSER_ONLY = {"js", "pyodide", "_pyodide", "pyscript"}  # packages never imported under node


def module_name(target: str) -> str | None:
    """'./solitaire/engine/games/base.py' -> 'solitaire.engine.games.base'; None for a __main__ module.

    >>> module_name("./solitaire/__init__.py"), module_name("./dom.py"), module_name("./a/__main__.py")
    ('solitaire', 'dom', None)
    """
    parts = target.removeprefix("./").removesuffix(".py").split("/")
    if parts[-1] == "__main__":
        return None
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(source: str) -> list[str]:
    """The absolute module names a Python source imports.

    >>> imported("import json, a.b\\nfrom c import d\\nfrom . import e")
    ['json', 'a.b', 'c']
    """
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def snapshot_spec(site: Path) -> dict:
    """What the snapshot holds: the [files] of pyscript.toml and the modules to import,
    the page's standard-library imports first, then the engine, then the page's modules."""
    config = tomllib.loads((site / "pyscript.toml").read_text())
    files = [(str(site / src), dst) for src, dst in config["files"].items()]
    page = (site / "index.html").read_text()
    mains = [site / m for m in re.findall(r'<script type="py"[^>]*\bsrc="([^"]+)"', page)]
    ours = {module_name(dst) for _, dst in files} - {None}
    tops = {name.split(".")[0] for name in ours}
    engine = sorted(n for _, dst in files if "/" in dst.removeprefix("./") and (n := module_name(dst)))
    page_modules = sorted(n for _, dst in files if "/" not in dst.removeprefix("./") and (n := module_name(dst)))
    stdlib = set()
    runs = [Path(src) for src, dst in files if module_name(dst)] + mains  # not a __main__
    package = pyscript_package(tree := pyscript_tree(site))
    # PyScript's package is compiled, not imported (it needs the browser), but what it
    # imports from the standard library is imported, so the page's archive has it.
    for text in [p.read_text() for p in runs] + [source for *_, source in package]:
        for name in imported(text):
            if name.split(".")[0] not in tops | BROWSER_ONLY:
                stdlib.add(name)
    return {"files": files, "modules": sorted(stdlib) + engine + page_modules,
            "optional": sorted(stdlib) + page_modules,
            # compiled instead where they cannot be imported (scripts/precompiled.py)
            "precompile": [[n, dst] for _, dst in files if (n := module_name(dst)) in page_modules],
            "sources": package,
            # run through Pyodide's runPythonAsync: PyScript's own, the page's <script type="py">
            "scripts": pyscript_writer(tree) + [m.read_text() for m in mains]}


def js_literal(text: str, i: int):
    r"""The object or string literal at ``text[i]`` (objects of identifier or string keys,
    double-quoted strings with JSON's escapes, as a minifier writes them) and the index
    after it; anything else raises ValueError.

    >>> js_literal('{a:{"b.py":"x\\ny"}}', 0)
    ({'a': {'b.py': 'x\ny'}}, 19)
    """
    if text[i] == '"':
        j = i + 1
        while text[j] != '"':
            j += 2 if text[j] == "\\" else 1
        return json.loads(text[i:j + 1]), j + 1
    if text[i] != "{":
        raise ValueError(f"not a literal at {i}")
    out, i = {}, i + 1
    while text[i] != "}":
        key = re.match(r'[A-Za-z_$][\w$]*', text[i:])
        if key:
            name, i = key.group(), i + key.end()
        else:
            name, i = js_literal(text, i)
        if text[i] != ":":
            raise ValueError(f"no ':' at {i}")
        out[name], i = js_literal(text, i + 1)
        if text[i] == ",":
            i += 1
    return out, i + 1


def pyscript_tree(site: Path) -> dict | None:
    """PyScript's own Python package, {folder: {file: text}}, from the literal in its main
    chunk that PyScript writes into Python's file system before running the page's script;
    None, with a note, if the chunk has no such literal."""
    core = next(site.glob("web/vendor/pyscript-*/core.js"), None)
    main = core and core.parent / re.findall(r'from\s*"\./([^"]+\.js)"', core.read_text())[0]
    text = main.read_text() if main else ""
    at = text.find('{pyscript:{"__init__.py":')
    try:
        tree = js_literal(text, at)[0] if at >= 0 else None
    except (ValueError, IndexError, json.JSONDecodeError):
        tree = None
    if not tree:
        print(f"PyScript's Python package not found in {main or 'web/vendor'}: not compiled ahead")
    return tree


def pyscript_package(tree: dict | None) -> list[list]:
    """PyScript's package as [module, path, is_package, source] each, for the snapshot to
    compile (they import the browser's objects, so they cannot be imported under node).

    >>> pyscript_package({"pyscript": {"__init__.py": "X = 1", "web.py": "Y = 2"}})
    [['pyscript', './pyscript/__init__.py', True, 'X = 1'], ['pyscript.web', './pyscript/web.py', False, 'Y = 2']]
    """
    found = []

    def walk(folder, node):
        for name, value in node.items():
            if isinstance(value, dict):
                walk(f"{folder}/{name}", value)
            elif name.endswith(".py"):
                found.append([module_name(f"{folder}/{name}"), f"{folder}/{name}", name == "__init__.py", value])
    walk(".", tree or {})
    return found


def pyscript_writer(tree: dict | None) -> list[str]:
    """The Python program PyScript 0.7 runs (through runPythonAsync) before the page's
    script: it writes the package's files, then imports it. Built here as PyScript's main
    chunk builds it, so that the snapshot holds it compiled; if PyScript's text differs
    (another version), it is simply compiled in the page as before.

    >>> print(pyscript_writer({"pyscript": {"a.py": "é"}})[0])
    import os as _os
    from pathlib import Path as _Path
    _path = None
    _path = _Path("./pyscript")
    if not _os.path.exists("./pyscript"):
        _path.mkdir(parents=True, exist_ok=True)
    _path = _Path("./pyscript/a.py")
    _path.write_text("é",encoding="utf-8")
    import pyscript as _pyscript
    del _Path
    del _path
    del _os
    del _pyscript
    <BLANKLINE>
    <BLANKLINE>
    """
    if not tree:
        return []
    lines = ["import os as _os", "from pathlib import Path as _Path", "_path = None"]

    def walk(folder, node):
        for name, value in node.items():
            lines.append(f'_path = _Path("{folder}/{name}")')
            if isinstance(value, str):
                lines.append(f'_path.write_text({json.dumps(value, ensure_ascii=False)},encoding="utf-8")')
            else:
                lines.extend([f'if not _os.path.exists("{folder}/{name}"):', "    _path.mkdir(parents=True, exist_ok=True)"])
                walk(f"{folder}/{name}", value)
    walk(".", tree)
    lines += ["import pyscript as _pyscript", "del _Path", "del _path", "del _os", "del _pyscript", "\n"]
    return ["\n".join(lines)]


def pyodide_dir(site: Path) -> Path:
    found = sorted((site / "web" / "vendor").glob("pyodide-*/pyodide.mjs"))
    if len(found) != 1:
        sys.exit(f"expected one vendored Pyodide in {site}/web/vendor, found {len(found)}")
    return found[0].parent


def snapshot_name(site: Path, spec: dict | None = None) -> str:
    """The snapshot's file name: a hash of the Pyodide build, of this script and the
    snapshot maker, of the modules it imports and of every file it holds."""
    spec = spec or snapshot_spec(site)
    indexdir = pyodide_dir(site)
    digest = hashlib.sha256()
    for name in PYODIDE_FILES:
        digest.update(name.encode() + b"\0" + (indexdir / name).read_bytes())
    digest.update((ROOT / "scripts" / "snapshot.mjs").read_bytes())
    digest.update(Path(__file__).read_bytes())
    digest.update(json.dumps([spec["modules"], [d for _, d in spec["files"]]]).encode())
    for src, dst in spec["files"]:
        digest.update(dst.encode() + b"\0" + Path(src).read_bytes())
    digest.update((ROOT / "scripts" / "precompiled.py").read_bytes())
    digest.update((ROOT / "scripts" / "stdlib_bytecode.py").read_bytes())
    digest.update(json.dumps([spec["precompile"], spec["sources"], spec["scripts"]]).encode())
    return f"snapshot-{digest.hexdigest()[:16]}.bin.gz"


def leb(data: bytes, i: int, signed=False) -> tuple[int, int]:
    """A LEB128 number at ``data[i]``, and the index after it."""
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, i


def wasm_data(wasm: bytes) -> list[tuple[int, bytes]]:
    """The active data segments of a WebAssembly module: (memory offset, bytes), what
    instantiating it writes into its memory. Only the plain form (flag 0, an i32.const
    offset) is read; anything else is refused (web/interpreter.mjs reads them alike).

    >>> wasm_data(bytes.fromhex("0061736d01000000" "0b0a01" "004110" "0b" "03616263"))
    [(16, b'abc')]
    """
    if wasm[:8] != b"\0asm\1\0\0\0":
        raise ValueError("not a WebAssembly module")
    i, found = 8, []
    while i < len(wasm):
        section, i = wasm[i], i + 1
        size, i = leb(wasm, i)
        if section == 11:
            count, j = leb(wasm, i)
            for _ in range(count):
                flag, j = leb(wasm, j)
                if flag != 0 or wasm[j] != 0x41:
                    raise ValueError(f"a data segment of another form ({flag})")
                offset, j = leb(wasm, j + 1, signed=True)
                if wasm[j] != 0x0B:
                    raise ValueError("a data segment offset that is not a constant")
                length, j = leb(wasm, j + 1)
                found.append((offset, wasm[j:j + length]))
                j += length
        i += size
    return found


def against_wasm(snapshot: bytes, segments) -> bytes:
    """The snapshot with its memory XORed with what the module's data segments put there:
    the bytes Python never changed become zeros, which compress to nothing (undone in the
    page by the same XOR). The memory starts at the offset in the header's second word.

    >>> against_wasm(bytes([0, 0, 0, 0, 8, 0, 0, 0]) + b"xxabcdyy", [(2, b"abc")])[8:]
    b'xx\\x00\\x00\\x00dyy'
    """
    out = bytearray(snapshot)
    base = int.from_bytes(snapshot[4:8], "little")
    memory = len(out) - base
    for offset, data in segments:
        data = data[:max(0, memory - offset)]
        at = base + offset
        mixed = int.from_bytes(out[at:at + len(data)], "little") ^ int.from_bytes(data, "little")
        out[at:at + len(data)] = mixed.to_bytes(len(data), "little")
    return bytes(out)


BLOCK = 4096  # the snapshot ships only its blocks of this size that hold a non-zero byte


def sparse(data: bytes, block: int = BLOCK) -> bytes:
    """The bytes without their all-zero blocks: the total length and the number of runs
    (two little-endian u32), each run's offset and length (two u32 each), then the runs'
    bytes. After the XOR with the wasm, 58% of the snapshot is zero blocks: the page then
    inflates 13 MB instead of 31 (web/snapshot.mjs puts the runs back into zeros).

    >>> sparse(bytes(8) + b"ab" + bytes(6), block=4).hex(" ", 4)
    '10000000 01000000 08000000 04000000 61620000'
    >>> unsparse(sparse(bytes(5) + b"x", block=2)) == bytes(5) + b"x"
    True
    """
    runs = []
    for at in range(0, len(data), block):
        if not data[at:at + block].strip(b"\0"):
            continue
        end = min(at + block, len(data))
        if runs and runs[-1][1] == at:
            runs[-1][1] = end
        else:
            runs.append([at, end])
    head = [len(data), len(runs)] + [n for at, end in runs for n in (at, end - at)]
    return b"".join([*(n.to_bytes(4, "little") for n in head), *(data[at:end] for at, end in runs)])


def unsparse(packed: bytes) -> bytes:
    """The bytes ``sparse`` packed (what web/snapshot.mjs does in the page)."""
    word = lambda k: int.from_bytes(packed[4 * k:4 * k + 4], "little")  # noqa: E731
    out, count = bytearray(word(0)), word(1)
    at = 8 + 8 * count
    for k in range(count):
        offset, length = word(2 + 2 * k), word(3 + 2 * k)
        out[offset:offset + length] = packed[at:at + length]
        at += length
    return bytes(out)


def make_snapshot(site: Path) -> tuple[str, list[str], Path]:
    """Build (or take from .cache/) the snapshot; return its path relative to the site, the
    standard library's files its imports read, and those files as bytecode, a zip
    (scripts/snapshot.mjs)."""
    spec = snapshot_spec(site)
    indexdir = pyodide_dir(site)
    name = snapshot_name(site, spec)
    cached = CACHE / name
    cached_list = CACHE / name.replace(".bin.gz", ".stdlib.json")
    cached_code = CACHE / name.replace(".bin.gz", ".stdlib.zip")
    if not cached.exists() or not cached_list.exists() or not cached_code.exists():
        CACHE.mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            spec_path, raw = Path(tmp) / "spec.json", Path(tmp) / "snapshot.bin"
            spec_path.write_text(json.dumps({**spec, "indexURL": str(indexdir)}))
            subprocess.run(["node", str(ROOT / "scripts" / "snapshot.mjs"), str(spec_path), str(raw)],
                           check=True)
            segments = wasm_data((indexdir / "pyodide.asm.wasm").read_bytes())
            data = gzip.compress(sparse(against_wasm(raw.read_bytes(), segments)), compresslevel=9, mtime=0)
            used = (Path(tmp) / "snapshot.bin.stdlib.json").read_text()
            code = (Path(tmp) / "snapshot.bin.stdlib.zip").read_bytes()
        for old in [*CACHE.glob("snapshot-*.bin.gz"), *CACHE.glob("snapshot-*.stdlib.json"),
                    *CACHE.glob("snapshot-*.stdlib.zip")]:
            old.unlink()
        cached_list.write_text(used)
        cached_code.write_bytes(code)
        part = cached.with_suffix(".part")
        part.write_bytes(data)
        part.rename(cached)
    target = site / "web" / "vendor" / name
    shutil.copyfile(cached, target)
    print(f"snapshot {name}: {target.stat().st_size / 1e6:.1f} MB gzip, {len(spec['modules'])} modules")
    return f"./web/vendor/{name}", json.loads(cached_list.read_text()), cached_code


def make_stdlib(site: Path, used: list[str], code: Path) -> str:
    """The page's standard-library archive: only the files of Pyodide's python_stdlib.zip
    that the snapshot's imports read (``used``), as the bytecode ``code`` holds for them
    (scripts/stdlib_bytecode.py: a start without the snapshot compiles none of them), and
    ``_stdlib_rest`` (scripts/stdlib_rest.py, which mounts the whole archive if an import
    needs more). Every start mounts it in place of the whole one: a first visit that boots
    without the snapshot downloads 0.85 MB, not 2.5. Named after a hash of its bytes;
    returns its path relative to the site."""
    whole = pyodide_dir(site) / "python_stdlib.zip"
    with zipfile.ZipFile(whole) as z, zipfile.ZipFile(code) as compiled:
        names = z.namelist()
        tops = sorted({n.split("/")[0].removesuffix(".py") for n in names
                       if n.endswith(".py") and (n.count("/") == 0 or n.split("/")[0] + "/__init__.py" in names)})
        rest = (ROOT / "scripts" / "stdlib_rest.py").read_text()
        if "\nNAMES = ()" not in rest:
            sys.exit("scripts/stdlib_rest.py has no 'NAMES = ()' line")
        rest = rest.replace("\nNAMES = ()", "\nNAMES = " + repr(tuple(tops)), 1)
        missing = [n for n in used if n not in names or n + "c" not in compiled.namelist()]
        if missing:
            sys.exit(f"the snapshot read files that are not in {whole.name} or not compiled: {missing[:5]}")
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
            for n in sorted(set(used)):
                info = zipfile.ZipInfo(n + "c", date_time=(1980, 1, 1, 0, 0, 0))
                out.writestr(info, compiled.read(n + "c"), zipfile.ZIP_DEFLATED, 9)
            out.writestr(zipfile.ZipInfo("_stdlib_rest.py", date_time=(1980, 1, 1, 0, 0, 0)),
                         rest, zipfile.ZIP_DEFLATED, 9)
    data = buffer.getvalue()
    name = f"stdlib-{hashlib.sha256(data).hexdigest()[:16]}.zip"
    (site / "web" / "vendor" / name).write_bytes(data)
    print(f"standard library {name}: {len(set(used))} of {len(names)} files, as bytecode,"
          f" {len(data) / 1e6:.2f} MB (the whole: {whole.stat().st_size / 1e6:.2f} MB)")
    return f"./web/vendor/{name}"


READINGS = ("client", "pad", "top", "inner")  # what web/board.js reads off the page


def first_board(game_id="tabbycat", deal=1) -> dict:
    """The board a first visit opens on (deal 1, as the controller starts a first visit),
    as web/board.js draws it: web/geometry.py's layout run on symbols for the page's
    readings (web/board.js runs the resulting program with the real ones), so the board
    lands on the boxes the live table then uses."""
    for folder in ("py", "web"):
        sys.path.insert(0, str(ROOT / folder))
    import geometry as geo
    from solitaire import get_game
    from solitaire.records.saved import SAVE_KEY
    game = get_game(game_id)
    pos = game.deal(deal)
    places = game.layout()
    piles = {p.name: geo.pile_counts(game, pos, p) for p in places}
    lay = geo.plan(places, piles, *geo.room(*map(geo.Expr.input, READINGS)))
    program = geo.Program()
    ref = program.ref
    slots, labels, cards = [], [], []
    foundations = [p.name for p in places if p.kind == "foundation"]
    for place in places:
        x, y = lay.places[place.name][:2]
        kind = place.kind + (" tail" if place.name == "tail" else "")
        if place.kind == "foundation" and len(foundations) > 4 and place.name != foundations[0]:
            kind += " tucked"
        mark = "A 2 3 4 5 6 7 8 9 10 J Q K".split()[place.takes - 1] if place.takes else ""
        if place.kind == "stock":
            mark = str(game.deals_left(pos))
            kind += "" if game.deals_left(pos) else " empty"
        slots.append([ref(x), ref(y), kind, mark])
        if place.label == "tail":   # (a label over one place: board.js gives it a card's width)
            labels.append([ref(x), ref(y - lay.ch * geo.LABEL), "tail"])
        bottom_up = place.kind == "foundation" and game.foundation_shows == "bottom"
        down = game.face_down(pos, place.name)
        for i, card in enumerate(game.get(pos, place.name)):
            cards.append([ref(x), ref(lay.card_y(place.name, i, down)),
                          geo.card_z(place, i, bottom_up), "" if i < down else str(card)])
    size = [ref(lay.cw), ref(lay.ch), ref(lay.width), ref(lay.tall), ref(lay.wide)]
    return {"v": 1, "game": game.id, "name": game.name, "label": "Deal", "deal": str(deal),
            "moves": "0", "clock": "0:00", "runs": str(game.foundations) if game.counts_runs else "",
            "unless": SAVE_KEY, "below": geo.BELOW, "inputs": list(READINGS), "program": program.nodes,
            "size": size, "slots": slots, "labels": labels, "cards": cards}


def game_menu(page: str) -> str:
    """The game menu with every registered game, as the page's Python fills it (so the
    header does not change width when the game comes alive): each option carries its short
    name too, which web/board.js shows before the first paint on a phone (``data-phone``,
    web/geometry.py's query), as web/table.py's ``fit_controls`` then does."""
    for folder in ("py", "web"):
        sys.path.insert(0, str(ROOT / folder))
    from html import escape
    import geometry as geo
    from solitaire import GAMES
    from solitaire.words.lang_en import ENGLISH as CATALOGUE
    options = "".join(f'<option value="{escape(g.id)}" data-short="{escape(CATALOGUE["game_short_" + g.id])}">'
                      f'{escape(CATALOGUE["game_" + g.id])}</option>' for g in GAMES.values())
    menu = re.compile(r'(<select id="game-select")([^>]*>)(.*?)(</select>)', re.S)
    if not menu.search(page):
        sys.exit("index.html has no game menu (select#game-select)")
    phone = f' data-phone="{escape(geo.PHONE)}"'
    return menu.sub(lambda m: m.group(1) + phone + m.group(2) + options + m.group(4), page, count=1)


LIGHT_CONFIG = "pyscript.snapshot.json"   # the page's config when it boots from the snapshot
RESTORE_FILES = "web/engine-files.json"   # what web/interpreter.mjs writes on a normal boot


def light_config(site: Path) -> str:
    """A config for a snapshot boot, without [files]: the snapshot has already imported
    every engine module and holds the page's modules compiled (scripts/precompiled.py), so
    PyScript need not fetch and write ~50 files after Python is up. Those files go to a
    list that web/interpreter.mjs fetches and writes itself if the snapshot is refused (a
    normal boot), before PyScript runs the page. Written as JSON, which PyScript reads
    without loading its TOML parser."""
    config = tomllib.loads((site / "pyscript.toml").read_text())
    (site / RESTORE_FILES).write_text(json.dumps(list(config.pop("files").items()), indent=0) + "\n")
    (site / LIGHT_CONFIG).write_text(json.dumps(config, indent=1) + "\n")
    return "./" + LIGHT_CONFIG


def finish_page(site: Path, snapshot: str | None, stdlib: str | None = None):
    page = game_menu((site / "index.html").read_text())
    if snapshot:
        main = 'config="./pyscript.toml"'
        if page.count(main) != 1:
            sys.exit(f"index.html has no single <script type=\"py\" ... {main}>")
        page = page.replace(main, f'config="{light_config(site)}"')
    indexdir = "./" + pyodide_dir(site).relative_to(site).as_posix()
    config = re.search(r'<script type="py"[^>]*\bconfig="([^"]+)"', page).group(1)
    # No module preloads: Chromium compiles a preloaded module as soon as it arrives, on
    # the page's thread, and with PyScript's 136 KB main chunk and pyodide.mjs among them
    # that held back the first paint (the board) by some 50-100 ms on a cold start; without
    # them the game was playable no later (docs/startup.md). The modules are fetched
    # as the page's scripts import them.
    # No preload of the wasm either: which file a visit needs (the wasm, or packed with xz
    # where no service worker serves the page) is for web/interpreter.mjs to say, which
    # asks for it as soon as it runs.
    # The smaller standard-library archive is named, not preloaded: web/interpreter.mjs asks
    # for it once the board is painted. Preloaded, its 0.78 MB went out before the first
    # paint, and Lighthouse's simulated slow 4G counted their download in the largest
    # contentful paint (5.7 s against 1.8 s without it; bench/lighthouse.py).
    links = [f'<link rel="preload" href="{indexdir}/python_stdlib.zip" as="fetch" crossorigin>'
             if not stdlib else f'<meta name="start-up-stdlib" content="{stdlib}">',
             f'<link rel="preload" href="{indexdir}/pyodide-lock.json" as="fetch" crossorigin>',
             f'<link rel="preload" href="{config}" as="fetch" crossorigin>']
    if snapshot:
        # Named, not preloaded: web/interpreter.mjs fetches it where it pays (on a first
        # visit, only over a fast link; see SNAPSHOT_PAYS_WITHIN there).
        links.insert(0, f'<meta name="start-up-snapshot" content="{snapshot}">')
    board = json.dumps(first_board(), separators=(",", ":")).replace("<", "\\u003c")
    for mark, text in (("<!-- build: preload -->", "\n  ".join(links)),
                       ("<!-- build: first board -->",
                        "" if board is None else
                        f'<script type="application/json" id="first-board">{board}</script>')):
        if mark not in page:
            sys.exit(f"index.html has no '{mark}'")
        page = page.replace(mark, text)
    (site / "index.html").write_text(page)


# PyScript's parts for features the page does not use (the code editor, the terminal, zip
# archives in [files]): never fetched by the page, so not shipped (the service worker would
# otherwise keep 0.3 MB of them on every first visit). Chunk names carry hashes: by prefix.
UNUSED_PYSCRIPT = ("codemirror", "xterm", "zip-")


# xz as the page's decoder reads it (xz-embedded: CRC32 checks), the strongest preset; a
# dictionary of 8 MiB holds nearly the whole 9.6 MB file (16 MiB packs it 0.2 kB smaller)
# and bounds what the decoder allocates.
XZ_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 8 << 20}]


def pack_wasm(site: Path):
    """pyodide.asm.wasm.xz beside the wasm: what a page no service worker serves fetches
    and unpacks as it arrives (web/wasm.mjs), 0.9 MB less on the wire than the wasm
    gzip-compressed by the host. Packing takes seconds: kept in .cache/ by the wasm's hash."""
    wasm = pyodide_dir(site) / "pyodide.asm.wasm"
    data = wasm.read_bytes()
    cached = CACHE / f"wasm-{hashlib.sha256(data).hexdigest()[:16]}.xz"
    if not cached.exists():
        CACHE.mkdir(exist_ok=True)
        for old in CACHE.glob("wasm-*.xz"):
            old.unlink()
        part = cached.with_suffix(".part")
        part.write_bytes(lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=XZ_FILTERS))
        part.rename(cached)
    target = wasm.with_name(wasm.name + ".xz")
    shutil.copyfile(cached, target)
    print(f"wasm packed: {target.stat().st_size / 1e6:.2f} MB xz ({len(data) / 1e6:.2f} MB)")


def empty_lock(site: Path):
    """The page loads no Pyodide package (its Python is the standard library, the engine and
    PyScript's own package), so the lock file it ships lists none: 0.3 kB instead of 119 kB
    (27 kB compressed) that every start without the service worker's copy fetched. Its
    `info` (the ABI Pyodide checks) is kept. Done before the snapshot is made."""
    lock = pyodide_dir(site) / "pyodide-lock.json"
    data = json.loads(lock.read_text())
    lock.write_text(json.dumps({"info": data["info"], "packages": {}}, sort_keys=True) + "\n")


def prune_runtime(site: Path):
    gone = [p for p in site.glob("web/vendor/pyscript-*/*") if p.name.startswith(UNUSED_PYSCRIPT)]
    for p in gone:
        p.unlink()
    print(f"left out {len(gone)} PyScript files the page never fetches ({', '.join(UNUSED_PYSCRIPT)})")


RELEASE_META = re.compile(rb'<meta name="tabbycat-release" content="[^"]*">')
RELEASE_FILES = re.compile(r'<script type="application/json" id="release-files">.*?</script>', re.S)
# Files the page never fetches into itself: the page, the worker, names that carry a version
# or a hash (web/vendor/: a later release has the same bytes there or nothing), the rules
# pages (documents of their own), the icons and the manifest's screenshots (fetched by the
# browser, never into the page) and the warm-up frame (fetched once a worker of the page's
# release controls it).
UNPINNED = re.compile(r"^(index\.html|sw\.js|web/vendor/.*|rules/.*|.*\.(svg|png|webp|webmanifest|html))$")


def release_files(site: Path) -> dict:
    """Every file the page may fetch into itself whose name carries no version, with the
    first 16 hex digits of its SHA-256: web/release.mjs checks each such file it fetches
    (the engine's files on a normal start, web/app.py, How to play's texts, the solver's
    worker's script), so that a load never runs files of two releases.

    >>> import tempfile; site = Path(tempfile.mkdtemp())
    >>> for name in ("web/app.py", "web/vendor/x.js", "index.html", "rules/a.html"):
    ...     (site / name).parent.mkdir(parents=True, exist_ok=True); _ = (site / name).write_text("x")
    >>> release_files(site)
    {'web/app.py': '2d711642b726b044'}
    """
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                   if p.is_file() and "__pycache__" not in p.parts)
    return {f: hashlib.sha256((site / f).read_bytes()).hexdigest()[:16] for f in files if not UNPINNED.match(f)}


def pin_files(site: Path):
    """Write ``release_files`` into the page (a JSON data block, never executed, in its
    head after the release's meta, before any script: the page and the solver's worker
    read it), replacing any earlier one."""
    page = site / "index.html"
    text = page.read_text()
    block = ('<script type="application/json" id="release-files">'
             + json.dumps(release_files(site), separators=(",", ":")) + "</script>")
    if RELEASE_FILES.search(text):
        text = RELEASE_FILES.sub(lambda _: block, text, count=1)
    elif (meta := re.search(RELEASE_META.pattern.decode(), text)):
        # before every script: parsed before any of them runs
        text = text[:meta.end()] + "\n  " + block + text[meta.end():]
    else:
        sys.exit('index.html has no <meta name="tabbycat-release" content="..."> line')
    page.write_text(text)
    print(f"release files: {len(release_files(site))} pinned, {len(block)} bytes in the page")


def finish_worker(site: Path):
    """Write the precache list and its version into sw.js, and the version into the page
    (<meta name="tabbycat-release">, hashed as "dev"): a page on a first visit asks the
    worker to take it over only when they are of one release (web/boot.js)."""
    (site / "web" / "precache.json").unlink(missing_ok=True)
    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*")
                   if p.is_file() and p.name != "sw.js" and "__pycache__" not in p.parts)
    digest = hashlib.sha256()
    page = site / "index.html"
    if not RELEASE_META.search(page.read_bytes()):
        sys.exit('index.html has no <meta name="tabbycat-release" content="..."> line')
    for f in files:
        data = (site / f).read_bytes()
        if f == "index.html":
            data = RELEASE_META.sub(b'<meta name="tabbycat-release" content="dev">', data)
        digest.update(f.encode() + b"\0" + data)
    manifest = {"version": digest.hexdigest()[:16], "files": ["./" + f for f in files]}
    meta = f'<meta name="tabbycat-release" content="{manifest["version"]}">'.encode()
    page.write_bytes(RELEASE_META.sub(meta, page.read_bytes(), count=1))
    worker = (site / "sw.js").read_text()
    line = re.compile(r"^const PRECACHE = .*;$", re.M)
    if not line.search(worker):
        sys.exit("sw.js has no 'const PRECACHE = ...;' line")
    worker = line.sub(lambda _: "const PRECACHE = " + json.dumps(manifest) + ";", worker, count=1)
    (site / "sw.js").write_text(worker)
    print(f"service worker: {len(files)} files, version {manifest['version']}")


def finish_release(site: Path):
    """The page's pinned files, then the worker's list and the release: the last steps, run
    again on a changed copy of a built site to make another release of it (the tests do)."""
    pin_files(site)
    finish_worker(site)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path)
    parser.add_argument("--no-snapshot", action="store_true", help="boot normally (for comparison)")
    args = parser.parse_args()
    empty_lock(args.site)
    before, after = lean_tree(args.site)
    print(f"Python sources without docstrings and comments: {before:,} -> {after:,} characters")
    snapshot, used, code = (None, None, None) if args.no_snapshot else make_snapshot(args.site)
    stdlib = make_stdlib(args.site, used, code) if used else None
    finish_page(args.site, snapshot, stdlib)
    prune_runtime(args.site)
    pack_wasm(args.site)
    finish_release(args.site)


if __name__ == "__main__":
    main()
