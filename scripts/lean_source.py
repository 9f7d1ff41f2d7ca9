"""The Python the site ships, without its docstrings and comments, line for line.

A first visit that starts Python normally fetches every engine and page file (about a
third of their compressed bytes are docstrings and comments), and the snapshot holds the
docstrings as constants. The build writes each `.py` file of dist/ again through `lean()`:
a docstring becomes `0` (an expression statement the compiler drops, so `__doc__` is None)
and a comment becomes nothing, with every line kept where it was, so a traceback from the
site names the same line as the sources. `lean()` checks its own work: the result parses
to the same tree as the source with its docstrings replaced.

    python3 scripts/lean_source.py dist     # what scripts/build_site.py does first
"""

import ast
import io
import sys
import tokenize
from pathlib import Path


def _docstrings(tree: ast.AST) -> list[ast.Expr]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                found.append(first)
    return found


def _shape(source: str) -> str:
    """The tree a lean file must have: the source's, with each docstring as the constant 0."""
    tree = ast.parse(source)
    for doc in _docstrings(tree):
        doc.value = ast.Constant(0)
    return ast.dump(tree)


def lean(source: str) -> str:
    """`source` without docstrings and comments, on the same lines.

    >>> print(lean('\"\"\"Module.\\n\\nMore.\"\"\"\\n# a note\\nx = 1  # one\\ns = "# kept"\\n'
    ...            'def f():\\n    \"\"\"Doc.\"\"\"\\n    return x\\n'))
    0
    <BLANKLINE>
    <BLANKLINE>
    <BLANKLINE>
    x = 1
    s = "# kept"
    def f():
        0
        return x
    <BLANKLINE>
    """
    lines = source.splitlines(keepends=True)
    cuts = []          # (line, start column, end line, end column, replacement), 1-based lines
    def column(row, offset):   # ast counts a column in UTF-8 bytes, tokenize in characters
        return len(lines[row - 1].encode()[:offset].decode())
    for doc in _docstrings(ast.parse(source)):
        cuts.append((doc.lineno, column(doc.lineno, doc.col_offset),
                     doc.end_lineno, column(doc.end_lineno, doc.end_col_offset), "0"))
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            (row, col), (_, end) = tok.start, tok.end
            text = lines[row - 1]
            start = len(text[:col].rstrip())   # the spaces before a comment go with it
            cuts.append((row, start, row, end, ""))
    for row, col, end_row, end_col, new in sorted(cuts, reverse=True):
        head, tail = lines[row - 1][:col], lines[end_row - 1][end_col:]
        lines[row - 1] = head + new + "\n" * (end_row - row) + tail
        for i in range(row, end_row):
            lines[i] = ""
    result = "".join(lines)
    if result.count("\n") != source.count("\n") or _shape(result) != _shape(source):
        raise ValueError("lean() changed what the code does or where its lines are")
    return result


def lean_tree(site: Path) -> tuple[int, int]:
    """Rewrite every Python file the site ships (its own, not the vendored runtime's);
    the characters before and after."""
    before = after = 0
    for path in sorted(site.rglob("*.py")):
        if "vendor" in path.relative_to(site).parts:
            continue
        source = path.read_text()
        text = lean(source)
        path.write_text(text)
        before, after = before + len(source), after + len(text)
    return before, after


if __name__ == "__main__":
    before, after = lean_tree(Path(sys.argv[1]))
    print(f"lean sources: {before:,} -> {after:,} characters")
