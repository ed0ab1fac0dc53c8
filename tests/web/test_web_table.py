"""The web table's play: the end-of-deal pause, trick winners, spectators, invitations, bots
standing in for absent players, and what a spectator may see."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from kinglib.players.bots import RandomBot
from kinglib.plugins import BUILTIN_VARIANTS
from kinglib.web.showing import finished_deal, public_view
from tests.support.web import Seats, connect, create, join, server

CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK[12])\b")


def _play_to_deal_end(seats: Seats, seat: int) -> dict[str, Any]:
    """Play ``seat``'s first legal move until the first deal is over; the paused state."""
    message = seats.latest(seat)
    while message["pause"] is None:
        message = seats.move(seat, message["moves"][0]["text"])
        assert message["type"] == "state", message
    return message


def test_the_end_of_a_deal_pauses_until_every_player_goes_on() -> None:
    with server() as (client, lobby):
        made = create(client, variant="simple", seats=["you", "open", "random", "random"], seed=11)
        table = lobby.tables[made["table"]]
        friend = join(client, table.id, 1)
        seats = Seats(client, table, {0: made["token"], 1: friend}, go_on=False)
        message = seats.latest(0)
        while message["pause"] is None:
            seat = table.state.to_move
            assert seat in (0, 1)
            message = seats.move(seat, seats.latest(seat)["moves"][0]["text"])
        assert table.paused and table.state.deal_number == 2
        deal = message["last_deal"]
        result = table.state.results[0]
        assert deal["number"] == 1 and deal["points"] == list(result.points)
        trick = deal["last_trick"]
        assert len(trick["plays"]) == 4 and 0 <= trick["winner"] < 4
        assert sum(deal["tricks_taken"]) == 8
        cards = " ".join(deal["hands"]).split()
        assert len(cards) == len(set(cards)) == 32  # every card of the deal, once
        assert message["moves"] == [] and message["pause"]["waiting"] == [0, 1]
        to_move = table.state.to_move
        version = table.version
        assert to_move is not None
        if table.seats[to_move].kind == "human":
            refused = seats.move(to_move, str(table.state.legal_moves()[0]))
            assert (
                refused["code"] == "paused" and "waiting for seat 0, seat 1" in refused["message"]
            )
        time_bots = table.version
        seats.sockets[0].send_json({"type": "continue"})
        waiting = seats.sockets[1].receive_json()
        while waiting["pause"] is None or waiting["pause"]["waiting"] != [1]:
            waiting = seats.sockets[1].receive_json()
        assert table.paused and table.version == time_bots == version  # bots wait too
        seats.sockets[1].send_json({"type": "continue"})
        going = seats.sockets[1].receive_json()
        while going["pause"] is not None:
            going = seats.sockets[1].receive_json()
        assert not table.paused and going["version"] > version
        seats.close()
        log = "\n".join(message["log"])
        assert "takes the last trick" in log and "takes the trick" in log


def test_a_table_of_bots_alone_never_pauses() -> None:
    with server() as (client, lobby):
        made = create(client, variant="simple", players=3, seats=["random"] * 3, seed=4)
        table = lobby.tables[made["table"]]
        assert client.portal is not None
        deadline = time.monotonic() + 20
        while not table.state.is_over:
            assert time.monotonic() < deadline and not table.paused
            client.portal.call(table.start_bots)
            time.sleep(0.01)
        assert table.last_deal is not None


def test_the_log_names_the_winner_of_every_trick() -> None:
    with server() as (client, lobby):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"], seed=2)
        table = lobby.tables[made["table"]]
        seats = Seats(client, table, {0: made["token"]}, go_on=False)
        message = _play_to_deal_end(seats, 0)
        lines = [line for line in message["log"] if "takes the" in line]
        assert len(lines) == 8  # eight tricks in a four-player deal of 32 cards
        winners = [int(line.split()[1]) for line in lines[:-1]]
        first = table.log[0].deal
        taken = [t for t in (message["last_deal"]["tricks_taken"])]
        for seat in range(4):
            assert (
                winners.count(seat) + (message["last_deal"]["last_trick"]["winner"] == seat)
                == (taken[seat])
            )
        assert first == 1
        seats.close()


@pytest.mark.parametrize("variant", sorted(BUILTIN_VARIANTS))
def test_the_finished_deal_shows_the_true_last_trick_and_every_card(variant: str) -> None:
    rules = kinglib.load_rules(variant)
    state = rules.new_match(seed=8)
    bot = RandomBot(seed=8)
    while not state.results:
        before = state
        move = bot.choose_move(state.view(state.to_move))  # type: ignore[arg-type]
        state = state.apply(move)
    deal = finished_deal(rules, before, move, state)
    assert deal["points"] == list(state.results[0].points)
    played = [c for trick in before.tricks for _, c in trick.plays] + [c for _, c in before.trick]
    if isinstance(move, kinglib.Play):
        trick = deal["last_trick"]
        assert trick is not None and [move.seat if False else s for s, _ in trick["plays"]]
        assert trick["plays"][-1][1] == str(move.card)
        assert len(before.tricks) + 1 == sum(deal["tricks_taken"])
        played.append(move.card)
    shown = set(" ".join(deal["hands"]).split())
    assert {str(c) for c in played} <= shown


def test_a_spectator_sees_the_play_but_no_hand() -> None:
    with server() as (client, lobby):
        made = create(client, variant="simple", seats=["you", "random", "random", "random"], seed=6)
        table = lobby.tables[made["table"]]
        seats = Seats(client, table, {0: made["token"]})
        socket, hello = connect(client, table.id)
        with socket:
            socket.send_json(hello)
            seen = socket.receive_json()
            assert seen["you"] is None and seen["view"]["hand"] == "" and seen["moves"] == []
            message = seats.latest(0)
            seats.move(0, message["moves"][0]["text"])
            while (seen := socket.receive_json())["version"] < table.version:
                pass
            hands = set()
            for seat in range(4):
                hands |= {str(c) for c in table.state.hand(seat)}
            assert hands and not hands & set(CARD.findall(json.dumps(seen)))
            assert seen["view"]["trick"] == [[s, str(c)] for s, c in table.state.trick]
            assert seen["table"]["spectators"] == 1
            socket.send_json({"type": "move", "move": "AS"})
            assert socket.receive_json()["code"] == "not_your_turn"
        seats.close()
        assert client.get(f"/watch/{table.id}").status_code == 200


@settings(max_examples=30, deadline=None)
@given(
    variant=st.sampled_from(sorted(BUILTIN_VARIANTS)),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
)
def test_a_spectator_view_holds_no_card_still_hidden(variant: str, seed: int, steps: int) -> None:
    rules = kinglib.load_rules(variant)
    state = rules.new_match(seed=seed)
    bot = RandomBot(seed=seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(bot.choose_move(state.view(state.to_move)))  # type: ignore[arg-type]
    shown = public_view(state)
    seen = set(CARD.findall(json.dumps(shown)))
    for seat in range(rules.players):  # each card shown is one that every seat is shown
        view = state.view(seat).to_dict()
        others = {**view, "hand": "", "legal_moves": []}
        assert seen <= set(CARD.findall(json.dumps(others))), (variant, seed, steps, seat)
    assert shown["hand"] == "" and shown["legal_moves"] == [] and shown["seat"] is None


def test_an_invited_seat_needs_the_invitation() -> None:
    with server() as (client, lobby):
        made = create(client, variant="simple", seats=["you", "invite", "open", "random"])
        table = lobby.tables[made["table"]]
        assert made["invite_url"].endswith("#invite=" + made["invite"])
        listed = client.get("/api/tables").json()["tables"][0]
        assert listed["open"] == [2] and listed["invited"] == [1]
        for invite in (None, "wrong", "ключ", made["invite"] + "x"):
            answer = client.post(f"/api/tables/{table.id}/join", json={"seat": 1, "invite": invite})
            assert answer.status_code == 409 and "invitation" in answer.json()["error"]
        assert join(client, table.id, 2)  # an open seat is anyone's
        assert join(client, table.id, 1, invite=made["invite"])
        assert table.seats[1].kind == "human"
        stored = lobby.storage.load(table.id)
        assert stored is not None and made["invite"] not in json.dumps(stored.settings)


def test_an_absent_player_is_given_a_bot_by_the_others_and_takes_the_seat_back() -> None:
    with server() as (client, lobby):
        lobby.limits = lobby.limits.__class__(**{**_fields(lobby.limits), "absent_seconds": 0.3})
        made = create(client, variant="simple", seats=["you", "open", "random", "random"], seed=9)
        table = lobby.tables[made["table"]]
        table.absent_seconds = 0.3
        friend = join(client, table.id, 1)
        seats = Seats(client, table, {0: made["token"]})
        seats.latest(0)
        seats.sockets[0].send_json({"type": "replace", "seat": 1})
        refused = _next_error(seats, 0)
        assert refused["code"] == "refused" and "in 1 s" in refused["message"]
        time.sleep(0.35)
        seats.sockets[0].send_json({"type": "replace", "seat": 1})
        message = seats.sockets[0].receive_json()
        while message["type"] != "state" or not message["table"]["seats"][1]["stand_in"]:
            message = seats.sockets[0].receive_json()
        assert table.seats[1].stand_in and any(
            "a bot plays for seat 1" in x for x in message["log"]
        )
        for _ in range(6):  # the stand-in plays seat 1's turns
            message = seats.latest(0)
            seats.move(0, message["moves"][0]["text"])
        played = [e for e in table.log if e.seat == 1]
        assert played
        back = Seats(client, table, {1: friend})
        mine = back.latest(1)
        assert not table.seats[1].stand_in and mine["table"]["seats"][1]["stand_in"] is False
        assert any("is back" in line for line in mine["log"])
        back.close()
        seats.close()


def _fields(limits: Any) -> dict[str, Any]:
    import attrs

    return attrs.asdict(limits)


def _next_error(seats: Seats, seat: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = seats.sockets[seat].receive_json()
        if message["type"] == "error":
            return message


def test_a_move_of_a_kind_the_page_does_not_know_is_shown_from_its_text() -> None:
    from kinglib.web.protocol import move_entry

    class Double:
        def __str__(self) -> str:
            return "double 0 3"

    entry = move_entry(Double(), kinglib.load_rules("simple"))  # type: ignore[arg-type]
    assert entry == {"text": "double 0 3", "kind": "double", "label": "double 0 3"}
