"""Hand-built deals written as text, and deals played out to their score.

A deal is written as a header line, the contract and the words ``dealer=SEAT`` and
``trump=SUIT`` where needed, then one line per seat (``SEAT: CARDS``) and one line per pile the
variant has (``widow:``, ``stock:``, ``kitty:``)::

    no_hearts dealer=3
    0: AS KS QS JS AH 7H AD 7C
    1: TS 9S 8S 7S KH QH 9C 8C
    2: JH TH 9H 8H KD QD JD TD
    3: AC KC QC JC TC 9D 8D 7D

Blank lines and anything after a ``#`` are ignored, and so is the indentation, so that a deal
reads well in a triple-quoted string. The cards of a hand or a pile keep the order written:
a variant that deals in stages reads it (the three-card stage of a trump round), and a stock is
drawn first card first.

:class:`HandBuilt` is the deal as written; :func:`deal_from_text` starts it
(:meth:`Rules.new_deal <kinglib.Rules.new_deal>`); :func:`play_moves` applies moves written as
text; :func:`play_out` plays on to the end with the first legal move (or random ones);
:func:`deal_points` does all three and gives the deal's points, the number a hand-built deal's
test checks exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.values.cards import Suit
from kinglib.values.errors import NotationError
from kinglib.values.moves import parse_move

__all__ = ["HandBuilt", "deal_from_text", "deal_points", "play_moves", "play_out"]

#: The piles a deal's text may give, by the name :meth:`~kinglib.Rules.new_deal` takes them by.
PILES = ("widow", "stock", "kitty")

#: The moves written as two words when moves are separated by spaces (``bid 3``).
_TWO_WORDS = ("bid", "choose", "declare")


@attrs.frozen
class HandBuilt:
    """A deal as its text gives it: the contract, the dealer, the trump, the hands and piles.

    :meth:`parse` reads the text (see the module's description), :meth:`start` deals it.
    ``hands`` holds one hand per seat as the text wrote it, seat 0 first; ``piles`` the piles
    given, by name.

    >>> from kinglib.testing import HandBuilt
    >>> deal = HandBuilt.parse('''
    ...     no_tricks dealer=3
    ...     0: AS KS
    ...     1: AH KH
    ...     2: AD KD
    ...     3: AC KC
    ... ''')
    >>> deal.contract, deal.dealer, deal.hands[1]
    ('no_tricks', 3, 'AH KH')
    """

    #: The contract id of the header (``""`` for a text without a header).
    contract: str
    #: The dealing seat (0 unless the header says ``dealer=SEAT``).
    dealer: int
    #: The trump the header names (``trump=SUIT``), or None.
    trump: str | None
    #: One hand per seat, as written, seat 0 first.
    hands: tuple[str, ...]
    #: The piles written (``widow``, ``stock``, ``kitty``), as (name, cards) pairs.
    piles: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: str) -> HandBuilt:
        """The deal written in ``text``; the header may be left out (the contract is then ``""``).

        Raises :class:`~kinglib.values.errors.NotationError` for text that is no deal: an
        unknown word in the header, a line that names no seat or pile, a seat or pile given
        twice, a seat missing. The cards are read when the deal is started.
        """
        contract, dealer, trump, hands, piles = _read(text)
        return cls(contract, dealer, trump, tuple(hands), tuple(piles.items()))

    def start(
        self,
        rules: Rules,
        *,
        contract: str | None = None,
        dealer: int | None = None,
        trump: Suit | str | None = None,
    ) -> State:
        """The first state of this deal under ``rules``.

        The deal is started by :meth:`Rules.new_deal <kinglib.Rules.new_deal>`.

        ``contract``, ``dealer`` and ``trump``, when given, replace the written ones. Raises
        :class:`~kinglib.values.errors.NotationError` when no contract is written or given, and
        :class:`~kinglib.values.errors.RulesError` for a deal the rules refuse.
        """
        contract = self.contract if contract is None else contract
        if not contract:
            raise NotationError("the deal names no contract: write a header or give one")
        piles = dict(self.piles)
        return rules.new_deal(
            contract,
            list(self.hands),
            self.dealer if dealer is None else dealer,
            widow=piles.get("widow"),
            stock=piles.get("stock"),
            kitty=piles.get("kitty"),
            trump=self.trump if trump is None else trump,
        )


def deal_from_text(
    rules: Rules,
    text: str,
    *,
    contract: str | None = None,
    dealer: int | None = None,
    trump: Suit | str | None = None,
) -> State:
    """The first state of the deal written in ``text`` (see the module's description).

    ``contract``, ``dealer`` and ``trump``, when given, replace what the header says, so that
    one layout of the cards can be played in several contracts or from several seats; with a
    ``contract`` the text may leave the header out and start with the hands. The same as
    ``HandBuilt.parse(text).start(rules, ...)``.

    >>> import kinglib
    >>> from kinglib.testing import deal_from_text
    >>> state = deal_from_text(
    ...     kinglib.load_rules("simple"),
    ...     '''
    ...     no_hearts dealer=3
    ...     0: AS KS QS JS AH 7H AD 7C
    ...     1: TS 9S 8S 7S KH QH 9C 8C
    ...     2: JH TH 9H 8H KD QD JD TD
    ...     3: AC KC QC JC TC 9D 8D 7D
    ...     ''',
    ... )
    >>> state.contract, state.dealer, state.to_move
    ('no_hearts', 3, 0)

    Raises :class:`~kinglib.values.errors.NotationError` for text that is no deal (see
    :meth:`HandBuilt.parse`) or names no contract, and
    :class:`~kinglib.values.errors.RulesError` for a deal the rules refuse (see
    :meth:`Rules.new_deal <kinglib.Rules.new_deal>`).
    """
    return HandBuilt.parse(text).start(rules, contract=contract, dealer=dealer, trump=trump)


def play_moves(state: State, moves: str) -> State:
    """``state`` after the moves written in ``moves``, applied in turn.

    The moves are separated by commas (``"bid 3, pass, discard AC KC"``) or, when there is no
    comma, by spaces (``"AD TD 6D 2D"``; ``bid``, ``choose`` and ``declare`` then take the next
    word with them). Each is read by :func:`kinglib.parse_move` in the light of the state it is
    applied to, so a bare contract id, suit or number does where it is due. An illegal move
    raises :class:`~kinglib.values.errors.IllegalMoveError` as :meth:`State.apply
    <kinglib.State.apply>` does.
    """
    for word in _split_moves(moves):
        state = state.apply(parse_move(word, state))
    return state


def play_out(
    state: State,
    moves: str = "",
    *,
    rng: random.Random | None = None,
    check: Callable[[State], None] | None = None,
    deal_only: bool = False,
) -> State:
    """Play ``state`` on to the end: the moves written in ``moves``, then the first legal move.

    Args:
        state: where play starts.
        moves: moves to make first, written as :func:`play_moves` reads them.
        rng: with a random generator, a random legal move instead of the first.
        check: called with each state a move is made from (the moves written first included),
            to check it on the way.
        deal_only: stop when the deal of ``state`` is over (at the next deal's first state, or
            at the end of the match), instead of at the end of the match.

    Returns the final state (of a deal from :meth:`Rules.new_deal <kinglib.Rules.new_deal>`,
    the end of that deal).

    """
    number = state.deal_number
    for word in _split_moves(moves):
        if check is not None:
            check(state)
        state = state.apply(parse_move(word, state))
    while not state.is_over and not (deal_only and state.deal_number != number):
        if check is not None:
            check(state)
        legal = state.legal_moves()
        state = state.apply(legal[0] if rng is None else rng.choice(legal))
    return state


def deal_points(rules: Rules, text: str, moves: str = "") -> tuple[int, ...]:
    """The points of the deal written in ``text``, played out by :func:`play_out`.

    ``moves`` are made first, then each seat plays its first legal move.

    >>> import kinglib
    >>> from kinglib.testing import deal_points
    >>> deal_points(
    ...     kinglib.load_rules("simple"),
    ...     '''
    ...     no_tricks dealer=3
    ...     0: AS KS QS JS TS 9S 8S 7S
    ...     1: AH KH QH JH TH 9H 8H 7H
    ...     2: AD KD QD JD TD 9D 8D 7D
    ...     3: AC KC QC JC TC 9C 8C 7C
    ...     ''',
    ... )
    (-16, 0, 0, 0)
    """
    final = play_out(deal_from_text(rules, text), moves)
    return final.results[-1].points


# ------------------------------------------------------------------ reading the text


def _read(text: str) -> tuple[str, int, str | None, list[str], dict[str, str]]:
    """The contract, dealer, trump, hands (in seat order) and piles written in ``text``.

    A text without a header gives the contract ``""``.
    """
    if not isinstance(text, str):
        raise NotationError(f"a deal is written as text, not {type(text).__name__}")
    lines = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        raise NotationError("a deal's text gives no hands")
    if ":" in lines[0]:
        lines.insert(0, "")
    contract, *words = lines[0].split() or [""]
    dealer = 0
    trump: str | None = None
    for word in words:
        key, sep, value = word.partition("=")
        if key == "dealer" and sep and value.isdigit():
            dealer = int(value)
        elif key == "trump" and sep and value:
            trump = value
        else:
            raise NotationError(
                f"{word!r} in the header of a deal: only dealer=SEAT and trump=SUIT may follow "
                "the contract"
            )
    hands: dict[int, str] = {}
    piles: dict[str, str] = {}
    for line in lines[1:]:
        label, sep, cards = line.partition(":")
        label = label.strip()
        cards = cards.strip()
        if not sep:
            raise NotationError(f"{line!r}: a line of a deal is SEAT: CARDS or PILE: CARDS")
        if label.isdigit():
            seat = int(label)
            if seat in hands:
                raise NotationError(f"seat {seat} is given two hands")
            hands[seat] = cards
        elif label in PILES:
            if label in piles:
                raise NotationError(f"the {label} is given twice")
            piles[label] = cards
        else:
            raise NotationError(
                f"{label!r} is neither a seat nor a pile ({', '.join(PILES)}) of a deal"
            )
    missing = [seat for seat in range(len(hands)) if seat not in hands]
    if missing:
        raise NotationError(f"seat {missing[0]} has no hand in the deal")
    return contract, dealer, trump, [hands[seat] for seat in range(len(hands))], piles


def _split_moves(text: str) -> list[str]:
    """The moves of ``text``, one text each (see :func:`play_moves`)."""
    if "," in text:
        return [word.strip() for word in text.split(",") if word.strip()]
    words = text.split()
    out: list[str] = []
    k = 0
    while k < len(words):
        if words[k].lower() in _TWO_WORDS and k + 1 < len(words):
            out.append(f"{words[k]} {words[k + 1]}")
            k += 2
        else:
            out.append(words[k])
            k += 1
    return out
