"""Tables kept in a store: every move saved, the seats' tokens hashed, tables resumed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kinglib
from kinglib.web import MemoryStorage, SQLiteStorage, Storage, StorageError, StoredSeat, StoredTable
from tests.support.web import Seats, create, join, server


@pytest.mark.parametrize("kind", ["sqlite", "memory"])
def test_a_store_keeps_what_it_is_given(kind: str, tmp_path: Path) -> None:
    store: Storage = SQLiteStorage(tmp_path / "t.sqlite") if kind == "sqlite" else MemoryStorage()
    assert isinstance(store, Storage)
    seats = (StoredSeat("human", "Ann", token_hash="ab" * 32), StoredSeat("bot", "b", bot="random"))
    first = StoredTable("t1", "live", '{"moves": []}', seats, {"x": [1]}, updated=2.0)
    store.save(first)
    store.save(StoredTable("t0", "live", "{}", (), {}, updated=1.0))
    store.save(StoredTable("t2", "over", "{}", (), {}, updated=3.0))
    assert store.load("t1") == first and store.load("nope") is None
    assert [t.id for t in store.live()] == ["t0", "t1"]
    store.save(StoredTable("t0", "closed", "{}", (), {}, updated=4.0))
    assert [t.id for t in store.live()] == ["t1"]
    store.close()
    if kind == "sqlite":
        again = SQLiteStorage(tmp_path / "t.sqlite")
        assert again.load("t1") == first
        again.close()


def test_a_file_that_is_no_store_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"not a database at all" * 100)
    with pytest.raises(StorageError, match=r"bad\.sqlite"):
        SQLiteStorage(bad)
    (tmp_path / "file").write_text("", encoding="utf-8")
    with pytest.raises(StorageError, match="cannot open"):
        SQLiteStorage(tmp_path / "file" / "x.sqlite")


def test_every_move_is_stored_with_hashed_tokens_and_a_new_server_resumes_it(
    tmp_path: Path,
) -> None:
    path = tmp_path / "tables.sqlite"
    with server(storage=SQLiteStorage(path)) as (client, lobby):
        made = create(client, variant="simple", seats=["you", "open", "random", "random"], seed=7)
        table = lobby.tables[made["table"]]
        friend = join(client, table.id, 1)
        seats = Seats(client, table, {0: made["token"], 1: friend})
        for _ in range(9):
            seat = table.state.to_move
            assert seat in (0, 1)
            seats.move(seat, seats.latest(seat)["moves"][0]["text"])
        stored = lobby.storage.load(table.id)
        assert stored is not None and stored.status == "live"
        assert kinglib.from_json(stored.record) == table.state  # saved after the last move
        text = json.dumps([s.to_dict() for s in stored.seats]) + stored.record
        assert made["token"] not in text and friend not in text
        state, version = table.state, table.version
        before = seats.latest(0)
        seats.close()
    with server(storage=SQLiteStorage(path)) as (client, lobby):
        table = lobby.tables[made["table"]]
        assert table.state == state and table.version == version
        again = Seats(client, table, {0: made["token"], 1: friend})
        after = again.latest(0)
        assert after["view"] == before["view"] and after["log"] == before["log"]
        seat = table.state.to_move
        assert seat in (0, 1)
        assert again.move(seat, again.latest(seat)["moves"][0]["text"])["type"] == "state"
        again.close()


def test_a_finished_record_stays_downloadable_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    with server(storage=SQLiteStorage(path)) as (client, lobby):
        made = create(client, variant="simple", players=3, seats=["random"] * 3, seed=3)
        table = lobby.tables[made["table"]]
        assert client.portal is not None
        import asyncio

        while not table.state.is_over:
            client.portal.call(asyncio.sleep, 0.02)
        final = table.state
    with server(storage=SQLiteStorage(path)) as (client, lobby):
        assert made["table"] not in lobby.tables  # a finished table is not resumed
        record = client.get(f"/api/tables/{made['table']}/record")
        assert record.status_code == 200 and kinglib.from_json(record.text) == final
        assert "attachment" in record.headers["content-disposition"]


def test_the_pause_and_the_stand_in_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    with server(storage=SQLiteStorage(path)) as (client, lobby):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"], seed=2)
        table = lobby.tables[made["table"]]
        seats = Seats(client, table, {0: made["token"]}, go_on=False)
        message = seats.latest(0)
        while message["pause"] is None:
            message = seats.move(0, message["moves"][0]["text"])
        seats.close()
        last = table.last_deal
    with server(storage=SQLiteStorage(path)) as (client, lobby):
        table = lobby.tables[made["table"]]
        assert table.paused and table.last_deal == last
        seats = Seats(client, table, {0: made["token"]})
        assert seats.latest(0)["pause"] is None and not table.paused
        seats.close()


def test_a_record_that_no_longer_replays_is_left_in_the_store(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = MemoryStorage()
    store.save(StoredTable("broken", "live", '{"format": "nope"}', (), {}, 1.0))
    with server(storage=store) as (client, lobby):
        assert "broken" not in lobby.tables
        assert client.get("/api/tables").status_code == 200
    assert store.load("broken") is not None
    assert any("cannot be resumed" in r.getMessage() for r in caplog.records)
