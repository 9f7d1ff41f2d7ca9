"""The Python the site ships without docstrings and comments (scripts/lean_source.py): the
same code on the same lines, for every file of the project, and smaller."""

import ast
import gzip
import sys
import traceback
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from lean_source import _docstrings, lean  # noqa: E402

SHIPPED = sorted([*(ROOT / "py" / "solitaire").rglob("*.py"), *(ROOT / "web").glob("*.py")])


def code_lines(source: str) -> dict[int, str]:
    """Each line that holds a statement's start, as written (what a traceback shows)."""
    lines = source.splitlines()
    return {node.lineno: lines[node.lineno - 1].strip() for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.stmt) and not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
                                                  and isinstance(node.value.value, str))}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_file_keeps_its_code_on_its_lines(path):
    source = path.read_text()
    text = lean(source)    # (raises if the tree or the line count changed)
    assert text.count("\n") == source.count("\n")
    kept = code_lines(text)
    for line, written in code_lines(source).items():
        # a statement's line keeps its code; only a trailing comment may have gone
        assert written.startswith(kept[line]) and kept[line], (line, written, kept.get(line))
    assert not _docstrings(ast.parse(text))


def test_a_traceback_from_a_lean_file_names_the_source_s_line():
    source = '''"""A module.

It says a lot.
"""
# a comment
def fails(x):
    """Doc
    on two lines."""
    # why
    y = x + 1   # one more
    return y / 0
'''
    scope = {}
    exec(compile(lean(source), "m.py", "exec"), scope)
    with pytest.raises(ZeroDivisionError) as raised:
        scope["fails"](1)
    frame = traceback.extract_tb(raised.value.__traceback__)[-1]
    assert frame.lineno == 11 and source.splitlines()[frame.lineno - 1].strip() == "return y / 0"
    assert scope["fails"].__doc__ is None


def test_strings_that_look_like_comments_or_docstrings_stay():
    source = 'TEXT = """\n# not a comment\n"""\nx = "# nor this"  # but this\ndef f():\n    return """kept"""\n'
    assert lean(source) == 'TEXT = """\n# not a comment\n"""\nx = "# nor this"\ndef f():\n    return """kept"""\n'


def test_lean_files_weigh_less_on_the_wire():
    before = sum(len(gzip.compress(p.read_bytes())) for p in SHIPPED)
    after = sum(len(gzip.compress(lean(p.read_text()).encode())) for p in SHIPPED)
    assert after < 0.8 * before, (before, after)
