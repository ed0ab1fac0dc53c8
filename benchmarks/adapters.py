#!/usr/bin/env python
"""Steps per second of the game-AI adapters against kinglib's own API, on ``simple``.

Each measurement plays random legal moves through whole matches of ``simple`` (14 deals),
with dealing:

- ``kinglib``: ``legal_moves()``, ``random.choice``, ``apply()``;
- ``kinglib + view``: the same, and the mover's ``view()`` encoded as an observation vector
  each move (what an environment does for its agent);
- ``openspiel``: ``legal_actions()``, ``random.choice``, ``apply_action()`` on
  ``python_kinglib`` (the four seed bytes are steps too);
- ``pettingzoo``: ``last()`` (observation and mask), a random legal action, ``step()``;
- ``gymnasium``: seat 0 against three ``RandomBot``: ``step()`` with a random legal action
  from ``info["action_mask"]``; a step is one agent move, and the bots' three moves between
  two steps are counted as moves.

Rates are the medians of several rounds; within a round the measurements take turns. An
adapter whose framework is not installed is left out. Run ``python benchmarks/adapters.py``
(about a minute) or ``--quick``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import kinglib
from kinglib.adapters.observation import Observation

# A measurement plays until its time budget is spent and returns (steps, moves, seconds).
Measure = Callable[[float], tuple[int, int, float]]

RULES = kinglib.load_rules("simple")


def _api(encode: bool) -> Measure:
    encoder = Observation(RULES)

    def run(budget: float) -> tuple[int, int, float]:
        rng = random.Random(1)
        steps = 0
        start = time.perf_counter()
        seed = 0
        while time.perf_counter() - start < budget:
            state = RULES.new_match(seed=seed)
            seed += 1
            while not state.is_over:
                if encode:
                    encoder.encode(state.view(state.to_move))  # type: ignore[arg-type]
                state = state.apply(rng.choice(state.legal_moves()))
                steps += 1
        return steps, steps, time.perf_counter() - start

    return run


def _openspiel() -> Measure | None:
    try:
        import pyspiel

        import kinglib.adapters.openspiel  # noqa: F401 (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_kinglib(variant=simple)")

    def run(budget: float) -> tuple[int, int, float]:
        rng = random.Random(1)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.randrange(256))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, steps, time.perf_counter() - start

    return run


def _pettingzoo() -> Measure | None:
    try:
        import numpy as np

        from kinglib.adapters import pettingzoo
    except ImportError:
        return None
    env = pettingzoo.raw_env("simple")

    def run(budget: float) -> tuple[int, int, float]:
        rng = np.random.default_rng(1)
        steps = 0
        seed = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            env.reset(seed=seed)
            seed += 1
            for _ in env.agent_iter():
                observation, _, termination, truncation, _ = env.last()
                if termination or truncation:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
        return steps, steps, time.perf_counter() - start

    return run


def _gymnasium() -> Measure | None:
    try:
        import numpy as np

        from kinglib.adapters import gymnasium
        from kinglib.bots import RandomBot
    except ImportError:
        return None
    env = gymnasium.env("simple", opponents=[RandomBot(seed=s) for s in (1, 2, 3)])

    def run(budget: float) -> tuple[int, int, float]:
        rng = np.random.default_rng(1)
        steps = moves = 0
        seed = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            _, info = env.reset(seed=seed)
            seed += 1
            done = False
            while not done:
                action = int(rng.choice(np.flatnonzero(info["action_mask"])))
                _, _, done, _, info = env.step(action)
                steps += 1
            state = env.state
            assert state is not None
            moves += len(state.moves)
        return steps, moves, time.perf_counter() - start

    return run


def main(argv: list[str] | None = None) -> int:
    """Measure and print one line per adapter."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--rounds", type=int, help="rounds of interleaved measurements")
    parser.add_argument("--budget", type=float, help="seconds per measurement and round")
    args = parser.parse_args(argv)
    rounds = args.rounds or (1 if args.quick else 5)
    budget = args.budget or (0.3 if args.quick else 2.0)
    measures: dict[str, Measure | None] = {
        "kinglib": _api(encode=False),
        "kinglib + view": _api(encode=True),
        "openspiel": _openspiel(),
        "pettingzoo": _pettingzoo(),
        "gymnasium": _gymnasium(),
    }
    found: dict[str, list[tuple[float, float]]] = {k: [] for k, m in measures.items() if m}
    for _ in range(rounds):
        for name in found:
            measure = measures[name]
            assert measure is not None
            steps, moves, seconds = measure(budget)
            found[name].append((steps / seconds, moves / seconds))
    base = statistics.median(r[0] for r in found["kinglib"])
    print(f"simple, random legal moves; median of {rounds} rounds of {budget:g} s")
    print(f"{'':16} {'steps/s':>10} {'moves/s':>10} {'vs kinglib':>11}")
    for name, rates in found.items():
        steps = statistics.median(r[0] for r in rates)
        moves = statistics.median(r[1] for r in rates)
        print(f"{name:16} {steps:10,.0f} {moves:10,.0f} {steps / base:10.2f}x")
    missing = [k for k, m in measures.items() if m is None]
    if missing:
        print("not installed: " + ", ".join(missing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
