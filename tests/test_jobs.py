"""Searches as plain data (solitaire/play/jobs.py): a question run by a Driver, as the page's
worker runs it, gives the same answer as the controller stepping it in slices on the
page's thread (issue 14, item 5), and a bad job is refused without running."""

import json

import pytest

from solitaire.engine.position import format_line
from solitaire.play.jobs import decode, read_job
from solitaire.play.worker import Driver
from test_play import keys, lost_line, tab


def in_slices(c, ans):
    while c.task is not None:
        ans = ans.merge(c.step())
    return ans


def in_worker(c, ans, seconds=0.01):
    """Run the task's job as the worker does (a Driver on its JSON, chunks of time),
    feeding each report to the controller as the page does."""
    job = c.job()
    assert job is not None
    driver = Driver(json.dumps(job))
    reports = 0
    while c.task is not None:
        out = json.loads(driver.step(seconds))
        reports += 1
        ans = ans.merge(c.remote(job["id"], [decode(i) for i in out["items"]], out["done"],
                                 decode(out.get("value")), out.get("error")))
    return ans, reports


def summary(c, ans):
    offer = None if ans.offer is None else (ans.offer.text.key, ans.offer.to)
    return (keys(ans), [m.params for m in ans.status or []], offer, c.hint_move,
            c.session.game.id, c.session.deal)


def setup(kind):
    """A controller at the start of ``kind`` of question, and the intent that asks it."""
    c = tab()
    if kind == "hint":
        c.boot("?deal=5")
        return c, c.hint
    if kind == "lost":  # no line: the look-back offers the undo
        c.boot("?deal=1")
        for move in lost_line():
            c.play(move)
        return c, c.hint
    if kind == "fair":
        c.boot("?deal=3&game=spider1")
        c.HINT_BUDGET = 40_000
        return c, c.hint
    if kind == "check":
        c.boot("?deal=1")
        for move in lost_line():
            c.play(move)
        return c, c.still_winnable
    if kind == "new_deal":
        c.boot("?deal=1&game=spider2")
        c.WINNABLE_BUDGET = 30_000
        return c, c.new_deal
    if kind == "rated_deal":
        c.boot("?deal=1")
        c.ratings.put("tabbycat", 2, "easy")  # one known already: it goes along
        c.random = iter([1, 4, 2, 8, 3, 5, 6, 7] * 4).__next__
        c.prefs["difficulty"] = "hard"
        return c, c.new_deal
    c.boot("?deal=1")
    return c, lambda: c.daily("2026-02-03")


@pytest.mark.parametrize("kind", ["hint", "lost", "fair", "check", "new_deal", "rated_deal",
                                  "daily"])
def test_the_worker_gives_the_answer_the_slices_give(kind):
    here, ask = setup(kind)
    slices = summary(here, in_slices(here, ask()))
    there, ask = setup(kind)
    there.offload = True
    first = ask()
    assert there.task is not None and first.search is not None and first.search.fraction == 0
    ans, reports = in_worker(there, first)
    assert summary(there, ans) == slices
    assert reports >= 1
    assert there.ratings.known == here.ratings.known


def rate_in_worker(c):
    """Rate what the controller wants rated next as the page does with its worker:
    the job through a Driver in chunks, the answer back through ``rated``."""
    job = c.rating_job()
    driver = Driver(json.dumps(job))
    while not (out := json.loads(driver.step(0.01)))["done"]:
        pass
    return job, c.rated(job, decode(out["value"]))


@pytest.mark.parametrize("game_id, deal", [("tabbycat", 5), ("tabbycat", 2), ("spider1", 3),
                                           ("tuxedo", 4)])
def test_the_worker_rates_a_board_as_the_slices_do(game_id, deal):
    here = tab()
    here.boot(f"?deal={deal}&game={game_id}")
    while here.rating_wanted():
        here.rate_step()
    there = tab()
    there.boot(f"?deal={deal}&game={game_id}")
    there.rate_step()   # a slice begun here is dropped once the worker answers
    job, ans = rate_in_worker(there)
    assert (job["kind"], job["game"], job["deal"]) == ("rate", game_id, deal)
    assert ans.rated and there.rating() == here.rating() is not None
    assert not there.rating_wanted() and there.rating_job() is None
    assert there.ratings.jobs == {}


def test_the_worker_rates_the_board_first_then_the_queued_dailies():
    c = tab()
    c.boot("?deal=5")
    c.ratings.later(c.game, 7)
    first, _ = rate_in_worker(c)
    second, _ = rate_in_worker(c)
    assert (first["deal"], second["deal"]) == (5, 7)
    assert c.ratings.get("tabbycat", 7) is not None and c.rating_job() is None


@pytest.mark.parametrize("value", [None, "", "impossible", 3, ("easy",)])
def test_a_rating_answer_that_is_not_a_rating_is_not_kept(value):
    c = tab()
    c.boot("?deal=5")
    job = c.rating_job()
    ans = c.rated(job, value)
    assert not ans.rated and c.rating() is None and c.rating_wanted()


def test_cancel_and_a_new_board_drop_the_workers_report():
    c = tab()
    c.offload = True
    c.boot("?deal=5")
    c.hint()
    job = c.job()
    out = json.loads(Driver(json.dumps(job)).step(60))
    c.cancel()
    ans = c.remote(job["id"], [decode(i) for i in out["items"]], True, decode(out["value"]))
    assert c.hint_move is None and ans.status is None and c.task is None
    c.hint()
    c.deal()   # the board moves on: the answer for the old one is dropped
    job = c.job() or {"id": c.tasks}
    ans = c.remote(job["id"], [], True, decode(out["value"]))
    assert c.hint_move is None and c.task is None


def test_sigint_stops_a_job_mid_step_and_the_next_job_answers():
    """The interrupt path (web/solver-worker.mjs): SIGINT, let through by stop_when while
    the page no longer wants the job, stops a long check in the middle of one step (60 s
    asked for); a late one, not wanted, changes nothing; the next job then answers as
    usual."""
    import _signal
    import _thread
    import threading
    import time
    from solitaire.play.worker import stop_when
    old = _signal.getsignal(_signal.SIGINT)
    try:
        stop = [True]
        stop_when(lambda: stop[0])
        c = tab()
        c.offload = True
        c.boot("?deal=12&game=spider4")   # not decided within 1,000,000 positions
        c.still_winnable()
        driver = Driver(json.dumps(c.job()))
        threading.Timer(0.2, _thread.interrupt_main).start()
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            driver.step(60)
        assert time.monotonic() - start < 10
        stop[0] = False
        c = tab()
        c.offload = True
        c.boot("?deal=5")
        c.hint()
        hint = Driver(json.dumps(c.job()))
        _thread.interrupt_main()    # a late signal: let pass
        out = json.loads(hint.step(60))
        assert out["done"] and decode(out["value"])[0] == "hint"
    finally:
        _signal.signal(_signal.SIGINT, old)


@pytest.mark.parametrize("text", [
    "", "[]", "{}", '{"kind": "rm -rf"}', "x" * 70_000,
    '{"kind": "hint", "id": 1, "game": "nope", "budget": 1, "back": 1, "slice": 1, "deal": 1, "moves": ""}',
    '{"kind": "hint", "id": 1, "game": "tabbycat", "budget": 0, "back": 1, "slice": 1, "deal": 1, "moves": ""}',
    '{"kind": "hint", "id": 1, "game": "tabbycat", "budget": 1, "back": 1, "slice": 1, "deal": 0, "moves": ""}',
    '{"kind": "hint", "id": 1, "game": "tabbycat", "budget": 1, "back": 1, "slice": 1, "deal": 1, "moves": "??"}',
    '{"kind": "new_deal", "id": 1, "game": "tabbycat", "budget": 1, "back": 1, "slice": 1, "numbers": [], "winnable": 5}',
    '{"kind": "rate", "id": 1, "game": "tabbycat", "budget": 1, "back": 1, "slice": 1, "deal": -4}',
    '{"kind": "rate", "id": 1, "game": "tabbycat", "budget": 1, "back": 1, "slice": 1}',
])
def test_a_bad_job_is_refused_and_says_so(text):
    out = json.loads(Driver(text).step(1))
    assert out["done"] and out["error"] and out["items"] == []
    with pytest.raises(Exception):
        read_job(text)


def test_a_search_the_worker_had_runs_here_if_the_worker_goes():
    """The page's worker broke mid-search: the controller steps the same search from
    its start, with the answer the slices give."""
    here, ask = setup("lost")
    slices = summary(here, in_slices(here, ask()))
    there, ask = setup("lost")
    there.offload = True
    first = ask()
    assert there.step().search == first.search   # the worker's: not stepped here
    there.offload = False
    there.local()
    assert summary(there, in_slices(there, first)) == slices


def test_the_workers_progress_reaches_the_page_as_it_reports_it():
    """Each progress report of the worker is the answer's progress: its label and its
    fraction (at most the whole)."""
    c = tab()
    c.offload = True
    c.boot("?deal=5")
    c.hint()
    job = c.job()
    label = decode(job["label"])
    ans = c.remote(job["id"], [(label, 0.25)])
    assert ans.search.label == label and ans.search.fraction == 0.25 and c.task is not None
    assert c.remote(job["id"], [(label, 1.5)]).search.fraction == 1.0


@pytest.mark.parametrize("intent,label", [("still_winnable", "checking_winnable"),
                                          ("show_win", "finding_win_to_show")])
def test_the_workers_progress_carries_each_questions_own_label(intent, label):
    """The worker reports the full-knowledge check and *Show me a win* under the label
    the page showed when it asked."""
    c = tab()
    c.offload = True
    c.SLICE = 10
    c.boot("?deal=5")
    assert getattr(c, intent)().search.label.key == label
    out = json.loads(Driver(json.dumps(c.job())).step(0.0))
    (shown, fraction), = [decode(i) for i in out["items"]]
    assert shown.key == label and 0 < fraction < 1 and not out["done"]


def test_a_search_begun_in_slices_is_handed_to_the_worker_when_it_comes_up():
    """The worker comes up while a search runs in slices: from then on the search is the
    worker's (the controller steps it no more) and the worker's answer ends it as the
    slices' would."""
    c, ask = setup("hint")
    c.SLICE = 10
    ans = ask()
    assert c.task is not None and not c.job().get("remote")
    c.offload = True
    handed = c.hand_over()
    assert c.job()["remote"] and handed.search is not None
    assert c.hand_over().search is None  # once
    before = c.task[2].last
    c.step()
    assert c.task[2].last is before  # not stepped here
    ans, _ = in_worker(c, ans)
    slices, ask = setup("hint")
    assert summary(c, ans) == summary(slices, in_slices(slices, ask()))


@pytest.mark.parametrize("text", [
    "x" * 70_000,
    '{"kind": "hint", "id": 1, "game": "tabbycat", "budget": 1, "back": 1, "slice": 1, '
    '"deal": 1, "moves": 5}',
    '{"kind": "rated_deal", "id": 1, "game": "tabbycat", "budget": 1, "back": 1, "slice": 1, '
    '"numbers": [1], "winnable": 5, "wanted": "nope", "prove": true, "known": []}',
])
def test_a_job_too_long_or_of_no_known_shape_is_refused_as_not_a_job(text):
    assert json.loads(Driver(text).step(1))["error"] == "not a job"


def ahead_in_worker(c):
    """Run the controller's next search ahead (Hint's, or Show me a win's while its
    offer is read) as the page's worker does (idle time: a job through a Driver, the
    answer back through ``rated``)."""
    job = c.ahead_job()
    assert job is not None and job["kind"] in ("hint", "fair_hint", "show")
    driver = Driver(json.dumps(job))
    while not (out := json.loads(driver.step(0.05)))["done"]:
        pass
    c.rated(job, decode(out["value"]))
    return job


@pytest.mark.parametrize("game_id, deal", [("tabbycat", 5), ("spider1", 3)])
def test_after_a_hint_the_next_one_is_searched_ahead_and_answers_at_once(game_id, deal):
    """Once the player asked for a Hint in a game, idle time searches the next one (the
    position on the table), and Hint there answers without a search, as the search would."""
    c = tab()
    c.offload = True
    c.boot(f"?deal={deal}&game={game_id}")
    assert c.ahead_job() is None and not c.ahead_wanted()   # no Hint asked for yet
    in_worker(c, c.hint())
    assert not c.ahead_wanted()   # the answer on the table is known
    c.hint()
    assert c.task is None         # asked again: at once
    c.play(c.hint_move)
    job = ahead_in_worker(c)
    assert job["moves"] == format_line(c.session.moves)
    assert c.ahead_job() is None and not c.ahead_wanted(job)   # answered: nothing more to do
    ans = c.hint()
    assert c.task is None   # no search: the answer was ready
    searched = tab()
    searched.offload = True
    searched.boot(f"?deal={deal}&game={game_id}")
    for move in c.session.moves:
        searched.play(move)
    want, _ = in_worker(searched, searched.hint())
    assert summary(c, ans) == summary(searched, want)
    c.play(c.hint_move)   # another position: the answer kept is not for it
    assert c.ahead_wanted() and not c.ahead_wanted(job)
    assert c.ahead_job()["moves"] == format_line(c.session.moves)
    c.set_pref("winnable", False)
    c.new_deal()
    assert c.task is None   # a new game, of a player who asks for Hints: searched ahead from its start
    assert c.ahead_wanted() and c.ahead_job()["moves"] == ""


def test_a_player_who_asked_for_a_hint_once_has_the_next_searched_ahead_in_every_game():
    """The ``hint_used`` setting, stored at the first Hint: from then on, in every game
    (after a reload too), idle time searches the Hint for the position on the table. A
    player who never asked has none searched; Cancel on a Hint stops it for that game."""
    c = tab()
    c.offload = True
    c.boot("?deal=5&game=tabbycat")
    c.set_pref("winnable", False)
    c.new_deal()
    assert c.ahead_job() is None and not c.ahead_wanted()   # never asked: nothing searched
    assert not c.prefs["hint_used"]
    ans = in_worker(c, c.hint())[0]
    assert c.prefs["hint_used"] and "tabbycat.prefs.v1" in ans.saved
    again = tab(c.store)   # the page opened again: the setting read back
    again.offload = True
    again.boot("?deal=7&game=spider1")
    assert again.prefs["hint_used"] and again.session.moves == []
    job = ahead_in_worker(again)   # the first position's Hint, before any is asked
    assert (job["game"], job["deal"], job["moves"]) == ("spider1", 7, "")
    again.hint()
    assert again.task is None   # answered at once
    again.play(again.hint_move)
    assert again.ahead_wanted()
    again.hint()
    again.cancel()   # a Hint cancelled: none searched ahead in this game, until the next Hint
    assert again.ahead_job() is None and not again.ahead_wanted()
    again.play(again.game.legal_moves(again.session.position)[0])
    assert not again.ahead_wanted()
    again.new_deal()
    assert again.ahead_wanted()   # the next game: searched ahead again


def test_the_menu_s_switch_turns_the_searching_ahead_off_and_on():
    """With ``hint_ahead`` off (the menu's switch, stored), nothing is searched ahead, in
    this game or after a reload, and a search ahead under way is no longer wanted; Hint
    still answers, searched on the click. On again, the searching ahead comes back."""
    c = tab()
    c.offload = True
    c.boot("?deal=5&game=tabbycat")
    in_worker(c, c.hint())
    c.play(c.hint_move)
    job = c.ahead_job()
    assert job is not None and c.ahead_wanted(job)
    ans = c.set_pref("hint_ahead", False)
    assert "tabbycat.prefs.v1" in ans.saved
    assert not c.ahead_wanted(job) and not c.ahead_wanted()   # the one under way is stopped
    again = tab(c.store)   # the page opened again: the switch read back
    again.offload = True
    again.boot("?deal=7&game=spider1")
    assert again.prefs["hint_used"] and not again.prefs["hint_ahead"]
    assert again.ahead_job() is None
    ans, _ = in_worker(again, again.hint())   # Hint itself still searches, on the click
    assert again.hint_move is not None
    again.play(again.hint_move)
    assert again.ahead_job() is None and not again.ahead_wanted()
    again.set_pref("hint_ahead", True)
    assert again.ahead_wanted() and again.ahead_job()["moves"] == format_line(again.session.moves)
