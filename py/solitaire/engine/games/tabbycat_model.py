"""Tabby Cat as the solver sees it: ranks only, packed into bytes.

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

from ..cards import ACE, KING

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
    """The compact search model of one Tabby Cat position (see :mod:`solitaire.solver.search`)."""

    # Each deal to come is worth this much disorder: four cards that rarely fit
    # (a little under the 4 x 4 they usually cost, so that dealing is not put off).
    DEAL_WEIGHT = 12

    def __init__(self, game, pos):
        self.game = game
        self.settle = settle_any if game.any_run_finishes else settle
        # The top card of every finished run (0: any, under relaxed rules): a pile of 13
        # cards or more with another on top has none to settle.
        self.finish_top = 0 if game.any_run_finishes else ACE
        self.tail_single = game.tail_holds == 1
        self.tail_groups = game.tail_gives_groups
        self.piles = game.piles
        self.ndeals = len(pos.stock) // game.piles
        self.stock = bytes(c.rank for c in pos.stock)
        self._memo: dict[bytes, int] = {}
        self.cards = 52  # one deck
        self.pos = pos
        self.root = self.key(pos)

    TURN = 10_000   # positions per turn of a thread

    def stages(self) -> list:
        """Which searches take turns (see :class:`solitaire.solver.search.Threads`), each with
        its own table, by positions spent: first the simple priority with a cost per
        move, newest first among equals (:class:`SimpleNewestModel`, which decides most
        deals within the fewest expansions), and this model best-first, one turn each;
        from 20,000 two beams (:class:`SimpleBeamModel`, :class:`SimpleLightDealsBeamModel`),
        which go deep fast and are seldom lost for long; from 100,000 those three and the
        simple priority oldest first (:class:`SimpleModel`; this model going on where it
        stopped); from 200,000 six more best-first kinds too. Each, alone, gets lost in deals another wins fast (issue 14); the
        best-first pair decides most deals within its first turns, and the beams most
        of the rest.

        >>> from solitaire.engine.games import get_game
        >>> game = get_game("tabbycat")
        >>> [(at, [type(m).__name__ for m in ms]) for at, ms in game.solver_model(game.deal(1)).stages()][:2]
        [(0, ['SimpleNewestModel', 'TabbyCatModel']), (20000, ['SimpleBeamModel', 'SimpleLightDealsBeamModel'])]
        """
        game, pos = self.game, self.pos
        simple, newest = SimpleModel(game, pos), SimpleNewestModel(game, pos)
        beam, light_beam = SimpleBeamModel(game, pos), SimpleLightDealsBeamModel(game, pos)
        move_cost, cost = MoveCostModel(game, pos), CostModel(game, pos)
        light, lighter = LightDealsModel(game, pos), LighterDealsModel(game, pos)
        first, simple_light = SimpleFirstModel(game, pos), SimpleLightDealsModel(game, pos)
        move_cost._memo = cost._memo = light._memo = lighter._memo = self._memo  # the same disorder of a pile
        beam._memo = light_beam._memo = first._memo = simple_light._memo = simple._memo  # the same segments
        newest._memo = simple._memo
        return [(0, [newest, self]),
                (20_000, [beam, light_beam]),
                (100_000, [self, simple, beam, light_beam]),
                (200_000, [self, simple, beam, light_beam, move_cost, cost, light, first,
                           simple_light, lighter])]

    # When the threads become one search over one table (see
    # :class:`solitaire.solver.search.Threads`): after this many positions, whatever the
    # budget, so that a search with a larger budget goes the same way as far as a smaller
    # one goes, and a lost position is proved once, not once per thread.
    POOL = 200_000

    # The score as a sum of what ``scorer`` measures: (disorder, segments on the piles,
    # a full tail, deals left, finished runs), and whether moves made are added.
    COEFFICIENTS = (1, 0, 0, DEAL_WEIGHT, 0)
    WEIGHTED = False

    def scorer(self, models: list):
        """For an alternation: one function ``(state, depth) -> priorities``, one per
        model (all of this family), that reads the state's piles once for all of them
        (their ``score``, plus ``depth`` for a weighted one; tested equal)."""
        plan = [m.COEFFICIENTS + (int(m.WEIGHTED),) for m in models]
        # What each model reads from the piles (disorder, segments, a full tail, finished
        # runs), once for all the models that read it alike; then its deals and moves.
        shapes = sorted({(a, b, c, f) for a, b, c, e, f, w in plan})
        terms = [(shapes.index((a, b, c, f)), e, w) for a, b, c, e, f, w in plan]
        memo: dict[bytes, tuple[int, int]] = {}
        piles, ndeals, cards = self.piles, self.ndeals, self.cards

        def prios(state: bytes, depth: int) -> list[int]:
            dis = seg = 0
            for part in state[1:].split(SEP):  # the piles, then the tail
                both = memo.get(part)
                if both is None:
                    if len(memo) > 200_000:
                        memo.clear()
                    both = memo[part] = (disorder(part), segments(part))
                dis += both[0]
                seg += both[1]
            seg -= both[1]  # the tail's segments are not on the piles
            full = 1 if both[1] else 0
            left = ndeals - state[0]
            done = (cards - (len(state) - 1 - piles) - piles * left) // 13
            base = [a * dis + b * seg + c * full + f * done for a, b, c, f in shapes]
            return [base[k] + e * left + w * depth for k, e, w in terms]
        return prios

    def key(self, pos) -> bytes:
        """The canonical state of a real position reached from the root."""
        d = self.ndeals - len(pos.stock) // self.piles
        piles = [bytes([c.rank for c in p]) for p in pos.piles]
        return self._pack(d, piles, bytes([c.rank for c in pos.cells[0]]))

    def places(self, pos) -> list:
        """Each pile's and the tail's name and contents as the model sees them, for
        rebuilding a line (:func:`solitaire.solver.searches.changed_first`)."""
        return ([(f"pile-{i + 1}", bytes([c.rank for c in p])) for i, p in enumerate(pos.piles)]
                + [("tail", ("tail", bytes([c.rank for c in pos.cells[0]])))])

    def contents(self, state: bytes) -> tuple:
        """The contents of a state's places, as :meth:`places` gives them, and whether
        they are in the places' order (before the last deal; then the piles are sorted).

        >>> from solitaire.engine.games import get_game
        >>> game = get_game("tabbycat")
        >>> pos = game.deal(1)
        >>> model = game.solver_model(pos)
        >>> model.contents(model.root) == ([c for _, c in model.places(pos)], True)
        True
        """
        parts = state[1:].split(SEP)
        return parts[:-1] + [("tail", parts[-1])], state[0] < self.ndeals

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

    def children(self, state: bytes, back: bytes | None = None) -> list[bytes]:
        """Every state one move or deal away, with finished runs removed; pruned of
        moves that change nothing. After the last deal the piles are interchangeable
        and receive no more cards, so a whole pile into an empty pile changes nothing
        and only the first empty pile is tried. (The piles a card may go onto are looked
        up by their top card, a run is cut in two only where its lower part has
        somewhere to go, only a pile that may hold a finished run is settled, and each
        state is packed here as :meth:`_pack` packs it: the same states in the same
        order as trying every pile and settling every pile, and faster.)

        ``back``, the state this one was reached from, is left out: a search has it in
        its table already, and most moves here can be undone at once (part of a run
        moved onto another pile goes straight back). It is packed like any child, then
        dropped: never handed to the search, which would only find it in its table.
        That spares a proof of a loss about one position in six, and what a search
        finds does not change (issue 14).

        >>> from solitaire.engine.games import get_game
        >>> game = get_game("manx")
        >>> model = game.solver_model(game.deal(3))
        >>> state = model.children(model.root)[0]
        >>> model.root in model.children(state), model.root in model.children(state, model.root)
        (True, False)
        """
        d = state[0]
        parts = state[1:].split(SEP)
        tail = parts.pop()
        piles = parts
        n = self.piles
        last = d == self.ndeals
        out = []
        append = out.append
        head, rear = state[:1], SEP + tail   # a child's deals done, and its tail if unchanged
        join = SEP.join
        settle = self.settle
        top = self.finish_top
        onto: dict[int, list[int]] = {}  # top card -> the piles it tops, left to right
        empties = []
        for k in range(n):
            p = piles[k]
            if p:
                onto.setdefault(p[-1], []).append(k)
            else:
                empties.append(k)
        if last and empties:
            empties = empties[:1]
        tail_takes = not tail
        single = self.tail_single
        for i in range(n):
            p = piles[i]
            if not p:
                continue
            cut = len(p) - 1
            first = True
            while True:  # move the cards from ``cut`` up
                card = p[cut]
                targets = onto.get(ONTO[card])
                to_tail = tail_takes and (first or not single)
                if targets or to_tail or (empties and (cut or not last)):
                    rest, run = p[:cut], p[cut:]
                    if cut >= 13 and (not top or rest[-1] == top):
                        rest = settle(rest)
                    if targets:
                        for k in targets:
                            if k != i:
                                new = piles[:]
                                q = piles[k] + run
                                new[k] = settle(q) if not top or run[-1] == top else q
                                new[i] = rest
                                if last:
                                    new.sort()
                                append(head + join(new) + rear)
                    if cut or not last:
                        for k in empties:
                            new = piles[:]
                            new[i] = rest
                            new[k] = run
                            if last:
                                new.sort()
                            append(head + join(new) + rear)
                    if to_tail:
                        new = piles[:]
                        new[i] = rest
                        if last:
                            new.sort()
                        append(head + join(new) + SEP + run)
                if not cut or ONTO[card] != p[cut - 1]:
                    break
                cut -= 1
                first = False
        for j in (range(1, len(tail) + 1) if self.tail_groups else (len(tail),) if tail else ()):
            group, left = tail[-j:], tail[:-j]
            for k in onto.get(ONTO[group[0]], ()):
                new = piles[:]
                new[k] = settle(piles[k] + group)
                if last:
                    new.sort()
                append(head + join(new) + SEP + left)
            for k in empties:
                new = piles[:]
                new[k] = settle(group)
                if last:
                    new.sort()
                append(head + join(new) + SEP + left)
        if not last:
            base = n * d
            stock = self.stock
            append(self._pack(d + 1, [settle(piles[k] + stock[base + k:base + k + 1]) for k in range(n)], tail))
        if back is not None:
            while back in out:
                out.remove(back)
        return out


class ManxModel(TabbyCatModel):
    """Manx as the solver sees it: Tabby Cat's model, whose threads pool sooner
    (``POOL``). Positions that Manx players reach are lost more often (its tail holds one
    card), and a loss is proved only by a table holding every reachable position:
    after 25 random moves, deals 15, 76 and 77 are lost with 72,018, 43,427 and 73,029
    of them, which one table exhausts within Hint's 300,000 positions, but not the
    threads' tables apart (issue 14)."""

    POOL = 50_000


class SimpleModel(TabbyCatModel):
    """Tabby Cat under a deliberately simple priority, for a search that fails on
    other deals than :class:`TabbyCatModel`'s (issue 14): in tenths, 10 per descending
    segment on the piles, 10 for a full tail, 30 per deal left and -130 per finished
    run, searched with a cost of 1 (a tenth) per move made (``search = "weighted"``),
    oldest first among equals."""

    search = "weighted"
    DEAL_COST = 30
    COEFFICIENTS = (0, 10, 10, DEAL_COST, -130)
    WEIGHTED = True

    def score(self, state: bytes) -> int:
        memo = self._memo
        parts = state[1:].split(SEP)
        tail = parts.pop()
        seg = 0
        for part in parts:
            s = memo.get(part)
            if s is None:
                if len(memo) > 200_000:
                    memo.clear()
                s = memo[part] = segments(part)
            seg += s
        left = self.ndeals - state[0]
        on = len(state) - 1 - self.piles  # the cards on the piles and in the tail
        finished = (self.cards - on - self.piles * left) // 13
        return 10 * seg + (10 if tail else 0) + self.DEAL_COST * left - 130 * finished


class SimpleNewestModel(SimpleModel):
    """The simple priority, newest first among equals (``newest_first``): the line just
    taken goes on before its equals wider up the tree. Alone, it decides 269 of Tabby
    Cat deals 1-300 within 1,000 expansions, against 263 oldest first and 232 for
    :class:`TabbyCatModel`; but oldest first wins some positions it is lost in
    (Tabbycat relaxed deal 3 after 25 greedy moves: 1,690 positions), so both run."""

    newest_first = True


class SimpleBeamModel(SimpleModel):
    """The simple priority (with no cost per move) searched as a beam of 20
    (:class:`solitaire.solver.searches.Beam`): level by level, only the best 20 new positions
    go on at once, the rest waiting, so it reaches the end of a deal fast and is lost
    for long in few of them. Alone, it wins Tabby Cat deals 926, 337 and 864 in 11,029,
    20,629 and 18,030 positions, where the two threads of the first stage each take over
    25,000 alone (926: over 100,000)."""

    search = "beam"
    width = 20
    WEIGHTED = False


class SimpleLightDealsBeamModel(SimpleBeamModel):
    """The simple priority with a deal to come costing 15 tenths, not 30, as a beam of
    30."""

    width = 30
    DEAL_COST = 15
    COEFFICIENTS = (0, 10, 10, DEAL_COST, -130)


class CostModel(TabbyCatModel):
    """The disorder of :class:`TabbyCatModel` (in quarter-joins, times 3) searched with a
    cost of 1 per move made (``search = "weighted"``): a third search, which wins deals
    that the other two take long over (deal 473: 1,849 positions)."""

    search = "weighted"
    WEIGHT = 3
    COEFFICIENTS = (WEIGHT, 0, 0, WEIGHT * TabbyCatModel.DEAL_WEIGHT, 0)
    WEIGHTED = True

    def score(self, state: bytes) -> int:
        return self.WEIGHT * TabbyCatModel.score(self, state)


class MoveCostModel(CostModel):
    """The disorder (in quarter-joins) plus 1 per move made: moves count three times
    more than in :class:`CostModel`. Alone it wins in a few thousand positions deals
    that the others take hundreds of thousands over (Manx 69: 2,073)."""

    WEIGHT = 1
    COEFFICIENTS = (WEIGHT, 0, 0, WEIGHT * TabbyCatModel.DEAL_WEIGHT, 0)


class SimpleFirstModel(SimpleModel):
    """The simple priority searched best-first, with no cost per move (each end-game in
    a basin of its own, as :class:`TabbyCatModel`)."""

    search = "best-first"
    WEIGHTED = False


class SimpleLightDealsModel(SimpleModel):
    """The simple priority with a deal to come costing 15 tenths, not 30: dealing
    sooner."""

    DEAL_COST = 15
    COEFFICIENTS = (0, 10, 10, DEAL_COST, -130)


class LightDealsModel(TabbyCatModel):
    """The disorder, best-first, with a deal to come weighing 8, not 12: dealing sooner."""

    DEAL_WEIGHT = 8
    COEFFICIENTS = (1, 0, 0, DEAL_WEIGHT, 0)


class LighterDealsModel(TabbyCatModel):
    """The disorder, best-first, with a deal to come weighing 6."""

    DEAL_WEIGHT = 6
    COEFFICIENTS = (1, 0, 0, DEAL_WEIGHT, 0)


def segments(pile: bytes) -> int:
    """The descending segments of a pile (a King on an Ace continues one)."""
    if not pile:
        return 0
    return 1 + sum(1 for under, over in zip(pile, pile[1:]) if ONTO[over] != under)
