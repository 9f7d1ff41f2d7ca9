"""The package's layers (.importlinter): no module imports from a layer above its own, and
no module imports itself back through others."""

import sys
from pathlib import Path

import grimp
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_no_layer_imports_a_higher_one(monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.syspath_prepend(str(ROOT / "py"))
    assert lint_imports(config_filename=".importlinter", no_cache=True) == 0


def test_no_import_circles(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "py"))
    graph = grimp.build_graph("solitaire", cache_dir=None)
    circles = []
    for module in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(imported=module, importer=imported):
                circles.append((module, imported))
    assert not circles, circles
