"""How fast records load (KB/s) and how fast records over the limits are refused.

Usage: ``python benchmarks/records.py [--repeat N]``. For each variant, the record of a whole
random match is loaded ``N`` times (schema, rules and the replay of every move); the median
time gives KB/s and moves/s. Then records over each limit of :class:`kinglib.RecordLimits`
(and the records that took seconds before there were limits) are refused, and the median time
of each refusal is printed.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from collections.abc import Callable

import kinglib
from kinglib.engine.random_match import random_match
from kinglib.plugins import variant_names


def _median(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        with contextlib.suppress(kinglib.RecordError):
            action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    total_bytes = 0
    total_seconds = 0.0
    print(f"{'record':<16}{'KB':>8}{'moves':>8}{'ms':>9}{'KB/s':>9}{'moves/s':>10}")
    for variant in sorted(variant_names()):
        text = kinglib.to_json(random_match(kinglib.load_rules(variant), 3))
        seconds = _median(lambda t=text: kinglib.from_json(t), args.repeat)
        moves = len(json.loads(text)["moves"])
        size = len(text.encode()) / 1024
        total_bytes += len(text.encode())
        total_seconds += seconds
        print(
            f"{variant:<16}{size:>8.1f}{moves:>8}{seconds * 1000:>9.1f}"
            f"{size / seconds:>9.0f}{moves / seconds:>10.0f}"
        )
    print(
        f"{'all':<16}{total_bytes / 1024:>8.1f}{'':>8}{total_seconds * 1000:>9.1f}"
        f"{total_bytes / 1024 / total_seconds:>9.0f}"
    )
    base = json.loads(kinglib.to_json(random_match(kinglib.load_rules("simple"), 3)))
    over: dict[str, str] = {
        "moves=[1]*100000": json.dumps({**base, "moves": [1] * 100_000}),
        "100000 options": json.dumps({**base, "options": {f"o{k}": k for k in range(100_000)}}),
        "2.9 MB of moves": json.dumps({**base, "moves": ["QS"] * 500_000}),
        "20000 bad moves": json.dumps({**base, "moves": [1] * 20_000}),
        "deep nesting": json.dumps({**base, "options": {"x": json.loads("[" * 500 + "]" * 500)}}),
    }
    print(f"\n{'refused record':<20}{'KB':>8}{'ms':>9}  message")
    for name, text in over.items():
        seconds = _median(lambda t=text: kinglib.from_json(t), args.repeat)
        try:
            kinglib.from_json(text)
            message = "(loaded)"
        except kinglib.RecordError as exc:
            message = str(exc)[:60]
        print(f"{name:<20}{len(text) / 1024:>8.0f}{seconds * 1000:>9.2f}  {message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
