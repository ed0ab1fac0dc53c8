"""One table of the web server: the state, the seats, the deal log, and the moves it accepts.

The table alone holds the :class:`kinglib.State`. Every change is sent to each connected seat
as that seat's own message (:meth:`Table.message_for`), built from ``state.view(seat)``: a
seat never receives a card it may not see; a spectator receives :func:`public_view`. Bots sit
in seats of their own and move when it is their turn, deciding from their view like any
player. After every change the table saves itself to its :class:`~kinglib.web.Storage`.

Nothing here waits on a client: messages are pushed to each connection's own queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from kinglib import (
    Discard,
    IllegalMoveError,
    KinglibError,
    Move,
    NotationError,
    Rules,
    State,
    from_json,
    parse_move,
    to_json,
)
from kinglib.players.bots import HeuristicBot, RandomBot
from kinglib.web.catalogue import plain
from kinglib.web.protocol import ProtocolError, contract_label, move_entry, score_sheet
from kinglib.web.seats import (
    STAND_IN,
    Connection,
    Seat,
    bot_kinds,
    hash_secret,
    new_secret,
    secret_matches,
)
from kinglib.web.showing import finished_deal, move_text, public_view
from kinglib.web.storage import MemoryStorage, Storage, StoredTable

__all__ = ["HINTS", "LogEntry", "Table", "bot_kinds"]

log = logging.getLogger("kinglib.web")

#: The phases' one-line hints, shown above the moves.
HINTS: Mapping[str, str] = {
    "choose": "Choose the contract of this deal.",
    "declare": "Declare the trump (or, in bidding, the penalty suit).",
    "bid": "Make an offer, or pass.",
    "answer": "Sell your declaration to the best offer, or keep it.",
    "discard": "Pick the cards to lay away face down, then press Discard.",
    "double": "Double other players (or redouble those who doubled you), or pass.",
    "play": "Play a highlighted card.",
}
#: The lines of the log kept for a very long match (older deals' lines go first).
MAX_LOG = 4000


@attrs.frozen
class LogEntry:
    """A line of the deal log: a move (``seat`` and ``move``) or a line about the deal."""

    deal: int
    text: str
    seat: int | None = None
    move: Move | None = None

    def for_seat(self, seat: int | None) -> str:
        """The line as ``seat`` may read it: another seat's discard shows only its size."""
        if isinstance(self.move, Discard) and self.seat != seat:
            return f"seat {self.seat} lays {len(self.move.cards)} cards away"
        return self.text


class Table:
    """A match at one table, with its seats, its log and the connections of its players.

    Args:
        table_id: the table's id in links.
        rules: the rules of the match.
        seed: the seed the match is dealt from (the server draws it: it decides every hand).
        seats: one :class:`~kinglib.web.seats.Seat` per player.
        bot_delay: seconds a bot waits before moving, so people can follow the play (three
            times as long after a trick is taken, so the trick can be seen).
        records: a folder where the record is saved when the match ends, or ``None``.
        storage: where the table saves itself after every change.
        absent_seconds: how long a person must be gone before the others may give the seat
            to a bot.
        spectators: the most view-only connections.
        invite_hash: the hash of the invitation's secret that invited seats need.
        creator: the client that made the table.

    """

    def __init__(
        self,
        table_id: str,
        rules: Rules,
        seed: int,
        seats: list[Seat],
        bot_delay: float = 0.0,
        records: Path | None = None,
        storage: Storage | None = None,
        absent_seconds: float = 60.0,
        spectators: int = 50,
        invite_hash: str | None = None,
        creator: str = "",
        state: State | None = None,
    ) -> None:
        """Deal the match (or take up ``state``); nobody is connected yet."""
        self.id = table_id
        self.rules = rules
        self.seed = seed
        self.state: State = rules.new_match(seed=seed) if state is None else state
        self.seats = seats
        self.bot_delay = bot_delay
        self.records = records
        self.storage: Storage = storage if storage is not None else MemoryStorage()
        self.absent_seconds = absent_seconds
        self.max_spectators = spectators
        self.invite_hash = invite_hash
        self.creator = creator
        self.created = time.time()
        self.saved: Path | None = None
        self.version = 0
        self.touched = time.monotonic()
        self.spectators: list[Connection] = []
        self.log: list[LogEntry] = [self._deal_line(self.state)]
        self.last_deal: dict[str, Any] | None = None
        self.paused = False
        self.continued: set[int] = set()
        self.closed = False
        self._bots: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ seats

    def take_seat(self, seat: int, name: str, invite: object = None) -> str:
        """Give an open seat to a person; return the secret token that holds it.

        An invited seat needs the invitation's secret. Raises :class:`ProtocolError`
        (``bad_seat``) when the seat is not free or the secret is wrong.
        """
        if isinstance(seat, bool) or not 0 <= seat < len(self.seats):
            raise ProtocolError("bad_seat", f"table {self.id} has no seat {seat}")
        place = self.seats[seat]
        if place.kind != "open":
            raise ProtocolError("bad_seat", f"seat {seat} of table {self.id} is not free")
        if place.invited and not secret_matches(invite, self.invite_hash):
            raise ProtocolError(
                "bad_seat", f"seat {seat} is kept for the invited: open the invitation link"
            )
        token = new_secret()
        self.seats[seat] = Seat("human", name or f"player {seat}", token_hash=hash_secret(token))
        self.changed()
        return token

    def seat_of(self, token: object) -> int | None:
        """The seat a token holds, or ``None`` (for any text, or anything else)."""
        found = None
        for number, seat in enumerate(self.seats):
            if secret_matches(token, seat.token_hash):
                found = number
        return found

    def who(self, seat: int) -> str:
        """A seat as the log names it: ``seat 1 (Ann)``."""
        return f"seat {seat} ({self.seats[seat].name})"

    def attach(self, seat: int | None, connection: Connection) -> None:
        """Connect a client to its seat, or as a spectator (``None``), and send it the state.

        A seat opened in another window is taken over (the older window is told and closed);
        a person coming back takes the seat back from the bot playing for them. Raises
        :class:`ProtocolError` (``busy``) when the table has its most spectators.
        """
        if seat is None:
            if len(self.spectators) >= self.max_spectators:
                raise ProtocolError("busy", f"table {self.id} has its most spectators")
            self.spectators.append(connection)
            connection.push(self._spectator_text())
            return
        place = self.seats[seat]
        old = place.connection
        place.connection = connection
        if old is not None and old is not connection:
            error = ProtocolError("bad_seat", "this seat was opened in another window")
            old.push(json.dumps(error.to_message()))
            old.close_soon(4409, "replaced")
        if place.stand_in:
            place.bot = None
            place.bot_kind = None
            self.log.append(LogEntry(self.state.deal_number, f"{self.who(seat)} is back"))
            self.version += 1
            self.changed()
        self.broadcast()

    def detach(self, seat: int | None, connection: Connection) -> None:
        """Forget a connection that closed; the seat stays held by its token."""
        if seat is None:
            if connection in self.spectators:
                self.spectators.remove(connection)
            return
        place = self.seats[seat]
        if place.connection is connection:
            place.connection = None
            place.left_at = time.monotonic()
            self.touched = time.monotonic()
            self._end_pause_if_done()
            self.broadcast()

    def replace(self, by: int, seat: int) -> None:
        """Give ``seat`` to a bot at the request of the person at ``by``.

        A person's seat must have been left empty for the absent time (the bot plays for
        them until they come back); an open seat must have stayed empty as long (it becomes
        a bot's). Raises :class:`ProtocolError` (``refused``) saying why not.
        """
        if isinstance(seat, bool) or not 0 <= seat < len(self.seats) or seat == by:
            raise ProtocolError("refused", f"seat {seat} is not another seat of this table")
        if self.state.is_over:
            raise ProtocolError("over", "the match is over")
        place = self.seats[seat]
        away = time.monotonic() - place.left_at
        if place.kind == "bot" or place.stand_in:
            raise ProtocolError("refused", f"a bot already plays seat {seat}")
        if place.connection is not None:
            raise ProtocolError("refused", f"seat {seat} is here")
        if away < self.absent_seconds:
            wait = int(self.absent_seconds - away) + 1
            raise ProtocolError(
                "refused", f"seat {seat} may be given to a bot in {wait} s, if still empty"
            )
        if place.kind == "open":
            self.seats[seat] = Seat.of_bot(STAND_IN)
            line = f"seat {seat} is given to a bot"
        else:
            stand = Seat.of_bot(STAND_IN)
            place.bot, place.bot_kind, place.bot_seed = stand.bot, stand.bot_kind, stand.bot_seed
            line = f"a bot plays for {self.who(seat)} until they come back"
        self.log.append(LogEntry(self.state.deal_number, line))
        self.version += 1
        self.continued.add(seat)
        self._end_pause_if_done()
        self.changed()
        self.broadcast()
        self.start_bots()

    # ------------------------------------------------------------------ messages

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        now = time.monotonic()
        return {
            "id": self.id,
            "variant": self.rules.variant,
            "title": self.rules.info.display_title,
            "players": self.rules.players,
            "options": {k: plain(v) for k, v in self.rules.options.items()},
            "seats": [s.public(now) for s in self.seats],
            "open": [n for n, s in enumerate(self.seats) if s.kind == "open" and not s.invited],
            "invited": [n for n, s in enumerate(self.seats) if s.kind == "open" and s.invited],
            "deal": self.state.deal_number,
            "over": self.state.is_over,
            "spectators": len(self.spectators),
        }

    def _common(self, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
        state = self.state
        taken = list(state.tricks_taken) if not state.is_over else [0] * self.rules.players
        return {
            "type": "state",
            "version": self.version,
            "you": seat,
            "table": self.summary(),
            "view": view,
            "contract_title": contract_label(self.rules, state.contract, state.trump),
            "log": [e.for_seat(seat) for e in self.log if e.deal >= state.deal_number - 1],
            "sheet": score_sheet(
                self.rules, state.results, state.winners, you=seat, totals=state.totals
            ),
            "tricks_taken": taken,
            "last_deal": self.last_deal,
            "pause": self._pause_info(),
            "absent_seconds": self.absent_seconds,
            "over": state.is_over,
            "winners": list(state.winners),
        }

    def _pause_info(self) -> dict[str, Any] | None:
        if not self.paused:
            return None
        return {"waiting": self._waiting(), "continued": sorted(self.continued)}

    def message_for(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` is shown now: its view, its moves, the log and the score sheet."""
        state = self.state
        view = state.view(seat)
        moves = [] if self.paused else [move_entry(m, self.rules) for m in view.legal_moves]
        message = self._common(view.to_dict(), seat)
        if self.paused:
            message["view"]["legal_moves"] = []
        message["moves"] = moves
        message["hint"] = HINTS.get(state.phase.value, "") if moves else ""
        return message

    def spectator_message(self) -> dict[str, Any]:
        """What a spectator is shown: what every seat sees, and no hand."""
        message = self._common(public_view(self.state), None)
        message["moves"] = []
        message["hint"] = ""
        return message

    def _spectator_text(self) -> str:
        return json.dumps(self.spectator_message(), ensure_ascii=False)

    def broadcast(self) -> None:
        """Send every connected seat and spectator the table as it is now."""
        for number, seat in enumerate(self.seats):
            if seat.connection is not None:
                seat.connection.push(json.dumps(self.message_for(number), ensure_ascii=False))
        if self.spectators:
            text = self._spectator_text()
            for connection in list(self.spectators):
                connection.push(text)

    # ------------------------------------------------------------------ moves

    def submit(self, seat: int, text: str) -> None:
        """Play ``seat``'s move given as text.

        Raises :class:`ProtocolError` and changes nothing when it is not that seat's turn,
        cannot be read, is not legal, or the table waits at the end of a deal.
        """
        state = self.state
        if state.is_over:
            raise ProtocolError("over", "the match is over")
        if self.paused:
            waiting = ", ".join(f"seat {s}" for s in self._waiting()) or "everybody"
            raise ProtocolError(
                "paused", f"deal {state.deal_number - 1} is over: waiting for {waiting} to go on"
            )
        if state.to_move != seat:
            raise ProtocolError(
                "not_your_turn", f"seat {state.to_move} is to move, not seat {seat}"
            )
        if self.seats[seat].plays_itself:
            raise ProtocolError("not_your_turn", f"a bot plays seat {seat} now")
        try:
            move = parse_move(text, state)
        except (NotationError, ValueError) as exc:
            raise ProtocolError("bad_move", str(exc)) from None
        try:
            after = state.apply(move)
        except (IllegalMoveError, KinglibError, ValueError) as exc:
            raise ProtocolError("illegal", str(exc)) from None
        self._advance(seat, move, after)
        self.touched = time.monotonic()
        self.changed()
        self.broadcast()
        self.start_bots()

    def go_on(self, seat: int) -> None:
        """``seat`` has seen the end of the deal; the next deal starts once everybody has."""
        if not self.paused:
            raise ProtocolError("refused", "the table is not waiting at the end of a deal")
        self.continued.add(seat)
        self._end_pause_if_done()
        self.changed()
        self.broadcast()
        self.start_bots()

    def _waiting(self) -> list[int]:
        """The people the end-of-deal pause waits for (those here who have not gone on)."""
        return [
            number
            for number, seat in enumerate(self.seats)
            if seat.kind == "human"
            and not seat.stand_in
            and seat.connection is not None
            and number not in self.continued
        ]

    def _end_pause_if_done(self) -> None:
        if self.paused and self.continued and not self._waiting():
            self.paused = False
            self.continued = set()
            self.version += 1

    def _deal_line(self, state: State) -> LogEntry:
        return LogEntry(state.deal_number, f"deal {state.deal_number}: dealer seat {state.dealer}")

    def _advance(self, seat: int, move: Move, after: State) -> None:
        before = self.state
        self.state = after
        self.version += 1
        rules = self.rules
        line = move_text(self.who(seat), move, rules)
        self.log.append(LogEntry(before.deal_number, line, seat, move))
        ended = len(after.results) > len(before.results)
        same_deal = after.deal_number == before.deal_number and not ended
        if same_deal and len(after.tricks) > len(before.tricks):
            winner = after.tricks[-1].winner
            self.log.append(LogEntry(before.deal_number, f"{self.who(winner)} takes the trick"))
        if after.contract != before.contract and after.contract is not None and same_deal:
            label = contract_label(rules, after.contract, after.trump)
            self.log.append(LogEntry(after.deal_number, f"contract: {label}"))
        if ended:
            deal = finished_deal(rules, before, move, after)
            self.last_deal = deal
            trick = deal["last_trick"]
            if trick is not None:
                who = self.who(trick["winner"])
                self.log.append(LogEntry(before.deal_number, f"{who} takes the last trick"))
        for number in range(len(before.results), len(after.results)):
            result = after.results[number]
            points = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(result.points))
            label = contract_label(rules, result.contract, result.trump)
            self.log.append(
                LogEntry(before.deal_number, f"deal {number + 1} over ({label}): {points}")
            )
        people = any(s.kind == "human" and not s.stand_in for s in self.seats)
        if ended and not after.is_over and people:
            self.paused = True
            self.continued = set()
        if after.deal_number != before.deal_number and not after.is_over:
            self.log.append(self._deal_line(after))
        if after.is_over:
            winners = ", ".join(self.who(s) for s in after.winners)
            self.log.append(LogEntry(after.deal_number, f"match over: {winners} won"))
            self._save_record()
        if len(self.log) > MAX_LOG:  # a very long match: the old deals' lines go
            self.log = [e for e in self.log if e.deal >= after.deal_number - 1]

    # ------------------------------------------------------------------ records

    def _save_record(self) -> None:
        if self.records is None:
            return
        path = self.records / f"{self.rules.variant}-{self.id}.json"
        try:
            self.records.mkdir(parents=True, exist_ok=True)
            path.write_text(to_json(self.state, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:  # the match goes on and stays in the store
            log.error("table %s: cannot save the record to %s: %s", self.id, path, exc)
            return
        self.saved = path

    def record(self) -> str:
        """The record of the match (:func:`kinglib.to_json`), read by ``kinglib replay``."""
        return to_json(self.state, indent=1)

    def stored(self, status: str | None = None) -> StoredTable:
        """The table as the store keeps it."""
        if status is None:
            status = "over" if self.state.is_over else "live"
        settings = {
            "invite_hash": self.invite_hash,
            "creator": self.creator,
            "created": self.created,
            "paused": self.paused,
            "continued": sorted(self.continued),
        }
        return StoredTable(
            id=self.id,
            status=status,
            record=to_json(self.state),
            seats=tuple(s.stored() for s in self.seats),
            settings=settings,
            updated=time.time(),
        )

    def changed(self) -> None:
        """Save the table to its store (a failing store is logged; the table goes on)."""
        if self.closed:
            return
        try:
            self.storage.save(self.stored())
        except Exception as exc:
            log.error("table %s: cannot be stored: %s", self.id, exc)

    @classmethod
    def restore(
        cls,
        stored: StoredTable,
        bot_delay: float = 0.0,
        records: Path | None = None,
        storage: Storage | None = None,
        absent_seconds: float = 60.0,
        spectators: int = 50,
    ) -> Table:
        """A table taken up from the store, nobody connected.

        Its match is replayed move by move (which rebuilds the log) and its seats are held by
        the same tokens.

        Raises :class:`kinglib.RecordError` for a record that does not replay.
        """
        data = json.loads(stored.record)
        moves: list[str] = data.get("moves", [])
        start = from_json(json.dumps({**data, "moves": []}))
        table = cls(
            stored.id,
            start.rules,
            int(data.get("seed", 0)),
            [Seat.restore(s) for s in stored.seats],
            bot_delay=bot_delay,
            records=records,
            storage=storage,
            absent_seconds=absent_seconds,
            spectators=spectators,
            invite_hash=stored.settings.get("invite_hash"),
            creator=str(stored.settings.get("creator", "")),
            state=start,
        )
        table.created = float(stored.settings.get("created", time.time()))
        for text in moves:
            state = table.state
            seat = state.to_move
            assert seat is not None
            move = parse_move(text, state)
            table._advance(seat, move, state.apply(move))
        table.paused = bool(stored.settings.get("paused", False)) and not table.state.is_over
        table.continued = set(stored.settings.get("continued", ())) if table.paused else set()
        return table

    # ------------------------------------------------------------------ bots

    def start_bots(self) -> None:
        """Let the bots move while it is a bot's turn (in the background)."""
        if self.closed:
            return
        if self._bots is None or self._bots.done():
            self._bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def close(self) -> None:
        """Stop the table's bots and say goodbye to its connections (the table is dropped)."""
        self.closed = True
        task = self._bots
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        for seat in self.seats:
            if seat.connection is not None:
                seat.connection.close_soon(4403, "the table is closed")
        for connection in self.spectators:
            connection.close_soon(4403, "the table is closed")

    def _bot_wait(self) -> float:
        state = self.state
        if not state.trick and state.tricks:  # a trick was just taken: let it be seen
            return 3 * self.bot_delay
        return self.bot_delay

    async def _run_bots(self) -> None:
        while not self.closed:
            seat = self.state.to_move
            if seat is None or self.paused or not self.seats[seat].plays_itself:
                return
            bot = self.seats[seat].bot
            assert bot is not None
            version = self.version
            view = self.state.view(seat)
            wait = self._bot_wait()
            if wait:
                await asyncio.sleep(wait)
            else:
                await asyncio.sleep(0)  # let the other tables and the clients in
            try:
                if isinstance(bot, (RandomBot, HeuristicBot)):
                    move = bot.choose_move(view)
                else:  # a bot that thinks longer must not hold up the other tables
                    move = await asyncio.to_thread(bot.choose_move, view)
            except Exception:  # a broken bot must not stall the table: it plays its first move
                move = view.legal_moves[0]
            if self.closed or self.version != version or self.paused:
                continue
            try:
                after = self.state.apply(move)
            except KinglibError:
                move = view.legal_moves[0]
                after = self.state.apply(move)
            self._advance(seat, move, after)
            self.changed()
            self.broadcast()
