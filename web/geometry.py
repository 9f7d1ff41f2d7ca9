"""Where the table puts its places and cards: plain arithmetic on the room it has.

One rule, two readers. :mod:`table` calls :func:`plan` with the room in px (numbers) at
each render. The build (``scripts/build_site.py``) calls it with :class:`Expr` symbols
for the four readings of the page it cannot know (the width of ``<main>``, its padding,
the table's top, the window's height), which records the arithmetic as a small program;
``web/board.js`` runs that program with the page's own readings to draw the first-visit
board before Python is up, on the very boxes this module then gives the live table.
So every comparison, ``min`` and ``max`` that depends on the room goes through
:func:`least`, :func:`most` and :func:`below`; branches on the cards (counts, kinds) are
ordinary Python. Nothing here touches the page.

Sizes come from the screen and the game's layout, never from the cards, so a pile growing
moves no other place: the card width is the largest the screen allows (up to ``CW_MAX``)
for a run of ``DESIGN_RUN`` cards at its tightest fan over ``DESIGN_SLIVERS`` cards
stacked tight (on a phone: the run at ``TARGET_PX`` a strip). Each pile fans its own cards
(:func:`fan`): the room goes to its movable run, the cards under it stack tight first. On
a wide screen a game whose top row holds only the stock and foundations may lay them out
beside the piles instead (the view's choice, made from the screen's size alone, so it
never changes while a game goes on). docs/layout.md has the figures.
tests/test_geometry.py checks that the program gives the numbers, screen by screen.
"""

RATIO = 1.4                 # card height / width
UP_STEP = 0.28              # the roomiest fan of face-up cards, in card heights ...
ROOMY_PX = 44               # ... or this many px when that is more (a finger's target)
MIN_STEP = 0.14             # the tightest fan: a card's index (0.13 ch tall) stays readable
MIN_STEP_PX = 13            # ... and never under this many px (the index is at least 12 px)
TARGET_PX = 24              # a strip of the movable run, its touch target, is never shorter
NARROW = 600                # px of width from which a screen is not a phone
DOWN_STEP = 0.12            # the fan of face-down cards, in card heights
DESIGN_RUN = 13            # the card size lets a run this long keep its tightest strips ...
DESIGN_SLIVERS = 24         # ... over this many cards stacked tight under it
SLIVER_PX = 4               # px: a card under the movable run, stacked tight, shows this much
SLIVER_MIN = 1              # ... or down to this when the run's strips are at their floor
DESIGN_FAN = 1 + (DESIGN_RUN - 1) * MIN_STEP  # the run's tightest fan, in card heights
SHORT_FAN = 1 + 12 * MIN_STEP   # ... on a short screen (a landscape phone): 13 cards, no slivers
SHORT = 450                 # px of table height under which a screen is short
CW_MAX = 180                # px: cards stop growing here
CW_MIN = 30                 # px: the cards are never narrower (the page scrolls instead)
SPREAD_MAX = 1.35           # the places spread apart up to this much to use the width
BELOW = 40                  # px kept under the table: the dock at rest, one line of messages
LABEL = 0.2                 # card heights kept above a labelled place (the tail, Tuxedo's cells)
STOCK_PX = 48               # the stock is a touch target at least this wide (style.css): the
                            # places right of it in its row keep clear of it (1 px between)
PHONE = "(max-width: 600px), (max-height: 500px)"  # a phone: one-row header, short game names


# -- numbers or symbols ---------------------------------------------------------------------

class Expr:
    """A number not known yet: the node of a program ``web/board.js`` runs."""

    __slots__ = ("op", "args")

    def __init__(self, op, *args):
        self.op, self.args = op, args

    @staticmethod
    def input(name):
        return Expr("in", name)

    def __bool__(self):
        raise TypeError("a symbol has no truth value: use below()")

    def __add__(self, o):
        return self if isinstance(o, (int, float)) and o == 0 else Expr("+", self, o)

    def __radd__(self, o):
        return self if isinstance(o, (int, float)) and o == 0 else Expr("+", o, self)

    def __sub__(self, o):
        return self if isinstance(o, (int, float)) and o == 0 else Expr("-", self, o)

    def __rsub__(self, o):
        return Expr("-", o, self)

    def __mul__(self, o):
        return Expr("*", self, o)

    def __rmul__(self, o):
        return Expr("*", o, self)

    def __truediv__(self, o):
        return Expr("/", self, o)

    def __rtruediv__(self, o):
        return Expr("/", o, self)


def _symbolic(xs):
    return any(isinstance(x, Expr) for x in xs)


def least(*xs):
    return Expr("min", *xs) if _symbolic(xs) else min(xs)


def most(*xs):
    return Expr("max", *xs) if _symbolic(xs) else max(xs)


def below(a, b, then, other):
    """``then`` if a < b, else ``other``."""
    if _symbolic((a, b, then, other)):
        return Expr("lt", a, b, then, other)
    return then if a < b else other


def rounded(x):
    """Python's round (to even on a tie; board.js does the same)."""
    return Expr("round", x) if isinstance(x, Expr) else round(x)


class Program:
    """Expressions as a list of nodes ``[op, arg, ...]``, each arg a number, an input's
    name (for ``in``), or ``[k]`` for node k (always an earlier one)."""

    def __init__(self):
        self.nodes, self.index = [], {}
        self.seen = []          # the expressions indexed by id(), kept so ids stay unique

    def ref(self, x):
        """A number, or ``[k]`` for the node computing the expression ``x``."""
        if not isinstance(x, Expr):
            return x
        k = self.index.get(id(x))
        if k is None:
            args = [a if x.op == "in" else self.ref(a) for a in x.args]
            key = repr((x.op, args))
            k = self.index.get(key)
            if k is None:
                self.nodes.append([x.op, *args])
                k = self.index[key] = len(self.nodes) - 1
            self.index[id(x)] = k
            self.seen.append(x)
        return [k]

    def run(self, inputs, refs):
        """Evaluate ``refs`` as web/board.js does (a check for the tests)."""
        vals = []
        for op, *args in self.nodes:
            a = [vals[v[0]] if isinstance(v, list) else v for v in args]
            vals.append(inputs[args[0]] if op == "in" else {
                "+": lambda: a[0] + a[1], "-": lambda: a[0] - a[1], "*": lambda: a[0] * a[1],
                "/": lambda: a[0] / a[1], "min": lambda: min(a), "max": lambda: max(a),
                "lt": lambda: a[2] if a[0] < a[1] else a[3], "round": lambda: round(a[0]),
            }[op]())
        return [vals[r[0]] if isinstance(r, list) else r for r in refs]


# -- the layout -----------------------------------------------------------------------------

def room(client_width, pad, top, inner_height):
    """The width and height (px) the table may use: ``<main>``'s inner width less its
    padding, and the window below the table's top less the dock at the screen's bottom
    edge at rest, one line of messages (a fixed share: a long message or the replay bar
    must not change the card size; they cover the table's end, which scrolls out from
    under them)."""
    return client_width - 2 * pad - 2, inner_height - top - BELOW


NOTE_TRIES = 12             # steps of fit_note at most (web/board.js runs as many)


def fit_note(room_height, cut, tall, note):
    """The next cut (px) of a room ``room_height`` px tall, now cut by ``cut``, in which
    the table is ``tall`` px, so that the first-time note, ``note`` px with its margin,
    lies under the table and above the dock with no scroll; None when it fits. The cut is
    a step of the card height's proportion to the room's (the cards shrink with the room
    where its height decides their size), so a few steps reach it; web/board.js lays out
    the build's board by the same steps.

    >>> fit_note(600, 0, 300, 200) is None
    True
    >>> round(fit_note(600, 0, 500, 200), 3)
    121.2
    """
    if tall + note + 1 <= room_height:   # (1 px for the table's height, drawn rounded)
        return None
    return room_height - (room_height - note - 1) * (room_height - cut) / tall


def stock_and_foundations_on_top(places):
    """True when every place above the piles is the stock or a foundation."""
    top = min(p.y for p in places if p.kind == "pile")
    above = [p for p in places if p.y < top]
    return bool(above) and all(p.kind in ("stock", "foundation") for p in above)


def arrange(places, wide):
    """Each place's (x, y) in card units: the game's own layout (lower by ``LABEL``
    when a place of its top row has a label), or the wide one (the
    stock left of the piles, the foundations right of them: four in two columns, more in
    a compact column, each King's index showing)."""
    top = min(p.y for p in places if p.kind == "pile")
    if not wide:  # a label over the top row (Tuxedo's cells): room for it above
        first = min(p.y for p in places)
        lift = LABEL if any(p.label and p.y == first for p in places) else 0
        return {p.name: (p.x, p.y + lift) for p in places}
    lower = [p for p in places if p.y >= top]
    has_stock = any(p.kind == "stock" for p in places)
    shift = 1.25 if has_stock else 0
    spots = {p.name: (p.x + shift, p.y - top + LABEL) for p in lower}
    right = max(x for x, _ in spots.values()) + 1.3
    found = [p for p in places if p.kind == "foundation"]
    for i, p in enumerate(found):  # four in two columns; more stack compactly
        spots[p.name] = ((right + (i % 2) * 1.1, LABEL + (i // 2) * 1.1) if len(found) <= 4
                         else (right, LABEL + i * 0.3))
    if has_stock:
        spots["stock"] = (0, LABEL)
    return spots


def design(places, spots, width, height):
    """The card width for an arrangement on this screen, whatever the piles hold: a pile
    whose movable run of ``DESIGN_RUN`` cards keeps its tightest strips over
    ``DESIGN_SLIVERS`` cards stacked tight fits the height; the width holds every place."""
    piles = [spots[p.name] for p in places if p.fan == "down"]
    top = min(y for _, y in piles)
    right = max(x for x, _ in spots.values()) + 1
    bottom = max(y for _, y in spots.values()) + 1
    fan = below(height, SHORT, SHORT_FAN, DESIGN_FAN)
    slivers = below(height, SHORT, 0, DESIGN_SLIVERS * SLIVER_PX)
    # a phone's run keeps TARGET_PX strips (more than MIN_STEP of a phone's card)
    strips = below(NARROW, width, 0, (DESIGN_RUN - 1) * TARGET_PX)
    tall = most(top + fan, bottom)
    phone_tall = most(top + 1, bottom)
    by_height = below(NARROW, width,
                      (height - slivers) / (RATIO * tall),
                      (height - slivers - strips) / (RATIO * phone_tall))
    return least(width / right, most(by_height, CW_MIN), CW_MAX)


class Plan:
    """The table drawn in a room: card size, spread, each place's box and fan."""

    def __init__(self, cw, ch, spots, spread, wide, height):
        self.cw, self.ch, self.spots, self.spread, self.wide = cw, ch, spots, spread, wide
        self.height = height        # the room's height
        self.places = {}            # name -> (x, y, back, step, pile height) in px
        self.fans = {}              # name -> (face down, first card of the run, back, bury, step)
        self.deepest = ch * 2.3
        self.width = None           # the table's width and height, px
        self.tall = None

    def card_y(self, name, i, down=None):
        """The top of card ``i`` (from the bottom) of ``name``: face-down cards fanned by
        ``back``, the cards under the movable run by ``bury``, the run by ``step``."""
        _, y, _, _, _ = self.places[name]
        down, run, back, bury, step = self.fans[name]
        return (y + back * min(i, down) + bury * max(min(i, run) - down, 0)
                + step * max(i - max(run, down), 0))

    def stacked(self, name):
        """The cards of ``name`` stacked tight under its run: (first, end, step px)."""
        down, run, _, bury, _ = self.fans[name]
        return down, run, bury


def pile_counts(game, pos, place):
    """``place``'s (cards, face down, movable run) in ``pos``: the run is the cards at its
    top that a press picks up (:meth:`Game.lift`); the cards under it are stacked tight
    (:func:`fan`)."""
    cards = game.get(pos, place.name)
    down = game.face_down(pos, place.name)
    run = 0
    if place.fan == "down":
        while run < len(cards) - down and game.lift(pos, place.name, len(cards) - 1 - run) is not None:
            run += 1
    return len(cards), down, run


def counts(pile):
    """A pile's (cards, face down, movable run): a pair (cards, face down) means every
    face-up card moves."""
    if len(pile) == 2:
        cards, down = pile
        return cards, down, cards - down
    return pile


def fan(height, y, ch, roomy, min_step, run_floor, cards, down, run):
    """The steps (px) of one pile's fan: (back, bury, step).

    Face-down cards overlap by ``back`` and face-up cards that cannot move (under the run)
    by ``bury``; the run, the cards a player can pick up, by ``step``. The room goes to
    the run: the cards under it tighten first (from a roomy strip down to a sliver of
    ``SLIVER_PX``), then the face-down ones, then the run's fan (never under
    ``run_floor``: a finger's target), and last the stack under it down to
    ``SLIVER_MIN``. A pile that does not fit even so runs past the room's bottom (the page
    scrolls): the cards keep their size, so no other place moves."""
    run = min(run, cards - down)
    buried = cards - down - run
    gaps_back = down if cards > down else max(down - 1, 0)
    gaps_bury = buried if run else max(buried - 1, 0)
    gaps_run = max(run - 1, 0)
    back0 = most(ch * DOWN_STEP, 5)
    if cards <= 1:
        return back0, roomy, 0
    space = height - y - ch
    back, bury, step = back0, roomy, roomy
    if gaps_bury:
        bury = most(SLIVER_PX, least(roomy, (space - gaps_run * roomy - gaps_back * back0) / gaps_bury))
    if gaps_back:
        back = most(SLIVER_PX, least(back0, (space - gaps_run * roomy - gaps_bury * bury) / gaps_back))
    if gaps_run:
        step = most(run_floor, least(roomy, (space - gaps_bury * bury - gaps_back * back) / gaps_run))
    stacked = gaps_bury * bury + gaps_back * back
    if gaps_bury or gaps_back:  # the run at its floor and still no room: the stack goes down to SLIVER_MIN
        squeeze = most(SLIVER_MIN / SLIVER_PX, least(1, (space - gaps_run * step) / stacked))
        bury, back = most(least(bury, SLIVER_MIN), bury * squeeze), most(least(back, SLIVER_MIN), back * squeeze)
    return back, bury, step


def plan(places, piles, width, height):
    """Lay out ``places`` (a game's layout) holding ``piles`` (name -> (cards, face down,
    movable run)) in a room ``width`` x ``height`` px.

    The card size and every place's box come from the room and the layout alone, never
    from what the piles hold: a pile growing moves no other place. Only each pile's own
    fan changes with its cards (:func:`fan`)."""
    places = list(places)
    piles = {name: counts(pile) for name, pile in piles.items()}
    tall = arrange(places, False)
    cw, spots, wide = design(places, tall, width, height), tall, 0
    if stock_and_foundations_on_top(places):
        other = arrange(places, True)
        w = design(places, other, width, height)
        better = cw * 1.04
        spots = {n: (below(better, w, other[n][0], xy[0]), below(better, w, other[n][1], xy[1]))
                 for n, xy in tall.items()}
        cw, wide = below(better, w, w, cw), below(better, w, 1, 0)
    right = most(*(x for x, _ in spots.values())) + 1
    # the places spread apart to use the width the cards leave
    spread = least(most(width / (right * cw), 1.0), SPREAD_MAX)
    ch = rounded(cw * RATIO)
    lay = Plan(cw, ch, spots, spread, wide, height)
    min_step = most(ch * MIN_STEP, MIN_STEP_PX)
    # On a phone a strip of the run is a finger's target (WCAG 2.5.8); elsewhere the
    # run's fan goes down to the index's height.
    run_floor = TARGET_PX
    roomy = most(ch * UP_STEP, ROOMY_PX)
    lay.width = (right - 1) * cw * spread + cw
    clear = clear_of_stock(places, spots, cw, spread, width - lay.width)
    for place in places:
        ux, uy = spots[place.name]
        x, y = ux * cw * spread + clear.get(place.name, 0), uy * ch
        cards, down, run = piles[place.name]
        back = bury = step = 0
        if place.fan == "down" and cards > 1:
            back, bury, step = fan(height, y, ch, roomy, min_step, run_floor, cards, down, run)
        run = min(run, cards - down)
        first = cards - run  # the run's first card
        lay.fans[place.name] = (down, first, back, bury, step)
        lay.places[place.name] = (x, y, back, step, ch)
        pile_h = ch + (lay.card_y(place.name, cards - 1) - y if cards else 0)
        lay.places[place.name] = (x, y, back, step, pile_h)
        lay.deepest = most(lay.deepest, y + pile_h)
        if place.name in clear:
            lay.width = most(lay.width, x + cw)
    lay.tall = lay.deepest + 8
    return lay


def clear_of_stock(places, spots, cw, spread, spare):
    """How far (px) the places right of the stock in its row (the game's own layout) move
    right so that the stock's box, ``STOCK_PX`` wide when the cards are narrower, does not
    reach them: at most ``spare``, the width the table leaves unused."""
    stock = next((p for p in places if p.kind == "stock"), None)
    if stock is None:
        return {}
    row = [p for p in places if p.y == stock.y and p.x > stock.x]
    if not row:
        return {}
    nearest = min(row, key=lambda p: p.x)
    gap = (spots[nearest.name][0] - spots[stock.name][0]) * cw * spread
    push = most(0, least(STOCK_PX + 1 - gap, spare))
    return {p.name: push for p in row}


def card_z(place, i, bottom_up):
    """A card's stacking order: foundations low (each its own layer), piles above them;
    a foundation that shows its bottom card stacks downwards."""
    layer = (int(place.name[11:]) * 14) if place.kind == "foundation" else 200
    return layer + ((13 - i) if bottom_up else i + 1)
