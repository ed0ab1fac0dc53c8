"""The ``kinglib play`` and ``kinglib replay`` commands: watch, play, save, resume, replay."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from kinglib.apps.command_errors import USAGE_ERROR, CommandError
from kinglib.apps.play_text import seat_names
from kinglib.apps.rule_tables import score_sheet, winners_line
from kinglib.apps.terminal import Stopped, TerminalMatch
from kinglib.apps.tournament_cli import bots_for_play, split_bots
from kinglib.engine.match_end import match_end_points
from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.io.record import from_json, to_json
from kinglib.players.bots import Bot, HeuristicBot
from kinglib.values.errors import RecordError, RulesError, UnknownVariantError

__all__ = [
    "DEFAULT_PACE",
    "add_play_arguments",
    "add_replay_arguments",
    "print_sheet",
    "read_record",
    "run_play",
    "run_replay",
    "start_of",
]

#: Seconds between the bots' moves (or the tricks, when watching) on a terminal.
DEFAULT_PACE = 0.6

Loader = Callable[[str, "int | None", Sequence[str], Sequence[str]], Rules]


def add_play_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``kinglib play`` that come after the rules options."""
    p.add_argument("--seed", type=int, default=None, help="the seed of the deal (default 0)")
    p.add_argument("--human", type=int, default=None, metavar="SEAT", help="play this seat")
    p.add_argument(
        "--save",
        metavar="FILE",
        help="write the record of the match to FILE, when it ends or when you quit",
    )
    p.add_argument(
        "--resume",
        metavar="FILE",
        help="continue the unfinished match saved in FILE (its rules and seed come from it)",
    )
    p.add_argument(
        "--bots",
        help="each seat's bot: search, heuristic or random, comma-separated (default heuristic)",
    )
    p.add_argument(
        "--show-play",
        action="store_true",
        help="print every declaration and every trick as it is played",
    )
    _add_pacing(p)
    p.add_argument(
        "--no-pause",
        action="store_true",
        help="do not wait for Enter at the end of each deal when you play",
    )


def _add_pacing(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--pace",
        type=float,
        default=None,
        metavar="SECONDS",
        help=f"seconds between the bots' moves, or between tricks when watching (default "
        f"{DEFAULT_PACE} on a terminal, else 0)",
    )
    p.add_argument("--step", action="store_true", help="wait for Enter after each trick")


def add_replay_arguments(p: argparse.ArgumentParser) -> None:
    """The options of ``kinglib replay``."""
    p.add_argument("file")
    p.add_argument(
        "--show-play",
        action="store_true",
        help="print every declaration and every trick of the record, deal by deal",
    )
    _add_pacing(p)


def _read_line(prompt: str) -> str:
    """A line from the person at the terminal (:func:`input`, looked up when called)."""
    return input(prompt)


def _console() -> Console:
    """The console: on a terminal, long lines wrap between words; into a file, never."""
    console = Console(highlight=False, soft_wrap=True)
    console.soft_wrap = not console.is_terminal
    return console


def _pace(args: argparse.Namespace, console: Console) -> float:
    if args.pace is None:
        return DEFAULT_PACE if console.is_terminal else 0.0
    if not 0 <= args.pace <= 60:
        raise CommandError(f"--pace is 0 to 60 seconds, not {args.pace:g}", USAGE_ERROR)
    return float(args.pace)


def read_record(path: str) -> State:
    """The state a record file leads to; :class:`CommandError` when it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CommandError(f"cannot read {path}: {reason}") from None
    try:
        return from_json(text)
    except (RecordError, UnknownVariantError, RulesError) as exc:
        raise CommandError(f"{path} is not a valid record: {exc}") from None


def start_of(state: State) -> State:
    """The first state of ``state``'s match: the same setup, no move made."""
    data: dict[str, Any] = json.loads(to_json(state))
    data["moves"] = []
    data.pop("match_end", None)
    return from_json(json.dumps(data), plugins=state.rules.plugins)


def _check_writable(path: str) -> None:
    """Refuse a record path that cannot be written before the match is played."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise CommandError(f"cannot write {path}: it is a directory")
    if not folder.is_dir():
        raise CommandError(f"cannot write {path}: no directory {folder}")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise CommandError(f"cannot write {path}: permission denied")


def _save(state: State, path: str) -> None:
    try:
        Path(path).write_text(to_json(state, indent=2) + "\n", encoding="utf-8")
    except OSError as exc:
        raise CommandError(f"cannot write {path}: {exc.strerror or exc}") from None


def print_sheet(console: Console, state: State, human: int | None = None) -> None:
    """The score sheet of ``state``'s match so far and the line naming the winner."""
    console.print(
        score_sheet(state.rules, state.results, state.winners, human, match_end_points(state))
    )
    console.print(Text(winners_line(state.totals, state.winners)))


def _bot_labels(args: argparse.Namespace, players: int) -> list[str]:
    if not args.bots:
        return []
    return [name.partition(":")[0] for name in split_bots(args.bots)][:players]


def _resume_command(args: argparse.Namespace, path: str) -> str:
    parts = ["kinglib play --resume", path]
    if args.human is not None:
        parts += ["--human", str(args.human)]
    if args.bots:
        parts += ["--bots", f"'{args.bots}'" if ";" in args.bots else args.bots]
    return " ".join(parts)


def _first_state(args: argparse.Namespace, load: Loader) -> State:
    """A new match from the arguments, or the saved one that ``--resume`` names."""
    if not args.resume:
        rules = load(args.variant or "simple", args.players, args.option, args.plugin)
        try:
            return rules.new_match(seed=0 if args.seed is None else args.seed)
        except RulesError as exc:
            raise CommandError(str(exc), USAGE_ERROR) from None
    given = [
        name
        for name, value in (
            ("VARIANT", args.variant),
            ("--players", args.players),
            ("-o", args.option),
            ("--plugin", args.plugin),
            ("--seed", args.seed),
        )
        if value
    ]
    if given:
        raise CommandError(
            f"--resume takes the rules and the seed from the record: leave out {given[0]}",
            USAGE_ERROR,
        )
    state = read_record(args.resume)
    if state.is_over:
        raise CommandError(
            f"{args.resume} holds a finished match: there is nothing to continue "
            f"(kinglib replay {args.resume} shows it)"
        )
    return state


def run_play(args: argparse.Namespace, load: Loader) -> int:
    """Run ``kinglib play``; ``load(variant, players, options, plugins)`` builds the rules."""
    state = _first_state(args, load)
    rules = state.rules
    human = args.human
    if human is not None and not 0 <= human < rules.players:
        raise CommandError(f"no seat {human}: the seats are 0 to {rules.players - 1}", USAGE_ERROR)
    save = args.save or args.resume
    if save:
        _check_writable(save)
    console = _console()
    try:
        bots: Sequence[Bot] = (
            bots_for_play(args.bots, rules, state.seed or 0)
            if args.bots
            else [HeuristicBot()] * rules.players
        )
    except RulesError as exc:
        raise CommandError(str(exc), USAGE_ERROR) from None
    match = TerminalMatch(
        console=console,
        bots=bots,
        names=seat_names(rules.players, human, _bot_labels(args, rules.players)),
        human=human,
        read_line=_read_line,
        pace=_pace(args, console),
        pause=human is not None and not args.no_pause and sys.stdin.isatty(),
        show_play=args.show_play or args.step,
        step=args.step,
    )
    if args.resume:
        done = len(state.results)
        console.print(
            Text(
                f"Resuming {args.resume}: {rules.variant}, {_count(done, 'deal')} played, deal "
                f"{state.deal_number} in progress"
            )
        )
    try:
        final = match.play(state)
    except Stopped as stop:
        return _stopped(console, stop, save, args)
    print_sheet(console, final, human)
    if save:
        _save(final, save)
        console.print(Text(f"Record saved to {save}"))
    return 0


def _stopped(console: Console, stop: Stopped, save: str | None, args: argparse.Namespace) -> int:
    """Save the unfinished match when asked to, and say how to continue it."""
    console.print()
    state = stop.state
    if save:
        _save(state, save)
        console.print(
            Text(
                f"The unfinished match is saved to {save} (deal {state.deal_number}, "
                f"{len(state.moves)} moves made). Continue it with: {_resume_command(args, save)}"
            )
        )
        if stop.reason == "interrupted":
            raise KeyboardInterrupt
        return 0
    if stop.reason == "quit":
        console.print(Text("Match abandoned (give --save FILE to keep an unfinished match)."))
        return 0
    if stop.reason == "interrupted":
        raise KeyboardInterrupt
    raise CommandError(
        "the input ended before the match did; the match is abandoned "
        "(give --save FILE to keep an unfinished match)"
    )


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def run_replay(args: argparse.Namespace) -> int:
    """Run ``kinglib replay``: check a record, print its play if asked, then its score sheet."""
    state = read_record(args.file)
    console = _console()
    console.print(
        Text(
            f"{args.file}: a valid record of {state.rules.variant} for {state.players} players, "
            f"{_count(len(state.results), 'deal')}, {_count(len(state.moves), 'move')}"
            + ("" if state.is_over else " (unfinished)")
        )
    )
    if args.show_play or args.step:
        match = TerminalMatch(
            console=console,
            bots=(),
            names=seat_names(state.players),
            read_line=_read_line,
            pace=_pace(args, console),
            show_play=True,
            step=args.step,
        )
        try:
            match.replay(start_of(state), state.moves)
        except Stopped as stop:
            console.print(Text(f"Replay stopped at deal {stop.state.deal_number}."))
            return 0
    print_sheet(console, state)
    return 0
