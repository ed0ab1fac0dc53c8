#!/usr/bin/env python
"""The trick kernel's speed: whole deals in simulations, beside a plain-Python floor and OpenSpiel.

Every figure is the median of several rounds in which the measurements take turns, in one
process, so that a change in the machine's load touches them all alike:

* ``floor``: a plain-Python whole-deal loop, written as one would without kinglib: the same
  32-card pack and four hands, a ``random.Random`` seeded per deal from text, follow suit, the
  highest card of the led suit wins, two points a trick. It is the floor a rules engine in
  Python should beat.
* ``simulate``: :func:`kinglib.simulate` on ``simple`` with its random players, with the kernel
  installed (the compiled one in a build made with ``KINGLIB_COMPILE=1``) and with the kernel's
  Python source swapped in.
* ``data rules``: ``simple`` with a house rule that is data only: hearts until broken in every
  game with a heart-lead ban, and play counter-clockwise; ``no duty to trump``: its trump
  rounds without the duty to trump (``scheme="otygrysh"``, compared with the stock scheme).
* ``jokers`` and ``domino``: their deals per second beside ``simple``'s.
* ``api``: random playouts through the public API (``legal_moves``, ``random.choice``,
  ``apply``), against OpenSpiel's Hearts driven the same way (the whole game, chance sampled
  with ``random.choice``) and its play phase alone.
* ``OpenSpiel C++``: Hearts played by OpenSpiel's own C++ loop, ``pyspiel.evaluate_bots`` with
  uniform random bots (when OpenSpiel is installed: ``pip install 'kinglib[openspiel]'``).

Run ``python benchmarks/kernel.py`` (about two minutes) or ``--quick`` (a few seconds).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import attrs

import kinglib
from kinglib import Rules, hookimpl, load_rules, simulate
from kinglib.engine.builds import kernel_replaced, python_kernel

#: A measurement: run for about ``budget`` seconds, return ``{unit: (count, seconds)}``.
Measure = Callable[[float], dict[str, tuple[int, float]]]


# ---------------------------------------------------------------------------- the floor


def floor_deals(deals: int, seed: int) -> int:
    """Play ``deals`` deals of a plain-Python King loop; return the cards played."""
    pack = [(suit, rank) for suit in range(4) for rank in range(8)]
    bots = [random.Random(seed * 10 + seat) for seat in range(4)]
    cards = 0
    for number in range(deals):
        rng = random.Random(f"floor/{seed}/{number}")
        deck = pack[:]
        rng.shuffle(deck)
        hands = [deck[k * 8 : (k + 1) * 8] for k in range(4)]
        points = [0, 0, 0, 0]
        leader = (number + 1) % 4
        for _ in range(8):
            trick: list[tuple[int, tuple[int, int]]] = []
            for k in range(4):
                seat = (leader + k) % 4
                hand = hands[seat]
                if trick:
                    led = trick[0][1][0]
                    legal = [card for card in hand if card[0] == led] or hand
                else:
                    legal = hand
                card = bots[seat].choice(legal)
                hand.remove(card)
                trick.append((seat, card))
                cards += 1
            led = trick[0][1][0]
            best = max((card for _, card in trick if card[0] == led), key=lambda c: c[1])
            leader = next(seat for seat, card in trick if card == best)
            points[leader] -= 2
    return cards


def _floor() -> Measure:
    seeds = iter(range(1, 10**9))

    def run(budget: float) -> dict[str, tuple[int, float]]:
        deals = cards = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            cards += floor_deals(50, next(seeds))
            deals += 50
        elapsed = time.perf_counter() - start
        return {"deals": (deals, elapsed), "plays": (cards, elapsed)}

    return run


# ---------------------------------------------------------------------------- kinglib


def _simulated(rules: Rules) -> Measure:
    seeds = iter(range(1, 10**9))

    def run(budget: float) -> dict[str, tuple[int, float]]:
        deals = moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            summary = simulate(rules, 10, seed=next(seeds))
            deals += summary.deals
            moves += summary.moves
        elapsed = time.perf_counter() - start
        return {"deals": (deals, elapsed), "moves": (moves, elapsed)}

    return run


@contextmanager
def _python_kernel() -> Iterator[None]:
    """The kernel's Python source in the place of the installed kernel."""
    pure = python_kernel()
    with kernel_replaced(pure.__dict__.__getitem__):
        yield


def _on_python_kernel(measure: Measure) -> Measure:
    def run(budget: float) -> dict[str, tuple[int, float]]:
        with _python_kernel():
            return measure(budget)

    return run


def _api(rules: Rules) -> Measure:
    rng = random.Random(3)
    seeds = iter(range(1, 10**9))

    def run(budget: float) -> dict[str, tuple[int, float]]:
        choice = rng.choice
        moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            state = rules.new_match(next(seeds))
            while not state.is_over:
                state = state.apply(choice(state.legal_moves()))
                moves += 1
        return {"moves": (moves, time.perf_counter() - start)}

    return run


class DataRules:
    """Hearts until broken wherever a heart may not be led, and play counter-clockwise."""

    @staticmethod
    @hookimpl(wrapper=True)
    def kinglib_contracts(rules: Rules) -> Any:
        """Every heart-lead ban becomes "until broken"."""
        contracts = dict((yield))
        for cid, contract in contracts.items():
            play = contract.trick_rules
            if play.lead_rule("hearts") == "never":
                contracts[cid] = attrs.evolve(
                    contract, trick_rules=play.with_lead("hearts", "broken")
                )
        return contracts

    @staticmethod
    @hookimpl
    def kinglib_direction(rules: Rules) -> str:
        """Counter-clockwise."""
        return "counterclockwise"


class NoDutyToTrump:
    """The trump rounds without the duty to trump: a void player may discard."""

    @staticmethod
    @hookimpl(wrapper=True)
    def kinglib_contracts(rules: Rules) -> Any:
        """The trump rounds' void players may discard."""
        contracts = dict((yield))
        trumps = contracts["trumps"]
        play = attrs.evolve(trumps.trick_rules, void="discard")
        return {**contracts, "trumps": attrs.evolve(trumps, trick_rules=play)}


# ---------------------------------------------------------------------------- OpenSpiel


def _hearts_cpp(pyspiel: Any) -> Measure:
    game = pyspiel.load_game("hearts")
    bots = [pyspiel.make_uniform_random_bot(seat, 1 + seat) for seat in range(4)]
    seeds = iter(range(1, 10**9))

    def run(budget: float) -> dict[str, tuple[int, float]]:
        plays = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            pyspiel.evaluate_bots(game.new_initial_state(), bots, next(seeds))
            plays += 52
        return {"plays": (plays, time.perf_counter() - start)}

    return run


def _hearts_python(pyspiel: Any, *, play_only: bool) -> Measure:
    game = pyspiel.load_game("hearts")
    rng = random.Random(5)

    def run(budget: float) -> dict[str, tuple[int, float]]:
        choice = rng.choice
        plays = 0
        elapsed = 0.0
        while elapsed < budget:
            state = game.new_initial_state()
            t0 = time.perf_counter()
            if play_only:
                while len(state.history()) < 53:
                    state.apply_action(choice(state.chance_outcomes())[0])
                for _ in range(12 if state.history()[0] else 0):
                    state.apply_action(choice(state.legal_actions()))
                t0 = time.perf_counter()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(choice(state.chance_outcomes())[0])
                else:
                    state.apply_action(choice(state.legal_actions()))
            elapsed += time.perf_counter() - t0
            plays += 52
        return {"plays": (plays, elapsed)}

    return run


# ---------------------------------------------------------------------------- running


def _rounds(
    measures: dict[str, Measure], rounds: int, budget: float
) -> dict[str, dict[str, float]]:
    rates: dict[str, dict[str, list[float]]] = {name: {} for name in measures}
    for measure in measures.values():
        measure(0.0)  # warm up: caches, imports
    for _ in range(rounds):
        for name, measure in measures.items():
            for unit, (count, seconds) in measure(budget).items():
                rates[name].setdefault(unit, []).append(count / seconds)
    return {
        name: {unit: statistics.median(values) for unit, values in units.items()}
        for name, units in rates.items()
    }


def main(argv: list[str] | None = None) -> int:
    """Run the measurements and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    parser.add_argument("--rounds", type=int, help="rounds of interleaved measurements")
    parser.add_argument("--budget", type=float, help="seconds per measurement and round")
    args = parser.parse_args(argv)
    rounds = args.rounds or (2 if args.quick else 7)
    budget = args.budget or (0.05 if args.quick else 1.0)

    simple = load_rules("simple")
    measures: dict[str, Measure] = {
        "floor": _floor(),
        "simulate": _simulated(simple),
        "simulate:python": _on_python_kernel(_simulated(simple)),
        "data rules": _simulated(load_rules("simple", plugins=[DataRules])),
        "otygrysh": _simulated(load_rules("simple", scheme="otygrysh")),
        "no duty to trump": _simulated(
            load_rules("simple", scheme="otygrysh", plugins=[NoDutyToTrump])
        ),
        "jokers": _simulated(load_rules("jokers")),
        "domino": _simulated(load_rules("domino")),
        "api": _api(simple),
    }
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
    if pyspiel is not None:
        measures["hearts:cpp"] = _hearts_cpp(pyspiel)
        measures["hearts:python"] = _hearts_python(pyspiel, play_only=False)
        measures["hearts:play"] = _hearts_python(pyspiel, play_only=True)
    rates = _rounds(measures, rounds, budget)

    print(f"kinglib {kinglib.__version__}, {kinglib.kernel_info()}")
    print(f"{rounds} rounds, {budget:g} s per measurement and round; medians\n")
    floor = rates["floor"]
    sim, sim_py = rates["simulate"], rates["simulate:python"]
    print(f"plain-Python floor: {floor['deals']:,.0f} deals/s, {floor['plays']:,.0f} card plays/s")
    print(
        f"simulate simple, installed kernel: {sim['deals']:,.0f} deals/s, {sim['moves']:,.0f} "
        f"card plays/s ({sim['moves'] / floor['plays']:.2f} of the floor's card plays, "
        f"{sim['deals'] / floor['deals']:.2f} of its deals)"
    )
    print(
        f"simulate simple, Python kernel:    {sim_py['deals']:,.0f} deals/s, "
        f"{sim_py['moves']:,.0f} card plays/s ({sim_py['moves'] / floor['plays']:.2f} of the "
        f"floor's card plays, {sim_py['deals'] / floor['deals']:.2f} of its deals)"
    )
    for name, against in (
        ("data rules", "simulate"),
        ("no duty to trump", "otygrysh"),
        ("jokers", "simulate"),
        ("domino", "simulate"),
    ):
        ours, theirs = rates[name], rates[against]
        print(
            f"{name}: {ours['deals']:,.0f} deals/s, {ours['moves']:,.0f} moves/s: "
            f"{ours['deals'] / theirs['deals']:.2f} of {against}'s deals/s, "
            f"{ours['moves'] / theirs['moves']:.2f} of its moves/s"
        )
    api = rates["api"]["moves"]
    print(f"public API, random playouts of simple: {api:,.0f} moves/s")
    if pyspiel is not None:
        cpp = rates["hearts:cpp"]["plays"]
        whole = rates["hearts:python"]["plays"]
        phase = rates["hearts:play"]["plays"]
        print(f"OpenSpiel Hearts, C++ loop: {cpp:,.0f} card plays/s")
        print(f"OpenSpiel Hearts from Python: {whole:,.0f} (whole game), {phase:,.0f} (play phase)")
        print(
            f"ratios: simulate / C++ loop {sim['moves'] / cpp:.2f}; API / Hearts from Python "
            f"{api / whole:.2f} (whole game), {api / phase:.2f} (play phase)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
