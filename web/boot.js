// Before Python runs: real loading progress from the files as they arrive, the theme,
// and the service worker that keeps the game playable offline. No game rules here.
const bar = document.getElementById("loading-bar");
const text = document.getElementById("loading-text");
const box = document.getElementById("loading");
const stages = [
  [/core\.js$/, 10, "Loading PyScript\u2026"],
  [/pyodide\.mjs$/, 20, "Loading Python\u2026"],
  [/pyodide\.asm\.wasm$/, 55, "Starting Python\u2026"],
  [/python_stdlib\.zip$/, 70, "Starting Python\u2026"],
  [/\.py$/, 85, "Loading the game\u2026"],
];
let shown = 0;
function progress(pct, label) {
  if (pct <= shown) return;
  shown = pct;
  bar.style.width = pct + "%";
  box.setAttribute("aria-valuenow", String(pct));
  if (label) text.textContent = label;
}
progress(5, "Loading\u2026");
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      for (const [pattern, pct, label] of stages) {
        if (pattern.test(new URL(entry.name).pathname)) progress(pct, label);
      }
    }
  }).observe({ type: "resource", buffered: true });
} catch (e) { /* no observer: the bar still ends at ready */ }

const prefs = (() => { try { return JSON.parse(localStorage.getItem("tabbycat.prefs.v1")) || {}; } catch (e) { return {}; } })();
if (prefs.theme === "dark" || prefs.theme === "light") document.documentElement.dataset.theme = prefs.theme;

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  addEventListener("load", async () => {
    try {
      const r = await fetch("./web/precache.json", { cache: "no-cache" });
      const { version } = await r.json();
      await navigator.serviceWorker.register("./sw.js?v=" + version);
    } catch (e) { /* offline play needs one visit with a service worker; the game works without */ }
  });
}
