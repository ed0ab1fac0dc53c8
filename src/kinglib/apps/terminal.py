"""A match at the terminal: bots and at most one person, printed as it is played.

:class:`TerminalMatch` drives a state to the end of its match. With a person seated it shows
the bots' moves one at a time (``pace`` seconds apart), every trick once it is complete with
who took it and what it scored, and at the end of each deal its points and the totals, then
waits for Enter. Without a person it prints each deal with its hands and its points, and with
``show_play`` every declaration and every trick as well (``step`` waits for Enter after each
trick). The player may stop with ``quit`` or the end of input: :class:`Stopped` then carries
the state reached, so the caller can save it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import attrs
from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from kinglib.apps.human import Quit, ask_move, command_of, help_text
from kinglib.apps.play_text import (
    deal_header,
    deal_result_text,
    finished_trick,
    move_line,
    trick_line,
)
from kinglib.apps.rule_tables import score_sheet, winners_line
from kinglib.engine.state import State
from kinglib.players.bots import Bot
from kinglib.values.moves import Move, Play

__all__ = ["Stopped", "TerminalMatch"]


def _in_tricks(state: State) -> bool:
    """Whether the deal of ``state`` is played in tricks (not by a phase of its own)."""
    contract = state.contract_info
    return contract is None or contract.trick_rules.trick_play


class Stopped(Exception):
    """The person stopped the match before its end: ``state`` is where it stood.

    Attributes:
        state: the state reached, the last move made included.
        reason: ``"quit"``, ``"end of input"`` or ``"interrupted"`` (Ctrl-C).

    """

    def __init__(self, state: State, reason: str) -> None:
        """Keep the state and the reason."""
        super().__init__(reason)
        self.state = state
        self.reason = reason


@attrs.define
class TerminalMatch:
    """A match printed on ``console`` as it is played.

    Attributes:
        console: where everything is printed.
        bots: one bot per seat (the person's seat is not asked).
        names: what each seat is called on the screen (``you`` for the person).
        human: the person's seat, or ``None`` for bots only.
        read_line: reads one line of the person's input (raises :class:`EOFError` at its end).
        pace: seconds to wait before each bot move (with a person) or each trick (watching).
        pause: wait for Enter at the end of each deal (with a person).
        show_play: print every declaration and trick when bots play alone.
        step: wait for Enter after each trick.
        sleep: the function that waits ``pace`` seconds.

    """

    console: Console
    bots: Sequence[Bot]
    names: Sequence[str]
    human: int | None = None
    read_line: Callable[[str], str] = input
    pace: float = 0.0
    pause: bool = False
    show_play: bool = False
    step: bool = False
    sleep: Callable[[float], None] = time.sleep

    @property
    def _narrate(self) -> bool:
        return self.human is not None or self.show_play

    def play(self, state: State) -> State:
        """Play ``state`` to the end of its match and return the final state.

        Raises :class:`Stopped` when the person quits or the input ends.
        """
        self._open_deal(state)
        try:
            while not state.is_over:
                seat = state.to_move
                assert seat is not None
                if seat == self.human:
                    try:
                        move = ask_move(state, seat, self.console, self.read_line, self.names)
                    except Quit:
                        raise Stopped(state, "quit") from None
                    except EOFError:
                        raise Stopped(state, "end of input") from None
                else:
                    if self.human is not None and self.pace > 0:
                        self.sleep(self.pace)
                    move = self.bots[seat].choose_move(state.view(seat))
                before, state = state, state.apply(move)
                self._show_move(before, seat, move, state)
        except KeyboardInterrupt:
            raise Stopped(state, "interrupted") from None
        return state

    def replay(self, state: State, moves: Sequence[Move]) -> State:
        """Print ``moves`` played from ``state`` (a record's), as :meth:`play` prints a match.

        Raises :class:`Stopped` when the reader quits at a pause.
        """
        self._open_deal(state)
        for move in moves:
            seat = state.to_move
            assert seat is not None
            after = state.apply(move)
            self._show_move(state, seat, move, after)
            state = after
        return state

    # ------------------------------------------------------------------ what is printed

    def _length(self, state: State) -> int | None:
        return state.rules.schedule.length if state.setup.deal is None else None

    def _open_deal(self, state: State) -> None:
        header = deal_header(
            state, self.names, hands=self.human is None, length=self._length(state)
        )
        if self.human is not None:
            self.console.print(Rule(header, align="left"))
        else:
            self.console.print(header)

    def _show_move(self, before: State, seat: int, move: Move, after: State) -> None:
        """Print what ``move`` did: a bot's card or declaration, a trick, the end of a deal."""
        ended = len(after.results) > len(before.results)
        trick = finished_trick(before, move, after) if self._narrate else None
        if self._narrate:
            if not isinstance(move, Play):
                seen = self._seen(before, move, after)
                self.console.print(move_line(seat, seen, self.names, before.rules))
            elif (
                trick is None
                and seat != self.human
                and (self.human is not None or not _in_tricks(before))
            ):
                # A card to a trick shows in its trick's line; a card laid out (a fan-tan) not.
                self.console.print(move_line(seat, move, self.names, before.rules))
        if trick is not None:
            if self.human is None and self.pace > 0:
                self.sleep(self.pace)
            number = len(before.tricks)
            self.console.print(trick_line(trick, number, before.contract_info, self.names))
            if self.step and not ended:
                self._wait("Enter for the next trick", after)
        if not ended:
            return
        result = after.results[-1]
        self.console.print(deal_result_text(after.rules, result, self.names, len(after.results)))
        if self.human is not None:
            totals = " · ".join(f"{self.names[s]} {t:+d}" for s, t in enumerate(after.totals))
            self.console.print(Text(f"  totals: {totals}"))
        if after.is_over:
            return
        if (self.human is not None and self.pause) or self.step:
            self._wait(f"Enter for deal {after.deal_number}", after)
        self._open_deal(after)

    def _seen(self, before: State, move: Move, after: State) -> Move | None:
        """``move`` as the person may see it: ``None`` for another seat's hidden discard."""
        if self.human is None or after.deal_number != before.deal_number:
            return move
        seen = after.view(self.human).deal_moves
        return seen[-1] if seen else move

    def _wait(self, what: str, state: State) -> None:
        """Wait for Enter; ``score`` and ``help`` are answered, ``quit`` stops the match.

        The end of input stops a person's match; when bots play alone it only stops the
        waiting (the rest is printed without pauses).
        """
        while True:
            try:
                text = self.read_line(f"{what} (or score, help, quit): ")
            except EOFError:
                if self.human is None:
                    self.step = False
                    return
                raise Stopped(state, "end of input") from None
            command = command_of(text)
            if command == "quit":
                raise Stopped(state, "quit")
            if command == "help":
                self.console.print(help_text())
            elif command == "score":
                self.console.print(
                    score_sheet(state.rules, state.results, state.winners, self.human)
                )
                self.console.print(Text(winners_line(state.totals, state.winners)))
            else:
                return
