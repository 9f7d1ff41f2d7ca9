// Before Python runs: real loading progress from the files as they arrive, the theme,
// and the service worker that keeps the game playable offline. No game rules here.
// Evaluated now, the interpreter wrapper starts fetching and unpacking the start-up snapshot
// while PyScript loads; PyScript later imports the same module and finds it under way.
import "./interpreter.mjs";

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

// The service worker (only in the built site: scripts/build.sh writes its file list). A new
// version installs beside the running one and takes over at the next navigation; meanwhile
// the page offers a reload.
function offerUpdate(registration) {
  if (!registration.waiting || !navigator.serviceWorker.controller || document.getElementById("update")) return;
  const button = document.createElement("button");
  button.id = "update";
  button.type = "button";
  button.className = "update";
  button.textContent = "A new version is ready \u2014 reload";
  button.addEventListener("click", () => location.reload());
  document.body.appendChild(button);
}

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  addEventListener("load", async () => {
    try {
      const registration = await navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" });
      offerUpdate(registration);
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => { if (worker.state === "installed") offerUpdate(registration); });
      });
    } catch (e) { /* offline play needs one visit with a service worker; the game works without */ }
  });
}
