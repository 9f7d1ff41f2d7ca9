"""*Show me a win* in the controller (py/solitaire/play/questions.py): the solver's line
from the position in play, searched with full knowledge like "is this deal still
winnable?", in slices or in the worker, with progress and Cancel, shown as a replay from
that position (py/solitaire/play/replay.py) whose "play from here" goes on with the game;
no line gives the look-back; in Spider the player is first told the replay shows the
face-down cards."""

from solitaire import get_game
from solitaire.engine.position import format_line
from solitaire.play.moves import known_win, proved_index
from solitaire.records.stats import summary
from strategies import winning_line
from test_catalogue import check_answer
from test_jobs import in_slices, in_worker, summary as asked
from test_play import drive, keys, lost_line, tab


def midway(game_id: str, deal: int = 7937):
    """A controller halfway along a solved deal's winning line."""
    c = tab()
    c.boot(f"?deal={deal}&game={game_id}")
    line = winning_line(game_id, deal)
    for move in line[:len(line) // 2]:
        c.play(move)
    return c


def wins_from(c, line) -> bool:
    game, pos = c.game, c.session.position
    for move in line:
        pos = game.apply(pos, move)
    return game.is_won(pos)


def test_show_me_a_win_finds_a_line_from_here_and_hands_it_to_the_replay():
    c = midway("tabbycat")
    c.SLICE = 500
    before = (list(c.session.moves), c.serial)
    first = c.show_win()
    assert first.search.label.key == "finding_win_to_show" and c.task is not None
    ans = drive(c, first)
    check_answer(ans, "show me a win")
    assert keys(ans)[-1] == "show_found"
    line = c.replay.moves()
    assert ans.replay.at == 0 and ans.replay.total == len(line) and ans.replay.playing
    assert list(c.session.moves) == before[0]   # the game in progress, untouched
    assert c.shown.position == c.session.position   # the replay starts from here
    assert ans.status[-1].params["count"] == len(line) and wins_from(c, line)


def test_show_me_a_win_with_no_win_says_so_and_offers_the_look_back():
    c = tab()
    c.boot("?deal=1")
    line = lost_line()
    for move in line:
        c.play(move)
    ans = drive(c, c.show_win())
    check_answer(ans, "show me a win, lost")
    assert "no_line" in keys(ans) and ans.offer.text.key == "offer_undo_one"
    assert c.replay is None
    c.answer_offer("yes")
    assert c.session.moves == list(line[:-1])


def test_in_spider_it_asks_before_showing_the_face_down_cards():
    """No search of the player's runs until they agree (idle time may search it, shown
    only then: the next test); "no" leaves everything; "show" runs the full-knowledge
    search, and its line wins the real deal."""
    c = midway("spider1")
    ans = c.show_win()
    check_answer(ans, "show me a win, spider")
    assert ans.offer.kind == "show_reveal" and c.task is None
    assert [a for a, _ in ans.offer.actions] == ["show", "no"]
    c.answer_offer("no")
    assert c.task is None and c.replay is None
    assert c.show_win().offer.kind == "show_reveal"
    ans = drive(c, c.answer_offer("show"))
    check_answer(ans, "show me a win, spider, agreed")
    assert keys(ans)[-1] == "show_found" and wins_from(c, c.replay.moves())


def test_a_move_drops_it_and_cancel_cancels_it():
    c = midway("tabbycat")
    c.SLICE = 50
    c.show_win()
    ans = c.play(c.game.legal_moves(c.session.position)[0])
    assert "show_dropped" in keys(ans) and c.task is None
    c.show_win()
    assert "show_cancelled" in keys(c.cancel()) and c.replay is None


def test_a_won_game_has_nothing_to_show():
    c = tab()
    c.boot("?deal=7937")
    for move in winning_line("tabbycat", 7937):
        c.play(move)
    assert c.session.won and not c.show_win().handled and c.task is None


def test_the_worker_shows_the_line_the_slices_show():
    here = midway("manx")
    slices = asked(here, in_slices(here, here.show_win()))
    there = midway("manx")
    there.offload = True
    ans, _ = in_worker(there, there.show_win())
    assert asked(there, ans) == slices
    assert format_line(here.replay.moves()) == format_line(there.replay.moves())
    assert get_game("manx") is here.game


def test_the_replay_plays_the_line_to_a_win_and_play_from_here_goes_on_with_the_game():
    """Stepped to its end the replay shows a won board (the game in progress untouched);
    "play from here" a move before the end goes on with the same game (its moves, its
    id), one move from the win, which then counts once."""
    c = midway("tuxedo")
    before = (c.session.id, list(c.session.moves))
    drive(c, c.show_win())
    line = c.replay.moves()
    while c.replay_action("forward").handled:
        pass
    assert c.shown.won and not c.session.won and c.replay.view().end.key == "replay_end_won"
    assert c.session.moves == before[1]
    c.replay_action("seek", len(line) - 1)
    ans = c.replay_action("from_here")
    check_answer(ans, "play from here")
    assert c.replay is None and c.session.id == before[0]
    assert c.session.moves == before[1] + line[:-1]
    assert counts(c) == (0, 0)
    ans = c.play(line[-1])
    assert c.session.won and ans.won is not None and counts(c) == (1, 1)


def counts(c):
    info = summary(c.stats, c.game.id, c.today())
    return info["played"], info["won"]


def test_a_win_proved_here_answers_the_other_questions_at_once_along_its_line():
    """A line proved with full knowledge ("still winnable?" yes, *Show me a win*, Hint
    in a game without face-down cards) is kept: asked again from its position, or from a
    position further along it, those questions answer with the rest of it and search
    nothing; a move off the line searches again."""
    c = midway("tuxedo")
    c.SLICE = 10   # a search does not end in its first slice
    drive(c, c.still_winnable())
    line = list(c.proved[3])
    ans = c.show_win()
    assert c.task is None and keys(ans)[-1] == "show_found" and c.replay.moves() == line
    c.replay_action("close")
    start = len(c.session.moves)
    for move in line[:2]:
        if c.session.moves[start:] == line[:len(c.session.moves) - start]:
            c.play(move) if len(c.session.moves) - start < 2 else None
    played = c.session.moves[start:]   # two, and the moves Auto-play made by itself
    assert len(played) >= 2 and played == line[:len(played)]
    ans = c.still_winnable()
    assert c.task is None and ans.status[-1].params["count"] == len(line) - len(played)
    off = next(m for m in c.game.legal_moves(c.session.position) if m != line[len(played)])
    c.play(off)
    assert known_win(c) is None   # searched again (here, Tuxedo, within its first slice)
    drive(c, c.still_winnable())
    assert c.proved[2] == tuple(c.session.moves)


def test_hint_s_line_is_the_win_show_me_a_win_shows():
    c = midway("tabbycat")
    c.SLICE = 10
    drive(c, c.hint())
    hinted = c.hint_move
    assert c.task is None and hinted is not None
    ans = c.show_win()
    assert c.task is None and keys(ans)[-1] == "show_found"
    assert c.replay.moves()[0] == hinted and wins_from(c, c.replay.moves())


def test_in_spider_a_kept_win_is_shown_once_the_player_agrees():
    """The fair hint's line is from a guess at the face-down cards, never kept; the full
    check's is, and *Show me a win* still asks before it shows the face-down cards."""
    c = midway("spider1")
    c.SLICE = 10
    drive(c, c.hint())
    assert c.proved is None
    drive(c, c.still_winnable())
    assert c.proved is not None
    c.offload = True
    assert c.show_win().offer.kind == "show_reveal" and c.task is None
    assert c.ahead_job() is None   # the win is known: nothing to search while the offer is read
    ans = c.answer_offer("show")
    assert c.task is None and keys(ans)[-1] == "show_found" and wins_from(c, c.replay.moves())


def test_a_hint_that_runs_out_on_a_kept_line_gives_the_line_s_next_move():
    """Hint searches from the position itself. When that search finds nothing where a
    kept win passes (here a smaller budget than the check's), the hint is the kept line's
    next move: its look-back would offer to undo a move from a position proved winnable."""
    c = midway("tabbycat")
    c.SLICE = 10
    drive(c, c.still_winnable())
    line = list(c.proved[3])
    c.play(line[0])
    assert known_win(c) == line[1:]
    c.HINT_BUDGET = 20   # Hint's own search runs out here
    ans = drive(c, c.hint())
    check_answer(ans, "hint on a kept line")
    assert ans.offer is None and c.offer is None
    assert c.hint_move == line[1] and keys(ans)[-1] == "hint_move"
    assert ans.status[-1].params["count"] == len(line) - 1
    c.offload = True   # the same from the worker
    c.ahead, c.hint_move = None, None
    asked_again, _ = in_worker(c, c.hint())
    assert asked_again.offer is None and c.hint_move == line[1]


def test_the_look_back_goes_no_further_back_than_a_kept_win():
    """A win proved a move before a blunder: the check after it finds none and offers the
    undo to that position, and its job (for the worker) says so too, so neither searches
    the positions before it."""
    line = lost_line()
    c = tab()
    c.boot("?deal=1")
    for move in line[:-1]:
        c.play(move)
    drive(c, c.still_winnable())
    assert c.proved[2] == tuple(line[:-1])
    c.play(line[-1])
    assert proved_index(c, c.session) == len(line) - 1
    c.offload = True
    c.still_winnable()
    assert c.job()["won"] == len(line) - 1
    c.cancel()
    c.offload = False
    ans = drive(c, c.still_winnable())
    assert ans.offer.kind == "undo_to_win" and ans.offer.to == len(line) - 1


def test_in_spider_the_win_is_searched_while_the_offer_is_read():
    """While the offer to show the face-down cards is up, idle time searches Show me a
    win in the worker (the controller's own job, kept hidden); "show" then plays it with
    no search, the line a search on the click gives. Declined, it is no longer wanted."""
    from test_jobs import ahead_in_worker
    c = midway("spider1")
    c.offload = True
    assert c.ahead_job() is None   # no Hint asked: nothing searched ahead
    ans = c.show_win()
    assert ans.offer.kind == "show_reveal" and c.task is None and c.ahead_wanted()
    job = ahead_in_worker(c)
    assert job["kind"] == "show" and job["moves"] == format_line(c.session.moves)
    assert c.replay is None and not c.ahead_wanted(job)   # found, not shown
    ans = c.answer_offer("show")
    assert c.task is None and keys(ans)[-1] == "show_found"
    searched = midway("spider1")
    searched.offload = True
    searched.show_win()
    want, _ = in_worker(searched, searched.answer_offer("show"))
    assert c.replay.moves() == searched.replay.moves() and keys(ans) == keys(want)
    declined = midway("spider1")
    declined.offload = True
    declined.show_win()
    job = declined.ahead_job()
    declined.answer_offer("no")
    assert not declined.ahead_wanted(job) and declined.ahead_job() is None
