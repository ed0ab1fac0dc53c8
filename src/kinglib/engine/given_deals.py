"""Deals given in full: checking the hands and piles a caller hands to ``Rules.new_deal``."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kinglib.values.cards import Card, CardSet, Rank, Suit
from kinglib.values.deals import DealSpec
from kinglib.values.errors import NotationError, RulesError, short_repr
from kinglib.values.moves import Declare

if TYPE_CHECKING:
    from kinglib.engine.rules import Rules

__all__ = ["DEAL_KEYS", "given_cards", "given_deal", "given_match_deals"]


def given_deal(
    rules: Rules,
    contract: str,
    hands: Sequence[str | CardSet | Iterable[Any]],
    dealer: int,
    *,
    widow: str | CardSet | None,
    stock: str | CardSet | None,
    kitty: str | CardSet | None,
    trump: Suit | str | None,
) -> DealSpec:
    """Check a deal given in full against ``rules`` and return it as a :class:`DealSpec`.

    The arguments are those of :meth:`Rules.new_deal <kinglib.engine.rules.Rules.new_deal>`, which
    says what is checked; raises :class:`~kinglib.values.errors.RulesError` naming the problem.
    """
    n = rules.players
    if not isinstance(contract, str) or contract not in rules.contracts:
        raise RulesError(
            f"unknown contract {contract!r} for {rules.variant}; "
            f"the contracts are: {', '.join(rules.contracts)}"
        )
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise RulesError(f"the dealer is a seat from 0 to {n - 1}, not {dealer!r}")
    masks, piles, orders = given_cards(rules, hands, dealer, widow=widow, stock=stock, kitty=kitty)
    if trump is not None:
        if not rules.contracts[contract].trump_round:
            raise RulesError(f"{contract} is not a trump round: it takes no trump ({trump!r})")
        try:
            declared = Declare(trump).trump
        except (NotationError, ValueError) as exc:
            raise RulesError(f"bad trump: {exc}") from None
        if isinstance(declared, Rank):
            raise RulesError(f"bad trump: {declared!r} is a rank; give a suit, notrump or misere")
        trump = declared
        if trump in ("last", "raspis"):
            raise RulesError(f"bad trump: {trump} is a declaration; give a suit, notrump or misere")
    return DealSpec(
        contract=contract, dealer=dealer, hands=masks, piles=piles, trump=trump, orders=orders
    )


#: The keys of a deal of :meth:`Rules.new_match <kinglib.engine.rules.Rules.new_match>`'s ``deals``.
DEAL_KEYS: tuple[str, ...] = ("hands", "widow", "stock", "kitty")


def given_match_deals(rules: Rules, deals: Sequence[Any]) -> tuple[DealSpec, ...]:
    """Check the deals given to ``Rules.new_match(deals=...)``, one :class:`DealSpec` each.

    Each item is a mapping of :data:`DEAL_KEYS` (``{"hands": [...], "stock": ...}``) or a plain
    list of hands. Deal ``n``'s dealer is the one the rules name for it; its contract is the
    schedule's entry. Raises :class:`~kinglib.values.errors.RulesError` naming the deal and the
    problem.
    """
    if isinstance(deals, (str, bytes)) or not isinstance(deals, Sequence) or not deals:
        raise RulesError(f"deals is a non-empty list of deals, not {short_repr(deals)}")
    out = []
    for number, item in enumerate(deals, start=1):
        where = f"deals[{number - 1}]"
        if isinstance(item, Mapping):
            unknown = sorted(str(k) for k in item if k not in DEAL_KEYS)
            if unknown:
                raise RulesError(
                    f"{where}: unknown key {unknown[0]!r} (a deal takes {', '.join(DEAL_KEYS)})"
                )
            if "hands" not in item:
                raise RulesError(f"{where}: the deal has no 'hands'")
            fields = dict(item)
        else:
            fields = {"hands": item}
        dealer = rules.dealer_for(number)
        try:
            masks, piles, orders = given_cards(
                rules,
                fields["hands"],
                dealer,
                widow=fields.get("widow"),
                stock=fields.get("stock"),
                kitty=fields.get("kitty"),
            )
        except RulesError as exc:
            raise RulesError(f"{where}: {exc}") from None
        contract = rules.schedule.contract_for(number) if _within(rules, number) else ""
        out.append(
            DealSpec(contract=contract, dealer=dealer, hands=masks, piles=piles, orders=orders)
        )
    return tuple(out)


def _within(rules: Rules, number: int) -> bool:
    length = rules.schedule.length
    return length is None or number <= length


def given_cards(
    rules: Rules,
    hands: Sequence[str | CardSet | Iterable[Any]],
    dealer: int,
    *,
    widow: str | CardSet | None,
    stock: str | CardSet | None,
    kitty: str | CardSet | None,
) -> tuple[tuple[int, ...], tuple[tuple[str, int], ...], tuple[tuple[str, tuple[int, ...]], ...]]:
    """Check the hands and piles of a deal given in full: ``(hands, piles, orders)``.

    Raises :class:`~kinglib.values.errors.RulesError` for hands of the wrong number or size, piles
    the variant does not have or of the wrong size, and duplicate, foreign or missing cards.
    """
    n = rules.players
    if not isinstance(hands, Sequence) and not isinstance(hands, CardSet):
        raise RulesError(
            f"{rules.variant} for {n} players needs {n} hands, given as a list, not {hands!r}"
        )
    if isinstance(hands, (str, CardSet)) or len(hands) != n:
        count = 1 if isinstance(hands, (str, CardSet)) else len(hands)
        raise RulesError(f"{rules.variant} for {n} players needs {n} hands, not {count}")
    hand_values = [_listed(h) for h in hands]
    masks = [_cards(h, f"the hand of seat {seat}") for seat, h in enumerate(hand_values)]
    pile_values = {
        name: _listed(value)
        for name, value in (("widow", widow), ("stock", stock), ("kitty", kitty))
        if value is not None
    }
    given_piles = {name: _cards(value, f"the {name}") for name, value in pile_values.items()}
    reference = rules.deal(dealer, random.Random(0))
    expected_piles = dict(reference.piles)
    for name in given_piles:
        if name not in expected_piles:
            raise RulesError(f"{rules.variant} has no {name}")
    for name, pile in expected_piles.items():
        if name not in given_piles:
            if len(pile):
                raise RulesError(f"{rules.variant} needs the {name} ({len(pile)} cards)")
            given_piles[name] = 0
    deck = rules.deck.mask
    seen: dict[int, str] = {}
    places = [(f"seat {seat}", m) for seat, m in enumerate(masks)]
    places += [(f"the {name}", m) for name, m in sorted(given_piles.items())]
    for where, mask in places:
        foreign = mask & ~deck
        if foreign:
            raise RulesError(
                f"{where} holds {CardSet.from_mask(foreign)}, not in the "
                f"{len(rules.deck)}-card pack of {rules.variant}"
            )
        for card in CardSet.from_mask(mask):
            if card.index in seen:
                raise RulesError(f"{card} is dealt twice: to {seen[card.index]} and {where}")
            seen[card.index] = where
    for seat, (mask, ref) in enumerate(zip(masks, reference.hands)):
        if mask.bit_count() != len(ref):
            raise RulesError(
                f"seat {seat} holds {mask.bit_count()} cards; a hand of this deal has {len(ref)}"
            )
    for name, mask in given_piles.items():
        size = len(expected_piles[name])
        if mask.bit_count() != size:
            raise RulesError(f"the {name} has {mask.bit_count()} cards; it should have {size}")
    missing = deck & ~sum(1 << i for i in seen)
    if missing:
        raise RulesError(f"cards missing from the deal: {CardSet.from_mask(missing)}")
    orders = tuple(
        sorted(
            [(k, _order(v)) for k, v in pile_values.items()]
            + [(f"hand:{seat}", _order(h)) for seat, h in enumerate(hand_values)]
        )
    )
    return tuple(masks), tuple(sorted(given_piles.items())), orders


def _cards(value: Any, what: str) -> int:
    """The mask of a hand or pile given as text, a CardSet, or an iterable of cards or texts."""
    try:
        if isinstance(value, CardSet):
            return value.mask
        if isinstance(value, str):
            return CardSet.parse(value).mask
        mask = 0
        for item in value:
            card = Card.parse(item) if isinstance(item, str) else item
            if not isinstance(card, Card):
                raise NotationError(f"not a card: {item!r}")
            if mask & card.mask:
                raise NotationError(f"card {card} appears twice")
            mask |= card.mask
        return mask
    except (NotationError, TypeError) as exc:
        raise RulesError(f"{what}: {exc}") from None


def _listed(value: Any) -> Any:
    """Keep text and card sets; turn any other iterable into a list, so it can be read twice."""
    if isinstance(value, (str, CardSet)):
        return value
    try:
        return list(value)
    except TypeError:
        return value


def _order(value: Any) -> tuple[int, ...]:
    """The card indices of an already checked pile, in the order they were given."""
    if isinstance(value, str):
        return tuple(Card.parse(word).index for word in value.replace(",", " ").split())
    return tuple((Card.parse(c) if isinstance(c, str) else c).index for c in value)
