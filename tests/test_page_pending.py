"""A result is never lost in the page (Chromium): a win with localStorage filled to the
last character is pending, said so, and stored once room comes back, never as a won
saved game without its count; two tabs finishing games at the same moment, fifty rounds,
lose none (with the Web Lock, and without it: each tab writes back what the other's
write lacked)."""

import json

import pytest

from pages import boot, new_page, ready

STATS = "tabbycat.stats.v2"
FILL = """(keep) => {
  let chunk = 'x'.repeat(1 << 20), i = 0;
  while (chunk.length > 0) {
    try { localStorage.setItem('fill.' + i, chunk); i++; }
    catch (e) { chunk = chunk.slice(0, chunk.length >> 1); }
  }
  if (keep) localStorage.setItem('fill.0', localStorage.getItem('fill.0').slice(keep));
  return i;
}"""
FREE = "() => { for (const k of Object.keys(localStorage)) if (k.startsWith('fill.')) localStorage.removeItem(k); }"
STORED = """() => {
  const t = localStorage.getItem('tabbycat.stats.v2');
  if (!t) return [0, 0];
  const s = JSON.parse(t), base = Object.values(s.base);
  return [s.results.length + base.reduce((a, g) => a + g.played, 0),
          s.results.filter((r) => r.won).length + base.reduce((a, g) => a + g.won, 0)];
}"""
SAVED = "() => JSON.parse(localStorage.getItem('tabbycat.game.v1'))"
STATUS = "(words) => document.querySelector('#status').textContent.includes(words)"
WIN_NOTE = """(words) => !document.querySelector('#win').hidden
  && (document.querySelector('#win-facts .win-pending') || {textContent: ''}).textContent.includes(words)"""


def win_with_room(page, server, room):
    """Deal 2, played to one move before its win; localStorage then filled to the last
    character (``room``: that many characters freed again); the winning move."""
    boot(page, server + "/?deal=2")
    line = page.evaluate("window.tabby_solve()").split(" ")
    assert page.evaluate("(l) => window.tabby_play(l)", " ".join(line[:-1]))
    assert page.evaluate(FILL, room) > 0
    assert page.evaluate("(l) => window.tabby_play(l)", line[-1])
    page.wait_for_function(STATUS, arg="not saved yet")
    assert page.evaluate(STORED) == [0, 0]


def never_won_without_its_count(page):
    saved = page.evaluate(SAVED)
    if saved is not None and saved.get("recorded"):
        assert page.evaluate(STORED)[1] >= 1


def test_a_win_in_a_full_storage_is_stored_once_room_comes_back(browser, server):
    page = new_page(browser)
    win_with_room(page, server, 0)
    never_won_without_its_count(page)
    assert page.evaluate("window.tabby_pending()")
    page.wait_for_function(WIN_NOTE, arg="not saved yet")   # the win panel says it too
    page.evaluate(FREE)   # the player frees room: the page's timer retries
    page.wait_for_function(STATUS, arg="saved now", timeout=15_000)
    page.wait_for_function(WIN_NOTE, arg="saved now")
    assert page.evaluate(STORED) == [1, 1] and page.evaluate(SAVED)["recorded"] is True
    page.reload(wait_until="commit")
    ready(page)
    assert json.loads(page.evaluate("window.tabby_summary('tabbycat')"))["won"] == 1
    assert page.evaluate(STORED) == [1, 1]
    assert not page.errors, page.errors
    page.context.close()


def test_a_win_when_only_the_saved_game_fits_is_counted_after_a_reload(browser, server):
    page = new_page(browser)
    win_with_room(page, server, 80)
    saved = page.evaluate(SAVED)
    assert saved["recorded"] is False   # won (or a move before), never said counted
    page.reload(wait_until="commit")    # still full: the load counts it, pending
    ready(page)
    never_won_without_its_count(page)
    page.evaluate(FREE)
    page.wait_for_function("() => !window.tabby_pending()", timeout=15_000)
    assert page.evaluate(STORED) == [1, 1]
    page.reload(wait_until="commit")
    ready(page)
    assert json.loads(page.evaluate("window.tabby_summary('tabbycat')"))["won"] == 1
    assert page.evaluate(STORED) == [1, 1] and page.evaluate(SAVED)["recorded"] is True
    page.context.close()


ROUNDS = 50
READY_TAB = """(offset) => {
  window.done = 0;
  window.act = (n) => { window.tabby_play('deal'); window.tabby_start(1000 + 2 * n + offset); window.done = n + 1; };
  window.bc = new BroadcastChannel('round');
  window.bc.onmessage = (e) => window.act(e.data);
}"""
NO_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"


@pytest.mark.parametrize("locks", [True, False], ids=["web-locks", "no-web-locks"])
def test_two_tabs_finishing_games_at_once_lose_no_result(browser, server, locks):
    first = new_page(browser)
    if not locks:
        first.context.add_init_script(NO_LOCKS)
    second = first.context.new_page()
    second.errors = []
    second.on("pageerror", lambda e: second.errors.append(str(e)))
    boot(first, server + "/?deal=3")
    boot(second, server + "/?deal=4")
    assert first.evaluate("!!navigator.locks") is locks
    for offset, page in enumerate((first, second)):
        page.evaluate(READY_TAB, offset)
    for n in range(ROUNDS):   # both leave a played game at once: each counts a loss
        first.evaluate("(n) => { window.bc.postMessage(n); window.act(n); }", n)
        second.wait_for_function("(n) => window.done === n + 1", arg=n)
    for page in (first, second):
        page.wait_for_function("() => !window.tabby_pending()")
    first.wait_for_function(f"() => ({STORED})()[0] === {2 * ROUNDS}", timeout=15_000)
    first.close()
    second.close()
    third = first.context.new_page()
    boot(third, server + "/?deal=5")
    assert third.evaluate(STORED)[0] == 2 * ROUNDS
    assert json.loads(third.evaluate("window.tabby_summary('tabbycat')"))["played"] == 2 * ROUNDS
    assert not first.errors and not second.errors, (first.errors, second.errors)
    third.context.close()
