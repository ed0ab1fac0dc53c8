"""Soak run: millions of random moves per variant, every invariant checked, on every core.

Each built-in variant is played at every player count it allows (and domino with both its
packs): whole matches from ``rules.new_match(seed)`` with random legal moves, through
:func:`kinglib.testing.check_invariants` (cards conserved, one seat to move with a legal move,
deal totals, match totals, zero-sum, threshold, deal count, match length, replay, and hidden
cards in every seat's view). The matches are shared out over worker processes; the run reports
moves, matches and failures per variant, with the rules and seed of each failure, so that it can
be replayed with ``check_invariants(load_rules(...), seed)``.

Usage::

    python tools/soak.py --moves 1000000            # a million moves per variant
    python tools/soak.py --moves 20000 --workers 2  # the short form CI runs
    python tools/soak.py --moves 2000000 --seconds 3600 --report soak.json

``--views-every K`` checks the views (the slowest invariant, about four fifths of the time) in
one match out of K; the default checks them in every match. ``--seconds`` stops handing out new
matches after that many seconds and reports what was reached. The exit status is 1 when an
invariant broke, 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

from kinglib.engine.rules import Rules
from kinglib.plugins import variant_names
from kinglib.plugins.loading import load_rules
from kinglib.testing import check_invariants

#: A rule set to soak: (variant, players, options).
RuleSet = tuple[str, int, tuple[tuple[str, str], ...]]

#: Options worth soaking besides the defaults: variant -> option sets.
EXTRA_OPTIONS: dict[str, list[dict[str, str]]] = {"domino": [{"deck": "52"}]}

_RULES: dict[RuleSet, Rules] = {}


def rule_sets(variant: str) -> list[RuleSet]:
    """Every player count ``variant`` allows, with its default options and the extra ones."""
    sets: list[RuleSet] = []
    for players in range(2, 9):
        for options in [{}, *EXTRA_OPTIONS.get(variant, [])]:
            try:
                load_rules(variant, players=players, **options)
            except Exception:  # a player count the variant refuses
                continue
            sets.append((variant, players, tuple(sorted(options.items()))))
    return sets


def _rules(rule_set: RuleSet) -> Rules:
    rules = _RULES.get(rule_set)
    if rules is None:
        variant, players, options = rule_set
        rules = _RULES[rule_set] = load_rules(variant, players=players, **dict(options))
    return rules


def play_matches(
    rule_set: RuleSet, seeds: range, views_every: int
) -> tuple[int, int, list[dict[str, Any]]]:
    """Play the matches of ``seeds``: (moves, matches, failures)."""
    rules = _rules(rule_set)
    moves = 0
    failures: list[dict[str, Any]] = []
    for seed in seeds:
        try:
            final = check_invariants(rules, seed, views=seed % views_every == 0)
        except Exception as exc:  # any failure is a finding, reported with its seed
            failures.append({"rules": repr(rules), "seed": seed, "error": f"{exc!r}"[:2000]})
            continue
        moves += len(final.moves)
    return moves, len(seeds), failures


class Tally:
    """The moves, matches and failures of one variant, and the next seed of each rule set."""

    def __init__(self, variant: str, first_seed: int) -> None:
        """Start at zero, with every rule set of ``variant`` at ``first_seed``."""
        self.variant = variant
        self.sets = rule_sets(variant)
        self.next_seed = [first_seed] * len(self.sets)
        self.turn = 0
        self.moves = 0
        self.matches = 0
        self.in_flight = 0
        self.failures: list[dict[str, Any]] = []

    def task(self, chunk: int) -> tuple[RuleSet, range]:
        """The next chunk of seeds, taking the rule sets in turn."""
        index = self.turn % len(self.sets)
        self.turn += 1
        start = self.next_seed[index]
        self.next_seed[index] = start + chunk
        return self.sets[index], range(start, start + chunk)

    def estimate(self, chunk: int) -> int:
        """The moves a chunk of matches is expected to play, from the matches so far."""
        return max(self.moves // max(self.matches, 1), 200) * chunk

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data."""
        return {
            "variant": self.variant,
            "rule_sets": [f"{v} players={p} {dict(o)}" for v, p, o in self.sets],
            "moves": self.moves,
            "matches": self.matches,
            "failures": self.failures,
        }


def _write(report: Path | None, data: dict[str, Any]) -> None:
    if report is not None:
        report.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def soak(
    variants: list[str],
    moves: int,
    *,
    workers: int,
    seed: int = 0,
    chunk: int = 4,
    views_every: int = 1,
    seconds: float | None = None,
    report: Path | None = None,
) -> dict[str, Any]:
    """Play at least ``moves`` random moves of each variant (or until ``seconds`` have passed)."""
    tallies = {name: Tally(name, seed) for name in variants}
    started = time.monotonic()
    deadline = None if seconds is None else started + seconds
    pending: dict[Future[tuple[int, int, list[dict[str, Any]]]], Tally] = {}
    last_write = started

    def summary() -> dict[str, Any]:
        elapsed = time.monotonic() - started
        total = sum(t.moves for t in tallies.values())
        return {
            "moves": total,
            "matches": sum(t.matches for t in tallies.values()),
            "failures": sum(len(t.failures) for t in tallies.values()),
            "seconds": round(elapsed, 1),
            "moves_per_second": round(total / elapsed) if elapsed else 0,
            "workers": workers,
            "views_every": views_every,
            "first_seed": seed,
            "variants": [t.to_dict() for t in tallies.values()],
        }

    with ProcessPoolExecutor(max_workers=workers) as pool:
        while True:
            open_time = deadline is None or time.monotonic() < deadline
            while open_time and len(pending) < 2 * workers:
                # the variant furthest behind gets the next chunk
                wanting = [t for t in tallies.values() if t.moves + t.in_flight < moves]
                if not wanting:
                    break
                tally = min(wanting, key=lambda t: t.moves + t.in_flight)
                rule_set, seeds = tally.task(chunk)
                future = pool.submit(play_matches, rule_set, seeds, views_every)
                pending[future] = tally
                tally.in_flight += tally.estimate(chunk)
            if not pending:
                break
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                tally = pending.pop(future)
                played, matches, failures = future.result()
                tally.moves += played
                tally.matches += matches
                tally.failures += failures
            for tally in tallies.values():
                tally.in_flight = sum(t.estimate(chunk) for t in pending.values() if t is tally)
            if time.monotonic() - last_write > 30:
                last_write = time.monotonic()
                _write(report, summary())
    result = summary()
    _write(report, result)
    return result


def _count(text: str) -> int:
    """A count written ``20000``, ``2e6``, ``500k`` or ``2m``."""
    text = text.strip().lower()
    scale = {"k": 1_000, "m": 1_000_000}.get(text[-1:], 1)
    number = text[:-1] if scale > 1 else text
    value = int(float(number) * scale)
    if value < 1:
        raise argparse.ArgumentTypeError(f"a count of at least 1, not {text!r}")
    return value


def main(argv: list[str] | None = None) -> int:
    """Run the soak from the command line; 1 when an invariant broke."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=_count, default=1_000_000, help="moves per variant")
    parser.add_argument("--variant", action="append", help="a variant (default: every one)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=0, help="the first seed of every rule set")
    parser.add_argument("--chunk", type=int, default=4, help="matches per task")
    parser.add_argument("--views-every", type=int, default=1, help="check views in 1 match of K")
    parser.add_argument("--seconds", type=float, help="stop handing out matches after this")
    parser.add_argument("--report", type=Path, help="write the figures to this JSON file")
    args = parser.parse_args(argv)
    variants = args.variant or list(variant_names())
    result = soak(
        variants,
        args.moves,
        workers=max(1, args.workers),
        seed=args.seed,
        chunk=max(1, args.chunk),
        views_every=max(1, args.views_every),
        seconds=args.seconds,
        report=args.report,
    )
    for tally in result["variants"]:
        print(
            f"{tally['variant']:<11} {tally['moves']:>11,} moves {tally['matches']:>8,} matches "
            f"{len(tally['failures'])} failures"
        )
        for failure in tally["failures"]:
            print(f"  FAILED {failure['rules']} seed {failure['seed']}: {failure['error']}")
    print(
        f"{'total':<11} {result['moves']:>11,} moves {result['matches']:>8,} matches "
        f"{result['failures']} failures in {result['seconds']} s "
        f"({result['moves_per_second']:,} moves/s, {result['workers']} workers, "
        f"views checked in 1 match of {result['views_every']})"
    )
    return 1 if result["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
