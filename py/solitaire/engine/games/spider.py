"""Spider in one, two and four suits: ten columns, two decks, face-down cards.

Rules (``docs/rules/spider.en.md``):

- 104 cards: one suit uses 8 x spades, two suits 4 x spades and 4 x hearts, four suits
  2 x each. Duplicates are distinct cards (``KS`` and ``KS1``).
- Ten columns dealt 6,6,6,6,5,5,5,5,5,5 (row by row), only the last card of each face
  up; the other 50 cards are the stock, five deals of ten.
- A single face-up card goes onto any card one rank higher, whatever its suit.
- A group moves together only when it is face up, descending and of one suit, and
  reaches the top of its column.
- An empty column takes any card or valid group.
- A deal puts one card face up on each column, and is refused while any column is empty.
- A face-down card laid bare turns face up by itself.
- A completed same-suit run K..A at the top of a column leaves for a foundation at once
  (which may lay bare, and so turn, another card).
- Won when all eight runs are off.

>>> game = Spider1()
>>> pos = game.deal(1)
>>> [len(p) for p in pos.piles], pos.hidden[:2], len(pos.stock)
([6, 6, 6, 6, 5, 5, 5, 5, 5, 5], (5, 5), 50)
"""

from ...words.text import Refusal
from ..position import DEAL, Move, Position
from .base import Game, Place

SIZES = (6, 6, 6, 6, 5, 5, 5, 5, 5, 5)
KING = 13


class Spider(Game):
    """Spider with ``suits`` suits (the subclasses set one, two or four)."""

    decks = 2
    piles = 10
    foundations = 8
    has_hidden = True
    foundation_shows = "bottom"   # a completed run shows its King
    counts_runs = True

    def setup(self, cards) -> Position:
        piles, stock = self.deal_rows(cards, SIZES)
        return Position(piles=piles, stock=tuple(stock), foundations=((),) * 8,
                        hidden=tuple(s - 1 for s in SIZES))

    def layout(self) -> list[Place]:
        places = [Place("stock", "stock", 0, 0)]
        # Completed runs stack compactly at the right of the top row, each King's
        # index showing whole (0.8 of a card apart: on a phone, whose cards are narrow,
        # the index reaches 0.64 of the card, and the places may spread less than the
        # cards), instead of a row of eight empty places.
        places += [Place(f"foundation-{i + 1}", "foundation", 9.45 - (7 - i) * 0.8, 0, takes=KING)
                   for i in range(8)]
        places += [Place(f"pile-{i + 1}", "pile", i * 1.05, 1.2, "down") for i in range(10)]
        return places

    def deals_left(self, pos) -> int:
        return len(pos.stock) // 10

    def group_length(self, pos, i) -> int:
        """Face-up cards at the top of column i that are descending and of one suit."""
        pile = pos.piles[i]
        n, up = len(pile), len(pile) - pos.hidden[i]
        length = 1 if up > 0 else 0
        while length < up and pile[n - length].suit == pile[n - length - 1].suit \
                and pile[n - length].rank == pile[n - length - 1].rank - 1:
            length += 1
        return length

    def legal_moves(self, pos: Position) -> list[Move]:
        moves = []
        for i, pile in enumerate(pos.piles):
            for count in range(1, self.group_length(pos, i) + 1):
                card = pile[-count]
                for k, other in enumerate(pos.piles):
                    if k != i and (not other or other[-1].rank == card.rank + 1):
                        moves.append(Move(f"pile-{i + 1}", f"pile-{k + 1}", count))
        if pos.stock and all(pos.piles):
            moves.append(DEAL)
        return moves

    def why_illegal(self, pos: Position, move: Move) -> Refusal | None:
        if move.is_deal:
            if move.dst != "piles" or move.count != 0:
                return Refusal("deal_notation_columns")
            if not pos.stock:
                return Refusal("stock_empty", deals=5)
            if not all(pos.piles):
                return Refusal("deal_needs_columns")
            return None
        for place in (move.src, move.dst):
            if not place.startswith("pile-") or not place[5:].isdigit() or not 1 <= int(place[5:]) <= 10:
                return Refusal("not_a_column", name=place)
        refusal = self.count_refusal(pos, move)
        if refusal:
            return refusal
        i = int(move.src[5:]) - 1
        src = pos.piles[i]
        if move.count > len(src) - pos.hidden[i]:
            return Refusal("face_down")
        if move.count > self.group_length(pos, i):
            return Refusal("one_suit_group")
        dst = self.get(pos, move.dst)
        card = src[-move.count]
        if dst and dst[-1].rank != card.rank + 1:
            return Refusal("builds_down_any_suit", card=card, onto=dst[-1])
        return None

    def count_refusal(self, pos: Position, move: Move) -> Refusal | None:
        refusal = super().count_refusal(pos, move)
        if refusal is not None and refusal.key == "count":  # Spider's piles are columns
            return Refusal("count_column", column=int(move.src[5:]), held=refusal.params["held"],
                           count=move.count)
        return refusal

    def _apply(self, pos: Position, move: Move) -> Position:
        piles, hidden = list(pos.piles), list(pos.hidden)
        stock = pos.stock
        if move.is_deal:
            piles = [p + (c,) for p, c in zip(piles, stock[:10])]
            stock = stock[10:]
        else:
            i, k = int(move.src[5:]) - 1, int(move.dst[5:]) - 1
            moving = piles[i][-move.count:]
            piles[i] = piles[i][:-move.count]
            piles[k] = piles[k] + moving
        foundations = list(pos.foundations)
        for i in range(10):
            pile = piles[i]
            while (len(pile) - hidden[i] >= 13 and len({c.suit for c in pile[-13:]}) == 1
                   and [c.rank for c in pile[-13:]] == list(range(KING, 0, -1))):
                foundations[foundations.index(())] = pile[-13:]
                pile = pile[:-13]
            hidden[i] = min(hidden[i], max(len(pile) - 1, 0))  # a bare card turns face up
            piles[i] = pile
        return Position(piles=tuple(piles), stock=stock, foundations=tuple(foundations),
                        hidden=tuple(hidden))

    def stages(self, pos: Position, move: Move) -> list[Position]:
        """The cards moved (a card they lay bare turned up), then, if a run was
        completed, the run leaving (and the card under it turning up)."""
        after = self._apply(pos, move)
        if after.foundations == pos.foundations:
            return [after]
        piles, hidden = list(pos.piles), list(pos.hidden)
        if move.is_deal:
            piles = [p + (c,) for p, c in zip(piles, pos.stock[:10])]
        else:
            i, k = int(move.src[5:]) - 1, int(move.dst[5:]) - 1
            piles[k] = piles[k] + piles[i][-move.count:]
            piles[i] = piles[i][:-move.count]
        hidden = [min(h, max(len(p) - 1, 0)) for h, p in zip(hidden, piles)]
        placed = Position(piles=tuple(piles), stock=after.stock, foundations=pos.foundations,
                          hidden=tuple(hidden))
        return [placed, after]

    def click_move(self, pos: Position, place: str, index: int) -> Move | None:
        """A same-suit card one rank higher first, then any card one rank higher, then
        the first empty column. A click on the stock deals."""
        if place == "stock":
            return DEAL if self.why_illegal(pos, DEAL) is None else None
        count = self.lift(pos, place, index)
        if not count:
            return None
        i = int(place[5:]) - 1
        card = pos.piles[i][-count]
        others = [(f"pile-{k + 1}", p) for k, p in enumerate(pos.piles) if k != i]
        takes = [(n, p) for n, p in others if p and p[-1].rank == card.rank + 1]
        for name, pile in takes:
            if pile[-1].suit == card.suit:
                return Move(place, name, count)
        if takes:
            return Move(place, takes[0][0], count)
        if count < len(pos.piles[i]):
            for name, pile in others:
                if not pile:
                    return Move(place, name, count)
        return None

    def lift(self, pos: Position, place: str, index: int) -> int | None:
        if not place.startswith("pile-"):
            return None
        i = int(place[5:]) - 1
        count = len(pos.piles[i]) - index
        return count if 0 <= index < len(pos.piles[i]) and count <= self.group_length(pos, i) else None

    def solver_model(self, pos: Position):
        from .spider_model import SpiderModel
        return SpiderModel(self, pos)


class Spider1(Spider):
    id, name, suits = "spider1", "Spider (one suit)", "S"


class Spider2(Spider):
    id, name, suits = "spider2", "Spider (two suits)", "SH"


class Spider4(Spider):
    id, name, suits = "spider4", "Spider (four suits)", "SHDC"
    # Of deals 1-200, 55% are proved within 40,000 positions and 95% within 300,000:
    # trying more candidates, each briefly, finds a proved deal soonest (docs/solver.md).
    winnable_budget = 40_000
