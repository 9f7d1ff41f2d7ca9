"""Pointer (mouse and touch) and keyboard input, turned into the controller's intents.

An object the page composes: presses become clicks or drags (the controller says what
a press lifts and where it may go), keys go to the controller with the focused place.
"""

from pyodide.ffi import create_proxy
from pyscript import window

import modal
import words
from dom import closest, document, keep

DRAG_THRESHOLD = 6          # px before a press becomes a drag
PEEK_MS = 450               # a press this long on a card stacked under a run shows it whole


class Pointer:
    def __init__(self, page):
        self.page = page
        self.press = None
        self.peeked = None      # the stacked card shown whole by a long press
        self.peek_timer = None
        self.peek_proxy = keep(create_proxy(lambda *_: self.peek()))

    def peek(self, x=None, y=None):
        """Show whole the stacked card under the press (a long press: the cards under a
        pile's run are slivers); moving the finger shows the next one."""
        self.peek_timer = None
        press = self.press
        if press is None:
            return
        if x is None:
            x, y = press["x"], press["y"]
        under = closest(document.elementFromPoint(x, y), ".card.stacked")
        if under is None or under is self.peeked:
            return
        self.unpeek()
        under.classList.add("peek")
        self.peeked = under
        press["peek"] = True

    def unpeek(self):
        if self.peek_timer is not None:
            window.clearTimeout(self.peek_timer)
            self.peek_timer = None
        if self.peeked is not None:
            self.peeked.classList.remove("peek")
            self.peeked = None

    @property
    def table(self):
        return self.page.table

    def local(self, event):
        rect = self.table.root.getBoundingClientRect()
        return event.clientX - rect.left, event.clientY - rect.top

    def down(self, event):
        if event.button not in (0, None) and event.pointerType == "mouse":
            return
        card = closest(event.target, ".card")
        slot = closest(event.target, ".slot")
        place = index = None
        if card is not None and card.dataset.place:
            place, index = str(card.dataset.place), int(card.dataset.index)
        elif slot is not None:
            place, index = str(slot.dataset.pile), 0
        if place is None:
            return
        self.press = {"place": place, "index": index, "x": event.clientX, "y": event.clientY,
                      "drag": None, "id": event.pointerId, "peek": False}
        self.unpeek()
        if card is not None and card.classList.contains("stacked"):
            self.peek_timer = window.setTimeout(self.peek_proxy, PEEK_MS)
        try:
            self.table.root.setPointerCapture(event.pointerId)
        except Exception:
            pass
        event.preventDefault()

    def move(self, event):
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if press["peek"]:  # a long press on the stack: the finger runs along it
            self.peek(event.clientX, event.clientY)
            return
        if press["drag"] is None:
            if abs(dx) + abs(dy) < DRAG_THRESHOLD or press["place"] == "stock":
                return
            ctl = self.page.ctl
            count, targets = ctl.drag_targets(press["place"], press["index"])
            cards = ctl.game.get(ctl.session.position, press["place"])[-count:] if count else []
            press["drag"] = [str(c) for c in cards]
            press["targets"] = targets
            if press["drag"]:
                self.table.mark_targets(targets)
            for k, key in enumerate(press["drag"]):  # over everything, in the run's order
                node = self.table.cards[key]
                node.classList.add("dragging")
                node.style.zIndex = str(1000 + k)
        for key in press["drag"]:
            x, y = self.table.base[key]
            self.table.cards[key].style.transform = f"translate({x + dx:.1f}px, {y + dy:.1f}px)"

    def up(self, event):
        press, self.press = self.press, None
        self.unpeek()
        if press is None or event.pointerId != press["id"] or press["peek"]:
            return
        ctl = self.page.ctl
        self.table.unmark_targets()
        if press["drag"] is None:
            self.page.do(ctl.tap(press["place"], press["index"]))
            return
        if not press["drag"]:
            self.page.render()
            return
        x, y = self.local(event)
        self.page.do(ctl.drop(press["place"], len(press["drag"]), self.table.place_at(x, y)))

    def cancel(self, event):
        self.unpeek()
        if self.press is not None:
            self.press = None
            self.table.unmark_targets()
            self.page.render()


FIELDS = "input, textarea, select, [contenteditable], [role='dialog'], .overlay, dialog"


def key(page, event):
    """A key press. Keys belong to the table: never inside a dialog, a select or a text
    field (an open panel takes Tab and Esc itself). Arrows move the focus: left and
    right between places, up and down between a place and its face-up cards; the rest
    is an intent for the controller (Enter on a card chooses it)."""
    if modal.key(event):
        return
    k = str(event.key)
    if page.ctl.replay is not None:  # the viewer's keys: Space, arrows, Home, End, Esc
        if closest(event.target, FIELDS) is not None and k != "Escape":
            return  # the slider and the speed take their own keys
        if k in (" ", "Enter") and closest(event.target, "button, a, summary") is not None:
            return  # the focused button's own click
        ans = page.ctl.key(k, bool(event.ctrlKey or event.metaKey), bool(event.altKey))
        if ans.handled:
            event.preventDefault()
        page.do(ans)
        return
    if closest(event.target, FIELDS) is not None:
        return
    k = str(event.key)
    slot = closest(event.target, ".slot")
    card = closest(event.target, ".card")
    place = index = None
    if slot is not None:
        place = str(slot.dataset.pile)
    elif card is not None and card.dataset.place:
        place, index = str(card.dataset.place), int(card.dataset.index)
    if k.startswith("Arrow") and place is not None and not (event.ctrlKey or event.altKey):
        if arrow(page.table, k, place, index):
            event.preventDefault()
        return
    ans = page.ctl.key(k, bool(event.ctrlKey or event.metaKey), bool(event.altKey), place, index)
    if ans.handled:
        event.preventDefault()
    page.do(ans)


def arrow(table, k, place, index):
    """Move the focus for an arrow key; True when it moved."""
    if k in ("ArrowLeft", "ArrowRight"):
        order = [n for n, s in table.slots.items() if s.tabIndex >= 0]
        here = order.index(place) if place in order else 0
        step = 1 if k == "ArrowRight" else -1
        table.slots[order[(here + step) % len(order)]].focus()
        return True
    up = table.face_up(place)  # card elements, bottom to top
    if not up:
        return False
    if index is None:  # on the place: Up goes to its top card
        if k == "ArrowUp":
            up[-1].focus()
            return True
        return False
    at = next((i for i, n in enumerate(up) if int(n.dataset.index) == index), len(up) - 1)
    if k == "ArrowUp" and at > 0:
        up[at - 1].focus()
    elif k == "ArrowDown" and at < len(up) - 1:
        up[at + 1].focus()
    elif k == "ArrowDown":
        table.slots[place].focus()
    return True


# Keys that change a closed <select>'s value at once (WCAG 3.2.2: no change of game on
# them): arrows, Home, End, pages and type-ahead letters. Space, Alt+Down and F4 open the
# list instead, where Enter or a click is the explicit choice.
MOVES_SELECT = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown")


class GamePicker:
    """The game menu changes game only on an explicit choice: a click or tap on a game of
    its open list, or Enter after the arrows (or letters) showed one. Arrows alone only
    show a game and say how to play it; Esc or leaving the menu puts it back. The
    controller then asks before abandoning a game in progress."""

    def __init__(self, page, menu):
        self.page = page
        self.menu = menu
        self.keyed = False      # the change under way comes from a key on the closed menu
        self.pending = None     # a game shown by keys, not yet chosen

    def keydown(self, event):
        k = str(event.key)
        if k == "Enter" and self.pending is not None:
            event.preventDefault()
            self.choose(self.pending)
        elif k == "Escape" and self.pending is not None:
            event.preventDefault()
            event.stopPropagation()
            self.put_back()
        elif not (event.altKey or event.ctrlKey or event.metaKey) and (
                k in MOVES_SELECT or (len(k) == 1 and k != " ")):
            self.keyed = True

    def keyup(self, event):
        self.keyed = False

    def change(self, event):
        chosen = str(self.menu.value)
        if chosen == self.page.ctl.game.id:
            self.pending = None
            return
        if self.keyed:
            self.pending = chosen
            self.page.say(words.t("game_pending", game=words.t(f"game_{chosen}"),
                                  current=words.t(f"game_{self.page.ctl.game.id}")))
            return
        self.choose(chosen)

    def choose(self, game_id):
        self.pending = None
        self.page.do(self.page.ctl.choose_game(game_id))

    def put_back(self, *_):
        """The menu shows the game in play again (Esc, or focus leaving a shown game)."""
        if self.pending is not None:
            self.pending = None
            self.page.say("")
        self.menu.value = self.page.ctl.game.id
