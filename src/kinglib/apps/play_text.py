"""The text of play on the terminal: cards in colour, moves, tricks, deal headers and results.

Cards are shown with their suit symbols, hearts and diamonds in red (``Q♠``, ``10♥``, jokers
``🃏1``). Everything here is built from public facts only (a state's trick, its completed
tricks, its results, a view's extras), and from the text form of moves, so any move of any
variant has a line: a move this module does not know is shown by its text, with the cards in
it drawn as cards, and a view extra of any shape is shown in a plain generic form.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.text import Text

from kinglib.apps.rule_tables import deal_label, points_text
from kinglib.engine.rules import Rules
from kinglib.engine.state import DealResult, State, Trick
from kinglib.values.cards import Card, CardSet, Suit
from kinglib.values.contracts import Contract
from kinglib.values.errors import NotationError
from kinglib.values.moves import Choose, Declare, Discard, Move, Play

__all__ = [
    "RED_SUITS",
    "SEAT_KEYS",
    "card_style",
    "card_text",
    "cards_text",
    "chooser_of",
    "deal_header",
    "deal_result_text",
    "extra_lines",
    "finished_trick",
    "move_line",
    "move_text",
    "seat_names",
    "trick_line",
    "trick_points",
]

#: The suits drawn in red.
RED_SUITS = frozenset({Suit.HEARTS, Suit.DIAMONDS})

_SUIT_NAMES = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds"}
_SUIT_NAMES[Suit.CLUBS] = "clubs"
_CARD_TOKEN = re.compile(r"(?<![\w🃏])(?:10|[2-9TJQKA])[SHDC](?![\w])|(?<![\w])JK[12]?(?![\w])")


def card_style(card: Card) -> str:
    """The style of a card: red for hearts and diamonds, magenta for a joker, else none."""
    if card.suit is None:
        return "magenta"
    return "red" if card.suit in RED_SUITS else ""


def card_text(card: Card, style: str = "") -> Text:
    """A card as the screen shows it: ``Q♠``, ``10♥`` in red, ``🃏1``."""
    return Text(card.symbol, style=f"{card_style(card)} {style}".strip())


def cards_text(cards: Iterable[Card], sep: str = " ") -> Text:
    """Cards side by side, each in its colour."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(card))
    return out


def _with_cards(text: str) -> Text:
    """Move text with every card in it drawn as a card (``discard AS KS`` → ``A♠ K♠``)."""
    out = Text()
    last = 0
    for match in _CARD_TOKEN.finditer(text):
        try:
            card = Card.parse(match.group(0))
        except NotationError:
            continue
        out.append(text[last : match.start()])
        out.append_text(card_text(card))
        last = match.end()
    out.append(text[last:])
    return out


def move_text(move: Move) -> Text:
    """A move as the screen shows it: a card, ``declare ♥``, ``discard A♠ K♠``, ``bid 3``."""
    if isinstance(move, Play):
        return card_text(move.card)
    if isinstance(move, Declare) and isinstance(move.trump, Suit):
        out = Text("declare ")
        out.append(move.trump.symbol, style="red" if move.trump in RED_SUITS else "")
        return out
    return _with_cards(str(move))


def seat_names(players: int, human: int | None = None, bots: Sequence[str] = ()) -> list[str]:
    """What each seat is called: ``you`` for the human, ``seat 2`` or ``seat 2 (search)``."""
    names = []
    for seat in range(players):
        if seat == human:
            names.append("you")
        elif seat < len(bots) and bots[seat]:
            names.append(f"seat {seat} ({bots[seat]})")
        else:
            names.append(f"seat {seat}")
    return names


def chooser_of(state: State) -> int | None:
    """Who chooses or declares the contract of a deal whose contract is not known yet.

    The variant's public ``chooser`` (or ``declarer``) when its view extras name one, else the
    seat to move.
    """
    extra = state.view(state.to_move if state.to_move is not None else 0).extra
    for key in ("chooser", "declarer"):
        value = extra.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return state.to_move


def _contract_words(contract: Contract) -> str:
    return f"{contract.title} ({contract.name})" if contract.name else contract.title


def deal_header(
    state: State, names: Sequence[str], hands: bool = False, length: int | None = None
) -> Text:
    """The line that opens a deal: its number, its contract (or who will choose it), the dealer.

    ``hands`` adds every seat's hand (for watching bots); ``length`` is the number of deals of
    a fixed match (``Deal 3 of 14``).
    """
    contract = state.contract_info
    of = f" of {length}" if length else ""
    out = Text(f"Deal {state.deal_number}{of}: ", style="bold")
    if contract is not None:
        out.append(_contract_words(contract), style="bold")
        if state.trump is not None:
            out.append(f", trump {state.trump}")
    else:
        chooser = chooser_of(state)
        who = names[chooser] if chooser is not None else "a player"
        out.append(f"{who} {'choose' if who == 'you' else 'chooses'} the contract")
    out.append(f"; dealer: {names[state.dealer]}")
    if hands:
        for seat, hand in enumerate(state.hands):
            out.append(f"\n  {names[seat]}: ")
            out.append_text(cards_text(hand) if hand else Text("(no cards)"))
        for name, pile in state.piles.items():
            if pile:
                out.append(f"\n  {name}: ")
                out.append_text(cards_text(pile))
    return out


def trick_points(contract: Contract | None, number: int, cards: CardSet) -> int:
    """What trick ``number`` (counting from 0) holding ``cards`` scores for its winner.

    The contract's price of the trick itself plus the price of each card in it; a deal's
    scoring may add more at its end (a bid paid, a slam), which the deal's result shows.
    """
    if contract is None:
        return 0
    values = contract.trick_values
    own = values[number] if number < len(values) else 0
    return own + contract.card_points(cards.mask)


def finished_trick(before: State, move: Move, after: State) -> Trick | None:
    """The trick that ``move`` completed going from ``before`` to ``after``, if it did one.

    A trick that ends a deal is rebuilt from the cards on the table and the card played, its
    winner from the phase's own ``trick_winner``; ``None`` when no trick was completed.
    """
    if after.deal_number == before.deal_number and len(after.results) == len(before.results):
        if len(after.tricks) > len(before.tricks):
            return after.tricks[-1]
        return None
    if not isinstance(move, Play) or before.to_move is None:
        return None
    plays = (*before.trick, (before.to_move, move.card))
    phase = before.rules.phases.get(before.phase)
    winner_of = getattr(phase, "trick_winner", None)
    if winner_of is None or len(plays) < 2:
        return None
    try:
        winner = winner_of(before, plays)
    except Exception:  # a phase of unknown shape: the deal's result still says it all
        return None
    return Trick(plays, winner)


def trick_line(trick: Trick, number: int, contract: Contract | None, names: Sequence[str]) -> Text:
    """``Trick 3: seat 1 led 9♣, seat 2 J♣, you 8♣, seat 3 A♣ → seat 3 takes it: -2``."""
    out = Text(f"Trick {number + 1}: ", style="bold")
    for i, (seat, card) in enumerate(trick.plays):
        if i:
            out.append(", ")
        out.append(names[seat] + (" led " if i == 0 else " "))
        out.append_text(card_text(card))
    taker = names[trick.winner]
    out.append(f" → {taker} {'take' if taker == 'you' else 'takes'} it")
    value = trick_points(contract, number, trick.cards)
    if value:
        out.append(": ")
        out.append(points_text(value), style="bold red" if value < 0 else "bold green")
    return out


def move_line(seat: int, move: Move | None, names: Sequence[str], rules: Rules) -> Text:
    """A move other than a card to a trick: ``seat 2 chooses no hearts``, ``seat 1: bid 3``.

    ``move`` is ``None`` for a move this seat may not see (another seat's discard): the line
    then says only that it happened.
    """
    who = names[seat]
    you = who == "you"
    out = Text(who + " ")
    if move is None:
        out.append("lay cards away face down" if you else "lays cards away face down")
    elif isinstance(move, Choose):
        contract = rules.contracts.get(move.contract)
        out.append("choose " if you else "chooses ")
        out.append(_contract_words(contract) if contract is not None else move.contract)
    elif isinstance(move, Discard):
        out.append("discard " if you else "discards ")
        out.append_text(cards_text(move.cards))
    elif isinstance(move, Play):
        out.append("play " if you else "plays ")
        out.append_text(card_text(move.card))
    else:
        out = Text(f"{who}: ")
        out.append_text(move_text(move))
    return out


def deal_result_text(
    rules: Rules, result: DealResult, names: Sequence[str], number: int | None = None
) -> Text:
    """The end of deal ``number``: contract, chooser, points, cards left when it ended early."""
    out = Text(f"Deal {number} is over" if number else "The deal is over", style="bold")
    out.append(f": {deal_label(rules, result)}")
    if result.chooser is not None:
        out.append(f", chosen by {names[result.chooser]}")
    if result.ended_early:
        out.append("; ended early: the cards left could not change the score (")
        out.append_text(cards_text(result.unplayed))
        out.append(")")
    out.append("\n  points: ")
    for seat, value in enumerate(result.points):
        if seat:
            out.append(" · ")
        out.append(f"{names[seat]} ")
        out.append(points_text(value), style="red" if value < 0 else "green" if value else "")
    return out


def _is_seat_pair(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], int)
        and not isinstance(value[0], bool)
    )


def _plain(value: Any, names: Sequence[str] = ()) -> str:
    """Any value of a view extra in plain words: cards as cards, a list of pairs by seat."""
    if isinstance(value, Card):
        return value.symbol
    if isinstance(value, CardSet):
        return value.symbols if value else "none"
    if isinstance(value, Suit):
        return value.symbol
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_plain(v, names)}" for k, v in value.items()) or "none"
    if isinstance(value, (tuple, list, frozenset, set)):
        items = list(value)
        if items and all(_is_seat_pair(v) for v in items):
            return ", ".join(
                f"{names[s] if 0 <= s < len(names) else f'seat {s}'}: "
                + ("pass" if v is None else _plain(v, names))
                for s, v in items
            )
        return ", ".join(_plain(v, names) for v in items) if items else "none"
    if value is None:
        return "none"
    return _with_cards(str(value)).plain


#: The keys of view extras that hold a seat, shown by the seat's name.
SEAT_KEYS = frozenset({"chooser", "declarer", "bidder", "buyer", "seller", "maker", "leader"})


def extra_lines(state: State, seat: int, names: Sequence[str] | None = None) -> list[str]:
    """What the variant makes public now (auction, declarations, shown cards...), one per line.

    Every extra of the seat's view is shown as ``key: value`` in plain words, whatever its
    shape, and in a deal not played in tricks (a fan-tan) every pile it sees as ``name:
    cards``; a seat (``chooser``, ``declarer``...) by its name in ``names``. ``owed`` (the
    contracts each seat must still choose) is shown for the seat alone, without the contract
    it has just chosen for the deal in play.
    """
    view = state.view(seat)
    names = list(names) if names is not None else seat_names(state.players, seat)
    lines = []
    for key, value in view.extra.items():
        try:
            if (
                key in SEAT_KEYS
                and isinstance(value, int)
                and not isinstance(value, bool)
                and 0 <= value < len(names)
            ):
                lines.append(f"{key}: {names[value]}")
                continue
            if key == "owed" and isinstance(value, (tuple, list)) and seat < len(value):
                mine = list(value[seat])
                if state.maker == seat and state.contract in mine:
                    mine.remove(state.contract)
                lines.append("you must still choose: " + (", ".join(mine) or "nothing"))
                continue
            if value is None or value == "" or value == () or value == {}:
                continue
            if isinstance(value, CardSet) and not value:
                continue
            lines.append(f"{str(key).replace('_', ' ')}: {_plain(value, names)}")
        except Exception:  # an extra of a shape nobody foresaw is still shown, plainly
            lines.append(f"{key}: {value!r}")
    contract = state.contract_info
    if contract is not None and not contract.trick_rules.trick_play:
        for name, pile in view.piles.items():  # a deal laid out face up (a fan-tan's layout)
            lines.append(f"{name}: {_plain(pile)}")
    return lines
