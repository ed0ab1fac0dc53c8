"""simple — Кинг простой: four players, 32 cards, the fourteen King games.

Options: ``boys``, ``king_on_heart_lead``, ``king_forced``, ``order``, ``scheme``,
``plus_eralash_first``, the trump rounds' ``buying`` and ``only_maker_leads_trump``, plus the
common ``first_dealer`` and ``early_end``. With ``players`` from 2 to 6 each player gets 8
cards from the top of a 52-card pack (A–J for two … A–3 for six).

The schemes (option ``scheme``):

* ``classic`` (14 deals): the seven negative games in ``order``, then their positive twins;
* ``otygrysh`` (15): the seven negative games, then 8 trump rounds in praise mode;
* ``plus_eralash`` (12): the seven negative games, 4 trump rounds, then plus_eralash; with
  ``plus_eralash_first`` plus_eralash comes before the trump rounds;
* ``short`` (10): the six negative games without eralash, then 4 trump rounds;
* ``twelve`` (12): the six negative games without eralash, then their six positive twins, in
  :data:`TWELVE_ORDER` unless ``order`` is given (then its order, eralash left out).

The trump rounds are played by four (3 a trick, 24 a deal); the schemes that hold them refuse
other player counts. ``classic`` and ``twelve`` take any player count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kinglib.engine.rules import Rules
from kinglib.kit import trump_rounds
from kinglib.kit.trump_rounds import TRUMP_ROUND_OPTIONS, check_trump_players
from kinglib.values.cards import CardSet, deck_mask
from kinglib.values.contracts import (
    NEGATIVE_GAMES,
    POSITIVE_GAMES,
    Contract,
    Prices,
    king_contracts,
    positive_twin,
)
from kinglib.values.errors import RulesError
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule

__all__ = [
    "KING_PLAY_OPTIONS",
    "SCHEMES",
    "TWELVE_ORDER",
    "check_order",
    "classic_schedule",
    "king_games",
    "order_for_scheme",
    "scheme_schedule",
    "simple_prices",
    "twelve_schedule",
]

#: The schemes of simple King and their number of deals.
SCHEMES: dict[str, int] = {
    "classic": 14,
    "otygrysh": 15,
    "plus_eralash": 12,
    "short": 10,
    "twelve": 12,
}

#: The schemes without trump rounds, played by any number of players.
_ANY_PLAYERS = ("classic", "twelve")

#: The order of the twelve-game King (scheme ``twelve``, and three-hand's ``parlett36``):
#: no_tricks, no_hearts, no_boys, no_girls, no_last_two, no_king. As an ``order`` value it lists
#: eralash too, last, since the option names all seven negative games; those schemes leave it
#: out.
TWELVE_ORDER: tuple[str, ...] = (
    "no_tricks",
    "no_hearts",
    "no_boys",
    "no_girls",
    "no_last_two",
    "no_king",
    "eralash",
)


def _check_scheme(value: str, players: int) -> str:
    if value not in _ANY_PLAYERS:
        check_trump_players(value, players, (4,))
    return value


def order_for_scheme(options: Mapping[str, Any], players: int) -> tuple[str, ...]:
    """The default of option ``order``: :data:`TWELVE_ORDER` for scheme ``twelve``.

    Every other scheme plays the negative games in the order of :data:`NEGATIVE_GAMES`.
    """
    if options.get("scheme") == "twelve":
        return TWELVE_ORDER
    return NEGATIVE_GAMES


def check_order(value: tuple[str, ...], players: int) -> tuple[str, ...]:
    """Check that ``order`` lists each of the seven negative games exactly once."""
    names = [g if isinstance(g, str) else repr(g) for g in value]
    if sorted(names) != sorted(NEGATIVE_GAMES) or names != list(value):
        raise ValueError(
            "option 'order' lists each negative game exactly once: "
            f"{', '.join(NEGATIVE_GAMES)}; got {', '.join(names) or 'nothing'}"
        )
    return value


#: The options that shape play in every variant built on the King games.
KING_PLAY_OPTIONS: tuple[Option, ...] = (
    Option(
        "boys",
        "jacks",
        "which cards are boys: jacks, or jacks and kings (then each costs half as much)",
        choices=("jacks", "jacks+kings"),
        kind=str,
    ),
    Option(
        "king_on_heart_lead",
        "optional",
        "on a heart lead the holder of KH may keep it (optional) or must play it (forced)",
        choices=("optional", "forced"),
        kind=str,
    ),
    Option(
        "king_forced",
        True,
        "KH must be played by a holder who cannot follow suit; false: KH is never forced",
        kind=bool,
    ),
)

INFO = VariantInfo(
    name="simple",
    title="Кинг простой",
    english_title="Simple King",
    players=(2, 3, 4, 5, 6),
    default_players=4,
    options=(
        *KING_PLAY_OPTIONS,
        Option(
            "order",
            NEGATIVE_GAMES,
            "the order of the seven negative games (the positive twins follow in the same "
            "order); by default no_tricks, no_boys, no_girls, no_hearts, no_king, no_last_two, "
            "eralash, and for scheme twelve no_tricks, no_hearts, no_boys, no_girls, "
            "no_last_two, no_king (eralash left out)",
            kind=tuple,
            convert=check_order,
            default_for=order_for_scheme,
        ),
        Option(
            "scheme",
            "classic",
            "the match: classic (the seven negative games, then their positive twins, 14 deals); "
            "otygrysh (the seven negative games, then 8 trump rounds, 15); plus_eralash (the "
            "seven negative games, 4 trump rounds, plus_eralash, 12); short (six negative games "
            "without eralash, 4 trump rounds, 10); twelve (six negative games without eralash, "
            "then their positive twins, 12); the trump rounds need 4 players",
            choices=tuple(SCHEMES),
            kind=str,
            convert=_check_scheme,
        ),
        Option(
            "plus_eralash_first",
            False,
            "scheme plus_eralash: play plus_eralash before the four trump rounds",
            kind=bool,
        ),
        *TRUMP_ROUND_OPTIONS,
    ),
    description=(
        "The classic four-player King: seven negative games (no tricks, no boys, no girls, "
        "no hearts, no king, no last two, eralash), then their seven positive twins. Scheme "
        "twelve plays the six negative games without eralash, then their six positive twins. "
        "Other schemes replace the positive games by trump rounds in praise mode (отыгрыш): the "
        "eldest declares trumps on his first three cards (a suit, notrump, misere, raspis, or "
        "last: the suit of the last card dealt to him, which he has not seen, is trump, and "
        "that card is shown to everyone), the others may buy the declaration for tricks, and "
        "each trick is worth 3."
    ),
    # The praise-mode trump rounds are a plugin of their own, registered before this one.
    parts=(trump_rounds,),
)


def classic_schedule(order: tuple[str, ...]) -> Schedule:
    """The classic 14-deal match: the negative games in ``order``, then their twins."""
    return Schedule(deals=(*order, *(positive_twin(g) for g in order)))


def twelve_schedule(order: tuple[str, ...]) -> Schedule:
    """The twelve-game match: the negative games in ``order`` without eralash, then their twins."""
    six = tuple(g for g in order if g != "eralash")
    return Schedule(deals=(*six, *(positive_twin(g) for g in six)))


def scheme_schedule(
    scheme: str, order: tuple[str, ...], *, plus_eralash_first: bool = False
) -> Schedule:
    """The deals of one of :data:`SCHEMES`, with the negative games in ``order``.

    Raises :class:`~kinglib.values.errors.RulesError` for an unknown scheme, or for
    ``plus_eralash_first`` with a scheme other than ``plus_eralash``.
    """
    if plus_eralash_first and scheme != "plus_eralash":
        raise RulesError(
            f"option 'plus_eralash_first' applies only to scheme 'plus_eralash', not {scheme!r}"
        )
    if scheme == "classic":
        return classic_schedule(order)
    if scheme == "otygrysh":
        return Schedule(deals=(*order, *("trumps",) * 8))
    if scheme == "plus_eralash":
        trumps = ("trumps",) * 4
        tail = ("plus_eralash", *trumps) if plus_eralash_first else (*trumps, "plus_eralash")
        return Schedule(deals=(*order, *tail))
    if scheme == "short":
        return Schedule(deals=(*(g for g in order if g != "eralash"), *("trumps",) * 4))
    if scheme == "twelve":
        return twelve_schedule(order)
    raise RulesError(f"unknown scheme {scheme!r}; the schemes are: {', '.join(SCHEMES)}")


def kinglib_variant_info() -> VariantInfo:
    """Describe simple King."""
    return INFO


def kinglib_deck(rules: Rules) -> CardSet:
    """Eight cards a player from the top of a 52-card pack: the 32-card pack for four.

    Three players play ace to nine (24 cards), five ace to five (40), six ace to three (48).
    """
    return CardSet.from_mask(deck_mask(15 - 2 * rules.players))


def simple_prices(boys: str) -> Prices:
    """Simple's price list: a boy is 4 (jacks) or 2 (jacks and kings), the rest as usual."""
    return Prices(boy=4 if boys == "jacks" else 2, boys=boys)


def king_games(
    rules: Rules,
    prices: Prices,
    *,
    games: tuple[str, ...] = (*NEGATIVE_GAMES, *POSITIVE_GAMES, "trumps"),
    tricks: int | None = None,
) -> Mapping[str, Contract]:
    """The King games at ``prices`` with the K♥ options of :data:`KING_PLAY_OPTIONS` applied.

    ``tricks`` defaults to the pack shared evenly among the players.
    """
    opts = rules.options
    return king_contracts(
        prices,
        deck=rules.deck.mask,
        tricks=len(rules.deck) // rules.players if tricks is None else tricks,
        king_on_heart_lead=opts["king_on_heart_lead"] == "forced",
        king_forced=opts["king_forced"],
        games=games,
    )


def kinglib_contracts(rules: Rules) -> Mapping[str, Contract]:
    """The fourteen King games and the trump round at simple's prices (option ``boys``)."""
    return king_games(rules, simple_prices(rules.options["boys"]))


def kinglib_schedule(rules: Rules) -> Schedule:
    """The deals of the scheme named by option ``scheme``, in option ``order``.

    Option ``plus_eralash_first`` puts the positive eralash before the trump rounds.
    """
    opts = rules.options
    return scheme_schedule(
        opts["scheme"], opts["order"], plus_eralash_first=opts["plus_eralash_first"]
    )
