"""Tuxedo as the solver sees it: cards as numbers, cells and piles sorted.

A card is ``suit * 13 + rank`` (1..52), so the card that goes on card ``c`` in a pile is
``c - 1`` (same suit, one rank lower) unless ``c`` is an Ace. A state is one ``bytes``:
four foundation ranks (spades, hearts, diamonds, clubs), seven cell bytes (0 for a free
cell, sorted so free cells come last), then the seven piles joined by zero bytes, sorted.
With no stock, piles and cells are interchangeable, so sorting loses nothing.

Every foundation move is safe in Tuxedo (see ``Tuxedo.auto_move``), so the model makes
them all at once after each move; ``follow`` plays them as real moves for the line.
"""

from operator import eq

from ..cards import SUITS
from ..errors import SolitaireError
from ..position import Move

SEP = b"\x00"
ZEROS = [bytes(n) for n in range(8)]
SUIT = [0] + [(c - 1) // 13 for c in range(1, 53)]   # by card number (0: none)
RANK = [0] + [(c - 1) % 13 + 1 for c in range(1, 53)]
ACES = frozenset(s * 13 + 1 for s in range(4))
KINGS = frozenset(s * 13 + 13 for s in range(4))
# by card number: the card that may lie on it in a pile (0: none, on an Ace or nothing)
FOLLOWS = bytes([0] + [0 if c in ACES else c - 1 for c in range(1, 53)] + [0] * 203)


CODE = {suit: i * 13 for i, suit in enumerate(SUITS)}  # card_id(c) == CODE[c.suit] + c.rank
PILE_NAMES = tuple(f"pile-{k + 1}" for k in range(7))
CELL_NAMES = tuple(f"cell-{k + 1}" for k in range(7))


_UPS: dict[bytes, frozenset] = {}


def ups(found: bytes) -> frozenset:
    """The cards that go up next on these foundation ranks (one a suit not yet full).

    >>> sorted(ups(bytes([0, 12, 13, 3])))
    [1, 26, 43]
    """
    cards = _UPS.get(found)
    if cards is None:
        cards = _UPS[found] = frozenset(s * 13 + r + 1 for s, r in enumerate(found) if r < 13)
    return cards


def card_id(card) -> int:
    return CODE[card.suit] + card.rank


def rank(c: int) -> int:
    return (c - 1) % 13 + 1


def suit(c: int) -> int:
    return (c - 1) // 13


class Shares(dict):
    """Each pile's share of the score by its cards, worked out (by ``share``) when first
    asked for."""

    __slots__ = ("share",)

    def __init__(self, share):
        super().__init__()
        self.share = share

    def __missing__(self, pile: bytes) -> int:
        value = self[pile] = self.share(pile)
        return value


class TuxedoModel:
    """The compact search model of one Tuxedo position (see :mod:`solitaire.solver.search`)."""

    BREAK, MUST_MOVE, DEPTH = 3, 3, 2   # the score's weights (see :meth:`score`)
    TURN = 1_000                        # positions per thread's turn (see :meth:`stages`)

    def __init__(self, game, pos):
        self.game = game
        self._shares = Shares(type(self)._share)   # a pile's share of the score, by its cards
        self._known: dict[int, tuple] = {}   # a real pile (kept) and its bytes, by its id
        self.root = self._close(self.key(pos))

    def key(self, pos) -> bytes:
        found = [0, 0, 0, 0]
        for f in pos.foundations:
            if f:
                found[CODE[f[-1].suit] // 13] = f[-1].rank
        cells = sorted((card_id(c[0]) if c else 0 for c in pos.cells), reverse=True)
        known = self._known
        if len(known) > 1000:
            known.clear()
        piles = []
        for p in pos.piles:  # positions one move apart share the piles the move leaves
            got = known.get(id(p))
            if got is None or got[0] is not p:
                got = known[id(p)] = (p, bytes([CODE[c.suit] + c.rank for c in p]))
            piles.append(got[1])
        piles.sort()
        return bytes(found) + bytes(cells) + SEP.join(piles)

    def places(self, pos) -> list:
        """Each pile's, cell's and foundation's name and contents as the model sees
        them, for rebuilding a line (:func:`solitaire.solver.searches.changed_first`)."""
        return ([(f"pile-{i + 1}", bytes([CODE[c.suit] + c.rank for c in p]))
                 for i, p in enumerate(pos.piles)]
                + [(f"cell-{i + 1}", ("cell", card_id(c[0]) if c else 0))
                   for i, c in enumerate(pos.cells)]
                + [(f"foundation-{i + 1}", ("foundation", card_id(f[-1]) if f else 0))
                   for i, f in enumerate(pos.foundations)])

    def contents(self, state: bytes) -> tuple:
        """The contents of a state's places, as :meth:`places` gives them, in no
        particular order (piles and cells are sorted).

        >>> from solitaire.engine.games import get_game
        >>> game = get_game("tuxedo")
        >>> pos = game.deal(1)
        >>> model = game.solver_model(pos)
        >>> contents, ordered = model.contents(model.key(pos))
        >>> sorted(contents, key=str) == sorted((c for _, c in model.places(pos)), key=str)
        True
        """
        tops = [("foundation", s * 13 + r if r else 0) for s, r in enumerate(state[:4])]
        return state[11:].split(SEP) + [("cell", c) for c in state[4:11]] + tops, False

    def step(self, pos, state: bytes, want: bytes):
        """The real move from ``pos`` (whose state is ``state``) to ``want``, a state one
        model move away, read off the two states; None when they do not tell it (for
        rebuilding a line: :meth:`solitaire.solver.searches.Searcher._line` plays it on
        the engine and checks it).

        Foundation moves only take cards off the tops, so of the cards still out in
        ``want`` only the moved group's bottom card lies elsewhere than in ``state``: on
        another card, alone in a pile, or in a cell. Its place in ``pos`` is the move's
        source; where it lies in ``want`` names the destination: the pile whose top card
        it lies on, the first empty pile, the first free cell. When the moved cards all
        went up, nothing tells the move: None.

        >>> from solitaire.engine.games import get_game
        >>> game = get_game("tuxedo")
        >>> pos = game.deal(1)
        >>> model = game.solver_model(pos)
        >>> state = model.key(pos)
        >>> all(model.key(game._apply(pos, model.step(pos, state, want))) == want
        ...     for want in model.children(state))
        True
        """
        find = state.find
        moved = None
        for c in want[4:11]:   # a card new in the cells came from a pile
            if c and find(c, 4, 11) < 0:
                moved, to = c, -1
                break
        else:
            for pile in want[11:].split(SEP):
                j = find(pile, 11) if pile else 11
                if j >= 0 and (j == 11 or not state[j - 1]):
                    continue   # the same cards on the same cards: unchanged but for its top
                below = 0
                for c in pile:
                    i = find(c, 4)
                    was = -1 if i < 11 else (state[i - 1] if i > 11 else 0)
                    if was != below:
                        moved, to = c, below
                        break
                    below = c
                if moved is not None:
                    break
            else:
                return None
        i = find(moved, 4)
        src = None
        if i < 11:
            count = 1
            for k, cell in enumerate(pos.cells):
                if cell and CODE[cell[0].suit] + cell[0].rank == moved:
                    src = CELL_NAMES[k]
                    break
        else:
            end = find(0, i)
            count = (end if end >= 0 else len(state)) - i
            for k, pile in enumerate(pos.piles):
                if len(pile) >= count and CODE[pile[-count].suit] + pile[-count].rank == moved:
                    src = PILE_NAMES[k]
                    break
        if src is None:
            return None
        if to == -1:
            for k, cell in enumerate(pos.cells):
                if not cell:
                    return Move(src, CELL_NAMES[k], count)
            return None
        for k, pile in enumerate(pos.piles):
            if (CODE[pile[-1].suit] + pile[-1].rank == to) if pile else not to:
                return Move(src, PILE_NAMES[k], count)
        return None

    def still(self, state: bytes, want: bytes) -> bool:
        """No card went up between ``state`` and ``want``, states one model move apart:
        the move laid bare no card that goes up, so auto-play has nothing to do after it
        (for rebuilding a line)."""
        return state[:4] == want[:4]

    def follow(self, pos) -> tuple:
        """The foundation moves the model makes by itself, as real moves, and the
        position after them."""
        return self.game.auto_moves(pos)  # legal: auto-play makes only legal moves

    def is_endgame(self, state: bytes) -> bool:
        return True  # no stock: the whole game is one end-game

    def is_won(self, state: bytes) -> bool:
        return state[:4] == b"\r\r\r\r"

    def score(self, state: bytes) -> int:
        """Cards still out, the cells in use, ``BREAK`` for every card lying on a card it
        cannot follow, ``MUST_MOVE`` for every card lying above a lower card of its suit
        (it has to move before that one goes up), and ``DEPTH`` for every card above
        each suit's next foundation card."""
        found = state[:4]
        total = (52 - sum(found) + 7 - state[4:11].count(0)
                 + sum(map(self._shares.__getitem__, state[11:].split(SEP))))
        find, depth = state.find, self.DEPTH
        for card in ups(found):   # each suit's next foundation card
            i = find(card, 11)
            if i >= 0:  # else in a cell
                end = find(0, i)
                total += depth * ((end if end >= 0 else len(state)) - 1 - i)
        return total

    @classmethod
    def _share(cls, pile: bytes) -> int:
        """A pile's part of the score (its breaks and the cards that must move)."""
        # a break: a card not on the card one rank above it (``FOLLOWS``: that card's)
        share = cls.BREAK * (len(pile) - 1 - sum(map(eq, pile.translate(FOLLOWS), pile[1:]))
                             if pile else 0)
        if cls.MUST_MOVE:
            low = [53, 53, 53, 53]  # each suit's lowest card so far, from the bottom up
            for card in pile:
                if low[SUIT[card]] < card:
                    share += cls.MUST_MOVE
                else:
                    low[SUIT[card]] = card
        return share

    def stages(self) -> list:
        """Three soft threads taking turns of ``TURN`` positions, each with its own
        table (:class:`solitaire.solver.search.Threads`): first a search over fewer
        moves (:class:`DiggingModel`, as Freecell Solver's moves use free cells), then
        Freecell Solver's own scan (:class:`MetaModel`, depth-first over its
        meta-moves), then this complete one under another priority. Deals one of them
        gets lost in are mostly quick for another; a loss is proved by the complete one."""
        return [(0, [DiggingModel.sibling(self), MetaModel.sibling(self), self])]

    @classmethod
    def sibling(cls, model):
        """A model of this class for the same position as ``model``."""
        other = cls.__new__(cls)
        other.game, other.root = model.game, model.root
        other._shares, other._known = Shares(cls._share), {}
        return other

    @staticmethod
    def _pack(found, cells, piles) -> bytes:
        return (bytes(found) + bytes(sorted(cells, reverse=True))
                + SEP.join(sorted(piles)))

    def _close(self, state: bytes) -> bytes:
        """Play every card that can go to a foundation, until none can."""
        return self._closed(list(state[:4]), list(state[4:11]), state[11:].split(SEP), state)

    def _closed(self, found: list, cells: list, piles: list, state=None) -> bytes:
        """The state of these places once every card that can go to a foundation has
        gone (``state``: what they pack to, when that is known and nothing moves)."""
        changed = True
        moved = False
        while changed:
            changed = False
            for i, p in enumerate(piles):
                while p and found[SUIT[p[-1]]] == RANK[p[-1]] - 1:
                    found[SUIT[p[-1]]] += 1
                    p = p[:-1]
                    changed = moved = True
                piles[i] = p
            for i, c in enumerate(cells):
                if c and found[SUIT[c]] == RANK[c] - 1:
                    found[SUIT[c]] += 1
                    cells[i] = 0
                    changed = moved = True
        if state is not None and not moved:
            return state
        return self._pack(found, cells, piles)

    def _digs(self, goes, piles, free, at, empty) -> list | None:
        """Which piles a card may go from to a cell (None: every pile, when a cell is free;
        ``goes``: the cards that go up next)."""
        return None

    def children(self, state: bytes, back: bytes | None = None) -> list[bytes]:
        """Every state one move away (then closed under foundation moves; ``back`` is
        not left out here: see :mod:`solitaire.solver.search`).

        ``state`` is closed, so after a move only the card it lays bare on its pile can
        go up: the state is closed again at once unless that card can (one of
        :func:`ups`). Empty piles sort first, so the first pile tells whether one is."""
        head, found, cells = state[:11], state[:4], state[4:11]
        piles = state[11:].split(SEP)
        free = cells.count(0)
        at = {p[-1]: k for k, p in enumerate(piles) if p}   # a pile's index by its top card
        empty = None if piles[0] else 0
        goes = ups(found)
        digs = self._digs(goes, piles, free, at, empty) if free else None
        used, unused = cells[:7 - free], ZEROS[free - 1] if free else b""
        out = []
        append, join, closed = out.append, SEP.join, self._closed
        for i, p in enumerate(piles):
            n = len(p)
            if not n:
                continue
            j = 1
            while True:  # the top j cards, a same-suit group
                card = p[n - j]
                if card in KINGS:
                    if empty is not None and j < n:
                        new = piles[:]
                        new[i], new[empty] = p[:n - j], p[n - j:]
                        if p[n - j - 1] in goes:
                            append(closed(list(found), list(cells), new))
                        else:
                            new.sort()
                            append(head + join(new))
                    break
                k = at.get(card + 1)
                if k is not None and k != i:
                    new = piles[:]
                    new[i], new[k] = p[:n - j], piles[k] + p[n - j:]
                    if j < n and p[n - j - 1] in goes:
                        append(closed(list(found), list(cells), new))
                    else:
                        new.sort()
                        append(head + join(new))
                if j == n or p[n - j - 1] != card + 1:
                    break
                j += 1
            if free and (digs is None or digs[i]):
                new = piles[:]
                new[i] = p[:-1]
                taken = bytes(sorted(used + p[-1:], reverse=True)) + unused
                if n > 1 and p[-2] in goes:
                    append(closed(list(found), list(taken), new))
                else:
                    new.sort()
                    append(found + taken + join(new))
        for ci in range(7 - free):
            card = cells[ci]
            k = empty if card in KINGS else at.get(card + 1)
            if k is not None:
                new = piles[:]
                new[k] = piles[k] + cells[ci:ci + 1]
                new.sort()
                append(found + cells[:ci] + cells[ci + 1:] + ZEROS[1] + join(new))
        return out


class DiggingModel(TuxedoModel):
    """Tuxedo with fewer moves: a card goes from a pile to a cell only while the free
    cells can lay bare a card of that pile that then has somewhere to go (a
    foundation, the pile of the card it goes on, an empty pile for a King), or can
    empty the pile. This is how Freecell Solver's moves use free cells (its default
    scan has no lone "a card to a free cell": a card goes there only as part of a move
    that digs out a card below it, or empties a stack). It prunes moves a win may
    need, so it proves nothing (``proves``); see :meth:`TuxedoModel.stages`."""

    proves = False
    BREAK, MUST_MOVE, DEPTH = 3, 0, 1

    def _digs(self, goes, piles, free, at, empty) -> list | None:
        out = []
        append = out.append
        for i, p in enumerate(piles):
            n = len(p)
            if n <= free:   # (children asks only when a cell is free)
                append(n > 0)
                continue
            for card in p[n - 1 - free:n - 1]:  # the cards laid bare by 1 to ``free`` to cells
                if card in goes or (empty is not None if card in KINGS else at.get(card + 1, i) != i):
                    append(True)
                    break
            else:
                append(False)
        return out


class MetaModel(TuxedoModel):
    """Tuxedo in Freecell Solver's moves, searched depth-first as its default scan searches
    them (the third soft thread, :meth:`TuxedoModel.stages`). A move here is one of its
    *meta-moves*, in the order its default tests run (``[01][23456789]``; the foundation
    moves are the closing every state gets):

    2. a cell's card onto the card it follows, the cards above that card going to free
       cells first;
    3. a card under others to its foundation, the cards above it going to free cells;
    4. a same-suit group onto the card it follows in another pile, the cards above that
       card and above the group going to free cells first;
    5. a card onto the card it follows lower in its own pile, the cards above that card
       going to free cells and the card coming back from its cell;
    6. a group headed by a King to an empty pile, the cards above it to free cells;
    7. a King in a cell to an empty pile;
    9. a whole pile into free cells.

    Tests 2 and 4 give their moves in Freecell Solver's order (by the piles and the
    cards' depths). There is no lone "a card to a free cell", so the search proves
    nothing (``proves``); a meta-move is several engine moves, which :meth:`steps` names
    for the line. ``ops`` are what a meta-move does to the cards: ``("cell", c)`` the top
    card ``c`` of a pile to a free cell, ``("on", c, t)`` the group headed by ``c`` (or
    the card ``c`` of a cell) onto the pile whose top card is ``t`` (0: an empty pile),
    ``("up", c)`` the card ``c`` to its foundation."""

    search = "depth-first"
    proves = False
    step = None     # a step is several moves: :meth:`steps`
    still = None

    def children(self, state: bytes, back: bytes | None = None) -> list[bytes]:
        closed = self._closed
        return [closed(found, cells, piles)
                for found, cells, piles, _ in self._metas(state, False)]

    def _metas(self, state: bytes, record: bool):
        """Each meta-move from ``state``, in the tests' order: the foundations, the cells
        (a list of seven, free ones 0) and the piles it leaves (not yet closed), and its
        ops when ``record``."""
        found, cells = list(state[:4]), state[4:11]
        piles = state[11:].split(SEP)
        used = [c for c in cells if c]
        free = 7 - len(used)
        zeros = [0] * 7
        find, count = state.find, state.count
        size = len(state)

        def under(card, room):
            """The pile and index of ``card`` when at most ``room`` cards lie above it
            in a pile, else None (in a cell, on a foundation, or too deep)."""
            j = find(card, 11)
            if j < 0:
                return None
            end = find(0, j)
            above = (size if end < 0 else end) - j - 1
            if above > room:
                return None
            ds = count(0, 11, j)
            return ds, len(piles[ds]) - 1 - above

        out = []
        # 2: a cell's card onto the card it follows, wherever that card lies
        made = []
        for fi, c in enumerate(used):
            if c in KINGS or (at := under(c + 1, free)) is None:
                continue
            ds, dc = at
            dest = piles[ds]
            new = piles[:]
            new[ds] = dest[:dc + 1] + bytes((c,))
            ops = ([("cell", x) for x in reversed(dest[dc + 1:])] + [("on", c, c + 1)]
                   if record else None)
            made.append(((ds << 16) | ((255 - dc) << 8) | fi,
                         (found, used[:fi] + used[fi + 1:] + list(dest[dc + 1:]) + zeros,
                          new, ops)))
        made.sort(key=lambda m: m[0])
        out += [m[1] for m in made]
        # 3: a card under others to its foundation (by pile, the higher first)
        made = []
        for c in ups(state[:4]):
            if (at := under(c, free)) is not None and at[1] < len(piles[at[0]]) - 1:
                made.append((at[0], -at[1], c))
        for k, i, c in sorted(made):
            p, i = piles[k], -i
            new = piles[:]
            new[k] = p[:i]
            up = found[:]
            up[SUIT[c]] += 1
            ops = [("cell", x) for x in reversed(p[i + 1:])] + [("up", c)] if record else None
            out.append((up, used + list(p[i + 1:]) + zeros, new, ops))
        # 4: a same-suit group onto the card it follows in another pile
        made = []
        runs = []   # by pile: each same-suit run (first, last) with at most ``free`` cards above
        for k, p in enumerate(piles):
            end = len(p) - 1
            runs.append(spans := [])
            while end >= 0 and len(p) - 1 - end <= free:   # from the top
                i = end
                while i and p[i] == FOLLOWS[p[i - 1]]:
                    i -= 1
                spans.append((i, end))
                c = p[i]
                if c not in KINGS and (at := under(c + 1, free - (len(p) - 1 - end))) is not None \
                        and at[0] != k:
                    ds, dc = at
                    dest = piles[ds]
                    new = piles[:]
                    new[ds] = dest[:dc + 1] + p[i:end + 1]
                    new[k] = p[:i]
                    ops = ([("cell", x) for x in reversed(dest[dc + 1:])]
                           + [("cell", x) for x in reversed(p[end + 1:])]
                           + [("on", c, c + 1)]) if record else None
                    made.append(((((k << 8 | i) << 8 | ds) << 8) | dc,
                                 (found, used + list(dest[dc + 1:]) + list(p[end + 1:]) + zeros,
                                  new, ops)))
                end = i - 1
        made.sort(key=lambda m: m[0])
        out += [m[1] for m in made]
        # 5: a card onto the card it follows lower in its own pile
        for k, p in enumerate(piles):
            n = len(p)
            start = max(0, n - free - 1)
            for i in range(start + 2, n):
                c = p[i]
                if c in KINGS or p[i - 1] == c + 1:
                    continue
                dc = p.find(c + 1, start, i - 1)   # the card it follows, lower in this pile
                if dc >= 0:
                    new = piles[:]
                    new[k] = p[:dc + 1] + bytes((c,))
                    ops = ([("cell", x) for x in reversed(p[dc + 1:])] + [("on", c, c + 1)]
                           if record else None)
                    out.append((found, used + list(p[dc + 1:i]) + list(p[i + 1:]) + zeros,
                                new, ops))
        empty = 0 if not piles[0] else None   # empty piles sort first
        if empty is not None:
            # 6: a group headed by a King to an empty pile
            for k, p in enumerate(piles):
                for i, end in reversed(runs[k]):   # the deepest run first, as fc-solve has it
                    if p[i] in KINGS and i > 0:
                        new = piles[:]
                        new[empty], new[k] = p[i:end + 1], p[:i]
                        ops = ([("cell", x) for x in reversed(p[end + 1:])] + [("on", p[i], 0)]
                               if record else None)
                        out.append((found, used + list(p[end + 1:]) + zeros, new, ops))
            # 7: a King in a cell to an empty pile
            for fi, c in enumerate(used):
                if c in KINGS:
                    new = piles[:]
                    new[empty] = bytes((c,))
                    out.append((found, used[:fi] + used[fi + 1:] + zeros, new,
                                [("on", c, 0)] if record else None))
        # 9: a whole pile into free cells
        for k, p in enumerate(piles):
            if p and len(p) <= free:
                new = piles[:]
                new[k] = b""
                out.append((found, used + list(p) + zeros, new,
                            [("cell", x) for x in reversed(p)] if record else None))
        return [(list(f), c[:7], ps, ops) for f, c, ps, ops in out]

    def steps(self, pos, state: bytes, want: bytes):
        """The engine moves from ``pos`` (whose state is ``state``) to ``want``, a state
        one meta-move away, auto-play's foundation moves among them, and the position
        after them; each move is checked legal and the position reached is checked to
        be ``want`` (else :class:`SolitaireError`)."""
        game, closed = self.game, self._closed
        ops = next((ops for found, cells, piles, ops in self._metas(state, True)
                    if closed(found, cells, piles) == want), None)
        if ops is None:
            raise SolitaireError("solver: no meta-move leads to the next state")
        line = []
        for op in ops:
            where = _find(pos, op[1])
            if where is None:
                continue   # auto-play has taken it up already
            src, count = where
            if op[0] == "up":
                continue   # auto-play takes it up, once laid bare
            if op[0] == "cell":
                dst = next((CELL_NAMES[k] for k, cell in enumerate(pos.cells) if not cell), None)
            elif op[2]:
                dst = next((PILE_NAMES[k] for k, p in enumerate(pos.piles)
                            if p and CODE[p[-1].suit] + p[-1].rank == op[2]), None)
            else:
                dst = next((PILE_NAMES[k] for k, p in enumerate(pos.piles) if not p), None)
            move = Move(src, dst, 1 if op[0] == "cell" else count) if dst else None
            if move is None or game.why_illegal(pos, move) is not None:
                raise SolitaireError("solver: a meta-move's step is not legal on the engine")
            extra, pos = self.follow(game._apply(pos, move))
            line += [move] + extra
        if self.key(pos) != want:
            raise SolitaireError("solver: a meta-move does not reach the next state")
        return line, pos


def _find(pos, card: int):
    """Where card ``card`` lies in ``pos``: its place's name and how many cards lie from
    it to its place's top; None when it is on a foundation."""
    for k, cell in enumerate(pos.cells):
        if cell and CODE[cell[0].suit] + cell[0].rank == card:
            return CELL_NAMES[k], 1
    for k, pile in enumerate(pos.piles):
        for i, c in enumerate(pile):
            if CODE[c.suit] + c.rank == card:
                return PILE_NAMES[k], len(pile) - i
    return None
