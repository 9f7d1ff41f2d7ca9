"""Pointer and keyboard input: presses become clicks or drags, keys become moves.

A mixin of :class:`app.App`; every move it makes goes through the app's ``play``.
"""

import asyncio

from dom import closest, place_label
from solitaire import Move

DRAG_THRESHOLD = 6          # px before a press becomes a drag


class Input:
    # -- pointer input ---------------------------------------------------------------

    def local(self, event):
        rect = self.table.root.getBoundingClientRect()
        return event.clientX - rect.left, event.clientY - rect.top

    def pointer_down(self, event):
        if event.button not in (0, None) and event.pointerType == "mouse":
            return
        card = closest(event.target, ".card")
        slot = closest(event.target, ".slot")
        place = index = None
        if card is not None and card.dataset.place:
            place, index = card.dataset.place, int(card.dataset.index)
        elif slot is not None:
            place, index = slot.dataset.pile, 0
        if place is None:
            return
        self.press = {"place": place, "index": index, "x": event.clientX, "y": event.clientY,
                      "drag": None, "id": event.pointerId}
        try:
            self.table.root.setPointerCapture(event.pointerId)
        except Exception:
            pass
        event.preventDefault()

    def drag_cards(self, place, index):
        count = self.game.lift(self.session.position, place, index)
        return list(self.game.get(self.session.position, place)[-count:]) if count else []

    def pointer_move(self, event):
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if press["drag"] is None:
            if abs(dx) + abs(dy) < DRAG_THRESHOLD or press["place"] == "stock" or self.session.won:
                return
            cards = self.drag_cards(press["place"], press["index"])
            press["drag"] = [str(c) for c in cards]
            if cards:
                pos, src, count = self.session.position, press["place"], len(cards)
                press["targets"] = [name for name in self.table.slots
                                    if self.game.why_illegal(pos, Move(src, name, count)) is None]
                for name in press["targets"]:
                    self.table.slots[name].classList.add("target")
                for key in press["drag"]:
                    self.table.cards[key].classList.add("dragging")
        for key in press["drag"]:
            x, y = self.table.base[key]
            self.table.cards[key].style.transform = f"translate({x + dx:.1f}px, {y + dy:.1f}px)"

    def pointer_up(self, event):
        press, self.press = self.press, None
        if press is None or event.pointerId != press["id"]:
            return
        if press["drag"] is None:
            if press["place"] == "stock":
                self.click("stock", 0)
            elif press["place"] != "stock" and self.game.get(self.session.position, press["place"]):
                self.click(press["place"], press["index"])
            return
        if not press["drag"]:
            self.render()
            return
        x, y = self.local(event)
        dst = self.table.place_at(x, y)
        if dst in press.get("targets", ()):
            self.play(Move(press["place"], dst, len(press["drag"])))
        else:
            self.render()  # animates back
            if dst not in (None, press["place"]):
                self.say(f"Cannot drop there: {self.game.why_illegal(self.session.position, Move(press['place'], dst, len(press['drag'])))}")

    def pointer_cancel(self, event):
        if self.press is not None:
            self.press = None
            self.render()

    # -- keyboard -----------------------------------------------------------------------

    def key(self, event):
        if event.target.tagName in ("INPUT", "TEXTAREA"):
            return
        k = event.key.lower()
        ctrl = event.ctrlKey or event.metaKey
        if ctrl and k == "z":
            self.undo()
        elif ctrl and k == "y":
            self.redo()
        elif ctrl or event.altKey:
            return
        elif len(k) == 1 and (k.isdigit() or k in "tcf") and self.key_places(k):
            self.pick(k)
        elif k == "escape":
            self.selected = None
            self.render()
        elif k == "d":
            self.click("stock", 0)
        elif k == "u":
            self.undo()
        elif k == "r":
            self.redo()
        elif k == "h":
            asyncio.ensure_future(self.give_hint())
        elif k == "n":
            asyncio.ensure_future(self.new_deal())
        elif k in ("enter", " ") and closest(event.target, ".slot"):
            self.activate(closest(event.target, ".slot").dataset.pile)
        elif k in ("arrowleft", "arrowright") and closest(event.target, ".slot"):
            order = [n for n in self.table.slots if not n.startswith("foundation")]
            here = order.index(closest(event.target, ".slot").dataset.pile)
            step = 1 if k == "arrowright" else -1
            self.table.slots[order[(here + step) % len(order)]].focus()
        else:
            return
        event.preventDefault()

    def activate(self, name):
        """Enter on a place: deal from the stock, or click-to-move the place's movable cards."""
        pos = self.session.position
        if name == "stock":
            self.click("stock", 0)
            return
        for index in range(len(self.game.get(pos, name))):
            if self.game.lift(pos, name, index):
                self.click(name, index)
                self.table.slots[name].focus()
                return

    def key_places(self, key):
        """The places a key names: a digit a pile, T the tail, C the cells, F the foundations."""
        names = list(self.table.slots)
        if key.isdigit():
            name = f"pile-{int(key) or 10}"  # 0 names the tenth pile
            return [name] if name in names else []
        prefix = {"t": "tail", "c": "cell-", "f": "foundation-"}.get(key)
        return [n for n in names if prefix and n.startswith(prefix)]

    def pick(self, key):
        """Keys: the first place picked is the source, the second the target."""
        pos = self.session.position
        places = self.key_places(key)
        if self.selected is None:
            source = next((n for n in places if self.game.get(pos, n)), None)
            if source is None:
                self.say("Nothing to pick up there.")
                return
            self.selected = source
            self.say(f"{place_label(source)} picked: now press the key of its target, Esc to drop it.")
            self.render()
            return
        src, self.selected = self.selected, None
        cards = self.game.get(pos, src)
        counts = [c for i in range(len(cards)) if (c := self.game.lift(pos, src, i))]
        for dst in places:
            for count in sorted(set(counts), reverse=True):
                move = Move(src, dst, count)
                if self.game.why_illegal(pos, move) is None:
                    self.play(move)
                    return
        self.render()
        self.table.shake([str(c) for c in cards[-max(counts):]] if counts else [])
        self.say(f"Nothing from {place_label(src)} can go there.")
