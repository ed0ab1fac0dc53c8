"""The installed trick kernel against its Python source, call for call and deal for deal.

``kinglib.engine.kernel`` is the compiled extension when kinglib was built with
``KINGLIB_COMPILE=1``
and the Python module otherwise; :data:`PURE` is always the module's Python source, loaded
under another name. Every kernel function that the engine calls is replaced by a twin that
calls both and asserts that they return the same (every legal mask, every trick's winner,
every whole deal with the hands, piles and generators it leaves), while random matches of
every variant are played; the final states must equal those the Python kernel reaches alone.
In a build without the compiled kernel the two sides are two loads of the same source, and
the test still checks that the engine's every kernel call is covered and deterministic.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import kinglib
import kinglib.engine.dealing
import kinglib.engine.random_match
import kinglib.engine.tricks
from kinglib.engine import kernel
from kinglib.engine.builds import kernel_replaced, kernel_users, python_kernel
from kinglib.engine.kernel import DealRules
from kinglib.engine.random_match import random_match
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import TrickPlay
from kinglib.players.bots import Bot, HeuristicBot, RandomBot, SearchBot
from kinglib.players.matches import game_seed
from tests.support import VARIANTS, player_counts, rules_for
from tests.support.kernel import MASKS, SUITED, deal_rules

PURE = python_kernel()

SUITS = st.sampled_from([*kernel.SUIT_MASKS, kernel.HEARTS | kernel.JOKERS])


def _clone(arg: Any) -> Any:
    """A copy of a kernel argument that the pure twin may consume: lists, generators' draws."""
    if isinstance(arg, (list, tuple)) and not isinstance(arg, str):
        cloned = [_clone(item) for item in arg]
        return cloned if isinstance(arg, list) else tuple(cloned)
    if isinstance(arg, kernel.Draws):
        twin = PURE.Draws(_clone(arg.getrandbits), arg.ahead)
        twin.words, twin.at = list(arg.words), arg.at
        return twin
    owner = getattr(arg, "__self__", None)
    if isinstance(owner, random.Random):
        twin = random.Random()
        twin.setstate(owner.getstate())
        return getattr(twin, arg.__name__)
    return arg


def _observed(arg: Any) -> Any:
    """What a kernel call may have changed in an argument: list contents, generator states."""
    if isinstance(arg, (list, tuple)) and not isinstance(arg, str):
        return [_observed(item) for item in arg]
    if isinstance(arg, (kernel.Draws, PURE.Draws)):
        return (_observed(arg.getrandbits), arg.words, arg.at)
    owner = getattr(arg, "__self__", None)
    if isinstance(owner, random.Random):
        return owner.getstate()
    return arg


def _twin(calls: Counter[str], name: str) -> Callable[..., Any]:
    """The kernel function ``name`` of both builds, asserting that they agree on each call.

    A class (the draws of a generator) stays the installed build's: its objects are cloned
    into the pure build's for each call.
    """
    installed, pure = getattr(kernel, name), getattr(PURE, name)
    if isinstance(installed, type):
        return installed

    def both(*args: Any, **kwargs: Any) -> Any:
        copies = [_clone(arg) for arg in args]
        expected = pure(*copies, **kwargs)
        got = installed(*args, **kwargs)
        assert got == expected, (name, args, kwargs)
        assert [_observed(a) for a in args] == [_observed(c) for c in copies], name
        calls[name] += 1
        return got

    return both


def _matches(variant: str, players: int, count: int) -> list[State]:
    rules = rules_for(variant, players)
    return [random_match(rules, game_seed(19, i)) for i in range(count)]


def _public(variant: str, players: int) -> State:
    rules = rules_for(variant, players)
    seed = game_seed(23, players)
    bots = [RandomBot(game_seed(seed, seat)) for seat in range(players)]
    return kinglib.play(rules, bots, seed=seed)


def _uses_kernel(variant: str) -> bool:
    """Whether the card play of ``variant`` is the kernel's trick play (or built on it)."""
    return isinstance(rules_for(variant).phases.get(Phase.PLAY), TrickPlay)


KERNEL_VARIANTS = [variant for variant in VARIANTS if _uses_kernel(variant)]


def test_every_module_that_calls_the_kernel_is_found_and_replaced() -> None:
    source = Path(kinglib.__file__).parent.parent
    texts = {
        ".".join(path.relative_to(source).with_suffix("").parts): path.read_text(encoding="utf-8")
        for path in source.rglob("*.py")
    }
    importers = {
        name for name, text in texts.items() if "from kinglib.engine.kernel import" in text
    }
    for name in importers:  # every one loaded, so that the search can find it
        __import__(name)
    users = set(kernel_users())
    # Every module holding a kernel function imports it by name (and is found): none reaches
    # the kernel through the module, where kernel_replaced would not see the call.
    assert (
        {"kinglib.engine.tricks", "kinglib.engine.random_match", "kinglib.players.playouts"}
        <= users
        <= importers
    )
    reaching = {
        name
        for name, text in texts.items()
        if "kernel." in text.replace("kinglib.engine.kernel", "")
        and ("from kinglib.engine import kernel" in text or "import kinglib.engine.kernel" in text)
    }
    assert reaching <= {"kinglib.engine.builds"}


@pytest.mark.parametrize("variant", ["simple", "bidding", "jokers"])
def test_both_kernels_agree_on_the_search_bots_playouts(variant: str) -> None:
    rules = rules_for(variant)

    def match() -> State:
        """The first deal, the search bot in seat 0."""
        bots: list[Bot] = [SearchBot(seed=3, worlds=1)]
        bots += [HeuristicBot() for _ in range(rules.players - 1)]
        state = rules.new_match(seed=game_seed(29, 1))
        while state.deal_number == 1:
            seat = state.to_move
            assert seat is not None
            state = state.apply(bots[seat].choose_move(state.view(seat)))
        return state

    calls: Counter[str] = Counter()
    with kernel_replaced(partial(_twin, calls)):
        twinned = match()
    with kernel_replaced(partial(getattr, PURE)):
        interpreted = match()
    assert twinned == interpreted
    assert calls["play_deal"] > 0, calls


def test_the_trick_taking_variants_use_the_kernel() -> None:
    assert {"simple", "jokers", "bidding"} <= set(KERNEL_VARIANTS)


@pytest.mark.parametrize("variant", KERNEL_VARIANTS)
def test_both_kernels_agree_on_every_call_of_every_variant(variant: str) -> None:
    for players in player_counts(variant):
        calls: Counter[str] = Counter()
        with kernel_replaced(partial(_twin, calls)):
            twinned = [*_matches(variant, players, 3), _public(variant, players)]
        with kernel_replaced(partial(getattr, PURE)):
            interpreted = [*_matches(variant, players, 3), _public(variant, players)]
        assert twinned == interpreted
        assert all(state.is_over for state in twinned)
        # The card play went through the kernel: its calls were compared.
        assert sum(calls.values()) > 0, calls


@given(MASKS, st.integers(min_value=0, max_value=5), MASKS, deal_rules())
def test_both_kernels_lead_alike(hand: int, seat: int, broken: int, rules: DealRules) -> None:
    assert kernel.lead_mask(hand, seat, broken, rules) == PURE.lead_mask(hand, seat, broken, rules)


@given(MASKS, SUITS, MASKS, deal_rules(), st.booleans())
def test_both_kernels_follow_alike(
    hand: int, led: int, trick: int, rules: DealRules, stock_left: bool
) -> None:
    args = (hand, led, trick | (led & -led), rules, stock_left)
    assert kernel.follow_rule(*args) == PURE.follow_rule(*args)


@given(SUITED.filter(bool), SUITS, deal_rules())
def test_both_kernels_pick_the_same_winner(trick: int, led: int, rules: DealRules) -> None:
    cards = [i for i in range(52) if trick >> i & 1]
    if not trick & (led | rules[kernel.R_TRUMPS]):
        led = kernel.SUIT_OF[cards[0]]
    codes = [kernel.play_code(k % 6, index) for k, index in enumerate(cards)]
    assert kernel.trick_winner(codes, trick, led, rules) == PURE.trick_winner(
        codes, trick, led, rules
    )


def test_every_card_is_its_own_bit_in_both_kernels() -> None:
    # The highest cards are where a 32-bit shift would go wrong.
    everything = kernel.SUITED | kernel.JOKERS
    for index in range(54):
        bit = 1 << index
        assert kernel.bit_index(bit) == PURE.bit_index(bit) == index
        for misere in (False, True):
            rules = kernel.deal_rules_of(4, misere=misere)
            assert kernel.best_bit(bit | 1, everything, rules, 0) == (bit if misere else 1)
    # The follow rule's reason sits above the 54 bits of the cards, in both builds.
    duty = kernel.deal_rules_of(4, void_duty=1 << 53)
    for build in (kernel, PURE):
        got = build.follow_rule((1 << 53) | 1, kernel.HEARTS, 1 << 13, duty, False)
        assert got & build.MASK_BITS == 1 << 53
        assert got >> build.REASON_SHIFT == build.FOLLOW_VOID_DUTY


@given(
    st.integers(min_value=0, max_value=2**32),
    st.integers(min_value=0, max_value=13),
    st.sampled_from([1, 3]),
)
def test_both_kernels_lay_out_alike(seed: int, start: int, step: int) -> None:
    # A 52-card deal in four hands; ``start`` 13: any card opens, else the rank at that place.
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    opening = 0 if start == 13 else kernel.RANK_ROW << start
    laid = []
    for build in (kernel, PURE):
        hands = [sum(1 << i for i in cards[13 * s : 13 * s + 13]) for s in range(4)]
        draws = [build.Draws(random.Random(seed + s).getrandbits) for s in range(4)]
        out: list[int] = []
        played: list[int] = []
        ends = build.lay_out(hands, seed % 4, opening, 0, kernel.SUITED, step, out, played, draws)
        laid.append((ends, hands, out, played))
        # Every card of the pack is laid out or still held by the one seat left holding cards.
        layout, _ = ends
        assert layout | sum(hands) == kernel.SUITED and len(out) == 3
        assert sorted(i for i in played if i >= 0) == sorted(i for i in cards if layout >> i & 1)
    assert laid[0] == laid[1]
