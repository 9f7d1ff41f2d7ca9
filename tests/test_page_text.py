"""Games as text in the page: the menu's *Game as text* panel holds the game in play as
the command line's ``play`` command, Copy puts it on the clipboard, and a game pasted
there opens (the same position the command line gives); bad text is refused in the panel
with a reason, and the board stays."""

import json
import shlex

import pytest

from conftest import ROOT
from pages import boot, new_page
from solitaire import get_game
from solitaire.__main__ import main
from solitaire.records.playtext import play_text, read_play_text

SHOTS = ROOT / "tests" / "screenshots"


@pytest.fixture(scope="module")
def page(browser, server):
    p = new_page(browser, permissions=["clipboard-read", "clipboard-write"])
    boot(p, server + "/?deal=3&game=tabbycat")
    yield p
    p.context.close()


def cli_position(text, capsys):
    assert main(shlex.split(text)[4:] + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)["position"]


def open_panel(page):
    page.click("#stats")
    page.click("#game-text")
    page.wait_for_selector("#text-panel:not([hidden])")
    assert page.locator("#stats-panel").is_hidden()


def test_copy_gives_the_command_line_text_of_the_game(page, capsys):
    page.evaluate("window.tabby_start(3, 'tabbycat')")
    page.evaluate("window.tabby_play('deal 1>t')")
    moves = page.evaluate("window.tabby_moves()")
    open_panel(page)
    text = page.input_value("#text-area")
    assert moves == "deal 1>t"
    assert text == "PYTHONPATH=py python3 -m solitaire play --game tabbycat 3 deal '1>t'"
    assert page.evaluate("document.activeElement.id") == "text-area"
    page.click("#text-copy")
    page.wait_for_function("document.querySelector('#text-status').textContent.startsWith('Copied')")
    assert page.evaluate("navigator.clipboard.readText()") == text
    assert cli_position(text, capsys) == page.evaluate("window.tabby_position()")
    page.keyboard.press("Escape")
    assert page.locator("#text-panel").is_hidden()
    assert page.evaluate("document.activeElement.id") == "stats"
    assert not page.errors, page.errors


def test_open_plays_the_pasted_game_as_the_command_line_does(page, capsys):
    """A Spider game, pasted with its line broken and no quotes, opens on its last move."""
    game = get_game("spider1")
    pos, line = game.deal(5), []
    for _ in range(30):
        move = game.legal_moves(pos)[0]
        line.append(move)
        pos = game.apply(pos, move)
    pasted = "python3 -m solitaire play --game spider1 5\n" + " ".join(map(str, line))
    page.evaluate("window.tabby_start(3, 'tabbycat')")
    open_panel(page)
    page.fill("#text-area", pasted)
    page.click("#text-open")
    page.wait_for_selector("#text-panel", state="hidden")
    assert page.evaluate("window.tabby_position()") == game.format(pos)
    assert page.evaluate("window.tabby_moves()") == " ".join(map(str, line))
    assert page.inner_text("#deal-number") == "5" and page.inner_text("#move-count") == "30"
    assert page.inner_text("#status").startswith("Opened from text: Spider")
    assert cli_position(play_text(read_play_text(pasted)), capsys) == game.format(pos)
    assert page.evaluate("document.activeElement.closest('#table') !== null")
    assert not page.errors, page.errors


@pytest.mark.parametrize("text, why", [
    ("<img src=x onerror=alert(1)>", "is not a deal number"),
    ("play 3 deal <b>1>2</b>", "is not a move"),
    ("play 3 1>2", "cannot be played"),
    ("play --game klondike 3", "unknown game"),
    ("x" * 400_001, "too large"),
])
def test_bad_text_is_refused_in_the_panel_and_the_board_stays(page, text, why):
    page.evaluate("window.tabby_start(3, 'tabbycat')")
    page.evaluate("window.tabby_play('deal')")
    before = page.evaluate("window.tabby_position()")
    open_panel(page)
    page.evaluate("t => { document.querySelector('#text-area').value = t; }", text)
    page.click("#text-open")
    page.wait_for_function("document.querySelector('#text-status').textContent !== ''")
    said = page.inner_text("#text-status")
    assert said.startswith("That text cannot be opened") and why in said, said
    assert "your game is unchanged" in said
    assert page.locator("#text-panel").is_visible()
    assert page.locator("#text-panel img, #text-panel b").count() == 0
    assert page.evaluate("window.tabby_position()") == before
    page.click("#text-close")
    assert not page.errors, page.errors


def test_the_panel_at_320_px_in_the_dark(browser, server):
    p = new_page(browser, viewport={"width": 320, "height": 640}, color_scheme="dark")
    boot(p, server + "/?deal=3&game=spider2&lang=es")
    p.click("#stats")
    p.click("#game-text")
    p.wait_for_selector("#text-panel:not([hidden])")
    assert p.inner_text("#text-title") == "Partida como texto"
    box = p.evaluate("""() => { const r = document.querySelector('#text-panel .panel').getBoundingClientRect();
                               return [r.left, r.right, document.documentElement.scrollWidth]; }""")
    assert box[0] >= 0 and box[1] <= 320 and box[2] <= 320, box
    SHOTS.mkdir(exist_ok=True)
    p.screenshot(path=str(SHOTS / "game-text-320-dark-es.png"))
    assert not p.errors, p.errors
    p.context.close()

