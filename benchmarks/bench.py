#!/usr/bin/env python
"""kinglib's benchmarks: speed, memory, record size and the cost of long matches.

For every variant it prints deals and moves per second of random playouts driven through the
public API (``legal_moves()``, ``random.choice``, ``apply()``, dealing included) and through
:func:`kinglib.simulate` (one worker), with its simulated moves per second beside
``simple``'s (a ratio: deals differ in length between variants, so moves compare, not deals);
the memory taken by keeping every state of a match alive and the size of the match's record;
and the cost of a 56-deal match of ``ordered`` against a 14-deal one. When OpenSpiel
(``pyspiel``) is importable it also plays random games of its Hearts in the same run, the same
way (chance nodes sampled, ``legal_actions()``, ``random.choice``, ``apply_action()``), and
prints the ratios to ``simple``.

The figures of ``simple`` through ``simulate`` and of its card play are measured twice, with the
kernel kinglib runs (:func:`kinglib.kernel_info`: the compiled one in a build made with
``KINGLIB_COMPILE=1``) and with the Python source of the kernel swapped in, side by side.

Every rate is the median of several rounds; within a round the measurements take turns, so
that a change in the machine's load touches them all alike.

Run ``python benchmarks/bench.py`` (about two minutes) or ``--quick`` (a few seconds).
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import kinglib
from kinglib import Rules, State, load_rules, simulate, to_json
from kinglib.engine.builds import kernel_replaced, python_kernel
from kinglib.engine.state import Phase

# A measurement runs whole games until its time budget is spent and returns
# (count, seconds) pairs, one per counted unit (moves, deals, ...).
Measure = Callable[[float], dict[str, tuple[int, float]]]

_OVER = Phase.OVER


def _playouts(rules: Rules, rng: random.Random, seeds: list[int]) -> Measure:
    """Random playouts of whole matches through the public API, dealing included."""

    def run(budget: float) -> dict[str, tuple[int, float]]:
        choice = rng.choice
        moves = deals = 0
        start = time.perf_counter()
        elapsed = 0.0
        while elapsed < budget:
            seeds[0] += 1
            state = rules.new_match(seeds[0])
            while state.phase is not _OVER:
                state = state.apply(choice(state.legal_moves()))
                moves += 1
            deals += len(state.results)
            elapsed = time.perf_counter() - start
        return {"moves": (moves, elapsed), "deals": (deals, elapsed)}

    return run


def _deal_starts(rules: Rules, count: int) -> list[State]:
    """Single deals given in full (``new_deal``) from the first deals of seeded matches."""
    starts = []
    seed = 10_000
    while len(starts) < count:
        seed += 1
        for number in range(1, rules.schedule.length + 1 if rules.schedule.length else 2):
            dealer = rules.dealer_for(number)
            dealt = rules.deal(dealer, rules.rng(seed, number))
            contract = rules.schedule.contract_for(number)
            starts.append(rules.new_deal(contract, dealt.hands, dealer))
    return starts


def _play_phase(rules: Rules, rng: random.Random, starts: list[State]) -> Measure:
    """Random play of dealt deals: only the card play is timed (scoring the deal included)."""

    def run(budget: float) -> dict[str, tuple[int, float]]:
        choice = rng.choice
        clock = time.perf_counter
        moves = 0
        elapsed = 0.0
        k = 0
        while elapsed < budget:
            state = starts[k % len(starts)]
            k += 1
            t0 = clock()
            while state.phase is not _OVER:
                state = state.apply(choice(state.legal_moves()))
                moves += 1
            elapsed += clock() - t0
        return {"moves": (moves, elapsed)}

    return run


def _simulated(rules: Rules, seeds: list[int]) -> Measure:
    """:func:`kinglib.simulate` with one worker, in batches."""

    def run(budget: float) -> dict[str, tuple[int, float]]:
        moves = deals = 0
        games = 4
        start = time.perf_counter()
        elapsed = 0.0
        while elapsed < budget:
            seeds[0] += 1
            summary = simulate(rules, games, seed=seeds[0], workers=1)
            moves += summary.moves
            deals += summary.deals
            elapsed = time.perf_counter() - start
            games = min(games * 2, 64)
        return {"moves": (moves, elapsed), "deals": (deals, elapsed)}

    return run


def _on_python_kernel(measure: Measure) -> Measure:
    """``measure`` run with the Python source of the trick kernel in place of the installed one."""
    pure = python_kernel()

    def run(budget: float) -> dict[str, tuple[int, float]]:
        with kernel_replaced(pure.__dict__.__getitem__):
            return measure(budget)

    return run


def _hearts(game: Any, rng: random.Random, *, play_only: bool, numpy: bool = False) -> Measure:
    """OpenSpiel's Hearts driven from Python the same way: chance sampled, random actions.

    A game deals (52 chance actions after the passing direction), passes three cards a player
    unless the direction is "no pass", then plays 52 cards. A chance node is sampled with
    ``random.choice`` among its (equally likely) outcomes, or with ``numpy`` as OpenSpiel's
    own examples do (``numpy.random.choice(actions, p=probabilities)``). With ``play_only``
    the timing starts at the first card played.
    """
    if numpy:
        import numpy as np

        np_choice = np.random.default_rng(1).choice

        def chance(state: Any) -> int:
            actions, probs = zip(*state.chance_outcomes())
            return int(np_choice(actions, p=probs))
    else:

        def chance(state: Any) -> int:
            outcome: int = rng.choice(state.chance_outcomes())[0]
            return outcome

    def run(budget: float) -> dict[str, tuple[int, float]]:
        choice = rng.choice
        clock = time.perf_counter
        actions = plays = 0
        elapsed = 0.0
        while elapsed < budget:
            state = game.new_initial_state()
            t0 = clock()
            if play_only:
                # The passing direction and the deal, then the passes (untimed).
                while len(state.history()) < 53:
                    state.apply_action(chance(state))
                for _ in range(12 if state.history()[0] else 0):
                    state.apply_action(choice(state.legal_actions()))
                before = len(state.history())
                t0 = clock()
            else:
                before = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(chance(state))
                else:
                    state.apply_action(choice(state.legal_actions()))
            elapsed += clock() - t0
            actions += len(state.history()) - before
            plays += 52
        return {"actions": (actions, elapsed), "plays": (plays, elapsed)}

    return run


def _hearts_cpp(game: Any, pyspiel: Any) -> Measure:
    """OpenSpiel's Hearts played by its own C++ loop: ``evaluate_bots`` with random bots."""
    bots = [pyspiel.make_uniform_random_bot(seat, 1 + seat) for seat in range(4)]

    def run(budget: float) -> dict[str, tuple[int, float]]:
        clock = time.perf_counter
        plays = 0
        seed = 0
        start = clock()
        elapsed = 0.0
        while elapsed < budget:
            seed += 1
            pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
            plays += 52
            elapsed = clock() - start
        return {"plays": (plays, elapsed)}

    return run


def _rounds(
    measures: dict[str, Measure], rounds: int, budget: float
) -> dict[str, dict[str, float]]:
    """Run every measurement once a round, in turn; the median rate of each unit."""
    rates: dict[str, dict[str, list[float]]] = {name: {} for name in measures}
    for _ in range(rounds):
        for name, measure in measures.items():
            gc.collect()
            for unit, (count, seconds) in measure(budget).items():
                rates[name].setdefault(unit, []).append(count / seconds)
    return {
        name: {unit: statistics.median(values) for unit, values in units.items()}
        for name, units in rates.items()
    }


def _memory(rules: Rules, seed: int) -> tuple[int, int, int]:
    """Bytes taken by every state of one match kept alive, the record's size, the moves."""
    rng = random.Random(seed)
    # One match first, so that interned moves and caches do not count.
    state = rules.new_match(seed + 1)
    while state.phase is not _OVER:
        state = state.apply(rng.choice(state.legal_moves()))
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    states = [rules.new_match(seed)]
    while states[-1].phase is not _OVER:
        states.append(states[-1].apply(rng.choice(states[-1].legal_moves())))
    # A full collection also empties the interpreter's free lists of tuples, which would
    # otherwise count blocks that were freed and kept for reuse.
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    record = len(to_json(states[-1]).encode())
    return used, record, len(states) - 1


def _match_seconds(rules: Rules, seeds: range) -> float:
    rng = random.Random(0)
    start = time.perf_counter()
    for seed in seeds:
        state = rules.new_match(seed)
        while state.phase is not _OVER:
            state = state.apply(rng.choice(state.legal_moves()))
    return time.perf_counter() - start


def _linear(rounds: int, matches: int) -> tuple[float, float, float]:
    """Seconds a match of ``ordered`` with 14 deals (shared pool) and 56 (per player)."""
    short = load_rules("ordered", pool="shared")
    long = load_rules("ordered", pool="per_player")
    assert short.schedule.length == 14 or short.schedule.length is None
    times14: list[float] = []
    times56: list[float] = []
    for r in range(rounds):
        seeds = range(r * matches, (r + 1) * matches)
        times14.append(_match_seconds(short, seeds) / matches)
        times56.append(_match_seconds(long, seeds) / matches)
    t14 = statistics.median(times14)
    t56 = statistics.median(times56)
    return t14, t56, t56 / t14


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}; Python {platform.python_version()} ({platform.python_implementation()})"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmarks and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--rounds", type=int, help="rounds of interleaved measurements")
    parser.add_argument("--budget", type=float, help="seconds per measurement and round")
    parser.add_argument(
        "--variants", nargs="*", help="variants to measure (default: every built-in one)"
    )
    parser.add_argument(
        "--no-openspiel", action="store_true", help="skip OpenSpiel even when it is installed"
    )
    args = parser.parse_args(argv)
    rounds = args.rounds or (3 if args.quick else 7)
    budget = args.budget or (0.05 if args.quick else 0.4)
    variants = args.variants or list(kinglib.variant_names())

    print(f"kinglib {kinglib.__version__} — {_machine()}; {kinglib.kernel_info()}")
    print(f"{rounds} rounds, {budget:g} s per measurement and round; medians\n")

    rng = random.Random(1)
    all_rules = {v: load_rules(v) for v in variants}

    # ------------------------------------------------------------------ speed
    measures: dict[str, Measure] = {}
    for v, rules in all_rules.items():
        measures[f"api:{v}"] = _playouts(rules, rng, [0])
        measures[f"simulate:{v}"] = _simulated(rules, [0])
    simple = load_rules("simple")
    starts = _deal_starts(simple, 200)
    measures["play:simple"] = _play_phase(simple, rng, starts)
    measures["play:simple:python"] = _on_python_kernel(_play_phase(simple, rng, starts))
    measures["simulate:simple:python"] = _on_python_kernel(_simulated(simple, [0]))
    game = None
    if not args.no_openspiel:
        try:
            import pyspiel
        except ImportError:
            pass
        else:
            game = pyspiel.load_game("hearts")
            measures["openspiel:full"] = _hearts(game, rng, play_only=False)
            measures["openspiel:numpy"] = _hearts(game, rng, play_only=False, numpy=True)
            measures["openspiel:play"] = _hearts(game, rng, play_only=True)
            measures["openspiel:cpp"] = _hearts_cpp(game, pyspiel)
    # Warm every path up once (caches, imports) before timing.
    for measure in measures.values():
        measure(0.0)
    rates = _rounds(measures, rounds, budget)

    # Each variant's simulated moves per second beside simple's, measured in the same rounds
    # (the deals of the variants differ in length: moves compare, deals do not).
    base = rates.get("simulate:simple", {}).get("moves")
    print(
        f"{'variant':<12} {'api deals/s':>12} {'api moves/s':>12} {'sim deals/s':>12}"
        f" {'sim moves/s':>12} {'vs simple':>10}"
    )
    for v in variants:
        api = rates[f"api:{v}"]
        sim = rates[f"simulate:{v}"]
        ratio = f"{sim['moves'] / base:>10.2f}" if base else f"{'':>10}"
        print(
            f"{v:<12} {api['deals']:>12,.0f} {api['moves']:>12,.0f} {sim['deals']:>12,.0f}"
            f" {sim['moves']:>12,.0f} {ratio}"
        )
    print(
        f"\nsimple, card play only (deals given in full): {rates['play:simple']['moves']:,.0f}"
        " moves/s"
    )
    sim, sim_py = rates.get("simulate:simple"), rates["simulate:simple:python"]
    card, card_py = rates["play:simple"], rates["play:simple:python"]
    print(f"\nsimple, {kinglib.kernel_info()} against the Python kernel swapped in:")
    if sim is not None:
        print(
            f"  simulate: {sim['deals']:,.0f} deals/s, {sim['moves']:,.0f} moves/s against"
            f" {sim_py['deals']:,.0f} deals/s, {sim_py['moves']:,.0f} moves/s:"
            f" {sim['moves'] / sim_py['moves']:.2f} times"
        )
    print(
        f"  card play through the API: {card['moves']:,.0f} against {card_py['moves']:,.0f}"
        f" moves/s: {card['moves'] / card_py['moves']:.2f} times"
    )

    # ------------------------------------------------------------------ OpenSpiel
    if game is not None:
        full = rates["openspiel:full"]
        example = rates["openspiel:numpy"]
        play = rates["openspiel:play"]
        ours_full = rates["api:simple"]["moves"] if "api:simple" in rates else float("nan")
        ours_play = rates["play:simple"]["moves"]
        print("\nOpenSpiel Hearts (pyspiel, same loop, chance nodes sampled):")
        print(
            f"  full games, chance sampled with numpy (OpenSpiel's examples): "
            f"{example['actions']:,.0f} actions/s = {example['plays']:,.0f} card plays/s"
        )
        print(
            f"  full games, chance sampled with random.choice: "
            f"{full['actions']:,.0f} actions/s = {full['plays']:,.0f} card plays/s"
        )
        print(f"  play phase: {play['actions']:,.0f} actions/s = {play['plays']:,.0f} card plays/s")
        print(
            f"  ratio kinglib simple / Hearts, card plays, full playouts (numpy chance): "
            f"{ours_full / example['plays']:.2f}"
        )
        print(
            f"  ratio kinglib simple / Hearts, card plays, full playouts (random.choice): "
            f"{ours_full / full['plays']:.2f}"
        )
        print(
            f"  ratio kinglib simple / Hearts, card plays, play phase:    "
            f"{ours_play / play['plays']:.2f}"
        )
        cpp = rates["openspiel:cpp"]["plays"]
        print(f"  C++ loop (evaluate_bots, uniform random bots): {cpp:,.0f} card plays/s")
        if "simulate:simple" in rates:
            ours_sim = rates["simulate:simple"]["moves"]
            print(
                f"  ratio kinglib simple simulate / Hearts C++ loop, card plays:"
                f" {ours_sim / cpp:.2f}"
            )
            print(
                f"  ratio kinglib simple simulate / Hearts, full playouts (random.choice):"
                f" {ours_sim / full['plays']:.2f}"
            )
    else:
        print("\nOpenSpiel is not installed (pip install 'kinglib[bench]'): no comparison.")

    # ------------------------------------------------------------------ memory
    print(f"\n{'variant':<12} {'moves':>6} {'states kept (kB)':>17} {'record (bytes)':>15}")
    for v, rules in all_rules.items():
        used, record, moves = _memory(rules, 7)
        print(f"{v:<12} {moves:>6} {used / 1024:>17,.1f} {record:>15,}")

    # ------------------------------------------------------------------ linear cost
    t14, t56, ratio = _linear(3 if args.quick else 5, 2 if args.quick else 10)
    print(
        f"\nordered: a 14-deal match {t14 * 1000:.1f} ms, a 56-deal match {t56 * 1000:.1f} ms:"
        f" {ratio:.2f} times (4 is linear)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
