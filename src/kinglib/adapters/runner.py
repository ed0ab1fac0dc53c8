"""One game of a scalar environment, played fast: :class:`Runner`.

The Gymnasium and PettingZoo environments play their game through a runner. It holds the
episode's state; while a deal is in the trick play that the kernel plays whole, it plays it on
integers (:class:`~kinglib.adapters.fast_deal.KernelDeal`) and builds a :class:`State` only
when asked (:attr:`Runner.state`) and when the deal ends. Every move is checked: an action
that is not legal raises :class:`~kinglib.IllegalMoveError`, as :meth:`State.apply` does.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from kinglib.adapters.actions import ActionSpace
from kinglib.adapters.draws import random_pick_from, seed_hash
from kinglib.adapters.episode import Episodes, Opponents, Rewards
from kinglib.adapters.fast_deal import KernelDeal, nth_card
from kinglib.adapters.observation import Observation
from kinglib.engine.state import State
from kinglib.players.playouts import greedy_chooser
from kinglib.values.errors import IllegalMoveError

__all__ = ["Runner"]

_MASK64 = (1 << 64) - 1


class Runner:
    """One game: its episodes, its moves, its observations and its rewards.

    Args:
        episodes: how episodes are dealt and when they end.
        rewards: the reward scheme.
        actions: the numbering of the moves.
        encoder: the observation encoding.
        fast: whether to play the trick play on integers (off when a bot needs the views).

    """

    def __init__(
        self,
        episodes: Episodes,
        rewards: Rewards,
        actions: ActionSpace,
        encoder: Observation,
        fast: bool = True,
    ) -> None:
        """Keep the pieces; :meth:`reset` starts a game."""
        self.episodes = episodes
        self.rewards = rewards
        self.actions = actions
        self.encoder = encoder
        self.fast = fast
        self.seed = 0
        self._seed_hash = 0
        self.moves = 0
        self._state: State | None = None
        self._deal: KernelDeal | None = None
        self._cached: State | None = None
        self._legal_known: list[int] | None = None
        pack = list(actions.rules.deck)
        self._slot = {card.index: i for i, card in enumerate(pack)}
        self._bits = [card.mask for card in pack]
        self._choosers: dict[Any, Any] = {}

    # ------------------------------------------------------------------ the state

    @property
    def started(self) -> bool:
        """Whether a game has been dealt."""
        return self._state is not None

    @property
    def state(self) -> State:
        """The state now (built from the integers of a deal in progress when needed)."""
        deal = self._deal
        if deal is not None:
            if self._cached is None:
                self._cached = deal.state()
            return self._cached
        assert self._state is not None
        return self._state

    def _enter(self, state: State) -> None:
        self._state = state
        self._cached = None
        self._legal_known = None
        self._deal = KernelDeal.of(state) if self.fast and not self.over_at(state) else None

    def over_at(self, state: State) -> bool:
        """Whether the episode is over at ``state``."""
        return self.episodes.over(state)

    @property
    def over(self) -> bool:
        """Whether the episode is over."""
        if self._deal is not None:
            return False
        assert self._state is not None
        return self.episodes.over(self._state)

    @property
    def to_move(self) -> int | None:
        """The seat to move (``None`` once the episode is over)."""
        if self._deal is not None:
            return self._deal.to_move
        if self.over:
            return None
        return self.state.to_move

    def reset(self, seed: int) -> None:
        """Deal the episode of ``seed``."""
        self.seed = seed
        self._seed_hash = seed_hash(seed & _MASK64)
        self.moves = 0
        self.rewards.start()
        self._enter(self.episodes.start(seed))

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> list[int]:
        """The legal actions of the seat to move, in increasing order (none once over)."""
        known = self._legal_known
        if known is not None:
            return known
        self._legal_known = found = self._find_legal()
        return found

    def _find_legal(self) -> list[int]:
        deal = self._deal
        if deal is not None:
            slot = self._slot
            legal = deal.legal()
            out = []
            while legal:
                low = legal & -legal
                out.append(slot[low.bit_length() - 1])
                legal ^= low
            return out
        if self.over:
            return []
        return self.actions.actions(self.state.legal_moves())

    def mask(self, seat: int | None = None) -> npt.NDArray[np.int8]:
        """The action mask of ``seat`` (the seat to move by default): 1 at each legal action."""
        mask = np.zeros(len(self.actions), np.int8)
        if seat is None or seat == self.to_move:
            mask[self.legal_actions()] = 1
        return mask

    def observe(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s observation vector now."""
        deal = self._deal
        if deal is not None:
            vector: npt.NDArray[np.float32] = deal.vector(self.encoder, seat)
            return vector
        return self.encoder.write(np.empty(self.encoder.size, np.float32), self.state, seat)

    # ------------------------------------------------------------------ moving

    def apply(self, action: int) -> list[float]:
        """Play ``action`` for the seat to move; every seat's reward of it.

        Raises :class:`~kinglib.IllegalMoveError` for an action that is not legal now.
        """
        deal = self._deal
        if deal is None:
            state = self.state
            after = state.apply(self.actions.move(action))
            ended = self.episodes.over(after)
            earned = self.rewards.of(state, after, ended)
            self.moves = 0 if after.deal_number != state.deal_number else self.moves + 1
            self._enter(after)
            return earned
        bit = self._bits[action] if 0 <= action < len(self._bits) else 0
        if action not in self.legal_actions():
            # The engine says why.
            self.state.apply(self.actions.move(action))
            raise IllegalMoveError(f"action {action} is not legal")  # pragma: no cover
        return self._play(deal, bit)

    def _play(self, deal: KernelDeal, bit: int) -> list[float]:
        contract = deal.start.contract_info
        assert contract is not None
        done = deal.play(bit)
        self._cached = None
        self._legal_known = None
        self.moves += 1
        earned = [0.0] * len(deal.hands)
        if done is not None:
            winner, cards = done
            earned = self.rewards.trick(contract, len(deal.done) - 1, cards, winner)
        final = deal.final
        if final is not None:
            ended = self.episodes.over(final)
            at_end = self.rewards.deal_end(deal.start.totals, final, ended)
            earned = [a + b for a, b in zip(earned, at_end)]
            self.moves = 0
            self._enter(final)
        return earned

    def opponent_move(self, opponents: Opponents, seat: int) -> list[float]:
        """Play the move of ``opponents`` for ``seat`` (the seat to move); every seat's reward."""
        deal = self._deal
        player = opponents.players[seat]
        if deal is not None and isinstance(player, str):
            legal = deal.legal()
            if player == "random":
                number = deal.start.deal_number
                k = random_pick_from(self._seed_hash, number, self.moves, legal.bit_count())
                return self._play(deal, nth_card(legal, k))
            contract = deal.start.contract_info
            key = (id(contract), deal.start.trump, deal.start.maker)
            choose = self._choosers.get(key)
            if choose is None:
                assert contract is not None
                choose = self._choosers[key] = greedy_chooser(contract, deal.rules)
            bit = choose(seat, legal, deal.trick_mask, deal.led, deal.is_last())
            return self._play(deal, bit)
        move = opponents.move(self.state, seat, self.seed, self.moves)
        return self.apply(self.actions.action(move))
