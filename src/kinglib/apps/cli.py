"""The ``kinglib`` command: variants, rules, play, tournament, simulate, replay, sheet and serve.

The parser and the smaller commands are here; ``play`` and ``replay`` run in
:mod:`kinglib.apps.play_cli`, ``tournament`` in :mod:`kinglib.apps.tournament_cli`, ``sheet`` in
:mod:`kinglib.apps.sheet_cli`.

Every error ends the command with one line on stderr starting ``kinglib: error:`` and a
non-zero exit status: 2 for usage errors (an unknown variant, a bad option or seat, bad
arguments), 1 for the rest (a file that cannot be read or written, a corrupt record).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from rich.console import Console
from rich.text import Text

from kinglib._version import __version__
from kinglib.apps.command_errors import FAILURE, USAGE_ERROR, CommandError
from kinglib.apps.play_cli import add_play_arguments, add_replay_arguments, run_play, run_replay
from kinglib.apps.progress_bar import busy_note, progress_bar
from kinglib.apps.rule_tables import (
    contracts_table,
    house_rules_table,
    options_table,
    schedule_table,
    summary_table,
    variants_table,
)
from kinglib.apps.sheet_cli import add_sheet_arguments, run_sheet
from kinglib.apps.tournament_cli import add_arguments as add_tournament_arguments
from kinglib.apps.tournament_cli import run as run_tournament
from kinglib.engine.builds import kernel_info
from kinglib.engine.rules import Rules
from kinglib.players.matches import simulate
from kinglib.plugins.loading import load_rules
from kinglib.plugins.manager import house_rules_names, variant_names
from kinglib.values.errors import KinglibError, RulesError, UnknownVariantError

__all__ = ["CommandError", "main"]


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, like every other error of the command."""

    def error(self, message: str) -> NoReturn:
        raise CommandError(f"{message} (see kinglib --help)", USAGE_ERROR)


def _options(pairs: Sequence[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CommandError(f"an option is written key=value, not {pair!r}", USAGE_ERROR)
        options[key.strip()] = value.strip()
    return options


def _load(
    variant: str, players: int | None, pairs: Sequence[str], plugins: Sequence[str] = ()
) -> Rules:
    try:
        return load_rules(variant, players=players, plugins=list(plugins), **_options(pairs))
    except (UnknownVariantError, RulesError) as exc:
        raise CommandError(str(exc), USAGE_ERROR) from None


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


# --------------------------------------------------------------------------- variants / rules


def cmd_variants(args: argparse.Namespace) -> int:
    """Print the installed variants, then the installed house rules, with their options."""
    console = _console()
    console.print(variants_table(variant_names(), lambda name: load_rules(name)))
    console.print(house_rules_table(house_rules_names()))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    """Print a variant's contracts, match structure and options."""
    rules = _load(args.variant, args.players, args.option, args.plugin)
    console = _console()
    if rules.info.description:
        console.print(Text(f"{rules.variant} — {rules.info.title}: {rules.info.description}"))
    console.print(contracts_table(rules))
    console.print(schedule_table(rules))
    console.print(options_table(rules))
    return 0


# --------------------------------------------------------------------------- play


def cmd_play(args: argparse.Namespace) -> int:
    """Play a match: bots only, or one person at the terminal; or continue a saved one."""
    return run_play(args, _load)


# --------------------------------------------------------------------------- simulate / replay


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play many bot matches and print a summary."""
    rules = _load(args.variant, args.players, args.option, args.plugin)
    if args.games < 0:
        raise CommandError(f"--games is 0 or more, not {args.games}", USAGE_ERROR)
    if args.workers < 1:
        raise CommandError(f"--workers is 1 or more, not {args.workers}", USAGE_ERROR)
    if args.chunk_size is not None and args.chunk_size < 1:
        raise CommandError(f"--chunk-size is 1 or more, not {args.chunk_size}", USAGE_ERROR)
    client = _dask_client(args.dask) if args.dask else None
    executor = client.get_executor() if client is not None else None
    workers = args.workers
    if client is not None:
        # The cluster's threads size the default chunks: several chunks for each of them.
        workers = max(1, sum(client.nthreads().values()))
    show_bar = not args.json and sys.stderr.isatty()
    note = busy_note(args.workers) if show_bar and client is None else None
    if note:
        print(note, file=sys.stderr)
    try:
        if show_bar:
            with progress_bar() as bar:
                task = bar.add_task(f"{rules.variant}: games", total=args.games)

                def progress(done: int, total: int) -> None:
                    bar.update(task, completed=done)

                summary = simulate(
                    rules,
                    args.games,
                    seed=args.seed,
                    workers=workers,
                    executor=executor,
                    progress=progress,
                    chunk_size=args.chunk_size,
                )
        else:
            summary = simulate(
                rules,
                args.games,
                seed=args.seed,
                workers=workers,
                executor=executor,
                chunk_size=args.chunk_size,
            )
    finally:
        if client is not None:
            client.close()
    if args.json:
        print(json.dumps(summary.to_dict(), indent=2))
    else:
        _console().print(summary_table(summary), soft_wrap=False)
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    """Check a record and print its score sheet (and its play, with ``--show-play``)."""
    return run_replay(args)


def cmd_sheet(args: argparse.Namespace) -> int:
    """Keep the score sheet of a match played with real cards, deal by deal."""
    return run_sheet(args, _load)


def _dask_client(address: str) -> Any:
    """A dask.distributed client of the scheduler at ``address``, whose executor runs games."""
    try:
        distributed = importlib.import_module("distributed")
    except ImportError:
        raise CommandError(
            "--dask needs the 'distributed' package: pip install 'kinglib[dask]'"
        ) from None
    try:
        return distributed.Client(address, timeout=10)
    except (OSError, TimeoutError, ValueError) as exc:
        raise CommandError(f"cannot reach the dask scheduler at {address}: {exc}") from None


def cmd_serve(args: argparse.Namespace) -> int:
    """Host tables to play in the browser until stopped (needs the ``web`` extra)."""
    try:
        web = importlib.import_module("kinglib.web")
    except ImportError:
        raise CommandError("serve needs the web extra: pip install 'kinglib[web]'") from None
    records = Path(args.records) if args.records else None
    try:
        web.serve(
            args.host,
            args.port,
            records=records,
            bot_delay=args.bot_delay,
            db=args.db,
            allowed_hosts=args.allowed_host,
            allowed_origins=args.allowed_origin,
        )
    except web.StorageError as exc:
        raise CommandError(str(exc)) from None
    return 0


# --------------------------------------------------------------------------- parser


def _add_rules_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", type=int, default=None, help="the number of players")
    p.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rules option (repeat for several)",
    )
    p.add_argument(
        "--plugin",
        action="append",
        default=[],
        metavar="NAME",
        help="installed house rules to play with, by name (repeat for several; see variants)",
    )


def cmd_tournament(args: argparse.Namespace) -> int:
    """Play duplicate matches between bots and print the table."""
    rules = _load(args.variant, args.players, args.option, args.plugin)

    def usage(message: str) -> NoReturn:
        raise CommandError(message, USAGE_ERROR)

    return run_tournament(args, rules, usage)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``kinglib`` command."""
    parser = _Parser(prog="kinglib", description="King (Кинг) and its variants.")
    parser.add_argument(
        "--version",
        action="version",
        version=f"kinglib {__version__}, {kernel_info()}",
        help="the version of kinglib and which trick kernel runs, then exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("variants", help="the installed variants and house rules, and their options")
    p.set_defaults(run=cmd_variants)

    p = sub.add_parser("rules", help="a variant's contracts, match and options")
    p.add_argument("variant")
    _add_rules_arguments(p)
    p.set_defaults(run=cmd_rules)

    p = sub.add_parser("play", help="play a match in the terminal (bots only by default)")
    p.add_argument("variant", nargs="?", default=None, help="the variant (default simple)")
    _add_rules_arguments(p)
    add_play_arguments(p)
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("tournament", help="duplicate matches between bots, with a table")
    p.add_argument("variant")
    _add_rules_arguments(p)
    add_tournament_arguments(p)
    p.set_defaults(run=cmd_tournament)

    p = sub.add_parser("simulate", help="play many bot matches and summarise them")
    p.add_argument("variant")
    _add_rules_arguments(p)
    p.add_argument("--games", type=int, required=True, help="how many matches")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    where.add_argument(
        "--dask", metavar="ADDRESS", help="run the games on a dask.distributed scheduler"
    )
    p.add_argument(
        "--chunk-size",
        type=int,
        default=None,
        metavar="N",
        help="games per task sent to a worker (default: about 16 tasks per worker)",
    )
    p.add_argument("--seed", type=int, default=0, help="the base seed (default 0)")
    p.add_argument("--json", action="store_true", help="print the summary as JSON")
    p.set_defaults(run=cmd_simulate)

    p = sub.add_parser("replay", help="check a record, print its play and its score sheet")
    add_replay_arguments(p)
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("sheet", help="keep the score of a match played with real cards")
    p.add_argument("variant")
    _add_rules_arguments(p)
    add_sheet_arguments(p)
    p.set_defaults(run=cmd_sheet)

    p = sub.add_parser("serve", help="host tables to play in the browser (the web extra)")
    p.add_argument("--host", default="127.0.0.1", help="the address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="the port (default 8000)")
    p.add_argument("--records", metavar="DIR", help="save each finished match's record here")
    p.add_argument("--bot-delay", type=float, default=0.5, help="seconds a bot waits (0.5)")
    p.add_argument(
        "--db",
        metavar="PATH",
        help="the SQLite file the tables are kept in, so a restart resumes them (default: "
        "$KINGLIB_DB, or kinglib/tables.sqlite in the user's data folder; :memory: keeps none)",
    )
    p.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name the server answers for besides this machine's (repeat; * for any)",
    )
    p.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="URL",
        help="another site whose pages may use the server, as https://name (repeat)",
    )
    p.set_defaults(run=cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``kinglib`` command; return its exit status."""
    try:
        args = build_parser().parse_args(argv)
        run: Callable[[argparse.Namespace], int] = args.run
        return run(args)
    except CommandError as exc:
        _error(str(exc))
        return exc.status
    except KinglibError as exc:
        _error(str(exc))
        return FAILURE
    except KeyboardInterrupt:
        _error("interrupted")
        return 130
    except BrokenPipeError:
        return FAILURE


def _error(message: str) -> None:
    first = " ".join(message.split())
    print(f"kinglib: error: {first}", file=sys.stderr)
