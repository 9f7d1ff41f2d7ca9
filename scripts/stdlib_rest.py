"""The rest of the standard library, on demand (written by scripts/build_site.py into the
page's smaller standard-library archive as ``_stdlib_rest``, with NAMES filled in).

The page mounts an archive of only the standard library's files that its imports read
(what the build saw them read), not Pyodide's whole ``python_stdlib.zip``. An import of
anything else from the standard library reaches :class:`Rest`, last in ``sys.meta_path``:
it has the whole archive fetched and mounted once (``load(path)``, given by the page or
the solver's worker, writes it into Python's file system), then finds the module there.
Names that are not the standard library's pass by at no cost.

>>> import sys, tempfile, zipfile, os
>>> folder = tempfile.mkdtemp()
>>> small, full = os.path.join(folder, "small.zip"), os.path.join(folder, "full.zip")
>>> with zipfile.ZipFile(small, "w") as z: z.writestr("kit/__init__.py", "")
>>> def load(path):
...     with zipfile.ZipFile(path, "w") as z:
...         z.writestr("kit/__init__.py", ""); z.writestr("kit/part.py", "X = 1"); z.writestr("lone.py", "Y = 2")
>>> sys.path.insert(0, small)
>>> finder = install(load, small, names=["kit", "lone"], full=full)
>>> import kit.part, lone
>>> kit.part.X, lone.Y, finder.mounted
(1, 2, True)
>>> sys.meta_path.remove(finder); sys.path.remove(small); sys.path.remove(full)
>>> for m in ("kit", "kit.part", "lone"): del sys.modules[m]
"""

import sys
from importlib.machinery import PathFinder

NAMES = ()   # the whole archive's top-level modules and packages (filled in by the build)
FULL = "/lib/python-stdlib-full.zip"


class Rest:
    """A finder, last in ``sys.meta_path``, for what ``archive`` lacks of the standard library."""

    def __init__(self, load, archive, names, full):
        self.load, self.archive, self.names, self.full = load, archive, frozenset(names), full
        self.mounted = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] not in self.names:
            return None
        within = [p for p in (sys.path if path is None else path)
                  if isinstance(p, str) and (p == self.archive or p.startswith(self.archive + "/"))]
        if not within:
            return None
        if not self.mounted:
            try:
                self.load(self.full)
            except Exception:  # noqa: BLE001 (offline, and not kept: the import fails as it would)
                return None
            self.mounted = True
            sys.path.append(self.full)
        there = [self.full + p[len(self.archive):] for p in within]
        if path is not None:   # a package's part: its other parts are looked for there too
            parent = sys.modules.get(fullname.rpartition(".")[0])
            search = getattr(parent, "__path__", None)
            if isinstance(search, list):
                search.extend(p for p in there if p not in search)
        return PathFinder.find_spec(fullname, there)


def install(load, archive=None, names=NAMES, full=FULL):
    """Put a :class:`Rest` last in ``sys.meta_path`` (once) for ``archive``, the mounted
    archive (by default the ``.zip`` on ``sys.path``); return it."""
    archive = archive or next(p for p in sys.path if p.endswith(".zip"))
    for finder in sys.meta_path:
        if isinstance(finder, Rest):
            return finder
    finder = Rest(load, archive, names, full)
    sys.meta_path.append(finder)
    return finder
