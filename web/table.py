"""The view: one element per place and per card, positioned from a game's layout.

It holds no rules: it renders a position, marks hints and drop targets, and says which
place lies under a point. A new game brings its own layout; nothing here changes.
"""

from pyscript import window

from dom import document, place_label
from solitaire.cards import deck

SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_TEXT = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
MIN_STEP = 0.2              # the tightest fan, in card heights: a card's index stays readable
DOWN_STEP = 0.12            # the fan of face-down cards, in card heights


class Table:
    """The view: one element per place and per card, moved (never rebuilt) on render."""

    def __init__(self, root, game):
        self.root = root
        self.game = game
        self.places = {p.name: p for p in game.layout()}
        self.units_wide = max(p.x for p in self.places.values()) + 1
        self.pile_top = min(p.y for p in self.places.values() if p.kind == "pile")
        self.slots = {}
        self.cards = {}
        self.base = {}          # card -> (x, y) of the last render
        self.where = {}         # card -> (place, index)
        self.geometry = {}      # place -> (x, y, w, h) hit box in px
        for place in game.layout():
            slot = document.createElement("div")
            slot.className = "slot" + (" stock" if place.kind == "stock" else "")
            slot.dataset.pile = place.name
            slot.tabIndex = 0
            slot.setAttribute("role", "button")
            if place.kind == "foundation":
                slot.textContent = "K" if game.foundation_shows == "bottom" else "A"
                slot.tabIndex = -1
            elif place.name == "tail":
                slot.textContent = "tail"
            if place.kind == "stock":
                badge = document.createElement("span")
                badge.className = "badge"
                slot.appendChild(badge)
            root.appendChild(slot)
            self.slots[place.name] = slot
        self.faces = {}         # card -> the card whose face its element shows, or None
        cards = deck(game.decks, game.suits)
        # Elements in a random order, with no face until a card is face up: the DOM must
        # not tell which face-down card is which (no data-card, no suit, no order).
        order = sorted(range(len(cards)), key=lambda i: float(window.Math.random()))
        for i in order:
            node = document.createElement("div")
            node.className = "card back"
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
            node.textContent = ""
            self.faces[key] = None
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
        pip.textContent = rank if card.rank > 10 else sym
        node.replaceChildren(idx, pip)
        self.faces[key] = card

    def metrics(self, pos):
        """Card width and height in px: as large as the width allows, and small enough
        that the longest pile, squeezed to its indices, fits the screen's height."""
        main = self.root.parentElement
        pad = float(window.getComputedStyle(main).paddingLeft.replace("px", "") or 0)
        width = main.clientWidth - 2 * pad - 4
        height = window.innerHeight - self.root.getBoundingClientRect().top - 48
        longest = max([len(p) for p in pos.piles] + [len(c) for c in pos.cells] + [1])
        tall = max(4.3, self.pile_top + 1 + MIN_STEP * (longest - 1))  # in card heights
        by_height = max(46, height / (1.4 * tall))  # below 46 px, let the page scroll
        cw = min(width / (self.units_wide + 0.05), by_height, 170)
        return cw, round(cw * 1.4)

    def destroy(self):
        """Take this table's elements off the page (when another game is chosen)."""
        for node in list(self.slots.values()) + list(self.cards.values()):
            node.remove()

    def render(self, pos, hint=None):
        cw, ch = self.metrics(pos)
        style = self.root.style
        style.setProperty("--cw", f"{cw:.1f}px")
        style.setProperty("--ch", f"{ch}px")
        document.documentElement.style.setProperty("--cw", f"{cw:.1f}px")
        top = self.root.getBoundingClientRect().top
        avail = max(window.innerHeight - top - 48 - ch * self.pile_top, ch * 2.2)
        deepest = ch * 2.3
        self.where, self.base, self.geometry = {}, {}, {}
        for name, place in self.places.items():
            x, y = place.x * cw, place.y * ch
            slot = self.slots[name]
            slot.style.transform = f"translate({x:.1f}px, {y:.1f}px)"
            slot.classList.remove("target", "hint-target", "selected")
            cards = self.game.get(pos, name)
            down = self.game.face_down(pos, name)
            step = 0
            if place.fan == "down" and len(cards) > 1:
                # Face-down cards overlap more; squeeze long piles, but never below the
                # height of a card's index.
                back = ch * DOWN_STEP
                up = len(cards) - down
                room = avail - ch - back * (down if up else down - 1)
                step = min(ch * 0.28, max(ch * MIN_STEP, room / (up - 1))) if up > 1 else 0
            else:
                back = 0
            height = ch + back * down + step * max(len(cards) - down - 1, 0)
            if cards and len(cards) == down:
                height -= back
            self.geometry[name] = (x, y, cw, max(height, ch))
            deepest = max(deepest, y + height)
            for i, card in enumerate(cards):
                key = str(card)
                node = self.cards[key]
                cy = y + back * min(i, down) + step * max(i - down, 0)
                self.base[key] = (x, cy)
                self.where[key] = (name, i)
                node.style.transform = f"translate({x:.1f}px, {cy:.1f}px)"
                bottom_up = place.kind == "foundation" and self.game.foundation_shows == "bottom"
                z = (13 - i) if bottom_up else i + 1
                node.style.zIndex = str(z + (0 if place.kind == "foundation" else 10))
                node.dataset.place = name
                node.dataset.index = str(i)
                face_down = i < down
                self.show_face(key, not face_down)
                node.classList.remove("hint", "dragging")
                node.setAttribute("aria-label", f"face-down card, {place_label(name)}" if face_down
                                  else f"{card.name}, {place_label(name)}")
                if face_down:
                    node.removeAttribute("role")
                else:
                    node.setAttribute("role", "button")
            top_card = f", top card {cards[-1].name}" if len(cards) > down else ""
            slot.setAttribute("aria-label", f"{place_label(name)}, {len(cards)} cards{top_card}")
        if "stock" in self.slots:
            deals = self.game.deals_left(pos)
            stock = self.slots["stock"]
            stock.querySelector(".badge").textContent = str(deals)
            stock.classList.toggle("empty", deals == 0)
            stock.setAttribute("aria-label", f"stock, {deals} deals left" + ("" if deals else ", empty"))
        self.root.style.width = f"{self.units_wide * cw:.0f}px"
        self.root.style.height = f"{deepest + 8:.0f}px"
        if hint is not None:
            self.show_hint(pos, hint)

    def show_hint(self, pos, move):
        if move.is_deal:
            self.slots["stock"].classList.add("hint-target")
            return
        for card in self.game.get(pos, move.src)[-move.count:]:
            self.cards[str(card)].classList.add("hint")
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
