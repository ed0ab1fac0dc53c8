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

The agent plays ``seat``; the other seats are kinglib bots (``opponents=``: one bot per other
seat, in seat order; :class:`~kinglib.bots.HeuristicBot` by default), which move between the
agent's steps. The observation is the :class:`~kinglib.adapters.observation.Observation`
vector of the seat's view (``float32``); actions are numbered by
:class:`~kinglib.adapters.actions.ActionSpace` and ``info["action_mask"]`` is 1 at each legal
one. A step's reward is the change of the seat's total (the points of a deal, when it ends).
``reset(seed=s)`` deals the match of seed ``s``; ``deals=N`` ends an episode after ``N``
deals; ``reset()`` without a seed deals a match whose seed comes from the environment's
generator (``np_random``, seeded by the last seeded reset). An illegal action ends the
episode with reward ``illegal_reward`` (default -1) and ``info["illegal"]`` set, as
PettingZoo's illegal-move wrapper does. Importing the module registers the environment as
``"kinglib/King-v0"``: ``gymnasium.make("kinglib/King-v0", variant="jokers", deals=1)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from kinglib.adapters.actions import ActionSpace
from kinglib.adapters.episode import check_deals, episode_over
from kinglib.adapters.observation import Observation
from kinglib.adapters.pettingzoo import BOUND, _rules
from kinglib.adapters.table import table_text
from kinglib.bots import Bot, HeuristicBot
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
        opponents: Sequence[Bot] | None = None,
        deals: int = 0,
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """An environment of ``variant`` (a name or a Rules object) with its ``options``."""
        rules = _rules(variant, options)
        if not 0 <= seat < rules.players:
            raise RulesError(f"seat must be 0 to {rules.players - 1}, not {seat}")
        if opponents is None:
            opponents = [HeuristicBot() for _ in range(rules.players - 1)]
        if len(opponents) != rules.players - 1:
            raise RulesError(
                f"opponents: one bot for each of the {rules.players - 1} other seats, "
                f"not {len(opponents)}"
            )
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = rules
        self.seat = seat
        others = [s for s in range(rules.players) if s != seat]
        self.opponents = dict(zip(others, opponents))
        self.deals = check_deals(deals)
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.encoder = Observation(rules)
        self.actions = ActionSpace(rules)
        self.action_space = spaces.Discrete(len(self.actions))
        self.observation_space = spaces.Box(-BOUND, BOUND, (self.encoder.size,), dtype=np.float32)
        self.state: State | None = None
        self._ended = False

    def _finished(self, state: State) -> bool:
        return episode_over(state, self.deals)

    def _advance(self, state: State) -> State:
        """Let the bots move until the agent's seat is to move or the episode is over."""
        while not self._finished(state) and state.to_move != self.seat:
            seat = state.to_move
            assert seat is not None
            state = state.apply(self.opponents[seat].choose_move(state.view(seat)))
        return state

    def _observe(self, state: State) -> tuple[Any, dict[str, Any]]:
        mask = np.zeros(len(self.actions), np.int8)
        if not self._finished(state):
            for action in self.actions.actions(state.legal_moves()):
                mask[action] = 1
        vector = np.asarray(self.encoder.encode(state.view(self.seat)), np.float32)
        return vector, {"action_mask": mask}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal the match of ``seed`` (a random one without it) and play to the agent's turn."""
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**32))
        self.state = self._advance(self.rules.new_match(seed=seed))
        self._ended = False
        return self._observe(self.state)

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the bots until the agent's next turn."""
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
        before = state.totals[self.seat]
        state = self._advance(state.apply(move))
        self.state = state
        vector, info = self._observe(state)
        reward = float(state.totals[self.seat] - before)
        return vector, reward, self._finished(state), False, info

    def render(self) -> str | None:
        """The table as text when ``render_mode="ansi"``, else nothing."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        return table_text(self.state)


def env(
    variant: str | Rules = "simple",
    seat: int = 0,
    opponents: Sequence[Bot] | None = None,
    **options: Any,
) -> KingEnv:
    """The environment of ``seat`` against ``opponents`` (``deals=``, ``render_mode=`` too)."""
    return KingEnv(variant, seat=seat, opponents=opponents, **options)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point=KingEnv)
