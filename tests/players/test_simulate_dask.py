"""simulate() on a Dask cluster; skipped when Dask (``distributed``) is not installed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

import kinglib
from kinglib.players.bots import Bot, HeuristicBot, RandomBot
from tests.support import run_kinglib

SIMPLE = kinglib.load_rules("simple")

distributed = pytest.importorskip("distributed")

if TYPE_CHECKING:
    from distributed import Client, LocalCluster


# --------------------------------------------------------------------------- workers and Dask


@pytest.fixture(scope="module")
def cluster() -> Iterator[LocalCluster]:
    """A small Dask cluster in this process, reachable over TCP."""
    with distributed.LocalCluster(
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
    client: Client = distributed.Client(cluster)
    return client


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


def test_the_command_runs_on_a_dask_scheduler(cluster: LocalCluster) -> None:
    address = cluster.scheduler_address
    assert address.startswith("tcp://")
    result = run_kinglib(
        "simulate", "simple", "--games", "4", "--seed", "5", "--dask", address, "--json"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    expected = kinglib.simulate(SIMPLE, 4, seed=5).to_dict()
    assert data | {"seconds": 0} == expected | {"seconds": 0}
    sized = run_kinglib(
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
