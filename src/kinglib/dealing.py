"""Dealing: the :class:`Deal` a variant hands out, and the plain even deal."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

import attrs

from kinglib.cards import CardSet, iter_indices

__all__ = ["Deal", "deal_evenly", "deal_rng"]


def _piles(
    value: Mapping[str, CardSet] | Iterable[tuple[str, CardSet]],
) -> tuple[tuple[str, CardSet], ...]:
    """Piles as sorted ``(name, cards)`` pairs, from a mapping or from pairs (default ``()``)."""
    pairs = value.items() if isinstance(value, Mapping) else value
    return tuple(sorted(pairs))


@attrs.frozen
class Deal:
    """The cards of one deal before anything is played.

    Attributes:
        hands: one card set per seat.
        piles: the other places cards lie face down, by name (``"widow"``, ``"stock"``,
            ``"kitty"``), as sorted ``(name, CardSet)`` pairs.

    """

    hands: tuple[CardSet, ...]
    piles: tuple[tuple[str, CardSet], ...] = attrs.field(default=(), converter=_piles)


def deal_rng(seed: int, deal_number: int) -> random.Random:
    """The random generator of one deal of a match: seeded from the match seed and the deal."""
    return random.Random(f"kinglib/{seed}/{deal_number}")


def deal_evenly(
    deck: CardSet,
    players: int,
    rng: random.Random,
    *,
    seats: tuple[int, ...] | None = None,
    piles: Mapping[str, int] | None = None,
) -> Deal:
    """Shuffle ``deck`` and give each of ``seats`` (default: every seat) an equal hand.

    ``piles`` names the piles to set aside first with their sizes (``{"widow": 2}``); what is
    left is shared evenly and must divide exactly.
    """
    cards = list(iter_indices(deck.mask))
    rng.shuffle(cards)
    pile_sets: dict[str, CardSet] = {}
    pos = 0
    for name, size in (piles or {}).items():
        pile_sets[name] = CardSet.from_mask(sum(1 << i for i in cards[pos : pos + size]))
        pos += size
    active = tuple(range(players)) if seats is None else seats
    rest = cards[pos:]
    if not active or len(rest) % len(active):
        raise ValueError(f"{len(rest)} cards do not divide among {len(active)} hands")
    size = len(rest) // len(active)
    hands = [CardSet()] * players
    for k, seat in enumerate(active):
        hands[seat] = CardSet.from_mask(sum(1 << i for i in rest[k * size : (k + 1) * size]))
    return Deal(hands=tuple(hands), piles=pile_sets)
