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

Sizes come from the screen, not from the cards: the card width is the largest the
screen allows (up to ``CW_MAX``) for a pile of 25 cards at the tightest fan. A fan of
face-up cards uses the height there is, up to ``ROOMY_PX`` a card (each card's visible
strip is its target); any pile tightens its own fan to fit, and only a pile that does
not fit even at the tightest fan (on a phone: at ``TARGET_PX`` a card) makes the cards
smaller (down to ``FIT_FLOOR`` of their size). On a wide screen a
game whose top row holds only the stock and foundations may lay them out beside the piles
instead (the view's choice, made from the screen's size alone, so it never changes while a
game goes on).
tests/test_geometry.py checks that the program gives the numbers, screen by screen.
"""

RATIO = 1.4                 # card height / width
UP_STEP = 0.28              # the roomiest fan of face-up cards, in card heights ...
ROOMY_PX = 44               # ... or this many px when that is more (a finger's target)
MIN_STEP = 0.14             # the tightest fan: a card's index (0.13 ch tall) stays readable
MIN_STEP_PX = 13            # ... and never under this many px (the index is at least 12 px)
TARGET_PX = 24              # on a narrow (phone) screen a long pile shrinks the cards to keep
NARROW = 600                # ... each face-up card's strip, its touch target, this tall
DOWN_STEP = 0.12            # the fan of face-down cards, in card heights
DESIGN_FAN = 1 + 24 * MIN_STEP  # a pile this tall sets the card size: 25 cards, tight
SHORT_FAN = 1 + 12 * MIN_STEP   # ... on a short screen (a landscape phone): 13 cards
SHORT = 450                 # px of table height under which a screen is short
CW_MAX = 180                # px: cards stop growing here
CW_MIN = 30                 # px: below this the page scrolls instead
FIT_FLOOR = 0.6             # a long pile shrinks the cards to no less than this share
SPREAD_MAX = 1.35           # on a wide screen the places spread apart up to this much
BELOW = 40                  # px kept under the table for one line of messages
LABEL = 0.2                 # card heights kept above the piles for the tail's label
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
    padding, and the window below the table's top less one line of messages (a fixed
    share: a long message must not change the card size)."""
    return client_width - 2 * pad - 2, inner_height - top - BELOW


def stock_and_foundations_on_top(places):
    """True when every place above the piles is the stock or a foundation."""
    top = min(p.y for p in places if p.kind == "pile")
    above = [p for p in places if p.y < top]
    return bool(above) and all(p.kind in ("stock", "foundation") for p in above)


def arrange(places, wide):
    """Each place's (x, y) in card units: the game's own layout, or the wide one (the
    stock left of the piles, the foundations in a column right of them)."""
    top = min(p.y for p in places if p.kind == "pile")
    if not wide:
        return {p.name: (p.x, p.y) for p in places}
    lower = [p for p in places if p.y >= top]
    has_stock = any(p.kind == "stock" for p in places)
    shift = 1.25 if has_stock else 0
    spots = {p.name: (p.x + shift, p.y - top + LABEL) for p in lower}
    right = max(x for x, _ in spots.values()) + 1.3
    found = [p for p in places if p.kind == "foundation"]
    pitch = 1.1 if len(found) <= 4 else 0.3
    for i, p in enumerate(found):
        spots[p.name] = (right, LABEL + i * pitch)
    if has_stock:
        spots["stock"] = (0, LABEL)
    return spots


def design(places, spots, width, height):
    """The card width for an arrangement on this screen, whatever the piles hold."""
    piles = [spots[p.name] for p in places if p.fan == "down"]
    top = min(y for _, y in piles)
    right = max(x for x, _ in spots.values()) + 1
    bottom = max(y for _, y in spots.values()) + 1
    tall = most(top + below(height, SHORT, SHORT_FAN, DESIGN_FAN), bottom)
    return least(width / right, height / (RATIO * tall), CW_MAX)


class Plan:
    """The table drawn in a room: card size, spread, each place's box and fan."""

    def __init__(self, cw, ch, spots, spread, wide, height):
        self.cw, self.ch, self.spots, self.spread, self.wide = cw, ch, spots, spread, wide
        self.height = height        # the room's height
        self.places = {}            # name -> (x, y, back, step, pile height) in px
        self.deepest = ch * 2.3
        self.width = None           # the table's width and height, px
        self.tall = None

    def card_y(self, name, i, down):
        x, y, back, step, _ = self.places[name]
        return y + back * min(i, down) + step * max(i - down, 0)


def plan(places, piles, width, height):
    """Lay out ``places`` (a game's layout) holding ``piles`` (name -> (cards, face down))
    in a room ``width`` x ``height`` px."""
    places = list(places)
    tall = arrange(places, False)
    cw, spots, wide = design(places, tall, width, height), tall, 0
    if stock_and_foundations_on_top(places):
        other = arrange(places, True)
        w = design(places, other, width, height)
        better = cw * 1.04
        spots = {n: (below(better, w, other[n][0], xy[0]), below(better, w, other[n][1], xy[1]))
                 for n, xy in tall.items()}
        cw, wide = below(better, w, w, cw), below(better, w, 1, 0)
    # Only a pile too long to fit at the tightest fan shrinks the cards (to no less
    # than FIT_FLOOR of their size: past that the page scrolls).
    floor = most(cw * FIT_FLOOR, CW_MIN)
    # On a phone a strip is a finger's target: the cards shrink before a strip goes
    # under TARGET_PX (WCAG 2.5.8); elsewhere the fan goes down to the index's height.
    strip = below(NARROW, width, MIN_STEP_PX, TARGET_PX)
    for place in places:
        if place.fan != "down":
            continue
        cards, down = piles[place.name]
        up = max(cards - down - 1, 0)
        lead = spots[place.name][1] + 1 + DOWN_STEP * down
        fit = height / (lead + MIN_STEP * up)
        # 2 px: the height is rounded
        fit = below(fit * MIN_STEP, strip, (height - strip * up - 2) / lead, fit)
        cw = least(cw, fit / RATIO)
    cw = most(cw, floor)
    right = most(*(x for x, _ in spots.values())) + 1
    # desktops: the table spreads to fill the width
    spread = below(700, width, least(most(width / (right * cw), 1.0), SPREAD_MAX), 1.0)
    ch = rounded(cw * RATIO)
    lay = Plan(cw, ch, spots, spread, wide, height)
    min_step = most(ch * MIN_STEP, MIN_STEP_PX)
    lay.width = (right - 1) * cw * spread + cw
    clear = clear_of_stock(places, spots, cw, spread, width - lay.width)
    for place in places:
        ux, uy = spots[place.name]
        x, y = ux * cw * spread + clear.get(place.name, 0), uy * ch
        cards, down = piles[place.name]
        step = back = 0
        if place.fan == "down" and cards > 1:
            # Face-down cards overlap more. Face-up cards use the height there is, up
            # to ROOMY_PX each (a finger's target) or UP_STEP; a long pile tightens its
            # own fan, never below the height of a card's index.
            back = most(ch * DOWN_STEP, 5)
            up = cards - down
            space = height - y - ch - back * (down if up else down - 1)
            roomy = most(ch * UP_STEP, ROOMY_PX)
            step = least(roomy, most(min_step, space / (up - 1))) if up > 1 else 0
        pile_h = ch + back * down + step * max(cards - down - 1, 0)
        if cards and cards == down:
            pile_h -= back
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
