"""Modules compiled when the start-up snapshot is made, imported without compiling.

Pyodide's memory snapshot holds Python's memory but not its file system, and the page's
own modules (web/*.py) and PyScript's ``pyscript`` package cannot be imported under node
(they reach the browser when imported). So the snapshot maker (scripts/snapshot.mjs)
compiles them instead and installs :class:`Precompiled` at the head of ``sys.meta_path``;
in the page, importing one of them then runs its code object, with no file to read and
nothing to parse or compile (the parser and compiler are also WebAssembly that a cold
start would compile first).

A module is served only while what would be imported is the very text it was compiled
from: if its file exists (PyScript writes its ``pyscript`` package before importing it)
and reads otherwise, the finder stands aside and Python imports the file as usual.

The page's script (web/app.py), which PyScript runs through Pyodide's ``runPythonAsync``,
is compiled ahead too: :func:`run_compiled` makes ``pyodide.code.eval_code_async`` (what
``runPythonAsync`` calls) run the code compiled from a text given exactly that text and
no options, and compile anything else as before.

>>> finder = Precompiled({"demo": ("/nowhere/demo.py", "X = 6 * 7\\n", False)})
>>> import sys; sys.meta_path.insert(0, finder)
>>> import demo
>>> demo.X, demo.__file__, finder.served
(42, '/nowhere/demo.py', ['demo'])
>>> sys.meta_path.remove(finder); del sys.modules["demo"]
"""

import importlib.abc
import importlib.util
import os


class Precompiled(importlib.abc.MetaPathFinder, importlib.abc.InspectLoader):
    """Finder and loader of modules compiled ahead: ``{name: (path, source, is_package)}``."""

    def __init__(self, sources):
        self.table = {name: (path, source, package, compile(source, path, "exec", dont_inherit=True))
                      for name, (path, source, package) in sources.items()}
        self.served = []

    def find_spec(self, fullname, path=None, target=None):
        entry = self.table.get(fullname)
        if entry is None:
            return None
        origin, source, package, _ = entry
        if os.path.exists(origin):
            try:
                with open(origin, encoding="utf-8") as f:
                    if f.read() != source:
                        return None
            except (OSError, UnicodeDecodeError):
                return None
        spec = importlib.util.spec_from_loader(fullname, self, origin=origin, is_package=package)
        spec.has_location = True
        if package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        name = module.__spec__.name
        self.served.append(name)
        exec(self.table[name][3], module.__dict__)

    def get_source(self, fullname):
        """For tracebacks (linecache asks the loader when there is no file to read)."""
        entry = self.table.get(fullname)
        return entry[1] if entry else None

    def get_code(self, fullname):
        entry = self.table.get(fullname)
        return entry[3] if entry else None

    def is_package(self, fullname):
        entry = self.table.get(fullname)
        return bool(entry and entry[2])


def run_compiled(scripts):
    """Have Pyodide's ``runPythonAsync`` run ``scripts`` (texts) from code compiled now
    (each once; Pyodide only)."""
    import ast
    import pyodide.code
    from _pyodide._base import CodeRunner
    flags = ast.PyCF_ALLOW_TOP_LEVEL_AWAIT
    ready = {text: CodeRunner(text, flags=flags).compile() for text in scripts}
    compiling = pyodide.code.eval_code_async

    async def eval_code_async(source, globals=None, locals=None, **options):
        runner = None if options else ready.pop(source, None)   # once: a runner runs once
        if runner is None:
            return await compiling(source, globals, locals, **options)
        return await runner.run_async(globals, locals)

    eval_code_async.__doc__ = compiling.__doc__
    pyodide.code.eval_code_async = eval_code_async
