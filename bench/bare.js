import { loadPyodide } from "../web/vendor/pyodide-314.0.7/pyodide.mjs";
const py = await loadPyodide({ indexURL: "../web/vendor/pyodide-314.0.7/" });
py.runPython("1 + 1");
performance.mark("app-ready");
document.body.dataset.ready = "1";
