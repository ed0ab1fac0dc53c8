"""One table of the web server: the state, the seats, the deal log, and the moves it accepts.

The table alone holds the :class:`kinglib.State`. Every change is sent to each connected seat
as that seat's own message (:meth:`Table.message_for`), built from ``state.view(seat)``: a
seat never receives a card it may not see. Bots sit in seats of their own and move when it is
their turn, deciding from their view like any player.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

import attrs

import kinglib.bots
from kinglib import (
    Discard,
    IllegalMoveError,
    KinglibError,
    Move,
    NotationError,
    Rules,
    State,
    parse_move,
    to_json,
)
from kinglib.bots import Bot, HeuristicBot, RandomBot
from kinglib.web.protocol import ProtocolError, contract_label, move_entry, score_sheet

__all__ = ["HINTS", "Connection", "LogEntry", "Seat", "Table", "bot_kinds"]

#: The phases' one-line hints, shown above the moves.
HINTS: Mapping[str, str] = {
    "choose": "Choose the contract of this deal.",
    "declare": "Declare the trump (or, in bidding, the penalty suit).",
    "bid": "Make an offer, or pass.",
    "answer": "Sell your declaration to the best offer, or keep it.",
    "discard": "Pick the cards to lay away face down, then press Discard.",
    "play": "Play a highlighted card.",
}


def bot_kinds() -> dict[str, Callable[[int], Bot]]:
    """The bots a seat can be given, by name; each factory takes a seed.

    They are ``random``, ``heuristic``, and ``search`` when :mod:`kinglib.bots` has a
    ``SearchBot``.
    """
    kinds: dict[str, Callable[[int], Bot]] = {
        "random": lambda seed: RandomBot(seed=seed),
        "heuristic": lambda seed: HeuristicBot(),
    }
    search: Any = getattr(kinglib.bots, "SearchBot", None)
    if search is not None:
        kinds["search"] = lambda seed: search(seed=seed)
    return kinds


class Connection(Protocol):
    """A seat's open channel to its client."""

    async def send(self, message: dict[str, Any]) -> None:
        """Deliver one message (a JSON-ready dictionary)."""
        ...


@attrs.define
class Seat:
    """One seat: ``open`` (free to join), ``human`` (held by a token) or ``bot``."""

    kind: str
    name: str
    token: str | None = None
    bot: Bot | None = None
    connection: Connection | None = None

    def public(self) -> dict[str, Any]:
        """What every player may know of the seat."""
        return {"kind": self.kind, "name": self.name, "connected": self.connection is not None}


@attrs.frozen
class LogEntry:
    """A line of the deal log: a move (``seat`` and ``move``) or a line about the deal."""

    deal: int
    text: str
    seat: int | None = None
    move: Move | None = None

    def for_seat(self, seat: int) -> str:
        """The line as ``seat`` may read it: another seat's discard shows only its size."""
        if isinstance(self.move, Discard) and self.seat != seat:
            return f"seat {self.seat} lays {len(self.move.cards)} cards away"
        return self.text


def _move_text(seat: int, move: Move, rules: Rules) -> str:
    entry = move_entry(move, rules)
    kind = entry["kind"]
    if kind == "play":
        return f"seat {seat} plays {move}"
    if kind in ("choose", "declare"):
        return f"seat {seat} {kind}s {entry['label']}"
    if kind in ("pass", "sell", "keep"):
        return f"seat {seat} {kind}es" if kind == "pass" else f"seat {seat} {kind}s"
    if kind == "draw":
        return f"seat {seat} draws from the stock"
    return f"seat {seat} {move}"


class Table:
    """A match at one table, with its seats, its log and the connections of its players.

    Args:
        table_id: the table's id in links.
        rules: the rules of the match.
        seed: the seed the match is dealt from.
        seats: one :class:`Seat` per player.
        bot_delay: seconds a bot waits before moving, so people can follow the play.
        records: a folder where the record is saved when the match ends, or ``None``.

    """

    def __init__(
        self,
        table_id: str,
        rules: Rules,
        seed: int,
        seats: list[Seat],
        bot_delay: float = 0.0,
        records: Path | None = None,
    ) -> None:
        """Deal the match; nobody is connected yet."""
        self.id = table_id
        self.rules = rules
        self.state: State = rules.new_match(seed=seed)
        self.seats = seats
        self.bot_delay = bot_delay
        self.records = records
        self.saved: Path | None = None
        self.version = 0
        self.lock = asyncio.Lock()
        self.log: list[LogEntry] = [self._deal_line(self.state)]
        self._bots: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ seats

    def take_seat(self, seat: int, name: str) -> str:
        """Give an open seat to a person; return the secret token that holds it."""
        if not 0 <= seat < len(self.seats) or self.seats[seat].kind != "open":
            raise ProtocolError("bad_seat", f"seat {seat} of table {self.id} is not free")
        token = secrets.token_urlsafe(18)
        self.seats[seat] = Seat("human", name or f"player {seat}", token=token)
        return token

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds, or ``None``."""
        if not token:
            return None
        for number, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token, token):
                return number
        return None

    async def attach(self, seat: int, connection: Connection) -> None:
        """Connect a client to its seat (replacing an older connection) and send it the state."""
        async with self.lock:
            self.seats[seat].connection = connection
            await self._broadcast()

    async def detach(self, seat: int, connection: Connection) -> None:
        """Forget a connection that closed; the seat stays held by its token."""
        async with self.lock:
            if self.seats[seat].connection is connection:
                self.seats[seat].connection = None
                await self._broadcast()

    # ------------------------------------------------------------------ messages

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {
            "id": self.id,
            "variant": self.rules.variant,
            "title": self.rules.info.title,
            "players": self.rules.players,
            "options": {k: _plain(v) for k, v in self.rules.options.items()},
            "seats": [s.public() for s in self.seats],
            "open": [n for n, s in enumerate(self.seats) if s.kind == "open"],
            "deal": self.state.deal_number,
            "over": self.state.is_over,
        }

    def message_for(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` is shown now: its view, its moves, the log and the score sheet."""
        state = self.state
        view = state.view(seat)
        return {
            "type": "state",
            "version": self.version,
            "you": seat,
            "table": self.summary(),
            "view": view.to_dict(),
            "moves": [move_entry(m, self.rules) for m in view.legal_moves],
            "contract_title": contract_label(self.rules, state.contract, state.trump),
            "hint": HINTS.get(state.phase.value, "") if view.legal_moves else "",
            "log": [e.for_seat(seat) for e in self.log if e.deal >= state.deal_number - 1],
            "sheet": score_sheet(
                self.rules, state.results, state.winners, you=seat, totals=state.totals
            ),
            "over": state.is_over,
            "winners": list(state.winners),
        }

    async def _broadcast(self) -> None:
        for number, seat in enumerate(self.seats):
            connection = seat.connection
            if connection is None:
                continue
            try:
                await connection.send(self.message_for(number))
            except Exception:  # a client that vanished: its seat waits for it
                seat.connection = None

    # ------------------------------------------------------------------ moves

    async def submit(self, seat: int, text: str) -> None:
        """Play ``seat``'s move given as text.

        Raises :class:`ProtocolError` and changes nothing when it is not that seat's turn,
        cannot be read, or is not legal.
        """
        async with self.lock:
            state = self.state
            if state.is_over:
                raise ProtocolError("over", "the match is over")
            if state.to_move != seat:
                raise ProtocolError(
                    "not_your_turn", f"seat {state.to_move} is to move, not seat {seat}"
                )
            try:
                move = parse_move(text, state)
            except (NotationError, ValueError) as exc:
                raise ProtocolError("bad_move", str(exc)) from None
            try:
                after = state.apply(move)
            except (IllegalMoveError, KinglibError, ValueError) as exc:
                raise ProtocolError("illegal", str(exc)) from None
            self._advance(seat, move, after)
            await self._broadcast()
        self.start_bots()

    def _deal_line(self, state: State) -> LogEntry:
        return LogEntry(state.deal_number, f"deal {state.deal_number}: dealer seat {state.dealer}")

    def _advance(self, seat: int, move: Move, after: State) -> None:
        before = self.state
        self.state = after
        self.version += 1
        self.log.append(
            LogEntry(before.deal_number, _move_text(seat, move, self.rules), seat, move)
        )
        if (
            after.contract != before.contract
            and after.contract is not None
            and not (len(after.results) > len(before.results))
        ):
            label = contract_label(self.rules, after.contract, after.trump)
            self.log.append(LogEntry(after.deal_number, f"contract: {label}"))
        for number in range(len(before.results), len(after.results)):
            result = after.results[number]
            points = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(result.points))
            label = contract_label(self.rules, result.contract, result.trump)
            self.log.append(
                LogEntry(before.deal_number, f"deal {number + 1} over ({label}): {points}")
            )
        if after.deal_number != before.deal_number and not after.is_over:
            self.log.append(self._deal_line(after))
        if after.is_over:
            winners = ", ".join(f"seat {s}" for s in after.winners)
            self.log.append(LogEntry(after.deal_number, f"match over: {winners} won"))
            self._save()
        if len(self.log) > 4000:  # a very long match: the old deals' lines go
            self.log = [e for e in self.log if e.deal >= after.deal_number - 1]

    def _save(self) -> None:
        if self.records is None:
            return
        self.records.mkdir(parents=True, exist_ok=True)
        path = self.records / f"{self.rules.variant}-{self.id}.json"
        path.write_text(to_json(self.state, indent=1) + "\n", encoding="utf-8")
        self.saved = path

    def record(self) -> str:
        """The record of the match (:func:`kinglib.to_json`), read by ``kinglib replay``."""
        return to_json(self.state, indent=1)

    # ------------------------------------------------------------------ bots

    def start_bots(self) -> None:
        """Let the bots move while it is a bot's turn (in the background)."""
        if self._bots is None or self._bots.done():
            self._bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while True:
            async with self.lock:
                seat = self.state.to_move
                if seat is None or self.seats[seat].bot is None:
                    return
                bot = self.seats[seat].bot
                assert bot is not None
                version = self.version
                view = self.state.view(seat)
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            try:
                if isinstance(bot, (RandomBot, HeuristicBot)):
                    move = bot.choose_move(view)
                else:  # a bot that thinks longer must not hold up the other tables
                    move = await asyncio.to_thread(bot.choose_move, view)
            except Exception:  # a broken bot must not stall the table: it plays its first move
                move = view.legal_moves[0]
            async with self.lock:
                if self.version != version:
                    continue
                try:
                    after = self.state.apply(move)
                except KinglibError:
                    move = view.legal_moves[0]
                    after = self.state.apply(move)
                self._advance(seat, move, after)
                await self._broadcast()


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
