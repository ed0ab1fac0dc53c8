"""A small game server on kinglib: full state on the server, views to the seats, moves as text.

The server keeps the whole :class:`kinglib.State`. Each seat is a connection that speaks JSON
lines: the server sends a seat only what that seat may know, and the seat answers with one
line of text holding a move (``QS``, ``pass``, ``bid 2``, ``declare H``...). Messages from the
server, one JSON object a line:

* ``{"type": "your_move", "seat": 1, "view": {...}}``: the seat's view
  (:meth:`kinglib.engine.view.View.to_dict`), with its legal moves;
* ``{"type": "refused", "seat": 1, "text": "ZZ", "error": "..."}``: the move could not be
  read or is not legal; the state is unchanged and a new ``your_move`` follows (a seat refused
  :data:`MAX_REFUSALS` times in a row has gone, like a seat whose connection closed);
* ``{"type": "deal_over", "seat": 1, "deal": 3, "contract": "no_girls", "points": [...]}``:
  sent to every seat after each deal;
* ``{"type": "match_over", "seat": 1, "totals": [...], "winners": [...]}``.

Every line the server sends or receives is also written to stdout, so stdout is a transcript:
the lines sent carry ``"to"`` (the seat), the lines received ``{"from": seat, "text": ...}``
(text longer than :data:`ECHOED` characters is shortened in the transcript and the refusals).
Whatever a seat sends, the server refuses it and goes on: kinglib reads any text (too long, a
number of too many digits, control characters...) into a move or raises one of its own errors.
At the end the server saves the game record (:func:`kinglib.to_json`), loads it back with
:func:`kinglib.from_json`, which replays and checks every move, and prints a last line
``{"type": "saved", "path": ..., "moves": ..., "replayed": true}``.

The seats are bots that speak the same protocol and see nothing but its JSON (a random player,
and a clumsy one that first sends text that is no move and then a card it does not hold, to
show the refusals), or a person at stdin::

    python examples/game_server.py                          # four JSON-line bots, simple
    python examples/game_server.py --clumsy 2 --deals 1     # seat 2 makes mistakes
    python examples/game_server.py --human 0 --save game.json   # you play seat 0 on stdin
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, TextIO

import kinglib
from kinglib.values.errors import short_repr

#: A seat refused this many times in a row has gone.
MAX_REFUSALS = 100
#: The most characters of a seat's text written back in the transcript and the refusals.
ECHOED = 200


class Connection(Protocol):
    """One seat's line-based channel: the server sends lines and receives one line back."""

    def send(self, line: str) -> None:
        """Deliver one line (a JSON object) to the seat."""
        ...

    def receive(self) -> str | None:
        """The seat's next line of text, or ``None`` when the seat has gone."""
        ...


class RandomClient:
    """A bot that speaks the protocol: it reads the JSON it is sent and answers a legal move.

    It knows nothing but the messages: its move is drawn from the ``legal_moves`` of the last
    view it received.
    """

    def __init__(self, seed: int) -> None:
        """Seed the bot's own generator."""
        self.rng = random.Random(seed)
        self.last: dict[str, Any] = {}

    def send(self, line: str) -> None:
        """Read a message; remember the last view."""
        message = json.loads(line)
        if message["type"] == "your_move":
            self.last = message["view"]

    def receive(self) -> str | None:
        """A legal move of the last view, as text."""
        return str(self.rng.choice(self.last["legal_moves"]))


class ClumsyClient(RandomClient):
    """A protocol bot that makes mistakes, to show the server's refusals.

    At its first turn of every deal it first sends text that is no move, then (in the play)
    a card it does not hold, and only then a legal move.
    """

    def __init__(self, seed: int) -> None:
        """Seed the bot; no mistakes made yet."""
        super().__init__(seed)
        self.mistakes: dict[int, int] = {}

    def receive(self) -> str | None:
        """A mistake while this deal still owes one, else a legal move."""
        deal = int(self.last["deal_number"])
        made = self.mistakes.get(deal, 0)
        self.mistakes[deal] = made + 1
        if made == 0:
            return "hello"
        if made == 1 and self.last["phase"] == "play":
            mine = set(str(self.last["hand"]).split())
            for card in (rank + suit for suit in "SHDC" for rank in "AKQJT98765432"):
                if card not in mine:
                    return card
        return super().receive()


class StdinClient:
    """A person at the terminal: the messages are on stdout already; moves come from stdin.

    The prompt goes to stderr, so that stdout stays a transcript of JSON lines.
    """

    def __init__(self, stdin: TextIO, prompt: TextIO) -> None:
        """Read from ``stdin``, prompt on ``prompt``."""
        self.stdin = stdin
        self.prompt = prompt

    def send(self, line: str) -> None:
        """Nothing to do: the transcript on stdout shows the line."""

    def receive(self) -> str | None:
        """The next line of stdin, or ``None`` at its end."""
        self.prompt.write("your move> ")
        self.prompt.flush()
        line = self.stdin.readline()
        return line.strip() if line else None


#: Characters that some readers take for the end of a line: always written escaped.
_LINE_BREAKS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def _line(message: dict[str, Any]) -> str:
    """One message as one line of JSON, whatever text it holds."""
    line = json.dumps(message, ensure_ascii=False)
    for char, escaped in _LINE_BREAKS.items():
        line = line.replace(char, escaped)
    return line


def _echo(text: object) -> str:
    """A seat's text as the transcript shows it: at most :data:`ECHOED` characters."""
    if not isinstance(text, str):
        return short_repr(text, ECHOED)
    if len(text) > ECHOED:
        text = text[: ECHOED - 3] + "..."
    # Text that is not Unicode (a lone surrogate) is written with escapes.
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


class Server:
    """Runs one match: keeps the state, sends views, reads moves, refuses bad ones."""

    def __init__(
        self, rules: kinglib.Rules, seats: Sequence[Connection], seed: int, out: TextIO
    ) -> None:
        """A match of ``rules`` dealt from ``seed``, one connection per seat."""
        if len(seats) != rules.players:
            raise ValueError(f"{rules.variant} needs {rules.players} seats, not {len(seats)}")
        self.rules = rules
        self.seats = list(seats)
        self.state = rules.new_match(seed=seed)
        self.out = out
        self.refused = 0

    def log(self, message: dict[str, Any]) -> None:
        """Write one line of the transcript."""
        self.out.write(_line(message) + "\n")

    def send(self, seat: int, message: dict[str, Any]) -> None:
        """Send a message to one seat (and to the transcript)."""
        message = {"to": seat, "seat": seat, **message}
        self.log(message)
        self.seats[seat].send(_line(message))

    def broadcast(self, message: dict[str, Any]) -> None:
        """Send the same public message to every seat."""
        for seat in range(self.rules.players):
            self.send(seat, message)

    def turn(self) -> bool:
        """Ask the seat to move until it sends a legal move; ``False`` if the seat has gone."""
        seat = self.state.to_move
        assert seat is not None
        for _ in range(MAX_REFUSALS):
            self.send(seat, {"type": "your_move", "view": self.state.view(seat).to_dict()})
            text = self.seats[seat].receive()
            if text is None:
                return False
            shown = _echo(text)
            self.log({"from": seat, "text": shown})
            try:
                self.state = self.state.apply(kinglib.parse_move(text, self.state))
                return True
            except kinglib.KinglibError as exc:
                self.refused += 1
                self.send(seat, {"type": "refused", "text": shown, "error": str(exc)})
        return False

    def run(self, deals: int | None = None) -> kinglib.State:
        """Play until the match is over (or ``deals`` deals are finished, or a seat goes)."""
        while not self.state.is_over:
            if deals is not None and len(self.state.results) >= deals:
                break
            done = len(self.state.results)
            if not self.turn():
                break
            for number in range(done, len(self.state.results)):
                result = self.state.results[number]
                self.broadcast(
                    {
                        "type": "deal_over",
                        "deal": number + 1,
                        "contract": result.contract,
                        "points": list(result.points),
                        "totals": list(self.state.totals),
                    }
                )
        if self.state.is_over:
            self.broadcast(
                {
                    "type": "match_over",
                    "totals": list(self.state.totals),
                    "winners": list(self.state.winners),
                }
            )
        return self.state

    def save(self, path: Path) -> None:
        """Write the record, load it back (replaying every move) and report the check."""
        text = kinglib.to_json(self.state, indent=1)
        path.write_text(text, encoding="utf-8")
        again = kinglib.from_json(path.read_text(encoding="utf-8"))
        if again != self.state:
            raise RuntimeError(f"the record in {path} does not replay to the same game")
        self.log(
            {
                "type": "saved",
                "path": str(path),
                "moves": len(self.state.moves),
                "deals": len(self.state.results),
                "refused": self.refused,
                "over": self.state.is_over,
                "replayed": True,
            }
        )


def main(argv: Sequence[str] | None = None) -> int:
    """Run a match with the seats the arguments ask for; return the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?", default="simple")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1, help="the seed of the match (1)")
    parser.add_argument("--deals", type=int, default=None, help="stop after this many deals")
    parser.add_argument("--human", type=int, default=None, help="a seat played from stdin")
    parser.add_argument("--clumsy", type=int, action="append", default=[], help="a clumsy seat")
    parser.add_argument("--save", type=Path, default=None, help="the record (a temp file)")
    args = parser.parse_args(argv)
    try:
        rules = kinglib.load_rules(args.variant, players=args.players)
    except kinglib.KinglibError as exc:
        parser.error(str(exc))
    for seat in [args.human, *args.clumsy]:
        if seat is not None and not 0 <= seat < rules.players:
            parser.error(f"seat {seat} is not a seat of {rules.players} players")

    seats: list[Connection] = []
    for seat in range(rules.players):
        if seat == args.human:
            seats.append(StdinClient(sys.stdin, sys.stderr))
        elif seat in args.clumsy:
            seats.append(ClumsyClient(seed=seat))
        else:
            seats.append(RandomClient(seed=seat))
    server = Server(rules, seats, args.seed, sys.stdout)
    server.run(args.deals)
    if args.save is not None:
        server.save(args.save)
    else:
        with tempfile.TemporaryDirectory() as folder:
            server.save(Path(folder) / "record.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
