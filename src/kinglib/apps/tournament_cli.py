"""The ``kinglib tournament`` command, and the ``--bots`` option of ``kinglib play``."""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from kinglib.apps.progress_bar import busy_note, progress_bar
from kinglib.apps.tournament import TournamentResult, make_bot, tournament
from kinglib.engine.rules import Rules
from kinglib.players.bots import Bot
from kinglib.values.errors import RulesError

__all__ = [
    "add_arguments",
    "bots_for_play",
    "check_bots",
    "plot_totals",
    "run",
    "split_bots",
    "table",
    "totals_figure",
]


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


def check_bots(names: list[str], rules: Rules) -> None:
    """Refuse an unknown bot by its name first, then a count of bots that is not one per seat.

    Raises:
        RulesError: naming the unknown bot (and the known ones) or the number wanted.

    """
    for name in dict.fromkeys(names):
        make_bot(name, 0)
    if len(names) != rules.players:
        raise RulesError(
            f"{rules.variant} is played by {rules.players} players here: give {rules.players} "
            f"bots, not {len(names)}"
        )


def bots_for_play(text: str, rules: Rules, seed: int) -> list[Bot]:
    """The bots of ``kinglib play --bots``, one per seat."""
    names = split_bots(text)
    check_bots(names, rules)
    return [make_bot(name, seed * 100 + seat) for seat, name in enumerate(names)]


def table(result: TournamentResult, players: int | None = None) -> Table:
    """The standings as a rich table, its columns in words and the ties explained under it.

    ``players`` is the number of seats (the rotations of each duplicate match); by default the
    number of bots named.
    """
    n = players or len(result.bots)
    games = len(result.matches)
    names = list(dict.fromkeys(result.bots))
    first = names[0]
    what = "duplicate match" if games == 1 else "duplicate matches"
    out = Table(title=f"{result.variant}: {games} {what} ({games * n} matches played)")
    columns = (
        "bot",
        "seats",
        "mean total\nper match",
        "95%\ninterval",
        "wins",
        "ms per\ndecision",
        "first bot\nahead by",
    )
    for column in columns:
        if column == "bot":
            out.add_column(column, overflow="fold", min_width=min(16, max(map(len, names))))
        else:
            out.add_column(column, justify="right", no_wrap=True)
    for s in result.standings:
        margin = "" if s.margin is None else f"{s.margin:+.1f}{_half(s.margin_half_width)}"
        out.add_row(
            s.bot,
            str(result.bots.count(s.bot)),
            f"{s.mean:+.1f}",
            _half(s.half_width).strip() or "—",
            str(s.wins),
            f"{s.seconds_per_decision * 1000:.3g}",
            margin,
        )
    wins = sum(s.wins for s in result.standings)
    lines = [
        f"Each duplicate match plays the same deals {n} times, the bots moved one seat on each "
        f"time: {games * n} matches. The mean total is a bot's total per match, averaged over "
        f"the rotations and its seats; 'first bot ahead by' is the mean lead of {first} over "
        "that bot in the same deals"
        + ("." if games > 1 else "; an interval needs two duplicate matches or more."),
        "wins: the matches in which a seat of the bot had the best total; a tie for the best "
        "total counts for every seat tied, and a bot in several seats counts each of them"
        + (
            f", so the wins add up to {wins}, more than the {games * n} matches."
            if wins > games * n
            else "."
        ),
    ]
    out.caption = "\n".join(lines)
    out.caption_justify = "left"
    return out


def _half(width: float | None) -> str:
    """`` ± 1.2`` for the half-width of an interval; nothing when it is not known."""
    if width is None or not math.isfinite(width):
        return ""
    return f" ± {width:.1f}"


def totals_figure(result: TournamentResult) -> Any:
    """A matplotlib figure: a histogram of each bot's score per duplicate match.

    The counts of matches are whole numbers on the y-axis. Raises
    :class:`~kinglib.values.errors.RulesError` when matplotlib is not installed.
    """
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
        from matplotlib.ticker import (  # type: ignore[import-not-found, unused-ignore]
            MaxNLocator,
        )
    except ImportError:
        raise RulesError("--plot needs matplotlib: pip install 'kinglib[plot]'") from None
    fig, ax = plt.subplots(figsize=(7, 4))
    for name in dict.fromkeys(result.bots):
        ax.hist([m.scores[name] for m in result.matches], bins=20, alpha=0.5, label=name)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel("the bot's mean total in a duplicate match")
    ax.set_ylabel("duplicate matches")
    ax.set_title(f"{result.variant}: {len(result.matches)} duplicate matches")
    ax.legend()
    fig.tight_layout()
    return fig


def plot_totals(result: TournamentResult, path: str) -> None:
    """Draw a histogram of each bot's score per duplicate match to ``path``."""
    import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]

    fig = totals_figure(result)
    fig.savefig(path)
    plt.close(fig)


def run(args: argparse.Namespace, rules: Rules, usage: Callable[[str], Any]) -> int:
    """Run ``kinglib tournament``; ``usage`` raises the command's usage error."""
    if args.games < 1:
        usage(f"--games is 1 or more, not {args.games}")
    if args.workers < 1:
        usage(f"--workers is 1 or more, not {args.workers}")
    bots = split_bots(args.bots)
    try:
        check_bots(bots, rules)
    except RulesError as exc:
        usage(str(exc))
    if args.plot:
        _check_plot(args.plot)
    show_bar = not args.json and sys.stderr.isatty()
    note = busy_note(args.workers) if show_bar else None
    if note:
        print(note, file=sys.stderr)
    if show_bar:
        with progress_bar() as bar:
            task = bar.add_task(f"{rules.variant}: duplicate matches", total=args.games)
            result = tournament(
                rules,
                bots,
                args.games,
                seed=args.seed,
                workers=args.workers,
                progress=lambda _match: bar.advance(task),
            )
    else:
        result = tournament(rules, bots, args.games, seed=args.seed, workers=args.workers)
    if args.plot:
        plot_totals(result, args.plot)
    if args.json:
        json.dump(result.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        Console(highlight=False).print(table(result, rules.players))
    return 0


def _check_plot(path: str) -> None:
    """Refuse ``--plot`` before the matches are played when matplotlib is missing."""
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]  # noqa: F401
    except ImportError:
        raise RulesError("--plot needs matplotlib: pip install 'kinglib[plot]'") from None
