"""The dock (docs/layout.md): the message line and the replay bar keep their place on the
screen from the first move of a long replay to its last, whatever the piles hold, at a
desktop's and two phones' sizes, in English and Spanish; nothing is wider than the screen,
and at the end of the page's scroll no card lies under the dock.

One booted page with reduced motion is resized and put into a language through the menu
(as tests/test_page_layout.py does); each replay opens from its link (the address's
fragment) and closes by its Close button.
"""

import functools

import pytest

from pages import boot, new_page, resize, settled
from helpers import LONG_DEAL, LONG_LINE
from solitaire import get_game
from solitaire.records import replay as R
from strategies import playout

SPIDER = get_game("spider4")
SPIDER_DEAL = 1


@functools.lru_cache
def replays():
    """(game, deal, moves): the 175-move Tabby Cat line to a 44-card pile, and 200 moves
    of four-suit Spider (a playout, to a 26-card column)."""
    _, moves = playout(SPIDER, SPIDER.deal(SPIDER_DEAL), 7, 200, 70)
    return {"tabbycat": (get_game("tabbycat"), LONG_DEAL, LONG_LINE),
            "spider4": (SPIDER, SPIDER_DEAL, tuple(moves))}


LONG = ("A message longer than a line, as a refused move's or a search's can be: "
        "it takes two or three lines on a phone and rises over the table.")

# The boxes that must stay put, in the screen's coordinates, and what a test checks beside.
BOXES = """() => {
  const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const dock = [...document.querySelectorAll('#dock, #dock *')].filter(e => e.getClientRects().length);
  return {replay: box('#replay'), status: box('#status'), dock: box('#dock'),
          widest: Math.max(...dock.map(e => e.getBoundingClientRect().right)),
          scrollWidth: document.documentElement.scrollWidth};
}"""

# At the end of the page's scroll: the dock's top, and the bottom of every card, of the
# keys line and of the first-time note, each that shows.
AT_THE_END = """() => {
  scrollTo(0, document.documentElement.scrollHeight);
  const shown = (e) => e.getClientRects().length > 0 && !e.hidden;
  const bottoms = [...document.querySelectorAll('#table > .card, footer.keys, #intro')].filter(shown)
    .map(e => [e.dataset.card || e.id || e.className, e.getBoundingClientRect().bottom]);
  return {dock: document.getElementById('dock').getBoundingClientRect().top, bottoms};
}"""


@pytest.fixture(scope="module")
def docked(browser, server):
    page = new_page(browser)
    boot(page, server + "/?deal=1")
    yield page
    page.context.close()




def same(a, b, what):
    assert all(abs(x - y) <= 2 for x, y in zip(a, b)), (what, a, b)


@pytest.mark.parametrize("game_id", ["tabbycat", "spider4"])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width,height", [(1280, 800), (360, 740), (320, 640)])
def test_the_replay_bar_and_the_message_line_stay_put_through_a_long_replay(docked, width, height, lang, game_id):
    page = docked
    game, deal, moves = replays()[game_id]
    resize(page, width, height, lang, close_panels=False)
    page.evaluate("text => { location.hash = '#replay=' + text; }", R.encode(game, deal, moves))
    page.wait_for_selector('#replay:not([hidden])[data-at="0"]')
    settled(page)
    empty = page.evaluate(BOXES)
    # a long message comes (three lines on a phone): it rises over the table from the
    # message line's room, and nothing moves
    page.evaluate(f"document.getElementById('status').textContent = {LONG!r}")
    settled(page)
    long = page.evaluate(BOXES)
    for part in ("replay", "dock"):
        same(long[part], empty[part], (part, "a long message came"))
    assert abs(long["status"][3] - empty["status"][3]) <= 2 and long["status"][1] >= 0, long
    # a message of a line: the line keeps its box
    page.evaluate("document.getElementById('status').textContent = document.getElementById('deal-label').textContent")
    settled(page)
    start = page.evaluate(BOXES)
    for part in ("replay", "status", "dock"):
        same(start[part], empty[part], (part, "a message came"))
    assert start["replay"][3] <= height and start["dock"][3] <= height + 1  # on screen, at its bottom edge

    def check(at):
        page.wait_for_selector(f'#replay[data-at="{at}"]')
        settled(page)
        now = page.evaluate(BOXES)
        for part in ("replay", "status", "dock"):
            same(now[part], start[part], (part, at))
        assert now["scrollWidth"] <= width and now["widest"] <= width + 0.5, (at, now)

    # a click on the bar steps forward: the bar is where it was for the next click
    for at in (1, 2, 3):
        page.click('#replay button[data-replay="forward"]')
        check(at)
    stops = sorted(set(range(0, len(moves), 9)) | {len(moves)})
    for at in stops:
        page.fill("#replay-slider", str(at))
        check(at)
    # the longest piles stand: at the end of the page's scroll no card lies under the dock
    end = page.evaluate(AT_THE_END)
    hidden = [(name, bottom) for name, bottom in end["bottoms"] if bottom > end["dock"] + 1]
    assert not hidden, (end["dock"], hidden[:5])
    page.evaluate("scrollTo(0, 0)")
    # the message goes: nothing moves
    page.evaluate("document.getElementById('status').textContent = ''")
    settled(page)
    now = page.evaluate(BOXES)
    for part in ("replay", "status", "dock"):
        same(now[part], start[part], (part, "the message went"))
    page.click("#replay-close")
    page.wait_for_selector("#replay", state="hidden")
    assert page.evaluate("location.hash") == ""
    assert page.errors == []


# Each answer of the question on show, as its box and how far its focus ring reaches.
ANSWERS = """() => [...document.querySelectorAll('#offer-actions button')].map((b) => {
  const r = b.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom]; })"""


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width,height", [(1280, 800), (320, 640)])
def test_a_questions_answers_stand_apart(browser, server, width, height, lang):
    """The question in the dock (here: leave a game in progress for another?) shows its
    answers apart, so the first, focused, keeps its ring clear of the second (they once
    touched, the ring over the next button)."""
    page = new_page(browser, viewport={"width": width, "height": height})
    boot(page, server + f"/?deal=7937&game=tabbycat&lang={lang}")
    page.click("#intro-close")
    page.keyboard.press("d")
    page.wait_for_function("document.getElementById('move-count').textContent === '1'")
    page.select_option("#game-select", "tuxedo")
    page.wait_for_selector("#offer:not([hidden]) #offer-actions button:focus")
    settled(page)
    ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset); }""")
    first, second = page.evaluate(ANSWERS)
    same_row = min(first[3], second[3]) - max(first[1], second[1]) > 0
    room = second[0] - first[2] if same_row else second[1] - first[3]
    assert room > ring, (first, second, ring)
    assert page.errors == []
    page.context.close()
