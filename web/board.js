// A board at once (a classic script right after the table's element, so it draws before
// the first paint): before Python is up, draw the table the player last saw (kept in
// localStorage as plain data by tabbySaveBoard), or on a first visit the board the build
// rendered into the page. It is drawn with createElement/textContent from data read by one
// strict reader, shown greyed and inert, and removed when the game is ready. No rules here.
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
        || !["", "stock", "stock empty"].includes(s[2]) || !text(s[3], 8)) return null;
  }
  for (const c of b.cards) {
    if (!Array.isArray(c) || c.length !== 4 || !num(c[0], 0, 20) || !num(c[1], 0, 100)
        || !Number.isInteger(c[2]) || !num(c[2], 0, 999) || !(c[3] === "" || FACE.test(c[3]))) return null;
  }
  return b;
}

/** Card width in px for a board, as web/table.py's Table.metrics computes it. */
function cardWidth(board, root) {
  if (board.cw && board.vw === innerWidth && board.vh === innerHeight) return board.cw;
  const main = root.parentElement;
  const pad = parseFloat(getComputedStyle(main).paddingLeft) || 0;
  const width = main.clientWidth - 2 * pad - 4;
  const height = innerHeight - root.getBoundingClientRect().top - 48;
  const tall = Math.max(4.3, board.top + 1 + 0.2 * (board.longest - 1));
  const byHeight = Math.max(46, height / (1.4 * tall));
  return Math.min(width / (board.units + 0.05), byHeight, 170);
}

function node(tag, cls, content) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (content !== undefined) e.textContent = content;
  return e;
}

/** Draw ``board`` into the table, inert, in a layer of its own. */
function drawBoard(board, root) {
  const cw = cardWidth(board, root), ch = Math.round(cw * 1.4);
  const layer = node("div", "preview");
  layer.setAttribute("aria-hidden", "true");
  const at = (e, x, y) => { e.style.transform = `translate(${(x * cw).toFixed(1)}px, ${(y * ch).toFixed(1)}px)`; };
  for (const [x, y, cls, label] of board.slots) {
    const slot = node("div", "slot" + (cls ? " " + cls : ""), cls ? undefined : label);
    if (cls) slot.appendChild(node("span", "badge", label));
    at(slot, x, y);
    layer.appendChild(slot);
  }
  for (const [x, y, z, face] of board.cards) {
    const m = FACE.exec(face);
    let card;
    if (!m) {
      card = node("div", "card back");
    } else {
      const [, r, s] = m;
      const rank = RANK[r] || r;
      card = node("div", `card ${"HD".includes(s) ? "red" : "black"} ${s.toLowerCase()}${"JQK".includes(r) ? " court" : ""}`);
      const idx = node("span", "idx", rank);
      idx.appendChild(node("small", "", SUIT[s]));
      card.append(idx, node("span", "pip", "JQK".includes(r) ? rank : SUIT[s]));
    }
    at(card, x, y);
    card.style.zIndex = String(z);
    layer.appendChild(card);
  }
  for (const style of [root.style, document.documentElement.style]) style.setProperty("--cw", `${cw.toFixed(1)}px`);
  root.style.setProperty("--ch", `${ch}px`);
  root.style.width = `${(board.units * cw).toFixed(0)}px`;
  root.style.height = `${(board.h * ch + 8).toFixed(0)}px`;
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
  const label = document.getElementById("deal-label");
  if (label) {
    const number = node("b", "", board.deal);
    number.id = "deal-number";
    label.replaceChildren(board.label + " ", number);
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
  const slots = [], cards = [], top = new Map();
  let longest = 1, pileTop = 10, units = 1;
  for (const s of root.querySelectorAll(":scope > .slot")) {
    const [x, y] = xy(s);
    const stock = s.classList.contains("stock");
    const badge = s.querySelector(".badge");
    slots.push([round(x), round(y), stock ? (s.classList.contains("empty") ? "stock empty" : "stock") : "",
                ((stock && badge ? badge.textContent : s.textContent) || "").slice(0, 8)]);
    units = Math.max(units, x + 1);
    if (s.dataset.pile && s.dataset.pile.startsWith("pile-")) pileTop = Math.min(pileTop, y);
  }
  const counts = new Map();
  for (const c of root.querySelectorAll(":scope > .card[data-place]")) {
    const [x, y] = xy(c);
    const z = parseInt(c.style.zIndex, 10) || 0;
    const face = c.classList.contains("back") ? "" : (c.dataset.card || "").slice(0, 3);
    counts.set(c.dataset.place, (counts.get(c.dataset.place) || 0) + 1);
    const spot = `${round(x)},${round(y)}`;  // of cards stacked on one spot, only the top shows
    const seen = top.get(spot);
    if (!seen || seen[2] < z) top.set(spot, [round(x), round(y), z, FACE.test(face) ? face : ""]);
  }
  if (unread) return null;
  for (const [place, n] of counts) if (place.startsWith("pile-")) longest = Math.max(longest, n);
  cards.push(...top.values());
  const value = (id) => { const e = document.getElementById(id); return e ? e.textContent : ""; };
  const menu = document.getElementById("game-select");
  const game = document.body.dataset.game || (menu && menu.value) || "tabbycat";
  const label = (document.getElementById("deal-label") || { textContent: "Deal" }).textContent.trim().split(/\s/)[0];
  return {
    v: 1, game, name: (menu && menu.selectedOptions[0] ? menu.selectedOptions[0].textContent : game).slice(0, 40),
    label: label.slice(0, 10), deal: value("deal-number").slice(0, 24), moves: value("move-count").slice(0, 8),
    clock: value("clock").slice(0, 12), units: round(units), top: pileTop === 10 ? 1 : round(pileTop),
    longest, h: round(Math.max(1, (root.getBoundingClientRect().height - 8) / ch)),
    cw: round(cw), vw: innerWidth, vh: innerHeight, slots, cards,
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

const root = document.getElementById("table");
let stored = null;
try { stored = localStorage.getItem(KEY); } catch (e) { /* storage off: the build's board */ }
const first = document.getElementById("first-board");
const board = readBoard(stored) || (first ? readBoard(first.textContent) : null);
if (root && board && addressWants(board) && !document.body.dataset.ready) {
  drawBoard(board, root);
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
