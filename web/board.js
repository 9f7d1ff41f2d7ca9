// A board at once (a deferred, render-blocking script: it runs once the page is parsed and
// draws before the first paint): before Python is up, draw the table the player last saw (kept in
// localStorage as plain data by tabbySaveBoard, shown only on a window of the size it was
// seen in), or on a first visit the board the build laid out into the page. The build's
// board carries its layout as a small program (web/geometry.py's own arithmetic, recorded
// by scripts/build_site.py) that this script runs on the page's readings, so it lands on
// the boxes the live table takes. Everything is drawn with createElement/textContent from
// data read by strict readers, shown greyed and inert, and removed when the game is ready.
// No rules here, and no layout rule of its own.
const KEY = "tabbycat.board.v1";
const MAX_CHARS = 64 * 1024;
const SUIT = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RANK = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
const GAME_ID = /^[a-z][a-z0-9-]{0,31}$/;
const FACE = /^([A2-9TJQK])([SHDC])[12]?$/;

const num = (v, lo, hi) => typeof v === "number" && Number.isFinite(v) && v >= lo && v <= hi;
const text = (v, max) => typeof v === "string" && v.length <= max;

/** The stored board record, or null: one reader, a size limit and a strict schema. */
function readBoard(raw) {
  if (typeof raw !== "string" || raw.length > MAX_CHARS) return null;
  let b;
  try { b = JSON.parse(raw); } catch (e) { return null; }
  if (!b || typeof b !== "object" || b.v !== 1) return null;
  if (!GAME_ID.test(b.game) || !text(b.name, 40) || !text(b.label, 10) || !text(b.deal, 24)
      || !text(b.moves, 8) || !text(b.clock, 12)) return null;
  if (!num(b.units, 1, 20) || !num(b.top, 0, 10) || !num(b.longest, 1, 120) || !num(b.h, 1, 100)) return null;
  if (b.cw !== null && !num(b.cw, 10, 400)) return null;
  if (b.vw !== null && !num(b.vw, 1, 10000)) return null;
  if (b.vh !== null && !num(b.vh, 1, 10000)) return null;
  if (!Array.isArray(b.slots) || b.slots.length > 40 || !Array.isArray(b.cards) || b.cards.length > 208) return null;
  for (const s of b.slots) {
    if (!Array.isArray(s) || s.length !== 4 || !num(s[0], 0, 20) || !num(s[1], 0, 100)
        || !["", "stock", "stock empty", "tucked"].includes(s[2]) || !text(s[3], 8)) return null;
  }
  for (const c of b.cards) {
    if (!Array.isArray(c) || c.length !== 4 || !num(c[0], 0, 20) || !num(c[1], 0, 100)
        || !Number.isInteger(c[2]) || !num(c[2], 0, 999) || !(c[3] === "" || FACE.test(c[3]))) return null;
  }
  return b;
}

const OPS = { "+": 2, "-": 2, "*": 2, "/": 2, min: -1, max: -1, lt: 4, round: 1, in: 1 };
const READINGS = ["client", "pad", "top", "inner"];

/** The build's first-visit board, or null: one reader, a size limit and a strict schema. */
function readFirst(raw) {
  if (typeof raw !== "string" || raw.length > MAX_CHARS) return null;
  let b;
  try { b = JSON.parse(raw); } catch (e) { return null; }
  if (!b || typeof b !== "object" || b.v !== 1 || !GAME_ID.test(b.game) || !text(b.name, 40)
      || !text(b.label, 10) || !text(b.deal, 24) || !text(b.moves, 8) || !text(b.clock, 12)
      || !text(b.unless, 40) || !/^[0-9]{0,2}$/.test(b.runs) || !num(b.below, 0, 400)) return null;
  if (!Array.isArray(b.inputs) || b.inputs.some((n) => !READINGS.includes(n))) return null;
  if (!Array.isArray(b.program) || b.program.length > 4000) return null;
  const arg = (a, k) => num(a, -1e6, 1e6) || (Array.isArray(a) && a.length === 1 && Number.isInteger(a[0]) && a[0] >= 0 && a[0] < k);
  for (const [k, n] of b.program.entries()) {
    if (!Array.isArray(n) || !Object.hasOwn(OPS, n[0])) return null;
    const arity = OPS[n[0]], args = n.slice(1);
    if (arity > 0 ? args.length !== arity : args.length < 1 || args.length > 40) return null;
    if (n[0] === "in" ? !b.inputs.includes(args[0]) : !args.every((a) => arg(a, k))) return null;
  }
  const at = (a) => arg(a, b.program.length);
  if (!Array.isArray(b.size) || b.size.length !== 5 || !b.size.every(at)) return null;
  if (!Array.isArray(b.slots) || b.slots.length > 40 || !Array.isArray(b.labels) || b.labels.length > 40
      || !Array.isArray(b.cards) || b.cards.length > 208) return null;
  for (const s of b.slots) {
    if (!Array.isArray(s) || s.length !== 4 || !at(s[0]) || !at(s[1]) || !/^[a-z ]{1,40}$/.test(s[2]) || !text(s[3], 8)) return null;
  }
  for (const l of b.labels) if (!Array.isArray(l) || l.length !== 3 || !at(l[0]) || !at(l[1]) || !text(l[2], 12)) return null;
  for (const c of b.cards) {
    if (!Array.isArray(c) || c.length !== 4 || !at(c[0]) || !at(c[1]) || !Number.isInteger(c[2])
        || !num(c[2], 0, 999) || !(c[3] === "" || FACE.test(c[3]))) return null;
  }
  return b;
}

/** Python's round(): to even on a tie. */
function roundEven(x) {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** The px the dock (style.css) keeps at the screen's bottom edge below its own room: the
 * safe area of a screen with a home bar (env(safe-area-inset-bottom), its padding). The
 * table's room ends above it, as web/table.py reads it too. */
function dockInset() {
  const dock = document.getElementById("dock");
  return dock ? parseFloat(getComputedStyle(dock).paddingBottom) || 0 : 0;
}

/** The px the first-time introduction takes under the table while it is shown: its height
 * and the margin above it (style.css). web/table.py reads it too (window.tabbyIntroRoom). */
function introRoom() {
  const intro = document.getElementById("intro");
  if (!intro || intro.hidden) return 0;
  return intro.offsetHeight + (parseFloat(getComputedStyle(intro).marginTop) || 0);
}
window.tabbyIntroRoom = introRoom;

/** The build's board laid out so that the first-time introduction, while shown, lies
 * under it and above the dock with no scroll: when the deal's table and the note do not
 * both fit the room, the table's room is cut until they do (web/geometry.py's fit_note,
 * which web/table.py follows alike), else the table keeps the whole room. */
const NOTE_TRIES = 12;   // web/geometry.py's NOTE_TRIES
function layOutWithNote(b, root) {
  let lay = layOut(b, root, 0);
  const note = introRoom();
  let cut = 0;
  for (let i = 0; lay && note > 0 && i < NOTE_TRIES; i++) {
    const next = fitNote(lay.room, cut, lay.height, note);
    if (next === null) break;
    cut = next;
    lay = layOut(b, root, cut);
  }
  return lay;
}

/** web/geometry.py's fit_note: the next cut (px) of a room ``room`` px tall, cut by ``cut``
 * now, where the table is ``tall`` px, so that a note ``note`` px tall fits under it; null
 * when it fits. */
function fitNote(room, cut, tall, note) {
  if (tall + note + 1 <= room) return null;   // (1 px for the table's height, drawn rounded)
  return room - (room - note - 1) * (room - cut) / tall;
}

/** Run the build's layout program on the page's readings (what web/table.py reads), its
 * room ``cut`` px shorter than the window gives. */
function layOut(b, root, cut = 0) {
  const main = root.parentElement;
  const readings = {
    client: main.clientWidth,
    pad: parseFloat(getComputedStyle(main).paddingLeft) || 0,
    top: root.getBoundingClientRect().top + scrollY,
    inner: innerHeight - dockInset() - cut,
  };
  const vals = [];
  const v = (a) => (Array.isArray(a) ? vals[a[0]] : a);
  for (const [op, ...args] of b.program) {
    const a = op === "in" ? [] : args.map(v);
    vals.push(op === "in" ? readings[args[0]] : op === "+" ? a[0] + a[1] : op === "-" ? a[0] - a[1]
      : op === "*" ? a[0] * a[1] : op === "/" ? a[0] / a[1] : op === "min" ? Math.min(...a)
      : op === "max" ? Math.max(...a) : op === "lt" ? (a[0] < a[1] ? a[2] : a[3]) : roundEven(a[0]));
  }
  const [cw, ch, width, height, wide] = b.size.map(v);
  if (![cw, ch, width, height].every((x) => Number.isFinite(x) && x > 0)) return null;
  return {
    cw, ch, width, height, wide: !!wide, top: readings.top, room: readings.inner + cut - readings.top - b.below,
    slots: b.slots.map(([x, y, kind, mark]) => [v(x), v(y), kind, mark]),
    labels: b.labels.map(([x, y, words]) => [v(x), v(y), words]),
    cards: b.cards.map(([x, y, z, face]) => [v(x), v(y), z, face]),
  };
}

/** A stored board in px, or null when the window is not the size it was seen in (its
 * boxes would not be the live table's). */
function storedLayout(b) {
  if (b.cw === null || b.vw !== innerWidth || b.vh !== innerHeight) return null;
  const cw = b.cw, ch = Math.round(cw * 1.4);
  const kinds = { "": "", stock: "stock", "stock empty": "stock empty", tucked: "tucked" };
  return {
    cw, ch, width: b.units * cw, height: b.h * ch + 8, wide: false,
    slots: b.slots.map(([x, y, cls, label]) => [x * cw, y * ch, kinds[cls], label]),
    labels: [], cards: b.cards.map(([x, y, z, face]) => [x * cw, y * ch, z, face]),
  };
}

function node(tag, cls, content) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (content !== undefined) e.textContent = content;
  return e;
}

/** Of cards ([x, y, z, ...]) stacked on one spot, only the top one, which alone shows: each
 * card drawn is a layer of its own to paint and raster before the first paint (a stock
 * holds 48), and to keep in the stored copy. */
function topOfEachSpot(cards) {
  const tops = new Map();
  for (const card of cards) {
    const spot = `${card[0]},${card[1]}`, seen = tops.get(spot);
    if (!seen || seen[2] < card[2]) tops.set(spot, card);
  }
  return [...tops.values()];
}

/** Draw ``board`` (its header texts) at the boxes of ``lay`` into the table, inert, in a
 * layer of its own. */
function drawBoard(board, lay, root) {
  const layer = node("div", "preview");
  layer.setAttribute("aria-hidden", "true");
  const at = (e, x, y) => { e.style.transform = `translate(${x.toFixed(1)}px, ${y.toFixed(1)}px)`; };
  for (const [x, y, kind, mark] of lay.slots) {
    const slot = node("div", "slot" + (kind ? " " + kind : ""));
    if (/^stock/.test(kind)) slot.appendChild(node("span", "badge", mark));
    else if (mark) slot.appendChild(node("span", "mark", mark));   // what the empty place takes
    at(slot, x, y);
    layer.appendChild(slot);
  }
  for (const [x, y, words] of lay.labels) {
    const label = node("div", "place-label", (words === "tail" && say("slot_tail")) || words);   // the build's board
    at(label, x, y);
    layer.appendChild(label);
  }
  const drawn = topOfEachSpot(lay.cards);
  // A card another one lies over (over its big pip, near its lower right corner) shows
  // its index only, as web/table.py marks it.
  const [px, py] = [lay.cw * 0.85, lay.ch * 0.85];
  const covered = (a) => drawn.some((b) => b[2] > a[2] && b[0] <= a[0] + px && a[0] + px <= b[0] + lay.cw
                                         && b[1] <= a[1] + py && a[1] + py <= b[1] + lay.ch);
  for (const spot of drawn) {
    const [x, y, z, face] = spot;
    const m = FACE.exec(face);
    let card;
    if (!m) {
      card = node("div", "card back");
    } else {
      const [, r, s] = m;
      const rank = RANK[r] || r;
      const court = "JQK".includes(r);
      card = node("div", `card ${"HD".includes(s) ? "red" : "black"} ${s.toLowerCase()}${court ? " court" : ""}${covered(spot) ? " covered" : ""}`);
      const idx = node("span", "idx", rank);
      idx.appendChild(node("small", "", SUIT[s]));
      const pip = node("span", "pip", court ? undefined : SUIT[s]);
      if (court) pip.dataset.pip = rank;  // a court's big letter is drawn by CSS, as on the table
      card.append(idx, pip);
    }
    at(card, x, y);
    card.style.zIndex = String(z);
    layer.appendChild(card);
  }
  for (const style of [root.style, document.documentElement.style]) style.setProperty("--cw", `${lay.cw.toFixed(1)}px`);
  root.style.setProperty("--ch", `${lay.ch}px`);
  root.style.width = `${lay.width.toFixed(0)}px`;
  root.style.height = `${lay.height.toFixed(0)}px`;
  root.classList.toggle("wide", lay.wide);
  root.appendChild(layer);
  root.classList.add("waking");
  document.body.dataset.game = board.game;
  const menu = document.getElementById("game-select");
  if (menu && menu.value !== board.game) {
    const option = node("option", "", board.name);
    option.value = board.game;
    menu.appendChild(option);
    menu.value = board.game;
  }
  const label = document.getElementById("deal-label");  // its words and number, as the page sets them
  const words = label && label.firstElementChild, number = document.getElementById("deal-number");
  if (words && number && words !== number) {
    words.textContent = (board.label === "Deal" && say("deal_label")) || board.label;
    number.textContent = board.deal;
  }
  const runs = document.getElementById("runs-info");
  if (runs && board.runs) {  // a game that counts its runs: none yet, out of its foundations
    runs.hidden = false;
    document.getElementById("runs").textContent = "0";
    document.getElementById("runs-total").textContent = board.runs;
  }
  for (const [id, value] of [["move-count", board.moves], ["clock", board.clock]]) {
    const e = document.getElementById(id);
    if (e) e.textContent = value;
  }
}

/** The rendered table as plain data (what tabbySaveBoard stores). */
function captureBoard(root) {
  const cw = parseFloat(root.style.getPropertyValue("--cw"));
  const ch = parseFloat(root.style.getPropertyValue("--ch"));
  if (!(cw > 0 && ch > 0) || root.querySelector(":scope > .preview")) return null;
  let unread = false;  // a box this reader does not understand: keep no copy rather than a wrong one
  const xy = (e) => {
    const m = /^translate\((-?[\d.]+)px, (-?[\d.]+)px\)$/.exec(e.style.transform);
    if (!m) unread = true;
    return m ? [Math.max(0, +m[1] / cw), Math.max(0, +m[2] / ch)] : [0, 0];
  };
  const round = (v) => Math.round(v * 1000) / 1000;
  const slots = [], cards = [];
  let longest = 1, pileTop = 10, units = 1;
  for (const s of root.querySelectorAll(":scope > .slot")) {
    const [x, y] = xy(s);
    const stock = s.classList.contains("stock");
    const badge = s.querySelector(".badge"), mark = s.querySelector(".mark"), tucked = s.classList.contains("tucked");
    slots.push([round(x), round(y), stock ? (s.classList.contains("empty") ? "stock empty" : "stock") : tucked ? "tucked" : "",
                ((stock ? badge : tucked ? null : mark)?.textContent || "").slice(0, 8)]);
    units = Math.max(units, x + 1);
    if (s.dataset.pile && s.dataset.pile.startsWith("pile-")) pileTop = Math.min(pileTop, y);
  }
  const counts = new Map();
  for (const c of root.querySelectorAll(":scope > .card[data-place]")) {
    const [x, y] = xy(c);
    const z = parseInt(c.style.zIndex, 10) || 0;
    const face = c.classList.contains("back") ? "" : (c.dataset.card || "").slice(0, 3);
    counts.set(c.dataset.place, (counts.get(c.dataset.place) || 0) + 1);
    cards.push([round(x), round(y), z, FACE.test(face) ? face : ""]);
  }
  if (unread) return null;
  for (const [place, n] of counts) if (place.startsWith("pile-")) longest = Math.max(longest, n);
  const value = (id) => { const e = document.getElementById(id); return e ? e.textContent : ""; };
  const menu = document.getElementById("game-select");
  const game = document.body.dataset.game || (menu && menu.value) || "tabbycat";
  const label = (document.getElementById("deal-label") || { textContent: "Deal" }).textContent.trim().split(/\s/)[0];
  return {
    v: 1, game, name: (menu && menu.selectedOptions[0] ? menu.selectedOptions[0].textContent : game).slice(0, 40),
    label: label.slice(0, 10), deal: value("deal-number").slice(0, 24), moves: value("move-count").slice(0, 8),
    clock: value("clock").slice(0, 12), units: round(units), top: pileTop === 10 ? 1 : round(pileTop),
    longest, h: round(Math.max(1, (root.getBoundingClientRect().height - 8) / ch)),
    cw: round(cw), vw: innerWidth, vh: innerHeight, slots, cards: topOfEachSpot(cards),
  };
}

/** Whether the address asks for a board other than the one stored. */
function addressWants(board) {
  const q = new URLSearchParams(location.search);
  if (q.has("daily")) return board.label === "Daily" && board.deal === q.get("daily") && (q.get("game") || "tabbycat") === board.game;
  if (q.has("deal")) return board.label === "Deal" && board.deal === q.get("deal") && (q.get("game") || board.game) === board.game;
  if (q.has("game")) return q.get("game") === board.game;
  return true;
}

// The catalogue's texts that the build wrote into the page (scripts/boot_words.py) in the
// player's language, chosen as web/words.py and web/boot.js choose it (a link's ?lang=,
// else the remembered choice, else the browser's): the board drawn before Python speaks
// it from the first paint, as the rest of the page does (speak, below).
const WORDS = (() => {
  let words = {}, prefs = {};
  try { words = JSON.parse(document.getElementById("boot-words")?.textContent || "{}") || {}; } catch (e) { words = {}; }
  try { prefs = JSON.parse(localStorage.getItem("tabbycat.prefs.v1")) || {}; } catch (e) { /* no choice kept */ }
  if (!words || typeof words !== "object") words = {};
  if (!prefs || typeof prefs !== "object") prefs = {};
  const lang = [new URLSearchParams(location.search).get("lang"), prefs.lang,
    String(navigator.language || "").toLowerCase().split("-")[0], "en"]
    .find((l) => typeof l === "string" && Object.hasOwn(words, l)) || null;
  return { lang, prefs, texts: lang && words[lang] && typeof words[lang] === "object" ? words[lang] : {} };
})();
const say = (key) => (Object.hasOwn(WORDS.texts, key) && typeof WORDS.texts[key] === "string" ? WORDS.texts[key] : null);

// On a phone the game menu gives short names (web/table.py's fit_controls); the build marks
// them on its options, so the header has its live width from the first paint.
const gameMenu = document.getElementById("game-select");
if (gameMenu && gameMenu.dataset.phone && matchMedia(gameMenu.dataset.phone).matches) {
  for (const option of gameMenu.options) if (option.dataset.short) option.textContent = option.dataset.short;
}

// The line under a phone's header (deal, moves, time, runs) takes two rows when one row
// cannot hold it (a longer language, a daily's date): the table starts below both. Its
// numbers keep the room of three-digit moves and a ten-minute clock (style.css), so play
// never changes the choice, and the table never moves under the player's finger.
// Whether it wraps is read from where its parts stand (a part below the first one), so the
// choice is the browser's own, to the fraction of a pixel. A change once the game is up
// tells the page ("tabby-header"), whose table reads its room again (web/table.py).
const info = document.querySelector(".bar .info");
function fitInfo(tell = true) {
  if (!info) return;
  const tops = [...info.children].filter((e) => e.getClientRects().length > 0).map((e) => e.getBoundingClientRect().top);
  const wraps = tops.some((t) => t > tops[0] + 1);
  if (wraps === document.body.classList.contains("info-wraps")) return;
  document.body.classList.toggle("info-wraps", wraps);
  if (tell && document.body.dataset.ready) dispatchEvent(new Event("tabby-header"));
}
window.tabbyFitInfo = () => fitInfo(false);   // the table reads it so before its room
fitInfo();
if (info && "ResizeObserver" in window) {
  const watch = new ResizeObserver(fitInfo);
  watch.observe(info);
  for (const e of info.children) watch.observe(e);
}

// The dock at the screen's bottom edge (messages, the replay bar): the page keeps its
// height free at its end (--dock), so whatever lies under the dock scrolls out from under it.
const dock = document.getElementById("dock");
function fitDock() {
  if (dock) document.documentElement.style.setProperty("--dock", `${dock.offsetHeight}px`);
}
fitDock();
if (dock && "ResizeObserver" in window) new ResizeObserver(fitDock).observe(dock);

const root = document.getElementById("table");
let stored = null, saved = null;
try {
  stored = localStorage.getItem(KEY);
} catch (e) { /* storage off: the build's board */ }
const first = document.getElementById("first-board");
let board = readBoard(stored), lay = null;
if (root && board && addressWants(board)) {
  lay = storedLayout(board);
} else if (root && first && !stored) {
  board = readFirst(first.textContent);
  // Only a first visit opens on the build's deal: a saved game would not.
  try { saved = board && localStorage.getItem(board.unless); } catch (e) { /* storage off */ }
  lay = board && saved === null && addressWants(board) ? layOut(board, root) : null;
}
if (lay && !document.body.dataset.ready) {
  drawBoard(board, lay, root);
  document.body.classList.add("previewing");
  performance.mark("board-shown");
  // Live when the game is: the page's own render has placed the real cards by then.
  new MutationObserver((_, observer) => {
    if (!document.body.dataset.ready) return;
    observer.disconnect();
    root.querySelector(":scope > .preview")?.remove();
    root.classList.remove("waking");
    document.body.classList.remove("previewing");
  }).observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
}

// The page's words in the player's language from the first paint, and on a first visit the
// game's introduction (the largest text the page shows, which Python would write only at
// the end of its start): the catalogue's texts that the build wrote into the page
// (scripts/boot_words.py), the language chosen as web/words.py and web/boot.js choose it
// (a link's ?lang=, else the remembered choice, else the browser's). Python's own start
// writes the same texts again.
function speak() {
  const { lang, prefs } = WORDS;
  if (!lang) return;
  document.documentElement.lang = lang;
  if (lang !== "en") {   // the markup is English
    for (const node of document.querySelectorAll("[data-i18n]")) {
      const t = say(node.dataset.i18n);
      if (t !== null) node.textContent = t;
    }
    for (const attr of ["title", "aria-label", "placeholder"]) {
      for (const node of document.querySelectorAll(`[data-i18n-${attr}]`)) {
        const t = say(node.getAttribute(`data-i18n-${attr}`));
        if (t !== null) node.setAttribute(attr, t);
      }
    }
    if (say("ui_site")) document.title = say("ui_site");
  }
  const intro = document.getElementById("intro");
  const game = board && lay ? board.game : null;
  if (intro && game && !prefs.intro_seen && say(`intro_title_${game}`) !== null && say(`intro_body_${game}`) !== null) {
    document.getElementById("intro-title").textContent = say(`intro_title_${game}`);
    document.getElementById("intro-body").replaceChildren(...say(`intro_body_${game}`).split("\n").map((line) => node("p", "", line)));
    intro.hidden = false;
  }
}
if (!document.body.dataset.ready) speak();
// The line under the header now holds the board's numbers in the player's language: if it
// wraps where it did not (or the other way), the table starts elsewhere, and the build's
// board is laid out again on that top (still before the first paint), as Python will; so
// too when the introduction is shown, which lies under the table and above the dock.
fitInfo();
if (lay && lay.top !== undefined && !document.body.dataset.ready
    && (root.getBoundingClientRect().top + scrollY !== lay.top || introRoom() > 0)) {
  const again = layOutWithNote(board, root);
  if (again) {
    root.querySelector(":scope > .preview")?.remove();
    lay = again;
    drawBoard(board, lay, root);
  }
}

function saveNow() {
  try {
    const data = root && document.body.dataset.ready ? captureBoard(root) : null;
    if (data) localStorage.setItem(KEY, JSON.stringify(data));
  } catch (e) { /* storage full or off: the next visit shows the build's board */ }
}

let pending = 0;
/** Keep the table on screen as data for the next visit's first frame. The page calls this
 * at each save; the copy is taken a moment later, once the table shows the new position. */
window.tabbySaveBoard = () => {
  clearTimeout(pending);
  pending = setTimeout(saveNow, 250);
};
addEventListener("pagehide", saveNow);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") saveNow(); });

/** Settles once the browser has had its turn: after the next painted frame (so a click or
 * a key waiting since the last one is handled and the progress bar drawn), or after 50 ms
 * in a page that paints no frame (hidden). A search in slices on the page's thread awaits
 * it between slices (web/runner.py); a bare task between them lets a busy page starve
 * its input and painting until the search ends. */
window.tabbyBreathe = () => new Promise((done) => {
  const late = setTimeout(done, 50);
  requestAnimationFrame(() => setTimeout(() => { clearTimeout(late); done(); }, 0));
});
