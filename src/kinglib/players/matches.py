"""Driving matches: :func:`play` runs one match of bots, :func:`simulate` runs many.

Each bot receives only ``state.view(seat)``. :func:`simulate` seeds game ``i`` from the pair
``(seed, i)``, so its :class:`Summary` is the same whatever the number of workers. Rules are
not pickled: worker processes rebuild them with :func:`~kinglib.engine.rules.load_rules` from the
variant, player count, options and plugin names (once per process).
"""

from __future__ import annotations

import contextlib
import copy
import gc
import importlib
import math
import statistics
import time
import types
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from kinglib.engine.random_match import random_match, random_outcome
from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.players.bots import Bot, RandomBot, bot_name
from kinglib.plugins.loading import load_rules
from kinglib.plugins.manager import house_rules_names
from kinglib.values.errors import IllegalMoveError, RulesError
from kinglib.values.seeding import game_seed

__all__ = [
    "CHUNKS_PER_WORKER",
    "MAX_CHUNK",
    "BotsSpec",
    "GameResult",
    "RulesSpec",
    "Summary",
    "chunk_bounds",
    "default_chunk_size",
    "game_seed",
    "play",
    "play_game",
    "random_match",
    "rules_from_spec",
    "rules_spec",
    "simulate",
]

#: What :func:`simulate` accepts as bots: ``None`` (random bots), one bot per seat (copied
#: afresh for every game), or a function of the game seed that returns one bot per seat.
BotsSpec = Sequence[Bot] | Callable[[int], Sequence[Bot]] | None

#: How rules travel to a worker: variant, players, options, plugins (names or module names).
RulesSpec = tuple[str, int, tuple[tuple[str, Any], ...], tuple[str, ...]]


def play(rules: Rules, bots: Sequence[Bot], seed: int = 0) -> State:
    """Play a whole match of ``rules`` dealt from ``seed``; return the final state.

    Bot ``i`` sits in seat ``i`` and sees only ``state.view(i)``.

    Raises:
        RulesError: the number of bots is not the number of players.
        IllegalMoveError: a bot chose a move that is not legal; the message names the bot.

    """
    bots = list(bots)
    if len(bots) != rules.players:
        raise RulesError(
            f"{rules.variant} is played by {rules.players} players here: give "
            f"{rules.players} bots, not {len(bots)}"
        )
    state = rules.new_match(seed=seed)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        bot = bots[seat]
        move = bot.choose_move(state.view(seat))
        try:
            state = state.apply(move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(
                f"bot {bot_name(bot)!r} in seat {seat} made an illegal move: {exc}"
            ) from None
    return state


@attrs.frozen
class GameResult:
    """The outcome of one simulated match: totals, winners, deals and moves played."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    deals: int
    moves: int


@attrs.frozen
class Summary:
    """What a simulation found. ``seconds`` is wall time and takes no part in equality.

    Attributes:
        variant: the variant played.
        players: the number of seats.
        seed: the base seed.
        games: matches played.
        deals: deals played in all.
        moves: moves made in all.
        seconds: the wall time of the simulation.
        wins: matches won per seat (a tie counts for each winner).
        mean: the mean match total per seat.
        spread: the standard deviation (population) of the match totals per seat.

    """

    variant: str
    players: int
    seed: int
    games: int
    deals: int
    moves: int
    seconds: float = attrs.field(eq=False)
    wins: tuple[int, ...]
    mean: tuple[float, ...]
    spread: tuple[float, ...]

    @classmethod
    def of(cls, rules: Rules, seed: int, results: Sequence[GameResult], seconds: float) -> Summary:
        """Summarise the results of the games of a simulation."""
        n = rules.players
        wins = [0] * n
        for result in results:
            for seat in result.winners:
                wins[seat] += 1
        columns = [[r.totals[seat] for r in results] for seat in range(n)]
        return cls(
            variant=rules.variant,
            players=n,
            seed=seed,
            games=len(results),
            deals=sum(r.deals for r in results),
            moves=sum(r.moves for r in results),
            seconds=seconds,
            wins=tuple(wins),
            mean=tuple(statistics.fmean(c) if c else 0.0 for c in columns),
            spread=tuple(statistics.pstdev(c) if c else 0.0 for c in columns),
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        return {
            "variant": self.variant,
            "players": self.players,
            "seed": self.seed,
            "games": self.games,
            "deals": self.deals,
            "moves": self.moves,
            "seconds": self.seconds,
            "wins": list(self.wins),
            "mean": list(self.mean),
            "spread": list(self.spread),
        }


# --------------------------------------------------------------------------- rules in workers


def rules_spec(rules: Rules) -> RulesSpec:
    """What a worker needs to rebuild ``rules``: variant, players, options and plugin names.

    Only the options that differ from their defaults are sent. A plugin travels by its house
    rules name or, for a module, by its import path; any other plugin object cannot be rebuilt
    in another process, and :class:`~kinglib.values.errors.RulesError` says so.
    """
    options = tuple(
        sorted(
            (name, value)
            for name, value in rules.options.items()
            if value != rules.option_specs[name].default
        )
    )
    installed = set(house_rules_names())
    names: list[str] = []
    for plugin, name in zip(rules.plugins, rules.plugin_names):
        if name in installed:
            names.append(name)
        elif isinstance(plugin, types.ModuleType):
            names.append(f"module:{plugin.__name__}")
        else:
            raise RulesError(
                f"plugin {name!r} is neither installed house rules nor a module, so worker "
                "processes cannot rebuild it: simulate with workers=1"
            )
    return (rules.variant, rules.players, options, tuple(names))


#: Rules already built in this process, by spec (a worker forked from the caller inherits its
#: rules and builds none).
_BUILT: dict[RulesSpec, Rules] = {}
_BUILT_MAX = 16


def _remember(spec: RulesSpec, rules: Rules) -> None:
    if spec not in _BUILT and len(_BUILT) >= _BUILT_MAX:
        del _BUILT[next(iter(_BUILT))]
    _BUILT[spec] = rules


def rules_from_spec(spec: RulesSpec) -> Rules:
    """Rebuild rules from :func:`rules_spec` (cached, so once per process)."""
    rules = _BUILT.get(spec)
    if rules is None:
        variant, players, options, names = spec
        plugins: list[Any] = [
            importlib.import_module(n[len("module:") :]) if n.startswith("module:") else n
            for n in names
        ]
        rules = load_rules(variant, players=players, plugins=plugins, **dict(options))
        _remember(spec, rules)
    return rules


def _bots_for(bots: BotsSpec, seed: int, players: int) -> list[Bot]:
    if bots is None:
        return [RandomBot(seed=game_seed(seed, seat)) for seat in range(players)]
    if callable(bots):
        return list(bots(seed))
    return copy.deepcopy(list(bots))


def _result_of(final: State) -> GameResult:
    return GameResult(
        totals=final.totals,
        winners=final.winners,
        deals=len(final.results),
        moves=sum(len(d) for d in final.past_moves),
    )


def play_game(rules: Rules, bots: BotsSpec, seed: int) -> GameResult:
    """Play one game of a simulation and say how it went.

    With ``bots=None`` the game is played by :func:`~kinglib.engine.random_match.random_outcome`,
    which plays the same match as random bots playing through :func:`play`.
    """
    if bots is None:
        outcome = random_outcome(rules, seed)
        return GameResult(
            totals=outcome.totals,
            winners=outcome.winners,
            deals=outcome.deals,
            moves=outcome.moves,
        )
    return _result_of(play(rules, _bots_for(bots, seed, rules.players), seed=seed))


def _run_chunk(
    spec: RulesSpec, bots: BotsSpec, seed: int, start: int, stop: int
) -> list[GameResult]:
    """Play games ``start`` to ``stop - 1`` of a simulation (in a worker)."""
    rules = rules_from_spec(spec)
    with _older_objects_set_aside():
        return [play_game(rules, bots, game_seed(seed, i)) for i in range(start, stop)]


@contextlib.contextmanager
def _older_objects_set_aside() -> Iterator[None]:
    """Keep the garbage collector from walking the objects that exist before a run of games.

    Games allocate many small tuples, and now and then their count sets off a collection of
    the oldest generation, which walks every object of the process: the caller's too.
    :func:`gc.freeze` sets the objects that exist now aside for the run and
    :func:`gc.unfreeze` puts them back, so those collections walk only what the games made.
    Nothing is lost: the objects set aside are collected as usual after the run.
    """
    if not gc.isenabled():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def chunk_bounds(games: int, size: int) -> list[tuple[int, int]]:
    """Split ``games`` into ``(start, stop)`` ranges of ``size`` games (the last may be short)."""
    return [(start, min(games, start + size)) for start in range(0, games, size)]


#: Chunks per worker when the size is not given: enough to balance the load and to move the
#: progress bar, few enough that sending a chunk costs nothing next to playing it.
CHUNKS_PER_WORKER = 16
#: The largest chunk chosen by default, in games.
MAX_CHUNK = 50


def default_chunk_size(games: int, workers: int) -> int:
    """How many games one task plays when ``chunk_size`` is not given."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (CHUNKS_PER_WORKER * max(workers, 2)))))


def _whole(name: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise RulesError(f"{name} is a whole number of {least} or more, not {value!r}")
    return value


def simulate(
    rules: Rules,
    games: int,
    *,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    bots: BotsSpec = None,
    progress: Callable[[int, int], object] | None = None,
    chunk_size: int | None = None,
) -> Summary:
    """Play ``games`` matches of bots and summarise them.

    Game ``i`` is dealt from ``game_seed(seed, i)`` and its random bots are seeded from that
    game seed and their seat, so the summary is the same whether the games run here, in
    ``workers`` processes or on any executor, and whatever the chunk size.

    With the default random bots the games are played by
    :func:`~kinglib.engine.random_match.random_match`: no views are built and no move is checked
    twice, and every game ends in the very state that :func:`play` with
    :class:`~kinglib.players.bots.RandomBot` players reaches.

    Args:
        rules: the rules to play.
        games: how many matches (0 or more).
        seed: the base seed.
        workers: processes to use on this machine; more than 1 runs chunks of games in a
            :class:`~concurrent.futures.ProcessPoolExecutor`.
        executor: any :class:`~concurrent.futures.Executor` to run the chunks instead (a
            thread or process pool, or ``dask.distributed.Client.get_executor()`` for a
            cluster); it is not shut down. The rules travel as :func:`rules_spec` and are
            rebuilt once per worker process, so their plugins must be installed there.
        bots: ``None`` for random bots, one bot per seat (each game starts from a copy, so
            bots keep no memory between games), or a function ``seed -> bots``. Bots sent to
            other processes must be picklable.
        progress: called as ``progress(done, games)`` as games (here) or chunks of games (in
            workers) finish.
        chunk_size: games per task sent to a worker; by default about sixteen tasks per
            worker, at most 50 games each.

    Raises:
        RulesError: ``games`` is not a whole number of 0 or more, ``workers`` or
            ``chunk_size`` not one of 1 or more, the seed is not a whole number, or the
            bots do not match the number of players.

    """
    _whole("games", games, 0)
    _whole("workers", workers, 1)
    if chunk_size is not None:
        _whole("chunk_size", chunk_size, 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"a seed is a whole number, not {seed!r}")
    if bots is not None and not callable(bots) and len(bots) != rules.players:
        raise RulesError(
            f"{rules.variant} is played by {rules.players} players here: give "
            f"{rules.players} bots, not {len(bots)}"
        )
    start = time.perf_counter()
    if executor is None and workers == 1:
        results: list[GameResult] = []
        with _older_objects_set_aside():
            for i in range(games):
                results.append(play_game(rules, bots, game_seed(seed, i)))
                if progress is not None:
                    progress(i + 1, games)
    else:
        results = _run_elsewhere(rules, games, seed, workers, executor, bots, progress, chunk_size)
    return Summary.of(rules, seed, results, time.perf_counter() - start)


def _run_elsewhere(
    rules: Rules,
    games: int,
    seed: int,
    workers: int,
    executor: Executor | None,
    bots: BotsSpec,
    progress: Callable[[int, int], object] | None,
    chunk_size: int | None,
) -> list[GameResult]:
    """Run the games in chunks on ``executor`` or on a pool of ``workers`` processes."""
    spec = rules_spec(rules)
    # Forked workers inherit these rules instead of building them again.
    _remember(spec, rules)
    size = chunk_size if chunk_size is not None else default_chunk_size(games, workers)
    bounds = chunk_bounds(games, size)
    if not bounds:
        return []
    own = executor is None
    pool = ProcessPoolExecutor(max_workers=min(workers, max(1, len(bounds)))) if own else executor
    assert pool is not None
    futures: dict[Future[list[GameResult]], int] = {}
    try:
        for n, (first, stop) in enumerate(bounds):
            futures[pool.submit(_run_chunk, spec, bots, seed, first, stop)] = n
        parts: list[list[GameResult]] = [[] for _ in bounds]
        done = 0
        for future in as_completed(futures):
            part = future.result()
            parts[futures[future]] = part
            done += len(part)
            if progress is not None:
                progress(done, games)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return [result for part in parts for result in part]
