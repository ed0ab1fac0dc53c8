"""dos1993: King as the 1993 DOS game played it.

* Four players, the 32-card pack, eight cards each.
* Every player chooses each of the 14 King games exactly once (the seven negative games and
  their positive twins): 56 deals. The chooser of a deal is its eldest, left of the dealer; he
  chooses with his hand seen (``Choose``) and leads to the first trick. The dealer moves left
  with each deal, so the choosers rotate and each chooses 14 times.
* Boys are the jacks and the kings. Prices are ten times simple's: 20 a trick, 20 a heart,
  20 a boy, 40 a queen, 80 for each of the last two tricks, 160 for the K♥. Every game hands
  out 160, eralash 960; the match is zero-sum.
* The K♥ is never forced: its holder may keep it when he cannot follow suit, and when hearts
  are led.
* A deal ends as soon as the cards left can no longer change a score (option ``early_end``,
  on by default, as in every variant).

The choosing phase is kinglib's own (:mod:`kinglib.kit.choosing`, which ``ordered``
uses): a plan of quotas, one of each game per player, read from the finished deals' results.
A deal built by hand (``Rules.new_deal``) is one already chosen: its eldest is the chooser
and play starts at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kinglib import (
    CardSet,
    Contract,
    Phase,
    Prices,
    Rules,
    Schedule,
    State,
    VariantInfo,
    hookimpl,
)
from kinglib.engine.phases import PhaseRules
from kinglib.kit.choosing import ChoicePlan, ChooseContract
from kinglib.plugins.invariants import Invariants
from kinglib.values.contracts import NEGATIVE_GAMES, POSITIVE_GAMES, king_contracts

__all__ = ["GAMES", "INFO", "PLAN", "PRICES"]

#: The 14 games every player chooses once.
GAMES: tuple[str, ...] = NEGATIVE_GAMES + POSITIVE_GAMES

#: The prices: ten times simple's, jacks and kings as boys.
PRICES = Prices(trick=20, boy=20, girl=40, heart=20, king=160, last_two=80, boys="jacks+kings")

#: Four players, each choosing each game once.
PLAN = ChoicePlan(deals=len(GAMES) * 4, per_player=tuple((g, 1) for g in GAMES))

#: The marker of a deal whose game is chosen during the deal.
CHOOSE = "choose"

INFO = VariantInfo(
    name="dos1993",
    title="Кинг (DOS, 1993)",
    english_title="King of the 1993 DOS game",
    players=(4,),
    default_players=4,
    description=(
        "King as the 1993 DOS game played it: every player chooses each of the 14 games once "
        "(56 deals), jacks and kings are boys, prices are ten times simple's and the K♥ is "
        "never forced."
    ),
)


@hookimpl
def kinglib_variant_info() -> VariantInfo:
    """Describe dos1993."""
    return INFO


@hookimpl
def kinglib_deck(rules: Rules) -> CardSet:
    """The 32-card pack."""
    return CardSet.deck(32)


@hookimpl
def kinglib_contracts(rules: Rules) -> Mapping[str, Contract]:
    """The 14 games at ten times simple's prices; the K♥ never forced."""
    return king_contracts(
        PRICES,
        deck=rules.deck.mask,
        tricks=len(rules.deck) // rules.players,
        king_forced=False,
        games=GAMES,
    )


@hookimpl
def kinglib_schedule(rules: Rules) -> Schedule:
    """56 deals, each game chosen during its deal."""
    return Schedule(deals=(CHOOSE,) * PLAN.deals)


def _to_play(state: State) -> State:
    """The game is chosen: the eldest (its chooser) leads."""
    return state.evolve(phase=Phase.PLAY, to_move=state.eldest)


@hookimpl
def kinglib_phases(rules: Rules) -> Mapping[Phase, PhaseRules]:
    """Choosing; trick play is kinglib's default."""
    return {Phase.CHOOSE: ChooseContract(rules, PLAN, _to_play)}


@hookimpl
def kinglib_begin_deal(rules: Rules, state: State) -> State:
    """The eldest chooses; a deal built by hand comes with its game and is played at once."""
    spec = state.setup.deal
    if spec is None:
        return state.evolve(phase=Phase.CHOOSE, to_move=state.eldest)
    return state.evolve(
        phase=Phase.PLAY,
        contract_info=rules.contracts[spec.contract],
        maker=state.eldest,
        to_move=state.eldest,
    )


@hookimpl
def kinglib_view_extra(rules: Rules, state: State, seat: int) -> Mapping[str, Any]:
    """The chooser of the deal, and the games each seat has still to choose (public)."""
    extra: dict[str, Any] = {"chooser": state.eldest}
    if state.setup.deal is None:
        extra["owed"] = tuple(
            tuple(g for g, n in PLAN.quotas_left(state, s).items() if n > 0)
            for s in range(rules.players)
        )
    return extra


@hookimpl
def kinglib_invariants(rules: Rules) -> Invariants:
    """Zero-sum, contract totals, 56 deals."""
    return Invariants(zero_sum=True, deals=PLAN.deals)
