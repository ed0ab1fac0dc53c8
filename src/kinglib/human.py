"""A person at the terminal: show the position, list the legal moves, read a move.

The player answers with a move's number or its text (``QS``, ``pass``, ``bid 3``,
``choose no_girls``, ``declare H`` or just ``H`` when a declaration is due). Bad input gets a
one-line explanation and the same prompt again; the end of input raises :class:`EOFError`
to the caller.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from kinglib.errors import IllegalMoveError, NotationError
from kinglib.moves import Move, parse_move
from kinglib.state import State

__all__ = ["ask_move", "read_move"]


def read_move(text: str, state: State) -> Move:
    """The move that ``text`` names in ``state``: a number from the list, or a move's text.

    Raises :class:`ValueError` (or a kinglib error, which is one) with a one-line message for
    text that is no move, a number out of range, or a move that is not legal here.
    """
    moves = state.legal_moves()
    answer = text.strip()
    if not answer:
        raise ValueError(f"type a number from 1 to {len(moves)} or a move")
    if answer.isdigit():
        number = int(answer)
        if not 1 <= number <= len(moves):
            raise ValueError(f"no move {number}: choose a number from 1 to {len(moves)}")
        return moves[number - 1]
    for move in moves:
        if str(move).lower() == answer.lower():
            return move
    move = parse_move(answer, state)
    state.apply(move)  # raises IllegalMoveError saying why
    return move


def _position(state: State, seat: int) -> Text:
    view = state.view(seat)
    contract = state.contract_info
    lines = [
        f"Deal {view.deal_number} · "
        + (f"{contract.title} ({contract.name})" if contract is not None else "no contract yet")
        + (f" · trump {view.trump}" if view.trump is not None else "")
        + f" · dealer seat {view.dealer} · you are seat {seat} · phase {view.phase}",
        "Table: " + (" ".join(f"{s}:{c}" for s, c in view.trick) if view.trick else "(empty)"),
        f"Your hand: {view.hand}" if view.hand else "Your hand: (empty)",
        "Moves: " + "  ".join(f"{i}) {m}" for i, m in enumerate(view.legal_moves, start=1)),
    ]
    return Text("\n".join(lines))


def ask_move(
    state: State,
    seat: int,
    console: Console,
    read_line: Callable[[str], str] = input,
) -> Move:
    """Show ``seat``'s position and read a legal move; ask again after bad input.

    Raises :class:`EOFError` when the input ends.
    """
    console.print(_position(state, seat))
    moves = state.legal_moves()
    prompt = f"Your move [1-{len(moves)} or text]: "
    while True:
        text = read_line(prompt)
        try:
            return read_move(text, state)
        except (NotationError, IllegalMoveError, ValueError) as exc:
            console.print(Text(f"Not accepted: {exc}"))
