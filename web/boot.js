// Before Python runs: real loading progress from the files as they arrive, the theme,
// and the service worker that keeps the game playable offline. No game rules here.
// The page also loads the interpreter wrapper on its own (an async module script), which
// starts unpacking the start-up snapshot and, after the first paint, Python; imported here
// too, so a page without that script starts it now. PyScript later imports the same module
// and gets that interpreter.
import "./interpreter.mjs";

// The loading screen speaks the page's language, chosen as web/words.py does (a link's
// ?lang=, else the remembered choice, else the browser's), with the catalogue's boot_* words
// that the build writes into the page (scripts/boot_words.py). Without them it stays as marked up.
const prefs = (() => { try { return JSON.parse(localStorage.getItem("tabbycat.prefs.v1")) || {}; } catch (e) { return {}; } })();
const bootWords = (() => { try { return JSON.parse(document.getElementById("boot-words").textContent) || {}; } catch (e) { return {}; } })();
const lang = [new URLSearchParams(location.search).get("lang"), prefs.lang,
  String(navigator.language || "").toLowerCase().split("-")[0], "en"].find((l) => typeof l === "string" && Object.hasOwn(bootWords, l));
const say = (key) => (lang && bootWords[lang][key]) || null;
if (lang) document.documentElement.lang = lang;

const bar = document.getElementById("loading-bar");
const text = document.getElementById("loading-text");
const box = document.getElementById("loading");
const stages = [
  [/core\.js$/, 10, "boot_pyscript"],
  [/pyodide\.mjs$/, 20, "boot_python"],
  [/pyodide\.asm\.wasm(\.xz)?$/, 55, "boot_starting"],   // the wasm, or packed (web/wasm.mjs)
  [/python_stdlib\.zip$/, 70, "boot_starting"],
  [/\.py$/, 85, "boot_game"],
];
let shown = 0;
function progress(pct, key) {
  if (pct <= shown) return;
  shown = pct;
  bar.style.width = pct + "%";
  box.setAttribute("aria-valuenow", String(pct));
  if (say(key)) text.textContent = say(key);
}
if (say("boot_label")) box.setAttribute("aria-label", say("boot_label"));
progress(5, "boot_loading");
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      for (const [pattern, pct, key] of stages) {
        if (pattern.test(new URL(entry.name).pathname)) progress(pct, key);
      }
    }
  }).observe({ type: "resource", buffered: true });
} catch (e) { /* no observer: the bar still ends at ready */ }

if (prefs.theme === "dark" || prefs.theme === "light") document.documentElement.dataset.theme = prefs.theme;

// The browser's bar (an installed app's title bar) takes the header's colour: the page's
// head gives one per system theme, and a theme the player chose (<html data-theme>, set
// above and by the menu) gives both its own.
const themeMetas = [...document.querySelectorAll('meta[name="theme-color"][media]')];
const schemeOf = (meta) => (meta.media.includes("dark") ? "dark" : "light");
const themeColours = Object.fromEntries(themeMetas.map((m) => [schemeOf(m), m.content]));
function followTheme() {
  const chosen = document.documentElement.dataset.theme;
  for (const m of themeMetas) m.content = themeColours[chosen] || themeColours[schemeOf(m)];
}
followTheme();
new MutationObserver(followTheme).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });

// The service worker (only in the built site: scripts/build.sh writes its file list). A new
// version installs beside the running one and takes over at the next navigation; meanwhile
// the page offers a reload. It is registered once the game is playable (or a minute after
// the page loaded, if it never is): on a first visit its install fetches and stores every
// file of the site, which, begun at the page's load event, took the CPU from Python's start
// (playable 0.4-0.5 s later, cold, on this 2-core machine).
function offerUpdate(registration) {
  if (!registration.waiting || !navigator.serviceWorker.controller) return;
  offerReload();
}

function offerReload() {
  if (document.getElementById("update")) return;
  const button = document.createElement("button");
  button.id = "update";
  button.type = "button";
  button.className = "update";
  button.textContent = say("boot_update") || "\u21bb";
  button.dataset.i18n = "boot_update";   // web/words.py re-fills it when the language changes
  button.addEventListener("click", () => location.reload());
  document.body.appendChild(button);
}

// A file of another release met by web/release.mjs: before the game is ready the page
// reloads (the loading screen says why, for the moment it takes), else the reload is offered.
function releaseChanged(reloading) {
  if (reloading) {
    if (say("boot_new_release")) text.textContent = say("boot_new_release");
  } else {
    offerReload();
  }
}
addEventListener("tabbycat-release", (event) => releaseChanged(event.detail.reloading));
if (document.documentElement.dataset.releaseCheck) releaseChanged(document.documentElement.dataset.releaseCheck === "reloading");

if ("serviceWorker" in navigator && location.protocol !== "file:") {
  const playable = new Promise((resolve) => {
    const ready = () => document.body?.dataset.ready !== undefined;
    if (ready()) return resolve();
    new MutationObserver((_, seen) => { if (ready()) { seen.disconnect(); resolve(); } })
      .observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
    addEventListener("load", () => setTimeout(resolve, 60_000));
  });
  playable.then(async () => {
    try {
      const registration = await navigator.serviceWorker.register("./sw.js", { updateViaCache: "none" });
      offerUpdate(registration);
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => { if (worker.state === "installed") offerUpdate(registration); });
      });
      if (!navigator.serviceWorker.controller) {
        pinRelease();
        warmUp();
      }
    } catch (e) { /* offline play needs one visit with a service worker; the game works without */ }
  });
}

// One release per load, on a first visit too: until a worker controls the page, its later
// files (How to play's text, the solver's worker) come from the network, which may serve a
// release deployed since the page opened. Once the worker is active, the page asks it to take
// the page over, naming the release the page is of; the worker does only when it is of the
// same release (sw.js). Else the page is marked and offers a reload (a new version is ready).
// <html data-release-pin>: "claimed", "mixed", or absent (controlled from the start).
async function pinRelease() {
  const release = document.querySelector('meta[name="tabbycat-release"]')?.content;
  const registration = await navigator.serviceWorker.ready;
  const channel = new MessageChannel();
  const reply = new Promise((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data);
    setTimeout(() => resolve(null), 30_000);
  });
  registration.active?.postMessage({ type: "claim", release }, [channel.port2]);
  const answer = await reply;
  if (!answer) return;
  document.documentElement.dataset.releasePin = answer.claimed ? "claimed" : "mixed";
  if (!answer.claimed) offerReload();
}

// A page that came from the network (a first visit) runs its big scripts once more, from
// the service worker's cache, in a hidden frame (web/warmup.mjs): the browser then keeps
// their compiled code for the next visit, which starts about 0.1 s sooner. It costs this
// page's thread one task of about 0.1 s (compiling Pyodide's big function), so it waits
// for the worker to be active and for the player to leave the page alone (quiet); <html
// data-warmed-up> marks the end.
async function warmUp() {
  await navigator.serviceWorker.ready;
  await quiet(3000);
  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute("aria-hidden", "true");
  frame.src = "./web/warmup.html";
  await new Promise((resolve) => {
    const done = (event) => {
      if (event && (event.source !== frame.contentWindow || event.data !== "warmed-up")) return;
      removeEventListener("message", done);
      resolve();
    };
    addEventListener("message", done);
    setTimeout(done, 60_000);
    document.body.append(frame);
  });
  frame.remove();
  document.documentElement.dataset.warmedUp = "";
}

/** Resolves when the page is idle after `ms` without a press of a key or a pointer (each
 * one starts the wait again), or at once when the page is hidden. */
function quiet(ms) {
  return new Promise((resolve) => {
    const presses = ["pointerdown", "keydown", "wheel"];
    let timer;
    const restart = () => { clearTimeout(timer); timer = setTimeout(done, ms); };
    const hidden = () => { if (document.visibilityState === "hidden") done(); };
    function done() {
      clearTimeout(timer);
      for (const type of presses) removeEventListener(type, restart, true);
      document.removeEventListener("visibilitychange", hidden);
      if (globalThis.requestIdleCallback) requestIdleCallback(resolve, { timeout: 5000 });
      else resolve();
    }
    for (const type of presses) addEventListener(type, restart, { capture: true, passive: true });
    document.addEventListener("visibilitychange", hidden);
    hidden();
    if (document.visibilityState !== "hidden") restart();
  });
}
