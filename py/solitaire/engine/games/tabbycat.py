"""Tabby Cat: four piles built down regardless of suit, a King on an Ace, and a tail.

Rules (``docs/rules/tabbycat.en.md``):

- One deck; one card face up on each of four piles, 48 cards in the stock; the tail
  starts empty.
- A card goes on any card one rank higher, whatever its suit; a King goes on an Ace.
- A run is the top card of a pile and every card under it while each card is one rank
  below the card under it (Ace-under-King included); any card of the run moves with
  everything above it, however many.
- An empty pile takes any card or run that may move.
- The empty tail takes any run that may move. It gives its run back only whole, onto a
  pile whose top card takes the run's bottom card, or into an empty pile; never to a
  foundation.
- A deal puts one card on each pile, left to right, empty piles included; twelve deals,
  whenever the player likes, a full tail included.
- After every move or deal, while the top thirteen cards of any pile are K down to A
  (any suits), they leave for a foundation. A stretch that wraps from A to K on the way
  is not finished. A finished run in the tail stays until it is moved onto a pile.
- Won when all 52 cards are on the foundations.

>>> game = TabbyCat()
>>> print(game.format(game.deal(1)).splitlines()[0])
pile-1: 7H
"""

from ...words.text import Message, Refusal
from ..cards import ACE, KING, Card
from ..position import DEAL, Move, Position
from .base import Game, Place


def builds_on(card: int, under: int) -> bool:
    """True when a card of rank ``card`` may lie on one of rank ``under`` (K on A too)."""
    return card == under - 1 or (under == ACE and card == KING)


class TabbyCat(Game):
    """Tabby Cat, as Rick Holzgrafe designed it."""

    id = "tabbycat"
    name = "Tabby Cat"
    piles = 4
    cell_names = ("tail",)
    foundations = 4
    total_deals = 12
    foundation_shows = "bottom"   # a foundation shows its finished run's first card
    counts_runs = True

    # -- what a variant may change ------------------------------------------------
    tail_holds: int | None = None  # cards the tail takes at most (None: a whole run)
    tail_gives_groups = False      # the tail gives back any group from its top
    any_run_finishes = False       # any 13 in descending order (wrap too) is finished
    foundation_returns = False     # a foundation's top card may come back onto a pile

    def is_finished(self, top13: tuple[Card, ...]) -> bool:
        """True when these 13 cards (bottom to top) are a finished run: K down to A
        (any 13 in descending order where ``any_run_finishes``)."""
        if self.any_run_finishes:
            return all(builds_on(b.rank, a.rank) for a, b in zip(top13, top13[1:]))
        return [c.rank for c in top13] == list(range(KING, 0, -1))

    def tail_counts(self, tail) -> range:
        """How many cards the tail may give back from its top."""
        if not tail:
            return range(0)
        return range(1, len(tail) + 1) if self.tail_gives_groups else range(len(tail), len(tail) + 1)

    def run_length(self, pile) -> int:
        """How many cards at the top of ``pile`` form the movable run."""
        n = len(pile)
        if n == 0:
            return 0
        length = 1
        while length < n and builds_on(pile[n - length].rank, pile[n - length - 1].rank):
            length += 1
        return length

    # -- dealing and layout ----------------------------------------------------------

    def setup(self, cards) -> Position:
        return Position(piles=tuple((c,) for c in cards[:self.piles]),
                        cells=((),),
                        stock=tuple(cards[self.piles:]),
                        foundations=((),) * self.foundations)

    def layout(self) -> list[Place]:
        # A foundation takes a finished run, King first (any thirteen in descending order
        # where any_run_finishes: no one rank); an empty pile or tail, any run.
        first = 0 if self.any_run_finishes else KING
        places = [Place("stock", "stock", 0, 0)]
        places += [Place(f"foundation-{i + 1}", "foundation", 1.25 + i * 1.125, 0, takes=first)
                   for i in range(self.foundations)]
        places += [Place(f"pile-{i + 1}", "pile", i * 1.125, 1.25, "down")
                   for i in range(self.piles)]
        places.append(Place("tail", "cell", self.piles * 1.125 + 0.25, 1.25, "down", label="tail"))
        return places

    # -- rules -----------------------------------------------------------------------

    def legal_moves(self, pos: Position) -> list[Move]:
        """Every legal move: pile runs onto piles or the tail, the tail's run, the deal.

        Moves from the piles come first, by source pile, shortest run first.
        """
        moves = []
        tail = pos.cells[0]
        for i, pile in enumerate(pos.piles):
            for count in range(1, self.run_length(pile) + 1):
                card = pile[-count]
                for k, other in enumerate(pos.piles):
                    if k != i and (not other or builds_on(card.rank, other[-1].rank)):
                        moves.append(Move(f"pile-{i + 1}", f"pile-{k + 1}", count))
                if not tail and (self.tail_holds is None or count <= self.tail_holds):
                    moves.append(Move(f"pile-{i + 1}", "tail", count))
        for count in self.tail_counts(tail):
            for k, other in enumerate(pos.piles):
                if not other or builds_on(tail[-count].rank, other[-1].rank):
                    moves.append(Move("tail", f"pile-{k + 1}", count))
        if self.foundation_returns:
            for f, found in enumerate(pos.foundations):
                for k, other in enumerate(pos.piles):
                    if found and (not other or builds_on(found[-1].rank, other[-1].rank)):
                        moves.append(Move(f"foundation-{f + 1}", f"pile-{k + 1}", 1))
        if pos.stock:
            moves.append(DEAL)
        return moves

    def why_illegal(self, pos: Position, move: Move) -> Refusal | None:
        unknown = self.unknown_place(move, also=("piles",))
        if unknown:
            return unknown
        if move.is_deal:
            if move.dst != "piles" or move.count != 0:
                return Refusal("deal_notation")
            return None if pos.stock else Refusal("stock_empty", deals=self.total_deals)
        if "piles" in (move.src, move.dst):
            return Refusal("deal_notation")
        if move.src.startswith("foundation"):
            if not self.foundation_returns:
                return Refusal("foundation_stays")
            if move.count != 1 or not move.dst.startswith("pile-"):
                return Refusal("foundation_top_only")
        if move.dst == "stock":
            return Refusal("stock_takes_nothing")
        if move.dst.startswith("foundation"):
            return Refusal("runs_leave_alone")
        refusal = self.count_refusal(pos, move)
        if refusal:
            return refusal
        src = self.get(pos, move.src)
        moving = src[-move.count:]
        if move.src == "tail":
            if move.count not in self.tail_counts(src):
                return Refusal("tail_whole", count=len(src))
        elif move.src.startswith("foundation"):
            pass
        elif move.count > self.run_length(src):
            return Refusal("not_a_run", count=move.count, run=self.run_length(src), place=move.src)
        if move.dst == "tail":
            if pos.cells[0]:
                return Refusal("tail_full")
            if self.tail_holds is not None and move.count > self.tail_holds:
                return Refusal("tail_single", game=self.name)
            return None
        dst = self.get(pos, move.dst)
        if dst and not builds_on(moving[0].rank, dst[-1].rank):
            return Refusal("builds_down", card=moving[0], onto=dst[-1])
        return None

    def lost_reason(self, pos: Position) -> Message | None:
        """Where a foundation gives cards back (relaxed rules): a foundation holding
        part of a run takes no finished run, and no rule completes it, so the game
        cannot be won unless all its cards come back."""
        for i, found in enumerate(pos.foundations):
            if 0 < len(found) < 13:
                return Message("foundation_gave_back", place=f"foundation-{i + 1}")
        return None

    def _apply(self, pos: Position, move: Move) -> Position:
        return self.remove_finished(self._place(pos, move))

    def _place(self, pos: Position, move: Move) -> Position:
        """The cards of ``move`` put where it takes them, before any run leaves."""
        if move.is_deal:
            dealt = pos.stock[:self.piles]
            pos = Position(piles=tuple(p + (c,) for p, c in zip(pos.piles, dealt)),
                           cells=pos.cells, stock=pos.stock[self.piles:],
                           foundations=pos.foundations)
        else:
            src = self.get(pos, move.src)
            moving = src[-move.count:]
            pos = self.put(pos, move.src, src[:-move.count])
            pos = self.put(pos, move.dst, self.get(pos, move.dst) + moving)
        return pos

    def stages(self, pos: Position, move: Move) -> list[Position]:
        placed = self._place(pos, move)
        after = self.remove_finished(placed)
        return [after] if after == placed else [placed, after]

    def remove_finished(self, pos: Position) -> Position:
        """Send every finished run at the top of a pile to an empty foundation,
        repeatedly. With no empty foundation (in relaxed rules, every one gave a card
        back) a finished run stays on its pile as an ordinary run."""
        piles = list(pos.piles)
        foundations = list(pos.foundations)
        changed = False
        for i, pile in enumerate(piles):
            while len(pile) >= 13 and self.is_finished(pile[-13:]) and () in foundations:
                slot = foundations.index(())
                foundations[slot] = pile[-13:]
                pile = pile[:-13]
                changed = True
            piles[i] = pile
        if not changed:
            return pos
        return Position(piles=tuple(piles), cells=pos.cells, stock=pos.stock,
                        foundations=tuple(foundations))

    def click_move(self, pos: Position, place: str, index: int) -> Move | None:
        """The move a click makes, in the order of docs/rules/tabbycat.en.md, or None.

        On a pile card: the card and everything above it, when that is part of the
        run. Targets: the leftmost pile whose top card takes it and has its suit;
        else the leftmost pile that takes it; else the leftmost empty pile (not for
        a whole pile); else the empty tail. A click in the tail moves the whole run
        the same way (never back to the tail). A click on the stock deals.
        """
        if place == "stock":
            return DEAL if pos.stock else None
        if place == "tail":
            cards = pos.cells[0]
            count = len(cards) - index if self.tail_gives_groups else len(cards)
            if count not in self.tail_counts(cards):
                return None
        elif place.startswith("pile-"):
            cards = self.get(pos, place)
            count = len(cards) - index
            if not 0 <= index < len(cards) or count > self.run_length(cards):
                return None
        else:
            return None
        if not cards:
            return None
        card = cards[-count]
        whole = count == len(cards)
        others = [(f"pile-{k + 1}", p) for k, p in enumerate(pos.piles) if f"pile-{k + 1}" != place]
        takes = [(n, p) for n, p in others if p and builds_on(card.rank, p[-1].rank)]
        for name, pile in takes:
            if pile[-1].suit == card.suit:
                return Move(place, name, count)
        if takes:
            return Move(place, takes[0][0], count)
        if not (whole and place != "tail"):
            for name, pile in others:
                if not pile:
                    return Move(place, name, count)
        if place != "tail" and not pos.cells[0] and (self.tail_holds is None or count <= self.tail_holds):
            return Move(place, "tail", count)
        return None

    def lift(self, pos: Position, place: str, index: int) -> int | None:
        """A pile card lifts the cards above it when they are a run; a tail card lifts
        the whole run (any group from it where the tail gives groups); a foundation's
        top card lifts where cards come back."""
        if place == "tail":
            tail = pos.cells[0]
            count = len(tail) - index if self.tail_gives_groups else len(tail)
            return count if 0 <= index < len(tail) and count in self.tail_counts(tail) else None
        if place.startswith("pile-"):
            pile = self.get(pos, place)
            count = len(pile) - index
            return count if 0 <= index < len(pile) and count <= self.run_length(pile) else None
        if place.startswith("foundation-") and self.foundation_returns:
            return 1 if index == len(self.get(pos, place)) - 1 >= 0 else None
        return None

    def solver_model(self, pos: Position):
        from .tabbycat_model import TabbyCatModel
        return TabbyCatModel(self, pos)


class TabbycatRelaxed(TabbyCat):
    """Tabbycat relaxed (docs/rules): any 13 in descending order finishes, the
    tail gives back any group from its top, and a foundation's top card may come back
    onto a pile that takes it (a card taken back can never return, so no winning line
    uses it; the solver leaves it out)."""

    id = "tabbycat-relaxed"
    name = "Tabbycat relaxed"
    any_run_finishes = True
    tail_gives_groups = True
    foundation_returns = True


class Manx(TabbyCat):
    """Manx, Tabby Cat's sister game: the tail holds a single card."""

    id = "manx"
    name = "Manx"
    tail_holds = 1

    def solver_model(self, pos: Position):
        from .tabbycat_model import ManxModel
        return ManxModel(self, pos)
