"""Positions and moves as immutable values, and their text notation.

A position lists its places in a fixed order: the piles of the tableau, the cells
(Tabby Cat's tail is one cell that holds a whole run), the stock and the
foundations. Every place has a stable name, the same in the engine, the notation
and the page: ``pile-1`` .., ``tail`` or ``cell-1`` .., ``stock``, ``foundation-1`` ..

A move names its source and target place and how many cards it takes from the top
of the source. Its text form is short: ``1>3`` (pile 1 onto pile 3), ``2>t*3``
(three cards from pile 2 into the tail), ``t>4*5``, ``c2>f1``, ``deal``.

>>> Move.parse("2>t*3")
Move.parse('2>t*3')
>>> Move("pile-2", "tail", 3) == Move.parse("2>t*3")
True
"""

from dataclasses import dataclass

from .cards import Card
from .errors import NotationError

Cards = tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Position:
    """Everything on the table. Piles and stacks are tuples from bottom to top.

    ``stock`` is in dealing order: ``stock[0]`` is the next card dealt.
    ``hidden[i]`` counts the face-down cards at the bottom of pile i (empty when a
    game has none). ``foundations[i]`` holds the cards laid there, bottom to top.
    """

    piles: tuple[Cards, ...]
    cells: tuple[Cards, ...] = ()
    stock: Cards = ()
    foundations: tuple[Cards, ...] = ()
    hidden: tuple[int, ...] = ()

    def cards(self) -> list[Card]:
        """Every card in the position, once each."""
        out = [c for p in self.piles for c in p]
        out += [c for p in self.cells for c in p]
        out += self.stock
        out += [c for p in self.foundations for c in p]
        return out


# Short names used in the move notation.
_SHORT = {"tail": "t", "stock": "s"}
_LONG = {v: k for k, v in _SHORT.items()}
_PREFIX = {"pile": "", "cell": "c", "foundation": "f"}


def short_place(name: str) -> str:
    """``pile-3`` -> ``3``, ``tail`` -> ``t``, ``cell-2`` -> ``c2``, ``foundation-1`` -> ``f1``."""
    if name in _SHORT:
        return _SHORT[name]
    kind, _, num = name.partition("-")
    return _PREFIX[kind] + num


def long_place(token: str, move_text: str) -> str:
    tok = token.strip().lower()
    if tok in _LONG:
        return _LONG[tok]
    for kind, prefix in (("cell", "c"), ("foundation", "f"), ("pile", "")):
        if tok.startswith(prefix) and tok[len(prefix):].isdigit() and int(tok[len(prefix):]) >= 1:
            return f"{kind}-{int(tok[len(prefix):])}"
    raise NotationError(f"bad place {token!r} in move {move_text!r}: "
                        "use a pile number, t (tail), cN (cell), fN (foundation)")


@dataclass(frozen=True, slots=True)
class Move:
    """Take ``count`` cards from the top of ``src`` and put them on ``dst``.

    The deal from the stock is ``Move('stock', 'piles', 0)``, written ``deal``.
    """

    src: str
    dst: str
    count: int = 1

    @property
    def is_deal(self) -> bool:
        return self.src == "stock"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """Read ``1>3``, ``2>t*3``, ``t>4*5`` or ``deal``.

        Raises:
            NotationError: naming the move and the token at fault.
        """
        t = text.strip()
        if t.lower() in ("deal", "s"):
            return DEAL
        body, star, count_text = t.partition("*")
        count = 1
        if star:
            if not count_text.isdigit() or int(count_text) < 1:
                raise NotationError(f"bad count {count_text!r} in move {text!r}: "
                                    "write a whole number of cards after *")
            count = int(count_text)
        src, arrow, dst = body.partition(">")
        if not arrow or not src or not dst:
            raise NotationError(f"bad move {text!r}: write source>target, like 1>3 or 2>t*3, or deal")
        return cls(long_place(src, text), long_place(dst, text), count)

    def __str__(self) -> str:
        if self.is_deal:
            return "deal"
        s = f"{short_place(self.src)}>{short_place(self.dst)}"
        return s if self.count == 1 else f"{s}*{self.count}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


DEAL = Move("stock", "piles", 0)


def parse_line(text: str) -> list[Move]:
    """Read moves separated by spaces or commas.

    >>> [str(m) for m in parse_line("deal 1>2, 3>t*2")]
    ['deal', '1>2', '3>t*2']
    """
    return [Move.parse(tok) for tok in text.replace(",", " ").split()]


def format_line(moves) -> str:
    return " ".join(str(m) for m in moves)
