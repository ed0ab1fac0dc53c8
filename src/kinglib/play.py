"""Driving matches: :func:`play` runs one match of bots, :func:`simulate` runs many.

Each bot receives only ``state.view(seat)``. :func:`simulate` seeds game ``i`` from the pair
``(seed, i)``, so its :class:`Summary` is the same whatever the number of workers. Rules are
not pickled: worker processes rebuild them with :func:`~kinglib.rules.load_rules` from the
variant, player count, options and plugin names (once per process).
"""

from __future__ import annotations

import copy
import functools
import hashlib
import importlib
import math
import statistics
import time
import types
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import attrs

from kinglib.bots import Bot, RandomBot, bot_name
from kinglib.errors import IllegalMoveError, RulesError
from kinglib.plugins import house_rules_names
from kinglib.rules import Rules, load_rules
from kinglib.state import State

__all__ = [
    "BotsSpec",
    "GameResult",
    "RulesSpec",
    "Summary",
    "game_seed",
    "play",
    "play_game",
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


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded with ``seed`` (a stable hash)."""
    digest = hashlib.blake2b(f"kinglib:{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


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
    in another process, and :class:`~kinglib.errors.RulesError` says so.
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


@functools.lru_cache(maxsize=16)
def rules_from_spec(spec: RulesSpec) -> Rules:
    """Rebuild rules from :func:`rules_spec` (cached, so once per process)."""
    variant, players, options, names = spec
    plugins: list[Any] = [
        importlib.import_module(n[len("module:") :]) if n.startswith("module:") else n
        for n in names
    ]
    return load_rules(variant, players=players, plugins=plugins, **dict(options))


def _bots_for(bots: BotsSpec, seed: int, players: int) -> list[Bot]:
    if bots is None:
        return [RandomBot(seed=game_seed(seed, seat)) for seat in range(players)]
    if callable(bots):
        return list(bots(seed))
    return copy.deepcopy(list(bots))


def play_game(rules: Rules, bots: BotsSpec, seed: int) -> GameResult:
    """Play one game of a simulation and say how it went."""
    final = play(rules, _bots_for(bots, seed, rules.players), seed=seed)
    return GameResult(
        totals=final.totals,
        winners=final.winners,
        deals=len(final.results),
        moves=sum(len(d) for d in final.past_moves),
    )


def _run_chunk(
    spec: RulesSpec, bots: BotsSpec, seed: int, indices: tuple[int, ...]
) -> list[GameResult]:
    rules = rules_from_spec(spec)
    return [play_game(rules, bots, game_seed(seed, i)) for i in indices]


def _chunks(games: int, size: int) -> Iterable[tuple[int, ...]]:
    for start in range(0, games, size):
        yield tuple(range(start, min(games, start + size)))


def simulate(
    rules: Rules,
    games: int,
    *,
    seed: int = 0,
    workers: int = 1,
    executor: Executor | None = None,
    bots: BotsSpec = None,
    progress: Callable[[int, int], object] | None = None,
) -> Summary:
    """Play ``games`` matches of bots and summarise them.

    Args:
        rules: the rules to play.
        games: how many matches.
        seed: the base seed; game ``i`` is dealt and its random bots seeded from
            ``game_seed(seed, i)``, so the summary does not depend on ``workers``.
        workers: processes to use; more than 1 runs chunks of games in a
            :class:`~concurrent.futures.ProcessPoolExecutor`.
        executor: any :class:`~concurrent.futures.Executor` to run the chunks instead.
        bots: ``None`` for random bots, one bot per seat (each game starts from a copy, so
            bots keep no memory between games), or a function ``seed -> bots``. Bots sent to
            other processes must be picklable.
        progress: called as ``progress(done, games)`` as games finish.

    Raises:
        RulesError: ``games`` or ``workers`` is not a positive whole number (``games`` may be
            0), or the bots do not match the number of players.

    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise RulesError(f"games is a whole number of 0 or more, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise RulesError(f"workers is a whole number of 1 or more, not {workers!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"a seed is a whole number, not {seed!r}")
    if bots is not None and not callable(bots) and len(bots) != rules.players:
        raise RulesError(
            f"{rules.variant} is played by {rules.players} players here: give "
            f"{rules.players} bots, not {len(bots)}"
        )
    start = time.perf_counter()
    results: list[GameResult] = []
    if executor is None and workers == 1:
        for i in range(games):
            results.append(play_game(rules, bots, game_seed(seed, i)))
            if progress is not None:
                progress(i + 1, games)
    else:
        spec = rules_spec(rules)
        size = max(1, min(25, math.ceil(games / (4 * max(workers, 2)))))
        own = executor is None
        pool = executor if executor is not None else ProcessPoolExecutor(max_workers=workers)
        try:
            futures = [
                pool.submit(_run_chunk, spec, bots, seed, chunk) for chunk in _chunks(games, size)
            ]
            done = 0
            for future in futures:
                chunk_results = future.result()
                results.extend(chunk_results)
                done += len(chunk_results)
                if progress is not None:
                    progress(done, games)
        finally:
            if own:
                pool.shutdown(cancel_futures=True)
    return Summary.of(rules, seed, results, time.perf_counter() - start)
