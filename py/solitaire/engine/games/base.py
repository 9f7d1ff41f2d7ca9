"""The one small interface every game implements, and what games share.

A game is a class with a few attributes and rule hooks; a variant subclasses it and
overrides only what differs. Positions are immutable: :meth:`Game.apply` returns a
new one, so undo is a list of positions.

>>> from solitaire.engine.games import get_game
>>> game = get_game("tabbycat")
>>> pos = game.deal(1)
>>> pos2 = game.apply(pos, game.legal_moves(pos)[0])
>>> pos2 is not pos
True
"""

from dataclasses import dataclass

from ...words.text import Message, Refusal
from ..cards import SUITS, Card, deck, format_cards, parse_cards
from ..errors import IllegalMoveError, NotationError, SolitaireError
from ..position import Move, Position
from ..rng import SplitMix64

MAX_DEAL = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class Place:
    """One place of a game's layout, in grid units (one card wide, one card tall).

    ``fan`` is how its cards spread: ``down`` (a tableau pile), ``none`` (a neat
    stack: stock, foundation, one-card cell) or ``right`` (a run in the tail).
    ``takes`` is what the place takes while empty: the rank its first card must have (a
    King: 13, an Ace: 1; a run whose first card it is), or 0 when any card or run that may
    move goes there (the table marks an empty place with it). ``label`` names a word shown
    above the place (the catalogue's ``slot_<label>``); places of one row with the same
    label share it.
    """

    name: str
    kind: str  # pile, cell, stock or foundation
    x: float
    y: float
    fan: str = "none"
    takes: int = 0
    label: str = ""


class Game:
    """Base of every game. Subclasses set the attributes and the rule hooks."""

    id = ""
    name = ""
    decks = 1
    suits = SUITS
    piles = 4
    cell_names: tuple[str, ...] = ()
    foundations = 4
    has_hidden = False
    counts_runs = False     # foundations take whole runs (the page counts them)
    winnable_budget = 100_000  # positions Winnable spends on each candidate deal
    has_stock = True
    has_auto_moves = False  # auto_move may return moves (an Auto-play option)

    # -- dealing ---------------------------------------------------------------

    def shuffled(self, number: int) -> list[Card]:
        """The deck for deal ``number``, shuffled by :class:`~solitaire.engine.rng.SplitMix64`."""
        check_deal_number(number)
        cards = deck(self.decks, self.suits)
        SplitMix64(number).shuffle(cards)
        return cards

    def deal(self, number: int) -> Position:
        """The starting position of deal ``number`` (1 .. 2**64-1)."""
        return self.setup(self.shuffled(number))

    def setup(self, cards: list[Card]) -> Position:
        raise NotImplementedError

    @staticmethod
    def deal_rows(cards, sizes) -> tuple[tuple, list]:
        """Deal ``cards`` row by row into piles of the given sizes: the piles (bottom to
        top) and the cards left over, in order."""
        piles = [[] for _ in sizes]
        it = iter(cards)
        for row in range(max(sizes)):
            for col, size in enumerate(sizes):
                if row < size:
                    piles[col].append(next(it))
        return tuple(tuple(p) for p in piles), list(it)

    def count_refusal(self, pos: Position, move: Move) -> Refusal | None:
        """The refusals every game shares: a move onto its own place, or of more cards
        than the place holds."""
        if move.src == move.dst:
            return Refusal("own_place")
        src = self.get(pos, move.src)
        if not 1 <= move.count <= len(src):
            return Refusal("count", place=move.src, held=len(src), count=move.count)
        return None

    def unknown_place(self, move: Move, also=()) -> Refusal | None:
        """A refusal naming a place of ``move`` this game does not have, or None."""
        names = self.__dict__.get("_names")
        if names is None:
            names = self.__dict__["_names"] = frozenset(self.place_names())  # fixed per game
        for place in (move.src, move.dst):
            if place not in names and place not in also:
                return Refusal("no_place", game=self.name, name=place)
        return None

    # -- places ----------------------------------------------------------------

    def place_names(self) -> list[str]:
        return ([f"pile-{i + 1}" for i in range(self.piles)] + list(self.cell_names)
                + (["stock"] if self.has_stock else [])
                + [f"foundation-{i + 1}" for i in range(self.foundations)])

    def layout(self) -> list[Place]:
        raise NotImplementedError

    def get(self, pos: Position, name: str) -> tuple[Card, ...]:
        """The cards at a place, bottom to top.

        Raises:
            IllegalMoveError: when the game has no place of that name.
        """
        try:  # every move reads places: the common case is one lookup in the game's table
            kind, index = self.__dict__["_places"][name]
        except KeyError:
            kind, index = self._locate(name)
        if kind == "stock":
            return pos.stock
        return getattr(pos, kind)[index]

    def put(self, pos: Position, name: str, cards) -> Position:
        """A copy of ``pos`` with the place's cards replaced."""
        try:
            kind, index = self.__dict__["_places"][name]
        except KeyError:
            kind, index = self._locate(name)
        cards = tuple(cards)
        # Positional arguments in Position's field order (dataclasses.replace, or keywords,
        # are several times slower): piles, cells, stock, foundations, hidden.
        if kind == "stock":
            return Position(pos.piles, pos.cells, cards, pos.foundations, pos.hidden)
        seq = list(getattr(pos, kind))
        seq[index] = cards
        if kind == "piles":
            return Position(tuple(seq), pos.cells, pos.stock, pos.foundations, pos.hidden)
        if kind == "cells":
            return Position(pos.piles, tuple(seq), pos.stock, pos.foundations, pos.hidden)
        return Position(pos.piles, pos.cells, pos.stock, tuple(seq), pos.hidden)

    def _locate(self, name: str) -> tuple[str, int]:
        places = self.__dict__.setdefault("_places", {})   # names are few
        found = places.get(name)
        if found is None:
            found = places[name] = self._find(name)
        return found

    def _find(self, name: str) -> tuple[str, int]:
        if name == "stock":
            return "stock", 0
        if name in self.cell_names:
            return "cells", self.cell_names.index(name)
        kind, _, num = name.partition("-")
        count = {"pile": self.piles, "foundation": self.foundations}.get(kind)
        if count and num.isdigit() and 1 <= int(num) <= count:
            return ("piles" if kind == "pile" else "foundations"), int(num) - 1
        raise IllegalMoveError(f"{self.name} has no place called {name!r}")

    # -- rules -----------------------------------------------------------------

    def legal_moves(self, pos: Position) -> list[Move]:
        raise NotImplementedError

    def why_illegal(self, pos: Position, move: Move) -> Refusal | None:
        """None when ``move`` is legal here, else a :class:`~solitaire.words.text.Refusal`
        (a ``str``) saying why not, naming cards as players read them."""
        raise NotImplementedError

    def lost_reason(self, pos: Position) -> Message | None:
        """A note for the player when this position can no longer be won by the rules
        (not a search: only what the rules alone make certain), else None."""
        return None

    def apply(self, pos: Position, move: Move) -> Position:
        """The position after ``move``, with everything the rules then do by themselves.

        Raises:
            IllegalMoveError: saying why the move is not allowed.
        """
        reason = self.why_illegal(pos, move)
        if reason:
            raise IllegalMoveError(f"{move}: {reason}")
        return self._apply(pos, move)

    def _apply(self, pos: Position, move: Move) -> Position:
        """Apply a move already known to be legal."""
        raise NotImplementedError

    def stages(self, pos: Position, move: Move) -> list[Position]:
        """What a player sees happen, one moment after another, when the legal ``move``
        is played from ``pos``: the cards put in place, then what the rules do by
        themselves (a finished run leaving). The last is ``apply(pos, move)``; a game
        where nothing happens by itself has one. For the page's motion only."""
        return [self._apply(pos, move)]

    def is_won(self, pos: Position) -> bool:
        return not any(pos.piles) and not any(pos.cells) and not pos.stock

    def click_move(self, pos: Position, place: str, index: int) -> Move | None:
        """The move a click on card ``index`` (from the bottom) of ``place`` makes, or None."""
        raise NotImplementedError

    def lift(self, pos: Position, place: str, index: int) -> int | None:
        """How many cards a press on card ``index`` of ``place`` picks up, or None when
        that card cannot move (for drags and keys)."""
        raise NotImplementedError

    def auto_move(self, pos: Position) -> Move | None:
        """A move the page may make by itself (auto-play), or None."""
        return None

    def deals_left(self, pos: Position) -> int:
        return len(pos.stock) // self.piles

    def face_down(self, pos: Position, name: str) -> int:
        """How many cards at the bottom of ``name`` lie face down (all of the stock's)."""
        if name == "stock":
            return len(pos.stock)
        if self.has_hidden and name.startswith("pile-"):
            return pos.hidden[int(name[5:]) - 1]
        return 0

    def solver_model(self):
        """The compact model the solver searches (see :mod:`solitaire.solver.search`)."""
        raise NotImplementedError

    # -- notation --------------------------------------------------------------

    def format(self, pos: Position) -> str:
        """The position as text, one line per place; ``parse`` reads it back."""
        lines = []
        for name in self.place_names():
            cards = self.get(pos, name)
            text = format_cards(cards)
            n = self.face_down(pos, name) if name != "stock" else 0
            if n:
                text = f"{format_cards(cards[:n])} | {format_cards(cards[n:])}".rstrip()
            lines.append(f"{name}: {text}".rstrip())
        return "\n".join(lines) + "\n"

    def parse(self, text: str, strict: bool = True) -> Position:
        """Read a position written by :meth:`format`.

        Lines are ``place: cards``; a missing place is empty, blank lines and lines
        starting with ``#`` are skipped. With ``strict``, the position must hold the
        game's whole deck, each card once.

        Raises:
            NotationError: naming the line and the token at fault.
        """
        names = self.place_names()
        found: dict[str, tuple] = {}
        hidden = [0] * self.piles
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            name, colon, rest = line.partition(":")
            name = name.strip().lower()
            if not colon:
                raise NotationError(f"line {number}: {line!r} is not 'place: cards'")
            if name not in names:
                raise NotationError(f"line {number}: unknown place {name!r}; "
                                    f"{self.name} has {', '.join(names)}")
            if name in found:
                raise NotationError(f"line {number}: place {name!r} appears twice")
            down, bar, up = rest.partition("|")
            if bar and not (self.has_hidden and name.startswith("pile-")):
                raise NotationError(f"line {number} ({name}): '|' marks face-down cards, "
                                    f"which only {self.name} piles could have")
            try:
                cards = parse_cards(down) + (parse_cards(up) if bar else ())
            except NotationError as e:
                raise NotationError(f"line {number} ({name}): {e}") from None
            if bar:
                hidden[int(name[5:]) - 1] = len(parse_cards(down))
            found[name] = cards
        pos = Position(piles=((),) * self.piles, cells=((),) * len(self.cell_names),
                       foundations=((),) * self.foundations,
                       hidden=tuple(hidden) if self.has_hidden else ())
        for name, cards in found.items():
            pos = self.put(pos, name, cards)
        self.validate(pos, strict)
        return pos

    def validate(self, pos: Position, strict: bool = True) -> None:
        """Check that a position could occur in this game.

        Raises:
            NotationError: naming what is wrong.
        """
        seen: set[Card] = set()
        full = set(deck(self.decks, self.suits))
        for name in self.place_names():
            for card in self.get(pos, name):
                if card not in full:
                    raise NotationError(f"{name}: card {card} is not in the {self.name} deck")
                if card in seen:
                    raise NotationError(f"{name}: card {card} appears twice")
                seen.add(card)
        if strict and seen != full:
            missing = sorted(full - seen, key=lambda c: (c.suit, c.rank, c.copy))
            raise NotationError(f"the position lacks {len(missing)} card(s) of the deck: "
                                f"{format_cards(missing[:8])}{' ...' if len(missing) > 8 else ''}")


def check_deal_number(number) -> int:
    """Raise a clear error unless ``number`` is a deal number (1 .. 2**64-1)."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_DEAL:
        raise SolitaireError(f"deal numbers run from 1 to {MAX_DEAL}, not {number!r}")
    return number
