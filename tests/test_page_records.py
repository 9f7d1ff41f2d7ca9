"""Records in the page (Chromium): a 1,000,000-game history shows every figure, a record
over the storage quota is never lost, a saved game's forged daily is refused."""

import datetime
import json

import pytest

from pages import boot, new_page, off_the_game, ready, settled
from solitaire.records.stats import dailies, history, summary
from test_keeping import long_history, written

SHOTS_DIR = "tests/screenshots"
TODAY_JS = "(() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1)" \
           ".padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0'); })()"


def start_with(page, server, records: dict, query="?deal=3"):
    """Open the site with these records stored (set from another page of the origin)."""
    off_the_game(page, server)
    for key, text in records.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])
    boot(page, server + "/" + query)


@pytest.fixture(scope="module")
def million():
    """A 1,000,000-game history ending about today, as the page's writer folds it."""
    today = datetime.date.today()
    per_day = -(-1_000_000 // ((today - datetime.date(2026, 1, 1)).days + 1))
    return written(long_history(per_day=per_day))


def test_a_million_game_history_shows_every_figure(browser, server, million):
    page = new_page(browser)
    text = json.dumps(million)
    start_with(page, server, {"tabbycat.stats.v2": text})
    today = page.evaluate(TODAY_JS)
    total = 0
    for game_id in ("tabbycat", "spider1"):
        got = json.loads(page.evaluate(f"window.tabby_summary('{game_id}')"))
        assert got == summary(million, game_id, today)
        total += got["played"]
    assert total == 1_000_000
    assert page.inner_text("#status").count("could not") == 0
    page.click("#stats")
    listed = page.inner_text("#stats-list")
    want = summary(million, "tabbycat", today)
    assert f"{want['played']:,}" in listed and str(want["best_streak"]) in listed   # 500,000: grouped
    bars = page.locator("#stats-chart rect")
    assert bars.count() == 30 == len(history(million, "tabbycat"))
    assert page.locator("#stats-chart rect.win").count() == sum(1 for r in history(million, "tabbycat") if r[1])
    won = {d for d, r in dailies(million, "tabbycat").items() if r["won"] and d.startswith(today[:7])}
    shown = set(page.eval_on_selector_all("#calendar button[data-state='won']", "bs => bs.map(b => b.dataset.date)"))
    assert shown == won and won
    page.screenshot(path=f"{SHOTS_DIR}/stats-million-1280x800.png")
    page.click("#stats-close")
    page.evaluate("window.tabby_start(4)")
    page.click('.slot[data-pile="stock"]')
    page.evaluate("window.tabby_start(6)")  # one more game, written back and read again
    page.wait_for_function("() => !window.tabby_pending()")  # written under the tabs' Web Lock
    stored = json.loads(page.evaluate("localStorage.getItem('tabbycat.stats.v2')"))
    assert len(stored["results"]) <= 2_000
    assert summary(stored, "tabbycat", today)["played"] == want["played"] + 1
    assert not page.errors, page.errors
    page.context.close()


FILL = """(keep) => {
  // Fill the origin's storage until it refuses, then free about `keep` characters.
  const chunk = (n) => "p".repeat(n);
  let i = 0;
  for (const size of [1_000_000, 100_000, 10_000]) {
    try { for (;;) localStorage.setItem("pad." + i++, chunk(size)); } catch (e) { }
  }
  let freed = 0;
  for (let k = i - 1; k >= 0 && freed < keep; k--) {
    const v = localStorage.getItem("pad." + k);
    if (v !== null) { freed += v.length; localStorage.removeItem("pad." + k); }
  }
  return i;
}"""


def test_statistics_over_the_quota_are_never_lost(browser, server):
    """An unreadable statistics record that the storage has no room to copy aside stays
    where it is, untouched through new games and a reload; the page says so truthfully
    and offers an export."""
    page = new_page(browser)
    off_the_game(page, server)
    bad = json.dumps({"v": 9, "pad": "x" * 2_000_000})  # a newer version's: unreadable here
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["tabbycat.stats.v2", bad])
    page.evaluate(FILL, 60_000)
    boot(page, server + "/?deal=3")
    status = page.inner_text("#status")
    assert "untouched" in status and "kept aside" not in status
    assert page.is_visible("#offer-export")
    page.screenshot(path=f"{SHOTS_DIR}/stats-held-1280x800.png")
    page.click('.slot[data-pile="stock"]')
    page.evaluate("window.tabby_start(6)")  # a game counted, in this tab
    assert json.loads(page.evaluate("window.tabby_summary('tabbycat')"))["played"] == 1
    assert page.evaluate("localStorage.getItem('tabbycat.stats.v2')") == bad
    page.reload()
    ready(page)
    assert page.evaluate("localStorage.getItem('tabbycat.stats.v2')") == bad
    assert page.evaluate("Object.keys(localStorage).filter(k => k.includes('corrupt')).length") == 0
    page.evaluate("document.querySelectorAll('.overlay').forEach(e => e.hidden = true)")
    assert page.is_visible("#offer-export")
    assert not [e for e in page.errors if "QuotaExceeded" not in e], page.errors
    page.context.close()


def test_a_saved_game_that_forges_a_daily_is_refused(browser, server):
    page = new_page(browser)
    game = json.dumps({"v": 1, "game": "tabbycat", "deal": "3", "daily": "2026-11-02",
                       "moves": [], "id": "g1-1"})
    start_with(page, server, {"tabbycat.game.v1": game}, query="")
    assert "not that day's deal" in page.inner_text("#status")
    assert page.evaluate("location.search") == "?deal=3&game=tabbycat"
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("size", [(320, 568), (3840, 2160)])
def test_the_board_copy_the_page_keeps_reads_back_whole(browser, server, size):
    """The board's copy for the next visit's first frame (``tabbycat.board.v1``): whatever
    the page writes (board.js's ``captureBoard``), its reader (``readBoard``) takes back
    unchanged, in every game along a long playout (stock dealt, runs finished, long piles),
    in the smallest window the page supports and a 4K one. A copy the reader refused would leave the
    next visit with no board at all."""
    from solitaire import GAMES, get_game
    from solitaire.engine.position import parse_line
    from strategies import playout
    page = new_page(browser, viewport={"width": size[0], "height": size[1]})
    boot(page, server + "/?deal=3")
    copies = 0
    for seed, game_id in enumerate(sorted(GAMES), start=1):
        game = get_game(game_id)
        page.evaluate(f"window.tabby_start({seed}, '{game_id}')")
        for step in range(91):
            if step % 15 == 0:
                settled(page)
                kept, read = page.evaluate("""() => {
                    const kept = captureBoard(document.getElementById('table'));
                    return [kept, kept && readBoard(JSON.stringify(kept))]; }""")
                assert kept is not None, (game_id, step)
                assert read == kept, (game_id, step, size)
                copies += 1
            # the next move of a long playout from where the page stands (its own
            # moves, auto-moves included, replayed here)
            pos = game.deal(seed)
            for m in parse_line(page.evaluate("window.tabby_moves()")):
                pos = game.apply(pos, m)
            _, ahead = playout(game, pos, seed * 1000 + step, 1)
            if not ahead:
                break
            assert page.evaluate("(line) => window.tabby_play(line)", str(ahead[0]))
    assert copies >= 7 * 2
    assert not page.errors, page.errors
    page.context.close()
