"""Worlds a seat cannot tell from the real one: :func:`deal_again`.

Search over hidden information (OpenSpiel's ``resample_from_infostate``, determinized search)
needs full states that agree with everything a seat has seen. :func:`deal_again` builds one
from a :class:`~kinglib.View` alone, through the public API; ``View.sample``, where the view
has it, does the same for every variant.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from kinglib.engine.state import Phase, State
from kinglib.engine.view import View
from kinglib.values.cards import CardSet
from kinglib.values.errors import IllegalMoveError, RulesError
from kinglib.values.moves import Play

__all__ = ["deal_again", "voids"]


def voids(view: View) -> dict[int, set[Any]]:
    """The suits each seat has shown it lacks: it played another suit to a suit that was led.

    A joker, led or played, shows nothing here (where jokers count as hearts, or may be played
    at any time, it says nothing certain); the replay of the deal checks every play anyway.
    """
    found: dict[int, set[Any]] = {s: set() for s in range(view.players)}
    tricks = [t.plays for t in view.tricks] + [view.trick]
    for plays in tricks:
        if not plays:
            continue
        led = plays[0][1].suit
        if led is None:
            continue
        for seat, card in plays[1:]:
            if card.suit is not None and card.suit is not led:
                found[seat].add(led)
    return found


def deal_again(view: View, rng: random.Random) -> State:
    """A one-deal state that ``view`` could be of: the unseen cards dealt again, at random.

    The cards ``view.seat`` has not seen are dealt uniformly to the other seats, keeping each
    seat's hand size and the suits it has shown void, and the deal's cards are replayed on
    :meth:`Rules.new_deal` with the same dealer. Only a deal whose moves are all card plays
    (no auction, declaration, pile or public extra) can be dealt again: others raise
    :class:`NotImplementedError`, as does a deal no such dealing agrees with.
    """
    rules = view.rules
    if (
        rules is None
        or view.contract is None
        or view.extra
        or any(view.pile_sizes.values())
        or view.phase is not Phase.PLAY
    ):
        raise NotImplementedError(
            "resampling this state needs View.sample: without it only a deal whose moves are "
            f"all card plays can be dealt again (this one: {view.phase.value} phase, "
            f"extras {sorted(view.extra)}, piles {dict(view.pile_sizes)})"
        )
    plays = [p for t in view.tricks for p in t.plays] + list(view.trick)
    played: list[int] = [0] * view.players
    for seat, card in plays:
        played[seat] |= card.mask
    unseen = [c for c in rules.deck if c not in view.seen_cards]
    shown_void = voids(view)
    for _ in range(200):
        hands = _deal_unseen(view, unseen, shown_void, rng)
        if hands is None:
            continue
        start = [CardSet.from_mask(h | p) for h, p in zip(hands, played)]
        try:
            world = rules.new_deal(view.contract, hands=start, dealer=view.dealer, trump=view.trump)
            for _, card in plays:
                world = world.apply(Play(card))
        except (IllegalMoveError, RulesError):
            continue
        return world
    raise NotImplementedError("no deal of the unseen cards agrees with the play so far")


def _deal_unseen(
    view: View, unseen: Sequence[Any], void: dict[int, set[Any]], rng: random.Random
) -> list[int] | None:
    """Masks of the seats' hands: the view's hand and the unseen cards dealt to the others."""
    room = list(view.hand_sizes)
    hands = [0] * view.players
    hands[view.seat] = view.hand.mask
    room[view.seat] = 0
    cards = list(unseen)
    rng.shuffle(cards)
    for card in cards:
        seats = [s for s in range(view.players) if room[s] and card.suit not in void[s]]
        if not seats:
            return None
        seat = rng.choice(seats)
        hands[seat] |= card.mask
        room[seat] -= 1
    return hands if not any(room) else None
