"""simulate(): the view-free random match, chunks, worker processes and Dask executors."""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import pytest

import kinglib
import kinglib.engine.flow
from kinglib import RulesError
from kinglib.players.bots import Bot, RandomBot
from kinglib.players.matches import chunk_bounds, default_chunk_size
from tests.support import run_kinglib

SIMPLE = kinglib.load_rules("simple")


# --------------------------------------------------------------------------- chunks


def test_chunks_cover_every_game_once() -> None:
    assert chunk_bounds(0, 5) == []
    assert chunk_bounds(7, 3) == [(0, 3), (3, 6), (6, 7)]
    assert chunk_bounds(6, 3) == [(0, 3), (3, 6)]
    for games in (1, 9, 100, 1000, 12345):
        for workers in (1, 2, 8):
            size = default_chunk_size(games, workers)
            assert size >= 1
            bounds = chunk_bounds(games, size)
            assert [i for a, b in bounds for i in range(a, b)] == list(range(games))


def test_the_summary_does_not_depend_on_the_chunks() -> None:
    one = kinglib.simulate(SIMPLE, 7, seed=3)
    with ThreadPoolExecutor(max_workers=2) as pool:
        for size in (1, 3, 7, 50):
            assert kinglib.simulate(SIMPLE, 7, seed=3, executor=pool, chunk_size=size) == one


def test_progress_reaches_the_total_from_workers() -> None:
    calls: list[tuple[int, int]] = []
    with ThreadPoolExecutor(max_workers=2) as pool:
        kinglib.simulate(
            SIMPLE,
            5,
            seed=1,
            executor=pool,
            chunk_size=2,
            progress=lambda d, t: calls.append((d, t)),
        )
    assert [t for _, t in calls] == [5, 5, 5]
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    assert calls[-1] == (5, 5)
    assert {d for d, _ in calls} <= {1, 2, 3, 4, 5}


def test_the_command_refuses_a_bad_chunk_size() -> None:
    result = run_kinglib("simulate", "simple", "--games", "4", "--chunk-size", "0")
    assert result.returncode == 2
    assert "--chunk-size is 1 or more, not 0" in result.stderr


# --------------------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": -1}, "games is a whole number of 0 or more, not -1"),
        ({"games": 2.5}, "games is a whole number of 0 or more, not 2.5"),
        ({"games": True}, "games is a whole number of 0 or more, not True"),
        ({"workers": 0}, "workers is a whole number of 1 or more, not 0"),
        ({"workers": "2"}, "workers is a whole number of 1 or more, not '2'"),
        ({"chunk_size": 0}, "chunk_size is a whole number of 1 or more, not 0"),
        ({"seed": "x"}, "a seed is a whole number, not 'x'"),
    ],
)
def test_bad_arguments_are_named(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"games": 2} | kwargs
    with pytest.raises(RulesError, match=message.replace(".", r"\.")):
        kinglib.simulate(SIMPLE, **args)  # type: ignore[arg-type]


def test_bots_of_the_wrong_count_are_refused() -> None:
    with pytest.raises(RulesError, match="give 4 bots, not 3"):
        kinglib.simulate(SIMPLE, 2, bots=[RandomBot(1), RandomBot(2), RandomBot(3)])
    with pytest.raises(RulesError, match="give 4 bots, not 5"):
        kinglib.simulate(SIMPLE, 2, bots=[RandomBot(i) for i in range(5)], workers=2)

    def three(seed: int) -> Sequence[Bot]:
        return [RandomBot(seed + i) for i in range(3)]

    with pytest.raises(RulesError, match="give 4 bots, not 3"):
        kinglib.simulate(SIMPLE, 2, bots=three)
    with (
        ThreadPoolExecutor(max_workers=2) as pool,
        pytest.raises(RulesError, match="give 4 bots, not 3"),
    ):
        kinglib.simulate(SIMPLE, 2, bots=three, executor=pool)
