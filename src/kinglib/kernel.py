"""The trick rules on plain integers: the one place where leading, following and winning live.

Every rule of the trick play that the engine applies card by card is written here once, as a
plain function of integers, and both :class:`~kinglib.tricks.TrickPlay` (one move at a time,
through :meth:`State.apply <kinglib.state.State.apply>`) and the whole-deal random play of
:func:`~kinglib.random_match.random_match` call these functions. The module imports nothing of
kinglib, so that it can be compiled on its own.

Cards are bits: card index ``i`` (0 to 53) is the bit ``1 << i``; the thirteen cards of a suit
are thirteen consecutive bits, its ace the lowest (the lowest bit of a suit is its best card);
indices 52 and 53 are the jokers. A hand, a trick or a pile is the sum of its cards' bits, a
*mask*. A seat is an int from 0. A play is coded as ``seat << 6 | index`` (:func:`play_code`).

The masks are typed ``mypy_extensions.i64`` (a plain ``int`` when the module is interpreted), so
that the module compiles with mypyc to native 64-bit arithmetic: every mask fits in 54 bits.
A single bit is made as ``ONE << index`` from the module-level variable ``ONE: i64`` (not
``Final``, and never a literal ``1``, which the compiled code shifts in 32 bits), so that the
compiled shift is a 64-bit one.

The functions and their arguments:

``lead_mask(hand, no_heart_lead, barred_trumps) -> int``
    The cards of ``hand`` that may lead a trick. ``no_heart_lead``: a heart may not be led
    while the hand holds another suit. ``barred_trumps``: the trumps this leader may not lead
    while holding another card (the trump suit's mask when only the maker leads trumps and the
    leader is not the maker, else 0).
``follow_mask(hand, led, king_on_heart_lead, king_on_void, trumps, free=0) -> int``
    The cards of ``hand`` that may follow a trick whose led card belongs to ``led`` (the mask
    of the cards that count as the led suit: the suit's mask, or hearts and jokers when a
    variant ranks its jokers with the hearts). Follow suit; with ``king_on_heart_lead`` the
    holder of K♥ must play it on a heart lead; with ``king_on_void`` a player void in the led
    suit who holds K♥ must play it; otherwise a player void in the led suit must play one of
    ``trumps`` (the trump suit's mask, or 0) if he holds one, and may play anything if not.
    ``free``: cards a player following suit may play as well (a joker played freely).
``winning_bit(trick_mask, led, trumps, misere) -> int``
    The bit of the card that wins a complete trick of the cards ``trick_mask``: the best trump
    if a trump was played, else the best card of the led suit, or its lowest in misère.
``winner_of(codes, best) -> int``
    The seat of the play among ``codes`` (:func:`play_code`) whose card is the bit ``best``.
``next_to_play(hands, seat, leader, players) -> int``
    The seat that plays after ``seat`` to the trick led by ``leader``, passing over seats with
    empty hands (a seat sitting out, a player gone out); ``leader`` when the trick is complete.
``is_decided(tricks_done, last_scoring_trick, remaining, scoring_mask) -> bool``
    Whether a deal may end early: no scoring trick is left to play (``tricks_done`` is at least
    ``last_scoring_trick``) and none of the cards ``remaining`` in hands scores.
``draw_below(getrandbits, n) -> int``
    The number below ``n`` that ``random.Random.choice`` of a sequence of ``n`` items draws
    (the same draws of the same generator's ``getrandbits``) when :data:`DRAWS_LIKE_CHOICE`.
``shuffle(items, getrandbits) -> None``
    ``random.Random.shuffle(items)``, drawn by :func:`draw_below`.
``play_deal(hands, taken, leader, tricks_done, draws, rules)``
    The rest of a deal played at random from the start of a trick, returning ``(tricks,
    winners, ended_early)``. Each seat draws, with :func:`draw_below` and its own
    ``draws[seat]`` (a ``getrandbits``), the card that ``random.Random.choice`` would draw from
    the cards that :func:`lead_mask` or :func:`follow_mask` allow, listed in index order; the
    seats play in the order of :func:`next_to_play`; the trick goes to the seat of
    :func:`winning_bit`, who leads the next; the deal ends when the hands are empty or
    :func:`is_decided`. ``hands`` and ``taken`` (lists of masks, one per seat: the cards held,
    the cards taken) are updated in place. ``rules`` is a :data:`DealRules` tuple. Returns the
    codes of each trick's plays in play order, each trick's winner, and whether the deal
    ended early.
``play_deal_by(hands, taken, leader, tricks_done, choose, rules)``
    The rest of a deal played as :func:`play_deal` plays it, each card chosen by ``choose(seat,
    legal, trick_mask, led, last)`` instead of drawn at random: ``legal`` is the mask the rules
    allow, ``trick_mask`` the cards already in the trick (0 for a lead), ``led`` the led suit's
    mask (0 for a lead), ``last`` whether the seat plays the trick's last card; it returns one
    bit of ``legal``. :func:`play_deal` is this function with the random choice written in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from mypy_extensions import i64

__all__ = [
    "DRAWS_LIKE_CHOICE",
    "HEARTS",
    "JOKERS",
    "KING_OF_HEARTS",
    "ONE",
    "SUITED",
    "SUIT_MASKS",
    "SUIT_OF",
    "DealRules",
    "bit_index",
    "draw_below",
    "drawn_bit",
    "follow_mask",
    "is_decided",
    "lead_mask",
    "next_to_play",
    "play_code",
    "play_deal",
    "play_deal_by",
    "shuffle",
    "winner_of",
    "winning_bit",
]

#: The masks of the four suits, in display order (spades, hearts, diamonds, clubs).
SUIT_MASKS: tuple[int, int, int, int] = (
    0x1FFF,
    0x1FFF << 13,
    0x1FFF << 26,
    0x1FFF << 39,
)
#: The one bit, as a 64-bit integer: ``ONE << index`` is the bit of card ``index``. A variable,
#: not ``Final``: a constant would be folded into a 32-bit literal by the compiled shift.
ONE: i64 = 1
#: The mask of the hearts.
HEARTS: Final[i64] = 0x1FFF << 13
#: The bit of the king of hearts (the second card of the hearts, after the ace).
KING_OF_HEARTS: Final[i64] = ONE << 14
#: The mask of the two jokers.
JOKERS: Final[i64] = (ONE << 52) | (ONE << 53)
#: The mask of the 52 suited cards.
SUITED: Final[i64] = (ONE << 52) - 1
#: The mask of the suit of every card index (0 for a joker).
SUIT_OF: tuple[int, ...] = tuple(SUIT_MASKS[i // 13] if i < 52 else 0 for i in range(54))

#: The rules of a deal's trick play that :func:`play_deal` reads, as a plain tuple:
#: ``(players, no_heart_lead, king_on_heart_lead, king_on_void, trumps, barred_trumps, maker,
#: misere, early_end, last_scoring_trick, scoring_mask)``; ``trumps`` is the trump suit's mask
#: (or 0), ``barred_trumps`` the trumps that a leader other than ``maker`` may not lead while
#: holding another card (or 0), ``maker`` a seat or -1.
DealRules = tuple[int, bool, bool, bool, int, int, int, bool, bool, int, int]

#: Whether ``random.Random.choice`` and ``shuffle`` draw their indices with ``getrandbits`` as
#: :func:`draw_below` does (true on CPython); when false, callers draw with the generator.
DRAWS_LIKE_CHOICE: bool = getattr(random.Random, "_randbelow", None) is getattr(
    random.Random, "_randbelow_with_getrandbits", object()
)


def play_code(seat: int, index: int) -> int:
    """The code of the play of card ``index`` by ``seat``: ``seat << 6 | index``."""
    return seat << 6 | index


def lead_mask(hand: i64, no_heart_lead: bool, barred_trumps: i64) -> i64:
    """The cards of ``hand`` that may lead a trick (see the module's description)."""
    if no_heart_lead and hand & ~HEARTS:
        hand &= ~HEARTS
    if barred_trumps and hand & ~barred_trumps:
        hand &= ~barred_trumps
    return hand


def follow_mask(
    hand: i64,
    led: i64,
    king_on_heart_lead: bool,
    king_on_void: bool,
    trumps: i64,
    free: i64 = 0,
) -> i64:
    """The cards of ``hand`` that may follow a trick led in ``led`` (see the module's text)."""
    follow = hand & led
    if follow:
        if king_on_heart_lead and led & KING_OF_HEARTS and hand & KING_OF_HEARTS:
            return KING_OF_HEARTS
        return follow | (hand & free)
    if king_on_void and hand & KING_OF_HEARTS:
        return KING_OF_HEARTS
    trumped = hand & trumps
    if trumped:
        return trumped
    return hand


def bit_index(bit: i64) -> int:
    """The index of the card whose bit is ``bit`` (the highest set bit of a mask)."""
    return int(bit).bit_length() - 1


def winning_bit(trick_mask: i64, led: i64, trumps: i64, misere: bool) -> i64:
    """The bit of the card that wins the trick ``trick_mask`` (see the module's description)."""
    candidates = trick_mask & trumps
    if candidates:
        return candidates & -candidates
    candidates = trick_mask & led
    if misere:
        return ONE << bit_index(candidates)
    return candidates & -candidates


def winner_of(codes: Sequence[int], best: i64) -> int:
    """The seat whose play among ``codes`` is the card ``best``."""
    index = bit_index(best)
    for code in codes:
        if code & 63 == index:
            return code >> 6
    raise AssertionError("a trick without a winner")


def next_to_play(hands: Sequence[int], seat: int, leader: int, players: int) -> int:
    """The next seat to play to the trick of ``leader``, or ``leader`` when it is complete."""
    nxt = seat + 1 if seat + 1 < players else 0
    while nxt != leader and not hands[nxt]:
        nxt = nxt + 1 if nxt + 1 < players else 0
    return nxt


def is_decided(
    tricks_done: int, last_scoring_trick: int, remaining: i64, scoring_mask: i64
) -> bool:
    """Whether the cards ``remaining`` in hands can no longer change anyone's score."""
    return tricks_done >= last_scoring_trick and not remaining & scoring_mask


def draw_below(getrandbits: Callable[[int], int], n: int) -> int:
    """The index below ``n`` that ``choice`` draws: ``Random._randbelow_with_getrandbits(n)``.

    CPython's ``random.Random`` draws ``n.bit_length()`` bits and draws again while the number
    is ``n`` or more; ``choice(seq)`` is ``seq[_randbelow(len(seq))]`` and ``shuffle`` swaps
    position ``i`` with ``_randbelow(i + 1)``. Use it only when :data:`DRAWS_LIKE_CHOICE`.
    """
    width = n.bit_length()
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
    skip = draw_below(getrandbits, int(legal).bit_count())
    while skip:
        legal &= legal - 1
        skip -= 1
    return legal & -legal


def play_deal(
    hands: list[int],
    taken: list[int],
    leader: int,
    tricks_done: int,
    draws: Sequence[Callable[[int], int]],
    rules: DealRules,
) -> tuple[list[list[int]], list[int], bool]:
    """Play the rest of a deal at random from a trick's start (see the module's text)."""
    players: int = rules[0]
    no_heart_lead: bool = rules[1]
    king_on_heart_lead: bool = rules[2]
    king_on_void: bool = rules[3]
    trumps: i64 = rules[4]
    barred_trumps: i64 = rules[5]
    maker: int = rules[6]
    misere: bool = rules[7]
    early_end: bool = rules[8]
    last_scoring_trick: int = rules[9]
    scoring_mask: i64 = rules[10]
    remaining: i64 = 0
    for held in hands:
        remaining |= held
    tricks: list[list[int]] = []
    winners: list[int] = []
    seat = leader
    while True:
        leader = seat
        hand: i64 = hands[seat]
        legal = lead_mask(hand, no_heart_lead, barred_trumps if seat != maker else 0)
        # The card random.choice draws from the legal cards in index order: skip that many
        # (drawn_bit, written out here: the interpreted kernel saves the call).
        skip = draw_below(draws[seat], int(legal).bit_count())
        while skip:
            legal &= legal - 1
            skip -= 1
        bit = legal & -legal
        index = int(bit).bit_length() - 1
        hands[seat] = hand ^ bit
        codes = [seat << 6 | index]
        trick_mask = bit
        led: i64 = SUIT_OF[index]
        seat = next_to_play(hands, seat, leader, players)
        while seat != leader:
            hand = hands[seat]
            legal = follow_mask(hand, led, king_on_heart_lead, king_on_void, trumps)
            skip = draw_below(draws[seat], int(legal).bit_count())
            while skip:
                legal &= legal - 1
                skip -= 1
            bit = legal & -legal
            hands[seat] = hand ^ bit
            codes.append(seat << 6 | (int(bit).bit_length() - 1))
            trick_mask |= bit
            seat = next_to_play(hands, seat, leader, players)
        seat = winner_of(codes, winning_bit(trick_mask, led, trumps, misere))
        taken[seat] |= trick_mask
        tricks.append(codes)
        winners.append(seat)
        remaining ^= trick_mask
        if not remaining:
            return tricks, winners, False
        if early_end and is_decided(
            tricks_done + len(tricks), last_scoring_trick, remaining, scoring_mask
        ):
            return tricks, winners, True


#: A card chooser for :func:`play_deal_by`: ``(seat, legal, trick_mask, led, last) -> bit``.
Chooser = Callable[[int, int, int, int, bool], int]


def play_deal_by(
    hands: list[int],
    taken: list[int],
    leader: int,
    tricks_done: int,
    choose: Chooser,
    rules: DealRules,
) -> tuple[list[list[int]], list[int], bool]:
    """Play the rest of a deal from a trick's start, ``choose`` picking every card."""
    players: int = rules[0]
    no_heart_lead: bool = rules[1]
    king_on_heart_lead: bool = rules[2]
    king_on_void: bool = rules[3]
    trumps: i64 = rules[4]
    barred_trumps: i64 = rules[5]
    maker: int = rules[6]
    misere: bool = rules[7]
    early_end: bool = rules[8]
    last_scoring_trick: int = rules[9]
    scoring_mask: i64 = rules[10]
    remaining: i64 = 0
    for held in hands:
        remaining |= held
    tricks: list[list[int]] = []
    winners: list[int] = []
    seat = leader
    while True:
        leader = seat
        hand: i64 = hands[seat]
        legal = lead_mask(hand, no_heart_lead, barred_trumps if seat != maker else 0)
        following = next_to_play(hands, seat, leader, players)
        bit: i64 = choose(seat, legal, 0, 0, following == leader)
        if not bit & legal or bit & (bit - 1):
            raise ValueError(f"the chooser gave {bit:#x}, not one card of {legal:#x}")
        index = bit_index(bit)
        hands[seat] = hand ^ bit
        codes = [seat << 6 | index]
        trick_mask = bit
        led: i64 = SUIT_OF[index]
        seat = following
        while seat != leader:
            hand = hands[seat]
            legal = follow_mask(hand, led, king_on_heart_lead, king_on_void, trumps)
            following = next_to_play(hands, seat, leader, players)
            bit = choose(seat, legal, trick_mask, led, following == leader)
            if not bit & legal or bit & (bit - 1):
                raise ValueError(f"the chooser gave {bit:#x}, not one card of {legal:#x}")
            hands[seat] = hand ^ bit
            codes.append(seat << 6 | bit_index(bit))
            trick_mask |= bit
            seat = following
        seat = winner_of(codes, winning_bit(trick_mask, led, trumps, misere))
        taken[seat] |= trick_mask
        tricks.append(codes)
        winners.append(seat)
        remaining ^= trick_mask
        if not remaining:
            return tricks, winners, False
        if early_end and is_decided(
            tricks_done + len(tricks), last_scoring_trick, remaining, scoring_mask
        ):
            return tricks, winners, True
