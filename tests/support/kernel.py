"""Strategies for the kernel's tests: deal rules of every kind, hands, tricks."""

from __future__ import annotations

from hypothesis import strategies as st

from kinglib.engine import kernel
from kinglib.engine.kernel import DealRules, deal_rules_of
from kinglib.values.cards import Card

MASKS = st.integers(min_value=0, max_value=(1 << 54) - 1)
SUITED = st.integers(min_value=0, max_value=(1 << 52) - 1)
SUITS = st.sampled_from(kernel.SUIT_MASKS)


def bits(text: str) -> int:
    """The mask of the cards written in ``text``."""
    mask = 0
    for word in text.split():
        mask |= Card.parse(word).mask
    return mask


def suit_set() -> st.SearchStrategy[int]:
    """A union of some of the four suits (possibly none)."""
    return st.lists(SUITS, max_size=4).map(lambda suits: sum(set(suits)))


@st.composite
def deal_rules(draw: st.DrawFn, jokers: bool | None = None) -> DealRules:
    """Deal rules with any restriction, duty, ranking and direction the kernel knows."""
    players = draw(st.integers(min_value=2, max_value=6))
    trumps = draw(st.sampled_from([0, *kernel.SUIT_MASKS]))
    with_jokers = draw(st.booleans()) if jokers is None else jokers
    joker_suit = kernel.HEARTS if with_jokers else 0
    return deal_rules_of(
        players,
        step=draw(st.sampled_from([1, players - 1])),
        never=draw(suit_set()),
        broken=draw(suit_set()),
        maker_only=trumps if draw(st.booleans()) else 0,
        maker=draw(st.integers(min_value=-1, max_value=players - 1)),
        trumps=trumps,
        void=draw(st.sampled_from([kernel.VOID_TRUMP, kernel.VOID_DISCARD, kernel.VOID_DRAW])),
        overtrump=draw(
            st.sampled_from([kernel.OVER_NEVER, kernel.OVER_TRUMP_LEAD, kernel.OVER_ALWAYS])
        ),
        void_duty=draw(st.sampled_from([0, bits("KH"), bits("QS QH QD QC")])),
        follow_duty=draw(st.sampled_from([0, bits("KH")])),
        under_duty=draw(st.sampled_from([0, bits("QS QH QD QC"), bits("KH")])),
        misere=draw(st.booleans()),
        jokers=kernel.JOKERS if with_jokers else 0,
        joker_suit=joker_suit,
        joker_high=bits("AH KH QH JH") if with_jokers else 0,
        free=kernel.JOKERS if with_jokers and draw(st.booleans()) else 0,
        early_end=draw(st.booleans()),
        last_scoring=draw(st.integers(min_value=0, max_value=13)),
        scoring=draw(st.sampled_from([0, kernel.HEARTS, bits("QS QH QD QC KH")])),
        kitty=draw(st.booleans()),
    )
