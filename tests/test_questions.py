"""The controller's questions beyond a plain hint: Spider's Hint from what the player
sees, "is this deal still winnable?" with full knowledge, and difficulty (the board's
rating, the dailies', New deal asking for one)."""

import json

from solitaire import get_game
from solitaire.solver.daily import candidates
from solitaire.solver.hints import difficulty, visible
from solitaire.engine.position import Position
from solitaire.records.saved import DAILY_KEY, PREFS_KEY, MemoryStore
from test_catalogue import check_answer
from test_play import drive, keys, lost_line, run, tab


def swapped(pos: Position) -> Position:
    """``pos`` with the bottom face-down cards of two piles exchanged: it looks the same."""
    piles = [list(p) for p in pos.piles]
    i, j = [k for k, h in enumerate(pos.hidden) if h][:2]
    piles[i][0], piles[j][0] = piles[j][0], piles[i][0]
    return Position(piles=tuple(map(tuple, piles)), cells=pos.cells, stock=pos.stock,
                    foundations=pos.foundations, hidden=pos.hidden)


def spider(position=None):
    c = tab()
    c.HINT_BUDGET = 20_000
    c.boot("?deal=3&game=spider1")
    if position is not None:
        c.session.positions[0] = position
    return c


def test_spiders_hint_does_not_know_the_face_down_cards():
    """Two boards that look the same to the player (face-down cards exchanged) get the
    same hint and the same words; the words say it is a guess, not a proof."""
    real = get_game("spider1").deal(3)
    other = swapped(real)
    assert other != real and visible(get_game("spider1"), other) == visible(get_game("spider1"), real)
    said = []
    for pos in (real, other):
        c = spider(pos)
        ans = drive(c, c.hint())
        check_answer(ans, "fair hint")
        said.append((c.hint_move, [(m.key, m.params) for m in ans.status]))
    assert said[0] == said[1]
    move, status = said[0]
    assert status[-1][0] in ("hint_fair_move", "hint_fair_deal", "hint_fair_none")
    assert move is not None and move in get_game("spider1").legal_moves(real)
    assert status[-1][1]["samples"] == 4 and 1 <= status[-1][1]["wins"] <= 4


def test_spiders_hint_runs_in_slices_and_cancels():
    c = spider()
    c.SLICE = 500
    ans = c.hint()
    assert ans.search.label.key == "looking_for_fair_hint" and c.task is not None
    ans = c.cancel()
    assert c.task is None and ans.search_done and c.hint_move is None


def test_still_winnable_uses_full_knowledge_and_marks_no_move():
    """The separate question says yes with a proof of the real position, and shows no move."""
    c = spider()
    c.HINT_BUDGET, c.SLICE = 100_000, 100
    first = c.still_winnable()
    assert first.search.label.key == "checking_winnable"
    ans = drive(c, first)
    check_answer(ans, "still winnable")
    assert keys(ans)[-1] == "still_winnable_yes" and c.hint_move is None


def test_still_winnable_on_a_lost_position_offers_the_last_winnable_one():
    c = tab()
    c.boot("?deal=1")
    line = lost_line()
    for move in line:
        c.play(move)
    ans = drive(c, c.still_winnable())
    check_answer(ans, "still winnable, lost")
    assert "no_line" in keys(ans) and ans.offer.text.key == "offer_undo_one"
    c.answer_offer("yes")
    assert c.session.moves == list(line[:-1])


def test_the_check_is_dropped_by_a_move_and_cancelled_by_cancel():
    c = tab()
    c.SLICE = 50
    c.boot("?deal=2")
    c.still_winnable()
    ans = c.deal()
    assert "check_dropped" in keys(ans) and c.task is None
    c.still_winnable()
    assert "check_cancelled" in keys(c.cancel())


def test_the_board_is_rated_in_slices_as_difficulty_rates_it():
    for game_id, deal in (("tabbycat", 5), ("spider1", 3), ("tuxedo", 2)):
        c = tab()
        c.boot(f"?deal={deal}&game={game_id}")
        assert c.rating() is None and c.rating_wanted()
        steps, rated = 0, False
        while c.rating_wanted():
            rated |= c.rate_step().rated
            steps += 1
        assert rated and c.rating() == difficulty(get_game(game_id), deal)
        assert steps > 1   # it took more than one slice


def test_new_deal_asks_for_a_difficulty_deterministically():
    """Difficulty hard with Winnable on: the deal is rated hard and proved winnable;
    the same random numbers give the same deal."""
    found = []
    for _ in range(2):
        c = tab()
        c.boot("?deal=1")
        c.set_pref("difficulty", "hard")
        ans = drive(c, c.new_deal())
        check_answer(ans, "rated new deal")
        assert keys(ans)[-1] == "deal_hard_proved"
        assert c.rating() == "hard" == difficulty(c.game, c.session.deal)
        assert not c.rating_wanted()   # the search's rating was kept: shown at once
        found.append(c.session.deal)
    assert found[0] == found[1] != 1


def test_a_difficulty_no_deal_has_is_given_up_after_its_tries(monkeypatch):
    """Four-suit Spider's greedy player wins nothing, so no deal rates easy: New deal
    says so after its tries (counted, not timed), and the board stays."""
    import solitaire.play.questions as Q
    monkeypatch.setattr(Q, "RATED_TRIES", 3)
    c = tab()
    c.boot("?deal=2&game=spider4")
    c.set_pref("difficulty", "easy")
    ans = drive(c, c.new_deal())
    check_answer(ans, "no rated deal")
    assert keys(ans)[-1] == "no_easy_found" and ans.status[-1].params["tries"] == 3
    assert c.session.deal == 2


def test_the_difficulty_setting_is_kept_and_a_bad_one_is_refused():
    store = MemoryStore()
    c = tab(store)
    c.boot("")
    c.set_pref("difficulty", "medium")
    assert json.loads(store.get(PREFS_KEY))["difficulty"] == "medium"
    c.set_pref("difficulty", "impossible")
    assert c.prefs["difficulty"] is None
    store.set(PREFS_KEY, json.dumps({"difficulty": "trivial"}))
    c = tab(store)
    ans = c.boot("")
    assert c.prefs["difficulty"] is None and "prefs_unreadable" in keys(ans)


def test_dailies_played_here_are_rated_in_the_background():
    """Each daily whose deal this browser knows (a candidate of its day, in the daily
    cache) is rated; a cached number that is no candidate of its day is not trusted."""
    store = MemoryStore()
    day = next(candidates("2026-11-29", "tabbycat"))
    store.set(DAILY_KEY, json.dumps({"tabbycat:2026-11-29": day, "tabbycat:2026-11-27": 2,
                                     "spider1:2026-11-28": next(candidates("2026-11-28", "spider1"))}))
    c = tab(store)
    c.boot("?deal=5")
    days = ["2026-11-27", "2026-11-28", "2026-11-29"]
    assert c.daily_ratings(days) == {"2026-11-29": None}
    while c.rating_wanted():
        c.rate_step()
    assert c.daily_ratings(days) == {"2026-11-29": difficulty(c.game, day)}
    assert c.rating() == difficulty(c.game, 5)


def test_every_sentence_of_a_rating_is_in_both_catalogues():
    """The keys built from a rating's name (``finding_easy``, ``deal_hard_proved``...)."""
    from solitaire.words.lang_en import ENGLISH
    from solitaire.words.lang_es import SPANISH
    from solitaire.play.questions import RATINGS
    from solitaire.records.saved import DIFFICULTIES
    assert RATINGS == DIFFICULTIES
    for r in RATINGS:
        for key in (f"finding_{r}", f"deal_{r}", f"deal_{r}_proved", f"no_{r}_found",
                    f"rating_{r}", f"ui_difficulty_{r}"):
            assert key in ENGLISH and key in SPANISH, key


# -- what a Spider hint that finds no win says ----------------------------------------------

def stuck_spider() -> Position:
    """A one-suit Spider position with nothing to do: eight Kings and two Aces on top,
    every other card face down beneath them, the stock empty. Every arrangement of the
    face-down cards is as stuck, so each search proves it lost."""
    cards = get_game("spider1").deal(3).cards()
    tops = [c for c in cards if c.rank == 13] + [c for c in cards if c.rank == 1][:2]
    rest = [c for c in cards if c not in tops]
    piles = [tuple(rest[i::10]) + (top,) for i, top in enumerate(tops)]
    return Position(piles=tuple(piles), stock=(), foundations=((),) * 8,
                    hidden=tuple(len(p) - 1 for p in piles))


def test_spiders_hint_says_a_position_looks_lost_and_offers_the_full_check():
    """Every guess lost within its budget: the position looks lost, and the check with
    every card known is offered; taking it runs that check (here: no win, and no earlier
    position either, since no move was made)."""
    pos = stuck_spider()
    assert get_game("spider1").legal_moves(pos) == []
    c = spider(pos)
    ans = drive(c, c.hint())
    check_answer(ans, "fair hint, lost")
    assert keys(ans) == ["hint_fair_lost"] and ans.status[0].params == {"samples": 4}
    assert c.hint_move is None
    assert ans.offer.kind == "full_check" and [a for a, _ in ans.offer.actions] == ["check", "no"]
    ans = drive(c, c.answer_offer("check"))
    check_answer(ans, "full check after the fair hint")
    assert keys(ans)[-2:] == ["no_line", "no_earlier_win"]


def test_the_offered_full_check_goes_with_its_board():
    c = spider(stuck_spider())
    ans = drive(c, c.hint())
    assert ans.offer.kind == "full_check"
    assert c.answer_offer("no").offer == "closed" and c.task is None


def test_spiders_hint_says_when_every_search_ran_out():
    """No guess won, none proved lost: the search ran out, which is not a loss."""
    c = spider()
    c.HINT_BUDGET = 400   # 100 positions a guess: too few to win deal 3
    ans = drive(c, c.hint())
    check_answer(ans, "fair hint, ran out")
    assert keys(ans) == ["hint_fair_ran_out"]
    assert ans.status[0].params == {"samples": 4, "budget": 400}
    assert ans.offer is None and c.hint_move is None


def test_spiders_hint_says_no_win_in_any_guess_when_some_were_lost(monkeypatch):
    """Some guesses proved lost, the others ran out: "no win in any of the N tried",
    with both counts, and no claim that the position is lost."""
    import solitaire.solver.hints as H
    stuck, open_ = stuck_spider(), get_game("spider1").deal(3)
    monkeypatch.setattr(H, "arrangements", lambda game, pos, n: [stuck, open_, stuck, open_][:n])
    c = spider()
    c.HINT_BUDGET = 400
    ans = drive(c, c.hint())
    check_answer(ans, "fair hint, no win")
    assert keys(ans) == ["hint_fair_no_win"]
    assert ans.status[0].params == {"samples": 4, "lost": 2, "open": 2}
    assert ans.offer is None and c.hint_move is None


def easy_asked(winnable):
    c = tab()
    c.boot("?deal=1")
    c.set_pref("winnable", winnable)
    c.set_pref("difficulty", "easy")
    return c


def test_a_difficulty_goes_past_deals_of_another_and_with_winnable_waits_for_a_proof():
    """New deal of a difficulty goes on past candidates rated otherwise; with Winnable on
    it gives a deal only once the solver proved it, so with a budget too small to prove
    any, the same candidates give none."""
    c = easy_asked(False)
    first = easy_asked(False)._random_deal()  # the same random numbers: the first candidate
    ans = drive(c, c.new_deal())
    assert keys(ans)[-1] == "deal_easy" and difficulty(c.game, c.session.deal) == "easy"
    assert c.session.deal != first and difficulty(c.game, first) != "easy"
    c = easy_asked(True)
    c.WINNABLE_BUDGET = 10
    ans = drive(c, c.new_deal())
    assert keys(ans)[-1] == "no_easy_found" and c.session.deal == 1
