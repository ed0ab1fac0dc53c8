"""The example game server survives anything a client sends, fuzzed through its own loop.

A hostile client answers each ``your_move`` with text drawn by hypothesis (junk, huge text,
long numbers, control characters, moves of other phases, objects that are not text) before,
some of the time, a legal move. The server must refuse each bad line with a ``refused``
message, keep the state unchanged, and end with a record that replays.
"""

from __future__ import annotations

import importlib.util
import io
import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import kinglib
from tests.support.fuzz import notation_text

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "game_server.py"


def _load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("game_server_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SERVER = _load_example()

hostile_lines: st.SearchStrategy[Any] = (
    notation_text
    | st.sampled_from(
        [
            "bid " + "9" * 4301,
            "9" * 100_000,
            "discard " + "AS " * 1000,
            "\ud800",
            "\x85 QS \u2028\u2029",
            "",
            " \x00 ",
            "declare " + "H" * 5000,
            "choose " + "x" * 999,
        ]
    )
    | st.sampled_from([7, b"QS", ["QS"], 10**5000, object()]).map(lambda v: _NotText(v))
)


class _NotText:
    """A value a broken connection might hand over instead of text."""

    def __init__(self, value: Any) -> None:
        self.value = value


class HostileClient:
    """Sends the drawn lines first (each answered by a refusal or taken as a move), then legal
    moves, the way a real client would after being refused."""

    def __init__(self, lines: list[Any], seed: int) -> None:
        self.lines = list(lines)
        self.rng = random.Random(seed)
        self.last: dict[str, Any] = {}
        self.refusals: list[dict[str, Any]] = []

    def send(self, line: str) -> None:
        message = json.loads(line)
        if message["type"] == "your_move":
            self.last = message["view"]
        elif message["type"] == "refused":
            self.refusals.append(message)

    def receive(self) -> Any:
        if self.lines:
            line = self.lines.pop(0)
            return line.value if isinstance(line, _NotText) else line
        return str(self.rng.choice(self.last["legal_moves"]))


@settings(max_examples=25)
@given(
    variant=st.sampled_from(["simple", "bidding", "atomic", "domino"]),
    lines=st.lists(hostile_lines, max_size=12),
    seat=st.integers(0, 2),
    seed=st.integers(0, 50),
)
def test_the_server_refuses_every_bad_line_and_goes_on(
    variant: str, lines: list[Any], seat: int, seed: int
) -> None:
    rules = kinglib.load_rules(variant)
    hostile = HostileClient(lines, seed)
    seats = [hostile if s == seat else SERVER.RandomClient(seed=s) for s in range(rules.players)]
    out = io.StringIO()
    server = SERVER.Server(rules, seats, seed, out)
    state = server.run(deals=1)
    # The hostile seat was asked until it sent a legal move: the deal was played to its end.
    assert len(state.results) == 1 or state.is_over
    transcript = [json.loads(line) for line in out.getvalue().splitlines()]
    refused = [m for m in transcript if m.get("type") == "refused"]
    assert len(refused) == server.refused == len(hostile.refusals)
    # Each refusal names the problem and echoes at most ECHOED characters of the line.
    for message in refused:
        assert message["seat"] == seat and message["error"]
        assert len(message["text"]) <= SERVER.ECHOED
    # Every refused line was one of the hostile ones; what was accepted was a legal move.
    assert server.refused <= len(lines)
    assert kinglib.from_json(kinglib.to_json(state)) == state


def test_a_seat_refused_too_often_has_gone() -> None:
    rules = kinglib.load_rules("simple")
    first = rules.new_match(seed=1)
    seat = first.to_move
    assert seat is not None
    hostile = HostileClient(["nonsense"] * (SERVER.MAX_REFUSALS + 5), 0)
    seats = [hostile if s == seat else SERVER.RandomClient(seed=s) for s in range(rules.players)]
    server = SERVER.Server(rules, seats, 1, io.StringIO())
    state = server.run()
    assert server.refused == SERVER.MAX_REFUSALS
    assert state == first
