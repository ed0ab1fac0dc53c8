"""Measure the search bot's strength: duplicate matches, round robin over variants, to a file.

Usage: python benchmarks/strength.py OUT.jsonl [--until HH:MM] [--variants a,b] [--bots ...]
       python benchmarks/strength.py OUT.jsonl --summary [--rst]

Plays one duplicate match of each variant in turn (so every variant gets matches however long
it runs), appending one JSON line per duplicate match to OUT.jsonl as it finishes; it stops
starting matches at ``--until`` (UTC). Summarise with ``--summary OUT.jsonl``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
from collections import defaultdict

import attrs

import kinglib
from kinglib.apps.tournament import DuplicateResult, TournamentResult, duplicate_match
from kinglib.values.seeding import game_seed


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def run(
    out: str, until: str, variants: list[str], bots: list[str], start: int, sanity: list[str]
) -> None:
    """Append duplicate matches to ``out`` until the time ``until`` (UTC, HH:MM)."""
    hour, minute = (int(x) for x in until.split(":"))
    stop = _now().replace(hour=hour, minute=minute, second=0, microsecond=0)
    rules = {v: kinglib.load_rules(v) for v in variants}
    index = start
    while _now() < stop:
        for variant in variants:
            if _now() >= stop:
                break
            r = rules[variant]
            lineups = [bots]
            if sanity and index % 4 == 0:
                lineups.append(sanity)
            for lineup in lineups:
                seating = lineup[: r.players]
                result = duplicate_match(r, seating, game_seed(0, index))
                line = {"variant": variant, "bots": seating, **attrs.asdict(result)}
                with open(out, "a") as f:
                    f.write(json.dumps(line) + "\n")
        index += 1


def summary(path: str, rst: bool = False) -> None:
    """Print the table of the matches in ``path`` (as reStructuredText with ``rst``)."""
    by: dict[tuple[str, tuple[str, ...]], list[DuplicateResult]] = defaultdict(list)
    with open(path) as f:
        for line in f:
            d = json.loads(line)
            key = (d.pop("variant"), tuple(d.pop("bots")))
            by[key].append(DuplicateResult(**d))
    rows = []
    # The rows against the same opponents together, variant by variant.
    for (variant, bots), matches in sorted(by.items(), key=lambda kv: (kv[0][1][1], kv[0][0])):
        result = TournamentResult(variant, bots, tuple(matches), 0.0)
        first, other = result.standings[0], result.standings[1]
        assert other.margin is not None and other.margin_half_width is not None
        low = other.margin - other.margin_half_width
        high = other.margin + other.margin_half_width
        rows.append(
            (
                variant,
                f"3 × {bots[1]}" if len(bots) == 4 else f"{len(bots) - 1} × {bots[1]}",
                str(len(matches)),
                f"{first.mean:+.1f}",
                f"{other.mean:+.1f}",
                f"{other.margin:+.1f}",
                f"{low:+.1f} to {high:+.1f}",
                f"{first.seconds_per_decision * 1000:.0f}",
            )
        )
        if rst:
            continue
        for s in result.standings[1:2]:
            print(
                f"{variant:12} {bots[1]:10} n={len(matches):4} margin {s.margin:+8.2f} "
                f"± {s.margin_half_width:7.2f}  first {result.standings[0].mean:+8.2f} "
                f"t/decision {result.standings[0].seconds_per_decision * 1000:6.1f} ms"
            )
    if rst:
        head = (
            "variant",
            "opponents",
            "duplicate matches",
            "search bot",
            "opponents' mean",
            "margin",
            "95% interval",
            "ms/decision",
        )
        print(".. list-table::\n   :header-rows: 1\n")
        for row in [head, *rows]:
            print("   * - " + "\n     - ".join(row))


def main(argv: list[str] | None = None) -> None:
    """Run or summarise."""
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--until", default="23:59")
    parser.add_argument("--variants", default=",".join(kinglib.variant_names()))
    parser.add_argument("--bots", default="search:worlds=8,heuristic,heuristic,heuristic")
    parser.add_argument("--sanity", default="search:worlds=8,random,random,random")
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--summary", action="store_true")
    parser.add_argument("--rst", action="store_true", help="the summary as an rst table")
    args = parser.parse_args(argv)
    if args.summary:
        summary(args.out, args.rst)
        return
    sanity = args.sanity.split(",") if args.sanity else []
    run(args.out, args.until, args.variants.split(","), args.bots.split(","), args.start, sanity)


if __name__ == "__main__":
    main(sys.argv[1:])
