"""Every kinglib variant as a PettingZoo AEC environment and a parallel one (extra ``kinglib[rl]``).

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
agent's view (``float32``, every value within ``[-1, 1]``) and ``"action_mask"`` is 1 at each
legal action (``int8``, all 0 for an agent that is not to move), actions numbered by
:class:`~kinglib.adapters.actions.ActionSpace`. A step's reward is the change of each seat's
total: the points of a deal, given when the deal ends (or, with ``reward=``, each trick's
points or the final margin: :mod:`kinglib.adapters.rewards`). ``reset(seed=s)`` deals the
match of seed ``s`` (:meth:`Rules.new_match`), and a later ``reset()`` the match of a seed
drawn from a generator seeded with ``s``; ``deals=N`` ends an episode after ``N`` deals;
``contract=`` and ``dealing=`` play single deals as :mod:`kinglib.adapters.episode` says.

:func:`parallel_env` is the same game as a PettingZoo ``ParallelEnv``. King has no
simultaneous moves, so a parallel step is one move: every live agent gives an action, the
action of the agent to move (the one whose ``"action_mask"`` has a 1) is played, and the
others' are ignored (any action of their space will do). Every agent gets its observation and
reward at every step; all of them terminate together when the episode ends.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

import kinglib
from kinglib.adapters.actions import ActionSpace
from kinglib.adapters.episode import Episodes, Rewards
from kinglib.adapters.observation import Observation
from kinglib.adapters.runner import Runner
from kinglib.adapters.table import table_text
from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.values.cards import Suit
from kinglib.values.errors import RulesError

__all__ = ["KingAECEnv", "KingParallelEnv", "env", "parallel_env", "raw_env"]

#: The largest absolute value in an observation vector (its totals lie in ``(-1, 1)``).
BOUND = 1.0


def _rules(variant: str | Rules, options: dict[str, Any]) -> Rules:
    if isinstance(variant, Rules):
        if options:
            raise RulesError(f"options {sorted(options)} given with a Rules object")
        return variant
    return kinglib.load_rules(variant, **options)


class _Table:
    """What both PettingZoo environments share: the rules, the spaces, the episodes, a state."""

    def _set_up(
        self,
        variant: str | Rules,
        deals: int,
        render_mode: str | None,
        reward: str,
        dealing: str,
        contract: str | None,
        trump: Suit | str | None,
        options: dict[str, Any],
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise RulesError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.rules = _rules(variant, options)
        self.episodes = Episodes(self.rules, deals, dealing, contract, trump)
        self.deals = self.episodes.deals
        self.reward_scheme = Rewards(self.rules, reward)
        self.render_mode = render_mode
        self.encoder = Observation(self.rules)
        self.actions = ActionSpace(self.rules)
        self.possible_agents = [f"seat_{s}" for s in range(self.rules.players)]
        self.agents = self.possible_agents[:]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        size = len(self.actions)
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        low = np.array(self.encoder.low, np.float32)
        high = np.array(self.encoder.high, np.float32)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._game = Runner(self.episodes, self.reward_scheme, self.actions, self.encoder)
        self._seeds = random.Random()

    @property
    def state(self) -> State | None:
        """The state of the match now (``None`` before the first reset)."""
        return self._game.state if self._game.started else None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    def _playing(self) -> Runner:
        if not self._game.started:
            raise RulesError("the environment is not reset: call reset() first")
        return self._game

    def _deal(self, seed: int | None) -> None:
        if seed is None:
            seed = self._seeds.randrange(2**32)
        else:
            self._seeds = random.Random(seed)
        self._game.reset(seed)

    def _observation(self, seat: int) -> dict[str, Any]:
        game = self._game
        return {"observation": game.observe(seat), "action_mask": game.mask(seat)}

    def render(self) -> str | None:
        """The table as text when ``render_mode="ansi"``, else nothing."""
        if self.render_mode != "ansi":
            return None
        return table_text(self._playing().state)

    def close(self) -> None:
        """Nothing to release."""


class KingAECEnv(_Table, AECEnv):  # type: ignore[misc]
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
        reward: str = "deal",
        dealing: str = "kinglib",
        contract: str | None = None,
        trump: Suit | str | None = None,
        **options: Any,
    ) -> None:
        """An environment of ``variant`` (a name or a Rules object) with its ``options``."""
        AECEnv.__init__(self)
        self._set_up(variant, deals, render_mode, reward, dealing, contract, trump, options)

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: its view's vector and its action mask."""
        self._playing()
        return self._observation(self._seat[agent])

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal the match of ``seed`` (a random one without it)."""
        self._deal(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self._playing().to_move
        self.agent_selection = self.possible_agents[0 if seat is None else seat]

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to move (``None`` for an agent that is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._playing()
        if action is None:
            raise RulesError(f"{agent} is to move: give an action, not None")
        earned = game.apply(self.actions.action(self.actions.move(int(action))))
        self._cumulative_rewards[agent] = 0.0
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = earned[seat]
        if game.over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()


class KingParallelEnv(_Table, ParallelEnv):  # type: ignore[misc]
    """A kinglib match as a PettingZoo parallel environment (see the module's docstring)."""

    metadata = {  # noqa: RUF012 (PettingZoo reads this class attribute)
        "render_modes": ["ansi"],
        "name": "kinglib_parallel_v1",
    }

    def __init__(
        self,
        variant: str | Rules = "simple",
        *,
        deals: int = 0,
        render_mode: str | None = None,
        reward: str = "deal",
        dealing: str = "kinglib",
        contract: str | None = None,
        trump: Suit | str | None = None,
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        """An environment of ``variant`` (a name or a Rules object) with its ``options``."""
        self._set_up(variant, deals, render_mode, reward, dealing, contract, trump, options)
        self.illegal_reward = illegal_reward

    @functools.cache  # noqa: B019 (the spaces of one environment, kept)
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``."""
        return self.action_spaces[agent]

    def _all(self) -> dict[str, dict[str, Any]]:
        return {a: self._observation(s) for s, a in enumerate(self.possible_agents)}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal the match of ``seed`` (a random one without it): every agent's observation."""
        self._deal(seed)
        self.agents = self.possible_agents[:]
        return self._all(), {a: {} for a in self.agents}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[dict[str, Any], dict[str, float], dict[str, bool], dict[str, bool], dict[str, Any]]:
        """Play the action of the agent to move; the other agents' actions are ignored."""
        game = self._playing()
        if not self.agents:
            raise RulesError("the episode is over: call reset()")
        seat = game.to_move
        assert seat is not None
        agent = self.possible_agents[seat]
        if actions.get(agent) is None:
            raise RulesError(f"{agent} is to move: give its action")
        action = self.actions.action(self.actions.move(int(actions[agent])))
        infos: dict[str, Any] = {a: {} for a in self.agents}
        if action not in game.legal_actions():
            earned = [0.0] * len(self.possible_agents)
            earned[seat] = float(self.illegal_reward)
            infos[agent]["illegal"] = True
            ended = True
        else:
            earned = game.apply(action)
            ended = game.over
        names = list(self.agents)
        rewards = {a: earned[self._seat[a]] for a in names}
        done = dict.fromkeys(names, ended)
        truncated = dict.fromkeys(names, False)
        observations = self._all()
        if ended:
            self.agents = []
        return observations, rewards, done, truncated, infos


def raw_env(variant: str | Rules = "simple", **options: Any) -> KingAECEnv:
    """The environment without PettingZoo's wrappers.

    ``deals=``, ``reward=``, ``dealing=``, ``contract=``, ``trump=``, ``render_mode=`` and the
    variant's options are passed on.
    """
    return KingAECEnv(variant, **options)


def env(variant: str | Rules = "simple", **options: Any) -> AECEnv:
    """The environment with PettingZoo's usual checks: an illegal action ends the episode."""
    wrapped: AECEnv = raw_env(variant, **options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def parallel_env(variant: str | Rules = "simple", **options: Any) -> KingParallelEnv:
    """The parallel environment (see the module's docstring).

    The same settings as :func:`env`, and ``illegal_reward=`` (default -1): an illegal action
    ends the episode.
    """
    return KingParallelEnv(variant, **options)
