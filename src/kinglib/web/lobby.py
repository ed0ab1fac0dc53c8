"""The lobby: the tables in memory, what can be played, and the requests that make them.

Tables live in this process only: a restart loses every table, its seats and tokens
(records already saved to the records folder stay).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kinglib import (
    KinglibError,
    house_rules_names,
    load_rules,
    variant_names,
)
from kinglib.web.protocol import ProtocolError
from kinglib.web.table import Seat, Table, bot_kinds

__all__ = ["Lobby", "RequestError"]

#: The most tables kept at once; finished tables go first when a new one needs room.
MAX_TABLES = 500


class RequestError(ValueError):
    """A request to create or join a table that cannot be granted (a 400 answer)."""


def _option_info(option: Any) -> dict[str, Any]:
    default = option.default
    if isinstance(default, (tuple, list)):
        default = ",".join(str(v) for v in default)
    kind = getattr(option.kind, "__name__", None)
    choices = list(option.choices) if option.choices is not None else None
    return {
        "name": option.name,
        "default": default,
        "kind": kind,
        "choices": choices,
        "doc": option.doc,
    }


def variants_info() -> list[dict[str, Any]]:
    """Every installed variant that loads, with its player counts and options."""
    out = []
    for name in variant_names():
        try:
            rules = load_rules(name)
        except Exception:  # a broken plugin hides only itself
            continue
        info = rules.info
        out.append(
            {
                "name": name,
                "title": info.title,
                "players": list(info.players),
                "default_players": info.default_players,
                "options": [_option_info(o) for o in rules.option_specs.values()],
            }
        )
    return out


class Lobby:
    """The tables of one server.

    Args:
        bot_delay: seconds a bot waits before each move.
        records: a folder where finished matches are saved, or ``None``.
        max_tables: the most tables kept in memory.
        message_rate: messages a second each connection may send (with bursts of three
            seconds' worth); more are refused as flooding.

    """

    def __init__(
        self,
        bot_delay: float = 0.5,
        records: Path | None = None,
        max_tables: int = MAX_TABLES,
        message_rate: float = 10.0,
    ) -> None:
        """An empty lobby."""
        self.bot_delay = bot_delay
        self.message_rate = message_rate
        self.records = records
        self.max_tables = max_tables
        self.tables: dict[str, Table] = {}

    def catalogue(self) -> dict[str, Any]:
        """What a table can be made of: variants, house rules and bots."""
        return {
            "variants": variants_info(),
            "house_rules": list(house_rules_names()),
            "bots": list(bot_kinds()),
        }

    def listing(self) -> list[dict[str, Any]]:
        """The tables, open ones first."""
        tables = [t.summary() for t in self.tables.values()]
        return sorted(tables, key=lambda t: (t["over"], not t["open"]))

    def table(self, table_id: str) -> Table:
        """The table with that id; raise :class:`ProtocolError` (``bad_seat``) if none."""
        found = self.tables.get(table_id)
        if found is None:
            raise ProtocolError("bad_seat", f"no table {table_id[:40]!r}")
        return found

    def create(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Make a table from a request; return its id (and the creator's seat and token).

        The request holds ``variant``, ``players`` (optional), ``options`` (name to value,
        as text or JSON values), ``plugins`` (installed house rules), ``seats`` (per seat
        ``"you"`` for the creator, at most one, ``"open"``, or a bot name), ``name`` (the
        creator's) and ``seed`` (optional). Raises :class:`RequestError` saying what is wrong.
        """
        variant = request.get("variant")
        players = request.get("players")
        options = request.get("options") or {}
        plugins = request.get("plugins") or []
        seed = request.get("seed")
        if not isinstance(variant, str):
            raise RequestError("choose a variant")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise RequestError("players is a whole number")
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise RequestError("options are a JSON object of name to value")
        if not isinstance(plugins, list) or not all(isinstance(p, str) for p in plugins):
            raise RequestError("plugins are a list of installed house rules")
        unknown = sorted(set(plugins) - set(house_rules_names()))
        if unknown:
            raise RequestError(f"no installed house rules named {', '.join(unknown)}")
        if seed is None:
            seed = secrets.randbelow(2**31)
        elif isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise RequestError("seed is a whole number of 0 or more")
        values = {k: v for k, v in options.items() if v is not None and v != ""}
        try:
            rules = load_rules(variant, players=players, plugins=plugins, **values)
        except (KinglibError, ValueError, TypeError) as exc:
            raise RequestError(str(exc)) from None
        seats, creator = self._seats(request, rules.players, seed)
        self._make_room()
        table_id = secrets.token_urlsafe(6)
        table = Table(table_id, rules, seed, seats, self.bot_delay, self.records)
        self.tables[table_id] = table
        answer: dict[str, Any] = {"table": table_id, "url": f"/table/{table_id}"}
        if creator is not None:
            name = request.get("name")
            answer["seat"] = creator
            answer["token"] = table.take_seat(creator, name if isinstance(name, str) else "")
        return answer

    def _seats(
        self, request: Mapping[str, Any], players: int, seed: int
    ) -> tuple[list[Seat], int | None]:
        kinds = request.get("seats")
        if kinds is None:
            kinds = ["you"] + ["heuristic"] * (players - 1)
        if not isinstance(kinds, list) or len(kinds) != players:
            raise RequestError(f"give one entry per seat in seats: {players} of them")
        bots = bot_kinds()
        seats: list[Seat] = []
        creator: int | None = None
        for number, kind in enumerate(kinds):
            if kind == "you":
                if creator is not None:
                    raise RequestError('only one seat can be "you"')
                creator = number
                seats.append(Seat("open", f"seat {number}"))
            elif kind == "open":
                seats.append(Seat("open", f"seat {number}"))
            elif isinstance(kind, str) and kind in bots:
                seats.append(Seat("bot", f"{kind} bot", bot=bots[kind](seed + number)))
            else:
                raise RequestError(
                    f"seat {number}: {str(kind)[:40]!r} is not you, open or a bot "
                    f"({', '.join(bots)})"
                )
        return seats, creator

    def _make_room(self) -> None:
        while len(self.tables) >= self.max_tables:
            finished = [k for k, t in self.tables.items() if t.state.is_over]
            victim = finished[0] if finished else next(iter(self.tables))
            del self.tables[victim]

    def join(self, table_id: str, seat: Any, name: Any) -> dict[str, Any]:
        """Take a free seat of a table; return the seat and its token."""
        table = self.table(table_id)
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise RequestError("seat is a seat number")
        token = table.take_seat(seat, name if isinstance(name, str) else "")
        return {"table": table_id, "seat": seat, "token": token, "url": f"/table/{table_id}"}
