"""The web table's protocol through the ASGI test client: views, moves, errors, tokens."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import kinglib
from kinglib.plugins.manager import BUILTIN_VARIANTS
from kinglib.web.protocol import ERROR_CODES, MAX_MESSAGE_CHARS, MOVE_KINDS
from kinglib.web.seats import Seat
from tests.support.web import Seats, connect, create, join, server

JSON = {"Content-Type": "application/json"}
CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK[12])\b")


def test_a_seat_plays_a_whole_match_of_simple_against_three_bots() -> None:
    with server() as (client, lobby):
        made = create(
            client, variant="simple", seats=["you", "heuristic", "random", "heuristic"], seed=5
        )
        table = lobby.tables[made["table"]]
        seats = Seats(client, table, {0: made["token"]})
        message = seats.latest(0)
        while not message["over"]:
            assert message["view"]["to_move"] == 0
            legal = [m["text"] for m in message["moves"]]
            assert legal == [str(m) for m in table.state.legal_moves()]
            message = seats.move(0, legal[-1])
            assert message["type"] == "state"
        seats.close()
        assert message["winners"] == list(table.state.winners)
        assert message["sheet"]["rows"][-1]["kind"] == "winner"
        record = client.get(f"/api/tables/{table.id}/record")
        assert record.status_code == 200
        assert kinglib.from_json(record.text) == table.state
        steps = client.post("/api/replay", content=record.text, headers=JSON).json()["steps"]
        assert len(steps) == len(table.state.moves) + 1
        assert steps[-1]["totals"] == list(table.state.totals)


def test_two_players_at_one_table_see_only_their_own_hands() -> None:
    with server() as (client, lobby):
        made = create(client, variant="simple", seats=["you", "open", "heuristic", "heuristic"])
        table = lobby.tables[made["table"]]
        seats = Seats(client, table, {0: made["token"], 1: join(client, table.id, 1)})
        first, second = seats.latest(0), seats.latest(1)
        assert first["view"]["hand"] == str(table.state.hand(0))
        assert second["view"]["hand"] == str(table.state.hand(1))
        for seen, other in ((first, 1), (second, 0)):
            text = json.dumps(seen)
            hidden = set(str(table.state.hand(other)).split())
            assert hidden and not hidden & set(CARD.findall(text))
        seats.close()


def test_a_seat_can_be_joined_once_and_the_table_must_exist() -> None:
    with server() as (client, _):
        made = create(client, variant="simple", seats=["you", "open", "random", "random"])
        join(client, made["table"], 1)
        again = client.post(f"/api/tables/{made['table']}/join", json={"seat": 1})
        assert again.status_code == 409
        assert client.post(f"/api/tables/{made['table']}/join", json={"seat": 0}).status_code == 409
        assert client.post("/api/tables/nope/join", json={"seat": 1}).status_code == 404
        bad = client.post("/api/tables", json={"variant": "simple", "seats": ["you", "robot"]})
        assert bad.status_code == 400 and "one entry per seat" in bad.json()["error"]
        bad = client.post("/api/tables", json={"variant": "nope"})
        assert bad.status_code == 400 and "unknown variant" in bad.json()["error"]
        bad = client.post("/api/tables", json={"variant": "simple", "options": {"boys": "queens"}})
        assert bad.status_code == 400 and "boys" in bad.json()["error"]


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("not json", "malformed"),
        ("[1, 2]", "malformed"),
        ('{"move": "QS"}', "malformed"),
        ('{"type": "move"}', "malformed"),
        ('{"type": "move", "move": 7}', "malformed"),
        ('{"type": "hola"}', "unknown_type"),
        ('{"type": "hello", "token": "x"}', "malformed"),
        ('{"type": "replace", "seat": "2"}', "malformed"),
        ('{"type": "continue"}', "refused"),
        ('{"type": "replace", "seat": 1}', "refused"),
        ("[" * 900 + "]" * 900, "malformed"),
        ('{"type": "move", "move": ' + "[" * 300 + "]" * 300 + "}", "malformed"),
        ('{"type": "move", "move": "hello there"}', "bad_move"),
        ('{"type": "move", "move": "ZZ"}', "bad_move"),
        (json.dumps({"type": "move", "move": "x" * (MAX_MESSAGE_CHARS + 1)}), "oversized"),
    ],
)
def test_a_bad_message_is_answered_with_an_error_that_changes_nothing(raw: str, code: str) -> None:
    assert code in ERROR_CODES
    with server() as (client, lobby):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"])
        table = lobby.tables[made["table"]]
        seats = Seats(client, table, {0: made["token"]})
        seats.latest(0)
        before = table.state
        seats.sockets[0].send_text(raw)
        answer = seats.sockets[0].receive_json()
        assert answer["type"] == "error" and answer["code"] == code, answer
        assert table.state is before
        seats.sockets[0].send_json({"type": "ping"})
        assert seats.sockets[0].receive_json() == {"type": "pong"}
        seats.close()


def test_out_of_turn_and_illegal_moves_are_refused() -> None:
    with server() as (client, lobby):
        made = create(client, variant="simple", seats=["you", "open", "random", "random"], seed=1)
        table = lobby.tables[made["table"]]
        seats = Seats(client, table, {0: made["token"], 1: join(client, table.id, 1)})
        to_move = table.state.to_move
        assert to_move in (0, 1)
        waiting = 1 - to_move
        message = seats.latest(waiting)
        before = table.state
        mine = message["view"]["hand"].split()[0]
        answer = seats.move(waiting, mine)
        assert answer["code"] == "not_your_turn" and table.state is before
        message = seats.latest(to_move)
        legal = {m["text"] for m in message["moves"]}
        illegal = [c for c in message["view"]["hand"].split() if c not in legal]
        not_held = next(c for c in ("AS", "AH", "AD", "AC", "7S", "7H") if c not in legal)
        for text in [*illegal[:1], not_held]:
            answer = seats.move(to_move, text)
            assert answer["code"] == "illegal" and table.state is before, answer
        seats.close()


def test_flooding_is_refused_and_binary_is_malformed() -> None:
    with server(message_rate=10) as (client, lobby):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"])
        table = lobby.tables[made["table"]]
        seats = Seats(client, table, {0: made["token"]})
        seats.latest(0)
        before = table.state
        socket = seats.sockets[0]
        socket.send_bytes(b'{"type": "ping"}')
        assert socket.receive_json()["code"] == "malformed"
        for _ in range(80):
            socket.send_json({"type": "move", "move": "ZZ"})
        codes = [socket.receive_json()["code"]]
        while codes[-1] != "flooding" and len(codes) < 80:
            codes.append(socket.receive_json()["code"])
        assert codes[-1] == "flooding" and set(codes[:-1]) == {"bad_move"}
        assert len(codes) >= 25  # the burst was read before the flood was refused
        assert table.state is before
        seats.close()


def test_the_pages_and_their_files_are_served() -> None:
    with server() as (client, _):
        for path, text in (
            ("/", "New table"),
            ("/table/anything", "Your hand"),
            ("/replay", "kinglib replay"),
            ("/static/table.js", "WebSocket"),
            ("/static/app.css", ".card"),
        ):
            answer = client.get(path)
            assert answer.status_code == 200 and text in answer.text, path
        catalogue = client.get("/api/catalogue").json()
        assert {v["name"] for v in catalogue["variants"]} >= set(BUILTIN_VARIANTS)
        assert {"random", "heuristic"} <= set(catalogue["bots"])
        bad = client.post("/api/replay", content="{}", headers=JSON)
        assert bad.status_code == 400 and bad.json()["error"]


def test_moves_after_the_end_are_refused_and_the_record_is_saved(tmp_path: Path) -> None:
    with server(records=tmp_path) as (client, lobby):
        made = create(client, variant="simple", players=3, seats=["random"] * 2 + ["you"], seed=2)
        table = lobby.tables[made["table"]]
        seats = Seats(client, table, {2: made["token"]})
        message = seats.latest(2)
        while not message["over"]:
            message = seats.move(2, message["moves"][0]["text"])
        assert seats.move(2, "pass")["code"] == "over"
        seats.close()
        saved = list(tmp_path.glob("simple-*.json"))
        assert len(saved) == 1
        assert kinglib.from_json(saved[0].read_text(encoding="utf-8")) == table.state


def test_a_wrong_token_gets_no_seat() -> None:
    with server() as (client, _):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"])
        other = create(client, variant="simple", seats=["you", "random", "random", "random"])
        for table, token in (
            (made["table"], "nonsense"),
            (made["table"], other["token"]),
            (made["table"], ""),
            (made["table"], "ключ"),
            (made["table"], "x" * 1_000),
            ("nosuchtable", made["token"]),
        ):
            socket, hello = connect(client, table, token)
            with socket:
                socket.send_json(hello)
                answer = socket.receive_json()
                assert answer["type"] == "error" and answer["code"] == "bad_seat", answer
        assert client.get(f"/api/tables/{made['table']}/record").status_code == 409


def test_reconnecting_with_the_token_restores_the_seat() -> None:
    with server() as (client, lobby):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"])
        table = lobby.tables[made["table"]]
        seats = Seats(client, table, {0: made["token"]})
        first = seats.latest(0)
        second = seats.move(0, first["moves"][0]["text"])
        seats.close()
        assert table.seats[0].connection is None and table.seats[0].public()["connected"] is False
        again = Seats(client, table, {0: made["token"]})
        restored = again.latest(0)
        assert restored["view"] == second["view"] and restored["you"] == 0
        # a second window takes the seat over; the first one is told and closed
        third = Seats(client, table, {0: made["token"]})
        notice = again.sockets[0].receive_json()
        assert notice["code"] == "bad_seat" and "another window" in notice["message"]
        assert third.latest(0)["view"] == second["view"]
        again.close()
        third.close()


def test_the_table_survives_a_player_vanishing_mid_trick() -> None:
    with server() as (client, lobby):
        made = create(client, variant="simple", seats=["you", "open", "random", "random"], seed=4)
        table = lobby.tables[made["table"]]
        token = join(client, table.id, 1)
        seats = Seats(client, table, {0: made["token"]})
        gone = Seats(client, table, {1: token})
        while not (table.state.to_move == 1 and table.state.trick):
            seat = table.state.to_move
            assert seat is not None
            both = seats if seat == 0 else gone
            both.move(seat, both.latest(seat)["moves"][0]["text"])
        seats.latest(0)
        gone.close()  # seat 1 vanishes with the trick on the table
        message = seats.sockets[0].receive_json()
        assert message["table"]["seats"][1]["connected"] is False
        assert message["view"]["trick"] and message["view"]["to_move"] == 1
        back = Seats(client, table, {1: token})
        mine = back.latest(1)
        assert mine["view"]["trick"] == message["view"]["trick"]
        after = back.move(1, mine["moves"][0]["text"])
        assert after["type"] == "state" and after["version"] > message["version"]
        back.close()
        seats.close()


def test_many_tables_play_at_once() -> None:
    with server() as (client, lobby):
        tables = [
            create(client, variant=v, seats=None, seed=n)
            for n, v in enumerate(["simple", "jokers", "domino", "ordered"])
        ]
        groups = [Seats(client, lobby.tables[t["table"]], {0: t["token"]}) for t in tables]
        for _ in range(12):
            for group in groups:
                message = group.latest(0)
                if message["moves"]:
                    group.move(0, message["moves"][0]["text"])
        assert all(g.table.version >= 12 for g in groups)
        listed = client.get("/api/tables").json()["tables"]
        assert {t["id"] for t in listed} == {t["table"] for t in tables}
        for group in groups:
            group.close()


def _drive(variant: str, options: dict[str, Any], budget: int, seed: int = 3) -> set[str]:
    """Play a table of people only through the sockets, preferring moves of a kind not yet
    played; the kinds that the server accepted."""
    played: set[str] = set()
    with server() as (client, lobby):
        rules = kinglib.load_rules(variant, **options)
        seats_kinds = ["open"] * rules.players
        made = create(client, variant=variant, options=options, seats=seats_kinds, seed=seed)
        table = lobby.tables[made["table"]]
        tokens = {seat: join(client, table.id, seat) for seat in range(rules.players)}
        seats = Seats(client, table, tokens)
        for _ in range(budget):
            seat = table.state.to_move
            if seat is None:
                break
            moves = seats.latest(seat)["moves"]
            fresh = [m for m in moves if m["kind"] not in played]
            move = (fresh or moves)[-1 if fresh else seed % len(moves)]
            before = table.version
            answer = seats.move(seat, move["text"])
            # one more version when the move ended a deal and everybody went on
            assert answer["type"] == "state" and table.version in (before + 1, before + 2), answer
            played.add(move["kind"])
        seats.close()
    return played


#: Long enough for every kind of move a variant has: the trump rounds of the otygrysh scheme
#: (declare, bid, pass, sell, keep) come after its seven negative deals, kierki's declaration
#: and fan-tan (a pass) after its seven.
DRIVES: list[tuple[str, dict[str, Any], int]] = [
    ("simple", {"scheme": "otygrysh"}, 300),
    ("atomic", {}, 120),
    ("barbu", {}, 80),
    ("bidding", {}, 60),
    ("domino", {}, 120),
    ("ordered", {}, 40),
    ("jokers", {}, 40),
    ("kierki", {}, 600),
    ("omnibus", {}, 40),
    ("three-hand", {}, 40),
    ("turkish", {}, 60),
    ("brazilian", {}, 120),
]


def test_every_move_kind_of_every_variant_is_played_through_the_socket() -> None:
    assert {variant for variant, _, _ in DRIVES} == set(BUILTIN_VARIANTS)
    played = {variant: _drive(variant, options, budget) for variant, options, budget in DRIVES}
    assert set().union(*played.values()) == set(MOVE_KINDS)
    assert {"declare", "bid", "pass", "sell", "keep"} <= played["simple"]
    assert {"choose", "discard"} <= played["atomic"] and "draw" in played["domino"]
    assert {"choose", "declare", "play"} <= played["turkish"]
    assert {"choose", "bid", "pass", "keep", "declare", "play"} <= played["brazilian"]
    assert {"declare", "play", "pass"} <= played["kierki"]
    assert {"choose", "double", "redouble", "pass", "play"} <= played["barbu"]


class _BrokenBot:
    """A bot that fails at every move."""

    def choose_move(self, view: object) -> kinglib.Move:
        raise RuntimeError("broken")


def test_a_broken_bot_does_not_stall_its_table() -> None:
    with server() as (client, lobby):
        made = create(client, variant="simple", seats=["you", "open", "random", "random"], seed=4)
        table = lobby.tables[made["table"]]
        table.seats[1] = Seat("bot", "broken bot", bot=_BrokenBot())
        seats = Seats(client, table, {0: made["token"]})
        assert client.portal is not None and table.state.to_move == 1
        client.portal.call(table.start_bots)
        message = seats.latest(0)
        while not message.get("moves"):  # the bots play up to seat 0
            message = seats.sockets[0].receive_json()
        for _ in range(6):
            message = seats.move(0, message["moves"][0]["text"])
            assert message["type"] == "state" and message["view"]["to_move"] == 0


def test_the_serve_command_starts_the_server(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import kinglib.web
    from kinglib.apps.cli import main

    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(kinglib.web, "serve", lambda *args, **kwargs: calls.append((*args, kwargs)))
    assert main(["serve", "--host", "0.0.0.0", "--port", "9001", "--records", str(tmp_path)]) == 0
    given = {"records": tmp_path, "bot_delay": 0.5, "allowed_hosts": [], "allowed_origins": []}
    assert calls == [("0.0.0.0", 9001, {**given, "db": None})]
    db = str(tmp_path / "t.sqlite")
    argv = [
        "serve",
        "--db",
        db,
        "--allowed-host",
        "cards.example",
        "--allowed-origin",
        "https://a.b",
    ]
    assert main(argv) == 0
    assert calls[-1] == (
        "127.0.0.1",
        8000,
        {
            "records": None,
            "bot_delay": 0.5,
            "allowed_hosts": ["cards.example"],
            "allowed_origins": ["https://a.b"],
            "db": db,
        },
    )
