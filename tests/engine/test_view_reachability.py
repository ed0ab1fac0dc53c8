"""Nothing reachable from a view shows a state or another seat's hand.

A bot given a :class:`~kinglib.View` may walk its attributes, and those of the
:class:`~kinglib.Rules` it references (the phases, the plugin manager, the house rules), as
far as it likes: it must find no :class:`~kinglib.State` and no other seat's hand there, in
any variant, at any point of a match, even after the rules served other seats' states.
"""

from __future__ import annotations

import random
import types
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

import kinglib
from kinglib import CardSet, State
from tests.support import house_rules_sample

# Objects whose insides are code or shared definitions, not data a view could hold: a
# contract's trick rules are fixed when the rules are built, before any card is dealt.
_OPAQUE = (
    types.ModuleType,
    type,
    types.CodeType,
    types.FrameType,
    str,
    bytes,
    int,
    float,
    kinglib.TrickRules,
)


def _children(obj: Any) -> Iterator[Any]:
    """The objects ``obj`` refers to as data: items, attributes, closure cells."""
    if isinstance(obj, Mapping):
        for key, value in obj.items():
            yield key
            yield value
        return
    if isinstance(obj, (tuple, list, set, frozenset)):
        yield from obj
        return
    if isinstance(obj, types.FunctionType):
        for cell in obj.__closure__ or ():
            try:
                yield cell.cell_contents
            except ValueError:  # an empty cell
                continue
        yield from obj.__defaults__ or ()
        yield from (obj.__kwdefaults__ or {}).values()
        return
    if isinstance(obj, types.MethodType):
        yield obj.__self__
        yield obj.__func__
        return
    if isinstance(obj, (types.BuiltinFunctionType, types.BuiltinMethodType)):
        owner = getattr(obj, "__self__", None)
        if owner is not None and not isinstance(owner, types.ModuleType):
            yield owner
        return
    yield from getattr(obj, "__dict__", {}).values()
    for cls in type(obj).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if isinstance(slot, str) and hasattr(obj, slot):
                yield getattr(obj, slot)


def reachable(root: Any) -> Iterator[Any]:
    """Every object reachable from ``root`` through :func:`_children`, once each."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        yield obj
        if isinstance(obj, _OPAQUE):
            continue
        stack.extend(_children(obj))


def leaks(state: State, seat: int) -> list[str]:
    """What the view of ``seat`` lets a bot reach that it must not: states, others' hands."""
    view = state.view(seat)
    others = {
        mask
        for other, mask in enumerate(state.hands_mask)
        if other != seat and mask and mask != state.hands_mask[seat]
    }
    found = []
    for obj in reachable(view):
        if isinstance(obj, State):
            found.append(f"a State: {obj!r}")
        elif isinstance(obj, CardSet) and obj.mask in others:
            found.append(f"another seat's hand: {obj}")
        elif type(obj) is int and obj in others and obj.bit_count() > 1 and obj >= 1 << 16:
            found.append(f"another seat's hand as a mask: {obj:#x}")
    return found


def _states(rules: kinglib.Rules, seed: int, every: int) -> Iterator[State]:
    """States of one random match of ``rules``, every ``every`` moves, listed and played."""
    rng = random.Random(seed)
    state = rules.new_match(seed)
    count = 0
    while not state.is_over:
        moves = state.legal_moves()
        if count % every == 0:
            yield state
        state = state.apply(rng.choice(moves))
        count += 1
    yield state


@pytest.mark.parametrize("variant", kinglib.variant_names())
def test_no_view_reaches_a_state_or_another_hand(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    for state in _states(rules, 5, 23):
        for seat in range(rules.players):
            assert leaks(state, seat) == [], (variant, state)


def test_no_view_reaches_a_state_under_house_rules() -> None:
    rules = kinglib.load_rules("simple", plugins=[house_rules_sample])
    for state in _states(rules, 3, 17):
        for seat in range(rules.players):
            assert leaks(state, seat) == []


def test_the_walk_finds_a_state_kept_on_the_rules() -> None:
    # The walk itself must be able to fail: a phase that caches a state is found.
    rules = kinglib.load_rules("simple")
    state = rules.new_match(1)
    phase_rules = rules.phases[kinglib.Phase.PLAY]
    phase_rules.__dict__["cache"] = (state, 0)
    try:
        found = leaks(state, 0)
    finally:
        del phase_rules.__dict__["cache"]
    assert any(text.startswith("a State") for text in found)
    assert any("another seat's hand" in text for text in found)
