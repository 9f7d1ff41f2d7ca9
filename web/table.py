"""The view: one element per place and per card, positioned from a game's layout.

It holds no rules: it renders a position, marks hints and drop targets, and says which
place lies under a point. A new game brings its own layout; nothing here changes.

Sizes and places come from :mod:`geometry` (the same rule draws the first-visit board
before Python is up).

Motion: every render slides each card from where it was drawn to where it goes (Web
Animations, ``MOVE_MS`` plus a short stagger); a card turning over narrows and widens.
A render given the controller's frames (the positions on the way: the move, a finished
run leaving, each auto-move) shows them one after another, a slide each, then the
position asked for. A click, a key or the next render finishes the running animations
and the frames still to come at once, so motion never slows play;
the player's *Card motion* setting scales every duration (slides, the cascade, the
shake: :data:`MOTION_SCALE`) or turns motion off; left to the system, it is off under
``prefers-reduced-motion`` and normal otherwise (:func:`set_motion`). The win's cascade plays only when the page
says a game has just been won (``cheer``): never for a won board shown again (a replay
closing, a redo, a reload); a render with ``still`` (a replay opening or closing: another
scene, not a move) puts every card in its place at once.
"""

import json

from pyodide.ffi import create_proxy, to_js
from pyscript import window

import geometry as geo
import words
from dom import document, keep, nullish
from geometry import LABEL, PHONE
from solitaire.engine.cards import deck
from solitaire.words.reading import card_name, place_name

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_TEXT = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
STACKED_PX = 13             # a card stacked under the run by less than this shows a smaller
THIN_PX = 8                 # ... index, or none under this
MOVE_MS = 180               # one card's slide
STAGGER_MS = 60             # the spread of start times when many cards move at once
CASCADE_MS = 1300           # the win celebration (the summary appears after it)
FALL_MS = 700               # ... one card's leap and fall
MOTION_SCALE = {"slow": 2.0, "normal": 1.0, "fast": 0.5, "off": 0.0}  # durations x this
# The motion in force: the player's choice (None: the system's), whether the system asks
# for reduced motion, and what follows from both (set_motion)
MOTION = {"on": True, "scale": 1.0, "choice": None, "reduced": False}


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
        self.cheer = False      # the render under way ends on a win just made: cascade
        self.targeted = []      # elements marked as a drag's targets
        self.took = 0           # the ms the last draw's slides take
        self.size = (0, 0)      # a card's width and height (px) as last drawn
        self.queue = []         # frames still to show: (position, hint, chosen, selected)
        self.timer = None       # the timeout that shows the next frame
        self.still = []         # called once the last frame is on the table
        self.advance_proxy = keep(create_proxy(lambda *_: self.advance()))
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
            if place.takes:  # what the place takes while empty, from the game's layout
                mark = document.createElement("span")
                mark.className = "mark"
                mark.setAttribute("aria-hidden", "true")
                mark.textContent = RANK_TEXT[place.takes - 1]
                slot.appendChild(mark)
            if place.kind == "foundation":
                if len(foundations) > 4 and place.name != foundations[0].name:
                    slot.classList.add("tucked")  # a compact stack: one outline for all
                    slot.tabIndex = -1
            if place.kind == "stock":
                badge = document.createElement("span")
                badge.className = "badge"
                slot.appendChild(badge)
            root.appendChild(slot)
            self.slots[place.name] = slot
        self.kept_room = None   # (window size, the room read for it)
        self.labels = {}        # label -> its element, over the places the layout gives it
        self.labelled = {}      # label -> the names of those places
        for place in game.layout():
            if place.label:
                self.labelled.setdefault(place.label, []).append(place.name)
        for key in self.labelled:
            label = document.createElement("div")
            label.className = "place-label"
            label.textContent = words.t(f"slot_{key}")
            label.setAttribute("aria-hidden", "true")
            root.appendChild(label)
            self.labels[key] = label
        self.faces = {}         # card -> the card whose face its element shows, or None
        self.ids = {}           # card -> its element's id
        self.pressed = set()    # cards shown as chosen
        self.covered = set()    # cards with another card over their lower part: index only
        self.tight = {}         # card -> (the px it shows, the stack's first), stacked tight under a run
        self.named = {}         # card -> (index, count, language) of the name it was given
        self.owns = {}          # place -> its group's aria-owns
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
            self.ids[str(cards[i])] = node.id
            self.faces[str(cards[i])] = None
        self.by_key = {str(c): c for c in cards}
        # place -> the count of the cards stacked tight under its run (after the cards:
        # drawn over the stack)
        self.stacks = {}
        for place in game.layout():
            if place.fan == "down":
                count = document.createElement("span")
                count.className = "stack-count"
                count.setAttribute("aria-hidden", "true")  # the cards themselves are named
                count.hidden = True
                root.appendChild(count)
                self.stacks[place.name] = count

    def show_face(self, key, up):
        """Give a card's element its face (up) or take it away (down)."""
        if (self.faces[key] is not None) == up:
            return
        node = self.cards[key]
        self.tight.pop(key, None)  # a new className: no longer marked stacked ...
        self.covered.discard(key)  # ... nor covered
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
            self.named.pop(key, None)
            if key in self.pressed:
                self.pressed.discard(key)
                node.removeAttribute("aria-pressed")
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
        # the window above the safe area the dock keeps at its bottom edge (style.css), as
        # web/board.js reads it
        inset = float(window.getComputedStyle(document.getElementById("dock")).paddingBottom.replace("px", "") or 0)
        return geo.room(main.clientWidth, pad, top, window.innerHeight - inset)

    def metrics(self, pos):
        """The table laid out for ``pos`` on this screen (a :class:`geo.Plan`). The room
        is read once for a window size and a header: the line under a phone's header keeps
        the room of its growing numbers, so play never changes it; another language or a
        daily's date may wrap it anew, and then the table, which starts lower or higher,
        reads its room again (as on a first visit, so a reload gives the same cards)."""
        if hasattr(window, "tabbyFitInfo"):   # the header's line as it stands now (web/board.js)
            window.tabbyFitInfo()
        screen = (window.innerWidth, window.innerHeight, document.body.classList.contains("info-wraps"))
        if self.kept_room is None or self.kept_room[0] != screen:
            self.kept_room = (screen, self.room_with_note())
        piles = {name: geo.pile_counts(self.game, pos, place) for name, place in self.places.items()}
        return geo.plan(self.places.values(), piles, *self.kept_room[1])

    def room_with_note(self):
        """The room, cut (as web/board.js cuts the build's board's, deal 1) while the
        first-time note is shown until the table at a deal (deal 1's piles: the room is the
        same whatever the game's position, so a reload deals the cards it showed) and the
        note under it fit above the dock (:func:`geo.fit_note`). The room stays so when the
        note is put away: no card moves under the player's pointer."""
        width, height = self.room()
        note = float(window.tabbyIntroRoom()) if hasattr(window, "tabbyIntroRoom") else 0.0
        start = self.game.deal(1) if note > 0 else None
        piles = {name: geo.pile_counts(self.game, start, place) for name, place in self.places.items()} if start is not None else {}
        cut = 0.0
        for _ in range(geo.NOTE_TRIES if note > 0 else 0):
            step = geo.fit_note(height, cut, geo.plan(self.places.values(), piles, width, height - cut).tall, note)
            if step is None:
                break
            cut = step
        return width, height - cut

    def destroy(self):
        """Take this table's elements off the page (when another game is chosen)."""
        finish_all()
        self.still = []
        for node in (list(self.slots.values()) + list(self.cards.values()) + list(self.labels.values())
                     + list(self.groups.values()) + list(self.stacks.values())):
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

    def render(self, pos, hint=None, chosen=None, frames=(), selected=None, cheer=False,
               still=False):
        """Show ``pos`` (with a hint's marks, the chosen cards, a place picked by its
        key). ``frames``: the positions on the way there, shown first one after
        another, each a slide of its own (the last may be ``pos`` itself). ``cheer``:
        ``pos`` is a win just made (the cascade follows the slides); ``still``: no
        motion at all, every card at once where it goes."""
        finish_all()  # running animations and frames end where they were going
        self.cheer = cheer and self.game.is_won(pos)
        if still:
            self.draw(pos, hint, chosen, selected, animate=False)
            return
        ahead = list(frames)
        if ahead and ahead[-1] == pos:
            ahead.pop()
        screen = (window.innerWidth, window.innerHeight)
        if not (MOTION["on"] and self.screen == screen) or not ahead:
            self.draw(pos, hint, chosen, selected)
            return
        if self.cheer:  # the summary waits for the cascade
            _started["any"] = True
            document.body.classList.add("cascade")
            lead = (len(ahead) + 1) * (MOVE_MS + STAGGER_MS)  # at most, every step's slides
            wait = (lead + CASCADE_MS - 200) * MOTION["scale"]
            document.body.style.setProperty("--win-delay", f"{wait:.0f}ms")
        self.queue = [(frame, None, None, None) for frame in ahead[1:]] + [(pos, hint, chosen, selected)]
        _busy.append(self)
        self.root.dataset.moving = str(len(self.queue))
        self.next_after(self.draw(ahead[0]))

    def next_after(self, ms):
        """Show the next frame once this one's slides are done (at once if none)."""
        while self.queue and not ms:
            ms = self.advance(chain=False)
        if self.queue:
            self.timer = window.setTimeout(self.advance_proxy, ms)

    def advance(self, chain=True):
        """Show the next frame (and, with ``chain``, time the one after it); the ms its
        slides take."""
        self.timer = None
        if not self.queue:
            return 0
        pos, hint, chosen, selected = self.queue.pop(0)
        if not self.queue:
            self.settled(then=lambda: self.draw(pos, hint, chosen, selected))
            return 0
        self.root.dataset.moving = str(len(self.queue))
        took = self.draw(pos)
        if chain:
            self.next_after(took)
        return took

    def settled(self, then=None):
        """No frame is left to show: draw the last (``then``), then call those waiting."""
        self.root.removeAttribute("data-moving")
        if self in _busy:
            _busy.remove(self)
        if then is not None:
            then()
        still, self.still = self.still, []
        for call in still:
            call()

    def when_still(self, call):
        """Call ``call`` once the last frame is on the table (now, if it is)."""
        if self.queue:
            self.still.append(call)
        else:
            call()

    def stop(self):
        """The frames still to come are skipped: the last one is drawn at once."""
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        if self.queue:
            last = self.queue[-1]
            self.queue = []
            _finish_animations()
            self.draw(*last, animate=False)
        self.settled()

    def draw(self, pos, hint=None, chosen=None, selected=None, animate=True):
        """Draw ``pos``, sliding what moved; the ms the slides take (0 if none)."""
        _finish_animations()  # a running slide ends where it was going; this one starts
        screen = (window.innerWidth, window.innerHeight)
        animate = animate and MOTION["on"] and self.screen == screen
        self.screen = screen
        lay = self.metrics(pos)
        cw, ch = lay.cw, lay.ch
        self.size = (cw, ch)
        style = self.root.style
        style.setProperty("--cw", f"{cw:.1f}px")
        style.setProperty("--ch", f"{ch}px")
        document.documentElement.style.setProperty("--cw", f"{cw:.1f}px")
        moved = []
        for key in self.marked:  # last render's hint marks
            self.cards[key].classList.remove("hint", "hint-from", "hint-target")
        self.marked = []
        held = {}  # cards a drag left where the pointer put them
        for node in self.root.querySelectorAll(".card.dragging"):
            held[node.dataset.card] = node.style.transform
            node.classList.remove("dragging")
        self.unmark_targets()
        self.where, self.base, self.geometry = {}, {}, {}
        over = self.overlapped(pos)
        for name, place in self.places.items():
            x, y, _, _, pile_h = lay.places[name]
            slot = self.slots[name]
            slot.style.transform = f"translate({x:.1f}px, {y:.1f}px)"
            slot.classList.remove("hint-target", "selected")
            cards = self.game.get(pos, name)
            down = self.game.face_down(pos, name)
            self.geometry[name] = (x, y, cw, max(pile_h, ch))
            bottom_up = place.kind == "foundation" and self.game.foundation_shows == "bottom"
            first, bury = (lay.stacked(name)[1:] if name in lay.fans else (0, 0))
            tight = bury < STACKED_PX  # the stacked cards' indexes do not show whole
            sliver = int(bury)         # ... but a smaller one, where it fits
            if name in self.stacks:
                self.show_stack(name, x, y, first - down if tight and first > down else 0, first)
            owned = [slot.id]
            picked = (chosen[1] or 0) if chosen and chosen[0] == name else 0
            for i, card in enumerate(cards):
                key = str(card)
                node = self.cards[key]
                if i >= down:
                    owned.append(self.ids[key])
                pressed = i >= len(cards) - picked
                if pressed != (key in self.pressed):  # DOM work only for a change
                    node.classList.toggle("chosen", pressed)
                    if pressed:
                        self.pressed.add(key)
                        node.setAttribute("aria-pressed", "true")
                    else:
                        self.pressed.discard(key)
                        node.removeAttribute("aria-pressed")
                stacked = sliver if tight and down <= i < first else 0
                edge = bool(stacked) and i == down  # the stack's first card: its outline
                covered = i != (0 if bottom_up else len(cards) - 1) or name in over
                cy = lay.card_y(name, i, down)
                self.base[key] = (x, cy)
                self.where[key] = (name, i)
                new = f"translate({x:.1f}px, {cy:.1f}px)"
                face_down = i < down
                drawn = (new, name, i, face_down)
                last = self.drawn.get(key)
                if last == drawn and key not in held:
                    self.stack_mark(node, key, stacked, edge)
                    self.cover_mark(node, key, covered and not face_down)
                    continue  # nothing else of this card changed: no DOM work
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
                self.stack_mark(node, key, stacked, edge)
                self.cover_mark(node, key, covered and not face_down)
            lang = words.lang()
            for i in range(down, len(cards)):  # names say the position: outside the skip above
                key = str(cards[i])
                if self.named.get(key) != (i, len(cards), lang):
                    self.named[key] = (i, len(cards), lang)
                    self.name(self.cards[key], words.tr(card_name(cards[i], i, len(cards))))
            self.name(slot, words.tr(place_name(self.game, pos, name)))
            owns = " ".join(owned)
            if self.owns.get(name) != owns:
                self.owns[name] = owns
                self.groups[name].setAttribute("aria-owns", owns)
        for key, label in self.labels.items():  # over its places, above their row
            boxes = [lay.places[name] for name in self.labelled[key]]
            left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
            label.style.transform = f"translate({left:.1f}px, {top - ch * LABEL:.1f}px)"
            label.style.width = f"{max(b[0] for b in boxes) + cw - left:.1f}px"
            if label.textContent != words.t(f"slot_{key}"):  # the language may change
                label.textContent = words.t(f"slot_{key}")
        if "stock" in self.slots:
            deals = self.game.deals_left(pos)
            stock = self.slots["stock"]
            stock.querySelector(".badge").textContent = str(deals)
            stock.classList.toggle("empty", deals == 0)
        self.root.style.width = f"{lay.width:.0f}px"
        self.root.style.height = f"{lay.tall:.0f}px"
        self.root.classList.toggle("wide", bool(lay.wide))
        took = slide(moved) if moved else 0
        self.took = took
        if self.cheer and self.game.is_won(pos):  # once: a later render shows it still
            self.cheer = False
            if animate:
                self.cascade(cw, took)
        if hint is not None:
            self.show_hint(pos, hint)
        if selected is not None and selected in self.slots:
            self.slots[selected].classList.add("selected")
        return took

    def stack_mark(self, node, key, stacked, edge=False):
        """Mark a card stacked tight under a run (showing ``stacked`` px), or not (0);
        ``edge``: the stack's first card, which draws the stack's outline."""
        if (stacked, edge) == self.tight.get(key, (0, False)):  # DOM work only for a change
            return
        node.classList.toggle("stacked", bool(stacked))
        node.classList.toggle("thin", 0 < stacked < THIN_PX)
        node.classList.toggle("stack-edge", edge)
        if stacked:
            node.style.setProperty("--sliver", f"{stacked}px")
            self.tight[key] = (stacked, edge)
        else:
            self.tight.pop(key, None)

    def cover_mark(self, node, key, covered):
        """Mark a face-up card that another card lies over (``covered``): it shows its
        index strip only, its big pip or court frame hidden (style.css)."""
        if covered == (key in self.covered):  # DOM work only for a change
            return
        node.classList.toggle("covered", covered)
        if covered:
            self.covered.add(key)
        else:
            self.covered.discard(key)

    def overlapped(self, pos):
        """The places whose top card another place's card lies over: in a compact stack
        of foundations (Spider's eight), each one the next one holds cards over."""
        found = [name for name, p in self.places.items() if p.kind == "foundation"]
        if len(found) <= 4:
            return set()
        return {a for a, b in zip(found, found[1:]) if self.game.get(pos, b)}

    def show_stack(self, name, x, y, count, first):
        """The count of the cards stacked tight at the foot of ``name`` (none: hidden)."""
        node = self.stacks[name]
        text = f"+{count}" if count else ""
        if node.textContent != text:
            node.textContent = text
            node.hidden = not count
        if count:  # over the stacked cards, under the run
            node.style.transform = f"translate({x:.1f}px, {y:.1f}px)"
            node.style.zIndex = str(200 + first)

    def cascade(self, cw, after=0):
        """The win: every card leaps from its foundation and falls off the table, one
        after another, once the last slides (``after`` ms) are done; the summary
        appears when they are down (or at a click)."""
        nodes = sorted(self.cards.values(), key=lambda n: int(n.style.zIndex or 0), reverse=True)
        _started["any"] = True
        scale = MOTION["scale"]
        gap = (CASCADE_MS - FALL_MS) * scale / max(len(nodes), 1)
        fall = window.innerHeight
        for k, node in enumerate(nodes):
            start = node.style.transform
            side = (1 if k % 2 else -1) * (1 + (k * 7) % 5) * cw * 0.5
            z = str(950 + len(nodes) - k)  # a card in the air over those still waiting
            frames = [{"transform": start, "zIndex": z, "offset": 0},
                      {"transform": f"{start} translate({side * 0.4:.0f}px, {-cw * 0.6:.0f}px)",
                       "zIndex": z, "offset": 0.3},
                      {"transform": f"{start} translate({side:.0f}px, {fall:.0f}px) rotate({side / 4:.0f}deg)",
                       "zIndex": z, "offset": 1}]
            # No fill before its start: a card waiting for its turn stays as drawn (the
            # last move's slide, then its place and stacking: each foundation's King on top)
            anim = node.animate(to_js(frames, dict_converter=window.Object.fromEntries),
                                to_js({"duration": FALL_MS * scale, "delay": after + k * gap,
                                       "easing": "ease-in"},
                                      dict_converter=window.Object.fromEntries))
            anim.id = "cascade"
        if nodes:  # the last card down ends the celebration
            if not document.body.classList.contains("cascade"):
                wait = after + (CASCADE_MS - 200) * scale
                document.body.style.setProperty("--win-delay", f"{wait:.0f}ms")
            document.body.classList.add("cascade")
            window.setTimeout(_END_CASCADE, after + CASCADE_MS * scale + 100)

    def show_hint(self, pos, move):
        """Hint's move: the cards to move ringed solid, the top one badged "from";
        the place they go marked on what the eye sees there (its top card or its empty
        slot) with a dashed ring and a "to" badge: told apart by shape, not colour only."""
        if move.is_deal:
            self.slots["stock"].classList.add("hint-target")
            return
        run = [str(card) for card in self.game.get(pos, move.src)[-move.count:]]
        for key in run:
            self.cards[key].classList.add("hint")
            self.marked.append(key)
        if run:  # on the run's top card, whose whole face shows
            self.cards[run[-1]].classList.add("hint-from")
        self.slots[move.dst].classList.add("hint-target")
        top = self.top_node(move.dst)
        if top.classList.contains("card"):
            top.classList.add("hint-target")
            self.marked.append(top.dataset.card)

    def top_node(self, name):
        """The element a player sees at place ``name``: its topmost card, else its slot."""
        nodes = [self.cards[key] for key, (place, _) in self.where.items() if place == name]
        if not nodes:
            return self.slots[name]
        return max(nodes, key=lambda n: int(n.style.zIndex or 0))

    def mark_targets(self, names):
        """While a drag: each place of ``names`` (the controller's answer to "where may
        this go?") is marked on what the eye sees there, its top card or its empty slot;
        the table is marked as dragging, so the rest reads as no target."""
        self.unmark_targets()
        self.root.classList.add("drag-on")
        for name in names:
            node = self.top_node(name)
            node.classList.add("drop-target")
            self.targeted.append(node)

    def unmark_targets(self):
        self.root.classList.remove("drag-on")
        for node in self.targeted:
            node.classList.remove("drop-target")
        self.targeted = []

    def shake(self, keys, after=0):
        """The cards ``keys`` shake where they lie, once ``after`` ms (their slide back)
        are over."""
        _started["any"] = True
        for key in keys:
            node = self.cards[key]
            node.classList.remove("shake")
            node.style.animationDelay = f"{after}ms" if after else ""
            node.offsetWidth  # restart the animation
            node.classList.add("shake")

    def box_at(self, place, index):
        """The screen box (left, top, width, height) of card ``index`` of ``place`` (the
        card a player acted on) where this render puts it (a card sliding back is
        measured where it lands), else of the place's top card, else of its slot."""
        if place not in self.slots:
            return None
        keys = [key for key, spot in self.where.items() if spot[0] == place]
        key = next((k for k in keys if self.where[k][1] == index), None)
        if key is None and keys:
            key = max(keys, key=lambda k: self.where[k][1])
        if key is None:
            r = self.slots[place].getBoundingClientRect()
            return r.left, r.top, r.width, r.height
        r = self.root.getBoundingClientRect()
        x, y = self.base[key]
        cw, ch = self.size
        return r.left + x, r.top + y, cw, ch

    def toast(self, text, place, index):
        """Say ``text`` beside what the player acted on (card ``index`` of ``place``)."""
        box = self.box_at(place, index)
        if box is not None:
            show_toast(text, box)

    def place_at(self, x, y):
        """The place under table coordinates (x, y), or None: a place's own box first,
        then a little slack around it (below a fanned pile, more)."""
        for slack in (0, 1):
            for name, (px, py, w, h) in self.geometry.items():
                below = (30 if self.places[name].fan == "down" else 6) * slack
                if px - 6 * slack <= x <= px + w + 6 * slack and py - 6 * slack <= y <= py + h + below:
                    return name
        return None


# -- a refusal beside the card ------------------------------------------------------------

TOAST_GAP = 8       # px between the toast and the card it speaks of
TOAST_EDGE = 6      # px kept clear at the screen's edges
_toast = {"timer": None}


def _toast_node():
    node = nullish(document.getElementById("toast"))
    if node is None:  # the screen reader hears the status line: the toast is for the eye
        node = document.createElement("div")
        node.id = "toast"
        node.className = "toast"
        node.setAttribute("aria-hidden", "true")
        node.hidden = True
        document.body.appendChild(node)
    return node


def show_toast(text, box):
    """A short message beside ``box`` (left, top, width, height on the screen: above it
    when there is room, else below its top strip), kept whole inside the screen; it goes
    by itself, or at the next press or key."""
    left, top_, bw, bh = box
    node = _toast_node()
    node.textContent = text
    node.hidden = False
    node.classList.remove("toast-in")
    node.offsetWidth  # restart its entrance
    node.classList.add("toast-in")
    own = node.getBoundingClientRect()
    width, height = float(window.innerWidth), float(window.innerHeight)
    w, h = float(own.width), float(own.height)
    bar = nullish(document.querySelector("header.bar"))  # not over the header's controls
    floor = max(TOAST_EDGE, float(bar.getBoundingClientRect().bottom) + 2 if bar is not None else 0)
    top = top_ - h - TOAST_GAP
    if top < floor:
        top = top_ + min(bh, 40) + TOAST_GAP
    x = min(max(left + bw / 2 - w / 2, TOAST_EDGE), width - w - TOAST_EDGE)
    y = min(max(top, TOAST_EDGE), height - h - TOAST_EDGE)
    node.style.transform = f"translate({max(x, 0):.0f}px, {max(y, 0):.0f}px)"
    if _toast["timer"] is not None:
        window.clearTimeout(_toast["timer"])
    _toast["timer"] = window.setTimeout(_HIDE_TOAST, min(7000, 2500 + 40 * len(text)))


def hide_toast(*_):
    if _toast["timer"] is not None:
        window.clearTimeout(_toast["timer"])
        _toast["timer"] = None
    node = nullish(document.getElementById("toast"))
    if node is not None and not node.hidden:
        node.hidden = True


_HIDE_TOAST = keep(create_proxy(lambda *_: hide_toast()))


# -- motion -------------------------------------------------------------------------------

_started = {"any": False}  # this module has animated something (a slide, a shake, the win)


def slide(moved):
    """Animate each (node, from, to, turned) from where it was drawn to where it is now;
    the ms until the last one ends."""
    _started["any"] = _started["any"] or bool(moved)
    scale = MOTION["scale"]
    move_ms = round(MOVE_MS * scale)
    gap = STAGGER_MS * scale / max(len(moved) - 1, 1) if len(moved) > 1 else 0
    parse = window.JSON.parse  # one call per value: cheaper than converting dicts (Spider deals 10)
    for k, (node, old, new, turned) in enumerate(moved):
        flip = " scaleX(0.2)" if turned else ""
        # over the cards that stay, stacked as where it lands (a run lands King on top)
        z = str(900 + int(node.style.zIndex or 0))
        frames = [{"transform": old + flip, "zIndex": z}, {"transform": new, "zIndex": z}]
        node.animate(parse(json.dumps(frames)),
                     parse(json.dumps({"duration": move_ms, "delay": round(k * gap),
                                       "easing": "ease-out", "fill": "backwards"})))
    return move_ms + round((len(moved) - 1) * gap)


_busy = []  # tables showing frames one after another


def _finish_animations(cards_only=True):
    """Running animations jump to their end: the cards' (a panel's CSS animation, such
    as the win's summary waiting for the cascade, keeps its time) or, with
    ``cards_only`` false, all of them. Until this module has animated something (a
    slide, a shake, the win) there is nothing to finish, and asking the document for its
    animations would first bring its style up to date (about 13 ms at the first render,
    whose table is all new)."""
    if not _started["any"]:
        return
    for anim in document.getAnimations():
        if cards_only:
            target = nullish(anim.effect and anim.effect.target)
            if target is None or not target.classList.contains("card"):
                continue
        try:
            anim.finish()
        except Exception:  # an endless animation cannot finish: stop it
            anim.cancel()


def finish_all(*_):
    """Every running animation of the page jumps to its end (cards, shakes, the win),
    and a table's frames still to come are skipped to the last."""
    for table in list(_busy):
        table.stop()
    _finish_animations(cards_only=False)
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
    hide_toast()  # the next action: a refusal's message has been seen
    finish_all()


def _click(event):
    """The click that ends a press which skipped the cascade does nothing more."""
    if window.performance.now() < _swallow["until"]:
        _swallow["until"] = 0
        event.stopPropagation()
        event.preventDefault()


def _key_down(event):
    """A key finishes the running animations; one that acts takes a refusal's message away."""
    if str(event.key) not in ("Shift", "Control", "Alt", "Meta", "Tab"):
        hide_toast()
    finish_all()


def _reduced(query):
    MOTION["reduced"] = bool(query.matches)
    set_motion(MOTION["choice"])


def set_motion(choice):
    """The player's *Card motion* (one of :data:`MOTION_SCALE`'s names, or None to follow
    the system: off under ``prefers-reduced-motion``, else normal) put in force: the
    durations' scale here, and for the style sheet the root's ``data-motion`` (the motion
    in force) and ``--motion`` (the scale, for CSS animations such as the shake)."""
    MOTION["choice"] = choice if choice in MOTION_SCALE else None
    name = MOTION["choice"] or ("off" if MOTION["reduced"] else "normal")
    MOTION["scale"] = MOTION_SCALE[name]
    MOTION["on"] = MOTION["scale"] > 0
    root = document.documentElement
    root.dataset.motion = name
    root.style.setProperty("--motion", str(MOTION["scale"]))


_listening = []


def listen_once():
    """Page-wide listeners, once: presses and keys finish animations; reduced motion;
    the header's secondary controls move into the menu on a phone."""
    if _listening:
        return
    _listening.append(True)
    for kind, handler in (("pointerdown", _pointer_down), ("keydown", _key_down), ("click", _click)):
        document.addEventListener(kind, keep(create_proxy(handler)), True)
    query = window.matchMedia("(prefers-reduced-motion: reduce)")
    _reduced(query)
    query.addEventListener("change", keep(create_proxy(_reduced)))
    phone = window.matchMedia(PHONE)
    fit_controls(phone)
    phone.addEventListener("change", keep(create_proxy(fit_controls)))


SECONDARY = ("daily", "winnable-row", "redo")  # in the menu on a phone


def game_label(game_id, phone=None):
    """A game's name in the game menu: on a phone its short name ("Spider 4 suits"),
    since the full one ("Spider (four suits)") would be cut in the one-row header."""
    if phone is None:
        phone = window.matchMedia(PHONE).matches
    return words.t(f"game_short_{game_id}" if phone else f"game_{game_id}")


def fit_controls(query):
    """On a phone the header keeps one row (game, New deal, Undo, Hint, menu): Daily,
    Winnable and Redo move to the top of the menu, and the game menu gives short names;
    on a larger screen they come back."""
    select = nullish(document.getElementById("game-select"))
    if select is not None:
        for option in select.options:
            option.textContent = game_label(option.value, query.matches)
    nav = nullish(document.querySelector(".controls"))
    panel = nullish(document.querySelector("#stats-panel .panel"))
    if nav is None or panel is None:
        return
    more = nullish(document.getElementById("menu-more"))
    if more is None:
        more = document.createElement("div")
        more.id = "menu-more"
        more.className = "row menu-row menu-more"
        panel.insertBefore(more, panel.querySelector(".menu-row"))  # under the Close row
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
