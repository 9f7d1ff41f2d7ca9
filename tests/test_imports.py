"""The engine imports nothing from the browser and nothing outside the standard library."""

import ast
import subprocess
import sys

from conftest import ROOT


def test_engine_imports_only_the_standard_library():
    """Every import in py/solitaire is relative or a standard library module."""
    for path in (ROOT / "py" / "solitaire").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in sys.stdlib_module_names, f"{path.name} imports {name}"


def test_engine_imports_under_plain_cpython_without_pyscript():
    """With pyscript, js and pyodide made unimportable, the engine imports and solves."""
    code = ("import sys\n"
            "for m in ('pyscript', 'js', 'pyodide'): sys.modules[m] = None\n"
            "import solitaire, solitaire.__main__\n"
            "g = solitaire.get_game('tabbycat')\n"
            "print(solitaire.solve(g, g.deal(2)).verdict)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT / "py")})
    assert out.stdout.strip() == "won", out.stderr
