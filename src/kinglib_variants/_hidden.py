"""Where the hidden cards lie in the variants whose cards move unseen (``kinglib_sample_hidden``).

* atomic shows the widow, which joins the declarer's hand, and he discards two cards unseen;
* domino players draw unseen cards from an ordered stock.

(The praise-mode trump rounds, which deal three cards and then the rest, have theirs in the
kit: :func:`kinglib.kit.trump_rounds.praise_layout`.) Each function answers the hook with a
:class:`~kinglib.engine.sampling.HiddenLayout`; the sampler deals the cards, replays the deal and
learns what play revealed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from kinglib.engine.rules import Rules
from kinglib.engine.sampling import (
    DealStart,
    HiddenLayout,
    dealt_sizes,
    hand_slot,
    known_cards,
    played_by,
    shuffled_indices,
    stock_layout,
)
from kinglib.engine.view import View
from kinglib.values.cards import SUIT_MASKS, Card, CardSet
from kinglib.values.moves import Discard, Draw, Move, Play

__all__ = ["atomic_layout", "domino_layout"]


# --------------------------------------------------------------------------- atomic


def atomic_layout(rules: Rules, view: View) -> HiddenLayout:
    """Atomic once the widow is shown: it joins the declarer's hand, two cards go face down.

    The widow's cards not played since are in the declarer's hand or in the discard; the
    discard holds no card that scores in the contract. Before the widow is shown, trick play's
    layout applies (the widow is a hidden pile).
    """
    widow_shown = view.extra.get("widow")
    if not isinstance(widow_shown, CardSet):
        return stock_layout(rules, view)
    seat = view.seat
    declarer = int(view.extra["declarer"])
    widow = widow_shown.mask
    played = played_by(view)
    pool = rules.deck.mask & ~known_cards(view, played)
    slots = [(hand_slot(s), n) for s, n in enumerate(view.hand_sizes) if s != seat and n]
    discard_hidden = "discard" not in view.piles and view.pile_sizes["discard"] != 0
    excluded = [(hand_slot(s), widow) for s in range(view.players) if s != declarer]
    if discard_hidden:
        slots.append(("discard", view.pile_sizes["discard"]))
        # The widow is taken only once the contract is fixed.
        assert view.contract is not None
        excluded.append(("discard", rules.contracts[view.contract].scoring_mask))

    def start(placed: Mapping[str, int], rng: random.Random) -> DealStart:
        if discard_hidden:
            discard = placed["discard"]
        else:
            pile = view.piles.get("discard")
            discard = pile.mask if pile is not None else 0
        hands = []
        for s in range(view.players):
            held = (view.hand.mask if s == seat else placed.get(hand_slot(s), 0)) | played[s]
            if s == declarer:
                held = (held | discard) & ~widow
            hands.append(held)
        piles = dict.fromkeys(view.pile_sizes, 0)
        piles["widow"] = widow
        hidden: tuple[Move, ...] = ()
        if discard_hidden:
            hidden = (Discard(CardSet.from_mask(discard)),)
        return DealStart(
            hands=tuple(hands), piles=tuple(sorted(piles.items())), hidden_moves=hidden
        )

    return HiddenLayout(pool=pool, slots=tuple(slots), start=start, excluded=tuple(excluded))


# --------------------------------------------------------------------------- domino


def domino_layout(rules: Rules, view: View) -> HiddenLayout:
    """Domino: dealt hands, and the stock in the order it is drawn.

    The places are each other seat's dealt hand (``dealt:SEAT``), the cards of each draw whose
    identity is hidden (``draw:K`` for the K-th draw of the deal, dealt in random order into
    its positions), and the stock left. A draw stops at the first card of the led suit, which
    the drawer then plays: so every card drawn before it is of another suit, and a draw that
    emptied the stock without one holds none (the last card of the draw just made, not yet
    played, is ``last:K``: of the led suit unless the draw emptied the stock). A seat draws
    only when it holds no card of the led suit: a card of that suit it held later came from a
    later draw. A card a seat played came from its dealt hand or from one of its earlier
    draws; the cards this seat drew are its own draws' (it knows them).
    """
    seat = view.seat
    n = view.players
    sizes_dealt = dealt_sizes(rules, view)
    draws = list(view.extra["draws"])
    own_drawn_mask = view.extra["drawn"].mask
    # Walk the deal: the led suit at each draw, and what each seat played when.
    trick_sizes = [len(t.plays) for t in view.tricks]
    events: list[tuple[int, int, int]] = []  # (seat, count, led suit mask)
    fixed: dict[int, int] = {}  # draw position -> card index (the card then played)
    plays: list[tuple[int, int, int]] = []  # (seat, card index, draws made before it)
    played_before: list[int] = []  # per draw: the cards played before it
    played_so_far = 0
    position = 0  # the number of cards drawn so far
    current: list[Card] = []
    trick_index = 0
    pending: tuple[int, int, int] | None = None  # the last draw: seat, last position, led mask
    moves = view.deal_moves
    for move in moves:
        if isinstance(move, Draw):
            drawer, count = draws[len(events)]
            led = current[0].suit
            assert led is not None  # domino's pack has no joker
            led_mask = SUIT_MASKS[led]
            events.append((drawer, count, led_mask))
            played_before.append(played_so_far)
            position += count
            pending = (drawer, position - 1, led_mask)
            continue
        if isinstance(move, Play):
            card = move.card
            mover = _mover(view, trick_index, len(current))
            if pending is not None and pending[0] == mover and card.mask & pending[2]:
                fixed[pending[1]] = card.index
            pending = None
            plays.append((mover, card.index, len(events)))
            played_so_far |= card.mask
            current.append(card)
            if trick_index < len(trick_sizes) and len(current) == trick_sizes[trick_index]:
                trick_index += 1
                current = []
    stock_left = view.pile_sizes["stock"]
    played = played_by(view)
    fixed_mask = 0
    for index in fixed.values():
        fixed_mask |= 1 << index
    own_dealt = (view.hand.mask | played[seat]) & ~own_drawn_mask
    pool = rules.deck.mask & ~own_dealt & ~fixed_mask
    # The hidden positions of each draw, in drawing order: one slot per draw, plus the last
    # position of the draw just made while it is not played from.
    last_open = -1
    if pending is not None and pending[1] not in fixed:
        last_open = pending[1]
    positions: dict[str, list[int]] = {}
    owner: dict[str, int] = {}
    event_of: dict[str, int] = {}
    slot_excluded: dict[str, int] = {}
    start_position = 0
    for e, (drawer, count, led_mask) in enumerate(events):
        for p in range(start_position, start_position + count):
            if p in fixed:
                continue
            if p == last_open:
                name = f"last:{e}"
                # It stopped the draw, so is of the led suit, unless the stock ran out.
                slot_excluded[name] = 0 if not stock_left else rules.deck.mask & ~led_mask
            else:
                name = f"draw:{e}"
                # Every drawn card but the one that stopped the draw is of another suit.
                slot_excluded[name] = led_mask
            positions.setdefault(name, []).append(p)
            owner[name] = drawer
            event_of[name] = e
        start_position += count
    slots: list[tuple[str, int]] = [(f"dealt:{s}", sizes_dealt[s]) for s in range(n) if s != seat]
    slots += [(name, len(ps)) for name, ps in positions.items()]
    if stock_left:
        slots.append(("stock", stock_left))
    names = [name for name, _ in slots]
    excluded: dict[str, int] = dict.fromkeys(names, 0)
    for name, mask in slot_excluded.items():
        excluded[name] |= mask

    def held_before(mover: int, made: int) -> list[str]:
        """The places that held ``mover``'s hidden cards once ``made`` draws were made."""
        return [f"dealt:{mover}"] + [
            name for name in positions if owner[name] == mover and event_of[name] < made
        ]

    # Cards this seat drew lie in its own draws' places, and nothing else does.
    for name in names:
        if name in positions and owner[name] == seat:
            excluded[name] |= pool & ~own_drawn_mask
        else:
            excluded[name] |= own_drawn_mask
    # A card a seat played came from its dealt hand or one of its earlier draws.
    for mover, index, made in plays:
        bit = 1 << index
        if not bit & pool:
            continue
        allowed = set(held_before(mover, made))
        for name in names:
            if name not in allowed:
                excluded[name] |= bit
    for name, mask in _draw_voids(events, played_before, held_before):
        if name in excluded:
            excluded[name] |= mask

    def start(placed: Mapping[str, int], rng: random.Random) -> DealStart:
        hands = tuple(own_dealt if s == seat else placed[f"dealt:{s}"] for s in range(n))
        at = dict(fixed)
        for name, ps in positions.items():
            for p, index in zip(ps, shuffled_indices(placed[name], rng)):
                at[p] = index
        order = [at[p] for p in range(len(at))]
        order += shuffled_indices(placed.get("stock", 0), rng)
        stock = sum(1 << i for i in order)
        return DealStart(hands=hands, piles=(("stock", stock),), orders=(("stock", tuple(order)),))

    def blame(mover: int, move_number: int) -> tuple[str, ...]:
        made = sum(1 for m in moves[:move_number] if isinstance(m, Draw))
        return tuple(held_before(mover, made))

    return HiddenLayout(
        pool=pool,
        slots=tuple(slots),
        start=start,
        excluded=tuple(excluded.items()),
        blame=blame,
    )


def _draw_voids(
    events: list[tuple[int, int, int]],
    played_before: list[int],
    held_before: Callable[[int, int], list[str]],
) -> list[tuple[str, int]]:
    """A seat that drew held no card of the led suit but those played already.

    So its dealt hand and its earlier draws hold none of the others: a card of that suit it
    played later came from a later draw. ``events`` are the draws (seat, count, led suit
    mask), ``played_before`` the cards played before each, ``held_before(seat, k)`` the
    places of the seat's hidden cards once ``k`` draws were made.
    """
    out = []
    for e, (drawer, _, led_mask) in enumerate(events):
        for name in held_before(drawer, e):
            out.append((name, led_mask & ~played_before[e]))
    return out


def _mover(view: View, trick_index: int, played: int) -> int:
    """The seat that made play number ``played`` of trick ``trick_index``."""
    if trick_index < len(view.tricks):
        return view.tricks[trick_index].plays[played][0]
    return view.trick[played][0]
