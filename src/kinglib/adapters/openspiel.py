"""Every kinglib variant as an OpenSpiel game: ``python_kinglib`` (extra ``kinglib[openspiel]``).

Importing this module registers the game with OpenSpiel::

    import pyspiel
    import kinglib.adapters.openspiel

    game = pyspiel.load_game("python_kinglib(variant=simple,scheme=short)")

Parameters: ``variant`` (a name from :func:`kinglib.variant_names`), ``players`` (0 for the
variant's default), ``deals`` (stop after that many deals, their totals the rewards; 0 plays
the whole match), ``house_rules`` (comma-separated plugin names: an installed house-rules
entry point, or an importable module) and every option of every installed variant, as text
(``scheme=short``, ``trumps=true``, ``order=no_king:no_tricks:...`` with ``:`` between the
items of a list, since OpenSpiel's game strings use commas). :func:`game` builds the same
game from a :class:`~kinglib.Rules` object.

The game:

- the first four moves are chance nodes that pick the match's 32-bit seed, one byte each:
  every deal of the match is then dealt from that seed as :meth:`Rules.new_match` deals it;
- actions are numbered by :class:`~kinglib.adapters.actions.ActionSpace`;
- information: imperfect; utility: zero-sum when the variant declares its matches zero-sum
  and the whole match is played, else general-sum; rewards: the match totals at the end (the
  totals of the first ``deals`` deals with ``deals=N``), nothing before;
- information-state and observation tensors are the
  :class:`~kinglib.adapters.observation.Observation` vector of the seat's view; the strings
  are the view's dictionary as JSON;
- serialization is OpenSpiel's own (the list of actions);
- ``resample_from_infostate`` uses ``View.sample`` where the view has it; otherwise it deals
  the cards that seat has not seen uniformly to the other seats (hand sizes and the suits they
  have shown void kept) and replays the deal's cards, which needs a deal whose only moves are
  card plays (no auction, declaration, pile or public extra): such a world ends with the
  current deal.
"""

from __future__ import annotations

import importlib
import json
import random
from functools import cache, lru_cache
from typing import Any

import attrs
import numpy as np
import pyspiel

import kinglib
from kinglib.adapters.actions import ActionSpace
from kinglib.adapters.episode import check_deals, episode_over
from kinglib.adapters.observation import Observation
from kinglib.adapters.worlds import deal_again
from kinglib.engine.rules import Rules
from kinglib.engine.state import DealResult, State
from kinglib.engine.view import View
from kinglib.io.record import plugin_name
from kinglib.plugins.invariants import invariants_of
from kinglib.plugins.manager import house_rules_names
from kinglib.values.errors import RulesError

__all__ = ["GAME_NAME", "KingGame", "KingObserver", "KingState", "game", "rules_of_params"]

#: The name under which the game is registered.
GAME_NAME = "python_kinglib"
#: Chance nodes at the start: one byte of the 32-bit match seed each.
SEED_BYTES = 4
#: Parameters that are not variant options.
_OWN = ("variant", "players", "deals", "house_rules")
#: Deal count assumed for a match that has no fixed length, to bound the game's length.
_OPEN_DEALS = 100


@cache
def _option_defaults() -> dict[str, Any]:
    """Every option of every installed variant, with a default of the type OpenSpiel reads.

    OpenSpiel reads ``true``/``false`` as booleans and whole numbers as integers, so options
    that hold those get such a default (a variant's own default); the others are text, ``""``
    meaning the variant's default.
    """
    defaults: dict[str, list[Any]] = {}
    for name in kinglib.variant_names():
        for key, value in kinglib.load_rules(name).options.items():
            defaults.setdefault(key, []).append(value)
    found: dict[str, Any] = {}
    for key, values in defaults.items():
        first = values[0]
        same = all(type(v) is type(first) and v == first for v in values)
        found[key] = first if same and isinstance(first, (bool, int)) else ""
    return found


def _parameters() -> dict[str, Any]:
    spec: dict[str, Any] = {"variant": "simple", "players": 0, "deals": 0, "house_rules": ""}
    spec.update(_option_defaults())
    return spec


def _plugin(name: str) -> Any:
    if name in house_rules_names():
        return name
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise RulesError(
            f"house rule {name!r} is neither an installed house-rules plugin "
            f"({', '.join(house_rules_names()) or 'none installed'}) nor a module: {exc}"
        ) from None


def rules_of_params(params: dict[str, Any]) -> Rules:
    """The :class:`~kinglib.Rules` that game parameters name (see the module's docstring)."""
    return _rules_of(tuple(sorted(params.items())))


@lru_cache(maxsize=64)
def _rules_of(items: tuple[tuple[str, Any], ...]) -> Rules:
    params = dict(items)
    variant = str(params.get("variant", "simple"))
    players = int(params.get("players", 0)) or None
    names = [n.strip() for n in str(params.get("house_rules", "")).split(",") if n.strip()]
    known = kinglib.load_rules(variant, players=players).options
    spec = _option_defaults()
    options: dict[str, Any] = {}
    for key, value in params.items():
        if key in _OWN or value == "" or (key not in known and spec.get(key) == value):
            continue
        text = str(value)
        options[key] = text.split(":") if ":" in text else text
    return kinglib.load_rules(
        variant, players=players, plugins=[_plugin(n) for n in names], **options
    )


def _params_of(rules: Rules, deals: int) -> dict[str, Any]:
    params: dict[str, Any] = {
        "variant": rules.variant,
        "players": rules.players,
        "deals": deals,
        "house_rules": ",".join(plugin_name(rules, p) for p in rules.plugins),
    }
    for key, value in rules.options.items():
        if isinstance(value, (tuple, list)):
            params[key] = ":".join(str(v) for v in value)
        elif isinstance(value, bool):
            params[key] = "true" if value else "false"
        elif isinstance(value, str) and value.isdigit():
            # OpenSpiel reads a bare whole number as an int: a text option holding one (the
            # fan-tan start rank "7") keeps a leading space, which the option's check strips.
            params[key] = f" {value}"
        else:
            params[key] = str(value)
    return params


def _game_type(zero_sum: bool, parameters: dict[str, Any]) -> pyspiel.GameType:
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="kinglib: King and its family of trick-taking games",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=6,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


class KingGame(pyspiel.Game):  # type: ignore[misc]
    """A kinglib rules object as an OpenSpiel game.

    Attributes:
        rules: the kinglib rules.
        deals: the number of deals played (0: the whole match).
        action_space: the numbering of the moves.
        observation: the observation encoding.
        zero_sum: whether every game's returns sum to 0.

    """

    def __init__(self, params: dict[str, Any] | None = None, *, rules: Rules | None = None):
        """Build the game of ``params`` (or of ``rules``, with ``params`` giving ``deals``)."""
        given = dict(params or {})
        deals = check_deals(int(given.get("deals", 0)))
        if rules is None:
            rules = rules_of_params(given)
        self.rules = rules
        self.deals = deals
        self.action_space = ActionSpace(rules)
        self.observation = Observation(rules)
        declared = invariants_of(rules)
        self.zero_sum = declared.zero_sum and deals == 0
        length = rules.schedule.length
        deal_count = deals or length or _OPEN_DEALS
        if length is not None and deals:
            deal_count = min(deals, length)
        pack = len(rules.deck)
        per_deal = 2 * pack + rules.players * (pack + 2) + 4
        biggest = max((abs(c.total) for c in rules.contracts.values()), default=0) + 2 * pack
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.action_space),
            max_chance_outcomes=256,
            num_players=rules.players,
            min_utility=float(-biggest * deal_count),
            max_utility=float(biggest * deal_count),
            utility_sum=0.0 if self.zero_sum else None,
            max_game_length=SEED_BYTES + per_deal * deal_count,
        )
        super().__init__(_game_type(self.zero_sum, _parameters()), info, _params_of(rules, deals))

    def new_initial_state(self) -> KingState:
        """The state before the deal: the chance player picks the seed."""
        return KingState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> KingObserver:
        """The observer of the seats' views (the same for every observation type)."""
        return KingObserver(self)


@attrs.frozen
class _Context:
    """What a world resampled without ``View.sample`` keeps of the real match."""

    deal_number: int
    totals: tuple[int, ...]
    results: tuple[DealResult, ...]


@attrs.frozen
class _Progress:
    """Everything a :class:`KingState` holds; immutable, so a clone shares it."""

    game: KingGame
    seed: int = 0
    drawn: int = 0
    state: State | None = None
    context: _Context | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Progress:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # OpenSpiel pickles a state's attributes to serialize it: the kinglib state goes as
        # its record.
        record = None if self.state is None else kinglib.to_json(self.state)
        return (_restore, (str(self.game), self.seed, self.drawn, record, self.context))


@lru_cache(maxsize=16)
def _game_named(name: str) -> KingGame:
    game: KingGame = pyspiel.load_game(name)
    return game


def _restore(
    name: str, seed: int, drawn: int, record: str | None, context: _Context | None
) -> _Progress:
    """A :class:`_Progress` from its pickled form."""
    game = _game_named(name)
    state = None if record is None else kinglib.from_json(record, plugins=game.rules.plugins)
    return _Progress(game, seed, drawn, state, context)


class KingState(pyspiel.State):  # type: ignore[misc]
    """A state of :class:`KingGame`: the seed bytes drawn so far, then a kinglib state."""

    # Whether the state is terminal and who moves, as worked out for the progress named.
    _status_of: Any = None
    _status_now: tuple[bool, int] = (False, 0)

    def __init__(
        self,
        game: KingGame,
        state: State | None = None,
        context: _Context | None = None,
    ) -> None:
        """The state before the deal, or (for a resampled world) the given kinglib state."""
        super().__init__(game)
        self._progress = _Progress(game, state=state, context=context)

    @property
    def _game(self) -> KingGame:
        return self._progress.game

    @property
    def _state(self) -> State | None:
        return self._progress.state

    @property
    def _context(self) -> _Context | None:
        return self._progress.context

    @property
    def kinglib_state(self) -> State | None:
        """The kinglib state (``None`` while the seed is being drawn)."""
        return self._state

    def view(self, seat: int) -> View | None:
        """``seat``'s view (``None`` while the seed is being drawn)."""
        if self._state is None:
            return None
        found = self._state.view(seat)
        context = self._context
        if context is None:
            return found
        return attrs.evolve(
            found,
            deal_number=context.deal_number,
            totals=tuple(a + b for a, b in zip(context.totals, found.totals)),
            results=context.results + found.results,
        )

    def _status(self) -> tuple[bool, int]:
        """Whether the state is terminal, and the player to move: worked out once a state."""
        progress = self._progress
        if self._status_of is progress:
            return self._status_now
        state = progress.state
        if state is None:
            status = (False, int(pyspiel.PlayerId.CHANCE))
        elif episode_over(state, progress.game.deals):
            status = (True, int(pyspiel.PlayerId.TERMINAL))
        else:
            assert state.to_move is not None
            status = (False, state.to_move)
        self._status_of = progress
        self._status_now = status
        return status

    def current_player(self) -> int:
        """The seat to move, the chance player while dealing, or terminal."""
        return self._status()[1]

    def _legal_actions(self, player: int) -> list[int]:
        assert self._state is not None
        return self._game.action_space.actions(self._state.legal_moves())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The 256 values of the next byte of the seed, equally likely."""
        return [(b, 1 / 256) for b in range(256)]

    def _apply_action(self, action: int) -> None:
        progress = self._progress
        if progress.state is None:
            seed = progress.seed | action << (8 * progress.drawn)
            drawn = progress.drawn + 1
            state = progress.game.rules.new_match(seed=seed) if drawn == SEED_BYTES else None
            self._progress = attrs.evolve(progress, seed=seed, drawn=drawn, state=state)
            return
        move = progress.game.action_space.move(action)
        after = progress.state.apply(move)
        self._progress = _Progress(
            progress.game, progress.seed, progress.drawn, after, progress.context
        )

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        return str(self._game.action_space.move(action))

    def is_terminal(self) -> bool:
        """Whether the match (or the deals asked for) is over."""
        return self._status()[0]

    def _totals(self) -> tuple[int, ...]:
        assert self._state is not None
        deals = self._game.deals
        if deals and self._context is None:
            points = [0] * self._game.rules.players
            for result in self._state.results[:deals]:
                points = [a + b for a, b in zip(points, result.points)]
            return tuple(points)
        view = self.view(0)
        assert view is not None
        return view.totals

    def returns(self) -> list[float]:
        """The totals at the end, zeros before."""
        if not self.is_terminal():
            return [0.0] * self._game.rules.players
        return [float(t) for t in self._totals()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> KingState:
        """A state that ``player_id`` cannot tell from this one, drawn at random."""
        if self._state is None:
            return self.clone()  # type: ignore[no-any-return]
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        view = self._state.view(player_id)
        sample = getattr(view, "sample", None)
        if sample is not None:
            return KingState(self._game, sample(rng), self._context)
        world = deal_again(view, rng)
        context = _Context(view.deal_number, view.totals, view.results)
        if self._context is not None:
            context = self._context
        return KingState(self._game, world, context)

    def __str__(self) -> str:
        """The seats' hands and the trick, for debugging."""
        if self._state is None:
            return f"dealing: {self._progress.drawn} of {SEED_BYTES} seed bytes drawn"
        state = self._state
        hands = " | ".join(str(state.hand(s)) for s in range(state.players))
        trick = " ".join(f"{s}:{c}" for s, c in state.trick)
        return f"deal {state.deal_number} {state.phase.value} {hands} [{trick}]"


class KingObserver:
    """OpenSpiel's observer of a :class:`KingState`: the observation vector and the view."""

    def __init__(self, game: KingGame) -> None:
        """An observer of ``game``'s states."""
        self._game = game
        self._last: tuple[Any, int] | None = None
        self.tensor = np.zeros(game.observation.size, np.float32)
        self.dict = {
            name: self.tensor[start : start + size] for name, start, size in game.observation.fields
        }

    def set_from(self, state: KingState, player: int) -> None:
        """Fill :attr:`tensor` from ``player``'s view of ``state``."""
        progress = state._progress
        last = self._last
        if last is not None and last[0] is progress and last[1] == player:
            return
        self._last = (progress, player)
        found = progress.state
        if found is None:
            self.tensor.fill(0)
        elif progress.context is None:
            self._game.observation.write(self.tensor, found, player)
        else:
            view = state.view(player)
            assert view is not None
            self._game.observation.write_view(self.tensor, view)

    def string_from(self, state: KingState, player: int) -> str:
        """``player``'s view of ``state`` as JSON."""
        view = state.view(player)
        if view is None:
            return f"seat {player}: dealing"
        data = view.to_dict()
        del data["legal_moves"]
        return json.dumps(data, sort_keys=True, separators=(",", ":"))


def game(rules: Rules | str = "simple", *, deals: int = 0, **options: Any) -> KingGame:
    """The OpenSpiel game of ``rules`` (a :class:`~kinglib.Rules` or a variant name).

    With a variant name, ``options`` go to :func:`kinglib.load_rules` (``players=`` too).
    """
    if isinstance(rules, str):
        rules = kinglib.load_rules(rules, **options)
    return KingGame({"deals": deals}, rules=rules)


pyspiel.register_game(_game_type(False, _parameters()), KingGame)
