"""Every listed move applies, in every game, and the engine's three views of a position
agree: ``legal_moves``, ``why_illegal`` and the solver's model (issue 16).

The playouts are long and partly greedy (``strategies.late_walks``), so they reach the
late game: runs finished, foundations full or (relaxed) given back, cells full, columns
emptied; ``test_playouts_reach_the_late_game`` pins that on fixed seeds.
"""

import contextlib
import io
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire import GAMES, Move
from solitaire.__main__ import main
from solitaire.words.text import CATALOGUE, Refusal, render
from conftest import CI
from strategies import SOLVED_DEALS, late_walks, playout, winning_line

LATE = settings.get_profile("late")
GAME_IDS = list(GAMES)
CODE = re.compile(r"\b[A2-9TJQK][SHDC]\d?\b")  # a card in notation: 8H, TS, KS1


def every_move(game, pos):
    """Every move one could write here: the deal, and each count of cards from every
    place to every place (its own included)."""
    places = game.place_names()
    moves = [Move("stock", "piles", 0)]
    for src in places:
        for dst in places + ["piles"]:
            most = 1 if src == "stock" else len(game.get(pos, src)) + 1  # the stock only deals
            moves += [Move(src, dst, n) for n in range(1, most + 1)]
    return moves


def sample(positions, n=6):
    """About ``n`` positions spread over a walk, the last one included."""
    return positions[::max(1, len(positions) // n)] + positions[-1:]


@pytest.mark.parametrize("game_id", GAME_IDS)
@LATE
@given(data=st.data())
def test_every_listed_move_applies_and_is_accepted(game_id, data):
    """At every position of a long playout, each listed move is listed once, passes
    ``why_illegal`` and applies without raising."""
    game, _, positions, _ = data.draw(late_walks(game_id))
    for pos in positions:
        legal = game.legal_moves(pos)
        assert len(set(legal)) == len(legal)
        for move in legal:
            assert game.why_illegal(pos, move) is None, (game.format(pos), move)
            game.apply(pos, move)


@pytest.mark.parametrize("game_id", GAME_IDS)
@LATE
@given(data=st.data())
def test_accepted_moves_are_exactly_the_listed_ones_and_refusals_are_in_words(game_id, data):
    """Over every source, target and count, ``why_illegal`` accepts exactly the moves of
    ``legal_moves``; every refusal is a catalogue ``Refusal`` whose text names cards as
    players read them (8♥, 10♦), never a notation code (8H, TS, KS1)."""
    game, _, positions, _ = data.draw(late_walks(game_id))
    # Every move one could write is many (Spider: some thousands a position): in CI, with 100
    # playouts a game, 4 positions of each (400 a game); on a desk 7 of each of 4.
    for pos in sample(positions, 3 if CI else 6):
        accepted = set()
        for move in every_move(game, pos):
            refusal = game.why_illegal(pos, move)
            if refusal is None:
                accepted.add(move)
                continue
            assert isinstance(refusal, Refusal) and refusal.key in CATALOGUE
            assert str(refusal) == render(refusal.key, refusal.params)
            assert not CODE.search(refusal), (move, refusal)
        assert accepted == set(game.legal_moves(pos)), game.format(pos)


def model_agrees(game, root, pos):
    """The solver model's children of ``pos`` against the engine's moves from it."""
    leaves_back = False   # Tabby Cat's model leaves out the move back; Spider's and Tuxedo's do not
    if game.id.startswith("spider"):
        model = game.solver_model(root).complete()
        state = model.key(pos)
        engine = {model.key(game.apply(pos, m)) for m in game.legal_moves(pos)}
    elif game.id == "tuxedo":
        model = game.solver_model(root)
        moves, _ = model.follow(pos)  # the model makes foundation moves by itself
        for move in moves:
            pos = game.apply(pos, move)
        state = model.key(pos)
        assert model._close(state) == state
        engine = {model._close(model.key(game.apply(pos, m))) for m in game.legal_moves(pos)}
    else:
        if any(0 < len(f) < 13 for f in pos.foundations):
            return  # a foundation gave a card back: no winning line goes there
        model = game.solver_model(root)
        state = model.key(pos)
        engine = {model.key(game.apply(pos, m)) for m in game.legal_moves(pos)
                  if not m.src.startswith("foundation")}  # a card taken back never wins
        leaves_back = True
    listed = model.children(state)
    children = set(listed)
    # Equal, up to moves that change nothing the model sees (a whole pile into an empty
    # one after the last deal, or one of two empty places where the places are sorted).
    assert children <= engine <= children | {state}, game.format(pos)
    # A search reaching a child from here is not shown the move back, and nothing else.
    for child in listed if leaves_back else ():
        assert model.children(child, state) == [c for c in model.children(child) if c != state]


@pytest.mark.parametrize("game_id", GAME_IDS)
@LATE
@given(data=st.data())
def test_solver_model_children_are_the_engine_moves(game_id, data):
    game, _, positions, _ = data.draw(late_walks(game_id))
    for pos in sample(positions):
        model_agrees(game, positions[0], pos)


@pytest.mark.parametrize("game_id", GAME_IDS)
@LATE
@given(data=st.data())
def test_play_command_never_ends_in_a_traceback(game_id, data):
    """``python3 -m solitaire play N MOVES`` (run in-process) applies a long line of
    listed moves and prints the position the engine reached, with the note when the
    game can no longer be won."""
    game, number, positions, moves = data.draw(late_walks(game_id))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["play", str(number), "--game", game_id, "--json", *map(str, moves)])
    result = json.loads(out.getvalue())
    assert code == 0 and result["ok"] and result["position"] == game.format(positions[-1])
    assert result.get("lost") == game.lost_reason(positions[-1])


@pytest.mark.parametrize("game_id", ["tabbycat", "tabbycat-relaxed", "manx", "tuxedo", "spider1"])
def test_playouts_reach_the_late_game(game_id):
    """On fixed seeds the playouts reach what the properties must see: finished runs on
    the foundations, every cell full, empty piles, and in relaxed rules foundations
    giving cards back (so that no foundation is empty) and the lost-game note."""
    game = GAMES[game_id]
    seen = set()
    for seed, number in enumerate(SOLVED_DEALS):
        line = winning_line(game_id, number)
        for cut in (len(line) // 2, len(line) * 3 // 4, len(line))[game.decks - 1:]:
            pos = game.deal(number)
            for move in line[:cut]:
                pos = game.apply(pos, move)
            for p in playout(game, pos, seed * 100 + cut, 150, 50)[0]:
                found = [len(f) for f in p.foundations]
                seen |= {"finished run"} if 13 in found or any(n > 1 for n in found) else set()
                seen |= {"cells full"} if p.cells and all(p.cells) else set()
                seen |= {"empty pile"} if not all(p.piles) else set()
                seen |= {"gave back"} if any(0 < n < 13 for n in found) and game.counts_runs else set()
                seen |= {"no empty foundation"} if all(found) and not game.is_won(p) else set()
                seen |= {"lost note"} if game.lost_reason(p) else set()
    expected = {"finished run", "empty pile", "cells full"} - ({"cells full"} if game_id.startswith("spider") else set())
    if game_id == "tabbycat-relaxed":
        expected |= {"gave back", "no empty foundation", "lost note"}
    assert expected <= seen, seen
