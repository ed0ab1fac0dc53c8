"""Thread safety: one rules object shared by many threads gives the results of one thread.

kinglib keeps a few module-level tables that fill as they are first asked for (the moves of a
suit's cards, the order of a pack...). They hold values computed from their key alone, so a
cold or a warm table, or two threads filling one at once, must give the same results; these
tests check that, and that no rules object keeps anything between calls.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import kinglib
from kinglib import Rules, State, simulate
from kinglib.engine.random_match import random_match
from kinglib.players.bots import HeuristicBot, RandomBot
from kinglib.players.matches import play

VARIANTS = ["simple", "domino", "bidding", "atomic", "jokers", "omnibus"]
THREADS = 8


def _fingerprint(state: State) -> tuple[Any, ...]:
    return (state.totals, tuple(r.points for r in state.results), tuple(map(str, state.moves)))


def _random_games(rules: Rules, seeds: range) -> list[tuple[Any, ...]]:
    return [_fingerprint(random_match(rules, seed)) for seed in seeds]


def _bot_games(rules: Rules, seeds: range) -> list[tuple[Any, ...]]:
    out = []
    for seed in seeds:
        bots = [
            HeuristicBot() if seat % 2 else RandomBot(seed=seed * 10 + seat)
            for seat in range(rules.players)
        ]
        out.append(_fingerprint(play(rules, bots, seed)))
    return out


def _in_threads(
    work: Callable[[Rules, range], list[tuple[Any, ...]]], rules: Rules, chunks: list[range]
) -> list[tuple[Any, ...]]:
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        parts = list(pool.map(lambda seeds: work(rules, seeds), chunks))
    return [game for part in parts for game in part]


@pytest.fixture(autouse=True)
def _switch_often() -> Any:
    # Threads take turns every few microseconds, so that they interleave inside the engine.
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_matches_on_shared_rules_in_threads_equal_one_thread(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    chunks = [range(k, k + 2) for k in range(0, 16, 2)]
    alone = _random_games(kinglib.load_rules(variant), range(16))
    assert _in_threads(_random_games, rules, chunks) == alone
    # The shared rules keep nothing between calls: the same games again, the same results.
    backwards = chunks[::-1]
    expected = [game for chunk in backwards for game in alone[chunk.start : chunk.stop]]
    assert _in_threads(_random_games, rules, backwards) == expected


@pytest.mark.parametrize("variant", ["simple", "bidding", "domino"])
def test_bot_games_on_shared_rules_in_threads_equal_one_thread(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    chunks = [range(k, k + 1) for k in range(THREADS)]
    alone = _bot_games(kinglib.load_rules(variant), range(THREADS))
    assert _in_threads(_bot_games, rules, chunks) == alone


def test_simulate_chunks_in_a_thread_pool_equal_one_thread() -> None:
    rules = kinglib.load_rules("simple")
    alone = simulate(rules, 24, seed=5)
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        threaded = simulate(rules, 24, seed=5, executor=pool, chunk_size=3)
        # Several whole simulations at once on the same rules, each its own chunks.
        many = list(pool.map(lambda _: simulate(rules, 24, seed=5, chunk_size=5), range(4)))
    assert threaded.to_dict() | {"seconds": 0} == alone.to_dict() | {"seconds": 0}
    for summary in many:
        assert summary.to_dict() | {"seconds": 0} == alone.to_dict() | {"seconds": 0}


def _lazy_tables() -> dict[tuple[str, str], dict[Any, Any]]:
    """Every module-level dict of kinglib and its variants, by (module, name)."""
    tables = {}
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(("kinglib.", "kinglib_variants.")):
            continue
        for attr, value in vars(module).items():
            if type(value) is dict and attr.startswith("_") and not attr.startswith("__"):
                tables[name, attr] = value
    return tables


def test_module_level_tables_hold_no_state_that_changes_results() -> None:
    """Run in a fresh interpreter, where the lazily filled tables start empty whatever other
    tests of this run have played."""
    root = Path(__file__).resolve().parents[2]
    code = "from tests.engine.test_threads import check_lazy_tables; check_lazy_tables()"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]


def check_lazy_tables() -> None:
    """Fill the lazy tables with games, empty them, play again: the same games."""
    rules = [kinglib.load_rules(v) for v in VARIANTS]
    tables = _lazy_tables()
    saved = {key: dict(table) for key, table in tables.items()}
    warm = [_random_games(r, range(3)) + _bot_games(r, range(1)) for r in rules]
    grown = [key for key, table in tables.items() if len(table) > len(saved[key])]
    assert grown, "the tables filled as they are asked for were not found"
    for key in grown:
        # Empty them all, not just back to their import-time contents: still the same games.
        tables[key].clear()
    try:
        cold = [_random_games(r, range(3)) + _bot_games(r, range(1)) for r in rules]
    finally:
        for key in grown:
            tables[key].update(saved[key])
    assert cold == warm
