"""simple — Кинг простой (RULES.md §3): four players, 32 cards, the fourteen King games.

Options: ``boys``, ``king_on_heart_lead``, ``king_forced``, ``order``, ``scheme``,
``plus_eralash_first``, the trump rounds' ``buying`` and ``only_maker_leads_trump``, plus the
common ``first_dealer`` and ``early_end``. With ``players`` from 2 to 6 each player gets 8
cards from the top of a 52-card pack (A–J for two … A–3 for six).

The schemes (option ``scheme``):

* ``classic`` (14 deals): the seven negative games in ``order``, then their positive twins;
* ``otygrysh`` (15): the seven negative games, then 8 trump rounds in praise mode (§5);
* ``plus_eralash`` (12): the seven negative games, 4 trump rounds, then plus_eralash; with
  ``plus_eralash_first`` (as seed 002 plays it) plus_eralash comes before the trump rounds;
* ``short`` (10): the six negative games without eralash, then 4 trump rounds.

The trump rounds are played by four (3 a trick, 24 a deal); the schemes that hold them refuse
other player counts.
"""

from __future__ import annotations

from collections.abc import Mapping

from kinglib.cards import CardSet, deck_mask
from kinglib.contracts import (
    NEGATIVE_GAMES,
    POSITIVE_GAMES,
    Contract,
    Prices,
    king_contracts,
    positive_twin,
)
from kinglib.errors import RulesError
from kinglib.hookspecs import hookimpl
from kinglib.options import Option, VariantInfo
from kinglib.rules import Rules
from kinglib.schedule import Schedule

# The praise-mode trump rounds: pluggy registers these hooks with this module.
from kinglib_variants._trump_rounds import (  # noqa: F401
    TRUMP_ROUND_OPTIONS,
    check_trump_players,
    kinglib_begin_deal,
    kinglib_deal_details,
    kinglib_invariants,
    kinglib_phases,
    kinglib_sample_hidden,
    kinglib_score_deal,
    kinglib_view_extra,
)

__all__ = [
    "KING_PLAY_OPTIONS",
    "SCHEMES",
    "check_order",
    "classic_schedule",
    "king_games",
    "scheme_schedule",
    "simple_prices",
]

#: The schemes of simple King and their number of deals.
SCHEMES: dict[str, int] = {"classic": 14, "otygrysh": 15, "plus_eralash": 12, "short": 10}


def _check_scheme(value: str, players: int) -> str:
    if value != "classic":
        check_trump_players(value, players, (4,))
    return value


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
    players=(2, 3, 4, 5, 6),
    default_players=4,
    options=(
        *KING_PLAY_OPTIONS,
        Option(
            "order",
            NEGATIVE_GAMES,
            "the order of the seven negative games (the positive twins follow in the same order)",
            kind=tuple,
            convert=check_order,
        ),
        Option(
            "scheme",
            "classic",
            "the match: classic (the seven negative games, then their positive twins, 14 deals); "
            "otygrysh (the seven negative games, then 8 trump rounds, 15); plus_eralash (the "
            "seven negative games, 4 trump rounds, plus_eralash, 12); short (six negative games "
            "without eralash, 4 trump rounds, 10); the trump rounds need 4 players",
            choices=tuple(SCHEMES),
            kind=str,
            convert=_check_scheme,
        ),
        Option(
            "plus_eralash_first",
            False,
            "scheme plus_eralash: play plus_eralash before the four trump rounds (as seed 002)",
            kind=bool,
        ),
        *TRUMP_ROUND_OPTIONS,
    ),
    description=(
        "The classic four-player King: seven negative games (no tricks, no boys, no girls, "
        "no hearts, no king, no last two, eralash), then their seven positive twins. Other "
        "schemes replace the positive games by trump rounds in praise mode (отыгрыш): the "
        "eldest declares trumps on his first three cards, the others may buy the declaration "
        "for tricks, and each trick is worth 3."
    ),
)


def classic_schedule(order: tuple[str, ...]) -> Schedule:
    """The classic 14-deal match: the negative games in ``order``, then their twins."""
    return Schedule(deals=(*order, *(positive_twin(g) for g in order)))


def scheme_schedule(
    scheme: str, order: tuple[str, ...], *, plus_eralash_first: bool = False
) -> Schedule:
    """The deals of one of :data:`SCHEMES`, with the negative games in ``order``.

    Raises :class:`~kinglib.errors.RulesError` for an unknown scheme, or for
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
    raise RulesError(f"unknown scheme {scheme!r}; the schemes are: {', '.join(SCHEMES)}")


@hookimpl
def kinglib_variant_info() -> VariantInfo:
    """Describe simple King."""
    return INFO


@hookimpl
def kinglib_deck(rules: Rules) -> CardSet:
    """Eight cards a player from the top of a 52-card pack: the 32-card pack for four."""
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


@hookimpl
def kinglib_contracts(rules: Rules) -> Mapping[str, Contract]:
    """The fourteen King games and the trump round at simple's prices."""
    return king_games(rules, simple_prices(rules.options["boys"]))


@hookimpl
def kinglib_schedule(rules: Rules) -> Schedule:
    """The deals of the chosen scheme."""
    opts = rules.options
    return scheme_schedule(
        opts["scheme"], opts["order"], plus_eralash_first=opts["plus_eralash_first"]
    )
