"""Checking the invariants of a match on random play: :func:`check_invariants`.

Each check raises :class:`AssertionError` whose message starts with
``invariant '<name>' broken:`` and says where (rules, seed, deal, move). The names are:

* ``cards conserved``: every card of the pack is in exactly one place (a hand, the trick, a
  seat's taken cards, a pile), and no other card is anywhere;
* ``one seat to move``: a live state has exactly one seat to move, an ended one none;
* ``a legal move``: a live state has at least one legal move, and each is accepted by ``apply``;
* ``match ends``: the match ends within a bound on deals and on moves;
* ``deal total``: each finished deal hands out the total the variant declares;
* ``totals``: the match totals are the sums of the deals' points, plus the end-of-match
  points of the ``kinglib_match_end`` hook once the match is over;
* ``zero-sum``: the totals of a finished match, end-of-match points included, sum to 0 (when
  declared);
* ``threshold``: the match ends exactly when some total reaches the threshold (when declared);
* ``deals``: a finished match has the declared number of deals (when declared);
* ``replay``: the same seed and the same moves give an equal state;
* ``record``: the state records every move made, and the match read back with
  ``from_json(to_json(state))`` has the same totals and results;
* ``hidden cards``: no view of a seat shows a card of another seat's hand (unless the variant
  declares it shown).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import attrs

from kinglib.engine.match_end import match_end_points
from kinglib.engine.phases import describe_moves
from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.io.record import from_json, to_json
from kinglib.plugins.invariants import Invariants, invariants_of
from kinglib.values.cards import Card, CardSet
from kinglib.values.errors import RecordError
from kinglib.values.moves import Move

__all__ = [
    "broken",
    "check_cards",
    "check_deal",
    "check_invariants",
    "check_state",
    "check_views",
    "moves_bound",
]


def broken(name: str, message: str, where: str = "") -> AssertionError:
    """The error of a broken invariant: ``invariant 'NAME' broken: MESSAGE (WHERE)``."""
    suffix = f" ({where})" if where else ""
    return AssertionError(f"invariant {name!r} broken: {message}{suffix}")


def _where(state: State, seed: int | None = None, deal: int | None = None) -> str:
    """Where a check failed: the rules, the seed, one deal number and, within a deal, the move.

    ``deal`` names a deal that has just finished (``state`` is then the next deal or the end);
    a seeded match ends with a one-line reproduction.
    """
    rules = repr(state.rules)
    parts = [rules]
    if seed is not None:
        parts.append(f"seed {seed}")
    if deal is not None:
        parts.append(f"deal {deal}")
    elif state.is_over:
        parts.append("after the last deal")
    else:
        parts.append(f"deal {state.deal_number}")
        parts.append(f"move {len(state.deal_moves)} of the deal")
    text = ", ".join(parts)
    if seed is not None:
        text += f"; reproduce: check_invariants({rules}, seed={seed})"
    return text


def moves_bound(rules: Rules) -> int:
    """A generous bound on the moves of one deal: a few per card, plus room for an auction."""
    return 4 * len(rules.deck) + 16 * rules.players + 64


# ----------------------------------------------------------------------------- one state


def check_cards(state: State, where: str = "") -> None:
    """Every card of the pack in exactly one place: hands, trick, taken cards, piles."""
    deck = state.rules.deck.mask
    places: list[tuple[str, int]] = [
        (f"seat {s}'s hand", m) for s, m in enumerate(state.hands_mask)
    ]
    trick = 0
    for _, card in state.trick:
        if trick & card.mask:
            raise broken("cards conserved", f"{card} is twice in the trick", where)
        trick |= card.mask
    places.append(("the trick", trick))
    places += [(f"seat {s}'s taken cards", m) for s, m in enumerate(state.taken_mask)]
    places += [(f"the {name}", m) for name, m in state.piles_mask]
    seen = 0
    owner: dict[int, str] = {}
    for what, mask in places:
        twice = seen & mask
        if twice:
            card = next(iter(CardSet.from_mask(twice)))
            raise broken(
                "cards conserved", f"{card} is both in {owner[card.index]} and {what}", where
            )
        for card in CardSet.from_mask(mask):
            owner[card.index] = what
        seen |= mask
    foreign = seen & ~deck
    if foreign:
        card = next(iter(CardSet.from_mask(foreign)))
        raise broken(
            "cards conserved", f"{card} is in {owner[card.index]} but not in the pack", where
        )
    missing = deck & ~seen
    if missing:
        raise broken(
            "cards conserved", f"{CardSet.from_mask(missing)} missing from the table", where
        )


def _check_mover(state: State, where: str) -> tuple[Move, ...]:
    seat = state.to_move
    if not state.is_over and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players
    ):
        raise broken("one seat to move", f"the seat to move is {seat!r}", where)
    moves = state.legal_moves()
    if state.is_over:
        if state.to_move is not None:
            raise broken(
                "one seat to move", f"seat {state.to_move} is to move after the end", where
            )
        if moves:
            raise broken("one seat to move", "a finished match still has legal moves", where)
        return moves
    if not moves:
        raise broken(
            "a legal move", f"seat {seat} is to move in the {state.phase} phase and has none", where
        )
    if len(set(moves)) != len(moves):
        raise broken("a legal move", "the legal moves list a move twice", where)
    # The moves a state offers are its phase's own (a state may carry them from the move that
    # led there: they must be the ones the phase would list).
    rules = state.rules
    own = rules.phase_for(state).legal_moves(state)
    if rules.legal_moves_filter is not None:
        own = rules.legal_moves_filter(state, own)
    if tuple(own) != tuple(moves):
        raise broken(
            "the phase's legal moves",
            f"the state offers {describe_moves(moves)}, and its phase lists "
            f"{describe_moves(tuple(own))}",
            where,
        )
    return moves


def _cards_within(value: Any, depth: int = 0) -> int:
    """Every card held anywhere in ``value``: cards, card sets, moves, and containers of them.

    Text is not searched: a card named in text is a rule (``"bonus_card": "TD"``), not a card
    seen.
    """
    if isinstance(value, Card):
        return value.mask
    if isinstance(value, CardSet):
        return value.mask
    if depth > 8 or isinstance(value, (str, bytes, int, float)) or value is None:
        return 0
    mask = 0
    if isinstance(value, Mapping):
        for item in value.values():
            mask |= _cards_within(item, depth + 1)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            mask |= _cards_within(item, depth + 1)
    elif attrs.has(type(value)):
        for field in attrs.fields(type(value)):
            mask |= _cards_within(getattr(value, field.name), depth + 1)
    return mask


def check_views(state: State, invariants: Invariants, where: str = "") -> None:
    """No seat's view shows a card of another seat's hand, unless it was declared shown.

    :attr:`View.seen_cards` (hand, trick, tricks, visible piles, cards among the extras) is
    checked, and so is every card held deeper in the extras or in the legal moves (a card in a
    list or a mapping of an extra counts as shown too).
    """
    hands = state.hands_mask
    for seat in range(state.players):
        view = state.view(seat)
        others = 0
        for other, mask in enumerate(hands):
            if other != seat:
                others |= mask
        if not others:
            continue
        shown = view.seen_cards.mask
        shown |= _cards_within(view.extra) | _cards_within(view.legal_moves)
        leak = shown & others
        if leak:
            leak &= ~invariants.shown_cards(state, seat).mask
        if leak:
            card = next(iter(CardSet.from_mask(leak)))
            holder = next(s for s, m in enumerate(hands) if m & card.mask)
            raise broken(
                "hidden cards", f"seat {seat}'s view shows {card}, held by seat {holder}", where
            )


def check_state(state: State, invariants: Invariants | None = None, where: str = "") -> None:
    """Check the invariants of one state: cards conserved, the seat to move, hidden cards."""
    inv = invariants_of(state.rules) if invariants is None else invariants
    where = where or _where(state)
    check_cards(state, where)
    _check_mover(state, where)
    check_views(state, inv, where)


# ----------------------------------------------------------------------------- deals and matches


def _check_finished_deals(
    before: State, after: State, inv: Invariants, seed: int | None = None
) -> None:
    rules = after.rules
    first = len(before.results)
    where = _where(after, seed, deal=len(after.results))
    for number, result in enumerate(after.results[first:], start=first + 1):
        expected = inv.deal_total(result, rules)
        if result.total != expected:
            raise broken(
                "deal total",
                f"the deal ({result.contract}) hands out {result.total}, not {expected}: "
                f"{result.points}",
                _where(after, seed, deal=number),
            )
    summed = [0] * rules.players
    for result in after.results:
        for seat, p in enumerate(result.points):
            summed[seat] += p
    deal_totals = tuple(summed)
    bonuses = match_end_points(after)
    for _, bonus in bonuses:
        for seat, p in enumerate(bonus):
            summed[seat] += p
    if tuple(summed) != after.totals:
        added = " and the end-of-match points" if bonuses else ""
        raise broken(
            "totals",
            f"the totals are {after.totals}, the deals{added} add up to {tuple(summed)}",
            where,
        )
    if inv.threshold is not None and len(after.results) > len(before.results):
        # The end-of-match points come after the threshold has ended the match.
        low = min(deal_totals)
        if after.is_over and after.setup.deal is None and low > inv.threshold:
            raise broken(
                "threshold",
                f"the match ended with totals {deal_totals}, none at or below {inv.threshold}",
                where,
            )
        if not after.is_over and low <= inv.threshold:
            raise broken(
                "threshold",
                f"the match goes on with a total of {low}, at or below {inv.threshold}",
                where,
            )


def _play(
    state: State, rng: random.Random, inv: Invariants, seed: int | None, views: bool
) -> tuple[State, list[Move]]:
    rules = state.rules
    deal_limit = inv.deals if inv.deals is not None else inv.max_deals
    per_deal = moves_bound(rules)
    moves: list[Move] = []
    in_deal = 0
    while True:
        where = _where(state, seed)
        check_cards(state, where)
        legal = _check_mover(state, where)
        if views:
            check_views(state, inv, where)
        if state.is_over:
            return state, moves
        move = legal[rng.randrange(len(legal))]
        try:
            after = state.apply(move)
        except ValueError as exc:
            raise broken("a legal move", f"the legal move {move} is refused: {exc}", where) from exc
        moves.append(move)
        in_deal += 1
        if after.deal_number != state.deal_number or after.is_over:
            in_deal = 0
            _check_finished_deals(state, after, inv, seed)
            if len(after.results) > deal_limit and not after.is_over:
                raise broken(
                    "match ends", f"the match is still going after {deal_limit} deals", where
                )
        elif in_deal > per_deal:
            raise broken("match ends", f"the deal has gone on for {per_deal} moves", where)
        state = after


def check_deal(state: State, rng: random.Random, *, views: bool = True) -> State:
    """Play ``state`` (a deal given by ``new_deal``, or any state) to its end at random.

    Every state on the way is checked, and each deal that finishes must hand out its declared
    total. Returns the final state.
    """
    inv = invariants_of(state.rules)
    final, _ = _play(state, rng, inv, None, views)
    return final


def check_invariants(rules: Rules, seed: int, *, views: bool = True) -> State:
    """Play a whole match of ``rules`` at random and check every invariant listed above.

    The deals come from ``rules.new_match(seed)``, the moves from ``random.Random(seed)``.
    Every state is checked (cards conserved, one seat to move with a legal move, hidden cards
    in every seat's view unless ``views`` is false); every finished deal must hand out the total
    the variant declares (the ``kinglib_invariants`` hook); the match must end within the
    declared bound, with the declared number of deals, at the declared threshold, summing to 0
    when zero-sum; and replaying the seed and the moves must give an equal state.

    Returns the final state; raises :class:`AssertionError` naming the broken invariant.
    """
    inv = invariants_of(rules)
    start = rules.new_match(seed=seed)
    final, moves = _play(start, random.Random(seed), inv, seed, views)
    where = _where(final, seed)
    if inv.deals is not None and len(final.results) != inv.deals:
        raise broken("deals", f"the match had {len(final.results)} deals, not {inv.deals}", where)
    if inv.zero_sum and sum(final.totals) != 0:
        raise broken("zero-sum", f"match totals sum to {sum(final.totals)}: {final.totals}", where)
    replayed = rules.new_match(seed=seed)
    for k, move in enumerate(moves):
        try:
            replayed = replayed.apply(move)
        except ValueError as exc:
            raise broken(
                "replay", f"move {k + 1} ({move}) is refused on replay: {exc}", where
            ) from exc
    if replayed != final:
        raise broken(
            "replay",
            f"replaying the seed and {len(moves)} moves gives {replayed!r}, not {final!r}",
            where,
        )
    _check_record(final, moves, where)
    return final


def _check_record(final: State, moves: list[Move], where: str) -> None:
    """The match survives ``to_json``/``from_json``: same moves, same totals and results."""
    recorded = final.moves
    if len(recorded) != len(moves):
        raise broken(
            "record",
            f"{len(moves)} moves were made but the state records {len(recorded)}: a phase "
            "changed the state with state.evolve(...) where it should add the move with "
            "state.after(move, ...), so the move is missing from records and replays",
            where,
        )
    try:
        again = from_json(to_json(final), plugins=list(final.rules.plugins))
    except RecordError as exc:
        raise broken("record", f"from_json(to_json(final state)) fails: {exc}", where) from exc
    if again.totals != final.totals or again.results != final.results:
        raise broken(
            "record",
            f"the match read back from its record has totals {again.totals}, not {final.totals}",
            where,
        )
