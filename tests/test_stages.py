"""What the page shows one moment after another (``Game.stages``, ``Answer.frames``) and
what the win panel says (``Answer.summary``), in CPython."""

from solitaire import get_game
from solitaire.play.controller import Controller
from solitaire.records.saved import MemoryStore
from solitaire.solver.search import solve
from test_play import TODAY, run, tab

TABBY, SPIDER, TUX = get_game("tabbycat"), get_game("spider2"), get_game("tuxedo")


def runs(pos):
    return sum(1 for f in pos.foundations if f)


def test_a_move_that_finishes_a_run_shows_the_run_placed_then_leaving():
    """Along winning lines of Tabby Cat and Spider: every move's last stage is the
    position after it; a move that completes a run has two, the first with the run
    still on its pile (as many cards on the table as before) and no new foundation."""
    for game in (TABBY, SPIDER):
        pos = game.deal(1)
        finished = 0
        for move in solve(game, pos).line:
            after = game.apply(pos, move)
            stages = game.stages(pos, move)
            assert stages[-1] == after
            if runs(after) > runs(pos):
                finished += 1
                placed = stages[0]
                assert len(stages) == 2 and runs(placed) == runs(pos)
                assert sum(map(len, placed.piles)) + sum(map(len, placed.cells)) == \
                    sum(map(len, after.piles)) + sum(map(len, after.cells)) + 13 * (runs(after) - runs(pos))
            else:
                assert stages == [after], move
            pos = after
        assert finished == game.foundations


def test_the_answer_frames_each_step_auto_moves_included():
    """A move with auto-moves (Tuxedo): one frame per step, the last the board."""
    c = Controller(MemoryStore(), now=lambda: 1, today=lambda: TODAY, random=lambda: 7)
    for n in range(1, 200):
        c.start_deal(n, "tuxedo")
        pos = c.session.position
        move = next((m for m in TUX.legal_moves(pos) if not m.dst.startswith("foundation")
                     and TUX.auto_move(TUX.apply(pos, m))), None)
        if move is not None:
            break
    ans = c.play(move)
    assert len(ans.steps) >= 2 and len(ans.frames) == len(ans.steps)
    assert [p for _, p in ans.steps] == ans.frames and ans.frames[-1] == c.session.position


def test_the_win_summary_has_time_moves_streak_and_todays_daily():
    c = tab()
    c.boot("?deal=2")
    for move in solve(c.game, c.session.position).line:
        ans = c.play(move)
    got = [m.key for m in ans.summary]
    assert got == ["win_time", "win_moves", "win_streak", "win_daily_open"], got
    assert ans.summary[1].params["moves"] == len(c.session.moves)
    assert ans.summary[2].params["streak"] == 1 and ans.daily_open
    # Today's daily won: the panel says so and offers it no more.
    c.daily()
    run(c)
    for move in solve(c.game, c.session.position).line:
        ans = c.play(move)
    assert c.session.daily == TODAY
    assert ans.summary[-1].key == "win_daily_won" and not ans.daily_open
    assert ans.summary[2].params["streak"] == 2
