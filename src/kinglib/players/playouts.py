"""Playouts: the rest of a deal played by sensible players, for the search bot.

A playout from a state plays every seat's moves to the end of the deal and returns the points
the deal scores. Two ways of playing are offered:

* ``"greedy"``: every card of a trick-taking phase is picked by :func:`greedy_card`, a fast
  player that ducks in a penalty deal and takes in a positive one; every other move (a
  contract, a bid, a declaration, a discard) is the one
  :class:`~kinglib.players.heuristic.HeuristicBot` makes. From the start of a trick, the card play
  runs whole in the trick kernel (:func:`kinglib.engine.kernel.play_deal` with a chooser; a forced
  draw from the stock is made there too); a phase with rules of its own is played a card at a time,
  the trick's winner asked of the phase's rules. That is many times faster than building a view for
  every card.
* ``"random"``: uniformly random legal moves.

The rules are the engine's: the legal cards come from the kernel's rule functions or from the
phase's own rules, the deal is scored by the variant's ``kinglib_score_deal``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kinglib.engine.kernel import (
    Chooser,
    DealRules,
    led_mask,
    next_to_play,
    winning_cards,
)
from kinglib.engine.random_match import kernel_trick_play, play_rest_of_deal
from kinglib.engine.rules import Rules
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import TrickPlay
from kinglib.players.heuristic import HeuristicBot
from kinglib.values.contracts import Contract
from kinglib.values.moves import Move, Play

__all__ = ["PLAYOUT_KINDS", "Playout", "greedy_card", "greedy_chooser"]

#: The ways a playout may play, by name.
PLAYOUT_KINDS = ("greedy", "random")


def _strongest(mask: int) -> int:
    """The bit of the highest-ranked card of ``mask`` (an ace before a king, whatever the suit)."""
    best = 0
    best_rank = 99
    while mask:
        bit = mask & -mask
        rank = (bit.bit_length() - 1) % 13
        if rank < best_rank:
            best, best_rank = bit, rank
        mask ^= bit
    return best


def _weakest(mask: int) -> int:
    """The bit of the lowest-ranked card of ``mask`` (a two before a three, whatever the suit)."""
    best = 0
    best_rank = -1
    while mask:
        bit = mask & -mask
        rank = (bit.bit_length() - 1) % 13
        if rank >= best_rank:
            best, best_rank = bit, rank
        mask ^= bit
    return best


def greedy_card(
    legal: int, wins: int, trick_mask: int, led: int, last: bool, positive: bool, scoring: int
) -> int:
    """The bit of the card a greedy player picks among ``legal``.

    ``wins``: the legal cards that would win the trick so far; ``trick_mask``: the cards in the
    trick (0 for a lead); ``led``: the mask of the led suit; ``last``: whether the trick's last
    card; ``positive``: whether the deal rewards taking; ``scoring``: the cards that score.

    In a deal that rewards taking (a positive game or a trump round) it leads its highest
    card, wins a trick with its cheapest winning card when it plays last and its highest one
    otherwise, and throws its lowest card (a card that scores nothing first) when it cannot
    win. In a penalty deal it leads its lowest card that scores nothing, ducks with its highest
    card that loses, sheds the cards that cost most when it cannot follow, and when it must
    take, takes with its highest card (a costly one first).
    """
    if not legal & (legal - 1):
        return legal
    if not trick_mask:
        if positive:
            return _strongest(legal)
        return _weakest(legal & ~scoring or legal)
    loses = legal & ~wins
    if positive:
        if wins:
            return _weakest(wins) if last else _strongest(wins)
        return _weakest(loses & ~scoring or loses)
    if loses:
        if legal & led:
            return _strongest(loses)
        return _strongest(loses & scoring or loses)
    return _strongest(wins & scoring or wins)


def greedy_chooser(contract: Contract, deal_rules: DealRules) -> Chooser:
    """A :func:`greedy_card` player for :func:`~kinglib.engine.kernel.play_deal` in ``contract``."""
    scoring = contract.scoring_mask
    positive = contract.trump_round or contract.sign > 0

    def choose(seat: int, legal: int, trick_mask: int, led: int, last: bool) -> int:
        wins = winning_cards(trick_mask, led, legal, deal_rules) if trick_mask else 0
        return greedy_card(legal, wins, trick_mask, led, last, positive, scoring)

    return choose


class Playout:
    """Plays deals of ``rules`` out from any state: ``points(state, seat, rng)``.

    Args:
        rules: the rules of the states it will play out.
        kind: ``"greedy"`` (the default) or ``"random"``; see the module's text.

    Raises:
        ValueError: an unknown ``kind``.

    """

    def __init__(self, rules: Rules, kind: str = "greedy") -> None:
        """Prepare playouts of ``rules``."""
        if kind not in PLAYOUT_KINDS:
            raise ValueError(
                f"unknown playout {kind!r}: the playouts are {', '.join(PLAYOUT_KINDS)}"
            )
        self.rules = rules
        self.kind = kind
        self._greedy = kind == "greedy"
        self._bot: HeuristicBot = HeuristicBot()

    def points(self, state: State, seat: int, rng: random.Random) -> int:
        """The points ``seat`` scores in the deal of ``state`` when it is played out.

        ``rng`` draws the random moves (of a ``"random"`` playout). When the match ends
        without the deal being scored, 0.
        """
        deal = state.deal_number
        rules = self.rules
        while not state.is_over and state.deal_number == deal:
            if self._greedy and state.phase is Phase.PLAY and not state.trick:
                trick_play = kernel_trick_play(rules, state)
                contract = state.contract_info
                if trick_play is not None and contract is not None:
                    choose = greedy_chooser(contract, trick_play.deal_rules(state))
                    end, _ = play_rest_of_deal(state, trick_play, [], choose)
                    return rules.score_deal(end)[seat]
            state = state.apply(self.move(state, rng))
        results = state.results
        return results[deal - 1].points[seat] if len(results) >= deal else 0

    def move(self, state: State, rng: random.Random) -> Move:
        """The playout's next move in ``state`` (one move; the kernel plays whole deals).

        Random playouts draw it with ``rng``. Greedy playouts play a card of the trick rules
        with :func:`greedy_card` (the trick's winner asked of the phase's own rules) and any
        other move as :class:`~kinglib.players.heuristic.HeuristicBot` does.
        """
        moves = state.legal_moves()
        if self.kind == "random":
            return rng.choice(moves)
        contract = state.contract_info
        if state.phase is Phase.PLAY and contract is not None:
            tricks = self.rules.phase_for(state)
            if isinstance(tricks, TrickPlay):
                card = self._greedy_play(state, tricks, contract, moves)
                if card is not None:
                    return card
        mover = state.to_move
        assert mover is not None
        return self._bot.choose_move(state.view(mover))

    @staticmethod
    def _greedy_play(
        state: State, tricks: TrickPlay, contract: Contract, moves: Sequence[Move]
    ) -> Play | None:
        """The greedy card among ``moves``; None when a move is not a card (a draw)."""
        seat = state.to_move
        assert seat is not None
        by_bit: dict[int, Play] = {}
        for move in moves:
            if not isinstance(move, Play):
                return None
            by_bit[move.card.mask] = move
        legal = sum(by_bit)
        trick = state.trick
        wins = trick_mask = led = 0
        leader = seat
        if trick:
            leader = trick[0][0]
            deal_rules = tricks.deal_rules(state)
            led = led_mask(trick[0][1].index, deal_rules)
            for _, card in trick:
                trick_mask |= card.mask
            if tricks.plays_whole_deals:  # the kernel's rules are the phase's
                wins = winning_cards(trick_mask, led, legal, deal_rules)
            else:
                for bit, move in by_bit.items():
                    if tricks.trick_winner(state, (*trick, (seat, move.card))) == seat:
                        wins |= bit
        hands = list(state.hands_mask)
        last = next_to_play(hands, seat, leader, len(hands), state.rules.step) == leader
        positive = contract.trump_round or contract.sign > 0
        bit = greedy_card(legal, wins, trick_mask, led, last, positive, contract.scoring_mask)
        return by_bit[bit]
