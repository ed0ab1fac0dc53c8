"""The web table's message protocol: what a client may send, and what the server answers.

A client speaks to its table over one WebSocket, in JSON text messages. Its first message
says who it is, then it sends moves and the rest::

    {"type": "hello", "token": "..."}   # the seat this token holds (first message)
    {"type": "hello", "watch": true}    # or: watch the table, seeing no hand (first message)
    {"type": "move", "move": "QS"}      # a move in its text form (kinglib.parse_move)
    {"type": "continue"}                # go on after the end-of-deal pause
    {"type": "replace", "seat": 2}      # give the seat of a player long gone to a bot
    {"type": "ping"}                    # answered with {"type": "pong"}

The server sends ``{"type": "state", ...}`` (the seat's whole picture, after every change),
``{"type": "error", "code": ..., "message": ...}`` (a refused message: nothing changed) and
``{"type": "pong"}``. This module reads client messages and describes moves for the page; it
knows nothing of sockets.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from kinglib import (
    Bid,
    Choose,
    DealResult,
    Declare,
    Discard,
    Double,
    Draw,
    Keep,
    Move,
    Pass,
    Play,
    Rank,
    Redouble,
    Rules,
    Sell,
    Suit,
)
from kinglib.web.limits import RateLimit

__all__ = [
    "ERROR_CODES",
    "MAX_MESSAGE_CHARS",
    "MOVE_KINDS",
    "ClientMessage",
    "ProtocolError",
    "RateLimit",
    "check_depth",
    "move_entry",
    "move_kind",
    "read_client_message",
    "score_sheet",
]

#: The longest text message a client may send; longer ones are refused unread.
MAX_MESSAGE_CHARS = 2048
#: The message types a client may send.
CLIENT_TYPES = ("hello", "move", "continue", "replace", "ping")
#: The deepest nesting of arrays and objects in a client message.
MAX_DEPTH = 8
#: Every error code the server may answer with, and what it means.
ERROR_CODES: Mapping[str, str] = {
    "oversized": "the message is longer than the server reads",
    "flooding": "too many messages too fast: this one was dropped",
    "malformed": "the message is not a JSON object with a text 'type' (or nests too deep)",
    "unknown_type": "the message type is not one the server knows",
    "bad_move": "the move text cannot be read as a move",
    "not_your_turn": "another seat is to move",
    "illegal": "the move is not legal in this position",
    "over": "the match is over: no more moves",
    "paused": "the deal is over: every player goes on (continue) before the next one",
    "refused": "a continue or replace that cannot be granted now (the message says why)",
    "bad_seat": "the table or seat cannot be taken (no such table, seat taken, bad token)",
    "busy": "too many connections or reconnects: the server closes this one",
    "idle": "nothing was heard from the client for too long: the server closes it",
    "slow": "the client does not read what it is sent: the server closes it",
}
#: The kinds of move, as the page groups them.
MOVE_KINDS = (
    "play",
    "draw",
    "choose",
    "declare",
    "bid",
    "pass",
    "sell",
    "keep",
    "discard",
    "double",
    "redouble",
)

_SUIT_WORDS = {Suit.SPADES: "♠ spades", Suit.HEARTS: "♥ hearts", Suit.DIAMONDS: "♦ diamonds"}
_SUIT_WORDS[Suit.CLUBS] = "♣ clubs"


class ProtocolError(Exception):
    """A client message the server refuses; ``code`` is one of :data:`ERROR_CODES`."""

    def __init__(self, code: str, message: str) -> None:
        """Keep the code and the message."""
        super().__init__(message)
        self.code = code
        self.message = message

    def to_message(self) -> dict[str, Any]:
        """The error message sent to the client."""
        return {"type": "error", "code": self.code, "message": self.message}


@attrs.frozen
class ClientMessage:
    """A client message that passed validation: its type and what it carries.

    ``move`` is a move's text, ``token`` and ``watch`` what a hello says, ``seat`` the seat
    a replace names.
    """

    type: str
    move: str | None = None
    token: str | None = None
    watch: bool = False
    seat: int | None = None


def check_depth(text: str, limit: int) -> None:
    """Raise :class:`ValueError` when the JSON ``text`` nests deeper than ``limit`` levels.

    It is checked before parsing, so that no parser recurses that deep.
    """
    depth = 0
    in_string = False
    escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                raise ValueError(f"the JSON nests deeper than {limit} levels")
        elif char in "]}":
            depth -= 1


def read_client_message(text: str | bytes | None) -> ClientMessage:
    """Check one raw message from a client; raise :class:`ProtocolError` saying what is wrong.

    The message must be text of at most :data:`MAX_MESSAGE_CHARS` characters holding a JSON
    object with a known ``type``; a move carries its text in ``move`` (at most 200 characters).
    Whether the move can be read and is legal is checked by the table, against its state.
    """
    if text is None or isinstance(text, bytes):
        raise ProtocolError("malformed", "send JSON text messages, not binary ones")
    if len(text) > MAX_MESSAGE_CHARS:
        raise ProtocolError(
            "oversized", f"a message is at most {MAX_MESSAGE_CHARS} characters, not {len(text)}"
        )
    try:
        check_depth(text, MAX_DEPTH)
    except ValueError as exc:
        raise ProtocolError("malformed", str(exc)) from None
    try:
        data = json.loads(text)
    except ValueError:
        raise ProtocolError("malformed", "the message is not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("malformed", 'a message is a JSON object with a "type" text')
    kind = data["type"]
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            "unknown_type",
            f"unknown message type {kind[:40]!r}; the types are {', '.join(CLIENT_TYPES)}",
        )
    if kind == "move":
        move = data.get("move")
        if not isinstance(move, str) or not move.strip() or len(move) > 200:
            raise ProtocolError("malformed", 'a move message carries the move as text: "move"')
        return ClientMessage("move", move.strip())
    if kind == "hello":
        token, watch = data.get("token"), data.get("watch", False)
        if watch is True and token is None:
            return ClientMessage("hello", watch=True)
        if not isinstance(token, str) or watch is not False:
            raise ProtocolError(
                "malformed", 'a hello carries a seat\'s "token" as text, or "watch": true'
            )
        return ClientMessage("hello", token=token)
    if kind == "replace":
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise ProtocolError("malformed", 'a replace names a seat number: "seat"')
        return ClientMessage("replace", seat=seat)
    return ClientMessage(kind)


def move_kind(move: Move) -> str:
    """The kind of a move: one of :data:`MOVE_KINDS`, or its class's name in lower case.

    A move of another kind (a variant's own) is shown by the page from its text.
    """
    kinds: tuple[tuple[type, str], ...] = (
        (Play, "play"),
        (Draw, "draw"),
        (Choose, "choose"),
        (Declare, "declare"),
        (Bid, "bid"),
        (Pass, "pass"),
        (Sell, "sell"),
        (Keep, "keep"),
        (Discard, "discard"),
        (Double, "double"),
        (Redouble, "redouble"),
    )
    for cls, name in kinds:
        if isinstance(move, cls):
            return name
    return type(move).__name__.lower()


def _trump_label(trump: Suit | Rank | str) -> str:
    if isinstance(trump, Rank):
        return f"from the {trump.name.lower()}s"
    return _SUIT_WORDS[trump] if isinstance(trump, Suit) else trump


def move_entry(move: Move, rules: Rules) -> dict[str, Any]:
    """A legal move as the page shows it.

    It has its ``text`` (sent back to play it), ``kind`` and a ``label`` (a contract's title,
    a suit's symbol); a card play also carries its ``card``, a discard its ``cards``.
    """
    kind = move_kind(move)
    entry: dict[str, Any] = {"text": str(move), "kind": kind, "label": str(move)}
    if isinstance(move, Play):
        entry["card"] = str(move.card)
    elif isinstance(move, Discard):
        entry["cards"] = [str(c) for c in move.cards]
    elif isinstance(move, Choose):
        contract = rules.contracts.get(move.contract)
        entry["label"] = contract.title if contract is not None else move.contract
    elif isinstance(move, Declare):
        entry["label"] = _trump_label(move.trump)
    elif isinstance(move, Bid):
        entry["label"] = f"bid {move.amount}"
    return entry


def contract_label(rules: Rules, contract: str | None, trump: object = None) -> str:
    """A contract's title, with its trump when it has one (``""`` for no contract)."""
    if contract is None:
        return ""
    found = rules.contracts.get(contract)
    label = found.title if found is not None else contract
    if trump is not None:
        label += f" ({_trump_label(trump) if isinstance(trump, Suit) else trump})"
    return label


def _points(points: int) -> str:
    return "—" if points == 0 else f"{points:+d}"


def _sign(rules: Rules, result: DealResult) -> int:
    contract = rules.contracts.get(result.contract)
    if contract is not None and contract.sign:
        return int(contract.sign)
    total = sum(result.points)
    return (total > 0) - (total < 0)


def score_sheet(
    rules: Rules,
    results: Sequence[DealResult],
    winners: Sequence[int] = (),
    you: int | None = None,
    totals: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The score sheet laid out as the command line prints it, as rows of text cells.

    One row per deal (number, contract, each seat's points, a dash for nothing), a subtotal
    after each run of penalty or bonus deals (or, when they alternate, the subtotals of all
    penalties and all bonuses before the total), the total and the winners. Each row has a
    ``kind`` (``deal``, ``subtotal``, ``total``, ``winner``) and ``end`` (a rule below it).
    ``totals`` are the match totals when they are more than the deals' sum (a house rule's
    points at the end of the match).
    """
    n = rules.players
    columns = ["№", "contract"] + [f"seat {s} (you)" if s == you else f"seat {s}" for s in range(n)]
    rows: list[dict[str, Any]] = []
    signs = [_sign(rules, r) for r in results]
    runs = sum(1 for i, sign in enumerate(signs) if i == 0 or sign != signs[i - 1])
    names = {-1: "penalties", 1: "bonuses", 0: "other deals"}

    def sums(indices: Sequence[int]) -> list[int]:
        return [sum(results[i].points[seat] for i in indices) for seat in range(n)]

    def subtotal(label: str, points: Sequence[int], end: bool) -> None:
        cells = ["", f"subtotal of {label}", *(_points(p) for p in points)]
        rows.append({"kind": "subtotal", "cells": cells, "end": end})

    run: list[int] = []
    for i, result in enumerate(results):
        label = contract_label(rules, result.contract, result.trump)
        cells = [str(i + 1), label, *(_points(p) for p in result.points)]
        rows.append({"kind": "deal", "cells": cells, "end": False})
        run.append(i)
        if runs <= 2 and (i + 1 == len(results) or signs[i + 1] != signs[i]):
            subtotal(names[signs[i]], sums(run), end=True)
            run = []
    if runs > 2:
        rows[-1]["end"] = True
        for sign in (-1, 1, 0):
            chosen = [i for i, s in enumerate(signs) if s == sign]
            if chosen:
                subtotal(f"all {names[sign]}", sums(chosen), end=False)
        rows[-1]["end"] = True
    if totals is None:
        totals = sums(range(len(results)))
    rows.append({"kind": "total", "cells": ["", "total", *(f"{t:+d}" for t in totals)]})
    if winners:
        cells = ["", "winner", *("★ wins" if s in winners else "" for s in range(n))]
        rows.append({"kind": "winner", "cells": cells})
    return {"title": f"Score sheet — {rules.variant}", "columns": columns, "rows": rows}
