"""three-hand — Кинг втроём: three players, the King games on a short pack.

Schemes (option ``scheme``):

* ``classic`` (default, 14 deals): the 30-card pack (the 32-card pack without A♠ A♣; option
  ``removed="black sevens"``: without 7♠ 7♣), 10 cards each; the seven negative games in
  ``order``, then their positive twins. Prices: trick 2, heart 2, boy (jack) 5, girl 5, each
  of the last two tricks 10, K♥ 20; game totals 20, 20, 20, 16, 20, 20, eralash 116;
  zero-sum −232 / +232.
* ``otygrysh`` (15 deals): as classic, but K♥ is worth 24 (so the negative half totals −240),
  and the positive half is 8 trump rounds in praise mode of 10 tricks at 3 a trick (+240).
  Ten tricks do not divide among three players, so there is no raspis.
* ``parlett36`` (12 deals): the 36-card pack (6..A), 12 cards each; the six negative games
  without eralash, then their six positive twins; trick 6, heart 8, boy (jack or king) 9,
  girl 18, each of the last two 36, K♥ 72: every game 72. By default in the order of the
  twelve-game King (:data:`~kinglib_variants.simple.TWELVE_ORDER`: no_tricks, no_hearts,
  no_boys, no_girls, no_last_two, no_king, the K♥ game last); a given ``order`` applies
  instead, eralash left out.

The play options ``king_on_heart_lead`` and ``king_forced`` are those of ``simple``. The boys
are fixed by the scheme (jacks in the 30-card schemes, jacks and kings in ``parlett36``), so
three-hand has no ``boys`` option: on the 30-card pack, jacks and kings at one price would not
make a whole-numbered game of 20.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kinglib.engine.rules import Rules
from kinglib.kit import trump_rounds
from kinglib.kit.trump_rounds import TRUMP_ROUND_OPTIONS
from kinglib.values.cards import Card, CardSet, Rank, Suit, deck_mask
from kinglib.values.contracts import NEGATIVE_GAMES, POSITIVE_GAMES, Contract, Prices
from kinglib.values.errors import RulesError
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib_variants.simple import (
    KING_PLAY_OPTIONS,
    TWELVE_ORDER,
    check_order,
    classic_schedule,
    king_games,
    twelve_schedule,
)

__all__ = ["INFO", "PRICES", "SCHEMES"]

#: The schemes of three-hand King and their number of deals.
SCHEMES: dict[str, int] = {"classic": 14, "otygrysh": 15, "parlett36": 12}

#: The price list of each scheme.
PRICES: dict[str, Prices] = {
    "classic": Prices(trick=2, heart=2, boy=5, girl=5, last_two=10, king=20, trump_trick=3),
    "otygrysh": Prices(trick=2, heart=2, boy=5, girl=5, last_two=10, king=24, trump_trick=3),
    "parlett36": Prices(trick=6, heart=8, boy=9, girl=18, last_two=36, king=72, boys="jacks+kings"),
}

_REMOVED: dict[str, tuple[Card, Card]] = {
    "black aces": (Card(Suit.SPADES, Rank.ACE), Card(Suit.CLUBS, Rank.ACE)),
    "black sevens": (Card(Suit.SPADES, Rank.SEVEN), Card(Suit.CLUBS, Rank.SEVEN)),
}


def _order_for_scheme(options: Mapping[str, Any], players: int) -> tuple[str, ...]:
    """The default of option ``order``: the twelve-game order for parlett36."""
    return TWELVE_ORDER if options.get("scheme") == "parlett36" else NEGATIVE_GAMES


INFO = VariantInfo(
    name="three-hand",
    title="Кинг втроём",
    english_title="Three-handed King",
    players=(3,),
    default_players=3,
    options=(
        *(o for o in KING_PLAY_OPTIONS if o.name != "boys"),
        Option(
            "scheme",
            "classic",
            "the match: classic (the 14 King games on 30 cards); otygrysh (K♥ 24, the seven "
            "negative games then 8 trump rounds in praise mode, 15 deals); parlett36 (36 cards, "
            "12 each: six negative games without eralash, then their positive twins, every game "
            "72)",
            choices=tuple(SCHEMES),
            kind=str,
        ),
        Option(
            "removed",
            "black aces",
            "the two cards taken out of the 32-card pack to make 30: the black aces or the "
            "black sevens (not used by scheme parlett36, which plays 36 cards)",
            choices=tuple(_REMOVED),
            kind=str,
        ),
        Option(
            "order",
            NEGATIVE_GAMES,
            "the order of the seven negative games (the positive twins or trump rounds follow); "
            "by default no_tricks, no_boys, no_girls, no_hearts, no_king, no_last_two, eralash, "
            "and for parlett36 no_tricks, no_hearts, no_boys, no_girls, no_last_two, no_king "
            "(parlett36 leaves eralash out)",
            kind=tuple,
            convert=check_order,
            default_for=_order_for_scheme,
        ),
        *TRUMP_ROUND_OPTIONS,
    ),
    description=(
        "King for three: the 32-card pack without the black aces, 10 cards each, the fourteen "
        "King games at three-hand prices (zero-sum, −232 against +232). Scheme otygrysh plays "
        "eight trump rounds in praise mode instead of the positive games (the eldest declares "
        "on his first three cards: a suit, notrump, misere, or last: the suit of the last card "
        "dealt to him, which he has not seen, is trump, and that card is shown to everyone); "
        "scheme parlett36 plays 36 cards and twelve games worth 72 each: no tricks, no hearts, "
        "no boys, no girls, no last two, no king, then their positive twins in that order."
    ),
    # The praise-mode trump rounds are a plugin of their own, registered before this one.
    parts=(trump_rounds,),
)


def kinglib_variant_info() -> VariantInfo:
    """Describe three-hand King."""
    return INFO


def kinglib_deck(rules: Rules) -> CardSet:
    """The pack of option ``scheme``: 30 cards (without option ``removed``), 36 for parlett36."""
    removed = rules.options["removed"]
    if rules.options["scheme"] == "parlett36":
        if removed != "black aces":
            raise RulesError("option 'removed' applies to the 30-card pack, not scheme parlett36")
        return CardSet.from_mask(deck_mask(Rank.SIX))
    mask = deck_mask(Rank.SEVEN)
    for card in _REMOVED[removed]:
        mask &= ~card.mask
    return CardSet.from_mask(mask)


def kinglib_contracts(rules: Rules) -> Mapping[str, Contract]:
    """The King games at the scheme's prices (parlett36: no eralash and no trump round)."""
    opts = rules.options
    scheme = opts["scheme"]
    games: tuple[str, ...] = (*NEGATIVE_GAMES, *POSITIVE_GAMES, "trumps")
    if scheme == "parlett36":
        games = tuple(g for g in games if g not in ("eralash", "plus_eralash", "trumps"))
    return king_games(rules, PRICES[scheme], games=games)


def kinglib_schedule(rules: Rules) -> Schedule:
    """The deals of the scheme, the games in option ``order``.

    otygrysh plays the games of ``order`` and then eight trump rounds, parlett36 the
    twelve-game match, the other schemes the classic 14-deal match.
    """
    scheme = rules.options["scheme"]
    order: tuple[str, ...] = rules.options["order"]
    if scheme == "otygrysh":
        return Schedule(deals=(*order, *("trumps",) * 8))
    if scheme == "parlett36":
        return twelve_schedule(order)
    return classic_schedule(order)
