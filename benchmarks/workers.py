"""When two worker processes pay: ``kinglib.simulate`` with ``workers=1`` and ``workers=2``.

For each number of games, both are timed in interleaved rounds (the same games, the same
summary) and the medians are printed with their ratio, and the cost of starting a pool of two
processes and sending it one game. Run it on an otherwise idle machine, then again with the
other cores busy (``--busy N`` keeps N processes spinning meanwhile) to see what load does::

    python benchmarks/workers.py                       # about a minute
    python benchmarks/workers.py --games 50 100 200 --rounds 5 --busy 1
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import time
from collections.abc import Sequence
from typing import Any

import kinglib


def _spin(stop: Any) -> None:
    while not stop.is_set():
        pass


def _timed(rules: kinglib.Rules, games: int, workers: int) -> float:
    start = time.perf_counter()
    kinglib.simulate(rules, games, seed=0, workers=workers)
    return time.perf_counter() - start


def main(argv: Sequence[str] | None = None) -> int:
    """Print, per number of games, the medians of one and two workers and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="simple")
    parser.add_argument(
        "--games", type=int, nargs="+", default=[10, 25, 50, 100, 200, 500, 1000, 4000]
    )
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--busy", type=int, default=0, help="processes kept busy meanwhile")
    args = parser.parse_args(argv)
    rules = kinglib.load_rules(args.variant)
    stop = multiprocessing.Event()
    spinners = [multiprocessing.Process(target=_spin, args=(stop,)) for _ in range(args.busy)]
    for spinner in spinners:
        spinner.start()
    try:
        kinglib.simulate(rules, 20, workers=2)  # warm up: imports, caches
        start = [_timed(rules, 1, 2) for _ in range(args.rounds)]
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(
            f"{args.variant}, {args.busy} busy processes, load average {load}: a pool of two "
            f"for one game takes {statistics.median(start) * 1000:.0f} ms "
            f"(median of {args.rounds})"
        )
        print(f"{'games':>6} {'1 worker':>10} {'2 workers':>10} {'speed-up':>9}")
        for games in args.games:
            one: list[float] = []
            two: list[float] = []
            for _ in range(args.rounds):
                one.append(_timed(rules, games, 1))
                two.append(_timed(rules, games, 2))
            a, b = statistics.median(one), statistics.median(two)
            print(f"{games:>6} {a:>9.3f}s {b:>9.3f}s {a / b:>8.2f}x")
    finally:
        stop.set()
        for spinner in spinners:
            spinner.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
