"""Replays: the replay text and its one reader (solitaire.records.replay), and the viewer
the controller runs (solitaire.play.replay), driven as the page drives it."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire import get_game
from solitaire.engine.position import parse_line
from solitaire.play.controller import Controller
from solitaire.play.replay import Replay
from solitaire.records import replay as R
from solitaire.records import saved as S
from solitaire.records.readers import RecordError
from solitaire.records.saved import MemoryStore
from solitaire.records.stats import RECENT, recent_games
from solitaire.solver.daily import candidates, daily_deal
from strategies import GAME_IDS, game_walks, playout, winning_line
from test_play import drive, keys

# The longest address the site is served from, with room to spare.
ORIGIN = "https://tabbycat-solitaire.example.netlify.app/index.html"


def controller(store=None, today="2026-11-30"):
    clock = iter(range(1, 10**9))
    return Controller(store if store is not None else MemoryStore(), now=lambda: next(clock),
                      today=lambda: today, random=lambda: next(clock))


# -- the text and its reader -----------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_encode_then_read_gives_the_same_moves(game_id, data):
    """For random legal games of every game (a deal, often part or all of a winning line,
    then random moves), the replay text reads back to the same game, deal and moves."""
    game, number, _, moves = data.draw(game_walks(game_id))
    daily = data.draw(st.sampled_from([None, "2027-01-01"]))
    text = R.encode(game, number, moves, daily)
    assert text is not None and len(text) <= R.MAX_CHARS
    got = R.read_replay(text)
    assert (got.game, got.deal, got.daily, got.moves) == (game, number, daily, moves)


def long_game(game, number, seed, length=200):
    """``length`` legal moves from deal ``number``: random moves, the greedy ones of
    :func:`strategies.playout` first, stepping back from a position with no move (a won
    or blocked game) to try another."""
    from solitaire.engine.rng import SplitMix64
    rng = SplitMix64(seed)
    _, moves = playout(game, game.deal(number), seed, length, 50)
    positions = [game.deal(number)]
    for move in moves:
        positions.append(game.apply(positions[-1], move))
    tried = [set() for _ in positions]
    while len(moves) < length:
        legal = [m for m in game.legal_moves(positions[-1]) if m not in tried[-1]]
        if not legal:
            positions.pop(), tried.pop()
            tried[-1].add(moves.pop())
            continue
        move = legal[rng.below(len(legal))]
        moves.append(move)
        positions.append(game.apply(positions[-1], move))
        tried.append(set())
    return moves


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=10)
@given(seed=st.integers(0, 2**64 - 1), number=st.integers(1, 2**64 - 1))
def test_a_200_move_game_fits_a_link_under_600_characters(game_id, seed, number):
    """A 200-move game (a daily's date too) gives a link under 600 characters, with the
    longest address the site has, and reads back."""
    game = get_game(game_id)
    moves = long_game(game, number, seed)
    for daily in (None, "2027-01-01"):
        text = R.encode(game, number, moves, daily)
        link = ORIGIN + R.link(text)
        assert len(link) < 600, (len(link), link)
        assert R.read_replay(text).moves == moves


def test_the_longest_200_move_link():
    """The bound by construction: an index below 1,024 takes two characters at most (no
    game lists as many legal moves), so 200 moves of the longest game id and deal number
    with a date make a link under 600 characters."""
    header = f"{'tabbycat-relaxed'}.2027-01-01.{2**64 - 1}.200."
    assert len(ORIGIN + R.FRAGMENT + header + "gB" * 200) < 600


def test_a_pinned_replay_reads_the_same_moves():
    """The engine's order of legal moves is part of the format: a published link keeps
    its meaning (a change to the order of legal_moves breaks this test, and old links)."""
    line = parse_line(PINNED_LINE)
    assert R.encode(get_game("tabbycat"), 7937, line) == PINNED
    assert R.read_replay(PINNED).moves == line


PINNED_LINE = ("deal 3>t deal 2>4 2>4 1>4*2 deal deal 3>1 deal 4>1 3>4*2 3>2 t>1 4>1*4 4>t*5 "
               "1>4*10 4>2*6 2>3 deal 1>3 deal 2>3*2 deal deal 4>3 4>2*2 2>3*3 4>2 deal t>1*5 "
               "deal 4>t*2 4>3*5 3>4*6 4>3*7 t>4*2 3>t*8 2>3 2>3*3 3>2*9 4>3*2 3>4*3 1>3 4>2*3 "
               "t>4*8 4>3*5 deal 3>t 1>3 t>1 3>1*10 2>t 2>4*6 1>2*4 2>1*5 3>2*2 3>4*2 2>3*3 "
               "t>2 2>4*2 1>4*6 1>3 4>1*4 4>3*3 1>3*6")
PINNED = "tabbycat.7937.66.EECACABBBCBBCCPWCBADACBCACDBBDBMECDCMLAADBHAEVbgBCAFVFCAABCJEILBTbQ"


def moves_of(text):
    return " ".join(str(m) for m in R.read_replay(text).moves)


GOOD = R.encode(get_game("manx"), 5, parse_line("deal deal"))   # "manx.5.2.FG"

BAD = [  # (text, catalogue key of the reason)
    ("", "rec_replay_form"),
    ("manx", "rec_replay_form"),
    ("manx.5", "rec_replay_form"),
    ("manx.5.2", "rec_replay_form"),
    ("manx.5.2.A A", "rec_replay_form"),
    ("manx.5.2.A<b>", "rec_replay_form"),
    ("MANX.5.2.AA", "rec_replay_form"),
    ("manx.-5.2.AA", "rec_replay_form"),
    ("manx.5.2.AA.", "rec_replay_form"),
    ("manx.5.999999.AA", "rec_replay_form"),
    ("klondike.5.2.AA", "rec_replay_game"),
    ("manx.0.2.AA", "rec_replay_deal"),
    ("manx.18446744073709551616.2.AA", "rec_replay_deal"),
    ("manx.2027-02-30.5.2.AA", "rec_replay_daily"),
    ("manx.5.2.A", "rec_replay_short"),
    ("manx.5.2.", "rec_replay_short"),
    ("manx.5.2.Ag", "rec_replay_short"),       # a digit that says another follows
    ("manx.5.2.AAA", "rec_replay_extra"),
    ("manx.5.2.Af", "rec_replay_illegal"),     # index 31 of the second position's moves
    ("manx.5.1.gggggggB", "rec_replay_form"),  # an index of more than 30 bits
    ("manx.5.2." + "A" * R.MAX_CHARS, "rec_replay_too_long"),
]


@pytest.mark.parametrize("text,key", BAD)
def test_a_bad_replay_is_refused_with_its_reason(text, key):
    with pytest.raises(RecordError) as e:
        R.read_replay(text)
    assert e.value.args[0].key == key


def test_an_illegal_move_is_named_by_its_number():
    line = parse_line("deal deal deal")
    text = R.encode(get_game("manx"), 5, line)
    bad = text[:-1] + "f"
    with pytest.raises(RecordError) as e:
        R.read_replay(bad)
    assert e.value.args[0].key == "rec_replay_illegal" and e.value.args[0].params["number"] == 3
    assert GOOD == "manx.5.2.FG" and moves_of(GOOD) == "deal deal"


def test_a_move_the_engine_does_not_list_has_no_replay():
    game = get_game("manx")
    assert R.encode(game, 5, parse_line("1>1")) is None


# -- the viewer ------------------------------------------------------------------------------

def won_game(game_id="tabbycat", number=7937, store=None):
    """A controller whose game in progress is ``number`` played to a win."""
    c = controller(store)
    c.boot(f"?deal={number}&game={game_id}")
    c.set_pref("autoplay", False)
    for move in winning_line(game_id, number):
        ans = c.play(move)
        assert ans.handled
    assert c.session.won
    return c


@pytest.mark.parametrize("game_id", ["tabbycat", "tuxedo", "spider1"])
def test_a_won_game_replays_to_the_same_board_forward_and_back(game_id):
    c = won_game(game_id)
    s = c.session
    ans = c.replay_game()
    assert ans.replay.at == 0 and ans.replay.total == len(s.moves)
    assert ans.address == R.link(R.encode(s.game, s.deal, s.moves))
    assert c.shown.position == s.positions[0]
    for i, move in enumerate(s.moves, 1):
        ans = c.key("ArrowRight")
        assert ans.handled and ans.replay.at == i and c.shown.position == s.positions[i]
        assert ans.steps == [(move, s.positions[i])] and ans.frames[-1] == s.positions[i]
        assert ans.announce  # each step said like a move
    assert ans.replay.end.key == "replay_end_won" and not ans.replay.can_resume
    assert not c.key("ArrowRight").replay.playing
    for i in range(len(s.moves) - 1, -1, -1):
        ans = c.key("ArrowLeft")
        assert ans.replay.at == i and c.shown.position == s.positions[i]
        assert ans.announce[0].key in ("replay_back_move", "replay_back_deal")
    assert c.key("End").replay.at == len(s.moves) and c.shown.position == s.position
    assert c.key("Home").replay.at == 0
    assert c.replay_action("seek", 5).replay.at == 5 and c.shown.position == s.positions[5]


def test_play_pause_and_speed():
    c = won_game()
    c.replay_game()
    ans = c.key(" ")
    assert ans.replay.playing and ans.replay.delay == 900
    assert c.replay_action("speed", "4").replay.delay == 225
    assert not c.replay_action("speed", "3").handled
    steps = 0
    while (ans := c.replay_action("tick")).handled:
        steps += 1
    assert steps == c.replay.total and not c.replay.playing
    assert c.replay_action("play").replay.at == 0  # play at the end starts again
    assert not c.replay_action("pause").replay.playing
    assert not c.replay_action("tick").handled


def test_a_replay_never_touches_the_game_in_progress():
    """While a replay shows, the saved game is not written, the table's moves are
    refused, the clock waits; closing it gives the game back as it was."""
    store = MemoryStore()
    c = controller(store)
    c.boot("?deal=3&game=tabbycat")
    for move in parse_line("deal"):
        c.play(move)
    saved = store.get(S.SAVE_KEY)
    other = R.encode(get_game("manx"), 9, parse_line("deal deal"))
    ans = c.open_replay(other)
    assert ans.relayout and c.shown.game.id == "manx" and c.game.id == "tabbycat"
    for intent in (c.undo, c.redo, c.restart, c.hint, c.deal, c.still_winnable,
                   lambda: c.click("pile-1", 0), lambda: c.tap("pile-1", 0),
                   lambda: c.drop("pile-1", 1, "pile-2"), lambda: c.tick(30)):
        ans = intent()
        assert not ans.handled
    assert c.drag_targets("pile-1", 0) == (0, [])
    c.replay_action("end")
    assert store.get(S.SAVE_KEY) == saved
    c.leave_page()  # the page hidden: the game in progress is saved, as it was
    assert {**json.loads(store.get(S.SAVE_KEY)), "rev": 0} == {**json.loads(saved), "rev": 0}
    ans = c.key("Escape")
    assert ans.replay == "closed" and ans.relayout and c.replay is None
    assert ans.address == "?deal=3&game=tabbycat" and len(c.session.moves) == 1


def test_a_new_deal_closes_the_replay_first():
    c = controller()
    c.boot("?deal=3")
    c.set_pref("winnable", False)
    c.open_replay(GOOD)
    ans = c.new_deal()
    assert ans.replay == "closed" and c.replay is None and c.session.deal != 3


def test_play_from_here_is_a_new_game_in_the_statistics():
    """Play from here starts a game of its own at the position shown: the replayed game
    keeps its result (won), the new one counts once when it ends, never as the replayed one."""
    store = MemoryStore()
    c = won_game(store=store)
    won = c.session
    c.replay_game()
    c.replay_action("seek", 20)
    ans = c.replay_action("from_here")
    assert ans.replay == "closed" and c.replay is None
    s = c.session
    assert s.id != won.id and s.moves == won.moves[:20] and s.daily is None and not s.recorded
    assert ans.address == "?deal=7937&game=tabbycat"
    assert json.loads(store.get(S.SAVE_KEY))["moves"] == [str(m) for m in won.moves[:20]]
    c.set_pref("winnable", False)
    c.new_deal()  # leaves the new game: it counts as lost, once
    results = [r for r in c.stats["results"] if r["game"] == "tabbycat"]
    assert [(r["id"], r["won"], r["moves"]) for r in results] == [(won.id, True, len(won.moves)),
                                                                   (s.id, False, 20)]


def test_play_from_here_refuses_the_won_position():
    c = won_game()
    c.replay_game()
    c.replay_action("end")
    ans = c.replay_action("from_here")
    assert not ans.handled and ans.status[0].key == "replay_from_won" and c.replay is not None


def test_a_line_from_mid_game_shows_and_goes_on_with_the_same_game():
    """The viewer's API for a line that starts mid-game (Show me a win): the table shows
    the position the line starts from; play from here with ``resume_id`` goes on with
    the game in progress."""
    c = controller()
    c.boot("?deal=7937&game=tabbycat")
    line = winning_line("tabbycat", 7937)
    for move in line[:10]:
        c.play(move)
    start = c.session.position
    ans = c.show_replay(Replay.from_session(c.session, line[10:], resume_id=c.session.id))
    assert ans.replay.total == len(line) - 10 and c.shown.position == start
    assert ans.address is None  # a line has no link of its own
    c.replay_action("seek", 3)
    id_ = c.session.id
    c.replay_action("from_here")
    assert c.session.id == id_ and c.session.moves == list(line[:13])


def test_recent_games_are_kept_and_open():
    store = MemoryStore()
    c = won_game(store=store)
    stored = json.loads(store.get(S.STATS_KEY))
    entry = recent_games(stored, "tabbycat")[0]
    assert entry["won"] and entry["replay"] == R.encode(c.game, 7937, c.session.moves)
    c.set_pref("winnable", False)
    for _ in range(RECENT + 2):  # games left after a move: lost, kept too
        c.new_deal()
        c.deal()
    c.new_deal()
    kept = recent_games(c.stats, "tabbycat")
    assert len(kept) == RECENT and not any(e["won"] for e in kept)
    ans = c.replay_recent("tabbycat", kept[0]["id"])
    assert ans.replay.total == 1
    assert not c.replay_recent("tabbycat", "nope").handled


def test_a_replay_link_opens_at_boot_over_the_saved_game():
    store = MemoryStore()
    c = controller(store)
    c.boot("?deal=3")
    c.deal()
    saved = store.get(S.SAVE_KEY)
    tab = controller(store)
    ans = tab.boot("", R.link(GOOD))
    assert ans.replay.total == 2 and tab.shown.game.id == "manx" and tab.session.deal == 3
    assert ans.address == R.link(GOOD)
    assert store.get(S.SAVE_KEY) == saved


@pytest.mark.parametrize("text,key", BAD + [("tabbycat.2099-01-01.5.0.", "rec_replay_daily_later"),
                                            ("tabbycat.2026-06-01.5.0.", "rec_replay_daily_deal")])
def test_a_bad_link_gets_a_message_and_a_playable_board(text, key):
    c = controller()
    ans = c.boot("?deal=4", R.link(text))
    assert c.replay is None and c.session.deal == 4
    assert ans.status[-1].key == "bad_replay_link" and ans.status[-1].params["why"].key == key
    assert ans.address == "?deal=4&game=tabbycat"
    assert c.deal().handled


def test_a_daily_replay_names_its_day():
    day = "2027-01-01"
    number = next(iter(candidates(day, "manx")))
    text = R.encode(get_game("manx"), number, parse_line("deal"), day)
    c = controller(today="2027-01-02")
    ans = c.boot("", R.link(text))
    assert ans.replay.title.key == "replay_title_daily" and c.replay.daily == day
    c.replay_action("from_here")
    assert c.session.daily is None and c.session.deal == number


def test_a_bad_link_while_a_replay_shows_keeps_the_replay():
    c = controller()
    c.boot("?deal=4", R.link(GOOD))
    ans = c.open_fragment(R.link("manx.5.2.A"))
    assert ans.status[-1].key == "bad_replay_link" and c.replay.text == GOOD
    assert ans.address == R.link(GOOD)


def test_a_game_longer_than_a_replay_holds_has_none():
    game = get_game("tabbycat")
    assert R.encode(game, 1, [game.legal_moves(game.deal(1))[0]] * (R.MAX_CHARS + 1)) is None


def test_the_replay_link_is_the_shown_replays_else_the_games_in_progress():
    c = won_game()
    s = c.session
    own = R.link(R.encode(s.game, s.deal, s.moves))
    assert c.replay_link() == own
    c.set_pref("winnable", False)
    c.new_deal()
    c.deal()
    c.replay_recent("tabbycat", s.id)
    assert c.replay_link() == own  # the replay shown, not the new game
    c.replay_action("close")
    assert c.replay_link() == R.link(R.encode(c.session.game, c.session.deal, c.session.moves))


def test_a_daily_replays_title_gives_its_day_and_its_moves():
    day = "2027-01-01"
    number = next(iter(candidates(day, "manx")))
    text = R.encode(get_game("manx"), number, parse_line("deal deal"), day)
    c = controller(today="2027-01-02")
    ans = c.boot("", R.link(text))
    assert ans.replay.title.params == {"day": day, "total": 2}


def test_the_slider_seeks_with_its_text_value_and_a_bad_value_is_ignored():
    """The slider gives its value as text: it seeks there and redraws the board."""
    c = won_game()
    s = c.session
    c.replay_game()
    ans = c.replay_action("seek", "7")
    assert ans.board and ans.replay.at == 7 and c.shown.position == s.positions[7]
    assert ans.announce[-1].key == "replay_at" and ans.announce[-1].params["at"] == 7
    assert not c.replay_action("seek", "seven").handled and c.replay.at == 7


def test_play_from_here_counts_the_game_it_leaves_as_lost_and_says_how_far_it_went():
    c = won_game()
    won = c.session
    c.set_pref("winnable", False)
    c.new_deal()
    c.deal()
    left = c.session
    c.replay_recent("tabbycat", won.id)
    c.replay_action("seek", 12)
    ans = c.replay_action("from_here")
    assert "replay_resumed" in [m.key for m in ans.status]
    assert [m.params for m in ans.status if m.key == "replay_resumed"] == [{"moves": 12}]
    results = [(r["id"], r["won"]) for r in c.stats["results"] if r["game"] == "tabbycat"]
    assert results == [(won.id, True), (left.id, False)]


def test_a_daily_chosen_while_a_replay_shows_closes_it_and_deals_the_daily():
    c = won_game()
    c.replay_game()
    ans = drive(c, c.daily("2026-02-03"))
    assert ans.replay == "closed" and c.replay is None and "daily_started" in keys(ans)
    assert c.session.daily == "2026-02-03" and c.session.deal == daily_deal("2026-02-03", "tabbycat")
