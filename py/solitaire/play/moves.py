"""The controller's intents that play: clicks, drops, keys, undo, redo, restart, hints,
offers, the deal box, the game menu, settings, the clock, statistics files.

Functions of the :class:`~solitaire.play.controller.Controller` (``c``), which calls them; each
returns an :class:`~solitaire.play.answer.Answer`.
"""


from ..engine.errors import SolitaireError
from ..engine.games import GAMES, get_game
from ..engine.position import DEAL, Move
from ..records import saved as S
from ..records.readers import deal_number
from ..solver.hints import LastWinnable
from ..solver.search import WON, Search
from ..words.messages import Message
from ..words.text import reason
from .answer import CLOSED, Answer, Offer
from .statsfiles import export_stats, finish_import, import_stats  # noqa: F401 (the controller calls them here)


def first_winnable(game, numbers, budget: int, slice_: int):
    """Steps of a search for the first of ``numbers`` the solver proves winnable within
    ``budget`` positions each: yields ``(number, fraction of its budget)`` after each
    slice; returns the number, or None when none is won."""
    for number in numbers:
        search = Search(game, game.deal(number), budget)
        while search.run(slice_) is None:
            yield number, search.examined / budget
        if search.result.verdict == WON:
            return number
    return None


def play_move(c, move: Move, ans=None) -> Answer:
    """Play ``move`` and, with Auto-play, the moves the game then makes by itself."""
    ans = ans or Answer()
    s = c.session
    before = s.position
    try:
        s.play(move)
    except SolitaireError as e:
        why = e.args[0] if e.args and isinstance(e.args[0], Message) else str(e)
        ans.say("cannot_drop", why=why)
        ans.handled = False
        return ans
    ans.steps.append((move, s.position))
    ans.frames += c.game.stages(before, move)
    ans.announce.append(_said(c, before, move, "said_move"))
    _changes(c, before, s.position, ans)
    if c.prefs["autoplay"]:  # each auto move is a move of its own, undoable
        while (auto := c.game.auto_move(s.position)) is not None:
            before = s.position
            s.play(auto)
            ans.steps.append((auto, s.position))
            ans.frames += c.game.stages(before, auto)
            ans.announce.append(_said(c, before, auto, "said_auto"))
            _changes(c, before, s.position, ans)
    c._board_changed(ans)
    if reason := c.game.lost_reason(s.position):
        ans.say("lost_reason", why=reason)
    if s.won and not s.recorded:
        c._count(s, True, ans)
        c._save(ans)
        common = {"moves": len(s.moves), "time": _clock(s.elapsed)}
        ans.won = (Message("won_daily", day=s.daily, **common) if s.daily
                   else Message("won_deal", number=s.deal, **common))
        ans.summary, ans.daily_open = win_summary(c, s)
        ans.announce.append(Message("game_won"))
    return ans


def win_summary(c, s):
    """The win panel's lines (time, moves, streak, today's daily of this game) and
    whether today's daily is still to be won (the panel then offers it)."""
    from ..records.stats import dailies, summary
    today = c.today()
    sums = summary(c.stats, c.game.id, today)
    day = dailies(c.stats, c.game.id).get(today)
    daily = ("win_daily_won" if day and day["won"] else
             "win_daily_lost" if day else "win_daily_open")
    lines = [Message("win_time", time=_clock(s.elapsed)), Message("win_moves", moves=len(s.moves)),
             Message("win_streak", streak=sums["streak"], best=sums["best_streak"]),
             Message(daily)]
    return lines, daily != "win_daily_won"


def _clock(seconds):
    from ..words.messages import clock_text
    return clock_text(seconds)


def _changes(c, before, after, ans):
    changes(c.game, before, after, ans)


def changes(game, before, after, ans):
    """What a move of ``game`` did besides moving: a card laid bare, a finished run
    leaving (announced in ``ans``)."""
    for place in (p.name for p in game.layout()):
        if place == "stock":
            continue
        down = game.face_down(after, place)
        cards = game.get(after, place)
        if down < game.face_down(before, place) and len(cards) > down:
            ans.announce.append(Message("said_bare", card=cards[down], place=place))
    if game.counts_runs:
        runs = sum(1 for f in after.foundations if f)
        if runs > sum(1 for f in before.foundations if f):
            ans.announce.append(Message("said_run_off", runs=runs, total=game.foundations))


def _said(c, before, move, key):
    return said(c.game, before, move, key)


def said(game, before, move, key="said_move"):
    """The sentence announcing ``move`` of ``game`` played from ``before``."""
    if move.is_deal:
        left = game.deals_left(game.apply(before, move))
        return Message("said_deal", left=left)
    card = game.get(before, move.src)[-move.count]
    if move.count > 1 and key == "said_move":
        return Message("said_moves", count=move.count, src=move.src, dst=move.dst)
    return Message(key, card=card, dst=move.dst)


def click(c, place, index) -> Answer:
    s = c.session
    if s.won or (place != "stock" and not c.game.get(s.position, place)):
        return Answer(handled=False)
    move = c.game.click_move(s.position, place, index)
    if move is None:
        ans = Answer(shake=[(place, index)], near=(place, index))
        if place == "stock":  # the engine says why: no deals left, an empty column...
            why = c.game.why_illegal(s.position, DEAL)
            ans.say("no_deal", why=why or Message("no_deals_left"))
        else:
            ans.say("cannot_move")
        return ans
    return play_move(c, move)


def place_names(c):
    return [p.name for p in c.game.layout()]


def drag_targets(c, place, index):
    pos = c.session.position
    if c.session.won or place == "stock":
        return 0, []
    count = c.game.lift(pos, place, index) or 0
    if not count:
        return 0, []
    return count, [n for n in place_names(c) if c.game.why_illegal(pos, Move(place, n, count)) is None]


def drop(c, place, count, target) -> Answer:
    if target is None or target == place:
        return Answer(board=True)  # slides back
    why = c.game.why_illegal(c.session.position, Move(place, target, count))
    if why:  # the run slides back and shakes there, and the reason shows beside it
        first = max(0, len(c.game.get(c.session.position, place)) - count)
        ans = Answer(board=True, shake=[(place, first)], near=(place, first))
        ans.say("cannot_drop", why=why)
        return ans
    return play_move(c, Move(place, target, count))


def undo(c) -> Answer:
    s = c.session
    restart = not s.moves and s.before_restart is not None
    move = s.moves[-1] if s.moves else None
    if not s.undo():
        return Answer(handled=False)
    ans = Answer(announce=[_said_back(c, move, "said_undo")])
    c._board_changed(ans)
    if restart:
        ans.say("restart_undone")
    return ans


def redo(c) -> Answer:
    s = c.session
    move = s.undone[-1] if s.undone else None
    before = s.position
    if not s.redo():
        return Answer(handled=False)
    ans = Answer(announce=[_said_back(c, move, "said_redo", before)])
    c._board_changed(ans)
    return ans


def _said_back(c, move, key, before=None):
    """Undo or redo, with the move it took back or made again. A redo names its card
    where it stood ``before`` (a Spider run it completes has left the table after)."""
    if move is None:
        return Message(key)
    if move.is_deal:
        return Message(key + "_deal")
    if key == "said_redo":
        card = c.game.get(before, move.src)[-move.count]
        return Message(key + "_move", card=card, dst=move.dst)
    card = c.game.get(c.session.position, move.src)[-move.count]
    return Message(key + "_move", card=card, dst=move.src)


def restart(c) -> Answer:
    """Back to the start of the deal: one action, which Undo takes back."""
    if not c.session.restart():
        return Answer(handled=False)
    ans = Answer()
    c._board_changed(ans)
    ans.say("restarted")
    return ans


def deal_box(c, text) -> Answer:
    text = str(text).strip()
    number = deal_number(text)
    if number is None:
        ans = Answer()
        ans.say("not_a_deal_number", text=text[:40])
        return ans
    ans = c._start(c.game, number)
    ans.say("deal_started", number=number)
    return ans


def choose_game(c, game_id) -> Answer:
    """The game menu: a new deal of the chosen game (winnable when that is on)."""
    if game_id not in GAMES or game_id == c.game.id:
        return Answer(handled=False)
    s = c.session
    if s.moves and not s.won and not s.recorded:  # ask before abandoning a game in play
        c.offer = Offer("leave_game", Message("leave_game", game=get_game(game_id).name),
                        [("leave:" + game_id, Message("leave_yes")), ("stay", Message("leave_no"))],
                        board=c.serial)
        return Answer(offer=c.offer)
    return switch_game(c, game_id)


def switch_game(c, game_id) -> Answer:
    ans = c._start(get_game(game_id), 1)
    return ans.merge(c.new_deal())


def set_pref(c, name, value) -> Answer:
    ans = Answer(prefs=True)
    if name == "theme":
        value = value if value in ("light", "dark") else None
    elif name == "lang":
        value = value if value in S.LANGS else None
    elif name == "difficulty":
        value = value if value in S.DIFFICULTIES else None
    elif name == "motion":
        value = value if value in S.MOTIONS else None
    elif name in S.SWITCHES:
        value = bool(value)
    else:
        return Answer(handled=False)
    c.prefs[name] = value
    if S.PREFS_KEY in c.held:
        return ans  # settings that could not be read nor moved aside stay as they are
    try:
        c.store.set(S.PREFS_KEY, S.prefs_text(c.prefs))
        ans.saved.append(S.PREFS_KEY)
    except S.StoreError:
        ans.say("write_failed_prefs", why=Message("write_failed"))
    except SolitaireError as e:   # the reader would refuse it: never stored
        ans.say("write_failed_prefs", why=reason(e))
    return ans


def tick(c, seconds, visible) -> Answer:
    """The clock: it runs from the first move while the page is visible, until a win."""
    s = c.session
    ans = Answer(handled=False)
    if s is None or s.won or not visible or not (s.moves or s.elapsed > 0):
        return ans
    before = int(s.elapsed)
    s.elapsed += seconds
    ans.handled = True
    if int(s.elapsed) // 5 != before // 5:
        c._save(ans)
    return ans


# -- keys --------------------------------------------------------------------------------

def key_places(c, key):
    """The places a key names: a digit a pile (0 the tenth), T the tail, C the cells,
    F the foundations."""
    names = place_names(c)
    if key.isdigit():
        name = f"pile-{int(key) or 10}"
        return [name] if name in names else []
    prefix = {"t": "tail", "c": "cell-", "f": "foundation-"}.get(key)
    return [n for n in names if prefix and n.startswith(prefix)]


def key(c, k, ctrl, alt, focused, index=None) -> Answer:
    """A key. Single-key shortcuts (digits, letters) only while the setting is on;
    Enter or Space on a card chooses it, on a place with a choice made targets it."""
    k = k.lower()
    if ctrl and k == "z":
        return undo(c).merge(Answer(handled=True))
    if ctrl and k == "y":
        return redo(c).merge(Answer(handled=True))
    if ctrl or alt:
        return Answer(handled=False)
    if k in ("enter", " ") and focused:
        if index is not None or c.selected is not None:
            return choose(c, focused, index if index is not None else 0).merge(Answer(handled=True))
        return activate(c, focused)
    if k == "escape":
        return unchoose(c)
    if not c.prefs.get("shortcuts", True):
        return Answer(handled=False)
    if len(k) == 1 and k.isascii() and (k.isdigit() or k in "tcf") and key_places(c, k):
        return pick(c, k)
    simple = {"d": lambda: click(c, "stock", 0), "u": lambda: undo(c), "r": lambda: redo(c),
              "h": c.hint, "n": c.new_deal}
    if k in simple:
        return simple[k]().merge(Answer(handled=True))
    return Answer(handled=False)


def activate(c, name) -> Answer:
    """Enter on a place: deal from the stock, or click-to-move the place's movable cards."""
    pos = c.session.position
    if name == "stock":
        return click(c, "stock", 0)
    for index in range(len(c.game.get(pos, name))):
        if c.game.lift(pos, name, index):
            ans = click(c, name, index)
            ans.focus = name
            return ans
    return Answer(handled=False)


def pick(c, k) -> Answer:
    """Keys: the first place picked is the source, the second the target."""
    pos = c.session.position
    places = key_places(c, k)
    ans = Answer(board=True)
    if c.selected is None:
        source = next((n for n in places if c.game.get(pos, n)), None)
        if source is None:
            ans.near = (places[0], 0) if places else None
            ans.say("nothing_to_pick")
            return ans
        c.selected, c.count = source, None
        ans.say("picked", place=source)
        return ans
    return target(c, places)


def target(c, places) -> Answer:
    """The choice made goes to the first of ``places`` that takes it (its chosen count,
    or else the most cards that fit); else it is refused and the choice dropped."""
    pos = c.session.position
    ans = Answer(board=True)
    src, count = c.selected, c.count
    c.selected = c.count = None
    cards = c.game.get(pos, src)
    counts = [count] if count else sorted(
        {n for i in range(len(cards)) if (n := c.game.lift(pos, src, i))}, reverse=True)
    if len(places) == 1 and count:
        why = c.game.why_illegal(pos, Move(src, places[0], count))
        if why is None:
            return play_move(c, Move(src, places[0], count))
        ans.shake = [(src, len(cards) - count)]
        ans.near = ans.shake[0]
        ans.say("cannot_drop", why=why)
        return ans
    for dst in places:
        for count in counts:
            if c.game.why_illegal(pos, Move(src, dst, count)) is None:
                return play_move(c, Move(src, dst, count))
    if counts:
        ans.shake = [(src, len(cards) - counts[0])]
    ans.near = ans.shake[0] if ans.shake else (src, 0)
    ans.say("nothing_fits", place=src)
    return ans


def choose(c, place, index) -> Answer:
    """Select-then-target. With no choice made, card ``index`` of ``place`` is chosen
    with the cards above it (any card of a movable run: any run length); the stock
    deals. With a choice made, ``place`` is its target; the chosen place itself drops
    the choice (or, on another of its cards, chooses that one instead)."""
    s = c.session
    if s.won:
        return Answer(handled=False)
    pos = s.position
    if c.selected is not None:
        if place != c.selected:
            return target(c, [place])
        count = c.game.lift(pos, place, index)
        if not count or count == c.count:
            return unchoose(c)
        c.selected = None
    if place == "stock":
        return click(c, "stock", 0)
    cards = c.game.get(pos, place)
    count = c.game.lift(pos, place, index) if 0 <= index < len(cards) else None
    if not count:
        ans = Answer(shake=[(place, index)] if cards else [], near=(place, index))
        ans.say("cannot_choose" if cards else "nothing_to_pick")
        return ans
    c.selected, c.count = place, count
    ans = Answer(board=True)
    card = cards[-count]
    ans.say("chosen_one" if count == 1 else "chosen_many", card=card, count=count, place=place)
    return ans


def unchoose(c) -> Answer:
    """Esc, or the chosen card again: the choice is dropped."""
    if c.selected is None:
        return Answer(handled=False)
    c.selected = c.count = None
    ans = Answer(board=True)
    ans.say("unchosen")
    return ans


# -- hints -------------------------------------------------------------------------------

def hint_steps(c, s, won: int = -1):
    """The hint search in steps: a winning line from here, else the last earlier
    position a win was still possible from (none before ``won``: :func:`proved_index`)."""
    search = Search(c.game, s.position, c.HINT_BUDGET)
    label = Message("looking_for_line")
    while search.run(c.SLICE) is None:
        yield label, search.examined / c.HINT_BUDGET
    result = search.result
    if result.verdict == WON and result.line:
        return "hint", result.line, None
    first = (Message("no_line") if result.verdict == "unwinnable"
             else Message("no_line_within", budget=c.HINT_BUDGET))
    yield first  # shown while looking back
    return (yield from look_back(c, s, first, won))


def look_back(c, s, first, won: int = -1):
    """The last earlier position a win is proved from, by bisection over the moves made
    (a position a win is possible from has a winnable one before it: play its move back
    in), a search of ``BACKTRACK_BUDGET`` per probe: ``("offer", moves, first)`` or
    ``("none", None, first)``."""
    earlier = s.positions[:len(s.moves)]
    back = LastWinnable(c.game, earlier, c.BACKTRACK_BUDGET, won)
    while not back.run(c.SLICE):
        yield Message("looking_back", count=back.mid), back.probes / max(1, len(earlier).bit_length())
    if back.index is None:
        return "none", None, first
    return "offer", back.index, first


def keep_win(c, s, line) -> None:
    """A winning line proved with full knowledge from session ``s``'s position (Hint in a
    game without face-down cards, "is this deal still winnable?", *Show me a win*): kept
    (the last one), so that those questions, asked there again or further along it,
    answer at once (:func:`known_win`)."""
    if line:
        c.proved = (c.game.id, s.deal, tuple(s.moves), tuple(line))


def _along(c, s) -> tuple | None:
    """``(n, k, line)`` when session ``s`` went through the position :func:`keep_win`
    kept (its ``n``-th) and then played the first ``k`` moves of its ``line``; else None."""
    if c.proved is None or s is None:
        return None
    game, deal, moves, line = c.proved
    n = len(moves)
    if game != c.game.id or deal != s.deal or len(s.moves) < n or tuple(s.moves[:n]) != moves:
        return None
    k = 0
    while n + k < len(s.moves) and k < len(line) and s.moves[n + k] == line[k]:
        k += 1
    return n, k, line


def known_win(c) -> list | None:
    """The rest of the line :func:`keep_win` kept, when the position on the table lies on
    it (the same deal, its moves those of the kept position and then the line's first
    ones); else None."""
    along = _along(c, c.session)
    if along is None:
        return None
    n, k, line = along
    if n + k != len(c.session.moves) or k >= len(line):
        return None
    return list(line[k:])


def proved_index(c, s) -> int:
    """The index in session ``s`` of the last of its earlier positions (the one on the
    table excluded) that the win :func:`keep_win` kept was proved from or passes through:
    the look-back goes no further back. -1: none."""
    along = _along(c, s)
    if along is None or along[0] >= len(s.moves):
        return -1
    n, k, _ = along
    return min(n + k, len(s.moves) - 1)


def hint_done(c, s, value) -> Answer:
    """Hint's answer: the first move of the line its search found. A search that found
    none from a position a kept win passes through (:func:`known_win`: the player asked
    "still winnable?" or *Show me a win* earlier on it) gives that line's next move, not
    the look-back, whose offer to undo would not be needed."""
    kind, detail, first = value
    ans = Answer()
    known = known_win(c) if kind != "hint" and s is c.session else None
    if known is not None:
        kind, detail = "hint", known
    if kind == "hint":
        keep_win(c, s, detail)
        c.hint_move = detail[0]
        ans.board = True
        if c.hint_move.is_deal:
            ans.say("hint_deal", count=len(detail))
        else:
            ans.say("hint_move", src=c.hint_move.src, dst=c.hint_move.dst, count=len(detail))
        return ans
    return look_back_done(c, s, ans, kind, detail, first)


def look_back_done(c, s, ans, kind, detail, first) -> Answer:
    """The end of a look-back (Hint's or "is this deal still winnable?"): no line, and
    either no earlier position wins (``kind`` "none") or the offer to undo back to the
    last one that does (``detail`` moves in)."""
    ans.status = [first]
    if kind == "none":
        ans.say("no_earlier_win")
        return ans
    back = len(s.moves) - detail
    text = Message("offer_undo_one") if back == 1 else Message("offer_undo_many", back=back)
    c.offer = Offer("undo_to_win", text, [("yes", Message("undo")), ("no", Message("no"))],
                    board=c.serial, to=detail)
    ans.offer = c.offer
    return ans


# -- offers ------------------------------------------------------------------------------

def answer_offer(c, action) -> Answer:
    offer, c.offer = c.offer, None
    ans = Answer(offer=CLOSED)
    if offer is None:
        return ans
    if offer.kind == "full_check" and action == "check":
        ans.merge(c.still_winnable())
    elif offer.kind == "show_reveal" and action == "show":
        ans.merge(c.show_win(told=True))
    elif offer.kind == "undo_to_win" and action == "yes":
        c.session.undo_to(offer.to)
        c._board_changed(ans)
        ans.say("undone_to_win")
    elif offer.kind == "other_tab":
        c.stale = False
        theirs = c._restore(Answer())
        if action == "load" and theirs is not None:
            if theirs.id != c.session.id:
                c._leave(ans)
            ans.relayout = theirs.game is not c.game
            c.game, c.session = theirs.game, theirs
            c._board_changed(ans)
            ans.address = c.link()
            ans.say("other_tab_loaded")
        else:
            if theirs is not None and theirs.id != c.session.id and theirs.moves \
                    and not theirs.won and not theirs.recorded:
                c._count(theirs, False, ans)  # the game this overwrites counts as left
            c._write_game(ans)
            ans.say("other_tab_kept")
    elif offer.kind == "import":
        ans.merge(finish_import(c, action))
    elif offer.kind == "held" and action == "export":
        ans.merge(export_stats(c))
    elif offer.kind == "leave_game":
        game_id = action[len("leave:"):] if action.startswith("leave:") else None
        if game_id in GAMES:
            ans.merge(switch_game(c, game_id))
        else:
            ans.relayout = False
            ans.prefs = True  # the page puts the game menu back on the game in play
    return ans
