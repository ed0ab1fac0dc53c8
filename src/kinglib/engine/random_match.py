"""Matches of random players, played without views: :func:`random_match` and :func:`random_outcome`.

:func:`kinglib.simulate` with its default random bots spends most of its time building the
views the bots look at and re-checking the moves they return. A
:class:`~kinglib.players.bots.RandomBot` needs neither: it draws one of the legal moves with
``rng.choice``. The functions here draw the same move from the same generator and play it
without the checks, so they reach the very match that :func:`kinglib.play` reaches with
``RandomBot(game_seed(seed, seat))`` in every seat.

How much of a deal becomes a :class:`State` depends on what the deal's rules need:

* A deal that no hook but kinglib's own concerns (dealing the pack evenly, opening the
  scheduled contract, scoring its tricks and cards; see :func:`kinglib.for_contracts` for
  hooks that concern some contracts only), played by trick play that the kernel knows, is
  played **whole on integers**: the same draws of the same generator deal it, the kernel plays
  its cards (:func:`kinglib.engine.kernel.play_deal`) and scores it, and no state is built.
* Any other deal is played on states, every move through its phase's unchecked ``apply``;
  from the start of its card play the kernel plays the rest of the deal whole, and one state
  is built at its end, equal to the one the card-by-card play reaches.

:func:`random_outcome` keeps the results of the deals only when some rule may read them (a
hook of the variant's own); :func:`random_match` keeps everything and returns the final state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from operator import add
from typing import Any

import attrs

from kinglib.engine.builds import draws_ahead
from kinglib.engine.flow import deal_result, match_end_state, start_deal
from kinglib.engine.hook_calls import answered_by_defaults
from kinglib.engine.kernel import (
    DRAW_INDEX,
    DRAWS_LIKE_CHOICE,
    Chooser,
    DealRules,
    Draws,
    MatchDeal,
    deal_cards,
    deal_points,
    play_deal,
    whole_match,
)
from kinglib.engine.phases import ContractPlay, Opening, PhaseRules
from kinglib.engine.rules import Rules
from kinglib.engine.state import DealResult, MatchSetup, Phase, State
from kinglib.engine.tricks import TrickPlay, broken_suits, deal_rules, first_leader, start_play
from kinglib.values.cards import CardSet
from kinglib.values.contracts import Contract
from kinglib.values.moves import PLAYS, Draw, Move
from kinglib.values.seeding import game_seed

__all__ = [
    "MatchOutcome",
    "kernel_trick_play",
    "play_rest_of_deal",
    "random_match",
    "random_outcome",
]


def kernel_trick_play(rules: Rules, state: State | None = None) -> TrickPlay | None:
    """The trick play whose deals the kernel may play whole, else None.

    That is when the phase playing the deal of ``state`` (the PLAY phase's trick play, when no
    state is given) changes nothing of the trick play the kernel knows, no house rule filters
    the legal moves, and the generators draw as the kernel does.
    """
    if rules.legal_moves_filter is not None or not DRAWS_LIKE_CHOICE:
        return None
    phase_rules = rules.phases.get(Phase.PLAY)
    if state is not None and phase_rules is not None:
        phase_rules = rules.phase_for(state)
    else:
        phase_rules = getattr(phase_rules, "trick_play", phase_rules)
    if isinstance(phase_rules, TrickPlay) and phase_rules.plays_whole_deals:
        return phase_rules
    return None


def play_rest_of_deal(
    state: State,
    trick_play: TrickPlay,
    draws: list[Draws],
    choose: Chooser | None = None,
) -> tuple[State, bool]:
    """Play the rest of the deal of ``state`` (in the PLAY phase, no trick begun) at random.

    The kernel plays the cards (:func:`kinglib.engine.kernel.play_deal`), each seat drawing with its
    :class:`~kinglib.engine.kernel.Draws`, or each card picked by ``choose`` when it is given; the
    state that ends the deal is built once. Returns it and whether the deal ended early.
    """
    rules = trick_play.deal_rules(state)
    stock, kitty = trick_play.kernel_start(state)
    hands = list(state.hands_mask)
    taken = list(state.taken_mask)
    leader = state.to_move
    assert leader is not None
    played, winners, ended_early, drawn, _ = play_deal(
        hands,
        taken,
        leader,
        len(state.tricks),
        broken_suits(state, rules),
        draws,
        choose,
        rules,
        stock,
        kitty,
    )
    end = trick_play.kernel_end(state, played, winners, drawn, hands, taken, stock)
    return end, ended_early


@attrs.frozen
class MatchOutcome:
    """What a match of random players came to (see :func:`random_outcome`).

    Attributes:
        totals: the match totals per seat.
        winners: the seats with the best total.
        deals: the deals played.
        moves: the moves made.
        final: the final state, when it was asked for.

    """

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    deals: int
    moves: int
    final: State | None = None


class _Plan:
    """What the rules let the whole-deal play do, worked out once for each rules object."""

    def __init__(self, rules: Rules) -> None:
        pm = rules.plugin_manager
        trick_play = self.trick_play = kernel_trick_play(rules)
        # kinglib's own deal: the piles laid aside first, in order, then the hands, drawn as
        # the kernel draws (a pack that does not divide is dealt by the hook, which says so).
        piles = dict(rules.deal_piles)
        self.pile_names = list(piles)
        self.pack = [1 << i for i in range(54) if rules.deck.mask >> i & 1]
        hand = (len(self.pack) - sum(piles.values())) // rules.players
        self.cut = [*piles.values(), *[hand] * rules.players]
        self.stock_deal = (
            DRAWS_LIKE_CHOICE
            and answered_by_defaults(pm, "kinglib_deal")
            and sum(self.cut) == len(self.pack)
        )
        self.trick_play_stock = trick_play.stock_pile if trick_play is not None else None
        self.full = (1,) * rules.players  # every seat holds cards in an even deal
        self.trick_values = {cid: list(c.trick_values) for cid, c in rules.contracts.items()}
        self.card_values = {cid: list(c.card_values) for cid, c in rules.contracts.items()}
        entries = rules.schedule.deals or (rules.schedule.repeat or "",)
        # A deal opened and scored by kinglib's own hooks, played by the kernel's trick play.
        self.whole: dict[str, bool] = {}
        # A deal whose details kinglib's own hook gives (none).
        self.plain_details: dict[str, bool] = {}
        # A phase that opens its deals as kinglib does stands for its variant's opening, when
        # the variant's own plugin is the only one besides kinglib's to answer it.
        stands_in = self.stands_in = (
            trick_play is not None
            and trick_play.opens_whole_deals
            and self.stock_deal
            and answered_by_defaults(pm, "kinglib_begin_deal", also=(_variant_plugin(rules),))
        )
        # The kernel's trick play starts its deals as kinglib's own does.
        own_start = (
            trick_play is not None and type(trick_play).kernel_start is TrickPlay.kernel_start
        )

        def kernel_played(cid: str) -> bool:
            """Whether the kernel plays the tricks of contract ``cid``."""
            contract = rules.contracts.get(cid)
            return (
                trick_play is not None
                and contract is not None
                and contract.trick_rules.phase is None
            )

        def kernel_scored(cid: str) -> bool:
            """Whether the kernel plays contract ``cid`` and kinglib's own hook scores it."""
            return kernel_played(cid) and answered_by_defaults(pm, "kinglib_score_deal", cid)

        for cid in set(entries):
            self.whole[cid] = (
                (answered_by_defaults(pm, "kinglib_begin_deal", cid) or stands_in)
                and kernel_scored(cid)
                and (own_start or stands_in)
            )
            self.plain_details[cid] = answered_by_defaults(pm, "kinglib_deal_details", cid)
        # A deal of each contract, once its opening is drawn (a choice, a trump named: see
        # PhaseRules.open_at_random), with no details of the variant's own: it goes on on
        # integers.
        self.whole_after_opening = {
            cid: (
                own_start
                and kernel_scored(cid)
                and answered_by_defaults(pm, "kinglib_deal_details", cid)
            )
            for cid in rules.contracts
        }
        variant = (_variant_plugin(rules),)
        # A deal of each contract played by a phase of its own (a fan-tan layout) that plays
        # it whole on integers once opened, when no plugin but that phase's module scores it
        # (scored as the phase scores it), or the variant's too (settled by its opening).
        self.played_after_opening: dict[str, PhaseRules] = {}
        self.phase_scored: dict[str, bool] = {}
        for cid, contract in rules.contracts.items():
            phase = _play_phase(rules, contract)
            if phase is None or not phase.plays_deals_at_random():
                continue
            module = (type(phase).__module__,)
            if answered_by_defaults(pm, "kinglib_score_deal", cid, also=(*module, *variant)):
                self.played_after_opening[cid] = phase
                self.phase_scored[cid] = answered_by_defaults(
                    pm, "kinglib_score_deal", cid, also=module
                )
        # A deal of each contract, once an opening that settles its points is drawn (a
        # variant's own scoring of the kernel's points: see Opening.settle), when no plugin
        # but the variant's own scores it or gives its details: it goes on on integers too.
        self.settled_after_opening = {
            cid: (
                own_start
                and kernel_played(cid)
                and answered_by_defaults(pm, "kinglib_score_deal", cid, also=variant)
                and answered_by_defaults(pm, "kinglib_deal_details", cid, also=variant)
            )
            for cid in rules.contracts
        }
        # The pile the kernel draws from, as dealt (-1: none).
        self.stock_at = -1
        if trick_play is not None and trick_play.stock_pile in self.pile_names:
            self.stock_at = self.pile_names.index(trick_play.stock_pile)
        #: Whether the end of the match is kinglib's own (the schedule, the best totals).
        self.plain_end = all(
            answered_by_defaults(pm, name)
            for name in ("kinglib_match_over", "kinglib_winners", "kinglib_match_end")
        )
        #: Whether a rule of the variant's own may read the results (or the states) of the
        #: match: then they are kept exactly, details and moves included.
        self.needs_results = not (self.plain_end and all(self.whole.values()))
        #: The deals of a match that the kernel plays whole, start to end (see _match_deals).
        self.match_deals = self._match_deals(rules, piles)
        #: The phase that opens every deal from the openings before, when a match that keeps
        #: nothing may be played on integers through it (see _deal_opener).
        self.deal_opener = self._deal_opener(rules, variant)

    def deal(self, rng: random.Random, ahead: bool) -> tuple[list[int], dict[str, int], list[int]]:
        """The deal of kinglib's own hook, drawn from ``rng`` with the same draws.

        Returns the hands' masks, the piles' masks by name and the stock the kernel draws from
        (its card indices in the order dealt; empty when it draws from none).
        """
        cut, shuffled = deal_cards(self.pack, self.cut, Draws(rng.getrandbits, ahead))
        count = len(self.pile_names)
        stock: list[int] = []
        if self.stock_at >= 0:
            first = sum(self.cut[: self.stock_at])
            stop = first + self.cut[self.stock_at]
            stock = [bit.bit_length() - 1 for bit in shuffled[first:stop]]
        return cut[count:], dict(zip(self.pile_names, cut[:count])), stock

    def _match_deals(self, rules: Rules, piles: dict[str, int]) -> list[MatchDeal] | None:
        """The deals of :func:`kinglib.engine.kernel.whole_match`, or None when it cannot play them.

        It can when every deal is whole, the pack is dealt by kinglib (a kitty the only pile
        laid aside), the match ends by its schedule, and a deal's contract, dealer and leader
        repeat with the deal's number (a fixed schedule, or one contract and the dealer's turn).
        """
        schedule = rules.schedule
        if self.needs_results or not self.stock_deal:
            return None
        if any(name not in ("kitty", self.trick_play_stock) for name in piles):
            return None
        if schedule.repeat is not None and schedule.until is None:
            return None
        count = len(schedule.deals) if schedule.repeat is None else rules.players
        deals: list[MatchDeal] = []
        for number in range(1, count + 1):
            contract = rules.contracts[schedule.contract_for(number)]
            dealer = rules.dealer_for(number)
            deals.append(
                (
                    first_leader(rules, contract, dealer, None, self.full),
                    deal_rules(rules, contract, None, None),
                    list(contract.trick_values),
                    list(contract.card_values),
                )
            )
        if schedule.repeat is not None and rules.dealer_for(count + 1) != rules.dealer_for(1):
            return None
        return deals

    def _deal_opener(self, rules: Rules, variant: tuple[str]) -> PhaseRules | None:
        """The phase that opens every deal on integers, or None when the match cannot use it.

        It can when that phase opens every deal (no plugin but the variant's own opens them),
        kinglib deals the whole pack in hands, the match ends by its fixed schedule, no house
        rule filters the legal moves, and every contract, once opened, goes on on integers
        (in the kernel, scored by kinglib or settled by its opening, or in a phase of its own
        that plays it whole).
        """
        on_integers = {
            cid: whole or self.settled_after_opening[cid]
            for cid, whole in self.whole_after_opening.items()
        }
        for cid in self.played_after_opening:
            on_integers[cid] = True
        if not (
            self.plain_end
            and self.stock_deal
            and not self.pile_names
            and rules.schedule.repeat is None
            and rules.legal_moves_filter is None
            and answered_by_defaults(rules.plugin_manager, "kinglib_begin_deal", also=variant)
            and all(on_integers.get(cid, False) for cid in rules.contracts)
        ):
            return None
        openers = [phase for phase in rules.phases.values() if phase.opens_every_deal()]
        return openers[0] if len(openers) == 1 else None


def _play_phase(rules: Rules, contract: Contract) -> PhaseRules | None:
    """The play phase of its own that plays the deals of ``contract``, if its rules name one."""
    name = contract.trick_rules.phase
    play = rules.phases.get(Phase.PLAY)
    if name is None or not isinstance(play, ContractPlay):
        return None
    return play.named.get(name)


def _variant_plugin(rules: Rules) -> str:
    """The name the variant's own plugin is registered under."""
    return f"kinglib.variant.{rules.variant}"


def _plan(rules: Rules) -> _Plan:
    cache: dict[Any, Any] = rules._deal_rules
    plan: _Plan | None = cache.get(_Plan)
    if plan is None:
        plan = cache[_Plan] = _Plan(rules)
    return plan


#: The move of each index of a kernel's code (``code & 63``): the play of a card (0 to 53),
#: else the draw (``DRAW_INDEX``; no code holds the indices between).
_MOVE_OF_INDEX: tuple[Move, ...] = (*PLAYS, *[Draw()] * (DRAW_INDEX + 1 - len(PLAYS)))


def _moves_of(played: list[list[int]]) -> tuple[Move, ...]:
    move_of = _MOVE_OF_INDEX
    return tuple([move_of[code & 63] for codes in played for code in codes])


class _Runner:
    """One match of random players, deal by deal: whole on integers where it may be."""

    def __init__(self, rules: Rules, seed: int, keep: bool) -> None:
        self.rules = rules
        self.seed = seed
        plan = self.plan = _plan(rules)
        self.keep = keep or plan.needs_results
        # The final state is built when asked for, and when the winners are the variant's say.
        self.want_final = keep or not plan.plain_end
        # Kept results need each deal's own end state: a phase that stands in for its variant's
        # opening plays its deals whole only when nothing is kept.
        self.whole = {
            cid: whole
            and (plan.plain_details[cid] or not self.keep)
            and not (self.keep and plan.stands_in)
            for cid, whole in plan.whole.items()
        }
        # A deal opened by drawn moves goes on on integers unless its end state is wanted.
        self.whole_after_opening = {} if self.want_final else plan.whole_after_opening
        self.settled_after_opening = {} if self.want_final else plan.settled_after_opening
        self.ahead = draws_ahead(Draws)
        self.draws = [
            Draws(random.Random(game_seed(seed, seat)).getrandbits, self.ahead)
            for seat in range(rules.players)
        ]
        self.setup = MatchSetup(seed=seed)
        self.totals: tuple[int, ...] = (0,) * rules.players
        self.results: list[DealResult] = []
        self.past_moves: list[tuple[Move, ...]] = []
        self.deals = 0
        self.moves = 0

    def run(self) -> MatchOutcome:
        rules = self.rules
        if not self.keep and self.plan.match_deals is not None:
            return self._whole_match(self.plan.match_deals)
        opener = self.plan.deal_opener
        if opener is not None and not self.want_final:
            return self._opened_match(opener)
        number = 1
        while True:
            cid = rules.schedule.contract_for(number)
            if self.whole.get(cid, False):
                final = self._whole_deal(number, cid)
                if final is not None:
                    return final
                number += 1
                continue
            final = self._deal_on_states(self._start_deal(number))
            if final is not None:
                return final
            number = len(self.results) + 1

    # ------------------------------------------------------------------ on integers

    def _whole_match(self, deals: list[MatchDeal]) -> MatchOutcome:
        """The whole match in the kernel: no rule of the variant's own concerns it."""
        rules = self.rules
        schedule = rules.schedule
        seed = self.seed

        def deal_bits(number: int) -> Callable[[int], int]:
            return rules.rng(seed, number).getrandbits

        until = schedule.until if schedule.until is not None else 0
        totals, self.deals, self.moves = whole_match(
            deals,
            len(schedule.deals) if schedule.repeat is None else 0,
            until,
            self.plan.pack,
            self.plan.cut,
            len(self.plan.pile_names),
            self.plan.stock_at,
            deal_bits,
            self.draws,
            self.ahead,
        )
        self.totals = tuple(totals)
        return self._outcome(None)

    def _opened_match(self, opener: PhaseRules) -> MatchOutcome:
        """The whole match on integers, each deal opened by ``opener`` from the openings before.

        Nothing is kept but each deal's opening, which the next openings read
        (:meth:`PhaseRules.open_deal_at_random`).
        """
        rules = self.rules
        plan = self.plan
        players = rules.players
        openings: list[Opening] = []
        totals = self.totals
        moves = 0
        deals = len(rules.schedule.deals)
        for number in range(1, deals + 1):
            dealer = rules.dealer_for(number)
            dealt, _, _ = plan.deal(rules.rng(self.seed, number), self.ahead)
            opening = opener.open_deal_at_random(number, openings, self.draws)
            contract, maker = opening.contract, opening.maker
            assert contract is not None
            hands = list(dealt if opening.hands is None else opening.hands)
            phase = plan.played_after_opening.get(contract.id)
            if phase is not None:
                points, made = phase.play_deal_at_random(opening, dealer, hands, self.draws)
                scored = plan.phase_scored[contract.id]
            else:
                leader = first_leader(rules, contract, dealer, maker, tuple(hands))
                rules_now = deal_rules(rules, contract, opening.trump, maker)
                played, _, _, _, points = self._play(
                    contract.id, hands, [0] * players, leader, rules_now, [], 0
                )
                made = sum(len(codes) for codes in played)
                scored = plan.whole_after_opening[contract.id]
            if opening.settle is not None:
                points = opening.settle(points)
            else:
                # A contract its variant scores itself is opened with its settling.
                assert scored
            totals = tuple(map(add, totals, points))
            openings.append(opening)
            moves += len(opening.moves) + made
        self.totals, self.deals, self.moves = totals, deals, moves
        # No result was kept: the outcome reads the counts.
        self.keep = False
        return self._outcome(None)

    def _whole_deal(self, number: int, cid: str) -> MatchOutcome | None:
        """Deal ``number`` on integers; the outcome when the match ends with it."""
        rules = self.rules
        plan = self.plan
        dealer = rules.dealer_for(number)
        rng = rules.rng(self.seed, number)
        contract = rules.contracts[cid]
        rules_now = deal_rules(rules, contract, None, None)
        stock: list[int] = []
        if plan.stock_deal:
            dealt, piles, stock = plan.deal(rng, self.ahead)
        else:
            deal = rules.deal(dealer, rng)
            dealt = [hand.mask for hand in deal.hands]
            piles = {name: cards.mask for name, cards in deal.piles}
        kitty = piles.get("kitty", 0) if contract.trick_rules.kitty == "first_trick" else 0
        leader = first_leader(rules, contract, dealer, None, tuple(dealt))
        hands = list(dealt)
        taken = [0] * rules.players
        played, winners, ended_early, drawn, points = self._play(
            cid, hands, taken, leader, rules_now, stock, kitty
        )
        self.totals = tuple(map(add, self.totals, points))
        self.deals += 1
        self.moves += sum(len(codes) for codes in played)
        if not self.keep:
            # No rule reads the results: the schedule says when the match is over.
            if rules.schedule.over_after(self.deals, self.totals):
                return self._outcome(None)
            return None
        result = DealResult(
            contract=cid,
            points=points,
            ended_early=ended_early,
            unplayed=_unplayed(hands, ended_early),
            dealer=dealer,
        )
        results_before = tuple(self.results)
        past_before = tuple(self.past_moves)
        self.results.append(result)
        self.past_moves.append(_moves_of(played))
        if not self._match_over():
            return None
        if not self.want_final:
            return self._outcome(None)
        # The last deal: its end state, as the card-by-card play would have built it.
        trick_play = plan.trick_play
        assert trick_play is not None
        totals_before = tuple(map(lambda a, b: a - b, self.totals, points))
        begun = self._dealt(
            number, dealer, dealt, piles, totals_before, results_before, past_before
        )
        opened = start_play(begun, contract_info=contract, trump=None)
        end = trick_play.kernel_end(opened, played, winners, drawn, hands, taken, [])
        final = match_end_state(end, self.totals, tuple(self.results), tuple(self.past_moves))
        assert final is not None
        return self._finished(final)

    # ------------------------------------------------------------------ on states

    def _start_deal(self, number: int) -> State:
        """Deal ``number`` dealt and opened, as :func:`~kinglib.engine.flow.start_deal` does.

        kinglib's own deal is drawn on integers (the same draws of the same generator).
        """
        rules = self.rules
        results, past_moves = tuple(self.results), tuple(self.past_moves)
        if not self.plan.stock_deal:
            return start_deal(rules, self.setup, number, self.totals, results, past_moves)
        dealer = rules.dealer_for(number)
        dealt, piles, _ = self.plan.deal(rules.rng(self.seed, number), self.ahead)
        return rules.begin_deal(
            self._dealt(number, dealer, dealt, piles, self.totals, results, past_moves)
        )

    def _dealt(
        self,
        number: int,
        dealer: int,
        dealt: list[int],
        piles: dict[str, int],
        totals: tuple[int, ...],
        results: tuple[DealResult, ...],
        past_moves: tuple[tuple[Move, ...], ...],
    ) -> State:
        """The state of deal ``number`` as dealt: ``dealt`` the hands, ``piles`` by name."""
        return State._dealt(
            self.rules,
            self.setup,
            number,
            dealer,
            tuple(dealt),
            tuple(sorted(piles.items())),
            totals,
            results,
            past_moves,
        )

    def _deal_on_states(self, state: State) -> MatchOutcome | None:
        """Play from ``state`` until a deal ends that this runner goes on from, or the match.

        A phase that ends its deal itself (a redeal, a raspis) opens the next deal too: the
        play goes on from there, on states.
        """
        rules = self.rules
        house = rules.legal_moves_filter
        draws = self.draws
        play_phase = Phase.PLAY
        over = Phase.OVER
        key: tuple[Any, Any] = (None, None)
        phase_rules: Any = None
        while True:
            if state.phase is over:
                return self._finished(state)
            now = (state.phase, state.contract_info)
            if now != key:
                key = now
                phase_rules = rules.phase_for(state)
                if house is None and not isinstance(phase_rules, TrickPlay):
                    # A phase that plays the rest of its deal in one step (a fan-tan layout).
                    end = phase_rules.play_rest_at_random(state, draws)
                    if end is not None:
                        return self._deal_ended(end, ended_early=False)
                    # A phase whose moves open the card play (a choice of contract).
                    opening = phase_rules.open_at_random(state, draws)
                    if opening is not None:
                        if self._goes_on_on_integers(opening):
                            return self._opened_deal(state, opening)
                        for move in opening.moves:
                            state = rules.phase_for(state).apply(state, move)
                        key = (None, None)
                        continue
            if (
                state.phase is play_phase
                and not state.trick
                and house is None
                and isinstance(phase_rules, TrickPlay)
                and phase_rules.plays_whole_deals
            ):
                end, ended_early = play_rest_of_deal(state, phase_rules, draws)
                return self._deal_ended(end, ended_early=ended_early)
            seat = state.to_move
            assert seat is not None
            moves = phase_rules.legal_moves(state)
            if house is not None:
                moves = house(state, moves)
            # random.Random.choice(moves), drawn as the kernel draws.
            state = phase_rules.apply(state, moves[draws[seat].below(len(moves))])

    def _goes_on_on_integers(self, opening: Opening) -> bool:
        """Whether the deal goes on on integers after ``opening`` (see :meth:`_opened_deal`)."""
        contract = opening.contract
        if contract is None:
            return False
        if opening.settle is not None:
            return self.settled_after_opening.get(contract.id, False)
        return self.whole_after_opening.get(contract.id, False)

    def _opened_deal(self, state: State, opening: Opening) -> MatchOutcome | None:
        """The deal of ``state`` after its ``opening``, on integers; the outcome if the match ends.

        The results are kept as the card-by-card play keeps them, the opening's moves among
        the deal's moves and its points settled as the opening says; only the end state is
        not built (none is wanted).
        """
        rules = self.rules
        contract = opening.contract
        assert contract is not None
        trump, maker = opening.trump, opening.maker
        kitty = state.pile("kitty").mask if contract.trick_rules.kitty == "first_trick" else 0
        dealt = state.hands_mask if opening.hands is None else opening.hands
        hands = list(dealt)
        taken = list(state.taken_mask)
        leader = first_leader(rules, contract, state.dealer, maker, dealt)
        rules_now = deal_rules(rules, contract, trump, maker)
        played, _, ended_early, _, points = self._play(
            contract.id, hands, taken, leader, rules_now, [], kitty
        )
        if opening.settle is not None:
            points = opening.settle(points)
        self.results = [
            *state.results,
            DealResult(
                contract=contract.id,
                points=points,
                ended_early=ended_early,
                unplayed=_unplayed(hands, ended_early),
                dealer=state.dealer,
                chooser=maker,
                trump=trump,
                details=opening.details,
            ),
        ]
        self.past_moves = [
            *state.past_moves,
            (*state.deal_moves, *opening.moves, *_moves_of(played)),
        ]
        self.totals = tuple(map(add, state.totals, points))
        if self._match_over():
            return self._outcome(None)
        return None

    def _play(
        self,
        cid: str,
        hands: list[int],
        taken: list[int],
        leader: int,
        rules_now: DealRules,
        stock: list[int],
        kitty: int,
    ) -> tuple[list[list[int]], list[int], bool, list[int], tuple[int, ...]]:
        """Play the deal of contract ``cid`` in the kernel from ``hands``, ``leader`` to lead.

        ``hands`` and ``taken`` are left as the play leaves them. Returns the codes played,
        the winners, whether the deal ended early, the cards drawn and the deal's points.
        """
        played, winners, ended_early, drawn, _ = play_deal(
            hands, taken, leader, 0, 0, self.draws, None, rules_now, stock, kitty
        )
        trick_values, card_values = self.plan.trick_values[cid], self.plan.card_values[cid]
        points = tuple(deal_points(taken, winners, trick_values, card_values))
        return played, winners, ended_early, drawn, points

    def _match_over(self) -> bool:
        """Whether the match is over after the results kept (the schedule, when it is the say)."""
        if self.plan.plain_end:
            over = self.rules.schedule.over_after(len(self.results), self.totals)
            if over is not None:
                return over
        return self.rules.match_over(self.totals, tuple(self.results))

    def _deal_ended(self, end: State, *, ended_early: bool) -> MatchOutcome | None:
        """Score the deal that ``end`` ends; the outcome when the match ends with it."""
        result = deal_result(end, ended_early=ended_early)
        self.totals = tuple(map(add, end.totals, result.points))
        self.results = [*end.results, result]
        self.past_moves = [*end.past_moves, end.deal_moves]
        final = match_end_state(end, self.totals, tuple(self.results), tuple(self.past_moves))
        if final is not None:
            return self._finished(final)
        return None

    def _finished(self, final: State) -> MatchOutcome:
        self.deals = len(final.results)
        self.moves = sum(len(d) for d in final.past_moves)
        self.totals = final.totals
        return self._outcome(final)

    def _outcome(self, final: State | None) -> MatchOutcome:
        if self.keep and final is None:
            # The deals played on states are counted in the results kept.
            self.deals = len(self.results)
            self.moves = sum(len(moves) for moves in self.past_moves)
        if final is not None:
            winners = final.winners
        else:
            best = max(self.totals)
            winners = tuple(seat for seat, total in enumerate(self.totals) if total == best)
        return MatchOutcome(
            totals=self.totals,
            winners=winners,
            deals=self.deals,
            moves=self.moves,
            final=final if self.want_final else None,
        )


def _unplayed(hands: list[int], ended_early: bool) -> CardSet:
    """The cards left in ``hands`` when the deal ended early; none otherwise."""
    unplayed = 0
    if ended_early:
        for hand in hands:
            unplayed |= hand
    return CardSet.from_mask(unplayed)


def random_outcome(rules: Rules, seed: int = 0) -> MatchOutcome:
    """Play a match of ``rules`` dealt from ``seed`` by random players; say how it went.

    The match is the one :func:`random_match` plays; only what the rules need is kept, so a
    match whose deals no hook of the variant's own concerns builds no state at all.
    """
    return _Runner(rules, seed, keep=False).run()


def random_match(rules: Rules, seed: int = 0) -> State:
    """Play a match of ``rules`` dealt from ``seed`` by random players; return the final state.

    Seat ``s`` draws from ``random.Random(game_seed(seed, s))``: the final state equals
    ``kinglib.play(rules, [RandomBot(game_seed(seed, s)) for s in seats], seed)``, move for
    move, at a fraction of the cost (no views, no second legality check). House rules that
    restrict the legal moves are applied as :meth:`State.legal_moves` applies them.
    """
    final = _Runner(rules, seed, keep=True).run().final
    assert final is not None
    return final
