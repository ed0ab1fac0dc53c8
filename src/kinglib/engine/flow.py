"""The flow of a match: dealing a deal, finishing it, and moving on to the next.

These functions make the few hook calls of a match (dealing, opening the deal, scoring,
match end, and the end-of-match points of :mod:`kinglib.engine.match_end`); they run once a deal,
never once a card.
"""

from __future__ import annotations

from operator import add
from typing import TYPE_CHECKING

from kinglib.engine.match_end import close_match
from kinglib.engine.state import DealResult, MatchSetup, Phase, State
from kinglib.values.cards import CardSet
from kinglib.values.errors import RulesError

if TYPE_CHECKING:
    from kinglib.engine.rules import Rules
    from kinglib.values.moves import Move

__all__ = ["after_deal", "deal_result", "finish_deal", "match_end_state", "start_deal"]


def start_deal(
    rules: Rules,
    setup: MatchSetup,
    deal_number: int,
    totals: tuple[int, ...] = (),
    results: tuple[DealResult, ...] = (),
    past_moves: tuple[tuple[Move, ...], ...] = (),
) -> State:
    """Deal deal ``deal_number`` and open it (its first phase and player to move)."""
    spec = setup.deal
    if spec is not None:
        dealer = spec.dealer
        hands = spec.hands
        piles = spec.piles
    elif setup.deals:
        if deal_number > len(setup.deals):
            raise RulesError(
                f"the match was given {len(setup.deals)} deals and is not over: deal "
                f"{deal_number} was not given (give more deals to Rules.new_match)"
            )
        given = setup.deals[deal_number - 1]
        dealer = given.dealer
        hands = given.hands
        piles = given.piles
    else:
        assert setup.seed is not None
        dealer = rules.dealer_for(deal_number)
        dealt = rules.deal(dealer, rules.rng(setup.seed, deal_number))
        hands = tuple([h.mask for h in dealt.hands])
        piles = tuple([(name, cards.mask) for name, cards in dealt.piles]) if dealt.piles else ()
    state = State._dealt(
        rules, setup, deal_number, dealer, hands, piles, totals, results, past_moves
    )
    return rules.begin_deal(state)


def deal_result(state: State, *, ended_early: bool) -> DealResult:
    """Score the deal that ``state`` ends: its :class:`DealResult` (the hooks are asked)."""
    rules: Rules = state.rules
    contract = state.contract_info
    assert contract is not None
    points = rules.score_deal(state)
    unplayed = 0
    if ended_early:
        for h in state.hands_mask:
            unplayed |= h
    return DealResult(
        contract=contract.id,
        points=points,
        ended_early=ended_early,
        unplayed=CardSet.from_mask(unplayed),
        dealer=state.dealer,
        chooser=state.maker,
        trump=state.trump,
        details=rules.deal_details(state),
    )


def finish_deal(state: State, *, ended_early: bool) -> State:
    """Score the deal that ``state`` ends, then deal the next one or end the match."""
    result = deal_result(state, ended_early=ended_early)
    return after_deal(state, result)


def after_deal(state: State, result: DealResult) -> State:
    """The state after the deal that ``state`` ends with ``result``: the next deal, or the end."""
    totals = tuple(map(add, state.totals, result.points))
    results = (*state.results, result)
    past_moves = (*state.past_moves, state.deal_moves)
    over = match_end_state(state, totals, results, past_moves)
    if over is not None:
        return over
    return start_deal(state.rules, state.setup, state.deal_number + 1, totals, results, past_moves)


def match_end_state(
    state: State,
    totals: tuple[int, ...],
    results: tuple[DealResult, ...],
    past_moves: tuple[tuple[Move, ...], ...],
) -> State | None:
    """The final state when the match is over after the deal ``state`` ends, else ``None``.

    ``totals``, ``results`` and ``past_moves`` are the match's with that deal counted.
    """
    if state.setup.deal is None and not state.rules.match_over(totals, results):
        return None
    return close_match(
        state.evolve(
            phase=Phase.OVER,
            to_move=None,
            totals=totals,
            results=results,
            past_moves=past_moves,
            _chain=None,
        )
    )
