"""scripts/precompiled.py: the finder the start-up snapshot holds, which imports the page's
modules and PyScript's package from code compiled when the snapshot was made."""

import importlib
import linecache
import sys
import traceback
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from precompiled import Precompiled  # noqa: E402

PACKAGE = "pkg_ahead"


@pytest.fixture
def installed(tmp_path):
    """A finder for a module and a package (none of them on disk), first in sys.meta_path."""
    sources = {
        "mod_ahead": (str(tmp_path / "mod_ahead.py"), "VALUE = 6 * 7\n\ndef boom():\n    raise ValueError('here')\n", False),
        PACKAGE: (str(tmp_path / PACKAGE / "__init__.py"), "from pkg_ahead.sub import NAME\n", True),
        f"{PACKAGE}.sub": (str(tmp_path / PACKAGE / "sub.py"), "NAME = __name__\n", False),
    }
    finder = Precompiled(sources)
    sys.meta_path.insert(0, finder)
    yield finder, sources
    sys.meta_path.remove(finder)
    for name in sources:
        sys.modules.pop(name, None)


def test_modules_and_packages_come_from_the_compiled_code(installed):
    finder, sources = installed
    mod = importlib.import_module("mod_ahead")
    pkg = importlib.import_module(PACKAGE)
    assert mod.VALUE == 42 and pkg.NAME == f"{PACKAGE}.sub"
    assert mod.__file__ == sources["mod_ahead"][0]
    assert pkg.__path__ == [str(Path(sources[PACKAGE][0]).parent)]
    assert sorted(finder.served) == sorted(sources)


def test_a_traceback_shows_the_source_lines(installed):
    importlib.import_module("mod_ahead")
    linecache.clearcache()
    with pytest.raises(ValueError) as caught:
        sys.modules["mod_ahead"].boom()
    text = "".join(traceback.format_exception(caught.value))
    assert "raise ValueError('here')" in text


def test_a_file_that_reads_otherwise_is_imported_from_the_file(installed, tmp_path, monkeypatch):
    """PyScript writes its package before importing it: the same text is served compiled,
    another text (another PyScript) is imported from the file as usual."""
    finder, sources = installed
    (tmp_path / PACKAGE).mkdir()
    Path(sources[PACKAGE][0]).write_text(sources[PACKAGE][1])  # the same text
    Path(sources[f"{PACKAGE}.sub"][0]).write_text("NAME = 'from the file'\n")  # another
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    assert importlib.import_module(PACKAGE).NAME == "from the file"
    assert finder.served == [PACKAGE]


def test_unknown_names_are_left_to_the_other_finders(installed):
    finder, _ = installed
    assert finder.find_spec("json") is None and finder.get_source("json") is None
    assert importlib.import_module("json").dumps([1]) == "[1]"


def test_the_snapshot_build_s_examples():
    """The doctests of scripts/build_site.py (the PyScript package and writer read from
    its chunk among them) and scripts/precompiled.py, which live outside py/ and tests/."""
    import doctest

    import build_site
    import precompiled
    for module in (build_site, precompiled):
        failed, tried = doctest.testmod(module)
        assert tried and not failed, module.__name__
