"""Trick rules as data: every field of TrickRules, checked when made and at load_rules, and
shown in play by hand-built deals with the refusals in the rule's own words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs
import pytest

import kinglib
from kinglib import (
    Card,
    CardSet,
    Contract,
    Phase,
    Play,
    Rank,
    RulesError,
    Suit,
    TrickRules,
    hookimpl,
)
from kinglib.engine import kernel as kinglib_kernel
from kinglib.engine.phases import PhaseRules
from kinglib.engine.state import State, carried_legal
from kinglib.engine.tricks import TrickPlay, broken_suits, start_play
from kinglib.testing import check_invariants, deal_from_text
from kinglib.testing.checks import check_state
from kinglib.values.cards import SUIT_MASKS
from kinglib.values.errors import IllegalMoveError

# Each seat holds two cards of each suit: seat 0 the aces and sevens, seat 1 the kings and
# eights, seat 2 the queens and nines, seat 3 the jacks and tens.
HANDS = """
    no_tricks dealer=3
    0: AH 7H AS 7S AD 7D AC 7C
    1: KH 8H KS 8S KD 8D KC 8C
    2: QH 9H QS 9S QD 9D QC 9C
    3: JH TH JS TS JD TD JC TC
"""


def house(**changes: Mapping[str, Any]) -> object:
    """A house rule giving simple's contracts new trick rules: ``contract id -> fields``."""

    class House:
        @staticmethod
        @hookimpl(wrapper=True)
        def kinglib_contracts(rules: kinglib.Rules) -> Any:
            contracts = dict((yield))
            for cid, fields in changes.items():
                contract = contracts[cid]
                play = attrs.evolve(contract.trick_rules, **fields)
                contracts[cid] = attrs.evolve(contract, trick_rules=play)
            return contracts

    return House


def legal(state: State) -> str:
    return " ".join(str(move) for move in state.legal_moves())


def play(state: State, *cards: str) -> State:
    for card in cards:
        state = state.apply(Play(Card.parse(card)))
    return state


def refusal(state: State, card: str) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        state.apply(Play(Card.parse(card)))
    return str(refused.value)


# ------------------------------------------------------------------------- the value itself


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"lead": {"hearts": "sometimes"}},
            "trick rules: lead['hearts'] is one of free, never, broken, maker, not 'sometimes'",
        ),
        ({"lead": {"cups": "never"}}, "trick rules: lead names a suit or 'trump'"),
        ({"lead": {"hearts": "maker"}}, "trick rules: lead['hearts'] = 'maker' is only for"),
        ({"lead": 7}, "trick rules: lead maps suits to rules, not 7"),
        ({"void": "run"}, "trick rules: void is one of trump, discard, draw, not 'run'"),
        ({"overtrump": True}, "trick rules: overtrump is one of never, trump_lead, always"),
        ({"leader": "youngest"}, "trick rules: leader is one of eldest, maker, after_maker"),
        ({"void_duty": "KX"}, "trick rules: void_duty: "),
        ({"follow_duty": 5}, "trick rules: follow_duty is a set of cards, not 5"),
        ({"misere": "yes"}, "trick rules: misere is true or false, not 'yes'"),
        ({"joker_suit": "stars"}, "trick rules: joker_suit is a suit or None, not 'stars'"),
        ({"joker_rank": 11}, "trick rules: joker_rank is a Rank, not 11"),
        ({"kitty": "burn"}, "trick rules: kitty is one of stays, first_trick, not 'burn'"),
        ({"phase": ""}, "trick rules: phase names a play phase of the variant, or is None"),
    ],
)
def test_a_bad_field_is_refused_naming_it(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError) as refused:
        TrickRules(**fields)
    assert str(refused.value).startswith(message)


def test_leads_are_read_by_suit_name_letter_or_suit() -> None:
    rules = TrickRules(lead={Suit.HEARTS: "broken", "s": "never", "trump": "maker"})
    assert rules.lead == (("spades", "never"), ("hearts", "broken"), ("trump", "maker"))
    assert rules.lead_rule("H") == rules.lead_rule(Suit.HEARTS) == "broken"
    assert rules.lead_rule("clubs") == "free"
    # A suit's "free" is no restriction; the trump's says the rule was chosen.
    assert TrickRules(lead={"hearts": "free"}) == TrickRules()
    assert TrickRules(lead={"trump": "free"}).lead == (("trump", "free"),)
    assert rules.with_lead("hearts", "free").lead_rule("hearts") == "free"


def test_the_lead_masks_follow_the_trump() -> None:
    rules = TrickRules(lead={"hearts": "never", "trump": "broken"})
    hearts, spades = (SUIT_MASKS[s] for s in (Suit.HEARTS, Suit.SPADES))
    assert rules.lead_masks(0) == (hearts, 0, 0)
    assert rules.lead_masks(spades) == (hearts, spades, 0)
    # The trump's own rule wins over its suit's.
    assert rules.lead_masks(hearts) == (0, hearts, 0)


def test_the_rules_in_words() -> None:
    assert TrickRules().describe() == ()
    words = TrickRules(
        lead={"hearts": "broken"}, void="discard", overtrump="trump_lead", leader="dealer"
    ).describe()
    assert words == (
        "a card of hearts may not be led until hearts are broken (one was played to an earlier "
        "trick led in another suit), unless the leader holds nothing else",
        "a player who cannot follow suit may play any card (no duty to trump)",
        "on a trump lead each player must beat the highest trump if he can",
        "the dealer leads the first trick",
    )
    assert TrickRules(phase="fan_tan").describe() == (
        "played by the phase 'fan_tan', not by tricks",
    )


# ------------------------------------------------------------------------- contracts


def test_the_flags_of_a_contract_are_its_trick_rules() -> None:
    contract = Contract(
        "no_king", "n", "t", card_values=((1, -16),), no_heart_lead=True, king_on_void=True
    )
    assert contract.trick_rules == TrickRules(lead={"hearts": "never"}, void_duty="KH")
    assert contract.no_heart_lead and contract.king_on_void and not contract.king_on_heart_lead
    # Either way of editing works: a flag edits the rules, new rules set every flag.
    lifted = attrs.evolve(contract, no_heart_lead=False)
    assert lifted.trick_rules.lead_rule("hearts") == "free" and lifted.king_on_void
    plain = attrs.evolve(contract, trick_rules=TrickRules())
    assert not plain.no_heart_lead and not plain.king_on_void
    assert Contract("x", "n", "t", trick_rules={"void": "discard"}).trick_rules.void == "discard"
    with pytest.raises(RulesError, match="contract 'x': trick rules: void is one of"):
        Contract("x", "n", "t", trick_rules={"void": "run"})
    with pytest.raises(RulesError, match="contract 'x': trick_rules: "):
        Contract("x", "n", "t", trick_rules={"colour": "red"})
    with pytest.raises(RulesError, match="trick_rules is a TrickRules or a mapping"):
        Contract("x", "n", "t", trick_rules=3)  # type: ignore[arg-type]


def test_a_trump_round_says_who_leads_trumps_by_the_option() -> None:
    assert kinglib.load_rules("simple").contracts["trumps"].trick_rules.lead_rule("trump") == (
        "maker"
    )
    free = kinglib.load_rules("simple", only_maker_leads_trump=False)
    assert free.contracts["trumps"].trick_rules.lead_rule("trump") == "free"


def refused_rules(changes: dict[str, Any], **options: Any) -> str:
    with pytest.raises(RulesError) as refused:
        kinglib.load_rules("simple", plugins=[house(**changes)], **options)
    return str(refused.value)


def test_load_rules_refuses_rules_the_pack_or_the_contract_cannot_honour() -> None:
    assert refused_rules({"no_king": {"void_duty": "2H"}}) == (
        "contract 'no_king': trick rule void_duty names 2H, which are not in the 32-card pack "
        "of simple"
    )
    assert refused_rules({"no_tricks": {"overtrump": "always"}}).startswith(
        "contract 'no_tricks': trick rule overtrump='always' needs a trump, and no_tricks is no "
        "trump round"
    )
    assert refused_rules({"no_tricks": {"lead": {"trump": "broken"}}}).startswith(
        "contract 'no_tricks': trick rule lead['trump']='broken' needs a trump"
    )
    assert refused_rules({"no_tricks": {"joker_suit": Suit.HEARTS}}).startswith(
        "contract 'no_tricks': trick rule joker_suit=hearts places jokers, and the pack"
    )
    assert refused_rules({"no_tricks": {"phase": "fan_tan"}}).startswith(
        "contract 'no_tricks': trick rule phase='fan_tan' names no play phase of simple"
    )
    assert refused_rules({"no_tricks": {"void": "draw"}}).startswith(
        "contract 'no_tricks': trick rule void='draw' needs a play phase with a stock"
    )


def test_jokers_that_no_rule_places_are_refused() -> None:
    class Bare:
        @staticmethod
        @hookimpl(wrapper=True)
        def kinglib_contracts(rules: kinglib.Rules) -> Any:
            contracts = dict((yield))
            return {cid: attrs.evolve(c, trick_rules=TrickRules()) for cid, c in contracts.items()}

    with pytest.raises(RulesError) as refused:
        kinglib.load_rules("jokers", plugins=[Bare])
    assert str(refused.value).startswith(
        "contract 'jokers': trick rule joker_suit is not set, and the pack of jokers holds jokers"
    )


# ------------------------------------------------------------------------- leading


# Seat 0 holds every heart.
HEARTS_ALONE = """
    trumps dealer=3
    0: AH KH QH JH TH 9H 8H 7H
    1: 9S 7S AD KD QD JD AC KC
    2: QS 8S TD 9D 8D 7D QC JC
    3: AS KS JS TS TC 9C 8C 7C
"""


def test_hearts_until_broken() -> None:
    rules = kinglib.load_rules("simple", plugins=[house(no_hearts={"lead": {"hearts": "broken"}})])
    state = deal_from_text(rules, HANDS, contract="no_hearts")
    assert legal(state) == "AS 7S AD 7D AC 7C"
    assert refusal(state, "AH") == (
        "seat 0 may not play AH: hearts are not broken yet in no_hearts: a heart may be led once "
        "one has been played to an earlier trick led in another suit, or when the leader holds "
        "nothing else"
    )
    # Seat 1 holds no club: he throws a heart on the club lead, and hearts are broken.
    deal = """
        no_hearts dealer=3
        0: AS 7S AH 7H AD 7D AC 7C
        1: KS 8S KH 8H QH KD 8D 9D
        2: QS 9S 9H QD TD KC QC 8C
        3: JS TS JH TH JD JC TC 9C
    """
    state = play(deal_from_text(rules, deal), "7C", "8H", "8C")
    state = play(state, "9C")
    assert state.to_move == 3
    assert legal(state) == "JS TS JH TH JD JC TC"
    phase = rules.phase_for(state)
    assert isinstance(phase, TrickPlay)
    assert broken_suits(state, phase.deal_rules(state)) == SUIT_MASKS[Suit.HEARTS]
    # Under the plain rules no suit is held back, and none is counted as broken.
    plain = kinglib.load_rules("simple")
    same = play(
        deal_from_text(plain, deal.replace("no_hearts", "no_tricks")), "7C", "8H", "8C", "9C"
    )
    assert broken_suits(same, TrickPlay(plain).deal_rules(same)) == 0
    # A hand of hearts alone may lead one before they are broken.
    only = deal_from_text(rules, HEARTS_ALONE, contract="no_hearts")
    assert legal(only) == "AH KH QH JH TH 9H 8H 7H"


def test_a_heart_led_by_a_hand_of_hearts_only_breaks_nothing() -> None:
    kernel = kinglib_kernel
    hearts = SUIT_MASKS[Suit.HEARTS]
    assert kernel.broken_after(0, Card.parse("AH").mask | Card.parse("KH").mask, hearts) == 0


def test_only_the_maker_leads_trumps() -> None:
    rules = kinglib.load_rules("simple", scheme="otygrysh")
    state = deal_from_text(
        rules, HANDS, contract="trumps", dealer=2, trump=Suit.SPADES
    )  # seat 3 is the maker
    assert state.maker == 3 and "JS" in legal(state)
    state = play(state, "JD", "AD", "KD", "QD")  # seat 0 takes the lead
    assert "AS" not in legal(state)
    assert refusal(state, "AS") == (
        "seat 0 may not play AS: only the maker may lead a trump (S) while holding another suit"
    )


def test_a_suit_barred_from_the_lead_is_refused_by_its_name() -> None:
    """A suit other than hearts that may never be led is named in the refusal."""
    rules = kinglib.load_rules("simple", plugins=[house(no_tricks={"lead": {"spades": "never"}})])
    state = deal_from_text(rules, HANDS)
    assert legal(state) == "AH 7H AD 7D AC 7C"
    assert refusal(state, "AS") == (
        "seat 0 may not play AS: a card of spades may not be led in no_tricks while holding "
        "another suit"
    )


def test_spades_until_broken_name_a_spade() -> None:
    """Spades not broken yet are refused in the words of the suit, as every other suit."""
    rules = kinglib.load_rules("simple", plugins=[house(no_tricks={"lead": {"spades": "broken"}})])
    state = deal_from_text(rules, HANDS)
    assert refusal(state, "7S") == (
        "seat 0 may not play 7S: spades are not broken yet in no_tricks: a spade may be led once "
        "one has been played to an earlier trick led in another suit, or when the leader holds "
        "nothing else"
    )


def test_trumps_until_broken() -> None:
    """A trump may not be led before trumps are broken: the refusal speaks of trumps."""
    rules = trump_rules(lead={"trump": "broken"})
    state = deal_from_text(rules, HANDS, contract="trumps", trump=Suit.SPADES)
    assert (state.maker, state.to_move) == (0, 0)
    assert legal(state) == "AH 7H AD 7D AC 7C"
    assert refusal(state, "AS") == (
        "seat 0 may not play AS: trumps are not broken yet in trumps: a trump may be led once "
        "one has been played to an earlier trick led in another suit, or when the leader holds "
        "nothing else"
    )


# Seat 0 holds the joker, hearts and spades.
JOKER_LEADS = """
    jokers dealer=3
    0: JK1 AH KH QH AS KS QS JS TS 9S 8S 7S 6S
    1: JH TH 9H 8H AD KD QD JD TD 9D 8D 7D 6D
    2: 7H 6H 5H 4H AC KC QC JC TC 9C 8C 7C 6C
    3: 3H 2H 5S 4S 3S 2S 5D 4D 3D 2D 5C 4C 3C
"""


def test_a_joker_leads_as_a_card_of_its_suit() -> None:
    """A joker counts as a heart for the lead: it is refused in the words of the hearts."""
    never = kinglib.load_rules("jokers", plugins=[house(jokers={"lead": {"hearts": "never"}})])
    state = deal_from_text(never, JOKER_LEADS)
    assert legal(state) == "AS KS QS JS TS 9S 8S 7S 6S"
    assert refusal(state, "JK1") == (
        "seat 0 may not play JK1: a heart may not be led in jokers while holding another suit"
    )
    broken = kinglib.load_rules("jokers", plugins=[house(jokers={"lead": {"hearts": "broken"}})])
    state = deal_from_text(broken, JOKER_LEADS)
    assert legal(state) == "AS KS QS JS TS 9S 8S 7S 6S"
    assert refusal(state, "JK1") == (
        "seat 0 may not play JK1: hearts are not broken yet in jokers: a heart may be led once "
        "one has been played to an earlier trick led in another suit, or when the leader holds "
        "nothing else"
    )


class JokerTrumps:
    """A house rule of jokers: a trump round as well, in which only the maker leads a trump."""

    @staticmethod
    @hookimpl(wrapper=True)
    def kinglib_contracts(rules: kinglib.Rules) -> Any:
        contracts = dict((yield))
        contracts["trumps"] = Contract(
            "trumps",
            "trumps",
            "trumps",
            trick_values=(1,) * 13,
            trump_round=True,
            trick_rules=TrickRules(
                lead={"trump": "maker"},
                joker_suit=Suit.HEARTS,
                joker_rank=Rank.JACK,
            ),
        )
        return contracts


def test_a_joker_of_the_trump_suit_is_led_by_the_maker_only() -> None:
    rules = kinglib.load_rules("jokers", plugins=[JokerTrumps])
    state = deal_from_text(rules, JOKER_LEADS, contract="trumps", dealer=3, trump=Suit.HEARTS)
    # Nobody declared this trump, so nobody is the maker: a trump, the joker with the hearts,
    # is led only from a hand of trumps alone.
    assert (state.maker, state.to_move) == (None, 0)
    assert legal(state) == "AS KS QS JS TS 9S 8S 7S 6S"
    assert refusal(state, "JK1") == (
        "seat 0 may not play JK1: only the maker may lead a trump (H) while holding another suit"
    )
    assert legal(state.evolve(to_move=1)) == "AD KD QD JD TD 9D 8D 7D 6D"
    # The maker leads what he likes.
    assert legal(state.evolve(maker=0)) == "AS KS QS JS TS 9S 8S 7S 6S AH KH QH JK1"


# ------------------------------------------------------------------------- following


TRUMPS = """
    trumps dealer=3 trump=S
    0: AD KD QD JD AH KH AC KC
    1: AS KS QS JS TH 9H 8H 7H
    2: TD 9D 8D 7D QH JH QC JC
    3: TS 9S 8S 7S TC 9C 8C 7C
"""


def trump_rules(**fields: Any) -> kinglib.Rules:
    return kinglib.load_rules("simple", scheme="otygrysh", plugins=[house(trumps=fields)])


def test_a_void_player_must_trump_or_may_discard() -> None:
    must = deal_from_text(trump_rules(), TRUMPS)
    assert legal(play(must, "AD")) == "AS KS QS JS"
    assert refusal(play(must, "AD"), "TH") == (
        "seat 1 may not play TH: seat 1 cannot follow AD and must play a trump (S)"
    )
    free = deal_from_text(trump_rules(void="discard"), TRUMPS)
    assert legal(play(free, "AD")) == "AS KS QS JS TH 9H 8H 7H"


def test_overtrumping_on_a_trump_lead_and_always() -> None:
    deal = """
        trumps dealer=3 trump=S
        0: 9S AD KD QD AH KH AC KC
        1: AS KS 7S JD TH 9H 8H 7H
        2: QS TD 9D 8D 7D QH JH QC
        3: JS TS 8S JC TC 9C 8C 7C
    """
    on_lead = trump_rules(overtrump="trump_lead", lead={"trump": "free"})
    state = deal_from_text(on_lead, deal)
    state = play(state, "9S")
    assert legal(state) == "AS KS"  # the 7 does not beat the 9
    assert refusal(state, "7S") == (
        "seat 1 may not play 7S: trumps were led and seat 1 must beat the 9S with one of AS KS"
    )
    # Whoever trumps must beat the highest trump; a discard stays allowed where it is.
    always = trump_rules(overtrump="always", void="discard", lead={"trump": "free"})
    state = deal_from_text(always, HEARTS_ALONE, trump=Suit.SPADES)
    state = play(state, "AH")
    assert legal(state) == "9S 7S AD KD QD JD AC KC"  # no trump to beat yet
    state = play(state, "9S")
    assert legal(state) == "QS TD 9D 8D 7D QC JC"  # not the eight, which does not beat the nine
    assert refusal(state, "8S") == (
        "seat 2 may not play 8S: seat 2 cannot follow AH, and a trump he plays must beat the 9S: QS"
    )
    assert legal(play(state, "QS")) == "AS KS TC 9C 8C 7C"
    must_beat = trump_rules(overtrump="always", lead={"trump": "free"})
    state = deal_from_text(must_beat, HEARTS_ALONE, trump=Suit.SPADES)
    assert legal(play(state, "AH", "9S")) == "QS"


KING_HANDS = """
    no_king dealer=3
    0: AS 7S AH 7H AD 7D AC 7C
    1: KH 8H KD 8D KC 8C QD QC
    2: KS 8S QS 9S QH 9H 9D 9C
    3: JS TS JH TH JD TD JC TC
"""


def test_the_king_of_hearts_goes_on_a_void() -> None:
    state = play(deal_from_text(kinglib.load_rules("simple"), KING_HANDS), "AS")
    assert legal(state) == "KH"
    assert refusal(state, "8D") == (
        "seat 1 may not play 8D: AS was led, seat 1 has none of its suit and must play KH"
    )


def test_a_card_a_follower_must_play() -> None:
    free_hearts = {"follow_duty": "KH", "lead": {}}
    rules = kinglib.load_rules("simple", plugins=[house(no_king=free_hearts)])
    state = play(deal_from_text(rules, KING_HANDS), "7H")
    assert legal(state) == "KH"
    assert refusal(state, "8H") == (
        "seat 1 may not play 8H: hearts were led and the holder of KH must play it"
    )
    plain = kinglib.load_rules("simple", plugins=[house(no_king={"lead": {}})])
    assert legal(play(deal_from_text(plain, KING_HANDS), "7H")) == "KH 8H"


def test_no_withholding_a_card_that_scores() -> None:
    queens = kinglib.load_rules("simple", plugins=[house(no_girls={"under_duty": "QS QH QD QC"})])
    deal = """
        no_girls dealer=3
        0: KS 8S AH 7H AD 7D AC 7C
        1: QS 9S KH 8H KD 8D KC 8C
        2: AS JS QH 9H QD 9D QC 9C
        3: TS 7S JH TH JD TD JC TC
    """
    state = play(deal_from_text(queens, deal), "KS")
    assert legal(state) == "QS"
    assert refusal(state, "9S") == (
        "seat 1 may not play 9S: seat 1 holds QS below the KS and must play QS: a card that "
        "scores may not be withheld in no_girls"
    )
    # Above the best card there is no duty: the queen over a nine may be kept.
    state = play(deal_from_text(queens, deal), "8S")
    assert legal(state) == "QS 9S"


def test_the_trump_to_beat_is_the_highest_in_the_trick() -> None:
    """On a trump lead a follower must beat the highest trump played, not the last one."""
    deal = """
        trumps dealer=3 trump=S
        0: QS AD KD QD AH KH AC KC
        1: 8S 7S JD TD TH 9H QC JC
        2: KS 9S 9D 8D QH JH TC 9C
        3: AS JS TS 7D 8H 7H 8C 7C
    """
    rules = trump_rules(overtrump="trump_lead", lead={"trump": "free"})
    state = play(deal_from_text(rules, deal), "QS")
    assert legal(state) == "8S 7S"  # nothing beats the queen: any trump
    state = play(state, "7S")
    assert legal(state) == "KS"
    assert refusal(state, "9S") == (
        "seat 2 may not play 9S: trumps were led and seat 2 must beat the QS with KS"
    )


def test_a_void_player_must_beat_the_highest_trump_in_the_trick() -> None:
    """With overtrumping always, a void player's trump must beat the highest trump played."""
    rules = trump_rules(overtrump="always", lead={"trump": "free"})
    state = play(deal_from_text(rules, HEARTS_ALONE, trump=Suit.SPADES), "AH", "9S", "QS")
    assert legal(state) == "AS KS"
    assert refusal(state, "JS") == (
        "seat 3 may not play JS: seat 3 cannot follow AH, and a trump he plays must beat the QS: "
        "one of AS KS"
    )


def test_a_card_that_scores_is_measured_against_the_best_card_in_the_trick() -> None:
    """A scoring card below the best card of the trick must be played, whatever came last."""
    queens = kinglib.load_rules("simple", plugins=[house(no_girls={"under_duty": "QS QH QD QC"})])
    deal = """
        no_girls dealer=3
        0: KS AH KH AD KD AC KC 7H
        1: 9S 8S QH JH QD JD QC JC
        2: QS 7S TH 9H TD 9D TC 9C
        3: AS JS TS 8H 8D 7D 8C 7C
    """
    state = play(deal_from_text(queens, deal), "KS", "9S")
    assert legal(state) == "QS"
    assert refusal(state, "7S") == (
        "seat 2 may not play 7S: seat 2 holds QS below the KS and must play QS: a card that "
        "scores may not be withheld in no_girls"
    )


def test_a_card_a_follower_must_play_other_than_the_king_of_hearts() -> None:
    """A follow duty on another card names the card, not the king of hearts."""
    duty = {"follow_duty": "KH QH", "lead": {}}
    rules = kinglib.load_rules("simple", plugins=[house(no_king=duty)])
    state = play(deal_from_text(rules, KING_HANDS), "7H", "KH")
    assert legal(state) == "QH"
    assert refusal(state, "9H") == "seat 2 may not play 9H: 7H was led and seat 2 must play QH"


def test_the_trick_winner_of_a_trump_deal_is_the_trump() -> None:
    """The phase gives a complete trick to the trump played to it, under the deal's trump."""
    state = deal_from_text(trump_rules(), TRUMPS)
    phase = state.rules.phase_for(state)
    assert isinstance(phase, kinglib.engine.tricks.TrickPlay)
    plays = tuple(
        (seat, Card.parse(text)) for seat, text in ((0, "AD"), (1, "7S"), (2, "TD"), (3, "7C"))
    )
    assert phase.trick_winner(state, plays) == 1


# ------------------------------------------------------------------------- who leads


@pytest.mark.parametrize(
    ("leader", "dealer", "first"),
    [("eldest", 2, 3), ("dealer", 2, 2), ("maker", 2, 3), ("after_maker", 2, 0)],
)
def test_who_leads_the_first_trick(leader: str, dealer: int, first: int) -> None:
    rules = kinglib.load_rules("simple", plugins=[house(no_tricks={"leader": leader})])
    assert deal_from_text(rules, HANDS, dealer=dealer).to_move == first


def test_a_seat_without_cards_passes_the_first_lead_on() -> None:
    # Dealer 3: seat 0, the eldest, would lead; without cards (sitting out) he passes it on,
    # and so does seat 1 after him. The hands given to start_play are the ones that count.
    rules = kinglib.load_rules("simple", plugins=[house(no_tricks={"leader": "after_maker"})])
    state = deal_from_text(rules, HANDS)
    assert state.to_move == 1  # after the eldest, as there is no maker
    hands = state.hands_mask
    assert start_play(state, hands_mask=(hands[0], 0, *hands[2:])).to_move == 2
    assert start_play(state, hands_mask=(hands[0], 0, 0, hands[3])).to_move == 3
    assert start_play(state).to_move == 1
    chosen = kinglib.load_rules("ordered", trumps=True).new_match(1)
    assert chosen.contract_info is None
    with pytest.raises(ValueError) as refused:
        start_play(chosen)
    assert str(refused.value) == "the trick play of a deal opens once its contract is known"


def test_the_maker_of_a_trump_round_leads_it() -> None:
    # The maker of a given trump deal is the eldest; with "after_maker" the next seat leads.
    plain = deal_from_text(trump_rules(), HANDS, contract="trumps", dealer=1, trump=Suit.HEARTS)
    assert (plain.maker, plain.to_move) == (2, 2)
    after = deal_from_text(
        trump_rules(leader="after_maker"), HANDS, contract="trumps", dealer=1, trump=Suit.HEARTS
    )
    assert (after.maker, after.to_move) == (2, 3)


def test_misere_for_a_whole_contract() -> None:
    rules = kinglib.load_rules("simple", plugins=[house(no_tricks={"misere": True})])
    state = play(deal_from_text(rules, HANDS), "AS", "KS", "QS", "JS")
    assert state.tricks[0].winner == 3  # the jack is the lowest spade played


# ------------------------------------------------------------------------- direction


class Widdershins:
    """A house rule: play goes round counter-clockwise."""

    @staticmethod
    @hookimpl
    def kinglib_direction(rules: kinglib.Rules) -> str:
        return "counterclockwise"


def test_counterclockwise_play() -> None:
    rules = kinglib.load_rules("simple", plugins=[Widdershins])
    assert (rules.direction, rules.step, rules.next_seat(0), rules.next_seat(3)) == (
        "counterclockwise",
        3,
        3,
        2,
    )
    assert [rules.dealer_for(n) for n in (1, 2, 3, 4, 5)] == [0, 3, 2, 1, 0]
    state = deal_from_text(rules, HANDS, dealer=0)
    assert state.eldest == 3 and state.to_move == 3
    state = play(state, "JS")
    assert state.to_move == 2
    state = play(state, "QS", "KS")
    assert state.to_move == 0
    state = play(state, "AS")
    assert state.tricks[0].plays == tuple(
        (seat, Card.parse(text)) for seat, text in ((3, "JS"), (2, "QS"), (1, "KS"), (0, "AS"))
    )
    match = rules.new_match(seed=3)
    final = check_invariants(rules, seed=3)
    assert match.dealer == 0 and final.is_over


def test_a_direction_that_is_none_is_refused() -> None:
    class Sideways:
        @staticmethod
        @hookimpl
        def kinglib_direction(rules: kinglib.Rules) -> str:
            return "sideways"

    with pytest.raises(RulesError) as refused:
        kinglib.load_rules("simple", plugins=[Sideways])
    assert str(refused.value) == (
        "simple: the direction of play is 'clockwise' or 'counterclockwise', not 'sideways'"
    )


# ------------------------------------------------------------------------- phases by contract


def test_a_contract_played_by_a_phase_of_its_own() -> None:
    calls: list[str] = []

    class Lay(PhaseRules):
        """The deal's own phase: it plays as trick play does, and says it was asked."""

        def legal_moves(self, state: State) -> tuple[kinglib.Move, ...]:
            calls.append("legal")
            moves: tuple[kinglib.Move, ...] = trick.legal_moves(state)
            return moves

        def apply(self, state: State, move: kinglib.Move) -> State:
            calls.append("apply")
            after: State = trick.apply(state, move)
            return after

    class OwnPhase:
        @staticmethod
        @hookimpl
        def kinglib_phases(rules: kinglib.Rules) -> Mapping[Any, Any]:
            return {"lay": Lay()}

    rules = kinglib.load_rules("simple", plugins=[OwnPhase, house(no_boys={"phase": "lay"})])
    trick = rules.phases[Phase.PLAY].trick_play  # type: ignore[attr-defined]
    assert rules.play_phases == {"lay": rules.play_phases["lay"]}
    tricks = deal_from_text(rules, HANDS)
    assert rules.phase_for(tricks) is trick
    laid = deal_from_text(rules, HANDS, contract="no_boys")
    assert isinstance(rules.phase_for(laid), Lay)
    laid.legal_moves()
    laid.apply(Play(Card.parse("AS")))
    assert "legal" in calls and "apply" in calls


def test_a_phase_key_that_is_no_phase_nor_name_is_refused() -> None:
    class Odd:
        @staticmethod
        @hookimpl
        def kinglib_phases(rules: kinglib.Rules) -> Mapping[Any, Any]:
            return {7: object()}

    with pytest.raises(RulesError, match="kinglib_phases of simple gave the key 7"):
        kinglib.load_rules("simple", plugins=[Odd])


# ------------------------------------------------------------------------- the stock traps


def test_a_subclass_with_its_own_legal_mask_never_carries_the_stock_cards() -> None:
    class OnlyLow(kinglib.engine.tricks.TrickPlay):
        fills_legal = True  # kept by mistake: the phase must not believe it

        def legal_mask(self, state: State) -> int:
            mask = super().legal_mask(state)
            low = mask & ~sum(Card(s, r).mask for s in Suit for r in (Rank.ACE, Rank.KING))
            return low or mask

    class Low:
        @staticmethod
        @hookimpl
        def kinglib_phases(rules: kinglib.Rules) -> Mapping[Any, Any]:
            return {Phase.PLAY: OnlyLow(rules)}

    rules = kinglib.load_rules("simple", plugins=[Low])
    phase = rules.phases[Phase.PLAY]
    assert not phase.fills_legal  # type: ignore[attr-defined]
    state = play(deal_from_text(rules, HANDS), "7S")
    assert carried_legal(state) is None
    assert legal(state) == "8S"  # the king is not offered, as the phase says


def test_a_card_a_subclass_alone_refuses_is_refused_without_the_trick_rules_words() -> None:
    """A phase with its own legality refuses its own cards as illegal, not as the trick rules."""

    class NoHighLeads(kinglib.engine.tricks.TrickPlay):
        """Aces and kings may not be led or played while a lower card may be."""

        def legal_mask(self, state: State) -> int:
            mask = super().legal_mask(state)
            low = mask & ~sum(Card(s, r).mask for s in Suit for r in (Rank.ACE, Rank.KING))
            return low or mask

    class Phases:
        @staticmethod
        @hookimpl
        def kinglib_phases(rules: kinglib.Rules) -> Mapping[Any, Any]:
            return {Phase.PLAY: NoHighLeads(rules)}

    rules = kinglib.load_rules("simple", plugins=[Phases])
    state = deal_from_text(rules, HANDS)
    assert refusal(state, "AS") == "seat 0 may not play AS: it is not legal now"
    state = play(state, "7S")
    assert refusal(state, "KS") == "seat 1 may not play KS: it is not legal now"
    assert refusal(state, "KD") == (
        "seat 1 may not play KD: 7S was led and seat 1 must follow with a card of spades"
    )


def test_every_refusal_keeps_the_state() -> None:
    state = deal_from_text(kinglib.load_rules("simple"), HANDS, contract="no_hearts")
    before = (state, state.legal_moves())
    for text in ("AH", "KH", "JK1"):
        with pytest.raises(IllegalMoveError):
            state.apply(Play(Card.parse(text)))
    assert (state, state.legal_moves()) == before


def test_the_checks_catch_a_state_that_carries_cards_its_phase_would_not_list() -> None:
    class Cheat(kinglib.engine.tricks.TrickPlay):
        """Its own legality, and carried stock cards forced on by hand: the trap the checks see."""

        def __init__(self, rules: kinglib.Rules) -> None:
            super().__init__(rules)
            self.fills_legal = True

        def legal_mask(self, state: State) -> int:
            mask = super().legal_mask(state)
            low = mask & ~sum(Card(s, r).mask for s in Suit for r in (Rank.ACE, Rank.KING))
            return low or mask

    class Phases:
        @staticmethod
        @hookimpl
        def kinglib_phases(rules: kinglib.Rules) -> Mapping[Any, Any]:
            return {Phase.PLAY: Cheat(rules)}

    rules = kinglib.load_rules("simple", plugins=[Phases])
    state = play(deal_from_text(rules, HANDS), "7S")
    with pytest.raises(AssertionError) as caught:
        check_state(state)
    assert "the phase's legal moves" in str(caught.value)
    assert "the state offers KS, 8S, and its phase lists 8S" in str(caught.value)


def test_trick_rules_of_another_kind_are_refused_by_the_name_of_their_type() -> None:
    with pytest.raises(RulesError) as caught:
        Contract("x", "n", "t", trick_rules=3)  # type: ignore[arg-type]
    assert str(caught.value) == (
        "contract 'x': trick_rules is a TrickRules or a mapping of its fields, not int"
    )


def test_a_contract_has_no_description_unless_given_one() -> None:
    assert Contract("x", "n", "t").description == ""


def test_king_on_void_false_takes_the_king_of_hearts_alone_off_the_void_duty() -> None:
    both = TrickRules(void_duty=CardSet.parse("KH QS"))
    contract = Contract("x", "n", "t", king_on_void=False, trick_rules=both)
    assert contract.trick_rules.void_duty == CardSet.parse("QS")
    kept = Contract("x", "n", "t", king_on_void=True, trick_rules=both)
    assert kept.trick_rules.void_duty == CardSet.parse("KH QS")


def test_king_on_heart_lead_false_takes_the_king_of_hearts_alone_off_the_follow_duty() -> None:
    both = TrickRules(follow_duty=CardSet.parse("KH QS"))
    contract = Contract("x", "n", "t", king_on_heart_lead=False, trick_rules=both)
    assert contract.trick_rules.follow_duty == CardSet.parse("QS")
