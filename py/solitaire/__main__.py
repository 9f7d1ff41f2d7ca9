"""Command line: ``PYTHONPATH=py python3 -m solitaire COMMAND ...``

Commands: ``show``, ``moves``, ``play``, ``solve``, ``stats``, ``daily``, ``difficulty``.
A position is given as a deal number or as a file in the position notation (``-`` reads standard input).
Every command takes ``--game ID`` and ``--json``.
"""

import argparse
import json
import statistics
import sys
import time

from .engine.errors import SolitaireError
from .engine.games import GAMES, get_game
from .engine.position import format_line, parse_line
from .solver.search import DEFAULT_BUDGET, WON, UNWINNABLE, UNDECIDED, solve


def load(game, source: str):
    """A position from a deal number, a file name, or ``-`` for standard input."""
    if source.isdigit():
        return game.deal(int(source))
    try:
        text = sys.stdin.read() if source == "-" else open(source, encoding="utf-8").read()
    except OSError as e:
        raise SolitaireError(f"cannot read {source!r}: {e.strerror}") from None
    return game.parse(text)


def peak_memory_mb() -> float | None:
    try:
        import resource
    except ImportError:
        return None
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(kb / 1024 if sys.platform != "darwin" else kb / 2**20, 1)


def cmd_show(game, args):
    pos = load(game, args.source)
    data, text = {"game": game.id, "position": game.format(pos)}, game.format(pos).rstrip()
    lost = game.lost_reason(pos)
    if lost:
        data["lost"] = lost
        text += f"\nnote: {lost}"
    return data, text


def cmd_moves(game, args):
    pos = load(game, args.source)
    moves = [str(m) for m in game.legal_moves(pos)]
    return {"game": game.id, "moves": moves}, "\n".join(moves) or "(no legal moves)"


def cmd_play(game, args):
    pos = load(game, args.source)
    moves = parse_line(" ".join(args.moves))
    for number, move in enumerate(moves, 1):
        reason = game.why_illegal(pos, move)
        if reason:
            data = {"game": game.id, "ok": False, "illegal": str(move), "index": number,
                    "reason": reason, "position": game.format(pos)}
            text = f"move {number} ({move}) is illegal: {reason}\nposition before it:\n{game.format(pos).rstrip()}"
            return data, text, 1
        pos = game.apply(pos, move)
    data = {"game": game.id, "ok": True, "won": game.is_won(pos), "position": game.format(pos)}
    text = game.format(pos).rstrip() + ("\nwon" if game.is_won(pos) else "")
    lost = game.lost_reason(pos)
    if lost:
        data["lost"] = lost
        text += f"\nnote: {lost}"
    return data, text


def cmd_solve(game, args):
    pos = load(game, args.source)
    t0 = time.perf_counter()
    result = solve(game, pos, budget=args.budget)
    wall = time.perf_counter() - t0  # the line's replay included
    data = {"game": game.id, "verdict": result.verdict, "examined": result.examined,
            "expanded": result.expanded, "seconds": round(wall, 3),
            "search_seconds": round(result.seconds, 3),
            "line": format_line(result.line), "moves": len(result.line)}
    text = (f"verdict: {result.verdict}\npositions examined: {result.examined}\n"
            f"positions expanded: {result.expanded}\ntime: {wall:.3f} s "
            f"(search {result.seconds:.3f} s, then the line's replay on the engine)")
    if result.line:
        text += f"\nline ({len(result.line)} moves): {format_line(result.line)}"
    return data, text


def cmd_stats(game, args):
    first, _, last = args.range.partition("-")
    if not (first.isdigit() and (last or first).isdigit()) or int(first) < 1 or int(last or first) < int(first):
        raise SolitaireError(f"bad range {args.range!r}: write FIRST-LAST, like 1-1000")
    deals = range(int(first), int(last or first) + 1)
    counts = {WON: 0, UNWINNABLE: 0, UNDECIDED: 0}
    solved, expanded, examined, seconds, undecided = [], [], 0, 0.0, []
    all_expanded, wall = 0, 0.0
    within = {1_000: 0, 10_000: 0, 100_000: 0}
    within_expanded = {1_000: 0, 10_000: 0}  # the same, counting positions expanded
    for n in deals:
        t0 = time.perf_counter()
        r = solve(game, game.deal(n), budget=args.budget)
        wall += time.perf_counter() - t0  # the whole call: the line's replay included
        counts[r.verdict] += 1
        examined += r.examined
        all_expanded += r.expanded
        seconds += r.seconds
        if r.verdict == WON:
            solved.append(r.examined)
            expanded.append(r.expanded)
        if r.decided:
            for k in within:
                within[k] += r.examined <= k
            for k in within_expanded:
                within_expanded[k] += r.expanded <= k
        else:
            undecided.append(n)
        if args.progress:
            print(f"deal {n}: {r.verdict} {r.examined} (expanded {r.expanded})", file=sys.stderr,
                  flush=True)
    solved.sort()
    data = {
        "game": game.id, "first": deals[0], "last": deals[-1], "deals": len(deals),
        "budget": args.budget, "won": counts[WON], "unwinnable": counts[UNWINNABLE],
        "undecided": counts[UNDECIDED], "undecided_deals": undecided[:50],
        "decided_within": {str(k): v for k, v in within.items()},
        "decided_within_expanded": {str(k): v for k, v in within_expanded.items()},
        "median": statistics.median(solved) if solved else None,
        "p90": solved[min(len(solved) - 1, int(0.9 * len(solved)))] if solved else None,
        "max": solved[-1] if solved else None,
        "median_expanded": statistics.median(expanded) if expanded else None,
        "examined": examined, "expanded": all_expanded,
        "examined_per_expansion": round(examined / all_expanded, 2) if all_expanded else None,
        "positions_per_second": round(examined / wall) if wall else None,
        "search_positions_per_second": round(examined / seconds) if seconds else None,
        "seconds": round(wall, 1), "search_seconds": round(seconds, 1),
        "peak_memory_mb": peak_memory_mb(),
    }
    n = len(deals)
    text = "\n".join([
        f"{game.name}, deals {deals[0]}-{deals[-1]}, budget {args.budget} positions",
        f"won: {counts[WON]}  proved unwinnable: {counts[UNWINNABLE]}  undecided: {counts[UNDECIDED]}",
        "decided within " + ", ".join(f"{k}: {v} ({100 * v / n:.1f}%)" for k, v in within.items()),
        "decided within " + ", ".join(f"{k} expanded: {v} ({100 * v / n:.1f}%)"
                                      for k, v in within_expanded.items()),
        f"positions for won deals: median {data['median']}  p90 {data['p90']}  max {data['max']}"
        f"  (median expanded: {data['median_expanded']})",
        f"examined {examined}, expanded {all_expanded} "
        f"({data['examined_per_expansion']} examined per expansion)",
        f"speed: {data['positions_per_second']} positions/s examined over {data['seconds']} s, the lines' "
        f"replay included (search alone: {data['search_positions_per_second']}/s over "
        f"{data['search_seconds']} s); peak memory {data['peak_memory_mb']} MB",
    ] + ([f"undecided deals: {' '.join(map(str, undecided[:50]))}"] if undecided else []))
    return data, text


def cmd_daily(game, args):
    from .solver.daily import daily_deal
    day = args.date or __import__("datetime").date.today().isoformat()
    number = daily_deal(day, game.id)
    pos = game.deal(number)
    data = {"game": game.id, "date": day, "deal": number, "position": game.format(pos)}
    return data, f"{game.name} daily deal for {day}: deal {number}\n{game.format(pos).rstrip()}"


def cmd_difficulty(game, args):
    from .solver.hints import rating, win_rate
    number = load_deal_number(args.deal)
    if not 1 <= args.tries <= 1000:
        raise SolitaireError(f"bad --tries {args.tries}: from 1 to 1000")
    rate = win_rate(game, number, args.tries)
    data = {"game": game.id, "deal": number, "difficulty": rating(rate), "greedy_win_rate": rate,
            "tries": args.tries}
    return data, (f"{game.name} deal {number}: {data['difficulty']} (the greedy player won "
                  f"{round(rate * args.tries)} of {args.tries} games)")


def load_deal_number(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) < 2**64:
        raise SolitaireError(f"bad deal number {text!r}: deal numbers run from 1 to 2^64-1")
    return int(text)


def main(argv=None) -> int:
    for stream in (sys.stdout, sys.stderr):  # card suits on a terminal that lacks them
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")
    parser = argparse.ArgumentParser(prog="python3 -m solitaire", description="Tabby Cat Solitaire engine")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--game", default="tabbycat", help=f"one of: {', '.join(GAMES)}")
    common.add_argument("--json", action="store_true", help="print one JSON object")
    sub = parser.add_subparsers(dest="command", required=True)
    src_help = "a deal number, a position file, or - for standard input"
    p = sub.add_parser("show", parents=[common], help="print a deal or position as text")
    p.add_argument("source", help=src_help)
    p = sub.add_parser("moves", parents=[common], help="list the legal moves of a position")
    p.add_argument("source", help=src_help)
    p = sub.add_parser("play", parents=[common], help="apply moves and print the result")
    p.add_argument("source", help=src_help)
    p.add_argument("moves", nargs="*", help="moves such as 1>3 2>t*3 t>4*5 deal")
    p = sub.add_parser("solve", parents=[common], help="find a winning line or prove none")
    p.add_argument("source", help=src_help)
    p.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="positions to examine at most")
    p = sub.add_parser("stats", parents=[common], help="solver benchmark over a range of deals")
    p.add_argument("range", help="deal numbers FIRST-LAST, like 1-1000")
    p.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="positions per deal at most")
    p.add_argument("--progress", action="store_true", help="print each deal's verdict to stderr")
    p = sub.add_parser("difficulty", parents=[common], help="rate a deal easy, medium or hard")
    p.add_argument("deal", help="a deal number")
    p.add_argument("--tries", type=int, default=20, help="greedy games played (default 20)")
    p = sub.add_parser("daily", parents=[common], help="the daily deal of a date")
    p.add_argument("--date", help="YYYY-MM-DD (default: today, local time)")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command == "play" and not any(a.startswith("--") for a in extra):
        args.moves += extra  # moves written after an option (play 1 --game manx 1>2)
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    commands = {"show": cmd_show, "moves": cmd_moves, "play": cmd_play,
                "solve": cmd_solve, "stats": cmd_stats, "daily": cmd_daily,
                "difficulty": cmd_difficulty}
    try:
        game = get_game(args.game)
        out = commands[args.command](game, args)
    except SolitaireError as e:
        if args.json:
            print(json.dumps({"error": str(e)}))
        else:
            print(f"error: {e}", file=sys.stderr)
        return 2
    data, text, code = (out + (0,))[:3]
    print(json.dumps(data) if args.json else text)
    return code


if __name__ == "__main__":
    sys.exit(main())
