"""The ``kinglib tournament`` command, and the ``--bots`` option of ``kinglib play``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from kinglib.bots import Bot
from kinglib.errors import RulesError
from kinglib.rules import Rules
from kinglib.tournament import TournamentResult, make_bot, tournament

__all__ = ["add_arguments", "bots_for_play", "plot_totals", "run", "table"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``kinglib tournament`` (after the variant and the rules options)."""
    p.add_argument(
        "--bots",
        required=True,
        help="one bot per seat, comma-separated: search, heuristic, random; a budget as in "
        "'search:worlds=8,playouts=1;heuristic;heuristic;heuristic' (then ';' separates)",
    )
    p.add_argument("--games", type=int, required=True, help="how many duplicate matches")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--seed", type=int, default=0, help="the base seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--plot", metavar="FILE", help="draw each bot's totals to FILE (matplotlib)")


def split_bots(text: str) -> list[str]:
    """Bot names from ``--bots``: separated by ``;`` when any bot has options, else by ``,``."""
    parts = text.split(";") if ";" in text else text.split(",")
    return [p.strip() for p in parts if p.strip()]


def bots_for_play(text: str, rules: Rules, seed: int) -> list[Bot]:
    """The bots of ``kinglib play --bots``, one per seat."""
    names = split_bots(text)
    if len(names) != rules.players:
        raise RulesError(f"{rules.variant} is played by {rules.players} players: give as many bots")
    return [make_bot(name, seed * 100 + seat) for seat, name in enumerate(names)]


def table(result: TournamentResult) -> Table:
    """The standings as a rich table."""
    out = Table(title=f"{result.variant}: {len(result.matches)} duplicate matches")
    for column in ("bot", "mean total", "95% CI", "wins", "ms/decision", "margin of first"):
        out.add_column(column, justify="left" if column == "bot" else "right")
    for s in result.standings:
        margin = "" if s.margin is None else f"{s.margin:+.2f} ± {s.margin_half_width or 0.0:.2f}"
        out.add_row(
            s.bot,
            f"{s.mean:+.2f}",
            f"± {s.half_width:.2f}",
            str(s.wins),
            f"{s.seconds_per_decision * 1000:.1f}",
            margin,
        )
    return out


def plot_totals(result: TournamentResult, path: str) -> None:
    """Draw a histogram of each bot's score per duplicate match to ``path``."""
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise RulesError("--plot needs matplotlib: pip install 'kinglib[plot]'") from None
    fig, ax = plt.subplots(figsize=(7, 4))
    for name in dict.fromkeys(result.bots):
        ax.hist([m.scores[name] for m in result.matches], bins=20, alpha=0.5, label=name)
    ax.set_xlabel("mean total per duplicate match")
    ax.set_ylabel("matches")
    ax.set_title(f"{result.variant}: {len(result.matches)} duplicate matches")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def run(args: argparse.Namespace, rules: Rules, usage: Callable[[str], Any]) -> int:
    """Run ``kinglib tournament``; ``usage`` raises the command's usage error."""
    if args.games < 1:
        usage(f"--games is 1 or more, not {args.games}")
    if args.workers < 1:
        usage(f"--workers is 1 or more, not {args.workers}")
    bots = split_bots(args.bots)
    if len(bots) != rules.players:
        usage(f"{rules.variant} is played by {rules.players} players: give {rules.players} bots")
    result = tournament(rules, bots, args.games, seed=args.seed, workers=args.workers)
    if args.plot:
        plot_totals(result, args.plot)
    if args.json:
        json.dump(result.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        Console().print(table(result))
    return 0
