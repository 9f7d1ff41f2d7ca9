"""Modal panels (the menu, the win): while one is open the rest of the page is inert;
focus starts on its first control, Tab and Shift+Tab stay inside it, Esc or a tap on the
dimmed backdrop around it closes it and focus goes back to what opened it. No rules here."""

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from dom import document, el, keep, nullish, on

OUTSIDE = ("header.bar", "main", "footer.keys")
FOCUSABLE = "button, input, select, textarea, a[href], [tabindex]"
_open = []  # (overlay, opener, on_close), the top one last


def same(a, b):
    """The same element (two Python proxies of one JS object are not ``is``)."""
    return a is not None and b is not None and bool(a.isSameNode(b))


def is_open(overlay=None):
    return any(same(o, overlay) for o, _, _ in _open) if overlay is not None else bool(_open)


def focusables(overlay):
    found = []
    for node in overlay.querySelectorAll(FOCUSABLE):
        if node.matches(":disabled") or node.tabIndex < 0 or nullish(node.closest("[hidden]")) is not None:
            continue
        if node.getClientRects().length == 0 and not node.classList.contains("sr-only"):
            continue
        found.append(node)
    return found


def _hidden_elsewhere(*_):
    """An open panel hidden by other code (a test hook, another panel) is closed here too."""
    for overlay, _, _ in list(_open):
        if overlay.hidden:
            close_modal(overlay, restore=False)


_watch = []


def _observe(overlay):
    if not _watch:
        _watch.append(window.MutationObserver.new(keep(create_proxy(_hidden_elsewhere))))
    _watch[0].observe(overlay, to_js({"attributes": True, "attributeFilter": ["hidden"]},
                                     dict_converter=window.Object.fromEntries))


def _inert(on):
    for selector in OUTSIDE:
        node = nullish(document.querySelector(selector))
        if node is not None:
            node.inert = on


def dismiss(overlay=None):
    """Close the top panel as Esc does (its own way, if it has one); ``overlay``: only if
    that one is the top panel."""
    if not _open:
        return
    top, _, on_close = _open[-1]
    if overlay is not None and not same(top, overlay):
        return
    if on_close is not None:
        on_close()
    else:
        close_modal(top)


def outside(event, box) -> bool:
    """The event's point lies outside ``box`` (an element)."""
    r = box.getBoundingClientRect()
    x, y = float(event.clientX), float(event.clientY)
    return x < r.left or x > r.right or y < r.top or y > r.bottom


_press = {"busy": False, "bound": False}


def _busy_press(event):
    """Seen first (the window's capture phase): a press while the win's cascade or a
    panel's entrance still plays only skips it (web/table.py), it never also closes."""
    busy = bool(document.body.classList.contains("cascade"))
    if not busy and _open:
        opts = to_js({"subtree": True}, dict_converter=window.Object.fromEntries)
        busy = any(str(a.playState) != "finished" for a in _open[-1][0].getAnimations(opts))
    _press["busy"] = busy


def backdrop(overlay, inner=".panel", close=None):
    """A press and release both on the dimmed backdrop around ``overlay``'s box (not on
    the box, nor a press that began inside it, as when selecting text) closes it."""
    pressed = {"out": False}

    def off(event):
        box = nullish(overlay.querySelector(inner)) if inner else overlay
        return box is not None and outside(event, box)

    def down(event):
        pressed["out"] = off(event) and not _press["busy"]

    def click(event):
        was, pressed["out"] = pressed["out"], False
        if was and off(event):
            (close or (lambda: dismiss(overlay)))()
    if not _press["bound"]:
        _press["bound"] = True
        window.addEventListener("pointerdown", keep(create_proxy(_busy_press)), True)
    on(overlay, "pointerdown", down)
    on(overlay, "click", click)


def open_modal(overlay, opener=None, on_close=None, first=None):
    """Show ``overlay`` as a modal panel, opened from ``opener`` (the focused element)."""
    if is_open(overlay):
        return
    opener = opener if opener is not None else nullish(document.activeElement)
    overlay.hidden = False
    _inert(True)
    _open.append((overlay, opener, on_close))
    _observe(overlay)
    if not overlay.hasAttribute("data-backdrop"):
        overlay.setAttribute("data-backdrop", "")
        backdrop(overlay)
    overlay.scrollTop = 0
    panel = nullish(overlay.querySelector(".panel"))
    if panel is not None:
        panel.scrollTop = 0  # the menu opens at its top
    targets = focusables(overlay)
    start = first if first is not None else (targets[0] if targets else None)
    if start is not None:
        start.focus()
    if panel is not None:
        panel.scrollTop = 0


def close_modal(overlay, restore=True):
    """Hide ``overlay``; focus goes back to its opener (or the table)."""
    for i, (o, opener, _) in enumerate(_open):
        if same(o, overlay):
            del _open[i]
            break
    else:
        overlay.hidden = True
        return
    overlay.hidden = True
    if not any(not o.hidden for o, _, _ in _open):
        _open.clear()
    if not _open:
        _inert(False)
    if not restore:
        return
    if opener is not None and opener.isConnected and not opener.matches(":disabled") \
            and nullish(opener.closest("[hidden]")) is None and not same(opener, document.body):
        opener.focus()
    else:
        slot = nullish(el("table").querySelector(".slot[tabindex='0']"))
        if slot is not None:
            slot.focus()


def key(event) -> bool:
    """Tab stays inside the top modal panel, Esc closes it. True while one is open (the
    page's other keys then do nothing)."""
    if not _open:
        return False
    overlay, _, on_close = _open[-1]
    k = str(event.key)
    if k == "Escape":
        event.preventDefault()
        dismiss()
    elif k == "Tab":
        targets = focusables(overlay)
        if not targets:
            event.preventDefault()
            return True
        active = nullish(document.activeElement)
        inside = active is not None and overlay.contains(active)
        if event.shiftKey and (not inside or same(active, targets[0])):
            event.preventDefault()
            targets[-1].focus()
        elif not event.shiftKey and (not inside or same(active, targets[-1])):
            event.preventDefault()
            targets[0].focus()
    return True
