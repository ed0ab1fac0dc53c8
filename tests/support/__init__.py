"""What the tests share, built on :mod:`kinglib.testing`.

Moves from text, random play and random states, whole matches played by a policy with a check
of every state, replays, snapshots, the checks of single states that the variants' tests add to
the ones :mod:`kinglib.testing.checks` makes, the layouts and contracts of the family variants
played with the 52-card pack, and the variants and house rule the adapters are checked with.

The kernel's strategies are in :mod:`tests.support.kernel`, the fuzz tests' records and junk in
:mod:`tests.support.fuzz`, the web table's test server in :mod:`tests.support.web`.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

import kinglib
from kinglib import Card, CardSet, Move, Phase, Rules, State, Suit
from kinglib.apps.human import read_move
from kinglib.engine.view import View
from kinglib.kit.trump_rounds import UNDEALT, Praise
from kinglib.players.bots import HeuristicBot
from kinglib.testing import HandBuilt, play_moves, strategies
from kinglib.testing.checks import check_cards

#: A way of choosing a move: the state and its legal moves in, one of the moves out.
Policy = Callable[[State, tuple[Move, ...]], Move]

# ----------------------------------------------------------------------------- moves from text


#: Apply the moves written in ``text`` (``"AD TD 6D 2D"``, ``"bid 3"``, ``"pass"``), in turn.
play = play_moves


def card(text: str) -> Card:
    """A card from its text."""
    return Card.parse(text)


def legal_cards(state: State) -> str:
    """The legal cards of the seat to move, as text in display order."""
    return " ".join(str(m) for m in state.legal_moves())


def snapshot(state: State) -> tuple[Any, ...]:
    """Every public field of a state, as plain values (to prove that nothing changed)."""
    return (
        state.deal_number,
        state.dealer,
        state.phase,
        state.to_move,
        state.hands,
        tuple(state.taken(s) for s in range(state.players)),
        state.trick,
        state.tricks,
        state.contract,
        state.trump,
        state.totals,
        state.results,
        state.moves,
        state.legal_moves(),
        state.is_over,
    )


def replay(state: State, rules: Rules | None = None) -> State:
    """An independent copy of a seeded state: its moves replayed from its seed.

    ``rules``: the rules to replay under (default: the state's own).
    """
    assert state.seed is not None
    copy = (rules or state.rules).new_match(seed=state.seed)
    for move in state.moves:
        copy = copy.apply(move)
    return copy


# ----------------------------------------------------------------------------- random play

#: Every installed variant; properties written over it hold for variants added later.
VARIANTS = kinglib.variant_names()

#: The settings of a property run once per variant: fewer examples each, so that the whole
#: suite stays fast as variants are added.
#: ``PER_VARIANT_EXAMPLES=500`` runs a longer search.
per_variant = settings(max_examples=int(os.environ.get("PER_VARIANT_EXAMPLES", "12")))

#: A very large step count: play on until the match is over.
TO_THE_END = 10**6


@cache
def rules_for(variant: str, players: int | None = None) -> Rules:
    """The rules of ``variant`` (loaded once)."""
    return kinglib.load_rules(variant, players=players)


def player_counts(variant: str) -> tuple[int, ...]:
    """The player counts of ``variant``."""
    return rules_for(variant).info.players


def play_randomly(state: State, steps: int, seed: int) -> State:
    """Up to ``steps`` random legal moves (fewer if the state ends first)."""
    return strategies.play_randomly(state, steps, random.Random(seed))


def given_deal(rules: Rules, seed: int, contract_index: int, dealer: int) -> State:
    """A single deal from hands dealt by the variant itself, with some contract."""
    rng = random.Random(seed)
    dealt = rules.deal(dealer, rng)
    contracts = sorted(rules.contracts)
    contract = contracts[contract_index % len(contracts)]
    trump: Suit | str | None = None
    if rules.contracts[contract].trump_round:
        trump = rng.choice(list(Suit))
    # new_deal takes these piles by name; any other pile of the deal starts empty.
    piles = {name: cards for name, cards in dealt.piles if name in ("widow", "stock", "kitty")}
    return rules.new_deal(contract, list(dealt.hands), dealer, trump=trump, **piles)


steps = st.one_of(st.integers(0, 40), st.integers(0, 400), st.just(TO_THE_END))


@st.composite
def match_states(draw: st.DrawFn, variant: str) -> State:
    """A reachable state of a seeded match: random players, seed and legal moves."""
    rules = rules_for(variant, draw(st.sampled_from(player_counts(variant))))
    state = rules.new_match(seed=draw(st.integers(0, 2**40)))
    return play_randomly(state, draw(steps), draw(st.integers(0, 2**32)))


@st.composite
def deal_states(draw: st.DrawFn, variant: str) -> State:
    """A reachable state of a single deal given in full (``Rules.new_deal``)."""
    rules = rules_for(variant, draw(st.sampled_from(player_counts(variant))))
    state = given_deal(
        rules,
        draw(st.integers(0, 2**32)),
        draw(st.integers(0, 100)),
        draw(st.integers(0, rules.players - 1)),
    )
    return play_randomly(state, draw(steps), draw(st.integers(0, 2**32)))


def any_states(variant: str) -> st.SearchStrategy[State]:
    """A reachable state of a match or of a single deal of ``variant``."""
    return st.one_of(match_states(variant), deal_states(variant))


# ----------------------------------------------------------------------------- whole matches


def random_policy(rng: random.Random, pass_rate: float = 0.0) -> Policy:
    """Any legal move, at random; in an auction, pass with ``pass_rate`` first."""

    def pick(state: State, moves: tuple[Move, ...]) -> Move:
        if pass_rate and state.phase is Phase.BID and rng.random() < pass_rate:
            return kinglib.Pass()
        return rng.choice(moves)

    return pick


def first_choice(state: State, moves: tuple[Move, ...]) -> Move:
    """The first legal move: the earliest contract of the plan, the first card."""
    return moves[0]


def last_choice(state: State, moves: tuple[Move, ...]) -> Move:
    """The last legal choice of a contract, the first legal move otherwise."""
    return moves[-1] if state.phase is Phase.CHOOSE else moves[0]


def play_match(
    rules: Rules,
    seed: int,
    policy: Policy | None = None,
    *,
    check: Callable[[State], None] | None = None,
    limit: int = 100_000,
) -> State:
    """Play a whole match from ``seed`` with ``policy``, calling ``check`` on every state.

    ``policy`` defaults to random legal moves drawn from ``random.Random(seed)``; the final
    state is checked too.
    """
    pick = policy or random_policy(random.Random(seed))
    state = rules.new_match(seed=seed)
    for _ in range(limit):
        if check is not None:
            check(state)
        if state.is_over:
            return state
        state = state.apply(pick(state, state.legal_moves()))
    raise AssertionError("the match did not end")


# ----------------------------------------------------------------------------- state checks


def check_deal_totals(state: State) -> None:
    """Every finished deal handed out its contract's total."""
    for result in state.results:
        assert result.total == state.rules.contracts[result.contract].total


def check_chosen_state(state: State) -> None:
    """The invariants of a state where contracts are chosen (ordered, atomic), views included."""
    check_cards(state)
    check_deal_totals(state)
    rules = state.rules
    if not state.is_over:
        assert state.to_move is not None
        assert state.hands_mask[state.to_move] or state.phase is not Phase.PLAY
        assert state.legal_moves(), f"no legal move in {state!r}"
        for seat in range(rules.players):
            view = state.view(seat)
            assert view.hand == state.hand(seat)
            others = 0
            for other in range(rules.players):
                if other != seat:
                    others |= state.hands_mask[other]
            if seat != state.eldest:
                others |= state.pile("discard").mask
            shown = view.extra.get("widow", CardSet())
            leak = view.seen_cards.mask & others & ~shown.mask
            assert not leak, f"seat {seat} sees {CardSet.from_mask(leak)}"
            if state.phase in (Phase.CHOOSE, Phase.DECLARE):
                assert not view.seen_cards.mask & state.pile("widow").mask
            assert bool(view.legal_moves) == (seat == state.to_move)


def check_live_state(state: State) -> None:
    """Cards conserved, and one seat to move with a legal move (none once over)."""
    check_cards(state)
    check_live(state)


def check_view(state: State) -> None:
    """Each view shows only its own hand and the cards on the table or already played."""
    played = sum(card.mask for _, card in state.trick)
    for trick in state.tricks:
        played |= trick.cards.mask
    for seat in range(state.players):
        view = state.view(seat)
        allowed = CardSet.from_mask(state.hands_mask[seat] | played)
        assert view.seen_cards <= allowed, f"seat {seat} sees {view.seen_cards - allowed}"
        view.to_dict()


def check_auction_match(state: State) -> None:
    """The checks of a match with an auction: a live state, and its views now and then."""
    check_live_state(state)
    if len(state.moves) % 37 == 0:
        check_view(state)


def check_live(state: State) -> None:
    """A live state has exactly one seat to move and at least one legal move."""
    if state.is_over:
        assert state.to_move is None and state.legal_moves() == ()
        return
    assert state.to_move is not None and 0 <= state.to_move < state.players
    assert state.legal_moves(), "a live state without a legal move"
    if state.phase is Phase.DECLARE and isinstance(state.aux, Praise) and state.aux.buyer is None:
        # The three-card stage: the declarer holds three cards, the rest is hidden.
        assert state.to_move == state.aux.declarer
        assert all(m.bit_count() <= 3 for m in state.hands_mask)


def check_undealt_hidden(state: State) -> None:
    """No view holds a card its seat has not seen; nothing undealt is ever shown."""
    undealt = state.pile(UNDEALT).mask
    played = 0
    for t in state.tricks:
        played |= t.cards.mask
    for _, card in state.trick:
        played |= card.mask
    shown = 0
    praise = state.aux
    if isinstance(praise, Praise) and praise.declaration == "last":
        shown = praise.last_card.mask
    for seat in range(state.players):
        view = state.view(seat)
        allowed = state.hands_mask[seat] | played | shown
        extra_cards = view.seen_cards.mask & ~allowed
        assert not extra_cards, f"seat {seat} sees {CardSet.from_mask(extra_cards)}"
        assert not view.seen_cards.mask & undealt
        assert UNDEALT not in view.piles
        # Earlier deals' results name cards of the same pack; this deal's facts must not.
        public = {k: v for k, v in view.to_dict().items() if k != "results"}
        words = set(str(public).replace("'", " ").replace(",", " ").replace("]", " ").split())
        leaked = [str(c) for c in CardSet.from_mask(undealt) if str(c) in words]
        assert not leaked, f"seat {seat}'s view names undealt cards {leaked}"


#: The checks of every state of a match with trump rounds: live, cards conserved.
check_trump_round_match = check_live_state


# ----------------------------------------------------------------------------- match rules


def running_totals(state: State) -> list[tuple[int, ...]]:
    """The match totals after each deal."""
    totals = [0] * state.players
    out = []
    for result in state.results:
        totals = [a + b for a, b in zip(totals, result.points)]
        out.append(tuple(totals))
    return out


def check_threshold(state: State, threshold: int) -> None:
    """The match ended at the first deal after which some total was ``threshold`` or lower."""
    after = running_totals(state)
    assert after[-1] == state.totals
    assert min(after[-1]) <= threshold
    for totals in after[:-1]:
        assert min(totals) > threshold
    best = max(state.totals)
    assert state.winners == tuple(s for s, t in enumerate(state.totals) if t == best)


def check_early_end(rules: Rules, late: Rules, seed: int) -> bool:
    """Play one random deal; if it ends early, finishing it under ``late`` changes no score.

    ``late`` are the same rules with ``early_end=False``. Returns whether the deal ended early.
    """
    rng = random.Random(seed)
    dealer = rng.randrange(rules.players)
    dealt = rules.deal(dealer, rng)
    contract = next(iter(rules.contracts))
    state = rules.new_deal(contract, list(dealt.hands), dealer=dealer)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    result = state.results[0]
    if not result.ended_early or not result.unplayed:
        return False
    full = late.new_deal(contract, list(dealt.hands), dealer=dealer)
    for move in state.moves:
        full = full.apply(move)
    while not full.is_over:
        full = full.apply(rng.choice(full.legal_moves()))
    assert not full.results[0].ended_early
    assert full.results[0].points == result.points, "the unplayed cards changed a score"
    assert full.results[0].details == result.details
    return True


# ----------------------------------------------------------------------------- a person typing

#: view -> lines to type (the last must be a legal move; those before are refused).
Typing = Callable[[View], list[str]]


def script(
    rules: Rules, seed: int, human: int, policy: Typing
) -> tuple[list[str], State, list[Phase]]:
    """The lines a person following ``policy`` types in a whole match, and how it ends.

    The match is played in process the way ``kinglib play --human SEAT`` plays it
    (HeuristicBots elsewhere); returns every line typed, the final state and the phases the
    person was asked about.
    """
    bot = HeuristicBot()
    state = rules.new_match(seed=seed)
    lines: list[str] = []
    asked: list[Phase] = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if seat == human:
            typed = policy(view)
            for bad in typed[:-1]:
                try:
                    read_move(bad, state)
                except ValueError:
                    pass
                else:
                    raise AssertionError(f"{bad!r} was meant to be refused")
            move = read_move(typed[-1], state)
            lines += typed
            asked.append(view.phase)
        else:
            move = bot.choose_move(view)
        state = state.apply(move)
    return lines, state, asked


def first(view: View) -> list[str]:
    """Always the first move in the list."""
    return ["1"]


# ----------------------------------------------------------------------------- the 52-card family

#: The six negative contracts, in their usual order.
NEGATIVES = (
    "no_tricks",
    "no_hearts",
    "no_queens",
    "no_kings_jacks",
    "no_king_of_hearts",
    "no_last_two",
)

#: Each seat holds one whole suit: seat 0 spades, 1 hearts, 2 diamonds, 3 clubs.
SUITED_DEAL = """
    trumps dealer=0
    0: AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S
    1: AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H
    2: AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D
    3: AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C
"""
#: The hands of ``SUITED_DEAL``, seat 0 first.
SUITED = list(HandBuilt.parse(SUITED_DEAL).hands)


def shuffled_hands(rng: random.Random, deck: CardSet) -> list[CardSet]:
    """Four hands of 13 cards from ``deck`` shuffled by ``rng``."""
    cards = list(deck)
    rng.shuffle(cards)
    return [CardSet(cards[k * 13 : (k + 1) * 13]) for k in range(4)]


# ----------------------------------------------------------------------------- the adapters

#: The variants the adapters are checked on.
ADAPTER_VARIANTS = (
    "atomic",
    "barbu",
    "bidding",
    "domino",
    "jokers",
    "omnibus",
    "ordered",
    "simple",
    "three-hand",
)
#: The house rule the adapters are checked with, by its module name.
HOUSE_RULES = "tests.support.house_rules_sample"


def house_rules() -> Rules:
    """simple with the house rule that nobody leads an ace while holding another card."""
    from tests.support import house_rules_sample

    return kinglib.load_rules("simple", plugins=[house_rules_sample])


# ----------------------------------------------------------------------------- shared layouts
# Hands of the 32-card pack that several files deal (seat 0 first).

# Seat 0 leads when seat 3 deals.
MIXED_DEAL = """
    no_tricks dealer=3
    0: AS KS QS JS AH 7H AD 7C
    1: TS 9S 8S 7S KH QH 9C 8C  # holds KH, no diamonds
    2: JH TH 9H 8H KD QD JD TD
    3: AC KC QC JC TC 9D 8D 7D
"""
#: The hands of ``MIXED_DEAL``, seat 0 first.
MIXED = list(HandBuilt.parse(MIXED_DEAL).hands)

# A whole deal of MIXED with dealer 3, legal in every contract without the K♥ rule.
MIXED_PLAY = [
    "AS 7S KD AC",  # seat 0 wins
    "KS 8S QD KC",  # seat 0
    "AD 8C JD 9D",  # seat 0
    "7C 9C TD QC",  # seat 3
    "JC QS TS JH",  # seat 3 leads now
    "TC JS 9S TH",  # seat 3
    "8D AH KH 9H",  # seat 3
    "7D 7H QH 8H",  # seat 3
]

# Seat 0 takes the first two tricks, then holds only hearts and must lead one.
HEART_LEAD_DEAL = """
    no_king dealer=3
    0: AS AD AH QH JH TH 9H 8H
    1: KH 7H KS QS KD QD JD TD
    2: JS TS 9S 8S 7S 9D 8D 7D
    3: AC KC QC JC TC 9C 8C 7C
"""
#: The hands of ``HEART_LEAD_DEAL``, seat 0 first.
HEART_LEAD = list(HandBuilt.parse(HEART_LEAD_DEAL).hands)

# Dealer 3, so seat 0 is the eldest: the maker of a given-trump deal, the declarer in praise.
# Seat 1 has no clubs; seat 3 has no clubs either.
VOID_CLUBS_DEAL = """
    trumps dealer=3 trump=H
    0: AC KC QC JC AD KD QD JD
    1: AH KH QH JH TD 9D 8D 7D
    2: TC 9C 8C 7C AS KS QS JS
    3: TH 9H 8H 7H TS 9S 8S 7S
"""
#: The hands of ``VOID_CLUBS_DEAL``, seat 0 first.
VOID_CLUBS = list(HandBuilt.parse(VOID_CLUBS_DEAL).hands)


# ----------------------------------------------------------------------------- the command line

#: The source tree the command runs from in a subprocess.
SRC = Path(__file__).resolve().parents[2] / "src"


def run_kinglib(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python -m kinglib ARGS`` on this tree's source, 120 columns wide, in UTF-8."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")])
    env["COLUMNS"] = "120"
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, "-m", "kinglib", *args],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
    )
