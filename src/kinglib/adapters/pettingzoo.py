"""Every kinglib variant as a PettingZoo AEC environment (extra ``kinglib[rl]``).

::

    from kinglib.adapters import pettingzoo

    env = pettingzoo.env("simple", deals=1, render_mode="ansi")
    env.reset(seed=7)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = env.action_space(agent).sample(mask)
        env.step(action)

The agents are ``"seat_0"`` .. ``"seat_{n-1}"``. An observation is a dictionary:
``"observation"`` is the :class:`~kinglib.adapters.observation.Observation` vector of the
agent's view (``float32``) and ``"action_mask"`` is 1 at each legal action (``int8``, all 0
for an agent that is not to move), actions numbered by
:class:`~kinglib.adapters.actions.ActionSpace`. A step's reward is the change of each seat's
total: the points of a deal, given when the deal ends. ``reset(seed=s)`` deals the match of
seed ``s`` (:meth:`Rules.new_match`), and a later ``reset()`` the match of a seed drawn from a
generator seeded with ``s``; ``deals=N`` ends an episode after ``N`` deals.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import kinglib
from kinglib.adapters.actions import ActionSpace
from kinglib.adapters.episode import check_deals, episode_over
from kinglib.adapters.observation import Observation
from kinglib.adapters.table import table_text
from kinglib.errors import RulesError
from kinglib.rules import Rules
from kinglib.state import State

__all__ = ["KingAECEnv", "env", "raw_env"]

#: The largest absolute value in an observation vector that the spaces allow.
BOUND = 1e6


def _rules(variant: str | Rules, options: dict[str, Any]) -> Rules:
    if isinstance(variant, Rules):
        if options:
            raise RulesError(f"options {sorted(options)} given with a Rules object")
        return variant
    return kinglib.load_rules(variant, **options)


class KingAECEnv(AECEnv):  # type: ignore[misc]
    """A kinglib match as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {  # noqa: RUF012 (PettingZoo reads this class attribute)
        "render_modes": ["ansi"],
        "name": "kinglib_v1",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: str | Rules = "simple",
        *,
        deals: int = 0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """An environment of ``variant`` (a name or a Rules object) with its ``options``."""
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = _rules(variant, options)
        self.deals = check_deals(deals)
        self.render_mode = render_mode
        self.encoder = Observation(self.rules)
        self.actions = ActionSpace(self.rules)
        self.possible_agents = [f"seat_{s}" for s in range(self.rules.players)]
        self.agents = self.possible_agents[:]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size = len(self.actions)
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -BOUND, BOUND, (self.encoder.size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.state: State | None = None
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    def _playing(self) -> State:
        if self.state is None:
            raise RulesError("the environment is not reset: call reset() first")
        return self.state

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: its view's vector and its action mask."""
        state = self._playing()
        seat = self._seat[agent]
        mask = np.zeros(len(self.actions), np.int8)
        if not self._finished(state) and state.to_move == seat:
            for action in self.actions.actions(state.legal_moves()):
                mask[action] = 1
        vector = np.asarray(self.encoder.encode(state.view(seat)), np.float32)
        return {"observation": vector, "action_mask": mask}

    def _finished(self, state: State) -> bool:
        return episode_over(state, self.deals)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the match of ``seed`` (a random one without it)."""
        if seed is None:
            seed = self._seeds.randrange(2**32)
        else:
            self._seeds = random.Random(seed)
        self.state = self.rules.new_match(seed=seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        state = self._playing()
        seat = state.to_move
        self.agent_selection = self.possible_agents[0 if seat is None else seat]

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to move (``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._playing()
        if action is None:
            raise RulesError(f"{agent} is to move: give an action, not None")
        before = state.totals
        state = state.apply(self.actions.move(int(action)))
        self.state = state
        self._cumulative_rewards[agent] = 0.0
        for seat, a in enumerate(self.possible_agents):
            self.rewards[a] = float(state.totals[seat] - before[seat])
        if self._finished(state):
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text when ``render_mode="ansi"``, else nothing."""
        if self.render_mode != "ansi":
            return None
        return table_text(self._playing())

    def close(self) -> None:
        """Nothing to release."""


def raw_env(variant: str | Rules = "simple", **options: Any) -> KingAECEnv:
    """The environment without PettingZoo's wrappers (``deals=`` and ``render_mode=`` too)."""
    return KingAECEnv(variant, **options)


def env(variant: str | Rules = "simple", **options: Any) -> AECEnv:
    """The environment with PettingZoo's usual checks: an illegal action ends the episode."""
    wrapped: AECEnv = raw_env(variant, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
