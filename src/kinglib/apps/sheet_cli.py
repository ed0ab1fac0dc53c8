"""The ``kinglib sheet`` command: keep the score of a match played with real cards.

It asks for each deal in the compact form of :mod:`kinglib.io.sheet.text` (``no_hearts 2 3 1 2``,
``trumps S 4 3 3 3``), refuses an entry the rules refuse with the reason and asks again, and
saves the sheet to ``--file`` after every deal; given a file that exists, it continues it.
Besides entries it reads ``help``, ``sheet`` (or ``score``), ``undo`` and ``quit``.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from kinglib.apps.command_errors import USAGE_ERROR, CommandError
from kinglib.apps.rule_tables import points_text, score_sheet, winners_line
from kinglib.engine.rules import Rules
from kinglib.io.sheet.files import sheet_from_json, sheet_to_json
from kinglib.io.sheet.score_sheet import ScoreSheet
from kinglib.io.sheet.text import entry_text, next_deal_text, parse_entry
from kinglib.values.errors import SheetError, SheetFileError

__all__ = ["HELP", "add_sheet_arguments", "run_sheet", "sheet_table"]

Loader = Callable[[str, "int | None", Sequence[str], Sequence[str]], Rules]

#: What ``help`` prints.
HELP = """\
Enter each deal on one line:
  [CONTRACT] [DECLARATION ...] [bid=SEAT:AMOUNT] [double=SEAT:SEATS ...] COUNTS
  no_hearts 2 3 1 2          hearts taken by seats 0, 1, 2, 3
  no_king 2                  seat 2 took K♥ (a single card: the seat that took it)
  trumps S 4 3 3 3           a trump round in spades, tricks per seat
  trumps S bid=1:2 H 3 5 2 3 seat 1 bought it for 2 tricks and named hearts
  no_queens double=1:0 redouble=0:1 1 1 2 0   seat 1 doubled 0, who redoubled him
  eralash tricks=2,2,2,2 last_two=0,0,1,1 ...   columns by name, counts joined by commas
  3 1 2 2                    the contract left out: the one the schedule gives the deal
Seats are numbered from 0. The line above the prompt says what the deal counts.
Commands: sheet (or score) shows the score sheet, undo takes the last deal back,
help shows this, quit stops (so does the end of input); every deal is saved as it comes."""


def add_sheet_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``kinglib sheet`` that come after the rules options."""
    p.add_argument(
        "--file",
        metavar="FILE",
        help="save the sheet to FILE after every deal; a FILE that exists is continued",
    )
    p.add_argument(
        "--names",
        metavar="A,B,...",
        help="the players' names, one per seat, comma-separated (default seat 0, seat 1...)",
    )


def _read_line(prompt: str) -> str:
    """A line from the person at the terminal (:func:`input`, looked up when called)."""
    return input(prompt)


def _open(path: str) -> ScoreSheet:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CommandError(f"cannot read {path}: {reason}") from None
    try:
        return sheet_from_json(text)
    except SheetFileError as exc:
        raise CommandError(f"{path} is not a valid score sheet: {exc}") from None


def _save(sheet: ScoreSheet, path: str | None) -> None:
    if path is None:
        return
    try:
        Path(path).write_text(sheet_to_json(sheet) + "\n", encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None


def _check_writable(path: str) -> None:
    target = Path(path)
    if target.is_dir():
        raise CommandError(f"cannot write {path}: it is a directory")
    if not target.parent.is_dir():
        raise CommandError(f"cannot write {path}: no directory {target.parent}")
    if not os.access(target.parent, os.W_OK):
        raise CommandError(f"cannot write {path}: permission denied")


def _first_sheet(args: argparse.Namespace, load: Loader) -> ScoreSheet:
    names = [n.strip() for n in args.names.split(",")] if args.names else []
    if args.file and Path(args.file).exists():
        sheet = _open(args.file)
        if sheet.rules.variant != args.variant:
            raise CommandError(
                f"{args.file} is a sheet of {sheet.rules.variant}, not {args.variant}",
                USAGE_ERROR,
            )
        return sheet
    if args.file:
        _check_writable(args.file)
    rules = load(args.variant, args.players, args.option, args.plugin)
    try:
        return ScoreSheet(rules, names=names)
    except SheetError as exc:
        raise CommandError(f"--names: {exc}", USAGE_ERROR) from None


def _show(console: Console, sheet: ScoreSheet) -> None:
    console.print(sheet_table(sheet))
    if sheet.is_over:
        console.print(Text(_winners_line(sheet)))


def _winners_line(sheet: ScoreSheet) -> str:
    """The line naming the winner(s) by the players' names, and the winning total."""
    winners = sheet.winners
    if not winners:
        return winners_line(sheet.totals, winners)
    best = sheet.totals[winners[0]]
    names = " and ".join(sheet.names[seat] for seat in winners)
    if len(winners) == 1:
        return f"Winner: {names} with {best:+d}."
    return f"Winners (tied): {names} with {best:+d}."


def run_sheet(args: argparse.Namespace, load: Loader) -> int:
    """Run ``kinglib sheet``: ask for deals until the match is over or the player quits."""
    console = Console(highlight=False, soft_wrap=True)
    sheet = _first_sheet(args, load)
    path: str | None = args.file
    if sheet.entries:
        console.print(Text(f"Continuing {path}: {len(sheet.entries)} deals entered."))
        _show(console, sheet)
    else:
        console.print(
            Text(f"Score sheet of {sheet.rules.variant}: {', '.join(sheet.names)}. Type help.")
        )
    while not sheet.is_over:
        console.print(Text(next_deal_text(sheet)))
        try:
            line = _read_line("> ").strip()
        except EOFError:
            line = "quit"
        word = line.lower()
        if not line:
            continue
        if word in ("quit", "exit", "q"):
            if path is not None and not Path(path).exists():
                _save(sheet, path)  # every deal was saved as it came: only a new sheet is left
            where = f"; saved to {path}" if path else ""
            console.print(Text(f"Stopped after {len(sheet.entries)} deals{where}."))
            return 0
        if word == "help":
            console.print(Text(HELP))
            continue
        if word in ("sheet", "score"):
            _show(console, sheet)
            continue
        if word == "undo":
            try:
                last = sheet.entries[-1] if sheet.entries else None
                sheet = sheet.undo()
            except SheetError as exc:
                console.print(Text(f"Refused: {exc}", style="red"))
                continue
            assert last is not None
            _save(sheet, path)
            console.print(Text(f"Took back deal {sheet.deal_number}: {entry_text(sheet, last)}"))
            continue
        try:
            sheet = sheet.add(parse_entry(sheet, line))
        except SheetError as exc:
            console.print(Text(f"Refused: {exc}", style="red"))
            continue
        _save(sheet, path)
        result = sheet.results[-1]
        points = ", ".join(f"{n} {points_text(p)}" for n, p in zip(sheet.names, result.points))
        console.print(Text(f"Deal {len(sheet.entries)}: {points}."))
    _show(console, sheet)
    if path:
        console.print(Text(f"The sheet is saved to {path}."))
    return 0


def sheet_table(sheet: ScoreSheet) -> Table:
    """The running score sheet: a row per deal, subtotals, totals and, once over, the winner.

    It is the score sheet of ``kinglib play`` (:func:`kinglib.apps.rule_tables.score_sheet`), the
    columns headed by the players' names.
    """
    table = score_sheet(sheet.rules, sheet.results, sheet.winners, None, sheet.match_end)
    for column, name in zip(table.columns[2:], sheet.names):
        column.header = name
    return table
