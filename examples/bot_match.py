"""Play a match between bots and print its score sheet.

The heuristic bot sits in seat 0 and random bots fill the other seats; each deal is printed
as one line, then the match as a score sheet (kinglib's own, as ``kinglib play`` prints it)
and the winner::

    python examples/bot_match.py                  # simple, seed 1
    python examples/bot_match.py jokers --seed 5 --players 3

The same variant, players and seed always give the same match.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from rich.console import Console

import kinglib
from kinglib.apps.rule_tables import points_text, score_sheet, winners_line
from kinglib.engine.match_end import match_end_points
from kinglib.players.bots import Bot, HeuristicBot, RandomBot, bot_name


def seat_bots(players: int) -> list[Bot]:
    """The heuristic bot in seat 0, a random bot (seeded by its seat) in every other seat."""
    return [HeuristicBot(), *(RandomBot(seed=seat) for seat in range(1, players))]


def deal_lines(rules: kinglib.Rules, final: kinglib.State) -> list[str]:
    """One line per finished deal: its number, contract id, dealer and every seat's points."""
    lines = []
    for number, result in enumerate(final.results, start=1):
        points = " ".join(f"{points_text(p):>5}" for p in result.points)
        early = " (ended early)" if result.ended_early else ""
        lines.append(
            f"deal {number:>2}  {result.contract:<13} dealer {result.dealer}  {points}{early}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Play the match the arguments describe and print it; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="simple", help="variant (simple)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the match (1)")
    parser.add_argument("--players", type=int, default=None, help="number of players")
    args = parser.parse_args(argv)
    try:
        rules = kinglib.load_rules(args.variant, players=args.players)
    except kinglib.KinglibError as exc:
        parser.error(str(exc))
    bots = seat_bots(rules.players)
    final = kinglib.play(rules, bots, seed=args.seed)

    console = Console(width=100)
    seats = ", ".join(f"seat {i}: {bot_name(bot)}" for i, bot in enumerate(bots))
    console.print(f"{rules.variant}, {rules.players} players, seed {args.seed} ({seats})")
    for line in deal_lines(rules, final):
        console.print(line, highlight=False)
    console.print(
        score_sheet(rules, final.results, final.winners, match_end=match_end_points(final))
    )
    console.print(winners_line(final.totals, final.winners), highlight=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
