"""A person at the terminal: show the table and the hand, read a move or a command.

The screen shows, for each seat, the card it has put on the table in this trick, the tricks
and points it has taken in this deal and its match total; then what the variant makes public
(an auction, a declaration...), the hand grouped by suit with the legal cards marked by their
numbers, a one-line hint saying what is asked, and any other legal move, numbered.

The player answers with a move's number or its text (``QS``, ``pass``, ``bid 3``,
``choose no_girls``, ``declare H`` or just ``H`` when a declaration is due, ``discard AS KS``
or just ``AS KS`` when two cards are laid away, ``draw``). Jokers are shown as ``🃏1`` and
``🃏2`` and may be typed that way or as ``JK1``/``JK2`` (or ``joker`` when only one may be
played). The commands ``help`` (or ``?``), ``score``, ``hand`` and ``quit`` (or ``q``) work
at every prompt. Bad input gets a one-line explanation and the same prompt again; the end of
input raises :class:`EOFError` and ``quit`` raises :class:`Quit` to the caller.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rich import box
from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from kinglib.apps.play_text import (
    RED_SUITS,
    card_style,
    card_text,
    cards_text,
    extra_lines,
    move_text,
    seat_names,
    trick_points,
)
from kinglib.apps.rule_tables import points_text, score_sheet, winners_line
from kinglib.engine.match_end import match_end_points
from kinglib.engine.state import Phase, State
from kinglib.engine.view import View
from kinglib.values.cards import Card, CardSet, Suit
from kinglib.values.contracts import Contract
from kinglib.values.errors import IllegalMoveError, NotationError
from kinglib.values.moves import Choose, Discard, Draw, Move, Pass, Play, parse_move

__all__ = [
    "COMMANDS",
    "JOKER_SYMBOL",
    "Quit",
    "ask_move",
    "command_of",
    "help_text",
    "phase_hint",
    "position",
    "read_move",
    "show",
]

#: The symbol that marks a joker on the screen.
JOKER_SYMBOL = "🃏"

#: The commands a player may type at any prompt, each with its other spellings.
COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("help", "?"),
    "score": ("score",),
    "hand": ("hand",),
    "quit": ("quit", "q", "exit"),
}

_JOKER_TEXT = re.compile(r"\bJK([12])\b")
_JOKER_INPUT = re.compile(re.escape(JOKER_SYMBOL) + r"([12])?", re.IGNORECASE)


class Quit(Exception):
    """The player asked to stop the match (``quit``)."""


def show(value: object) -> str:
    """The text of a move, card or card set as the screen shows it: jokers as ``🃏1``."""
    return _JOKER_TEXT.sub(lambda m: f"{JOKER_SYMBOL}{m.group(1)}", str(value))


def command_of(text: str, moves: Sequence[Move] = ()) -> str | None:
    """The command that ``text`` names (``help``, ``score``, ``hand``, ``quit``), or ``None``.

    Text that is also the text of a legal move is that move, not a command.
    """
    word = text.strip().lower()
    if any(str(m).lower() == word for m in moves):
        return None
    for command, spellings in COMMANDS.items():
        if word in spellings:
            return command
    return None


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
        raise ValueError(f"type a number from 1 to {len(moves)} or a move ('help' for more)")
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
        return "You cannot follow suit: draw from the stock ('draw' or its number)."
    if contract is not None and not contract.trick_rules.trick_play and moves != (Pass(),):
        return "Lay out a card that opens a row or extends one: its number or its text."
    if not any(isinstance(m, Play) for m in moves):
        return "Choose a move: its number or its text, as listed."
    if any(isinstance(m, Play) and m.card.is_joker for m in moves):
        return f"Play a card: its number or its text ({JOKER_SYMBOL}1 or JK1 for a joker)."
    if view.trick:
        led = view.trick[0][1].symbol
        return f"{led} was led: play a card, by its number or its text (e.g. QS)."
    return "Your lead: play a card, by its number or its text (e.g. QS)."


def help_text() -> Text:
    """What the player may type, for ``help``."""
    return Text(
        "Type the number of a move, or the move itself: a card (QS, TH or 10H, 🃏1 or JK1),\n"
        "pass, bid 3, choose no_girls, declare H (or just H), discard AS KS (or just AS KS),\n"
        "draw. Commands: help or ? (this text), score (the score sheet so far), hand (the\n"
        "table and your hand again), quit or q (stop; with --save the match is saved and\n"
        "'kinglib play --resume FILE' continues it). Ctrl-D stops as quit does."
    )


def _deal_counts(view: View, contract: Contract | None) -> tuple[list[int], list[int]]:
    """Tricks and points each seat has taken in this deal, by the prices of ``contract``.

    The contract is the deal's own (``state.contract_info``): a variant may set its prices
    during the deal (the penalty suit of an auction).
    """
    tricks = [0] * view.players
    points = [0] * view.players
    for number, trick in enumerate(view.tricks):
        tricks[trick.winner] += 1
        points[trick.winner] += trick_points(contract, number, trick.cards)
    return tricks, points


def _title(state: State) -> Text:
    """``Deal 3 of 14 · no girls (Не брать девочек) · trump ♥``."""
    length = state.rules.schedule.length if state.setup.deal is None else None
    out = Text(f"Deal {state.deal_number}" + (f" of {length}" if length else ""), style="bold")
    contract = state.contract_info
    if contract is None:
        out.append(" · the contract is not chosen yet")
    else:
        out.append(f" · {contract.title}" + (f" ({contract.name})" if contract.name else ""))
    trump = state.trump
    if trump is not None:
        out.append(" · trump ")
        out.append_text(
            Text(trump.symbol, style=_suit_style(trump))
            if isinstance(trump, Suit)
            else Text(str(trump))
        )
    return out


def _suit_style(suit: Suit) -> str:
    """Red for hearts and diamonds, none for the black suits."""
    return "red" if suit in RED_SUITS else ""


def _seats_table(view: View, names: Sequence[str], contract: Contract | None) -> Table:
    """Each seat's card on the table, its tricks and points this deal, and its total."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False)
    table.add_column("seat", no_wrap=True)
    table.add_column("on the table", no_wrap=True)
    table.add_column("tricks", justify="right")
    table.add_column("points this deal", justify="right")
    table.add_column("total", justify="right")
    on_table = dict(view.trick)
    leader = view.trick[0][0] if view.trick else None
    tricks, points = _deal_counts(view, contract)
    for seat in range(view.players):
        card = on_table.get(seat)
        cell = card_text(card) if card is not None else Text("·", style="dim")
        if seat == leader:
            cell.append(" led", style="dim")
        if seat == view.to_move:
            cell.append(" ← to play" if seat == view.seat else " ← to move", style="bold")
        name = Text(names[seat], style="bold" if seat == view.seat else "")
        table.add_row(
            name,
            cell,
            str(tricks[seat]),
            Text(points_text(points[seat]), style="red" if points[seat] < 0 else ""),
            f"{view.totals[seat]:+d}",
        )
    return table


def _hand_lines(hand: CardSet, moves: Sequence[Move]) -> Text:
    """The hand grouped by suit, each legal card marked with its number: ``[2] J♥``."""
    numbers = {m.card: i for i, m in enumerate(moves, start=1) if isinstance(m, Play)}
    groups: dict[object, list[Card]] = {}
    for card in hand:
        groups.setdefault(card.suit, []).append(card)
    out = Text()
    if not groups:
        out.append("  (no cards)", style="dim")
    for i, cards in enumerate(groups.values()):
        if i:
            out.append("\n")
        first = cards[0]
        label = first.suit.symbol if first.suit is not None else JOKER_SYMBOL
        out.append(f"  {label}  ", style=card_style(first))
        for j, card in enumerate(cards):
            if j:
                out.append("  ")
            number = numbers.get(card)
            if number is None:
                out.append_text(card_text(card, "dim" if numbers else ""))
            else:
                out.append(f"[{number}] ", style="bold cyan")
                out.append_text(card_text(card, "bold"))
    return out


def _move_label(move: Move, view: View) -> Text:
    """A move as listed: a discard by its cards alone, a contract with its title."""
    if isinstance(move, Discard):
        return cards_text(move.cards)
    label = move_text(move)
    if isinstance(move, Choose) and view.rules is not None:
        contract = view.rules.contracts.get(move.contract)
        if contract is not None:
            label = label.copy()
            label.append(f" ({contract.title}, {points_text(contract.total)})", style="dim")
    return label


def _other_moves(view: View) -> RenderableType | None:
    """The legal moves that are not cards of the hand, numbered, in columns."""
    items = [
        (i, m)
        for i, m in enumerate(view.legal_moves, start=1)
        if not (isinstance(m, Play) and m.card in view.hand)
    ]
    if not items:
        return None
    cells = []
    for i, move in items:
        cell = Text(f"[{i}] ", style="bold cyan")
        cell.append_text(_move_label(move, view))
        cells.append(cell)
    title = Text("Moves:" if len(items) == len(view.legal_moves) else "Other moves:")
    return Group(title, Padding(Columns(cells, padding=(0, 3)), (0, 0, 0, 2)))


def position(state: State, seat: int, names: Sequence[str] | None = None) -> RenderableType:
    """``seat``'s screen in ``state``: the seats, what is public, the hand and the moves."""
    view = state.view(seat)
    names = list(names) if names is not None else seat_names(state.players, seat)
    parts: list[RenderableType] = [_title(state), _seats_table(view, names, state.contract_info)]
    known = extra_lines(state, seat, names)
    if known:
        parts.append(Text("Known: " + " · ".join(known)))
    hand = Text("Your hand:\n")
    hand.append_text(_hand_lines(view.hand, view.legal_moves))
    parts.append(hand)
    others = _other_moves(view)
    if others is not None:
        parts.append(others)
    parts.append(Text(phase_hint(view) + " 'help' for commands.", style="italic"))
    return Group(*parts)


def _score(state: State, seat: int, console: Console) -> None:
    if not state.results:
        console.print(Text("No deal is finished yet: every total is 0."))
        return
    console.print(
        score_sheet(state.rules, state.results, state.winners, seat, match_end_points(state))
    )
    console.print(Text(winners_line(state.totals, state.winners)))


def ask_move(
    state: State,
    seat: int,
    console: Console,
    read_line: Callable[[str], str] = input,
    names: Sequence[str] | None = None,
) -> Move:
    """Show ``seat``'s position and read a legal move; ask again after bad input.

    The commands ``help``, ``score`` and ``hand`` are answered and the same prompt comes
    again. Raises :class:`Quit` for ``quit`` and :class:`EOFError` when the input ends.
    """
    console.print(position(state, seat, names), soft_wrap=False)
    moves = state.legal_moves()
    prompt = f"Your move [1-{len(moves)}, a move, or help]: "
    while True:
        text = read_line(prompt)
        command = command_of(text, moves)
        if command == "quit":
            raise Quit
        if command == "help":
            console.print(help_text())
            continue
        if command == "score":
            _score(state, seat, console)
            continue
        if command == "hand":
            console.print(position(state, seat, names), soft_wrap=False)
            continue
        try:
            return read_move(text, state)
        except (NotationError, IllegalMoveError, ValueError) as exc:
            console.print(Text(f"Not accepted: {show(' '.join(str(exc).split()))}"))
