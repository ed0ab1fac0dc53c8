"""One seat of a kinglib match as a Gymnasium environment (extra ``kinglib[rl]``).

::

    from kinglib.adapters import gymnasium as king_gym

    env = king_gym.env("simple", seat=0, deals=1)
    observation, info = env.reset(seed=7)
    done = False
    while not done:
        legal = info["action_mask"].nonzero()[0]
        observation, reward, terminated, truncated, info = env.step(int(legal[0]))
        done = terminated or truncated

The agent plays ``seat``; the other seats are played by ``opponents``: one kinglib bot per
other seat, in seat order (:class:`~kinglib.bots.HeuristicBot` by default), or the batched
environments' players by name (``"random"`` or ``"greedy"``, for all of them or one per seat),
which move between the agent's steps. The observation is the
:class:`~kinglib.adapters.observation.Observation` vector of the seat's view (``float32``);
actions are numbered by :class:`~kinglib.adapters.actions.ActionSpace` and
``info["action_mask"]`` is 1 at each legal one. A step's reward is the change of the seat's
total (the points of a deal, when it ends) or, with ``reward=``, each trick's points or the
final margin (:mod:`kinglib.adapters.rewards`). ``reset(seed=s)`` deals the match of seed
``s``; ``deals=N`` ends an episode after ``N`` deals; ``contract=`` plays single deals of that
contract and ``dealing="hashed"`` deals them as :mod:`kinglib.adapters.vector` does (the same
games as a batch for the same seeds); ``reset()`` without a seed deals a match whose seed comes
from the environment's generator (``np_random``, seeded by the last seeded reset). An illegal
action ends the episode with reward ``illegal_reward`` (default -1) and ``info["illegal"]``
set, as PettingZoo's illegal-move wrapper does. Importing the module registers the environment
as ``"kinglib/King-v0"``: ``gymnasium.make("kinglib/King-v0", variant="jokers", deals=1)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from kinglib.adapters.actions import ActionSpace
from kinglib.adapters.episode import Episodes, Opponents, Rewards
from kinglib.adapters.observation import Observation
from kinglib.adapters.pettingzoo import _rules
from kinglib.adapters.table import table_text
from kinglib.bots import Bot
from kinglib.cards import Suit
from kinglib.errors import RulesError
from kinglib.rules import Rules
from kinglib.state import State

__all__ = ["ENV_ID", "KingEnv", "env"]

#: The id under which the environment is registered: ``gymnasium.make(ENV_ID, variant=...)``.
ENV_ID = "kinglib/King-v0"


class KingEnv(gymnasium.Env[Any, Any]):
    """One seat of a kinglib match against bots (see the module's docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (read by Gymnasium)

    def __init__(
        self,
        variant: str | Rules = "simple",
        *,
        seat: int = 0,
        opponents: str | Sequence[Bot | str] | None = None,
        deals: int = 0,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        reward: str = "deal",
        dealing: str = "kinglib",
        contract: str | None = None,
        trump: Suit | str | None = None,
        **options: Any,
    ) -> None:
        """An environment of ``variant`` (a name or a Rules object) with its ``options``."""
        rules = _rules(variant, options)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < rules.players:
            raise RulesError(f"seat must be 0 to {rules.players - 1}, not {seat}")
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = rules
        self.seat = seat
        self.actions = ActionSpace(rules)
        others = [s for s in range(rules.players) if s != seat]
        self._opponents = Opponents(rules, others, opponents, self.actions)
        self.opponents = self._opponents.players
        self.episodes = Episodes(rules, deals, dealing, contract, trump)
        self.deals = self.episodes.deals
        self.rewards = Rewards(rules, reward)
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.encoder = Observation(rules)
        self.action_space = spaces.Discrete(len(self.actions))
        self.observation_space = spaces.Box(
            np.array(self.encoder.low, np.float32),
            np.array(self.encoder.high, np.float32),
            dtype=np.float32,
        )
        self.state: State | None = None
        self.seed_played = 0
        self._ended = False
        self._moves = 0

    def _finished(self, state: State) -> bool:
        return self.episodes.over(state)

    def _apply(self, state: State, move: Any) -> State:
        after = state.apply(move)
        self._moves = 0 if after.deal_number != state.deal_number else self._moves + 1
        return after

    def _advance(self, state: State, earned: float) -> tuple[State, float]:
        """Let the opponents move until the agent's seat is to move or the episode is over."""
        while not self._finished(state) and state.to_move != self.seat:
            seat = state.to_move
            assert seat is not None
            move = self._opponents.move(state, seat, self.seed_played, self._moves)
            after = self._apply(state, move)
            earned += self.rewards.of(state, after, self._finished(after))[self.seat]
            state = after
        return state, earned

    def _observe(self, state: State) -> tuple[Any, dict[str, Any]]:
        mask = np.zeros(len(self.actions), np.int8)
        if not self._finished(state):
            mask[self.actions.actions(state.legal_moves())] = 1
        vector = self.encoder.write(np.empty(self.encoder.size, np.float32), state, self.seat)
        return vector, {"action_mask": mask}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal the match of ``seed`` (a random one without it) and play to the agent's turn."""
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**32))
        self.seed_played = seed
        self._moves = 0
        self.rewards.start()
        self.state, _ = self._advance(self.episodes.start(seed), 0.0)
        self._ended = False
        return self._observe(self.state)

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the opponents until the agent's next turn."""
        state = self.state
        if state is None:
            raise RulesError("the environment is not reset: call reset() first")
        if self._ended or self._finished(state):
            raise RulesError("the episode is over: call reset()")
        move = self.actions.move(int(action))
        if not state.is_legal(move):
            vector, info = self._observe(state)
            info["illegal"] = True
            self._ended = True
            return vector, self.illegal_reward, True, False, info
        after = self._apply(state, move)
        earned = self.rewards.of(state, after, self._finished(after))[self.seat]
        state, earned = self._advance(after, earned)
        self.state = state
        vector, info = self._observe(state)
        return vector, float(earned), self._finished(state), False, info

    def render(self) -> str | None:
        """The table as text when ``render_mode="ansi"``, else nothing."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return table_text(self.state)


def env(
    variant: str | Rules = "simple",
    seat: int = 0,
    opponents: str | Sequence[Bot | str] | None = None,
    **options: Any,
) -> KingEnv:
    """The environment of ``seat`` against ``opponents``.

    ``deals=``, ``reward=``, ``dealing=``, ``contract=``, ``trump=``, ``illegal_reward=``,
    ``render_mode=`` and the variant's options are passed on.
    """
    return KingEnv(variant, seat=seat, opponents=opponents, **options)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=KingEnv)
