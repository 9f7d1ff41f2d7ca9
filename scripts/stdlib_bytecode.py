"""The page's standard-library files as bytecode, made by the snapshot's own Python.

A start without the snapshot (a first visit over a slow link) imports some 150 modules of
the standard library; from sources, compiling them is most of Python's start there
(several seconds of CPU on a phone). So scripts/snapshot.mjs runs this under node in the
vendored Pyodide (the same Python as the page's, so the bytecode is the page's own), and
the build puts the results in the page's smaller archive in place of the sources, which
zipimport reads the same way. To weigh no more than the sources on the wire:

- docstrings and asserts go, as with ``python -OO`` (the standard library is tested so);
- each code object's line table says "the function's first line" for every instruction
  (a traceback through the standard library names the function, not the line), and holds
  no columns. The sources' line tables were most of the bytecode's size.

>>> code = compile("def f(x):\\n    '''Doc.'''\\n    y = x + 1\\n    return y\\n", "m.py", "exec")
>>> f = first_lines(code).co_consts[0]
>>> sorted({line for _, _, line in f.co_lines() if line is not None})
[1]
>>> g = {}; exec(first_lines(code), g); g["f"](2)
3
"""

import importlib.util
import marshal
import types

NO_COLUMNS = 13   # the location table's code for "a line, no columns" (Objects/locations.md)


def first_line_table(units: int) -> bytes:
    """A location table for ``units`` code units, all on the code object's first line:
    entries of at most 8 units, each a header byte and a line delta of 0.

    >>> first_line_table(10).hex()
    'ef00e900'
    """
    table = bytearray()
    while units > 0:
        n = min(units, 8)
        table += bytes((0x80 | NO_COLUMNS << 3 | (n - 1), 0))
        units -= n
    return bytes(table)


def first_lines(code: types.CodeType) -> types.CodeType:
    """``code`` and the code objects in it with first-line tables (see above)."""
    consts = tuple(first_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts)
    return code.replace(co_consts=consts, co_linetable=first_line_table(len(code.co_code) // 2))


def bytecode(source: bytes, filename: str) -> bytes:
    """A ``.pyc`` file's bytes for ``source`` (timestamp-based, no source to check against)."""
    code = compile(source, filename, "exec", dont_inherit=True, optimize=2)
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(first_lines(code))


def compile_archive_from(sources: dict[str, bytes], out, root: str = "") -> None:
    """Write to ``out`` a zip of ``name + "c"`` for each ``name.py`` of ``sources``
    (name -> source), compiled as its module would be (``root/name`` as its file name)."""
    import zipfile
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as o:
        for name, source in sources.items():
            if name.endswith(".py"):
                o.writestr(name + "c", bytecode(source, f"{root}/{name}" if root else name))


def compile_archive(archive: str, names: list[str], out: str) -> None:
    """The same for the files ``names`` of the zip ``archive`` (as read from there)."""
    import zipfile
    with zipfile.ZipFile(archive) as z:
        compile_archive_from({name: z.read(name) for name in names}, out, root=archive)
