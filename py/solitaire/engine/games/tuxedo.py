"""Tuxedo: seven piles all face up, seven one-card cells, foundations up in suit.

Rules (``docs/rules/tuxedo.en.md``):

- One deck dealt face up into seven piles of 8, 7, 7, 8, 7, 7, 8 cards (row by row);
  seven cells, each for one card; four foundations.
- A foundation starts with any Ace, in any empty foundation, and builds up in suit;
  cards there stay there.
- A pile builds down in suit: only the 8 of clubs goes on the 9 of clubs.
- The top card of a pile may go to a foundation, a cell, or a pile; a cell's card goes
  back to a pile or a foundation, never to another cell.
- A same-suit descending group at the top of a pile moves as a unit.
- Only a King, or a group whose bottom card is a King, fills an empty pile.
- Won when all 52 cards are on the foundations.

>>> game = Tuxedo()
>>> [len(p) for p in game.deal(1).piles]
[8, 7, 7, 8, 7, 7, 8]
"""

from ...words.text import Refusal
from ..position import Move, Position
from .base import Game, Place

SIZES = (8, 7, 7, 8, 7, 7, 8)
PILES = tuple(f"pile-{i + 1}" for i in range(7))
CELLS = tuple(f"cell-{i + 1}" for i in range(7))
FOUNDATIONS = tuple(f"foundation-{i + 1}" for i in range(4))
PLACES = PILES + CELLS
KING, ACE = 13, 1


def builds_on(card, under) -> bool:
    """True when ``card`` may lie on ``under`` in a pile: same suit, one rank lower."""
    return card.suit == under.suit and card.rank == under.rank - 1


def first_up(foundations, places) -> tuple[int, int] | None:
    """The first of ``places`` (the piles, then the cells) whose top card goes up now,
    and the foundation it goes to, as indices (an Ace to the first empty one); None
    when no top card goes up."""
    ups, ace = {}, None   # by suit: the rank that goes up next and its foundation
    for i, found in enumerate(foundations):
        if found:
            ups[found[-1].suit] = (found[-1].rank + 1, i)
        elif ace is None:
            ace = i
    for k, cards in enumerate(places):
        if cards:
            top = cards[-1]
            if top.rank == ACE:
                if ace is not None:
                    return k, ace
            else:
                up = ups.get(top.suit)
                if up is not None and up[0] == top.rank:
                    return k, up[1]
    return None


class Tuxedo(Game):
    """Tuxedo, Penguin's easier cousin with every card in view."""

    id = "tuxedo"
    name = "Tuxedo"
    piles = 7
    cell_names = tuple(f"cell-{i + 1}" for i in range(7))
    foundations = 4
    # Auto-play's sources in the order it looks at them: the piles, then the cells.
    auto_sources = tuple(f"pile-{i + 1}" for i in range(7)) + cell_names
    foundation_shows = "top"
    has_stock = False
    has_auto_moves = True

    def setup(self, cards) -> Position:
        piles, _ = self.deal_rows(cards, SIZES)
        return Position(piles=piles, cells=((),) * 7, foundations=((),) * 4)

    def layout(self) -> list[Place]:
        step = 1.08
        # Any card goes to a cell, only a King (or a group from one) to an empty pile, an
        # Ace to an empty foundation.
        places = [Place(f"cell-{i + 1}", "cell", i * step, 0, label="cells") for i in range(7)]
        places += [Place(f"pile-{i + 1}", "pile", i * step, 1.2, "down", takes=KING) for i in range(7)]
        places += [Place(f"foundation-{i + 1}", "foundation", 7 * step + 0.3, i * 1.1, takes=ACE)
                   for i in range(4)]
        return places

    def deals_left(self, pos) -> int:
        return 0

    # -- rules -----------------------------------------------------------------------

    def group_length(self, pile) -> int:
        """How many cards at the top of ``pile`` form a same-suit descending group."""
        n = len(pile)
        length = 1 if n else 0
        while length < n and builds_on(pile[n - length], pile[n - length - 1]):
            length += 1
        return length

    def foundations_for(self, pos, card) -> list[str]:
        """Every foundation that takes ``card`` now: any empty one for an Ace, else the
        one of its suit when its top card is one rank lower."""
        if card.rank == ACE:
            return [f"foundation-{i + 1}" for i, found in enumerate(pos.foundations) if not found]
        for i, found in enumerate(pos.foundations):
            if found and found[-1].suit == card.suit:
                return [f"foundation-{i + 1}"] if found[-1].rank == card.rank - 1 else []
        return []

    def foundation_for(self, pos, card) -> str | None:
        """The leftmost foundation that takes ``card`` now (clicks and auto-play), or None."""
        targets = self.foundations_for(pos, card)
        return targets[0] if targets else None

    def legal_moves(self, pos: Position) -> list[Move]:
        # What each place takes, looked up once: a pile's index by the card that goes on
        # it, the empty piles (Kings), the foundation by the card that goes on it, the
        # empty foundations (Aces), the free cells.
        takes, empty = {}, []
        for k, pile in enumerate(pos.piles):
            if pile:
                takes[pile[-1].suit, pile[-1].rank - 1] = k
            else:
                empty.append(PILES[k])
        ups, aces = {}, []
        for i, found in enumerate(pos.foundations):
            if found:
                ups[found[-1].suit, found[-1].rank + 1] = FOUNDATIONS[i]
            else:
                aces.append(FOUNDATIONS[i])
        cells = [CELLS[i] for i, c in enumerate(pos.cells) if not c]
        moves = []
        for i, cards in enumerate(pos.piles + pos.cells):
            if not cards:
                continue
            name = PLACES[i]
            top = cards[-1]
            if top.rank == ACE:
                moves += [Move(name, found, 1) for found in aces]
            elif (top.suit, top.rank) in ups:
                moves.append(Move(name, ups[top.suit, top.rank], 1))
            card, count, n = top, 1, len(cards)
            while True:  # the top ``count`` cards: a same-suit group, on a pile
                if card.rank == KING:
                    moves += [Move(name, dst, count) for dst in empty]
                elif (k := takes.get((card.suit, card.rank))) is not None and k != i:
                    moves.append(Move(name, PILES[k], count))
                if count == n or not builds_on(card, cards[-count - 1]):
                    break
                count += 1
                card = cards[-count]
            if i < 7:
                moves += [Move(name, cell, 1) for cell in cells]
        return moves

    def why_illegal(self, pos: Position, move: Move) -> Refusal | None:
        unknown = self.unknown_place(move)
        if unknown:
            return unknown
        if move.src.startswith("foundation"):
            return Refusal("foundation_stays")
        refusal = self.count_refusal(pos, move)
        if refusal:
            return refusal
        src = self.get(pos, move.src)
        if move.src.startswith("pile-") and move.count > self.group_length(src):
            return Refusal("not_a_group", count=move.count, run=self.group_length(src), place=move.src)
        card = src[-move.count]
        dst = self.get(pos, move.dst)
        if move.dst.startswith("foundation"):
            if move.count != 1:
                return Refusal("foundation_one_at_a_time")
            if move.dst in self.foundations_for(pos, card):
                return None
            if card.rank == ACE:
                return Refusal("ace_needs_empty", card=card, place=move.dst)
            if not dst:
                return Refusal("foundation_needs_ace", card=card, place=move.dst)
            return Refusal("foundation_builds_up", card=card, onto=dst[-1])
        if move.dst.startswith("cell"):
            if move.src.startswith("cell"):
                return Refusal("cell_to_cell")
            if move.count != 1:
                return Refusal("cell_one")
            return Refusal("cell_full", place=move.dst) if dst else None
        if not dst:
            return None if card.rank == KING else Refusal("king_only")
        if not builds_on(card, dst[-1]):
            return Refusal("builds_in_suit", card=card, onto=dst[-1])
        return None

    def _apply(self, pos: Position, move: Move) -> Position:
        src = self.get(pos, move.src)
        moving = src[-move.count:]
        pos = self.put(pos, move.src, src[:-move.count])
        return self.put(pos, move.dst, self.get(pos, move.dst) + moving)

    def auto_move(self, pos: Position) -> Move | None:
        """A move to a foundation that can never be regretted, or None.

        Piles build down in suit, so the only card that could ever lie on a card is the
        one of its suit a rank below, which is on the foundation before the card can
        follow it there: every foundation move is safe.
        """
        up = first_up(pos.foundations, pos.piles + pos.cells)
        return None if up is None else Move(self.auto_sources[up[0]], FOUNDATIONS[up[1]], 1)

    def auto_moves(self, pos: Position) -> tuple[list[Move], Position]:
        """Every move auto-play makes from ``pos``, in order (:meth:`auto_move` again
        and again until it has none), and the position after them, made in one pass
        with one new position at the end (the solver plays them after each of its
        moves)."""
        founds = list(pos.foundations)
        places = list(pos.piles + pos.cells)
        moves = []
        while (up := first_up(founds, places)) is not None:
            k, i = up
            moves.append(Move(self.auto_sources[k], FOUNDATIONS[i], 1))
            founds[i] += places[k][-1:]
            places[k] = places[k][:-1]
        if not moves:
            return moves, pos
        return moves, Position(tuple(places[:7]), tuple(places[7:]), pos.stock, tuple(founds),
                               pos.hidden)

    def click_move(self, pos: Position, place: str, index: int) -> Move | None:
        """Foundation first (a single card), then a pile that takes it, then an empty
        pile (Kings), then the first free cell."""
        cards = self.get(pos, place) if place.startswith(("pile-", "cell-")) else ()
        count = len(cards) - index
        if not cards or not 0 <= index < len(cards):
            return None
        if place.startswith("pile-") and count > self.group_length(cards):
            return None
        card = cards[-count]
        if count == 1 and self.foundation_for(pos, card):
            return Move(place, self.foundation_for(pos, card), 1)
        piles = [(f"pile-{k + 1}", p) for k, p in enumerate(pos.piles) if f"pile-{k + 1}" != place]
        for name, pile in piles:
            if pile and builds_on(card, pile[-1]):
                return Move(place, name, count)
        whole = place.startswith("pile-") and count == len(cards)
        if card.rank == KING and not whole:
            for name, pile in piles:
                if not pile:
                    return Move(place, name, count)
        if count == 1 and place.startswith("pile-"):
            for i, cell in enumerate(pos.cells):
                if not cell:
                    return Move(place, f"cell-{i + 1}", 1)
        return None

    def lift(self, pos: Position, place: str, index: int) -> int | None:
        """A pile card lifts the same-suit group above it; a cell's card lifts alone."""
        if not place.startswith(("pile-", "cell-")):
            return None
        cards = self.get(pos, place)
        count = len(cards) - index
        if not 0 <= index < len(cards):
            return None
        return count if place.startswith("cell-") or count <= self.group_length(cards) else None

    def solver_model(self, pos: Position):
        from .tuxedo_model import TuxedoModel
        return TuxedoModel(self, pos)
