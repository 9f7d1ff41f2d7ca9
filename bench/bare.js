import { loadPyodide } from "../web/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "../web/vendor/pyodide/" });
py.runPython("1 + 1");
document.body.dataset.ready = "1";
