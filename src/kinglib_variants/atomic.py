"""atomic — атомный кинг, Минский кинг: a widow, and contracts chosen blind.

Three players, or four with the dealer sitting out each deal (he holds no cards, never moves
and scores 0). The 32-card pack gives 10 cards to each active player and 2 to the **widow**
(pile ``"widow"``).

A deal:

1. The eldest active player (left of the dealer) is the declarer. Before seeing the widow he
   chooses the contract (``Choose``) and, for a trump round, names the trump (``Declare``: a
   suit, or ``notrump`` with option ``notrump=True``).
2. The widow is shown to everyone (the view extra ``"widow"``, public from then on, and the
   deal's detail ``"widow"``) and joins his hand.
3. He discards two cards face down (``Discard``; pile ``"discard"``, seen by him alone), never a
   card that scores in the chosen contract: a heart in ``no_hearts``, a boy in ``no_boys``, a
   queen in ``no_girls``, K♥ in ``no_king``. Every pair of other cards is a legal move.
4. He leads to the first trick; he is the maker of a trump round (only he may lead a trump
   while holding another suit, option ``only_maker_leads_trump``).

Discarded cards score for nobody: they are not taken. The sources agree: 000 forbids
discarding "cards that have points in this round" ("Запрещается сносить карты, которые имеют
очки в данном круге"), and 004 says that a scoring card discarded against the rule "goes to his
minus" (the penalty of a broken rule), so a card rightly discarded counts for no one. Since no
scoring card can be discarded and the discards of ``no_tricks``, ``no_last_two`` and the trump
round carry no points of their own, every deal still hands out its contract's full total.

Contracts: no_tricks, no_hearts, no_boys, no_girls, no_last_two, no_king (no eralash) and the
trump round ``trumps``. Each player chooses each of the six negative games once and a trump
round three times, in any order: 9 choices each, 27 deals (36 with four). A player whose turns
left equal the games he still owes must choose one of them, which the quotas already ensure.

Prices: a trick 4, a heart 5, a boy 5 (jacks and kings; option ``boys="jacks"``: 10), a queen
10, each of the last two tricks 20, K♥ 40, so every negative game is worth −40; a trump round
8 a trick (+80). The match is zero-sum: each player's six games hand out −240, his three trump
rounds +240.

A deal built by hand (``Rules.new_deal``) is one whose contract is already chosen: the
declarer has chosen the given contract and, when given, the trump, so the deal opens with the
widow shown and taken and the discard to make (``new_deal("no_hearts", hands, widow="...")``).
A ``"trumps"`` deal given without a trump opens with the declaration, widow still hidden. With
four players the dealer's hand is given empty (``""``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from kinglib.engine.dealing import Deal, deal_evenly
from kinglib.engine.phases import PhaseRules
from kinglib.engine.rules import Rules
from kinglib.engine.sampling import HiddenLayout
from kinglib.engine.state import Phase, State
from kinglib.engine.view import View
from kinglib.kit.choosing import (
    ChoicePlan,
    ChooseContract,
    DeclareTrump,
    check_given_trump,
    trump_declarations,
)
from kinglib.kit.widow import DiscardCards, WidowShown, take_widow
from kinglib.plugins.invariants import Invariants
from kinglib.values.cards import CardSet
from kinglib.values.contracts import Contract, Prices
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib_variants._hidden import atomic_layout
from kinglib_variants.simple import KING_PLAY_OPTIONS, king_games

__all__ = ["GAMES", "INFO", "WidowShown", "choice_plan"]

#: The negative games of atomic King, in 004's order of the price list.
GAMES: tuple[str, ...] = (
    "no_tricks",
    "no_hearts",
    "no_boys",
    "no_girls",
    "no_last_two",
    "no_king",
)

#: How many trump rounds each player orders.
TRUMP_ROUNDS_EACH = 3
#: Cards in the widow, and cards the declarer discards.
WIDOW_SIZE = 2

INFO = VariantInfo(
    name="atomic",
    title="Кинг атомный (Минский)",
    english_title="Atomic (Minsk) King",
    players=(3, 4),
    default_players=3,
    options=(
        Option(
            "boys",
            "jacks+kings",
            "which cards are boys: jacks and kings at 5 each, or jacks alone at 10",
            choices=("jacks+kings", "jacks"),
            kind=str,
        ),
        *(opt for opt in KING_PLAY_OPTIONS if opt.name != "boys"),
        Option(
            "notrump",
            False,
            "the declarer of a trump round may name notrump",
            kind=bool,
        ),
        Option(
            "only_maker_leads_trump",
            True,
            "in a trump round only the declarer may lead a trump while holding another suit",
            kind=bool,
        ),
    ),
    description=(
        "Three players (or four, the dealer sitting out) with a two-card widow: the declarer "
        "chooses the game before seeing the widow, shows it, takes it and discards two cards. "
        "Six negative games and three trump rounds for each player."
    ),
)


def choice_plan(rules: Rules) -> ChoicePlan:
    """Each player: each of the six games once, a trump round three times."""
    per_player = (*((g, 1) for g in GAMES), ("trumps", TRUMP_ROUNDS_EACH))
    return ChoicePlan(deals=(len(GAMES) + TRUMP_ROUNDS_EACH) * rules.players, per_player=per_player)


def active_seats(players: int, dealer: int) -> tuple[int, ...]:
    """The seats that play a deal: all three, or the four but the dealer."""
    if players == 4:
        return tuple(s for s in range(players) if s != dealer)
    return tuple(range(players))


#: The DISCARD phase of atomic: the declarer lays two cards away (kept under its old name).
DiscardTwo = DiscardCards


def kinglib_contracts(rules: Rules) -> Mapping[str, Contract]:
    """The six negative games and the trump round, at atomic King's prices.

    A trick 4, a heart 5, a boy 5 (jacks and kings; option ``boys="jacks"``: jacks alone at
    10), a queen 10, each of the last two tricks 20, K♥ 40; a trump round 8 a trick; 10 tricks.
    """
    opts = rules.options
    jacks = opts["boys"] == "jacks"
    prices = Prices(
        trick=4,
        heart=5,
        boy=10 if jacks else 5,
        girl=10,
        last_two=20,
        king=40,
        trump_trick=8,
        boys="jacks" if jacks else "jacks+kings",
    )
    return king_games(rules, prices, games=(*GAMES, "trumps"), tricks=10)


def kinglib_schedule(rules: Rules) -> Schedule:
    """As many deals as the choice plan holds, each one's contract chosen by its declarer."""
    return Schedule(deals=("choose",) * choice_plan(rules).deals)


def kinglib_deal(rules: Rules, dealer: int, rng: random.Random) -> Deal:
    """Ten cards to each active player, two to the widow, and an empty discard pile."""
    dealt = deal_evenly(
        rules.deck,
        rules.players,
        rng,
        seats=active_seats(rules.players, dealer),
        piles={"widow": WIDOW_SIZE},
    )
    return Deal(hands=dealt.hands, piles={**dict(dealt.piles), "discard": CardSet()})


def kinglib_phases(rules: Rules) -> dict[Phase, PhaseRules]:
    """Choosing the contract, declaring the trump (then taking the widow), discarding two."""
    return {
        Phase.CHOOSE: ChooseContract(rules, choice_plan(rules), take_widow),
        Phase.DECLARE: DeclareTrump(trump_declarations(rules.options["notrump"]), take_widow),
        Phase.DISCARD: DiscardCards(WIDOW_SIZE),
    }


def kinglib_begin_deal(rules: Rules, state: State) -> State:
    """Open a deal: the eldest chooses the contract, or a hand-built deal comes with it.

    A hand-built deal with a contract (and, for a trump round, a trump) opens with the widow
    shown and taken; a trump round given without a trump opens with the declaration.
    """
    spec = state.setup.deal
    declarer = state.eldest
    if spec is None:
        return state.evolve(phase=Phase.CHOOSE, to_move=declarer)
    check_given_trump(
        rules, spec.contract, spec.trump, trump_declarations(rules.options["notrump"])
    )
    contract = rules.contracts[spec.contract]
    opened = state.evolve(contract_info=contract, maker=declarer, to_move=declarer)
    if contract.trump_round and spec.trump is None:
        return opened.evolve(phase=Phase.DECLARE)
    return take_widow(opened.evolve(trump=spec.trump))


def _shown(state: State) -> WidowShown | None:
    aux = state.aux
    return aux if isinstance(aux, WidowShown) else None


def kinglib_visible_piles(state: State, seat: int) -> list[str]:
    """The piles a seat sees: the widow once shown (everyone), the discard (the declarer)."""
    names: list[str] = []
    if _shown(state) is not None:
        names.append("widow")
    if seat == state.eldest:
        names.append("discard")
    return names


def kinglib_view_extra(state: State) -> dict[str, Any]:
    """The public extras: the declarer, and the widow's cards once shown."""
    extra: dict[str, Any] = {"declarer": state.eldest}
    shown = _shown(state)
    if shown is not None:
        extra["widow"] = CardSet.from_mask(shown.widow)
    return extra


def kinglib_deal_details(state: State) -> tuple[tuple[str, Any], ...]:
    """The deal's details: the widow once shown, else nothing."""
    shown = _shown(state)
    return () if shown is None else (("widow", CardSet.from_mask(shown.widow)),)


def _widow_shown(state: State, seat: int) -> CardSet:
    """The widow, shown to every player before the declarer takes it into his hand."""
    shown = _shown(state)
    return CardSet() if shown is None else CardSet.from_mask(shown.widow)


def kinglib_invariants(rules: Rules) -> Invariants:
    """Zero-sum, the schedule's fixed length, and the widow counted as seen by everyone."""
    return Invariants(zero_sum=True, deals=rules.schedule.length, shown_cards=_widow_shown)


# --------------------------------------------------------------------- the hooks


def kinglib_variant_info() -> VariantInfo:
    """Describe atomic King."""
    return INFO


def kinglib_sample_hidden(rules: Rules, view: View) -> HiddenLayout:
    """Where the cards this view does not show may lie (see :mod:`kinglib.engine.sampling`)."""
    return atomic_layout(rules, view)
