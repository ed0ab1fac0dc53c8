"""simulate(): the view-free random match, chunks, worker processes and Dask executors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from distributed import Client, LocalCluster
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
import kinglib.flow
from kinglib import RulesError
from kinglib.bots import Bot, HeuristicBot, RandomBot
from kinglib.play import chunk_bounds, default_chunk_size, game_seed, play_game
from kinglib.random_match import _raw_play, random_match
from kinglib.rules import Rules
from kinglib.state import State
from tests import house_rules_sample

SRC = Path(__file__).resolve().parent.parent / "src"
SIMPLE = kinglib.load_rules("simple")


def random_bots(rules: Rules, seed: int) -> list[Bot]:
    return [RandomBot(game_seed(seed, seat)) for seat in range(rules.players)]


def assert_same_match(rules: Rules, seed: int) -> State:
    """random_match and play() with random bots reach the same final state."""
    fast = random_match(rules, seed)
    public = kinglib.play(rules, random_bots(rules, seed), seed=seed)
    assert fast.is_over and public.is_over
    assert fast.moves == public.moves
    assert fast.past_moves == public.past_moves
    assert fast.totals == public.totals
    assert fast.results == public.results
    assert fast == public
    return fast


# --------------------------------------------------------------------------- the fast path


@pytest.mark.parametrize("variant", kinglib.variant_names())
def test_random_match_agrees_with_play_on_every_variant(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    finals = [assert_same_match(rules, game_seed(31, i)) for i in range(2)]
    # Different seeds give different matches: the comparison is not between two empty games.
    assert finals[0].moves != finals[1].moves
    assert all(len(f.results) >= 1 for f in finals)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_random_match_agrees_with_play_on_many_seeds(seed: int) -> None:
    assert_same_match(SIMPLE, seed)


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [
        ("simple", 3, {}),
        ("simple", 4, {"boys": "jacks+kings"}),
        ("three-hand", 3, {}),
    ],
)
def test_random_match_agrees_with_play_under_options(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    rules = kinglib.load_rules(variant, players=players, **options)
    for i in range(2):
        assert_same_match(rules, game_seed(5, i))


def test_random_match_follows_house_rules_that_restrict_moves() -> None:
    rules = kinglib.load_rules("simple", plugins=[house_rules_sample])
    changed = 0
    for i in range(3):
        seed = game_seed(2, i)
        final = assert_same_match(rules, seed)
        # The house rule is in force: the same seed plays differently without it.
        changed += final.moves != random_match(SIMPLE, seed).moves
    assert changed == 3


def test_play_game_with_random_bots_is_the_public_match() -> None:
    seed = game_seed(8, 3)
    result = play_game(SIMPLE, None, seed)
    public = kinglib.play(SIMPLE, random_bots(SIMPLE, seed), seed=seed)
    assert result.totals == public.totals
    assert result.winners == public.winners
    assert result.deals == len(public.results) == 14
    assert result.moves == len(public.moves)


# --------------------------------------------------------------------------- raw card play


def deal_ends(rules: Rules, seed: int, fast: bool) -> tuple[State, list[State]]:
    """The final state of a match of random players and the state that ended each deal.

    ``fast``: played by random_match; else by the public API (``play`` with random bots).
    The states are those handed to ``finish_deal`` (by the raw card play, or by TrickPlay).
    """
    ends: list[State] = []
    module = "kinglib.random_match" if fast else "kinglib.tricks"
    real = kinglib.flow.finish_deal

    def record(state: State, *, ended_early: bool) -> State:
        ends.append(state)
        return real(state, ended_early=ended_early)

    with mock.patch(f"{module}.finish_deal", record):
        if fast:
            final = random_match(rules, seed)
        else:
            final = kinglib.play(rules, random_bots(rules, seed), seed=seed)
    return final, ends


def assert_raw_play_is_public_play(rules: Rules, seed: int) -> State:
    """The raw card play ends every deal in the state the public API ends it in."""
    assert _raw_play(rules) is not None  # the raw card play is the one being compared
    fast, fast_ends = deal_ends(rules, seed, fast=True)
    public, public_ends = deal_ends(rules, seed, fast=False)
    assert fast_ends == public_ends
    assert [s.deal_moves for s in fast_ends] == [s.deal_moves for s in public_ends]
    assert fast == public
    assert fast.past_moves == public.past_moves and fast.results == public.results
    # Every deal with card play was played by the raw card play (a trump round ended by a
    # raspis has none).
    assert fast_ends
    assert len(fast_ends) == sum(not r.detail("raspis", False) for r in fast.results)
    return fast


@st.composite
def simple_rules(draw: st.DrawFn) -> Rules:
    """simple with any player count and any combination of its play options."""
    players = draw(st.integers(min_value=2, max_value=6))
    return kinglib.load_rules(
        "simple",
        players=players,
        boys=draw(st.sampled_from(["jacks", "jacks+kings"])),
        king_on_heart_lead=draw(st.sampled_from(["optional", "forced"])),
        king_forced=draw(st.booleans()),
        early_end=draw(st.booleans()),
        first_dealer=draw(st.integers(min_value=0, max_value=players - 1)),
    )


SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


@settings(max_examples=60, deadline=None)
@given(rules=simple_rules(), seed=SEEDS)
def test_raw_card_play_agrees_with_play_under_every_option(rules: Rules, seed: int) -> None:
    assert_raw_play_is_public_play(rules, seed)


@settings(max_examples=30, deadline=None)
@given(
    scheme=st.sampled_from(["otygrysh", "plus_eralash", "short"]),
    buying=st.booleans(),
    only_maker=st.booleans(),
    early_end=st.booleans(),
    seed=SEEDS,
)
def test_raw_card_play_agrees_with_play_in_trump_rounds(
    scheme: str, buying: bool, only_maker: bool, early_end: bool, seed: int
) -> None:
    rules = kinglib.load_rules(
        "simple",
        scheme=scheme,
        buying=buying,
        only_maker_leads_trump=only_maker,
        early_end=early_end,
    )
    final = assert_raw_play_is_public_play(rules, seed)
    # Trump rounds were dealt, and each one not ended by a raspis was played with a trump
    # (a match may, rarely, end every trump round in raspis).
    rounds = [r for r in final.results if r.contract == "trumps"]
    assert rounds
    assert all(r.trump is not None for r in rounds if not r.detail("raspis"))


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_raw_card_play_agrees_with_play_in_three_hand(seed: int) -> None:
    assert_raw_play_is_public_play(kinglib.load_rules("three-hand"), seed)


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, notrump=st.booleans())
def test_raw_card_play_agrees_with_play_in_ordered_trumps(seed: int, notrump: bool) -> None:
    rules = kinglib.load_rules("ordered", trumps=True, notrump=notrump)
    assert_raw_play_is_public_play(rules, seed)


@pytest.mark.parametrize(
    "variant",
    [v for v in kinglib.variant_names() if _raw_play(kinglib.load_rules(v)) is not None],
)
def test_raw_card_play_agrees_with_play_in_every_variant_that_uses_it(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    for i in range(3):
        assert_raw_play_is_public_play(rules, game_seed(23, i))


def test_raw_card_play_covers_misere_and_notrump() -> None:
    """Over a few matches the trump rounds reach misère and notrump as well as suits."""
    rules = kinglib.load_rules("simple", scheme="otygrysh")
    trumps: set[object] = set()
    for i in range(12):
        final = assert_raw_play_is_public_play(rules, game_seed(17, i))
        trumps.update(r.trump for r in final.results)
    assert {"misere", "notrump"} <= trumps
    assert trumps & set(kinglib.Suit)


def test_house_rules_and_trick_play_subclasses_keep_the_generic_path() -> None:
    assert _raw_play(kinglib.load_rules("simple", plugins=[house_rules_sample])) is None
    for variant in ("jokers", "domino"):
        assert _raw_play(kinglib.load_rules(variant)) is None
    # The generic path still plays the house rule (and agrees with play()).
    rules = kinglib.load_rules("simple", plugins=[house_rules_sample])
    _, ends = deal_ends(rules, game_seed(4, 0), fast=True)
    assert ends == []  # no deal went through the raw card play
    assert_same_match(rules, game_seed(4, 0))


def test_raw_card_play_ends_deals_early_only_with_early_end() -> None:
    for early_end in (True, False):
        rules = kinglib.load_rules("simple", early_end=early_end)
        final = assert_raw_play_is_public_play(rules, game_seed(6, 1))
        assert any(r.ended_early for r in final.results) is early_end


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


# --------------------------------------------------------------------------- workers and Dask


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    """A small Dask cluster in this process, reachable over TCP."""
    with LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=1,
        threads_per_worker=2,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=None,
    ) as local:
        yield local


def dask_client(cluster: LocalCluster) -> Client:
    """A client of the test cluster (distributed's constructors carry no annotations)."""
    return Client(cluster)  # type: ignore[no-untyped-call]


def test_workers_and_dask_give_the_same_summary(cluster: LocalCluster) -> None:
    one = kinglib.simulate(SIMPLE, 10, seed=21)
    two = kinglib.simulate(SIMPLE, 10, seed=21, workers=2)
    with dask_client(cluster) as client:
        dask = kinglib.simulate(SIMPLE, 10, seed=21, executor=client.get_executor(), chunk_size=3)
    assert one == two == dask
    assert one.games == 10 and one.deals == 140
    assert kinglib.simulate(SIMPLE, 10, seed=22) != one


def test_dask_runs_given_bots_and_options(cluster: LocalCluster) -> None:
    rules = kinglib.load_rules("simple", players=3, boys="jacks+kings")
    bots: list[Bot] = [HeuristicBot(), RandomBot(5), RandomBot(6)]
    one = kinglib.simulate(rules, 4, seed=2, bots=bots)
    with dask_client(cluster) as client:
        dask = kinglib.simulate(rules, 4, seed=2, bots=bots, executor=client.get_executor())
    assert one == dask and one.players == 3


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-m", "kinglib", *args],
        input="",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
    )


def test_the_command_runs_on_a_dask_scheduler(cluster: LocalCluster) -> None:
    address = cluster.scheduler_address
    assert address.startswith("tcp://")
    result = run_cli(
        "simulate", "simple", "--games", "4", "--seed", "5", "--dask", address, "--json"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    expected = kinglib.simulate(SIMPLE, 4, seed=5).to_dict()
    assert data | {"seconds": 0} == expected | {"seconds": 0}
    sized = run_cli(
        "simulate",
        "simple",
        "--games",
        "4",
        "--seed",
        "5",
        "--dask",
        address,
        "--chunk-size",
        "1",
        "--json",
    )
    assert sized.returncode == 0, sized.stderr
    assert json.loads(sized.stdout) | {"seconds": 0} == expected | {"seconds": 0}


def test_the_command_refuses_a_bad_chunk_size() -> None:
    result = run_cli("simulate", "simple", "--games", "4", "--chunk-size", "0")
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
