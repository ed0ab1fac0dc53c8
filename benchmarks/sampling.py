"""Measure View.sample and SearchBot: samples per second and time per decision.

Usage: python benchmarks/sampling.py

* samples/s: a mid-deal ``simple`` view (the fourth trick begun), 500 samples per run, the
  median of 5 runs (the first sample of a view learns its exclusions and is included);
* decision time: SearchBot with its default budget deciding every move of the first two deals
  of a ``simple`` match; the median and the 90th percentile.
"""

from __future__ import annotations

import random
import statistics
import time

import kinglib
from kinglib.players.bots import SearchBot


def samples_per_second(runs: int = 5, count: int = 500) -> float:
    """The median rate of View.sample from a mid-deal simple view."""
    rules = kinglib.load_rules("simple")
    rates = []
    for run in range(runs):
        rng = random.Random(run)
        state = rules.new_match(seed=run)
        while len(state.tricks) < 3 or state.trick:
            state = state.apply(rng.choice(state.legal_moves()))
        state = state.apply(rng.choice(state.legal_moves()))
        view = state.view(state.to_move or 0)
        start = time.perf_counter()
        for _ in range(count):
            view.sample(rng)
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def decision_times(deals: int = 2) -> list[float]:
    """The time of each SearchBot decision over the first deals of a simple match."""
    rules = kinglib.load_rules("simple")
    bot = SearchBot(seed=0)
    state = rules.new_match(seed=1)
    times = []
    while state.deal_number <= deals:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        start = time.perf_counter()
        move = bot.choose_move(view)
        times.append(time.perf_counter() - start)
        state = state.apply(move)
    return times


if __name__ == "__main__":
    print(f"View.sample, mid-deal simple view: {samples_per_second():,.0f} samples/s (median)")
    times = sorted(decision_times())
    p90 = times[int(0.9 * (len(times) - 1))]
    print(
        f"SearchBot() on simple: median {statistics.median(times) * 1000:.1f} ms, "
        f"90th percentile {p90 * 1000:.1f} ms over {len(times)} decisions"
    )
