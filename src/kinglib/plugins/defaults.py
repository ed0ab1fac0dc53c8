"""kinglib's own plugin: the common options and the default answer of every hook.

It is registered first in every rules object, so any variant or house rule overrides it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from kinglib.engine.dealing import Deal, deal_evenly
from kinglib.engine.phases import PhaseRules
from kinglib.engine.sampling import HiddenLayout, stock_layout
from kinglib.engine.state import DealResult, Phase, State
from kinglib.engine.tricks import TrickPlay, start_play
from kinglib.engine.view import View
from kinglib.plugins.checks import unhandled_marker
from kinglib.plugins.invariants import Invariants
from kinglib.values.cards import CardSet
from kinglib.values.options import Option

if TYPE_CHECKING:
    from kinglib.engine.rules import Rules

__all__ = ["COMMON_OPTIONS"]


def _first_dealer(value: int, players: int) -> int:
    if not 0 <= value < players:
        raise ValueError(f"option 'first_dealer' is a seat from 0 to {players - 1}, not {value}")
    return value


#: Options every variant has.
COMMON_OPTIONS: tuple[Option, ...] = (
    Option(
        "first_dealer",
        0,
        "the seat that deals the first deal; the deal then passes to the left",
        kind=int,
        convert=_first_dealer,
    ),
    Option(
        "early_end",
        True,
        "end a deal as soon as the cards left can no longer change anyone's score",
        kind=bool,
    ),
)


def kinglib_deck() -> CardSet:
    """The 32-card pack: seven to ace in each suit."""
    return CardSet.deck(32)


def kinglib_phases(rules: Rules) -> Mapping[Phase, PhaseRules]:
    """A deal is trick play alone."""
    return {Phase.PLAY: TrickPlay(rules)}


def kinglib_begin_deal(rules: Rules, state: State) -> State:
    """Open the deal's contract: the one the deal was given, else the scheduled one.

    It is played at once: no trump unless the deal was given one, and the seat the contract's
    trick rules name leads (the eldest, the seat after the dealer, unless they say otherwise).
    A contract the rules do not have is refused with the error of a rule that nothing handles.
    """
    spec = state.setup.deal
    cid = spec.contract if spec is not None else rules.schedule.contract_for(state.deal_number)
    contract = rules.contracts.get(cid)
    if contract is None:
        raise unhandled_marker(rules, cid)
    return start_play(state, contract_info=contract, trump=spec.trump if spec is not None else None)


def kinglib_score_deal(state: State) -> tuple[int, ...]:
    """The points of a played deal: each trick's value to its winner, each taken card's price."""
    contract = state.contract_info
    assert contract is not None
    scoring = contract.scoring_mask
    card_points = contract.card_points
    points = [card_points(taken) if taken & scoring else 0 for taken in state.taken_mask]
    for trick, value in zip(state.tricks, contract.trick_values):
        if value:
            points[trick.winner] += value
    return tuple(points)


def kinglib_match_over(
    rules: Rules, totals: tuple[int, ...], results: tuple[DealResult, ...]
) -> bool:
    """Whether a scheduled match is over: it has played its last deal, or reached ``until``.

    An open-ended schedule without ``until`` has no last deal, so its variant must answer
    ``kinglib_match_over`` itself; asking here raises :class:`NotImplementedError`.
    """
    over = rules.schedule.over_after(len(results), totals)
    if over is None:
        raise NotImplementedError(
            f"variant {rules.variant!r} has an open-ended schedule but no kinglib_match_over"
        )
    return over


def kinglib_options(variant: str) -> Sequence[Option]:
    """The common options."""
    return COMMON_OPTIONS


def kinglib_direction(rules: Rules) -> str:
    """Clockwise."""
    return "clockwise"


def kinglib_dealer(rules: Rules, deal_number: int) -> int:
    """The first dealer deals first; the deal then passes to the next seat every deal."""
    return rules.next_seat(int(rules.options["first_dealer"]), deal_number - 1)


def kinglib_deal_piles(rules: Rules) -> Mapping[str, int]:
    """No pile: the whole pack is dealt."""
    return {}


def kinglib_deal(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    """The piles of ``kinglib_deal_piles`` laid aside, the rest of the pack dealt evenly."""
    return deal_evenly(rules.deck, rules.players, rng, piles=rules.deal_piles or None)


def kinglib_deal_details(rules: Rules, state: State) -> Sequence[tuple[str, Any]]:
    """No details by default."""
    return ()


def kinglib_winners(rules: Rules, state: State) -> tuple[int, ...]:
    """The seats with the highest total (more than one on a tie)."""
    best = max(state.totals)
    return tuple(seat for seat, total in enumerate(state.totals) if total == best)


def kinglib_visible_piles(rules: Rules, state: State, seat: int) -> Sequence[str]:
    """No pile is visible by default."""
    return ()


def kinglib_view_extra(rules: Rules, state: State, seat: int) -> Mapping[str, Any]:
    """No extras by default."""
    return {}


def kinglib_invariants(rules: Rules) -> Invariants:
    """Only what holds for every variant: each deal hands out its contract's total."""
    return Invariants()


def kinglib_sample_hidden(rules: Rules, view: View) -> HiddenLayout:
    """Trick play from dealt hands: other hands and unseen piles are hidden."""
    return stock_layout(rules, view)
