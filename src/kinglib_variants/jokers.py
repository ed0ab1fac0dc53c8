"""jokers — Кинг с джокерами: hearts at their rank, and jokers at 20.

Three or four players use the 52-card pack with jokers in place of the lowest clubs: four
players replace 2♣ with one joker and get 13 cards each; three players replace 2♣ and 3♣ with
two jokers, get 17 each, and the card left over is a face-down **kitty** that goes to the
winner of the first trick. Each heart taken costs its rank (A 14, K 13, Q 12, J 11, 10 … 2),
each joker 20: a deal hands out −124 with four players, −144 with three. One deal per player,
the dealer passing to the left; the highest total wins.

A joker counts as a heart. It may follow a heart lead, it may be played by a player void in
the led suit, and a joker led is a heart lead. On a heart lead it ranks between J♥ and 10♥;
on any other lead a joker wins the trick; of two jokers in one trick the first played ranks
higher. Option ``joker_free`` (default false): a joker may be played at any time, even by a
player who can follow a non-heart suit.

Where the sources are silent, a table's habits decide:

* **Following a heart lead.** The joker is a heart for following: a player holding hearts or a
  joker must play one of them to a heart lead, so a player whose only "heart" is a joker plays
  the joker there. A player with neither may play any card.
* **Leading.** Any card may be led at any time, hearts and jokers included (000 gives jokers
  no lead restriction, and a joker led is simply a heart lead).
* **The kitty.** 000 does not mention it (it only says how the pack is made). The kitty joins
  the taken cards of the first trick's winner face down, unseen: nobody sees it during the
  deal, the winner included (no player may look through taken cards); it is revealed with the
  deal's result, as the penalty points are counted (``DealResult.detail("kitty")``).
"""

from __future__ import annotations

from typing import Any

from kinglib.engine.phases import PhaseRules
from kinglib.engine.rules import Rules
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import TrickPlay
from kinglib.plugins.invariants import Invariants
from kinglib.values.cards import JOKERS_MASK, Card, CardSet, Rank, Suit, deck_mask
from kinglib.values.contracts import Contract
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib.values.trick_rules import TrickRules

__all__ = ["JOKER_PRICE", "JokerPlay", "jokers_contract"]

#: What a joker taken costs.
JOKER_PRICE = 20

INFO = VariantInfo(
    name="jokers",
    title="Кинг с джокерами",
    english_title="King with jokers",
    players=(3, 4),
    default_players=4,
    options=(
        Option(
            "joker_free",
            False,
            "a joker may be played at any time, even by a player who can follow suit",
            kind=bool,
        ),
    ),
    description=(
        "Hearts cost their rank and each joker 20; a joker counts as a heart, wins any "
        "non-heart trick and ranks between J and 10 of hearts. One deal per player."
    ),
)


def jokers_contract(deck: int, joker_free: bool = False) -> Contract:
    """The one contract: each heart taken costs its rank, each joker 20.

    Its trick rules: a joker counts as a heart and ranks between J♥ and 10♥ on a heart lead,
    wins any other trick, and may be played at any time with ``joker_free``; the kitty goes to
    the first trick's winner.
    """
    groups: list[tuple[int, int]] = []
    for rank in Rank:
        mask = Card(Suit.HEARTS, rank).mask & deck
        if mask:
            groups.append((mask, -int(rank)))
    jokers = deck & JOKERS_MASK
    if jokers:
        groups.append((jokers, -JOKER_PRICE))
    return Contract(
        id="jokers",
        name="Кинг с джокерами",
        title="jokers",
        card_values=tuple(groups),
        description=f"each heart its rank (A 14 … 2), each joker {JOKER_PRICE}",
        trick_rules=TrickRules(
            joker_suit=Suit.HEARTS,
            joker_rank=Rank.JACK,
            joker_free=joker_free,
            kitty="first_trick",
        ),
    )


class JokerPlay(TrickPlay):
    """The PLAY phase of jokers: the stock trick play.

    Every rule of it is the contract's trick rules (``joker_suit``, ``joker_rank``,
    ``joker_free``, ``kitty``); the class is kept so that code naming it goes on working.
    """


def kinglib_contracts(rules: Rules) -> dict[str, Contract]:
    """The catalogue: the one contract ``"jokers"`` on the rules' pack."""
    return {"jokers": jokers_contract(rules.deck.mask, bool(rules.options["joker_free"]))}


def kinglib_schedule(rules: Rules) -> Schedule:
    """One ``"jokers"`` deal per player."""
    return Schedule(deals=("jokers",) * rules.players)


def kinglib_phases(rules: Rules) -> dict[Phase, PhaseRules]:
    """The PLAY phase: trick play, the jokers' rules read from the contract."""
    return {Phase.PLAY: JokerPlay(rules)}


def kinglib_deal_piles(rules: Rules) -> dict[str, int]:
    """The pile laid aside: a one-card kitty for three players (17 cards each), none for four."""
    return {"kitty": 1} if rules.players == 3 else {}


def kinglib_deal_details(rules: Rules, state: State) -> tuple[tuple[str, Any], ...]:
    """With three players, the kitty's card and the seat that took it with the first trick.

    Nothing with four players, before the first trick, or when the kitty cannot be told.
    """
    if rules.players != 3 or not state.tricks:
        return ()
    kitty = _kitty_of(state)
    if kitty is None:
        return ()
    return (("kitty", kitty), ("kitty_to", state.tricks[0].winner))


def _kitty_of(state: State) -> CardSet | None:
    """The kitty's card: the one card of the pack neither played nor left in a hand."""
    seen = 0
    for trick in state.tricks:
        seen |= trick.cards.mask
    for hand in state.hands_mask:
        seen |= hand
    seen |= state.pile("kitty").mask
    rest = state.rules.deck.mask & ~seen
    if rest.bit_count() != 1:
        return None
    return CardSet.from_mask(rest)


def kinglib_invariants(rules: Rules) -> Invariants:
    """Not zero-sum: each deal hands out its contract's total; the schedule's fixed length."""
    return Invariants(deals=rules.schedule.length)


# --------------------------------------------------------------------- the hooks


def kinglib_variant_info() -> VariantInfo:
    """Describe jokers."""
    return INFO


def kinglib_deck(rules: Rules) -> CardSet:
    """The 52-card pack with 2♣ (and, for three players, 3♣) replaced by jokers."""
    removed = Card(Suit.CLUBS, Rank.TWO).mask
    if rules.players == 3:
        removed |= Card(Suit.CLUBS, Rank.THREE).mask
    return CardSet.from_mask(deck_mask(2, jokers=2 if rules.players == 3 else 1) & ~removed)
