"""The game as text: a panel with a text area holding the game in play as the command
line's ``play`` command (Copy puts it on the clipboard), where a game pasted as such text
opens (Open). The controller reads the text (``Controller.open_text``, its one reader);
a bad text leaves the game in play and the panel says why. Text is only ever a value
here: nothing of it becomes markup."""

from dom import el, on
from modal import close_modal, is_open, open_modal
import words


class TextPanel:
    """The game-as-text panel, opened from the menu."""

    def __init__(self, page):
        self.page = page
        self.panel = el("text-panel")
        on(el("game-text"), "click", lambda e: self.show())
        on(el("text-copy"), "click", lambda e: self.copy())
        on(el("text-open"), "click", lambda e: self.open_text())
        on(el("text-close"), "click", lambda e: self.close())

    @property
    def open(self) -> bool:
        return is_open(self.panel)

    def show(self):
        """Open on the game in play's text, selected (from the menu, which closes)."""
        self.page.stats.close(restore=False)
        area = el("text-area")
        area.value = self.page.ctl.game_text()
        el("text-status").textContent = ""
        open_modal(self.panel, opener=el("stats"), on_close=self.close, first=area)
        area.select()

    def close(self, restore=True):
        close_modal(self.panel, restore)

    def copy(self):
        """The text area's text to the clipboard (the game in play's, unless changed)."""
        import asyncio
        asyncio.ensure_future(self._copy(str(el("text-area").value)))

    async def _copy(self, text):
        try:
            from pyscript import window
            await window.navigator.clipboard.writeText(text)
            el("text-status").textContent = words.t("text_copied")
        except Exception:
            el("text-area").select()
            el("text-status").textContent = words.t("text_copy_yourself")

    def open_text(self):
        """Open the text area's game; a bad text is said here and the panel stays."""
        ans = self.page.ctl.open_text(str(el("text-area").value))
        if ans.board:
            self.close(restore=False)
            self.page.do(ans)
            table = self.page.table   # the focus goes to the opened board
            first = next((s for s in table.slots.values() if s.tabIndex >= 0), None)
            if first is not None:
                first.focus()
            return
        el("text-status").textContent = " ".join(words.tr(m) for m in ans.status or [])
        self.page.do(ans)
