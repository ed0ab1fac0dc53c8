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
other seat, in seat order (:class:`~kinglib.players.heuristic.HeuristicBot` by default), or the
batched environments' players by name (``"random"`` or ``"greedy"``, for all of them or one per
seat), which move between the agent's steps. The observation is the
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
from kinglib.adapters.runner import Runner
from kinglib.adapters.table import table_text
from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.players.bots import Bot
from kinglib.values.cards import Suit
from kinglib.values.errors import RulesError

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
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.encoder = Observation(rules)
        # Bots see views: with one among the opponents, every move goes through the engine.
        named = all(isinstance(p, str) for p in self.opponents.values())
        self._game = Runner(
            self.episodes, Rewards(rules, reward), self.actions, self.encoder, named
        )
        self.action_space = spaces.Discrete(len(self.actions))
        self.observation_space = spaces.Box(
            np.array(self.encoder.low, np.float32),
            np.array(self.encoder.high, np.float32),
            dtype=np.float32,
        )
        self._ended = False

    @property
    def state(self) -> State | None:
        """The state of the match now (``None`` before the first reset)."""
        return self._game.state if self._game.started else None

    @property
    def seed_played(self) -> int:
        """The seed of the episode being played."""
        return self._game.seed

    def _advance(self, earned: float) -> float:
        """Let the opponents move until the agent's seat is to move or the episode is over."""
        game = self._game
        while True:
            seat = game.to_move
            if seat is None or seat == self.seat:
                return earned
            earned += game.opponent_move(self._opponents, seat)[self.seat]

    def _observe(self) -> tuple[Any, dict[str, Any]]:
        game = self._game
        return game.observe(self.seat), {"action_mask": game.mask()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal the match of ``seed`` (a random one without it) and play to the agent's turn."""
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**32))
        self._game.reset(seed)
        self._advance(0.0)
        self._ended = False
        return self._observe()

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play ``action`` for the agent, then the opponents until the agent's next turn."""
        game = self._game
        if not game.started:
            raise RulesError("the environment is not reset: call reset() first")
        if self._ended or game.over:
            raise RulesError("the episode is over: call reset()")
        number = self.actions.action(self.actions.move(int(action)))
        if number not in game.legal_actions():
            vector, info = self._observe()
            info["illegal"] = True
            self._ended = True
            return vector, self.illegal_reward, True, False, info
        earned = self._advance(game.apply(number)[self.seat])
        vector, info = self._observe()
        return vector, float(earned), game.over, False, info

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
