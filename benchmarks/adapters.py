#!/usr/bin/env python
"""Steps per second of the game-AI adapters, beside kinglib's own API and OpenSpiel's Hearts.

Each measurement plays random legal moves (the learner's drawn from the action mask it is
given) on ``simple``, one core, with dealing:

- ``kinglib``: whole matches through ``legal_moves()``, ``random.choice``, ``apply()``;
- ``vector``: :func:`kinglib.adapters.vector.env`, single deals (``deals=1``), 256 games, seat
  0 against three ``"random"`` opponents; a step is one learner move in one game (a batch
  step makes one in each game but those that only start their next episode; the observation
  and mask of every game are made each batch step); ``moves/s`` counts the opponents' moves
  too;
- ``vector greedy``: the same against three ``"greedy"`` opponents;
- ``selfplay``: :func:`kinglib.adapters.vector.selfplay`, 256 games, every seat learning: a
  step is one move in each game;
- ``pettingzoo``: the AEC environment (``raw_env``), single deals: ``last()`` (observation and
  mask), a random legal action, ``step()``;
- ``parallel``: the parallel environment, single deals: every agent's observation each step;
- ``gymnasium``: the scalar environment, single deals, seat 0 against three ``"random"``
  opponents (the batch's players, no views); ``gymnasium bots``: the same against three
  ``RandomBot`` (which see views); a step is one agent move, the opponents' three moves
  between two steps are counted as moves;
- ``openspiel`` / ``openspiel tensor``: ``python_kinglib(deals=1)`` through
  ``legal_actions()``, ``random.choice``, ``apply_action()`` (the four seed bytes are steps
  too), the second also asking ``information_state_tensor()`` of the player to move each
  step;
- ``hearts C++``: OpenSpiel's Hearts played by its own C++ loop (``evaluate_bots``, random
  bots), its 52 cards a game counted as steps; ``hearts`` / ``hearts tensor``: Hearts driven
  from Python the way ``openspiel`` and ``openspiel tensor`` drive kinglib (chance sampled,
  the dealing and passing steps counted, the tensor each step for the second).

Rates are the medians of several rounds; within a round the measurements take turns, so that
a change in the machine's load touches them alike. An adapter whose framework is not installed
is left out. Run ``python benchmarks/adapters.py`` (about two minutes) or ``--quick``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import kinglib

# A measurement plays until its time budget is spent and returns (steps, moves, seconds).
Measure = Callable[[float], tuple[int, int, float]]

RULES = kinglib.load_rules("simple")
BATCH = 256


def _api() -> Measure:
    def run(budget: float) -> tuple[int, int, float]:
        rng = random.Random(1)
        steps = 0
        start = time.perf_counter()
        seed = 0
        while time.perf_counter() - start < budget:
            state = RULES.new_match(seed=seed)
            seed += 1
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_moves()))
                steps += 1
        return steps, steps, time.perf_counter() - start

    return run


def _masked_choice(np: Any, rng: Any) -> Callable[[Any], Any]:
    """A uniformly random legal action of each row of a batch of masks."""

    def pick(masks: Any) -> Any:
        ends = masks.cumsum(axis=1)
        draws = (rng.random(len(masks)) * ends[:, -1]).astype(np.int64)
        return (ends <= draws[:, None]).sum(axis=1)

    return pick


def _vector(opponents: str, selfplay: bool = False) -> Measure | None:
    try:
        import numpy as np

        from kinglib.adapters import vector
    except ImportError:
        return None
    if selfplay:
        env = vector.selfplay("simple", num_envs=BATCH, seed=0, deals=1)
    else:
        env = vector.env("simple", num_envs=BATCH, opponents=opponents, seed=0, deals=1)
    pick = _masked_choice(np, np.random.default_rng(1))

    def run(budget: float) -> tuple[int, int, float]:
        _, infos = env.reset(seed=0)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            masks = infos["action_mask"]
            # A game whose episode ended at the last step makes no move now: it starts anew.
            steps += int(masks.any(axis=1).sum())
            _, _, _, _, infos = env.step(pick(masks))
        # A deal of no_tricks is 32 moves, 8 of each seat: a learner step stands for 4 moves.
        moves = steps if selfplay else steps * RULES.players
        return steps, moves, time.perf_counter() - start

    return run


def _pettingzoo() -> Measure | None:
    try:
        import numpy as np

        from kinglib.adapters import pettingzoo
    except ImportError:
        return None
    env = pettingzoo.raw_env("simple", deals=1)

    def run(budget: float) -> tuple[int, int, float]:
        rng = random.Random(1)
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
                env.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
                steps += 1
        return steps, steps, time.perf_counter() - start

    return run


def _parallel() -> Measure | None:
    try:
        import numpy as np

        from kinglib.adapters import pettingzoo
    except ImportError:
        return None
    env = pettingzoo.parallel_env("simple", deals=1)

    def run(budget: float) -> tuple[int, int, float]:
        rng = random.Random(1)
        steps = 0
        seed = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            observations, _ = env.reset(seed=seed)
            seed += 1
            while env.agents:
                actions = {}
                for agent in env.agents:
                    legal = np.flatnonzero(observations[agent]["action_mask"]).tolist()
                    actions[agent] = rng.choice(legal) if legal else 0
                observations, *_ = env.step(actions)
                steps += 1
        return steps, steps, time.perf_counter() - start

    return run


def _gymnasium(bots: bool) -> Measure | None:
    try:
        import numpy as np

        from kinglib.adapters import gymnasium
        from kinglib.players.bots import RandomBot
    except ImportError:
        return None
    opponents: Any = [RandomBot(seed=s) for s in (1, 2, 3)] if bots else "random"
    env = gymnasium.env("simple", opponents=opponents, deals=1)

    def run(budget: float) -> tuple[int, int, float]:
        rng = random.Random(1)
        steps = moves = 0
        seed = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            _, info = env.reset(seed=seed)
            seed += 1
            done = False
            while not done:
                action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
                _, _, done, _, info = env.step(action)
                steps += 1
            state = env.state
            assert state is not None
            moves += len(state.moves)
        return steps, moves, time.perf_counter() - start

    return run


def _openspiel(tensor: bool) -> Measure | None:
    try:
        import pyspiel

        import kinglib.adapters.openspiel  # noqa: F401 (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_kinglib(variant=simple,deals=1)")
    return _spiel_loop(game, tensor, chance=lambda rng, state: rng.randrange(256))


def _spiel_loop(game: Any, tensor: bool, chance: Callable[[Any, Any], int]) -> Measure:
    def run(budget: float) -> tuple[int, int, float]:
        rng = random.Random(1)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(chance(rng, state))
                else:
                    if tensor:
                        state.information_state_tensor(state.current_player())
                    state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, steps, time.perf_counter() - start

    return run


def _hearts(cpp: bool, tensor: bool = False) -> Measure | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    if not cpp:
        return _spiel_loop(game, tensor, chance=lambda rng, s: rng.choice(s.chance_outcomes())[0])
    bots = [pyspiel.make_uniform_random_bot(seat, 1 + seat) for seat in range(4)]

    def run(budget: float) -> tuple[int, int, float]:
        plays = 0
        seed = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            seed += 1
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
            plays += 52
        return plays, plays, time.perf_counter() - start

    return run


def main(argv: list[str] | None = None) -> int:
    """Measure and print one line per adapter."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--rounds", type=int, help="rounds of interleaved measurements")
    parser.add_argument("--budget", type=float, help="seconds per measurement and round")
    args = parser.parse_args(argv)
    rounds = args.rounds or (1 if args.quick else 5)
    budget = args.budget or (0.2 if args.quick else 2.0)
    measures: dict[str, Measure | None] = {
        "kinglib": _api(),
        "vector": _vector("random"),
        "vector greedy": _vector("greedy"),
        "selfplay": _vector("random", selfplay=True),
        "pettingzoo": _pettingzoo(),
        "parallel": _parallel(),
        "gymnasium": _gymnasium(bots=False),
        "gymnasium bots": _gymnasium(bots=True),
        "openspiel": _openspiel(tensor=False),
        "openspiel tensor": _openspiel(tensor=True),
        "hearts C++": _hearts(cpp=True),
        "hearts": _hearts(cpp=False),
        "hearts tensor": _hearts(cpp=False, tensor=True),
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
    print(f"{'':16} {'steps/s':>11} {'moves/s':>11} {'vs kinglib':>11}")
    for name, rates in found.items():
        steps = statistics.median(r[0] for r in rates)
        moves = statistics.median(r[1] for r in rates)
        print(f"{name:16} {steps:11,.0f} {moves:11,.0f} {steps / base:10.2f}x")
    missing = [k for k, m in measures.items() if m is None]
    if missing:
        print("not installed: " + ", ".join(missing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
