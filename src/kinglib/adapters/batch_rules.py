"""The kernel's trick rules over a batch of games: numpy bit operations on ``uint64`` arrays.

Each function here is the batch form of the kernel function of the same name in
:mod:`kinglib.engine.kernel`: it takes one entry per game (a hand, a trick, a seat...) and the rules
of each game's deal as the columns of a :class:`BatchRules`, and answers for every game at once.
A differential test compares each with the kernel's scalar function over random deal rules,
hands and tricks, so the kernel stays the one definition of every rule.

The batch plays suited cards only: rules with jokers (``R_JOKERS``) or with a draw from the
stock (``VOID_DRAW``) are refused by :meth:`BatchRules.of`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from kinglib.engine.kernel import (
    OVER_ALWAYS,
    R_BROKEN,
    R_EARLY_END,
    R_FOLLOW_DUTY,
    R_FREE,
    R_JOKERS,
    R_LAST_SCORING,
    R_MAKER,
    R_MAKER_ONLY,
    R_MISERE,
    R_NEVER,
    R_OVERTRUMP,
    R_PLAYERS,
    R_SCORING,
    R_STEP,
    R_TRUMPS,
    R_UNDER_DUTY,
    R_VOID,
    R_VOID_DUTY,
    SUIT_MASKS,
    VOID_DRAW,
    VOID_TRUMP,
    DealRules,
)

__all__ = [
    "BatchRules",
    "Masks",
    "best_bit",
    "bit_count",
    "bit_index",
    "broken_after",
    "follow_mask",
    "high_bit",
    "lead_mask",
    "led_mask",
    "low_bit",
    "next_to_play",
    "nth_bit",
    "winning_cards",
]

#: An array of masks, one per game.
Masks = npt.NDArray[np.uint64]
Ints = npt.NDArray[np.int64]

_U0 = np.uint64(0)
_U1 = np.uint64(1)
_SUITS = np.array(SUIT_MASKS, np.uint64)
#: The suit mask of each card index (0 past the 52 suited cards, and for index 64: no card).
_SUIT_OF = np.array([SUIT_MASKS[i // 13] if i < 52 else 0 for i in range(65)], np.uint64)

_SHIFTS = [np.uint64(s) for s in (1, 2, 4, 8, 16, 32)]


def low_bit(x: Masks) -> Masks:
    """The lowest set bit of each mask (0 for 0)."""
    out: Masks = x & (~x + _U1)
    return out


def high_bit(x: Masks) -> Masks:
    """The highest set bit of each mask (0 for 0)."""
    y = x.copy()
    for shift in _SHIFTS:
        y |= y >> shift
    out: Masks = y ^ (y >> _U1)
    return out


def bit_count(x: Masks) -> Ints:
    """The number of set bits of each mask."""
    return np.bitwise_count(x).astype(np.int64)


def bit_index(bit: Masks) -> npt.NDArray[np.uint8]:
    """The index of each one-bit mask (the number of bits below it; 64 for 0)."""
    out: npt.NDArray[np.uint8] = np.bitwise_count(bit - _U1)
    return out


def nth_bit(x: Masks, k: npt.NDArray[Any]) -> Masks:
    """The ``k``-th lowest set bit of each mask (``k`` from 0; 0 when it has fewer bits)."""
    x = x.copy()
    k = k.astype(np.uint64)
    for _ in range(int(k.max(initial=0))):
        skip = np.minimum(k, _U1)
        x &= x - skip
        k -= skip
    return low_bit(x)


class BatchRules:
    """The rules of each game's deal as columns: one entry per game for every field.

    Build it with :meth:`of` from the kernel's :data:`~kinglib.engine.kernel.DealRules` of each
    game, or :meth:`take` rows of a table of distinct rules. The flags ``has_*`` say whether any row
    of the table uses a rule, so that the batch functions skip what no game can need.

    Attributes:
        players: the number of seats (the same in every game).
        step: the step to the next seat in the direction of play (the same in every game).
        never, broken, maker_only, trumps, void_duty, follow_duty, under_duty, free, scoring:
            the masks of ``R_NEVER`` ... ``R_SCORING``.
        maker, void, overtrump, last_scoring: the integers of ``R_MAKER``, ``R_VOID``,
            ``R_OVERTRUMP``, ``R_LAST_SCORING``.
        misere, early_end: the flags of ``R_MISERE`` and ``R_EARLY_END``.

    """

    _MASKS = (
        ("never", R_NEVER),
        ("broken", R_BROKEN),
        ("maker_only", R_MAKER_ONLY),
        ("trumps", R_TRUMPS),
        ("void_duty", R_VOID_DUTY),
        ("follow_duty", R_FOLLOW_DUTY),
        ("under_duty", R_UNDER_DUTY),
        ("free", R_FREE),
        ("scoring", R_SCORING),
    )
    _INTS = (
        ("maker", R_MAKER),
        ("void", R_VOID),
        ("overtrump", R_OVERTRUMP),
        ("last_scoring", R_LAST_SCORING),
    )
    _FLAGS = (("misere", R_MISERE), ("early_end", R_EARLY_END))
    _HAS = (
        "has_lead_rules",
        "has_broken",
        "has_trumps",
        "has_follow_duty",
        "has_under_duty",
        "has_overtrump",
        "has_void_duty",
        "has_free",
        "has_misere",
    )

    players: int
    step: int
    never: Masks
    broken: Masks
    maker_only: Masks
    trumps: Masks
    void_duty: Masks
    follow_duty: Masks
    under_duty: Masks
    free: Masks
    scoring: Masks
    maker: Ints
    void: Ints
    overtrump: Ints
    last_scoring: Ints
    misere: npt.NDArray[np.bool_]
    early_end: npt.NDArray[np.bool_]

    @classmethod
    def of(cls, rules: Sequence[DealRules]) -> BatchRules:
        """The columns of ``rules``, one :data:`~kinglib.engine.kernel.DealRules` per game.

        Raises :class:`ValueError` for rules the batch does not play: different player counts
        or directions, jokers, or a draw from the stock.
        """
        if not rules:
            raise ValueError("a batch of rules needs at least one game")
        first = rules[0]
        for row in rules:
            if row[R_PLAYERS] != first[R_PLAYERS] or row[R_STEP] != first[R_STEP]:
                raise ValueError("every game of a batch has the same seats and direction")
            if row[R_JOKERS]:
                raise ValueError("the batch plays no jokers")
            if row[R_VOID] == VOID_DRAW:
                raise ValueError("the batch plays no draws from the stock")
        out = object.__new__(cls)
        out.players = first[R_PLAYERS]
        out.step = first[R_STEP]
        for name, at in cls._MASKS:
            setattr(out, name, np.array([row[at] for row in rules], np.uint64))
        for name, at in cls._INTS:
            setattr(out, name, np.array([row[at] for row in rules], np.int64))
        for name, at in cls._FLAGS:
            setattr(out, name, np.array([bool(row[at]) for row in rules], np.bool_))
        out._flags()
        return out

    def take(self, rows: Ints) -> BatchRules:
        """The rules of games whose rules are rows ``rows`` of this table."""
        out = object.__new__(BatchRules)
        out.players = self.players
        out.step = self.step
        for name, _ in (*self._MASKS, *self._INTS, *self._FLAGS):
            setattr(out, name, getattr(self, name)[rows])
        for name in self._HAS:
            setattr(out, name, getattr(self, name))
        return out

    def put(self, games: Any, source: BatchRules) -> None:
        """Set the rules of ``games`` (an index or a boolean array) to those of ``source``.

        The flags stay those of this batch: ``source`` must be taken from the same table.
        """
        for name, _ in (*self._MASKS, *self._INTS, *self._FLAGS):
            getattr(self, name)[games] = getattr(source, name)

    def _flags(self) -> None:
        self.has_lead_rules = bool((self.never | self.broken | self.maker_only).any())
        self.has_broken = bool(self.broken.any())
        self.has_trumps = bool(self.trumps.any())
        self.has_follow_duty = bool(self.follow_duty.any())
        self.has_under_duty = bool(self.under_duty.any())
        self.has_overtrump = bool(self.overtrump.any())
        self.has_void_duty = bool(self.void_duty.any())
        self.has_free = bool(self.free.any())
        self.has_misere = bool(self.misere.any())


def lead_mask(hand: Masks, seat: Ints, broken: Masks, rules: BatchRules) -> Masks:
    """The cards of each ``hand`` that ``seat`` may lead (the kernel's ``lead_mask``)."""
    if not rules.has_lead_rules:
        return hand
    barred = rules.never | (rules.broken & ~broken)
    barred = barred | np.where(seat != rules.maker, rules.maker_only, _U0)
    allowed = hand & ~barred
    return np.where(allowed != _U0, allowed, hand)


def led_mask(index: npt.NDArray[Any], rules: BatchRules) -> Masks:
    """The mask of the suit led by card ``index`` (:func:`kinglib.engine.kernel.led_mask`)."""
    out: Masks = _SUIT_OF[index]
    return out


def follow_mask(hand: Masks, led: Masks, trick_mask: Masks, rules: BatchRules) -> Masks:
    """The cards of each ``hand`` that may follow (:func:`kinglib.engine.kernel.follow_mask`)."""
    follow = hand & led
    trumps = rules.trumps
    # The player holds the led suit.
    held = follow
    if rules.has_free:
        held = follow | (hand & rules.free)
    if rules.has_overtrump:
        high = trick_mask & trumps
        beat = follow & (low_bit(high) - _U1)
        use = (rules.overtrump != 0) & ((led & trumps) != _U0) & (beat != _U0) & (beat != follow)
        held = np.where(use, beat, held)
    if rules.has_under_duty:
        in_suit = trick_mask & led
        best = low_bit(in_suit)
        under = follow & rules.under_duty & ~(best | (best - _U1))
        held = np.where(under != _U0, under, held)
    if rules.has_follow_duty:
        duty = follow & rules.follow_duty
        held = np.where(duty != _U0, duty, held)
    # The player cannot follow suit.
    void = hand
    if rules.has_trumps:
        trumped = hand & trumps
        beaten = trumped
        beat_now = np.zeros(hand.shape, np.bool_)
        if rules.has_overtrump:
            high = trick_mask & trumps
            beat = trumped & (low_bit(high) - _U1)
            beat_now = (
                (rules.overtrump == OVER_ALWAYS) & (high != _U0) & (beat != _U0) & (beat != trumped)
            )
            beaten = np.where(beat_now, beat, trumped)
        on_trump = np.where(rules.void == VOID_TRUMP, beaten, hand)
        on_trump = np.where(
            (rules.void != VOID_TRUMP) & beat_now, (hand & ~trumps) | beaten, on_trump
        )
        void = np.where(trumped != _U0, on_trump, hand)
    if rules.has_void_duty:
        duty = hand & rules.void_duty
        void = np.where(duty != _U0, duty, void)
    return np.where(follow != _U0, held, void)


def best_bit(trick_mask: Masks, led: Masks, rules: BatchRules) -> Masks:
    """The card that wins each trick (:func:`kinglib.engine.kernel.best_bit`, without jokers)."""
    in_led = trick_mask & led
    if rules.has_misere:
        led_best = np.where(rules.misere, high_bit(in_led), low_bit(in_led))
    else:
        led_best = low_bit(in_led)
    if not rules.has_trumps:
        return led_best
    trumped = trick_mask & rules.trumps
    return np.where(trumped != _U0, low_bit(trumped), led_best)


def winning_cards(legal: Masks, trick_mask: Masks, led: Masks, rules: BatchRules) -> Masks:
    """The cards of ``legal`` that would be winning each trick if played now.

    The cards ``c`` for which :func:`kinglib.engine.kernel.would_win` holds (no jokers), for a trick
    already begun (``trick_mask`` not 0).
    """
    in_led = trick_mask & led
    if rules.has_misere:
        high = high_bit(in_led)
        above_misere = ~((high << _U1) - _U1)
        beats_led = np.where(rules.misere, above_misere, low_bit(in_led) - _U1)
    else:
        beats_led = low_bit(in_led) - _U1
    wins = legal & led & beats_led
    if not rules.has_trumps:
        out: Masks = wins
        return out
    trumps = rules.trumps
    trumped = trick_mask & trumps
    over = legal & trumps & (low_bit(trumped) - _U1)
    beaten: Masks = np.where(trumped != _U0, over, wins | (legal & trumps & ~led))
    return beaten


def next_to_play(hands: Masks, seat: Ints, leader: Ints, rules: BatchRules) -> Ints:
    """The next seat to play to each trick (:func:`kinglib.engine.kernel.next_to_play`).

    ``hands`` is an array of shape ``(games, players)``; seats with empty hands are passed
    over, and the leader is answered when the trick is complete.
    """
    players, step = rules.players, rules.step
    games = np.arange(len(seat))
    nxt = (seat + step) % players
    while True:
        empty = (nxt != leader) & (hands[games, nxt] == _U0)
        if not empty.any():
            return nxt
        nxt = np.where(empty, (nxt + step) % players, nxt)


def broken_after(broken: Masks, trick_mask: Masks, led: Masks) -> Masks:
    """The suits broken after each trick (:func:`kinglib.engine.kernel.broken_after`)."""
    off = trick_mask & ~led
    out: Masks = broken.copy()
    for suit in _SUITS:
        out |= np.where((off & suit) != _U0, suit, _U0)
    return out


def is_decided(tricks_done: Ints, remaining: Masks, rules: BatchRules) -> npt.NDArray[np.bool_]:
    """Whether the cards ``remaining`` can no longer change any score (kernel ``is_decided``)."""
    out: npt.NDArray[np.bool_] = (tricks_done >= rules.last_scoring) & (
        (remaining & rules.scoring) == _U0
    )
    return out
