"""The fourteen King contracts of simple: prices, totals, play flags and positive twins."""

from __future__ import annotations

import attrs
import pytest

import kinglib
from kinglib import Card, CardSet, Rank, Suit
from kinglib.values.contracts import (
    NEGATIVE_GAMES,
    POSITIVE_GAMES,
    Contract,
    Prices,
    king_contracts,
    positive_twin,
)
from kinglib.values.errors import RulesError

KH = Card.parse("KH")

#: Simple King with four players: every game 16, eralash 96.
TOTALS_4 = {
    "no_tricks": -16,
    "no_boys": -16,
    "no_girls": -16,
    "no_hearts": -16,
    "no_king": -16,
    "no_last_two": -16,
    "eralash": -96,
    "tricks": 16,
    "boys": 16,
    "girls": 16,
    "hearts": 16,
    "king": 16,
    "last_two": 16,
    "plus_eralash": 96,
}


def test_the_fourteen_games_and_their_totals() -> None:
    rules = kinglib.load_rules("simple")
    assert set(TOTALS_4) <= set(rules.contracts)
    for cid, total in TOTALS_4.items():
        contract = rules.contracts[cid]
        assert contract.id == cid
        assert contract.total == total, cid
        assert contract.sign == (1 if total > 0 else -1)
        assert contract.name and contract.title and contract.description


@pytest.mark.parametrize("boys", ["jacks", "jacks+kings"])
def test_prices_per_item(boys: str) -> None:
    rules = kinglib.load_rules("simple", boys=boys)
    c = rules.contracts
    boy_price = 4 if boys == "jacks" else 2
    # tricks: 2 a trick, nothing for cards
    assert c["no_tricks"].trick_values == (-2,) * 8
    assert c["no_tricks"].card_points(rules.deck.mask) == 0
    # boys
    for card in rules.deck:
        is_boy = card.rank is Rank.JACK or (boys == "jacks+kings" and card.rank is Rank.KING)
        assert c["no_boys"].price_of(card) == (-boy_price if is_boy else 0), card
        assert c["no_girls"].price_of(card) == (-4 if card.rank is Rank.QUEEN else 0), card
        assert c["no_hearts"].price_of(card) == (-2 if card.suit is Suit.HEARTS else 0), card
        assert c["no_king"].price_of(card) == (-16 if card is KH else 0), card
        assert c["no_last_two"].price_of(card) == 0
    for cid in ("no_boys", "no_girls", "no_hearts", "no_king"):
        assert c[cid].trick_values == (0,) * 8
    assert c["no_boys"].total == -16
    # last two: 8 for each of the last two tricks
    assert c["no_last_two"].trick_values == (0, 0, 0, 0, 0, 0, -8, -8)
    # eralash: every category at once
    assert c["eralash"].trick_values == (-2,) * 6 + (-10, -10)
    assert c["eralash"].price_of(KH) == -2 - 16 - (boy_price if boys == "jacks+kings" else 0)
    assert c["eralash"].price_of(Card.parse("QH")) == -2 - 4
    assert c["eralash"].price_of(Card.parse("JS")) == -boy_price
    assert c["eralash"].price_of(Card.parse("7S")) == 0
    assert c["eralash"].total == sum(c[g].total for g in NEGATIVE_GAMES[:6]) == -96


def test_positive_twins_are_the_negative_games_with_the_sign_turned() -> None:
    rules = kinglib.load_rules("simple", boys="jacks+kings")
    assert [positive_twin(g) for g in NEGATIVE_GAMES] == list(POSITIVE_GAMES)
    for neg, pos in zip(NEGATIVE_GAMES, POSITIVE_GAMES):
        n, p = rules.contracts[neg], rules.contracts[pos]
        assert p.total == -n.total > 0
        assert p.trick_values == tuple(-v for v in n.trick_values)
        for card in rules.deck:
            assert p.price_of(card) == -n.price_of(card)
        assert p.no_heart_lead == n.no_heart_lead
        assert p.king_on_void == n.king_on_void
        assert p.king_on_heart_lead == n.king_on_heart_lead
        assert p.scoring_mask == n.scoring_mask


def test_play_rules_attached_to_contracts() -> None:
    rules = kinglib.load_rules("simple")
    heart_rule = {"no_hearts", "no_king", "eralash", "hearts", "king", "plus_eralash"}
    king_rule = {"no_king", "eralash", "king", "plus_eralash"}
    for cid in TOTALS_4:
        contract = rules.contracts[cid]
        assert contract.no_heart_lead == (cid in heart_rule), cid
        assert contract.king_on_void == (cid in king_rule), cid
        assert not contract.king_on_heart_lead  # default "optional"
        assert not contract.trump_round
    forced = kinglib.load_rules("simple", king_on_heart_lead="forced")
    for cid in TOTALS_4:
        assert forced.contracts[cid].king_on_heart_lead == (cid in king_rule), cid
    never = kinglib.load_rules("simple", king_on_heart_lead="forced", king_forced=False)
    for cid in TOTALS_4:
        assert not never.contracts[cid].king_on_void
        assert not never.contracts[cid].king_on_heart_lead


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_totals_follow_the_pack(players: int) -> None:
    rules = kinglib.load_rules("simple", players=players)
    lowest = {2: Rank.JACK, 3: Rank.NINE, 4: Rank.SEVEN, 5: Rank.FIVE, 6: Rank.THREE}[players]
    assert rules.deck == CardSet(c for c in CardSet.deck(52) if c.rank and c.rank >= lowest)
    assert len(rules.deck) == 8 * players
    hearts = len(rules.deck) // 4
    expected = {
        "no_tricks": -16,  # 8 tricks at 2
        "no_boys": -16,  # 4 jacks at 4 (every pack reaches the jacks)
        "no_girls": -16,
        "no_hearts": -2 * hearts,
        "no_king": -16,
        "no_last_two": -16,
    }
    expected["eralash"] = sum(expected.values())
    for neg, total in expected.items():
        assert rules.contracts[neg].total == total, neg
        assert rules.contracts[positive_twin(neg)].total == -total
        assert len(rules.contracts[neg].trick_values) == 8
    assert rules.contracts["eralash"].total == -(80 + 2 * 2 * players)
    # the classic match is zero-sum for every pack
    assert sum(rules.contracts[cid].total for cid in rules.schedule.deals) == 0


def test_scoring_mask_and_last_scoring_trick() -> None:
    rules = kinglib.load_rules("simple")
    c = rules.contracts
    assert c["no_king"].scoring_cards == CardSet.parse("KH")
    assert c["no_girls"].scoring_cards == CardSet.parse("QS QH QD QC")
    assert c["no_boys"].scoring_cards == CardSet.parse("JS JH JD JC")
    assert len(c["no_hearts"].scoring_cards) == 8
    assert c["no_king"].last_scoring_trick == 0
    assert c["no_tricks"].last_scoring_trick == 8
    assert c["no_last_two"].last_scoring_trick == 8
    assert c["eralash"].last_scoring_trick == 8


#: What ``king_contracts`` says of each game at the default prices: (title, description).
DESCRIBED = {
    "no_tricks": ("no tricks", "2 a trick"),
    "no_boys": ("no boys", "4 a boy (jacks)"),
    "no_girls": ("no girls", "4 a queen"),
    "no_hearts": ("no hearts", "2 a heart"),
    "no_king": ("no king", "16 for K♥"),
    "no_last_two": ("no last two", "8 for each of the last two tricks"),
    "eralash": ("eralash", "all six categories at once"),
    "tricks": ("tricks", "2 a trick"),
    "boys": ("boys", "4 a boy (jacks)"),
    "girls": ("girls", "4 a queen"),
    "hearts": ("hearts", "2 a heart"),
    "king": ("king", "16 for K♥"),
    "last_two": ("last two", "8 for each of the last two tricks"),
    "plus_eralash": ("plus eralash", "all six categories at once"),
    "trumps": ("trump round", "3 a trick, with trumps"),
}


def test_every_game_is_named_and_described_from_its_prices() -> None:
    built = king_contracts(Prices(), deck=CardSet.deck(32).mask, tricks=8)
    assert list(built) == [*NEGATIVE_GAMES, *POSITIVE_GAMES, "trumps"]
    assert {cid: (c.title, c.description) for cid, c in built.items()} == DESCRIBED
    assert built["no_king"].name == "Не брать кинга"
    assert built["trumps"].name == "Отыгрыш"
    assert built["trumps"].trick_values == (3,) * 8 and built["trumps"].trump_round
    assert built["trumps"].total == 24
    # By default K♥ is forced on a void, and not on a heart lead.
    assert built["no_king"].king_on_void and not built["no_king"].king_on_heart_lead
    assert built["plus_eralash"].king_on_void and not built["hearts"].king_on_void
    priced = Prices(trick=5, boy=1, girl=6, heart=7, king=9, last_two=11, trump_trick=13)
    other = king_contracts(
        attrs.evolve(priced, boys="jacks+kings"), deck=CardSet.deck(32).mask, tricks=8
    )
    assert {cid: c.description for cid, c in other.items()} == {
        "no_tricks": "5 a trick",
        "no_boys": "1 a boy (jacks and kings)",
        "no_girls": "6 a queen",
        "no_hearts": "7 a heart",
        "no_king": "9 for K♥",
        "no_last_two": "11 for each of the last two tricks",
        "eralash": "all six categories at once",
        "tricks": "5 a trick",
        "boys": "1 a boy (jacks and kings)",
        "girls": "6 a queen",
        "hearts": "7 a heart",
        "king": "9 for K♥",
        "last_two": "11 for each of the last two tricks",
        "plus_eralash": "all six categories at once",
        "trumps": "13 a trick, with trumps",
    }


def test_a_game_list_builds_only_the_games_named() -> None:
    built = king_contracts(
        Prices(), deck=CardSet.deck(32).mask, tricks=8, games=("no_king", "trumps")
    )
    assert list(built) == ["no_king", "trumps"]
    assert list(
        king_contracts(Prices(), deck=CardSet.deck(32).mask, tricks=8, games=("trumps", "king"))
    ) == ["trumps", "king"]
    assert built["no_king"].card_values == ((KH.mask, -16),)
    assert built["no_king"].trick_values == (0,) * 8


def test_unknown_boys_and_a_wrong_total_are_refused_by_name() -> None:
    with pytest.raises(ValueError) as info:
        king_contracts(Prices(boys="queens"), deck=CardSet.deck(32).mask, tricks=8)
    assert str(info.value) == "boys must be 'jacks' or 'jacks+kings', not 'queens'"
    with pytest.raises(RulesError) as refused:
        Contract(id="x", name="x", title="x", trick_values=(-2, -2), total=-5)
    assert str(refused.value) == (
        "contract 'x': total -5 disagrees with its prices, which hand out -4; leave total out "
        "(or pass total=None) to have it computed"
    )
    assert Contract(id="x", name="x", title="x", trick_values=(-2, -2), total=-4).total == -4
    assert Contract(id="x", name="x", title="x", trick_values=(-2, -2), total=None).total == -4


def test_the_last_two_of_a_one_trick_deal_is_its_only_trick() -> None:
    one = king_contracts(Prices(), deck=CardSet.deck(32).mask, tricks=1)
    assert one["no_last_two"].trick_values == (-8,)
    assert one["eralash"].trick_values == (-10,)
    assert king_contracts(Prices(), deck=CardSet.deck(32).mask, tricks=2)[
        "last_two"
    ].trick_values == (8, 8)


def test_the_sign_of_a_contract_follows_its_total_down_to_one_point() -> None:
    def sign(*trick_values: int) -> int:
        return Contract("c", "c", "c", trick_values=trick_values).sign

    assert [sign(-2), sign(-1), sign(), sign(1, -1), sign(1), sign(5)] == [-1, -1, 0, 0, 1, 1]
