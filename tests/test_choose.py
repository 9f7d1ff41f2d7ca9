"""Accessible play in the controller (issue 15), in CPython: select-then-target, the
announcement of every change, single-key shortcuts that can be turned off, and a game
menu that asks before it abandons a game in progress."""

import pytest

from solitaire.engine.position import Move
from solitaire.solver.search import solve
from solitaire.records.stats import summary
from test_play import keys, tab


def started(game_id="tabbycat", deal=1, autoplay=False):
    c = tab()
    c.boot(f"?deal={deal}&game={game_id}")
    c.set_pref("autoplay", autoplay)
    return c


def said(ans):
    return [m.key for m in ans.announce]


def choose_move(c, move):
    """A solver move by select-then-target: its run's first card, then its place."""
    pos = c.session.position
    if move.is_deal:
        return c.choose("stock", 0)
    index = len(c.game.get(pos, move.src)) - move.count
    first = c.choose(move.src, index)
    assert c.chosen() == (move.src, move.count), (move, keys(first))
    assert keys(first)[0] in ("chosen_one", "chosen_many")
    assert first.announce == []  # the choice is said once, on the status line
    return c.choose(move.dst, 0)


@pytest.mark.parametrize("game_id", ["tabbycat", "spider1"])
def test_a_whole_game_by_select_then_target_announces_every_move(game_id):
    c = started(game_id)
    line = solve(c.game, c.session.position).line
    assert line
    for n, move in enumerate(line):
        ans = choose_move(c, move)
        assert ans.steps and ans.steps[0][0] == move, (n, move)
        first = ans.announce[0]
        assert first.key in (("said_deal",) if move.is_deal else ("said_move", "said_moves"))
        assert len(ans.announce) == len(set(ans.announce))  # each change said once
        assert c.chosen() is None
    assert c.session.won
    assert said(ans)[-1] == "game_won"


def test_any_card_of_a_movable_run_can_be_chosen_and_a_refusal_keeps_the_board():
    c = started("spider1")
    pos = c.session.position
    # find a pile whose top two cards form a run, or make one by the solver's line
    for move in solve(c.game, pos).line:
        pos = c.session.position
        runs = [p for p in (f"pile-{i}" for i in range(1, 11)) if (c.game.lift(pos, p, len(c.game.get(pos, p)) - 2) or 0) == 2]
        if runs:
            break
        c.play(move)
    place = runs[0]
    top = len(c.game.get(pos, place)) - 1
    ans = c.choose(place, top)  # only the top card of a two-card run
    assert c.chosen() == (place, 1) and keys(ans) == ["chosen_one"]
    ans = c.choose(place, top - 1)  # another card of the same place: chosen instead
    assert c.chosen() == (place, 2) and keys(ans) == ["chosen_many"]
    ans = c.choose(place, top - 1)  # the same card again: the choice is dropped
    assert c.chosen() is None and keys(ans) == ["unchosen"]
    c.choose(place, top)
    before = c.session.position
    target = next(p for p in (f"pile-{i}" for i in range(1, 11))
                  if p != place and c.game.why_illegal(before, Move(place, p, 1)) is not None)
    ans = c.choose(target, 0)
    assert c.session.position == before and keys(ans) == ["cannot_drop"] and not ans.steps
    assert c.chosen() is None


def test_face_down_and_empty_cannot_be_chosen():
    c = started("spider1")
    ans = c.choose("pile-1", 0)  # face down
    assert keys(ans) == ["cannot_choose"] and c.chosen() is None


def test_keys_choose_a_card_and_its_target_and_esc_drops_the_choice():
    c = started()
    move = solve(c.game, c.session.position).line[0]
    pos = c.session.position
    index = len(c.game.get(pos, move.src)) - move.count
    ans = c.key("Enter", focused=move.src, index=index)
    assert ans.handled and c.chosen() == (move.src, move.count)
    assert c.key("Escape").handled and c.chosen() is None
    c.key(" ", focused=move.src, index=index)
    ans = c.key("Enter", focused=move.dst)
    assert ans.steps[0][0] == move and said(ans)[0] in ("said_move", "said_moves")


def test_single_key_shortcuts_can_be_turned_off():
    c = started()
    c.play(solve(c.game, c.session.position).line[0])
    c.set_pref("shortcuts", False)
    assert not c.key("u").handled and len(c.session.moves) == 1
    assert not c.key("1").handled and c.chosen() is None
    assert not c.key("n").handled
    assert c.key("z", ctrl=True).handled and not c.session.moves  # Ctrl+Z stays
    c2 = tab(c.store)
    c2.boot("")
    assert c2.prefs["shortcuts"] is False  # remembered


def test_undo_and_redo_say_what_they_took_back():
    c = started()
    move = next(m for m in solve(c.game, c.session.position).line if not m.is_deal)
    c.play(move)
    ans = c.undo()
    assert said(ans) == ["said_undo_move"] and ans.announce[0].params["dst"] == move.src
    ans = c.redo()
    assert said(ans) == ["said_redo_move"] and ans.announce[0].params["dst"] == move.dst


def test_redoing_a_move_that_completes_a_spider_run_names_its_card():
    """The run leaves the table as the move is made again: the redo names the card the
    move took, where it stood before."""
    c = started("spider1")
    for move in solve(c.game, c.session.position).line:
        before = c.session.position
        ans = c.play(move)
        if move.is_deal:
            continue
        card = c.game.get(before, move.src)[-move.count]
        c.undo()
        ans = c.redo()
        assert said(ans) == ["said_redo_move"] and ans.announce[0].params["card"] == card
        if c.session.won:
            break


def test_a_card_laid_bare_is_announced():
    c = started("spider1")
    for move in solve(c.game, c.session.position).line:
        ans = c.play(move)
        if "said_bare" in said(ans):
            return
    raise AssertionError("no card was laid bare in a whole game")


def test_the_game_menu_asks_before_leaving_a_game_in_progress():
    c = started()
    c.play(solve(c.game, c.session.position).line[0])
    ans = c.choose_game("spider1")
    assert ans.offer is not None and ans.offer.kind == "leave_game"
    assert c.game.id == "tabbycat" and not ans.relayout
    ans = c.answer_offer("stay")
    assert c.game.id == "tabbycat" and ans.prefs  # the menu goes back to the game in play
    c.choose_game("spider1")
    ans = c.answer_offer("leave:spider1")
    assert c.game.id == "spider1" and ans.relayout
    left = summary(c.stats, "tabbycat", c.today())
    assert (left["played"], left["won"]) == (1, 0)  # the left game counted, as lost
    # with no move made nothing is lost: no question
    ans = c.choose_game("tabbycat")
    assert ans.relayout and c.game.id == "tabbycat"


def test_taps_choose_first_with_the_setting_and_always_target_a_choice():
    c = started()
    move = next(m for m in solve(c.game, c.session.position).line if not m.is_deal)
    index = len(c.game.get(c.session.position, move.src)) - move.count
    c.set_pref("choose_first", True)
    ans = c.tap(move.src, index)
    assert c.chosen() == (move.src, move.count) and not ans.steps
    ans = c.tap(move.dst, 0)
    assert ans.steps[0][0] == move
    c.set_pref("choose_first", False)
    c.undo()
    ans = c.tap(move.src, index)  # the game's own choice at once
    assert ans.steps and c.chosen() is None


def test_a_card_laid_bare_is_named_with_its_place():
    """The announcement names the card turned up and the place it turned up on."""
    c = started("spider1")
    for move in solve(c.game, c.session.position).line:
        before = c.session.position
        ans = c.play(move)
        bare = [m for m in ans.announce if m.key == "said_bare"]
        if bare:
            place = move.src
            after = c.session.position
            card = c.game.get(after, place)[c.game.face_down(after, place)]
            assert c.game.face_down(after, place) < c.game.face_down(before, place)
            assert bare[0].params == {"card": card, "place": place}
            return
    raise AssertionError("no card was laid bare in a whole game")


def test_a_drop_plays_a_legal_move_and_an_illegal_one_slides_back_saying_why():
    c = started()  # Tabby Cat deal 1: 7H 9S 4H 8D
    before = c.session.position
    ans = c.drop("pile-1", 1, "pile-2")  # 7H onto 9S: not one rank lower
    why = c.game.why_illegal(before, Move("pile-1", "pile-2", 1))
    assert ans.board and keys(ans) == ["cannot_drop"] and ans.status[0].params["why"] == why
    assert c.session.position == before and not ans.steps
    ans = c.drop("pile-1", 1, "pile-4")  # 7H onto 8D
    assert ans.steps[0][0] == Move("pile-1", "pile-4", 1) and c.session.moves == [ans.steps[0][0]]


def test_a_target_that_refuses_the_chosen_card_says_why():
    c = started()  # Tabby Cat deal 1: 7H 9S 4H 8D
    before = c.session.position
    c.choose("pile-1", 0)
    ans = c.choose("pile-2", 0)  # 7H onto 9S
    why = c.game.why_illegal(before, Move("pile-1", "pile-2", 1))
    assert why is not None and keys(ans) == ["cannot_drop"]
    assert ans.status[0].params["why"] == why and str(why) in str(ans.status[0])
    assert c.session.position == before


def test_the_leave_offer_is_answered_with_its_own_actions():
    """The page answers an offer with the action ids the offer gives: its second keeps
    the game, its first leaves for the chosen game."""
    c = started()
    c.play(solve(c.game, c.session.position).line[0])
    offer = c.choose_game("spider1").offer
    (leave, leave_label), (stay, stay_label) = offer.actions
    assert (leave_label.key, stay_label.key) == ("leave_yes", "leave_no")
    c.answer_offer(stay)
    assert c.game.id == "tabbycat" and len(c.session.moves) == 1 and c.offer is None
    c.answer_offer(c.choose_game("spider1").offer.actions[0][0])
    assert c.game.id == "spider1"


def test_a_drag_lights_up_the_places_that_take_the_card():
    """Tabby Cat deal 1 (7H 9S 4H 8D): dragging 7H lights pile 4 (8D) and the tail;
    8D lights pile 2 (9S) and the tail; 4H only the tail."""
    c = started()
    assert c.drag_targets("pile-1", 0) == (1, ["pile-4", "tail"])
    assert c.drag_targets("pile-4", 0) == (1, ["pile-2", "tail"])
    assert c.drag_targets("pile-3", 0) == (1, ["tail"])


def test_a_win_by_keys_shows_the_win_summary():
    """The last move made with Enter (select, then target) wins and brings the win
    panel's summary, as a click does."""
    c = started()
    line = solve(c.game, c.session.position).line
    for move in line[:-1]:
        c.play(move)
    move = line[-1]
    assert not move.is_deal
    index = len(c.game.get(c.session.position, move.src)) - move.count
    c.key("Enter", focused=move.src, index=index)
    ans = c.key("Enter", focused=move.dst)
    clicked = started()
    for m in line:
        won = clicked.play(m)
    assert c.session.won and ans.won.key == "won_deal"
    assert ans.summary and ans.summary == won.summary
