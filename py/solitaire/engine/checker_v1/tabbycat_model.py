"""Frozen for the daily checker v1 (do not edit: past dailies depend on it).

Tabby Cat as the solver sees it: ranks only, packed into bytes.

No Tabby Cat rule looks at suits (only click-to-move's preference does), so the solver
searches positions of ranks. A state is one ``bytes``: the number of deals done since
the search began, then the four piles and the tail as rank bytes (1..13, bottom to
top) separated by zero bytes. Piles shared between a state and its children are
shared ``bytes`` objects too, and a state's hash is cached, which keeps the search fast
and small.

While stock remains, deal card i lands on pile i, so the order of the piles matters.
After the last deal it does not, and the canonical state sorts the piles: positions
that differ only by the order of the piles are one position to the solver.
"""

from ..games.tabbycat import ACE, KING

FINISHED = bytes(range(KING, 0, -1))  # K Q J .. 2 A, bottom to top
SEP = b"\x00"
# ONTO[c]: the rank a card of rank c may be laid on (K on A).
ONTO = bytes([0] + [c % 13 + 1 for c in range(1, 14)])


def disorder(pile: bytes) -> int:
    """How far a pile is from leaving, in quarter-joins.

    Every descending segment must one day be joined onto the card one rank above its
    head, unless its head is a King: a segment headed by anything else costs 4. One
    headed by a King costs 1, plus 1 for every break beneath it (what lies under a King's
    run is stuck until that run leaves). An A-under-K wrap costs 1: the run must end at
    that Ace to leave.
    """
    if not pile:
        return 0
    score = 1 if pile[0] == KING else 4
    below = 0
    for under, over in zip(pile, pile[1:]):
        if ONTO[over] != under:
            below += 1
            score += 1 + below if over == KING else 4
        elif under == ACE:
            score += 1
    return score


# Relaxed rules: any 13 cards in descending order, wrap included, are finished.
ANY_RUN = frozenset(bytes((top - k - 1) % 13 + 1 for k in range(13)) for top in range(1, 14))


def settle(pile: bytes) -> bytes:
    """The pile after its finished runs (K down to A) have left."""
    while pile.endswith(FINISHED):
        pile = pile[:-13]
    return pile


def settle_any(pile: bytes) -> bytes:
    """The pile after its finished runs (any 13 in descending order) have left."""
    while len(pile) >= 13 and pile[-13:] in ANY_RUN:
        pile = pile[:-13]
    return pile


class TabbyCatModel:
    """The compact search model of one Tabby Cat position (see :mod:`solitaire.solver`)."""

    # Each deal to come is worth this much disorder: four cards that rarely fit
    # (a little under the 4 x 4 they usually cost, so that dealing is not put off).
    DEAL_WEIGHT = 12

    def __init__(self, game, pos):
        self.game = game
        self.settle = settle_any if game.any_run_finishes else settle
        self.tail_single = game.tail_holds == 1
        self.tail_groups = game.tail_gives_groups
        self.piles = game.piles
        self.ndeals = len(pos.stock) // game.piles
        self.stock = bytes(c.rank for c in pos.stock)
        self._memo: dict[bytes, int] = {}
        self.root = self.key(pos)

    def key(self, pos) -> bytes:
        """The canonical state of a real position reached from the root."""
        d = self.ndeals - len(pos.stock) // self.piles
        piles = [bytes(c.rank for c in p) for p in pos.piles]
        return self._pack(d, piles, bytes(c.rank for c in pos.cells[0]))

    def _pack(self, d: int, piles: list, tail: bytes) -> bytes:
        if d == self.ndeals:
            piles = sorted(piles)
        return bytes((d,)) + SEP.join(piles) + SEP + tail

    def is_endgame(self, state: bytes) -> bool:
        """True once no deal is left: no new card will come."""
        return state[0] == self.ndeals

    def is_won(self, state: bytes) -> bool:
        return state[0] == self.ndeals and len(state) == 1 + self.piles

    def score(self, state: bytes) -> int:
        """Disorder of a state: lower is nearer a win; 0 only when won."""
        memo = self._memo
        total = (self.ndeals - state[0]) * self.DEAL_WEIGHT
        for part in state[1:].split(SEP):
            s = memo.get(part)
            if s is None:
                if len(memo) > 200_000:
                    memo.clear()
                s = memo[part] = disorder(part)
            total += s
        return total

    def children(self, state: bytes) -> list[bytes]:
        """Every state one move or deal away, with finished runs removed; pruned of
        moves that change nothing. After the last deal the piles are interchangeable
        and receive no more cards, so a whole pile into an empty pile changes nothing
        and only the first empty pile is tried."""
        d = state[0]
        parts = state[1:].split(SEP)
        tail = parts.pop()
        piles = parts
        n = self.piles
        last = d == self.ndeals
        out = []
        pack = self._pack
        settle = self.settle
        tops = [p[-1] if p else 0 for p in piles]
        empties = [k for k in range(n) if not tops[k]]
        if last and empties:
            empties = empties[:1]
        for i in range(n):
            p = piles[i]
            size = len(p)
            if not size:
                continue
            j = 1
            while True:  # move the top j cards
                card = p[size - j]
                rest, run = p[:size - j], p[size - j:]
                want = ONTO[card]
                for k in range(n):
                    if k != i and tops[k] == want:
                        new = piles[:]
                        new[i] = rest
                        q = piles[k] + run
                        new[k] = settle(q)
                        new[i] = settle(rest)
                        out.append(pack(d, new, tail))
                if rest or not last:
                    for k in empties:
                        if k != i:
                            new = piles[:]
                            new[i] = settle(rest)
                            new[k] = run
                            out.append(pack(d, new, tail))
                if not tail and (j == 1 or not self.tail_single):
                    new = piles[:]
                    new[i] = settle(rest)
                    out.append(pack(d, new, run))
                if j == size or ONTO[card] != p[size - j - 1]:
                    break
                j += 1
        for j in (range(1, len(tail) + 1) if self.tail_groups else (len(tail),) if tail else ()):
            group, left = tail[-j:], tail[:-j]
            want = ONTO[group[0]]
            for k in range(n):
                if tops[k] == want:
                    new = piles[:]
                    new[k] = settle(piles[k] + group)
                    out.append(pack(d, new, left))
            for k in empties:
                new = piles[:]
                new[k] = settle(group)
                out.append(pack(d, new, left))
        if not last:
            base = 4 * d
            new = []
            for k in range(n):
                q = piles[k] + self.stock[base + k:base + k + 1]
                new.append(settle(q))
            out.append(pack(d + 1, new, tail))
        return out
