"""What the README's *Playing* section promises a player, in the controller (CPython):
every key, every setting's default, every number the text gives. docs/testing.md keeps
the table of claims and the tests (here and elsewhere) that pin each one."""

import json

import pytest

from solitaire import Move, get_game
from solitaire.play import questions as Q
from solitaire.records import saved as S
from solitaire.records import stats as ST
from solitaire.words.text import render
from test_play import keys, run, tab


def started(game_id="tabbycat", deal=1, autoplay=False):
    c = tab()
    c.boot(f"?deal={deal}&game={game_id}")
    c.set_pref("autoplay", autoplay)
    return c


def last_move(c):
    return c.session.moves[-1] if c.session.moves else None


# -- keys -------------------------------------------------------------------------------------

@pytest.mark.parametrize("first,second", [("1", "4"), ("1", "4"), ("4", "2")])
def test_a_piles_number_picks_it_then_a_piles_number_targets(first, second):
    """Tabby Cat deal 1: 1>4 and 4>2 are legal; the first key picks, the second moves."""
    c = started()
    ans = c.key(first)
    assert ans.handled and c.selected == f"pile-{first}" and not c.session.moves
    c.key(second)
    assert last_move(c) == Move(f"pile-{first}", f"pile-{second}", 1) and c.selected is None


def test_zero_is_the_tenth_pile():
    c = started("spider1")
    c.key("0")
    assert c.selected == "pile-10"
    c.key("escape")
    c.key("1")
    assert c.selected == "pile-1"


def test_t_is_the_tail():
    c = started()
    c.key("1")
    c.key("t")
    assert last_move(c) == Move("pile-1", "tail", 1)
    c.key("T")     # a letter key works in either case
    assert c.selected == "tail"


def test_c_is_the_cells_and_f_the_foundations():
    """Tuxedo deal 1: pile 2's Ace goes to a foundation with 2 then F, and a card goes to
    the first free cell with a pile's number then C."""
    c = started("tuxedo")
    c.key("2")
    c.key("f")
    assert last_move(c) == Move("pile-2", "foundation-1", 1)
    c.key("3")
    c.key("c")
    assert last_move(c) == Move("pile-3", "cell-1", 1)
    c.key("C")
    assert c.selected == "cell-1"


def test_d_deals():
    c = started()
    stock = len(c.session.position.stock)
    assert c.key("d").handled and last_move(c).is_deal
    assert len(c.session.position.stock) == stock - 4
    c.key("D")
    assert len(c.session.position.stock) == stock - 8


@pytest.mark.parametrize("undo,redo", [(("u", False), ("r", False)), (("U", False), ("R", False)),
                                       (("z", True), ("y", True))])
def test_u_and_ctrl_z_undo_r_and_ctrl_y_redo(undo, redo):
    c = started()
    c.key("d")
    c.key("d")
    assert len(c.session.moves) == 2
    assert c.key(undo[0], ctrl=undo[1]).handled and len(c.session.moves) == 1
    assert c.key(redo[0], ctrl=redo[1]).handled and len(c.session.moves) == 2
    assert not c.session.undone


def test_h_asks_for_a_hint():
    c = started()
    c.key("h")
    assert c.tasks == 1 and (c.task is None or c.task[0] == "hint")
    run(c)
    assert c.hint_move is not None and c.hint_move in c.game.legal_moves(c.session.position)


def test_n_deals_a_new_board_proved_winnable_by_default():
    c = started()
    ans = c.key("n")
    assert c.tasks == 1 and (c.task is None or c.task[0] == "new_deal")
    ans = run(c) or ans
    assert c.session.deal != 1 and "deal_proved" in keys(ans)


def test_esc_drops_the_choice():
    c = started()
    c.key("1")
    assert c.selected == "pile-1"
    assert c.key("Escape").handled is not False and c.selected is None
    c.key("4")
    assert not c.session.moves and c.selected == "pile-4"  # a new pick, no move


def test_enter_on_a_focused_place_moves_its_cards():
    c = started()
    want = c.game.click_move(c.session.position, "pile-1", 0)
    c.key("Enter", focused="pile-1")
    assert last_move(c) == want
    c.key("Enter", focused="stock")
    assert last_move(c).is_deal


def test_single_key_shortcuts_are_on_by_default_and_off_leaves_ctrl_z():
    c = started()
    assert c.prefs["shortcuts"] is True
    c.set_pref("shortcuts", False)
    for k in "1tcfdurhn":
        assert not c.key(k).handled
    assert not c.session.moves and c.task is None
    c.key("Enter", focused="stock")
    assert c.key("z", ctrl=True).handled and not c.session.moves


def test_a_key_with_alt_or_ctrl_is_not_a_shortcut():
    c = started()
    assert not c.key("d", ctrl=True).handled and not c.key("d", alt=True).handled
    assert not c.session.moves


# -- settings ---------------------------------------------------------------------------------

def test_the_settings_defaults():
    """Winnable on, Auto-play on, the four-colour deck off, the theme following the
    system, single-key shortcuts on, *Tap a card, then its place* off, any difficulty."""
    c = tab()
    c.boot("")
    assert c.prefs == S.DEFAULT_PREFS
    assert c.prefs["winnable"] is True and c.prefs["autoplay"] is True
    assert c.prefs["four_colour"] is False and c.prefs["theme"] is None
    assert c.prefs["shortcuts"] is True and c.prefs["choose_first"] is False
    assert c.prefs["difficulty"] is None
    assert c.prefs["lang"] is None     # the language: else ?lang= or the browser's
    assert c.prefs["motion"] is None   # card motion: the system's (off under reduced motion)


def test_card_motion_is_slow_normal_fast_or_off_else_the_systems():
    c = tab()
    c.boot("")
    for value in ("slow", "normal", "fast", "off"):
        c.set_pref("motion", value)
        assert c.prefs["motion"] == value
    c.set_pref("motion", "warp")
    assert c.prefs["motion"] is None
    assert json.loads(c.store.get(S.PREFS_KEY))["motion"] is None


def test_the_language_is_english_or_spanish_and_a_link_may_ask_for_it():
    from solitaire.records.readers import read_query
    c = tab()
    c.boot("")
    c.set_pref("lang", "fr")
    assert c.prefs["lang"] is None
    c.set_pref("lang", "es")
    assert c.prefs["lang"] == "es"
    assert read_query("?lang=es&deal=3").lang == "es" and read_query("?lang=en").lang == "en"
    assert read_query("?lang=fr").lang is None


@pytest.mark.parametrize("name,value", [("winnable", False), ("autoplay", False),
                                        ("four_colour", True), ("theme", "dark"),
                                        ("shortcuts", False), ("choose_first", True),
                                        ("difficulty", "hard"), ("lang", "es"),
                                        ("motion", "slow"), ("motion", "off")])
def test_every_setting_is_remembered(name, value):
    c = tab()
    c.boot("")
    c.set_pref(name, value)
    again = tab(c.store, seed=2)
    again.boot("")
    assert again.prefs[name] == value
    assert json.loads(c.store.get(S.PREFS_KEY))[name] == value


def test_with_winnable_off_new_deal_deals_at_once():
    c = started()
    c.set_pref("winnable", False)
    ans = c.new_deal()
    assert c.task is None and c.session.deal != 1 and ans.relayout is not None


def test_autoplay_on_sends_safe_cards_up_each_a_move_undo_takes_back():
    """Tuxedo with Auto-play on (the default): after a move, cards go up by themselves,
    each as a move of its own."""
    tux = get_game("tuxedo")
    n, move = next((n, m) for n in range(1, 200) for m in tux.legal_moves(tux.deal(n))
                   if not m.dst.startswith("foundation") and tux.auto_move(tux.apply(tux.deal(n), m)))
    on, off = started("tuxedo", n, autoplay=True), started("tuxedo", n)
    on.play(move)
    off.play(move)
    assert len(on.session.moves) > len(off.session.moves) == 1
    assert all(m.dst.startswith("foundation") for m in on.session.moves[1:])
    extra = len(on.session.moves) - 1
    on.undo()
    assert len(on.session.moves) == extra   # one undo takes back one auto-move


# -- numbers ---------------------------------------------------------------------------------

def test_new_deal_with_a_difficulty_tries_at_most_30_deals():
    assert Q.RATED_TRIES == 30
    c = started()
    c.set_pref("difficulty", "hard")
    c.new_deal()
    job = c.job()
    assert job is not None and job["kind"] == "rated_deal" and len(job["numbers"]) == 30


def test_the_chart_shows_the_last_30_results():
    assert ST.CHART == 30


def test_the_statistics_record_and_its_backup_keys():
    assert S.STATS_KEY == "tabbycat.stats.v2" and S.STATS_BACKUP_KEY == "tabbycat.stats.backup"


def test_the_stats_panel_figures():
    """played, won, win rate, current and best streak, best time, fewest moves, the
    daily streak."""
    s = ST.new_stats()
    ST.record(s, "tabbycat", True, 90, 300, "2026-11-28", daily="2026-11-28", id="a")
    ST.record(s, "tabbycat", True, 80, 200, "2026-11-29", daily="2026-11-29", id="b")
    ST.record(s, "tabbycat", False, 10, 50, "2026-11-29", id="c")
    got = ST.summary(s, "tabbycat", "2026-11-30")
    assert got == {"played": 3, "won": 2, "win_rate": 2 / 3, "streak": 0, "best_streak": 2,
                   "best_time": 200, "fewest_moves": 80, "daily_streak": 2}


# -- links and sharing -------------------------------------------------------------------------

def test_share_gives_a_link_to_the_board():
    c = started("manx", 77)
    assert c.link() == "?deal=77&game=manx"
    d = tab()
    d.boot("?daily=2026-11-02&game=tabbycat")
    run(d)
    assert d.link() == "?daily=2026-11-02&game=tabbycat"
    again = tab()
    again.boot(c.link())
    assert again.session.deal == 77 and again.game.id == "manx"


def test_a_shared_result_names_the_game_the_deal_or_date_the_moves_and_the_time():
    c = started("manx", 77)
    c.key("d")
    c.key("d")
    c.tick(125)
    text = render(c.share_text().key, c.share_text().params)
    assert "Manx" in text and "77" in text and "2 moves" in text and "2:05" in text
    d = tab()
    d.boot("?daily=2026-11-02&game=tabbycat")
    run(d)
    text = render(d.share_text().key, d.share_text().params)
    assert "Tabby Cat" in text and "2026-11-02" in text
    assert str(d.session.deal) not in text   # a daily's result names the date, not the deal


# -- the table's numbers (web/geometry.py runs under CPython; web/table.py is read) ---------------

def web_constants(name):
    import ast
    from conftest import ROOT
    tree = ast.parse((ROOT / "web" / name).read_text())
    return {t.id: ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
            for t in node.targets if isinstance(t, ast.Name)
            and isinstance(node.value, ast.Constant)}


def test_the_table_numbers_the_readme_gives():
    """Cards up to 180 px wide; a fan of up to 44 px a card or 0.28 of a card's height; on
    a phone (under 600 px) strips of at least 24 px."""
    import sys
    from conftest import ROOT
    sys.path.insert(0, str(ROOT / "web"))
    import geometry as geo
    assert geo.CW_MAX == 180 and geo.ROOMY_PX == 44 and geo.UP_STEP == 0.28
    assert geo.TARGET_PX == 24 and geo.NARROW == 600
    game = get_game("tabbycat")
    pos = game.deal(1)
    piles = {p.name: (len(game.get(pos, p.name)), game.face_down(pos, p.name)) for p in game.layout()}
    huge = geo.plan(game.layout(), piles, *geo.room(4000, 10, 60, 3000))
    assert huge.cw == 180    # the cards stop growing at 180 px


def test_every_slide_ends_under_250_ms():
    """A card's slide plus the stagger of many cards' starts stay under 250 ms."""
    table = web_constants("table.py")
    assert table["MOVE_MS"] + table["STAGGER_MS"] < 250


def test_card_motion_scales_the_durations_as_the_readme_says():
    """180 ms a card at the normal *Card motion*, twice as long slow, half fast, none off."""
    import ast
    from conftest import ROOT
    table = web_constants("table.py")
    assert table["MOVE_MS"] == 180
    tree = ast.parse((ROOT / "web" / "table.py").read_text())
    scale = next(ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                 and any(getattr(t, "id", None) == "MOTION_SCALE" for t in node.targets))
    assert scale == {"slow": 2.0, "normal": 1.0, "fast": 0.5, "off": 0.0}
    assert tuple(scale) == S.MOTIONS  # the choices the settings record takes


def test_winnable_new_deal_tries_40_deals_and_four_suit_spider_gives_each_less():
    """New deal with Winnable on tries up to 40 random deals, each proved within the game's
    budget; four-suit Spider, where a proof is dearest, gives each candidate a smaller one."""
    from solitaire.play.controller import Controller
    assert Controller.WINNABLE_TRIES == 40
    for game_id in ("tabbycat", "spider4"):
        c = started(game_id)
        c.offload = True     # the job as the worker would get it
        c.new_deal()
        job = c.job()
        assert job["kind"] == "new_deal" and len(job["numbers"]) == 40
        assert len(set(job["numbers"])) == 40
        assert job["winnable"] == c.game.winnable_budget
    assert get_game("spider4").winnable_budget == 40_000 < get_game("tabbycat").winnable_budget == 100_000
