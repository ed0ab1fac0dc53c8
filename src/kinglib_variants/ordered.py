"""ordered — Кинг заказной: the eldest chooses each deal's contract, hand seen.

Four players, the 32-card pack, simple's prices and play rules (options ``boys``,
``king_on_heart_lead``, ``king_forced``). After the deal the eldest, having looked at his hand,
chooses the contract (``Choose``); he is the deal's chooser (``DealResult.chooser``) and, in a
trump round, its maker. The eldest leads to the first trick.

Option ``pool``:

* ``"per_player"`` (default): every player chooses each of the 14 games exactly once: 56
  deals, the chooser moving left with the deal;
* ``"shared"``: the 14 games are one pool; each deal's chooser picks one not yet played: 14
  deals.

Option ``trumps=True`` (004): the pool is the seven negative games, shared, plus 8 trump
rounds; every player must order a trump round exactly twice, and is forced to when his turns
left equal the trump rounds he still owes; 15 deals. A trump round is scored 3 a trick (24 a
deal); the chooser names the trump with his hand seen (``Declare``: a suit, or ``notrump`` with
option ``notrump=True``) and leads. With ``trumps=True`` the ``pool`` option is not read: the
negative games are always shared.

Option ``only_maker_leads_trump`` (default true). The match is zero-sum in every form: each
negative game hands out −16 (eralash −96) and its positive twin as much; with trumps, the 8
trump rounds give back the 192 points of the negative games.

A deal built by hand (``Rules.new_deal``) is one already chosen: its contract is given, the
eldest is its chooser, and play starts at once, or, for ``"trumps"`` given without a trump, at
the declaration of the trump.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kinglib.engine.phases import PhaseRules
from kinglib.engine.rules import Rules
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import start_play
from kinglib.kit.choosing import (
    ChoicePlan,
    ChooseContract,
    DeclareTrump,
    check_given_trump,
    trump_declarations,
)
from kinglib.plugins.invariants import Invariants
from kinglib.values.contracts import NEGATIVE_GAMES, POSITIVE_GAMES, Contract
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib_variants.simple import KING_PLAY_OPTIONS, king_games, simple_prices

__all__ = ["INFO", "choice_plan"]

#: The marker of a deal whose contract is chosen during the deal.
CHOOSE = "choose"

INFO = VariantInfo(
    name="ordered",
    title="Кинг заказной",
    english_title="Ordered King",
    players=(4,),
    default_players=4,
    options=(
        *KING_PLAY_OPTIONS,
        Option(
            "pool",
            "per_player",
            "per_player: each player chooses each of the 14 games once (56 deals); "
            "shared: the 14 games are one pool for the table (14 deals)",
            choices=("per_player", "shared"),
            kind=str,
        ),
        Option(
            "trumps",
            False,
            "the seven negative games (shared) and 8 trump rounds, each player ordering two "
            "(15 deals)",
            kind=bool,
        ),
        Option(
            "notrump",
            False,
            "a player ordering a trump round may name notrump",
            kind=bool,
        ),
        Option(
            "only_maker_leads_trump",
            True,
            "in a trump round only the maker may lead a trump while holding another suit",
            kind=bool,
        ),
    ),
    description=(
        "King where the eldest chooses each deal's contract after looking at his hand: each "
        "player every game once (56 deals), or one shared pool (14 deals), or the negative "
        "games with trump rounds (15 deals)."
    ),
)

#: How many trump rounds each player orders with ``trumps=True``.
TRUMP_ROUNDS_EACH = 2


def choice_plan(rules: Rules) -> ChoicePlan:
    """The pools and quotas that the options describe."""
    opts = rules.options
    n = rules.players
    if opts["trumps"]:
        return ChoicePlan(
            deals=len(NEGATIVE_GAMES) + TRUMP_ROUNDS_EACH * n,
            shared=tuple((g, 1) for g in NEGATIVE_GAMES),
            per_player=(("trumps", TRUMP_ROUNDS_EACH),),
        )
    games = NEGATIVE_GAMES + POSITIVE_GAMES
    if opts["pool"] == "shared":
        return ChoicePlan(deals=len(games), shared=tuple((g, 1) for g in games))
    return ChoicePlan(deals=len(games) * n, per_player=tuple((g, 1) for g in games))


def kinglib_variant_info() -> VariantInfo:
    """Describe ordered King."""
    return INFO


def kinglib_contracts(rules: Rules) -> Mapping[str, Contract]:
    """The games of the pool at simple's prices (trump rounds 3 a trick).

    The five negative games, then either the trump round (option ``trumps``) or the positive
    game.
    """
    opts = rules.options
    games = NEGATIVE_GAMES + (("trumps",) if opts["trumps"] else POSITIVE_GAMES)
    return king_games(rules, simple_prices(opts["boys"]), games=games)


def kinglib_schedule(rules: Rules) -> Schedule:
    """As many deals as the choice plan has, each one's contract chosen during the deal."""
    return Schedule(deals=(CHOOSE,) * choice_plan(rules).deals)


def _to_play(state: State) -> State:
    """The contract is fixed: the card play opens (the eldest leads)."""
    return start_play(state)


def kinglib_phases(rules: Rules) -> Mapping[Phase, PhaseRules]:
    """Choosing the contract, then declaring the trump of a trump round."""
    return {
        Phase.CHOOSE: ChooseContract(rules, choice_plan(rules), _to_play),
        Phase.DECLARE: DeclareTrump(trump_declarations(rules.options["notrump"]), _to_play),
    }


def kinglib_begin_deal(rules: Rules, state: State) -> State:
    """Open a deal: the eldest chooses its contract.

    A hand-built deal comes with its contract; the eldest is its maker and leads, after
    declaring the trump of a trump round that was given without one.
    """
    spec = state.setup.deal
    eldest = state.eldest
    if spec is None:
        return state.evolve(phase=Phase.CHOOSE, to_move=eldest)
    check_given_trump(
        rules, spec.contract, spec.trump, trump_declarations(rules.options["notrump"])
    )
    contract = rules.contracts[spec.contract]
    opened = state.evolve(contract_info=contract, maker=eldest, to_move=eldest)
    if contract.trump_round and spec.trump is None:
        return opened.evolve(phase=Phase.DECLARE)
    return start_play(opened, trump=spec.trump)


def kinglib_view_extra(rules: Rules, state: State) -> Mapping[str, Any]:
    """The seat choosing this deal, and the score sheet of what is still to be chosen.

    ``pool_left`` lists the shared games not yet played and ``owed`` what each seat must still
    choose; both count finished deals only, so the deal in play is in them until it ends.
    """
    chooser = state.maker if state.maker is not None else state.eldest
    return {"chooser": chooser, **choice_plan(rules).sheet(state)}


def kinglib_invariants(rules: Rules) -> Invariants:
    """Zero-sum in every form, every deal hands out its contract's total, a fixed length."""
    return Invariants(zero_sum=True, deals=rules.schedule.length)
