"""simple — Кинг простой (RULES.md §3): four players, 32 cards, the fourteen King games.

Options: ``boys``, ``king_on_heart_lead``, ``king_forced``, ``order``, ``scheme``, plus the
common ``first_dealer`` and ``early_end``. With ``players`` from 2 to 6 each player gets 8
cards from the top of a 52-card pack (A–J for two … A–3 for six).
"""

from __future__ import annotations

from collections.abc import Mapping

from kinglib.cards import CardSet, deck_mask
from kinglib.contracts import NEGATIVE_GAMES, Contract, Prices, king_contracts, positive_twin
from kinglib.hookspecs import hookimpl
from kinglib.invariants import Invariants, shown_in_extras
from kinglib.options import Option, VariantInfo
from kinglib.rules import Rules
from kinglib.schedule import Schedule

__all__ = ["KING_PLAY_OPTIONS", "check_order", "classic_schedule"]


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
            "the match: classic (the seven negative games, then their positive twins)",
            choices=("classic",),
            kind=str,
        ),
    ),
    description=(
        "The classic four-player King: seven negative games (no tricks, no boys, no girls, "
        "no hearts, no king, no last two, eralash), then their seven positive twins."
    ),
)


def classic_schedule(order: tuple[str, ...]) -> Schedule:
    """The classic 14-deal match: the negative games in ``order``, then their twins."""
    return Schedule(deals=(*order, *(positive_twin(g) for g in order)))


@hookimpl
def kinglib_variant_info() -> VariantInfo:
    """Describe simple King."""
    return INFO


@hookimpl
def kinglib_deck(rules: Rules) -> CardSet:
    """Eight cards a player from the top of a 52-card pack: the 32-card pack for four."""
    return CardSet.from_mask(deck_mask(15 - 2 * rules.players))


@hookimpl
def kinglib_contracts(rules: Rules) -> Mapping[str, Contract]:
    """The fourteen King games and the trump round at simple's prices."""
    opts = rules.options
    prices = Prices(boy=4 if opts["boys"] == "jacks" else 2, boys=opts["boys"])
    return king_contracts(
        prices,
        deck=rules.deck.mask,
        tricks=len(rules.deck) // rules.players,
        king_on_heart_lead=opts["king_on_heart_lead"] == "forced",
        king_forced=opts["king_forced"],
    )


@hookimpl
def kinglib_schedule(rules: Rules) -> Schedule:
    """The classic scheme."""
    return classic_schedule(rules.options["order"])


@hookimpl
def kinglib_invariants(rules: Rules) -> Invariants:
    """Every scheme is zero-sum, every deal hands out its contract's total, the length is fixed.

    In a trump round declared ``last`` the declarer's last card is shown to everyone (the view
    extra ``"last_card"``).
    """
    return Invariants(
        zero_sum=True, deals=rules.schedule.length, shown_cards=shown_in_extras("last_card")
    )
