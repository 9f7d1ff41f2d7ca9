"""The view: one element per place and per card, positioned from a game's layout.

It holds no rules: it renders a position, marks hints and drop targets, and says which
place lies under a point. A new game brings its own layout; nothing here changes.

Sizes and places come from :mod:`geometry` (the same rule draws the first-visit board
before Python is up).

Motion: every render slides each card from where it was drawn to where it goes (Web
Animations, ``MOVE_MS`` plus a short stagger); a card turning over narrows and widens.
A click, a key or the next render finishes running animations at once, so motion never
slows play; ``prefers-reduced-motion`` turns it all off.
"""

from pyodide.ffi import create_proxy, to_js
from pyscript import window

import geometry as geo
import words
from dom import document, keep, nullish
from geometry import LABEL
from solitaire.cards import deck
from solitaire.reading import card_name, place_name

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_TEXT = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
MOVE_MS = 180               # one card's slide
STAGGER_MS = 60             # the spread of start times when many cards move at once
CASCADE_MS = 1300           # the win celebration (the summary appears after it)
MOTION = {"on": True}       # set False by the page's reduced-motion query


class Table:
    """The view: one element per place and per card, moved (never rebuilt) on render."""

    def __init__(self, root, game):
        self.root = root
        self.game = game
        self.places = {p.name: p for p in game.layout()}
        self.slots = {}
        self.cards = {}
        self.base = {}          # card -> (x, y) of the last render
        self.where = {}         # card -> (place, index)
        self.geometry = {}      # place -> (x, y, w, h) hit box in px
        self.screen = None      # the window size of the last render
        self.drawn = {}         # card -> (transform, place, index, face down) as drawn
        self.marked = []        # cards marked by a hint
        self.won = False
        listen_once()
        self.groups = {}        # place -> its reading group (owns its slot and face-up cards)
        self.said = {}          # element id -> the name last given
        foundations = [p for p in self.places.values() if p.kind == "foundation"]
        for place in game.layout():
            group = document.createElement("div")
            group.className = "place-group"
            group.setAttribute("role", "group")
            root.appendChild(group)
            self.groups[place.name] = group
            slot = document.createElement("div")
            slot.className = "slot " + place.kind + (" tail" if place.name == "tail" else "")
            slot.dataset.pile = place.name
            slot.id = f"slot-{place.name}"
            slot.tabIndex = 0
            slot.setAttribute("role", "button")
            if place.kind == "foundation":
                mark = document.createElement("span")
                mark.setAttribute("aria-hidden", "true")
                mark.textContent = "K" if game.foundation_shows == "bottom" else "A"
                slot.appendChild(mark)
                if len(foundations) > 4 and place.name != foundations[0].name:
                    slot.classList.add("tucked")  # a compact stack: one outline for all
                    slot.tabIndex = -1
            if place.kind == "stock":
                badge = document.createElement("span")
                badge.className = "badge"
                slot.appendChild(badge)
            root.appendChild(slot)
            self.slots[place.name] = slot
        self.labels = {}
        if "tail" in self.places:
            label = document.createElement("div")
            label.className = "place-label"
            label.textContent = words.t("slot_tail")
            label.setAttribute("aria-hidden", "true")
            root.appendChild(label)
            self.labels["tail"] = label
        self.faces = {}         # card -> the card whose face its element shows, or None
        cards = deck(game.decks, game.suits)
        # Elements in a random order, with no face until a card is face up: the DOM must
        # not tell which face-down card is which (no data-card, no suit, no order).
        order = sorted(range(len(cards)), key=lambda i: float(window.Math.random()))
        for k, i in enumerate(order):
            node = document.createElement("div")
            node.className = "card back"
            node.id = f"card-{k}"  # a neutral id (elements are in a random order)
            node.setAttribute("aria-hidden", "true")
            root.appendChild(node)
            self.cards[str(cards[i])] = node
            self.faces[str(cards[i])] = None
        self.by_key = {str(c): c for c in cards}

    def show_face(self, key, up):
        """Give a card's element its face (up) or take it away (down)."""
        if (self.faces[key] is not None) == up:
            return
        node = self.cards[key]
        if not up:
            node.className = "card back"
            node.removeAttribute("data-card")
            node.removeAttribute("role")
            node.removeAttribute("aria-label")
            node.removeAttribute("tabindex")
            node.setAttribute("aria-hidden", "true")
            node.textContent = ""
            self.faces[key] = None
            self.said.pop(node.id, None)
            return
        card = self.by_key[key]
        red = card.suit in "HD"
        node.className = f"card {'red' if red else 'black'} {card.suit.lower()}" + (
            " court" if card.rank > 10 else "")
        node.dataset.card = key
        rank = RANK_TEXT[card.rank - 1]
        sym = SUIT_SYMBOL[card.suit]
        idx = document.createElement("span")
        idx.className = "idx"
        idx.setAttribute("aria-hidden", "true")
        idx.textContent = rank
        small = document.createElement("small")
        small.textContent = sym
        idx.appendChild(small)
        pip = document.createElement("span")
        pip.className = "pip"
        pip.setAttribute("aria-hidden", "true")
        if card.rank > 10:  # a court's big letter is drawn by CSS: the visible text is its index
            pip.dataset.pip = rank
        else:
            pip.textContent = sym
        node.replaceChildren(idx, pip)
        node.removeAttribute("aria-hidden")
        node.setAttribute("role", "button")
        node.tabIndex = -1
        self.faces[key] = card

    # -- sizes ---------------------------------------------------------------------------

    def room(self):
        """The width and height (px) the table may use (:func:`geo.room`)."""
        main = self.root.parentElement
        pad = float(window.getComputedStyle(main).paddingLeft.replace("px", "") or 0)
        top = self.root.getBoundingClientRect().top + window.scrollY
        return geo.room(main.clientWidth, pad, top, window.innerHeight)

    def metrics(self, pos):
        """The table laid out for ``pos`` on this screen (a :class:`geo.Plan`)."""
        piles = {name: (len(self.game.get(pos, name)), self.game.face_down(pos, name))
                 for name in self.places}
        return geo.plan(self.places.values(), piles, *self.room())

    def destroy(self):
        """Take this table's elements off the page (when another game is chosen)."""
        finish_all()
        for node in (list(self.slots.values()) + list(self.cards.values()) + list(self.labels.values())
                     + list(self.groups.values())):
            node.remove()

    # -- rendering -------------------------------------------------------------------------

    def name(self, node, words):
        """Set an element's accessible name, only when it changed."""
        if self.said.get(node.id) != words:
            self.said[node.id] = words
            node.setAttribute("aria-label", words)

    def face_up(self, place):
        """The face-up card elements of ``place``, bottom to top (for arrow keys)."""
        found = sorted(((i, key) for key, (name, i) in self.where.items()
                        if name == place and self.faces.get(key) is not None))
        return [self.cards[key] for _, key in found]

    def render(self, pos, hint=None, chosen=None):
        finish_all()  # a running animation ends where it was going; this render starts
        screen = (window.innerWidth, window.innerHeight)
        animate = MOTION["on"] and self.screen == screen
        self.screen = screen
        lay = self.metrics(pos)
        cw, ch = lay.cw, lay.ch
        style = self.root.style
        style.setProperty("--cw", f"{cw:.1f}px")
        style.setProperty("--ch", f"{ch}px")
        document.documentElement.style.setProperty("--cw", f"{cw:.1f}px")
        moved = []
        for key in self.marked:  # last render's hint marks
            self.cards[key].classList.remove("hint")
        self.marked = []
        held = {}  # cards a drag left where the pointer put them
        for node in self.root.querySelectorAll(".card.dragging"):
            held[node.dataset.card] = node.style.transform
            node.classList.remove("dragging")
        self.where, self.base, self.geometry = {}, {}, {}
        for name, place in self.places.items():
            x, y, _, _, pile_h = lay.places[name]
            slot = self.slots[name]
            slot.style.transform = f"translate({x:.1f}px, {y:.1f}px)"
            slot.classList.remove("target", "hint-target", "selected")
            if name in self.labels:
                self.labels[name].style.transform = f"translate({x:.1f}px, {y - ch * LABEL:.1f}px)"
            cards = self.game.get(pos, name)
            down = self.game.face_down(pos, name)
            self.geometry[name] = (x, y, cw, max(pile_h, ch))
            bottom_up = place.kind == "foundation" and self.game.foundation_shows == "bottom"
            owned = [slot.id]
            picked = (chosen[1] or 0) if chosen and chosen[0] == name else 0
            for i, card in enumerate(cards):
                key = str(card)
                node = self.cards[key]
                if i >= down:
                    owned.append(node.id)
                node.classList.toggle("chosen", i >= len(cards) - picked)
                if i >= len(cards) - picked:
                    node.setAttribute("aria-pressed", "true")
                else:
                    node.removeAttribute("aria-pressed")
                cy = lay.card_y(name, i, down)
                self.base[key] = (x, cy)
                self.where[key] = (name, i)
                new = f"translate({x:.1f}px, {cy:.1f}px)"
                face_down = i < down
                drawn = (new, name, i, face_down)
                last = self.drawn.get(key)
                if last == drawn and key not in held:
                    continue  # nothing of this card changed: no DOM work
                self.drawn[key] = drawn
                old = held.get(key, last[0] if last else "")
                turned = last is not None and last[3] != face_down
                if animate and old and (old != new or turned):
                    moved.append((node, old, new, turned))
                node.style.transform = new
                node.style.zIndex = str(geo.card_z(place, i, bottom_up))
                node.dataset.place = name
                node.dataset.index = str(i)
                self.show_face(key, not face_down)
            for i in range(down, len(cards)):  # names say the position: outside the skip above
                self.name(self.cards[str(cards[i])], words.tr(card_name(cards[i], i, len(cards))))
            self.name(slot, words.tr(place_name(self.game, pos, name)))
            group = self.groups[name]
            if group.getAttribute("aria-owns") != " ".join(owned):
                group.setAttribute("aria-owns", " ".join(owned))
        if "stock" in self.slots:
            deals = self.game.deals_left(pos)
            stock = self.slots["stock"]
            stock.querySelector(".badge").textContent = str(deals)
            stock.classList.toggle("empty", deals == 0)
        self.root.style.width = f"{lay.width:.0f}px"
        self.root.style.height = f"{lay.tall:.0f}px"
        self.root.classList.toggle("wide", bool(lay.wide))
        if moved:
            slide(moved)
        won = self.game.is_won(pos)
        if won and not self.won and animate:
            self.cascade(cw)
        self.won = won
        if hint is not None:
            self.show_hint(pos, hint)

    def cascade(self, cw):
        """The win: every card leaps from its foundation and falls off the table, one
        after another; the summary appears when they are done (or at a click)."""
        nodes = sorted(self.cards.values(), key=lambda n: int(n.style.zIndex or 0), reverse=True)
        gap = (CASCADE_MS - 700) / max(len(nodes), 1)
        fall = window.innerHeight
        for k, node in enumerate(nodes):
            start = node.style.transform
            side = (1 if k % 2 else -1) * (1 + (k * 7) % 5) * cw * 0.5
            frames = [{"transform": start, "zIndex": "950", "offset": 0},
                      {"transform": f"{start} translate({side * 0.4:.0f}px, {-cw * 0.6:.0f}px)",
                       "zIndex": "950", "offset": 0.3},
                      {"transform": f"{start} translate({side:.0f}px, {fall:.0f}px) rotate({side / 4:.0f}deg)",
                       "zIndex": "950", "offset": 1}]
            node.animate(to_js(frames, dict_converter=window.Object.fromEntries),
                         to_js({"duration": 700, "delay": k * gap, "easing": "ease-in",
                                "fill": "backwards"}, dict_converter=window.Object.fromEntries))
        if nodes:  # the last card down ends the celebration
            document.body.classList.add("cascade")
            window.setTimeout(_END_CASCADE, CASCADE_MS + 100)

    def show_hint(self, pos, move):
        if move.is_deal:
            self.slots["stock"].classList.add("hint-target")
            return
        for card in self.game.get(pos, move.src)[-move.count:]:
            self.cards[str(card)].classList.add("hint")
            self.marked.append(str(card))
        self.slots[move.dst].classList.add("hint-target")

    def shake(self, keys):
        for key in keys:
            node = self.cards[key]
            node.classList.remove("shake")
            node.offsetWidth  # restart the animation
            node.classList.add("shake")

    def place_at(self, x, y):
        """The place under table coordinates (x, y), or None: a place's own box first,
        then a little slack around it (below a fanned pile, more)."""
        for slack in (0, 1):
            for name, (px, py, w, h) in self.geometry.items():
                below = (30 if self.places[name].fan == "down" else 6) * slack
                if px - 6 * slack <= x <= px + w + 6 * slack and py - 6 * slack <= y <= py + h + below:
                    return name
        return None


# -- motion -------------------------------------------------------------------------------

def slide(moved):
    """Animate each (node, from, to, turned) from where it was drawn to where it is now."""
    gap = STAGGER_MS / max(len(moved) - 1, 1) if len(moved) > 1 else 0
    options = window.Object.fromEntries
    for k, (node, old, new, turned) in enumerate(moved):
        flip = " scaleX(0.2)" if turned else ""
        z = str(900 + k)
        frames = [{"transform": old + flip, "zIndex": z}, {"transform": new, "zIndex": z}]
        node.animate(to_js(frames, dict_converter=options),
                     to_js({"duration": MOVE_MS, "delay": round(k * gap), "easing": "ease-out",
                            "fill": "backwards"}, dict_converter=options))


def finish_all(*_):
    """Every running animation of the page jumps to its end (cards, shakes, the win)."""
    for anim in document.getAnimations():
        try:
            anim.finish()
        except Exception:  # an endless animation cannot finish: stop it
            anim.cancel()
    document.body.classList.remove("cascade")


_swallow = {"until": 0}
_END_CASCADE = keep(create_proxy(lambda *_: document.body.classList.remove("cascade")))


def _pointer_down(event):
    """A press during the win's cascade only skips it; any other press finishes the
    running animations and then acts as usual."""
    if document.body.classList.contains("cascade"):
        _swallow["until"] = window.performance.now() + 1000
        event.stopPropagation()
        event.preventDefault()
    finish_all()


def _click(event):
    """The click that ends a press which skipped the cascade does nothing more."""
    if window.performance.now() < _swallow["until"]:
        _swallow["until"] = 0
        event.stopPropagation()
        event.preventDefault()


def _reduced(query):
    MOTION["on"] = not query.matches


_listening = []


def listen_once():
    """Page-wide listeners, once: presses and keys finish animations; reduced motion;
    the header's secondary controls move into the menu on a phone."""
    if _listening:
        return
    _listening.append(True)
    for kind, handler in (("pointerdown", _pointer_down), ("keydown", finish_all), ("click", _click)):
        document.addEventListener(kind, keep(create_proxy(handler)), True)
    query = window.matchMedia("(prefers-reduced-motion: reduce)")
    _reduced(query)
    query.addEventListener("change", keep(create_proxy(_reduced)))
    phone = window.matchMedia(PHONE)
    fit_controls(phone)
    phone.addEventListener("change", keep(create_proxy(fit_controls)))


PHONE = "(max-width: 600px), (max-height: 500px)"
SECONDARY = ("daily", "winnable-row", "redo")  # in the menu on a phone


def fit_controls(query):
    """On a phone the header keeps one row (game, New deal, Undo, Hint, menu): Daily,
    Winnable and Redo move to the top of the menu; on a larger screen they come back."""
    nav = nullish(document.querySelector(".controls"))
    panel = nullish(document.querySelector("#stats-panel .panel"))
    if nav is None or panel is None:
        return
    more = nullish(document.getElementById("menu-more"))
    if more is None:
        more = document.createElement("div")
        more.id = "menu-more"
        more.className = "row menu-row menu-more"
        panel.insertBefore(more, panel.firstChild)
    for name in SECONDARY:
        node = nullish(document.getElementById(name))
        if node is None:
            continue
        if query.matches:
            more.appendChild(node)
        else:  # back in the header's order: New deal, Daily, Winnable, Undo, Redo, Hint
            after = {"daily": "new-deal", "winnable-row": "daily", "redo": "undo"}[name]
            anchor = document.getElementById(after)
            nav.insertBefore(node, anchor.nextSibling)
    more.hidden = not query.matches
