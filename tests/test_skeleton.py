"""The repository's layout: what the page loads is listed and vendored, never fetched."""

import re
import tomllib

from conftest import ROOT


def test_every_engine_file_is_in_pyscript_toml():
    """pyscript.toml lists every module of py/solitaire and every page module beside
    web/app.py, so the page has the whole engine and itself."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    listed = set(config["files"])
    actual = {f"./{p.relative_to(ROOT)}" for p in (ROOT / "py" / "solitaire").rglob("*.py")
              if "__pycache__" not in p.parts}
    actual |= {f"./{p.relative_to(ROOT)}" for p in (ROOT / "web").glob("*.py") if p.name != "app.py"}
    assert listed == actual
    import json
    versions = json.loads((ROOT / "package.json").read_text())["dependencies"]
    # The interpreter is our wrapper (web/interpreter.mjs), which imports the pinned Pyodide.
    assert config["interpreter"] == "./web/interpreter.mjs"
    wrapper = (ROOT / "web" / "interpreter.mjs").read_text()
    assert f'"./vendor/pyodide-{versions["pyodide"]}/pyodide.mjs"' in wrapper
    assert f'"./vendor/pyodide-{versions["pyodide"]}/"' in wrapper
    page = (ROOT / "index.html").read_text()
    assert f"./web/vendor/pyscript-{versions['@pyscript/core']}/core.js" in page


def test_page_names_no_other_host():
    """No file of the page loads anything from another host."""
    for path in [ROOT / "index.html", ROOT / "pyscript.toml", *(ROOT / "web").glob("*.*")]:
        text = path.read_text()
        assert not re.search(r"(src|href|interpreter|import|fetch)[^\n]{0,40}https?://", text), path


def test_npm_runtime_is_pinned():
    """package.json pins exact versions of pyodide and @pyscript/core."""
    import json
    deps = json.loads((ROOT / "package.json").read_text())["dependencies"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", deps["pyodide"])
    assert re.fullmatch(r"\d+\.\d+\.\d+", deps["@pyscript/core"])
