"""The trick kernel: every rule of the trick play, and whole deals, on plain integers.

Every rule that a trick-taking deal applies card by card is written here once, as a plain
function of integers: what may lead, what must follow, who wins the trick, who plays next in
either direction, when a deal is decided, and what it scores. The PLAY phase
(:class:`~kinglib.engine.tricks.TrickPlay`, one card at a time through :meth:`State.apply
<kinglib.engine.state.State.apply>`), the whole-deal play of simulations and of the search bot's
playouts, and the adapters all call these functions. The module imports nothing of kinglib, so
that it compiles on its own with mypyc (``KINGLIB_COMPILE=1 pip install kinglib``).

Cards are bits: card index ``i`` (0 to 53) is the bit ``1 << i``; the thirteen cards of a suit
are thirteen consecutive bits, its ace the lowest (the lowest bit of a suit is its best card);
indices 52 and 53 are the jokers. A hand, a trick or a pile is the sum of its cards' bits, a
*mask*. A seat is an int from 0. A play is coded as ``seat << 6 | index`` (:func:`play_code`);
a draw from the stock as ``seat << 6 | DRAW_INDEX``.

The masks are typed ``mypy_extensions.i64`` (a plain ``int`` when the module is interpreted), so
that the module compiles to native 64-bit arithmetic: every mask fits in 54 bits. A single bit
is made as ``ONE << index`` from the module-level variable ``ONE: i64`` (not ``Final``, and never
a literal ``1``, which the compiled code shifts in 32 bits).

The rules of one deal are a :data:`DealRules` tuple, built once a deal from the contract's
:class:`~kinglib.values.trick_rules.TrickRules`, the deal's trump and maker, and the direction of
play (:func:`kinglib.engine.tricks.deal_rules`). Its fields, by their index constants:

``R_PLAYERS``, ``R_STEP``
    The number of seats, and the step from one seat to the next in the direction of play (1
    clockwise, ``players - 1`` counter-clockwise).
``R_NEVER``, ``R_BROKEN``, ``R_MAKER_ONLY``, ``R_MAKER``
    The cards that may not lead while the hand holds another card; those that may not lead
    until broken (a card of their suit played to an earlier trick led in another suit); those
    that only the seat ``R_MAKER`` (or -1) may lead while holding another card.
``R_TRUMPS``, ``R_VOID``, ``R_OVERTRUMP``
    The trump suit's mask (or 0); what a void player does (:data:`VOID_TRUMP`, :data:`VOID_DISCARD`,
    :data:`VOID_DRAW`); the duty to beat the highest trump (:data:`OVER_NEVER`,
    :data:`OVER_TRUMP_LEAD`, :data:`OVER_ALWAYS`).
``R_VOID_DUTY``, ``R_FOLLOW_DUTY``, ``R_UNDER_DUTY``
    Cards a void player must play if he holds one; cards a follower must play if he holds one;
    cards a follower must play when they rank below the best card of the led suit in the trick.
``R_MISERE``
    The lowest card of the led suit wins.
``R_JOKERS``, ``R_JOKER_SUIT``, ``R_JOKER_HIGH``, ``R_FREE``
    The jokers that count as cards of a suit (or 0), that suit's mask, the cards of it that
    rank above a joker, and the cards a follower may always play (the jokers when free).
``R_EARLY_END``, ``R_LAST_SCORING``, ``R_SCORING``
    Whether a decided deal ends early; how many tricks must be played before trick scoring is
    over; the cards that score.
``R_KITTY``
    Whether the kitty goes to the winner of the deal's first trick.

The functions:

``lead_mask``, ``led_mask``, ``follow_rule``, ``follow_mask``
    The cards that may lead; the mask of the cards that count as the suit led by a card; the
    cards that may follow (0 when the player must draw from the stock), with the rule that
    decided them (``follow_rule``) or without (``follow_mask``).
``best_bit``, ``trick_winner``, ``would_win``, ``winning_cards``
    The card and the seat that win a trick; whether a card played now would be winning it, and
    which of a hand's cards would.
``next_to_play``, ``broken_after``, ``is_decided``
    The next seat to play in the direction of play (passing over empty hands); the suits
    broken after a trick; whether the cards left can no longer change any score.
``play_deal``
    The one loop: the rest of a deal from a trick's start, each card drawn at random (one
    ``getrandbits`` per seat, as ``random.Random.choice`` draws) or picked by a chooser.
``lay_out``, ``layout_playable``, ``row_playable``
    A fan-tan layout played at random until one seat alone holds cards, and the cards that fit
    the layout, or one of its rows.
``deal_points``, ``deal_cards``, ``deal_rules_of``
    A deal's points from its taken cards and trick winners; the hands cut from a shuffle; a
    :data:`DealRules` tuple from its fields by name.
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable
from typing import Final

from mypy_extensions import i64

__all__ = [
    "DRAWS_LIKE_CHOICE",
    "DRAW_INDEX",
    "FOLLOW_ANY",
    "FOLLOW_DRAW",
    "FOLLOW_DUTY",
    "FOLLOW_OVERTRUMP",
    "FOLLOW_SUIT",
    "FOLLOW_TRUMP",
    "FOLLOW_TRUMP_BEAT",
    "FOLLOW_UNDER",
    "FOLLOW_VOID_DUTY",
    "HEARTS",
    "JOKERS",
    "KING_OF_HEARTS",
    "MASK_BITS",
    "ONE",
    "OVER_ALWAYS",
    "OVER_NEVER",
    "OVER_TRUMP_LEAD",
    "RANK_ROW",
    "REASON_SHIFT",
    "SUITED",
    "SUIT_MASKS",
    "SUIT_OF",
    "VOID_DISCARD",
    "VOID_DRAW",
    "VOID_TRUMP",
    "WORDS_IN_ORDER",
    "Chooser",
    "DealPlay",
    "DealRules",
    "Draws",
    "MatchDeal",
    "WholeDeal",
    "best_bit",
    "bit_index",
    "broken_after",
    "deal_cards",
    "deal_points",
    "deal_rules_of",
    "draw_below",
    "drawn_bit",
    "follow_mask",
    "follow_rule",
    "is_decided",
    "lay_out",
    "layout_playable",
    "lead_mask",
    "led_mask",
    "next_to_play",
    "play_code",
    "play_deal",
    "row_playable",
    "shuffle",
    "shuffle_drawn",
    "trick_winner",
    "whole_deal",
    "whole_match",
    "winner_of",
    "winning_cards",
    "would_win",
]

#: The masks of the four suits, in display order (spades, hearts, diamonds, clubs).
SUIT_MASKS: Final[tuple[int, int, int, int]] = (
    0x1FFF,
    0x1FFF << 13,
    0x1FFF << 26,
    0x1FFF << 39,
)


def _one() -> i64:
    return 1


#: The one bit, as a 64-bit integer: ``ONE << index`` is the bit of card ``index``. Made at
#: import, not written as a literal, which the compiled shift would take as a 32-bit one.
ONE: Final[i64] = _one()
#: The mask of the hearts.
HEARTS: Final[i64] = 0x1FFF << 13
#: The bit of the king of hearts (the second card of the hearts, after the ace).
KING_OF_HEARTS: Final[i64] = ONE << 14
#: The mask of the two jokers.
JOKERS: Final[i64] = (ONE << 52) | (ONE << 53)
#: The mask of the 52 suited cards.
SUITED: Final[i64] = (ONE << 52) - 1
#: The mask of the suit of every card index (0 for a joker).
SUIT_OF: Final[tuple[int, ...]] = tuple(SUIT_MASKS[i // 13] if i < 52 else 0 for i in range(54))
#: The aces of the four suits: ``RANK_ROW << p`` holds the four cards at place ``p`` of their
#: suits (the cards of one rank), ``p = index % 13``.
RANK_ROW: Final[i64] = ONE | (ONE << 13) | (ONE << 26) | (ONE << 39)
#: The card index that codes a draw from the stock (no card has it).
DRAW_INDEX: Final = 63

#: What a player who cannot follow suit does (``R_VOID``).
VOID_TRUMP: Final = 0
VOID_DISCARD: Final = 1
VOID_DRAW: Final = 2
#: The legal cards of a :func:`follow_rule` answer (its low 54 bits), and where its reason is.
MASK_BITS: Final[i64] = (ONE << 54) - 1
REASON_SHIFT: Final = 56
#: The rules that decide a follower's cards, as :func:`follow_rule` reports them.
FOLLOW_SUIT: Final[i64] = 0
FOLLOW_DUTY: Final[i64] = 1
FOLLOW_UNDER: Final[i64] = 2
FOLLOW_OVERTRUMP: Final[i64] = 3
FOLLOW_DRAW: Final[i64] = 4
FOLLOW_VOID_DUTY: Final[i64] = 5
FOLLOW_TRUMP: Final[i64] = 6
FOLLOW_TRUMP_BEAT: Final[i64] = 7
FOLLOW_ANY: Final[i64] = 8
# The reasons in place, made from ONE at import (a compiled shift of two literals would be
# folded into 32 bits).
_UNIT: Final[i64] = ONE << REASON_SHIFT
_WHY_DUTY: Final[i64] = FOLLOW_DUTY * _UNIT
_WHY_UNDER: Final[i64] = FOLLOW_UNDER * _UNIT
_WHY_OVERTRUMP: Final[i64] = FOLLOW_OVERTRUMP * _UNIT
_WHY_DRAW: Final[i64] = FOLLOW_DRAW * _UNIT
_WHY_VOID_DUTY: Final[i64] = FOLLOW_VOID_DUTY * _UNIT
_WHY_TRUMP: Final[i64] = FOLLOW_TRUMP * _UNIT
_WHY_TRUMP_BEAT: Final[i64] = FOLLOW_TRUMP_BEAT * _UNIT
_WHY_ANY: Final[i64] = FOLLOW_ANY * _UNIT
#: The duty to beat the highest trump in the trick (``R_OVERTRUMP``).
OVER_NEVER: Final = 0
OVER_TRUMP_LEAD: Final = 1
OVER_ALWAYS: Final = 2

#: The rules of one deal's trick play, as a plain tuple (see the module's text for each field).
DealRules = tuple[
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    int,
    bool,
    int,
    int,
    int,
    int,
    bool,
    int,
    int,
    bool,
]
R_PLAYERS: Final = 0
R_STEP: Final = 1
R_NEVER: Final = 2
R_BROKEN: Final = 3
R_MAKER_ONLY: Final = 4
R_MAKER: Final = 5
R_TRUMPS: Final = 6
R_VOID: Final = 7
R_OVERTRUMP: Final = 8
R_VOID_DUTY: Final = 9
R_FOLLOW_DUTY: Final = 10
R_UNDER_DUTY: Final = 11
R_MISERE: Final = 12
R_JOKERS: Final = 13
R_JOKER_SUIT: Final = 14
R_JOKER_HIGH: Final = 15
R_FREE: Final = 16
R_EARLY_END: Final = 17
R_LAST_SCORING: Final = 18
R_SCORING: Final = 19
R_KITTY: Final = 20


def deal_rules_of(
    players: int,
    *,
    step: int = 1,
    never: int = 0,
    broken: int = 0,
    maker_only: int = 0,
    maker: int = -1,
    trumps: int = 0,
    void: int = VOID_TRUMP,
    overtrump: int = OVER_NEVER,
    void_duty: int = 0,
    follow_duty: int = 0,
    under_duty: int = 0,
    misere: bool = False,
    jokers: int = 0,
    joker_suit: int = 0,
    joker_high: int = 0,
    free: int = 0,
    early_end: bool = False,
    last_scoring: int = 0,
    scoring: int = 0,
    kitty: bool = False,
) -> DealRules:
    """A :data:`DealRules` tuple from its fields by name (the plain rules by default)."""
    return (
        players,
        step,
        never,
        broken,
        maker_only,
        maker,
        trumps,
        void,
        overtrump,
        void_duty,
        follow_duty,
        under_duty,
        misere,
        jokers,
        joker_suit,
        joker_high,
        free,
        early_end,
        last_scoring,
        scoring,
        kitty,
    )


#: What :func:`play_deal` returns: the codes of each trick's plays (draws included, in play
#: order), each trick's winner, whether the deal ended early, the cards each draw took (one
#: entry per draw, in order), and the suits broken when the play stopped.
DealPlay = tuple[list[list[int]], list[int], bool, list[int], int]

#: A card chooser for :func:`play_deal`: ``(seat, legal, trick_mask, led, last) -> bit``.
Chooser = Callable[[int, int, int, int, bool], int]


def _compiled() -> bool:
    """Whether this module runs compiled (its functions are then no Python functions)."""
    return type(_compiled).__name__ != "function"


#: Whether the kernel runs compiled with mypyc: then a few counts are made with native
#: arithmetic instead of the methods of int, which compiled code must look up by name.
COMPILED: Final = _compiled()

#: Whether ``random.Random.choice`` and ``shuffle`` draw their indices with ``getrandbits`` as
#: :func:`draw_below` does (true on CPython); when false, callers draw with the generator.
DRAWS_LIKE_CHOICE: Final[bool] = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", object()
)


def play_code(seat: int, index: int) -> int:
    """The code of the play of card ``index`` by ``seat``: ``seat << 6 | index``."""
    return seat << 6 | index


def bit_index(bit: i64) -> int:
    """The index of the card whose bit is ``bit`` (the highest set bit of a mask)."""
    if not COMPILED:
        return int(bit).bit_length() - 1
    # Compiled, a method of int costs a look-up by name: halve the range instead.
    index = 0
    if bit >> 32:
        bit >>= 32
        index = 32
    if bit >> 16:
        bit >>= 16
        index += 16
    if bit >> 8:
        bit >>= 8
        index += 8
    if bit >> 4:
        bit >>= 4
        index += 4
    if bit >> 2:
        bit >>= 2
        index += 2
    if bit >> 1:
        index += 1
    return index


def bit_count(mask: i64) -> int:
    """The number of cards in ``mask``."""
    if not COMPILED:
        return int(mask).bit_count()
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def _width(n: int) -> int:
    """``n.bit_length()`` for the small counts of a draw."""
    if n < len(_WIDTHS):
        return _WIDTHS[n]
    return n.bit_length()


_WIDTHS: Final[list[int]] = [n.bit_length() for n in range(256)]


# ------------------------------------------------------------------------------ legality


def lead_mask(hand: i64, seat: int, broken: i64, rules: DealRules) -> i64:
    """The cards of ``hand`` that ``seat`` may lead, the suits ``broken`` so far."""
    barred: i64 = rules[R_NEVER] | (rules[R_BROKEN] & ~broken)
    if seat != rules[R_MAKER]:
        barred |= rules[R_MAKER_ONLY]
    if barred:
        allowed = hand & ~barred
        if allowed:
            return allowed
    return hand


def led_mask(index: int, rules: DealRules) -> i64:
    """The mask of the cards that count as the suit led by card ``index``."""
    jokers: i64 = rules[R_JOKERS]
    if jokers:
        suit: i64 = rules[R_JOKER_SUIT]
        if index >= 52 or (ONE << index) & suit:
            return suit | jokers
    return SUIT_OF[index]


def follow_rule(hand: i64, led: i64, trick_mask: i64, rules: DealRules, stock_left: bool) -> i64:
    """The cards of ``hand`` that may follow the cards ``trick_mask`` led in ``led``, and why.

    The low bits (``& MASK_BITS``) are the legal cards, 0 when the player cannot follow, the
    void rule is to draw and ``stock_left``; the bits from ``REASON_SHIFT`` up say which rule
    decided (``FOLLOW_SUIT``, ``FOLLOW_DUTY``, ``FOLLOW_UNDER``, ``FOLLOW_OVERTRUMP``,
    ``FOLLOW_DRAW``, ``FOLLOW_VOID_DUTY``, ``FOLLOW_TRUMP``, ``FOLLOW_TRUMP_BEAT``,
    ``FOLLOW_ANY``), for a refusal to explain. :func:`follow_mask` keeps the cards alone.
    """
    follow = hand & led
    trumps: i64 = rules[R_TRUMPS]
    if follow:
        duty = follow & rules[R_FOLLOW_DUTY]
        if duty:
            return duty | _WHY_DUTY
        under: i64 = follow & rules[R_UNDER_DUTY]
        if under:
            in_suit = trick_mask & led
            best = in_suit & -in_suit
            under &= ~(best | (best - 1))
            if under:
                return under | _WHY_UNDER
        if rules[R_OVERTRUMP] and led & trumps:
            high = trick_mask & trumps
            beat = follow & ((high & -high) - 1)
            if beat and beat != follow:
                return beat | _WHY_OVERTRUMP
        return follow | (hand & rules[R_FREE])
    void = rules[R_VOID]
    if void == VOID_DRAW and stock_left:
        return _WHY_DRAW
    duty = hand & rules[R_VOID_DUTY]
    if duty:
        return duty | _WHY_VOID_DUTY
    trumped = hand & trumps
    if trumped:
        reason = _WHY_TRUMP
        if rules[R_OVERTRUMP] == OVER_ALWAYS:
            high = trick_mask & trumps
            if high:
                beat = trumped & ((high & -high) - 1)
                if beat and beat != trumped:
                    trumped = beat
                    reason = _WHY_TRUMP_BEAT
        if void == VOID_TRUMP:
            return trumped | reason
        if reason == _WHY_TRUMP_BEAT:
            return (hand & ~trumps) | trumped | reason
    return hand | _WHY_ANY


def follow_mask(hand: i64, led: i64, trick_mask: i64, rules: DealRules, stock_left: bool) -> i64:
    """The cards of ``hand`` that may follow (:func:`follow_rule` without its reason)."""
    return follow_rule(hand, led, trick_mask, rules, stock_left) & MASK_BITS


# ------------------------------------------------------------------------------ the trick


def winner_of(codes: list[int], best: i64) -> int:
    """The seat whose play among ``codes`` is the card ``best``."""
    if not best:
        raise AssertionError("a trick without a winner")
    index = bit_index(best)
    for code in codes:
        if code & 63 == index:
            return code >> 6
    raise AssertionError("a trick without a winner")


def best_bit(trick_mask: i64, led: i64, rules: DealRules, first_joker: i64) -> i64:
    """The bit of the card that wins the trick ``trick_mask`` led in ``led``.

    The best trump if a trump was played, else the best card of the led suit (its lowest in
    misère); with jokers in the trick, on a lead of the jokers' suit the best card of it above
    a joker, else ``first_joker``, the bit of the first joker played.
    """
    jokers: i64 = trick_mask & rules[R_JOKERS]
    if jokers:
        if led & rules[R_JOKER_SUIT]:
            high: i64 = trick_mask & rules[R_JOKER_HIGH]
            if high:
                return high & -high
        return first_joker
    candidates: i64 = trick_mask & rules[R_TRUMPS]
    if not candidates:
        candidates = trick_mask & led
        if rules[R_MISERE]:
            return ONE << bit_index(candidates)
    return candidates & -candidates


def trick_winner(codes: list[int], trick_mask: i64, led: i64, rules: DealRules) -> int:
    """The seat that wins the complete trick of ``codes`` (the cards ``trick_mask``)."""
    first_joker: i64 = 0
    if trick_mask & rules[R_JOKERS]:
        for code in codes:
            index = code & 63
            if 52 <= index < 54:
                first_joker = ONE << index
                break
    return winner_of(codes, best_bit(trick_mask, led, rules, first_joker))


def would_win(trick_mask: i64, led: i64, bit: i64, rules: DealRules) -> bool:
    """Whether the card ``bit``, played now to the trick ``trick_mask``, would be winning it."""
    jokers: i64 = trick_mask & rules[R_JOKERS]
    first_joker = jokers & -jokers if jokers else bit & rules[R_JOKERS]
    return best_bit(trick_mask | bit, led, rules, first_joker) == bit


def winning_cards(trick_mask: i64, led: i64, cards: i64, rules: DealRules) -> i64:
    """The cards among ``cards`` that, played now to the trick ``trick_mask``, would win it.

    The same cards as :func:`would_win` finds one at a time: with no joker in the pack, those
    that beat the trick's best card (a higher trump, a trump on no trump, a higher card of the
    led suit, or in misère a lower one).
    """
    if rules[R_JOKERS]:
        wins: i64 = 0
        rest = cards
        while rest:
            bit = rest & -rest
            if would_win(trick_mask, led, bit, rules):
                wins |= bit
            rest ^= bit
        return wins
    best = best_bit(trick_mask, led, rules, 0)
    trumps: i64 = rules[R_TRUMPS]
    if best & trumps:
        return cards & trumps & (best - 1)
    if rules[R_MISERE]:
        return cards & ((led & ~((best << 1) - 1)) | trumps)
    return cards & ((led & (best - 1)) | trumps)


def next_to_play(hands: list[int], seat: int, leader: int, players: int, step: int) -> int:
    """The next seat to play to the trick of ``leader``, or ``leader`` when it is complete.

    Seats with empty hands (sitting out, or gone out) are passed over; ``step`` is 1 for
    clockwise play and ``players - 1`` for counter-clockwise play.
    """
    nxt = seat + step
    if nxt >= players:
        nxt -= players
    while nxt != leader and not hands[nxt]:
        nxt += step
        if nxt >= players:
            nxt -= players
    return nxt


def broken_after(broken: i64, trick_mask: i64, led: i64) -> i64:
    """The suits broken after a trick: those of ``broken`` and every suit played off ``led``."""
    off = trick_mask & ~led
    for suit in SUIT_MASKS:
        if off & suit:
            broken |= suit
    return broken


def is_decided(
    tricks_done: int, last_scoring_trick: int, remaining: i64, scoring_mask: i64
) -> bool:
    """Whether the cards ``remaining`` can no longer change anyone's score."""
    return tricks_done >= last_scoring_trick and not remaining & scoring_mask


# ------------------------------------------------------------------------------ random draws


def draw_below(getrandbits: Callable[[int], int], n: int) -> int:
    """The index below ``n`` that ``choice`` draws: ``Random._randbelow_with_getrandbits(n)``.

    CPython's ``random.Random`` draws ``n.bit_length()`` bits and draws again while the number
    is ``n`` or more; ``choice(seq)`` is ``seq[_randbelow(len(seq))]`` and ``shuffle`` swaps
    position ``i`` with ``_randbelow(i + 1)``. Use it only when :data:`DRAWS_LIKE_CHOICE`.
    """
    width = _width(n)
    k = getrandbits(width)
    while k >= n:
        k = getrandbits(width)
    return k


def shuffle(items: list[int], getrandbits: Callable[[int], int]) -> None:
    """Shuffle ``items`` in place as ``random.Random.shuffle`` does with these draws."""
    for i in range(len(items) - 1, 0, -1):
        j = draw_below(getrandbits, i + 1)
        items[i], items[j] = items[j], items[i]


def drawn_bit(legal: i64, getrandbits: Callable[[int], int]) -> i64:
    """The bit that ``random.Random.choice`` draws from the cards ``legal``, in index order."""
    skip = draw_below(getrandbits, bit_count(legal))
    while skip:
        legal &= legal - 1
        skip -= 1
    return legal & -legal


def _words_in_order() -> bool:
    """Whether ``getrandbits(32 * m)`` holds the generator's next ``m`` outputs, first lowest.

    True on little-endian CPython; :class:`Draws` then takes its words 64 at a time.
    """
    one, two = random.Random(1), random.Random(1)
    first, second = two.getrandbits(32), two.getrandbits(32)
    return one.getrandbits(64) == first | second << 32


#: Whether :class:`Draws` may draw its generator's outputs in blocks (see :func:`_words_in_order`).
WORDS_IN_ORDER: Final[bool] = _words_in_order()
_BLOCK: Final = 64
_BLOCK_FORMAT: Final = f"<{_BLOCK}I"


class Draws:
    """One generator's draws, as ``random.Random.choice`` would make them: :meth:`below`.

    ``Draws(rng.getrandbits)`` draws through the generator one call at a time. With
    ``ahead=True`` (when :data:`WORDS_IN_ORDER`) it takes the generator's 32-bit outputs 64 at
    a time and serves every draw from them: the same numbers in the same order, far fewer
    calls (worth it in the compiled kernel, where a call to the generator costs more than the
    draw). The generator then stands up to 63 outputs further on than the draws made: use
    ``ahead`` only for a generator that nothing else draws from.
    """

    def __init__(self, getrandbits: Callable[[int], int], ahead: bool = False) -> None:
        """Draw from ``getrandbits`` (a ``random.Random``'s, for ``ahead``)."""
        self.getrandbits = getrandbits
        self.ahead = ahead and WORDS_IN_ORDER
        self.words: list[int] = []
        self.at = 0

    def below(self, n: int) -> int:
        """The number below ``n`` (1 to 2**32 - 1) that ``_randbelow(n)`` draws."""
        width = _width(n)
        if not self.ahead:
            k = self.getrandbits(width)
            while k >= n:
                k = self.getrandbits(width)
            return k
        shift = 32 - width
        while True:
            if self.at >= len(self.words):
                block = self.getrandbits(32 * _BLOCK).to_bytes(4 * _BLOCK, "little")
                self.words = list(struct.unpack(_BLOCK_FORMAT, block))
                self.at = 0
            k = self.words[self.at] >> shift
            self.at += 1
            if k < n:
                return k


def shuffle_drawn(items: list[int], draws: Draws) -> None:
    """Shuffle ``items`` in place as ``random.Random.shuffle`` does with these draws."""
    for i in range(len(items) - 1, 0, -1):
        j = draws.below(i + 1)
        items[i], items[j] = items[j], items[i]


def deal_cards(pack: list[int], sizes: list[int], draws: Draws) -> tuple[list[int], list[int]]:
    """Shuffle the card bits ``pack`` and cut it into masks of ``sizes`` cards, in order.

    Returns the masks and the shuffled bits, as ``random.Random.shuffle`` orders them.
    """
    cards = list(pack)
    shuffle_drawn(cards, draws)
    out: list[int] = []
    pos = 0
    for size in sizes:
        mask: i64 = 0
        for k in range(pos, pos + size):
            mask |= cards[k]
        out.append(mask)
        pos += size
    return out, cards


# ------------------------------------------------------------------------------ whole deals


def play_deal(
    hands: list[int],
    taken: list[int],
    leader: int,
    tricks_done: int,
    broken: i64,
    draws: list[Draws],
    choose: Chooser | None,
    rules: DealRules,
    stock: list[int],
    kitty: i64,
) -> DealPlay:
    """Play the rest of a deal from the start of a trick led by ``leader``.

    ``hands`` and ``taken`` (one mask per seat) are updated in place, and so is ``stock`` (the
    indices of the stock's cards, the next to be drawn first; drawn only under
    :data:`VOID_DRAW`). ``tricks_done`` tricks were played before, breaking the suits
    ``broken``. Each card is picked by ``choose(seat, legal, trick_mask, led, last)`` when it is
    given, else drawn as ``random.Random.choice`` draws from the legal cards in index order,
    with ``draws[seat]`` (a :class:`Draws`); a forced draw from the stock is drawn the same way
    from the one move it is (and not asked of ``choose``). The winner of each trick leads the
    next (the next seat with cards, if he has none left); ``kitty`` joins the taken cards of
    the first trick's winner when the rules say so. The deal ends when the hands are empty,
    when at most one seat holds cards in a deal with a stock (he takes his hand and the stock;
    with nobody left, the stock goes to the last trick's winner), or early, when decided.

    Returns :data:`DealPlay`.
    """
    players: int = rules[R_PLAYERS]
    step: int = rules[R_STEP]
    tracks_broken = rules[R_BROKEN] != 0
    draw_rule = rules[R_VOID] == VOID_DRAW
    early_end: bool = rules[R_EARLY_END]
    last_scoring: int = rules[R_LAST_SCORING]
    scoring: i64 = rules[R_SCORING]
    to_kitty = rules[R_KITTY] and tricks_done == 0 and kitty != 0
    remaining: i64 = 0
    for held in hands:
        remaining |= held
    for index in stock:
        remaining |= ONE << index
    tricks: list[list[int]] = []
    winners: list[int] = []
    drawn: list[int] = []
    seat = leader
    while True:
        leader = seat
        hand: i64 = hands[seat]
        legal = lead_mask(hand, seat, broken, rules)
        following = next_to_play(hands, seat, leader, players, step)
        bit: i64
        if choose is None:
            skip = draws[seat].below(bit_count(legal))
            while skip:
                legal &= legal - 1
                skip -= 1
            bit = legal & -legal
        else:
            bit = choose(seat, legal, 0, 0, following == leader)
            if not bit & legal or bit & (bit - 1):
                raise ValueError(f"the chooser gave {bit:#x}, not one card of {legal:#x}")
        index = bit_index(bit)
        hands[seat] = hand ^ bit
        codes = [seat << 6 | index]
        trick_mask = bit
        led = led_mask(index, rules)
        # The next seat was found before the card: only the other seats' hands count.
        seat = following
        while seat != leader:
            hand = hands[seat]
            legal = (
                follow_rule(hand, led, trick_mask, rules, draw_rule and len(stock) > 0) & MASK_BITS
            )
            if not legal:
                # A draw: the one legal move; cards come off the stock until one follows.
                if choose is None:
                    draws[seat].below(1)
                got: i64 = 0
                count = 0
                while count < len(stock):
                    card = ONE << stock[count]
                    got |= card
                    count += 1
                    if card & led:
                        break
                del stock[:count]
                hand |= got
                hands[seat] = hand
                codes.append(seat << 6 | DRAW_INDEX)
                drawn.append(got)
                legal = (
                    follow_rule(hand, led, trick_mask, rules, draw_rule and len(stock) > 0)
                    & MASK_BITS
                )
            following = next_to_play(hands, seat, leader, players, step)
            if choose is None:
                skip = draws[seat].below(bit_count(legal))
                while skip:
                    legal &= legal - 1
                    skip -= 1
                bit = legal & -legal
            else:
                bit = choose(seat, legal, trick_mask, led, following == leader)
                if not bit & legal or bit & (bit - 1):
                    raise ValueError(f"the chooser gave {bit:#x}, not one card of {legal:#x}")
            hands[seat] = hand ^ bit
            codes.append(seat << 6 | bit_index(bit))
            trick_mask |= bit
            seat = following
        winner = trick_winner(codes, trick_mask, led, rules)
        taken[winner] |= trick_mask
        if to_kitty:
            taken[winner] |= kitty
            to_kitty = False
        tricks.append(codes)
        winners.append(winner)
        remaining &= ~trick_mask  # a card drawn from the stock stays among the remaining
        if tracks_broken:
            broken = broken_after(broken, trick_mask, led)
        if draw_rule:
            holders = 0
            receiver = winner
            for s in range(players):
                if hands[s]:
                    holders += 1
                    receiver = s
            if holders <= 1:
                # At most one seat holds cards: he takes his hand and the stock (nobody: the
                # stock goes to the trick's winner).
                taken[receiver] |= hands[receiver]
                hands[receiver] = 0
                for index in stock:
                    taken[receiver] |= ONE << index
                del stock[:]
                return tricks, winners, False, drawn, broken
        if not remaining:
            return tricks, winners, False, drawn, broken
        if early_end and is_decided(tricks_done + len(tricks), last_scoring, remaining, scoring):
            return tricks, winners, True, drawn, broken
        seat = winner
        while not hands[seat]:
            seat += step
            if seat >= players:
                seat -= players


#: What :func:`whole_deal` returns: the points per seat, the moves made, the hands dealt, the
#: hands and taken piles at the end, and the :data:`DealPlay` of the card play.
WholeDeal = tuple[list[int], int, list[int], list[int], list[int], DealPlay]


def whole_deal(
    pack: list[int],
    sizes: list[int],
    deal_draws: Draws,
    leader: int,
    draws: list[Draws],
    rules: DealRules,
    trick_values: list[int],
    groups: list[tuple[int, int]],
    piles: int,
    stock_pile: int,
) -> WholeDeal:
    """Deal, play at random and score one deal of trick play.

    :func:`deal_cards` cuts the shuffled pack into ``sizes``: the first ``piles`` packets are
    the piles laid aside (a kitty first, if the rules give it to the first trick's winner), the
    others the hands; packet ``stock_pile`` (or none, -1) is the stock, drawn in the order it
    was dealt; :func:`play_deal` plays it from ``leader``'s lead; :func:`deal_points` scores it.
    ``deal_draws`` draws for the deal's own generator, ``draws`` for the players'.
    """
    cut, shuffled = deal_cards(pack, sizes, deal_draws)
    hands = cut[piles:]
    dealt = list(hands)
    taken = [0] * len(hands)
    kitty: i64 = cut[0] if piles and rules[R_KITTY] else 0
    stock: list[int] = []
    if stock_pile >= 0:
        start = 0
        for k in range(stock_pile):
            start += sizes[k]
        for k in range(start, start + sizes[stock_pile]):
            stock.append(bit_index(shuffled[k]))
    play = play_deal(hands, taken, leader, 0, 0, draws, None, rules, stock, kitty)
    moves = 0
    for codes in play[0]:
        moves += len(codes)
    points = deal_points(taken, play[1], trick_values, groups)
    return points, moves, dealt, hands, taken, play


#: One deal of a :func:`whole_match`: its first leader, its rules, trick values and card groups.
MatchDeal = tuple[int, DealRules, list[int], list[tuple[int, int]]]


def whole_match(
    deals: list[MatchDeal],
    length: int,
    until: int,
    pack: list[int],
    sizes: list[int],
    piles: int,
    stock_pile: int,
    deal_bits: Callable[[int], Callable[[int], int]],
    draws: list[Draws],
    ahead: bool,
) -> tuple[list[int], int, int]:
    """Play a whole match of deals that need nothing but the kernel; return its totals.

    Deal ``n`` (from 1) is ``deals[(n - 1) % len(deals)]``; its pack is shuffled by
    ``Draws(deal_bits(n), ahead)`` and cut as :func:`whole_deal` cuts it. The match ends
    after ``length`` deals (0: no fixed length) or at the end of a deal after which some total
    is ``until`` or below (with ``length`` 0).
    Returns the totals, the deals played and the moves made.
    """
    players = len(draws)
    totals = [0] * players
    number = 0
    moves = 0
    while True:
        number += 1
        leader, rules, trick_values, groups = deals[(number - 1) % len(deals)]
        points, made, _, _, _, _ = whole_deal(
            pack,
            sizes,
            Draws(deal_bits(number), ahead),
            leader,
            draws,
            rules,
            trick_values,
            groups,
            piles,
            stock_pile,
        )
        moves += made
        for seat in range(players):
            totals[seat] += points[seat]
        if length:
            if number >= length:
                return totals, number, moves
        elif min(totals) <= until:
            return totals, number, moves


# ------------------------------------------------------------------------------ fan-tan


def row_playable(row: i64, suit: i64, opening: i64) -> i64:
    """The cards of ``suit`` that fit its ``row`` of a fan-tan layout (the cards laid out).

    An empty row takes its card of ``opening`` (the start rank's cards); a row grows by the
    card above its highest (towards the ace, the suit's lowest bit) and the one below its
    lowest.
    """
    if not row:
        return opening & suit
    playable: i64 = 0
    top = row & -row  # the row's highest card
    if top != suit & -suit:
        playable = top >> 1
    return playable | ((ONE << (bit_index(row) + 1)) & suit)


def layout_playable(layout: i64, opening: i64, deck: i64) -> i64:
    """The cards of ``deck`` that fit the fan-tan ``layout``: each row's next card either way.

    ``opening`` is the start rank's cards; 0 while the first card is to set it, when any card
    opens the empty layout.
    """
    if not opening:
        return deck if not layout else 0
    playable: i64 = 0
    for suit in SUIT_MASKS:
        playable |= row_playable(layout & suit, suit, opening)
    return playable & deck


def lay_out(
    hands: list[int],
    seat: int,
    opening: i64,
    layout: i64,
    deck: i64,
    step: int,
    out: list[int],
    played: list[int],
    draws: list[Draws],
) -> tuple[i64, i64]:
    """Lay out at random from ``seat``'s turn until one seat alone holds cards (fan-tan).

    Each seat plays the card it draws, as ``random.Random.choice`` draws from its cards that
    fit (:func:`layout_playable`) in index order, or passes (one draw of one move) when none
    fits; then the next seat in the direction of play (``step``) that holds cards moves.
    ``hands`` (card masks) and ``out`` (the seats gone out of cards, in order) are updated in
    place, and each card's index (-1 for a pass) is appended to ``played``. ``opening`` is
    the start rank's cards (0: the first card sets the rank). Returns the layout and the
    opening.
    """
    players = len(hands)
    holders = 0
    for hand in hands:
        if hand:
            holders += 1
    playable = layout_playable(layout, opening, deck)
    while True:
        legal: i64 = hands[seat] & playable
        if legal:
            skip = draws[seat].below(bit_count(legal))
            while skip:
                legal &= legal - 1
                skip -= 1
            bit = legal & -legal
            index = bit_index(bit)
            played.append(index)
            layout |= bit
            if not opening:
                opening = RANK_ROW << (index % 13)
                playable = layout_playable(layout, opening, deck)
            else:
                # What fits changes only in the row the card is laid in.
                suit: i64 = SUIT_OF[index]
                row = row_playable(layout & suit, suit, opening)
                playable = ((playable & ~suit) | row) & deck
            left: i64 = hands[seat] ^ bit
            hands[seat] = left
            if not left:
                out.append(seat)
                holders -= 1
        else:
            draws[seat].below(1)
            played.append(-1)
        if holders <= 1:
            return layout, opening
        seat = (seat + step) % players
        while not hands[seat]:
            seat = (seat + step) % players


def deal_points(
    taken: list[int],
    winners: list[int],
    trick_values: list[int],
    groups: list[tuple[int, int]],
) -> list[int]:
    """The points of a deal: each taken card's group values, each trick's value to its winner.

    ``winners`` lists the winner of every trick of the deal, from the first; ``trick_values``
    the value of each trick by its index; ``groups`` ``(mask, value)`` pairs.
    """
    points = [0] * len(taken)
    for seat in range(len(taken)):
        pile: i64 = taken[seat]
        total = 0
        for mask, value in groups:
            total += value * bit_count(pile & mask)
        points[seat] = total
    for k in range(min(len(winners), len(trick_values))):
        points[winners[k]] += trick_values[k]
    return points
