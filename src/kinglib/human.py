"""A person at the terminal: show the position, list the legal moves, read a move.

The player answers with a move's number or its text (``QS``, ``pass``, ``bid 3``,
``choose no_girls``, ``declare H`` or just ``H`` when a declaration is due, ``discard AS KS``
or just ``AS KS`` when two cards are laid away, ``draw``). Jokers are shown as ``🃏1`` and
``🃏2`` and may be typed that way or as ``JK1``/``JK2`` (or ``joker`` when only one may be
played). Each phase has a one-line hint saying what is asked. Bad input gets a one-line
explanation and the same prompt again; the end of input raises :class:`EOFError` to the
caller.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.text import Text

from kinglib.cards import CardSet
from kinglib.errors import IllegalMoveError, NotationError
from kinglib.moves import Discard, Draw, Move, Play, parse_move
from kinglib.state import Phase, State
from kinglib.view import View

__all__ = ["JOKER_SYMBOL", "ask_move", "phase_hint", "read_move", "show"]

#: The symbol that marks a joker on the screen.
JOKER_SYMBOL = "🃏"

_JOKER_TEXT = re.compile(r"\bJK([12])\b")
_JOKER_INPUT = re.compile(re.escape(JOKER_SYMBOL) + r"([12])?", re.IGNORECASE)
#: Moves per line when the list is long (the 66 discards of an atomic widow).
_PER_LINE = 10


def show(value: object) -> str:
    """The text of a move, card or card set as the screen shows it: jokers as ``🃏1``."""
    return _JOKER_TEXT.sub(lambda m: f"{JOKER_SYMBOL}{m.group(1)}", str(value))


def _normalise(answer: str, moves: Sequence[Move]) -> str:
    """The typed text with the screen's joker forms turned back into card text."""
    jokers = [m.card for m in moves if isinstance(m, Play) and m.card.is_joker]

    def joker(match: re.Match[str]) -> str:
        if match.group(1):
            return f"JK{match.group(1)}"
        return str(jokers[0]) if len(jokers) == 1 else "JK"

    answer = _JOKER_INPUT.sub(joker, answer)
    if answer.lower() in ("joker", "jk") and len(jokers) == 1:
        return str(jokers[0])
    return answer


def read_move(text: str, state: State) -> Move:
    """The move that ``text`` names in ``state``: a number from the list, or a move's text.

    Raises :class:`ValueError` (or a kinglib error, which is one) with a one-line message for
    text that is no move, a number out of range, or a move that is not legal here.
    """
    moves = state.legal_moves()
    answer = _normalise(text.strip(), moves)
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
    found = _discard_of(answer) if state.phase is Phase.DISCARD else None
    move = found if found is not None else parse_move(answer, state)
    state.apply(move)  # raises IllegalMoveError saying why
    return move


def _discard_of(answer: str) -> Move | None:
    """``AS KS`` typed alone while discarding: the discard of those cards."""
    try:
        return Discard(CardSet.parse(answer))
    except NotationError:
        return None


def phase_hint(view: View) -> str:
    """One line saying what the player is asked to do now, and how to type it."""
    phase = view.phase
    moves = view.legal_moves
    contract = view.rules.contracts.get(view.contract) if view.rules and view.contract else None
    penalty = contract is not None and contract.sign < 0
    if phase is Phase.CHOOSE:
        return "Choose the contract of this deal: its number, or e.g. 'choose no_hearts'."
    if phase is Phase.DECLARE:
        if penalty:
            return "Name the penalty suit: its number, or a suit letter (S, H, D, C)."
        return "Declare the trump: its number, or a suit letter (S, H, D, C) or word listed."
    if phase is Phase.BID:
        if penalty:
            return (
                "Bid points for the right to name the penalty suit ('bid N'), or 'pass'; "
                "the winner pays his bid."
            )
        return "Offer tricks to buy the declaration ('bid N'), or 'pass' (a pass is final)."
    if phase is Phase.ANSWER:
        return "Sell to the best offer ('sell'), play your declaration ('keep'), or as listed."
    if phase is Phase.DISCARD:
        size = max((len(m.cards) for m in moves if isinstance(m, Discard)), default=2)
        return (
            f"Discard {size} cards face down: type them together (e.g. 'discard AS KS' or "
            "'AS KS') or the number of the pair."
        )
    if any(isinstance(m, Draw) for m in moves):
        return "You cannot follow suit: draw from the stock ('draw' or 1)."
    if any(isinstance(m, Play) and m.card.is_joker for m in moves):
        return f"Play a card: its number or its text ({JOKER_SYMBOL}1 or JK1 for a joker)."
    return "Play a card: its number or its text (e.g. QS)."


def _extra_text(key: str, value: Any, seat: int) -> str | None:
    if key == "owed" and isinstance(value, tuple) and seat < len(value):
        mine = value[seat]
        return "you must still choose: " + (", ".join(mine) if mine else "nothing")
    if isinstance(value, Mapping):
        value = ", ".join(f"{k} {show(v)}" for k, v in value.items())
    elif isinstance(value, (tuple, list)):
        if not value:
            return None
        value = ", ".join(
            f"seat {v[0]}: {'pass' if v[1] is None else show(v[1])}"
            if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], int)
            else show(v)
            for v in value
        )
    elif value is None or value == "" or (isinstance(value, CardSet) and not value):
        return None
    return f"{key.replace('_', ' ')}: {show(value)}"


def _move_label(move: Move) -> str:
    """A move as listed: a discard by its cards alone (the hint says how to type it)."""
    return show(move.cards) if isinstance(move, Discard) else show(move)


def _moves_text(moves: Sequence[Move]) -> str:
    items = [f"{i}) {_move_label(m)}" for i, m in enumerate(moves, start=1)]
    if len(items) <= 2 * _PER_LINE:
        return "Moves: " + "  ".join(items)
    lines = ["  ".join(items[i : i + _PER_LINE]) for i in range(0, len(items), _PER_LINE)]
    return "Moves:\n  " + "\n  ".join(lines)


def _position(state: State, seat: int) -> Text:
    view = state.view(seat)
    contract = state.contract_info
    lines = [
        f"Deal {view.deal_number} · "
        + (f"{contract.title} ({contract.name})" if contract is not None else "no contract yet")
        + (f" · trump {view.trump}" if view.trump is not None else "")
        + f" · dealer seat {view.dealer} · you are seat {seat} · phase {view.phase}",
    ]
    public = [_extra_text(str(k), v, seat) for k, v in view.extra.items()]
    if any(public):
        lines.append("Known: " + " · ".join(p for p in public if p))
    lines += [
        "Table: "
        + (" ".join(f"{s}:{show(c)}" for s, c in view.trick) if view.trick else "(empty)"),
        f"Your hand: {show(view.hand)}" if view.hand else "Your hand: (empty)",
        phase_hint(view),
        _moves_text(view.legal_moves),
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
            console.print(Text(f"Not accepted: {show(' '.join(str(exc).split()))}"))
