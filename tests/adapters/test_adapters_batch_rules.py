"""The batch forms of the kernel's rules, the greedy player and the hashed draws, against the
scalar functions they mirror, over random deal rules, hands and tricks."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from kinglib.adapters import batch_rules as br  # noqa: E402
from kinglib.adapters import draws  # noqa: E402
from kinglib.adapters.policies import greedy_batch, strongest, weakest  # noqa: E402
from kinglib.engine import kernel  # noqa: E402
from kinglib.engine.kernel import R_PLAYERS, R_SCORING, R_STEP, R_VOID, VOID_DRAW, DealRules  # noqa: E402
from kinglib.players.playouts import _strongest, _weakest, greedy_card  # noqa: E402
from tests.support.kernel import SUITED, deal_rules  # noqa: E402

#: Deal rules the batch plays: no jokers, no draws from the stock.
BATCH_RULES = deal_rules(jokers=False).filter(lambda rules: rules[R_VOID] != VOID_DRAW)


@st.composite
def positions(draw: st.DrawFn, rules: DealRules) -> tuple[int, int, int, int, int]:
    """A hand, the trick on the table (its first card led), the broken suits and a seat.

    The cards come from two suits, so that following, trumping and the duties all happen.
    """
    suits = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
    pool = [13 * s + r for s in suits for r in range(13)]
    cards = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=20, unique=True))
    cut = draw(st.integers(1, len(cards) - 1))
    hand = sum(1 << c for c in cards[:cut])
    table = cards[cut:][: rules[R_PLAYERS] - 1]
    trick = sum(1 << c for c in table)
    led = kernel.led_mask(table[0], rules)
    broken = draw(st.sampled_from([0, *kernel.SUIT_MASKS]))
    seat = draw(st.integers(0, rules[R_PLAYERS] - 1))
    return hand, trick, led, broken, seat


@st.composite
def games(draw: st.DrawFn) -> list[tuple[DealRules, tuple[int, int, int, int, int]]]:
    """Games of one seat count and direction, each with its own deal rules and position."""
    first = draw(BATCH_RULES)
    found = []
    for _ in range(draw(st.integers(8, 24))):
        rules = draw(BATCH_RULES)
        rules = (first[R_PLAYERS], first[R_STEP], *rules[2:])
        found.append((rules, draw(positions(rules))))
    return found


def _u64(values: list[int]) -> Any:
    return np.array(values, np.uint64)


@given(games())
def test_the_batch_rules_are_the_kernel_rules(
    found: list[tuple[DealRules, tuple[int, ...]]],
) -> None:
    table = br.BatchRules.of([rules for rules, _ in found])
    hand = _u64([p[0] for _, p in found])
    trick = _u64([p[1] for _, p in found])
    led = _u64([p[2] for _, p in found])
    broken = _u64([p[3] for _, p in found])
    seat = np.array([p[4] for _, p in found], np.int64)
    leads = br.lead_mask(hand, seat, broken, table)
    follows = br.follow_mask(hand, led, trick, table)
    best = br.best_bit(trick, led, table)
    wins = br.winning_cards(follows, trick, led, table)
    after = br.broken_after(broken, trick, led)
    for k, (rules, (h, t, led_k, b, s)) in enumerate(found):
        assert int(leads[k]) == kernel.lead_mask(h, s, b, rules)
        legal = kernel.follow_mask(h, led_k, t, rules, False)
        assert int(follows[k]) == legal
        assert int(best[k]) == kernel.best_bit(t, led_k, rules, 0)
        winning = sum(
            1 << c
            for c in range(52)
            if legal >> c & 1 and kernel.would_win(t, led_k, 1 << c, rules)
        )
        assert int(wins[k]) == winning
        assert int(after[k]) == kernel.broken_after(b, t, led_k)
        index = t.bit_length() - 1
        assert int(br.led_mask(np.array([index]), table)[0]) == kernel.led_mask(index, rules)


@given(games(), st.integers(0, 10))
def test_the_next_seat_and_the_decided_deal_are_the_kernels(
    found: list[tuple[DealRules, tuple[int, ...]]], done: int
) -> None:
    table = br.BatchRules.of([rules for rules, _ in found])
    players, step = table.players, table.step
    hands = np.array(
        [[(p[0] >> s) & 0xFF if s != p[4] else 0 for s in range(players)] for _, p in found],
        np.uint64,
    )
    seat = np.array([p[4] for _, p in found], np.int64)
    leader = (seat + 1) % players
    nxt = br.next_to_play(hands, seat, leader, table)
    remaining = _u64([p[0] for _, p in found])
    decided = br.is_decided(np.full(len(found), done), remaining, table)
    for k, (rules, (h, _, _, _, s)) in enumerate(found):
        row = [int(x) for x in hands[k]]
        assert nxt[k] == kernel.next_to_play(row, s, int(leader[k]), players, step)
        assert decided[k] == kernel.is_decided(done, rules[18], h, rules[R_SCORING])


@given(st.lists(SUITED, min_size=1, max_size=20), st.data())
def test_bit_helpers_are_the_integer_ones(masks: list[int], data: st.DataObject) -> None:
    array = _u64(masks)
    assert [int(x) for x in br.low_bit(array)] == [m & -m for m in masks]
    assert [int(x) for x in br.high_bit(array)] == [
        1 << (m.bit_length() - 1) if m else 0 for m in masks
    ]
    assert list(br.bit_count(array)) == [m.bit_count() for m in masks]
    ks = [data.draw(st.integers(0, max(0, m.bit_count() - 1))) for m in masks]
    picked = br.nth_bit(array, np.array(ks, np.int64))
    for mask, k, bit in zip(masks, ks, picked):
        cards = [1 << c for c in range(52) if mask >> c & 1]
        assert int(bit) == (cards[k] if cards else 0)
    singles = _u64([m & -m for m in masks if m])
    assert list(br.bit_index(singles)) == [(m & -m).bit_length() - 1 for m in masks if m]


@st.composite
def greedy_cases(draw: st.DrawFn) -> tuple[int, int, int, int, bool, bool, int]:
    legal = draw(SUITED.filter(bool))
    wins = draw(SUITED) & legal
    trick = draw(st.sampled_from([0, draw(SUITED.filter(bool))]))
    led = draw(st.sampled_from(kernel.SUIT_MASKS))
    return legal, wins, trick, led, draw(st.booleans()), draw(st.booleans()), draw(SUITED)


@given(st.lists(greedy_cases(), min_size=1, max_size=20))
def test_the_batch_greedy_player_is_greedy_card(cases: list[tuple[Any, ...]]) -> None:
    columns = list(zip(*cases))
    picked = greedy_batch(
        _u64(list(columns[0])),
        _u64(list(columns[1])),
        _u64(list(columns[2])),
        _u64(list(columns[3])),
        np.array(columns[4], np.bool_),
        np.array(columns[5], np.bool_),
        _u64(list(columns[6])),
    )
    for case, bit in zip(cases, picked):
        assert int(bit) == greedy_card(*case)
    legal = _u64(list(columns[0]))
    assert [int(x) for x in strongest(legal)] == [_strongest(m) for m in columns[0]]
    assert [int(x) for x in weakest(legal)] == [_weakest(m) for m in columns[0]]


@given(
    st.lists(st.integers(0, (1 << 64) - 1), min_size=1, max_size=16),
    st.integers(1, 30),
    st.integers(0, 60),
)
def test_the_hashed_draws_of_a_batch_are_those_of_one_game(
    seeds: list[int], deal: int, moves: int
) -> None:
    array = _u64(seeds)
    deals = np.full(len(seeds), deal, np.int64)
    pack = [1 << c for c in range(52) if c % 13 < 8]
    hands = draws.hashed_deal_batch(array, deals, _u64(pack), 4)
    counts = np.array([1 + s % 13 for s in seeds], np.int64)
    hashes = draws.seed_hash_batch(array)
    domains = draws.pick_domains(deals)
    picks = draws.random_pick_batch(hashes, domains, np.full(len(seeds), moves), counts)
    mixed = draws.mix_batch(array, deal, moves)
    for k, seed in enumerate(seeds):
        dealt = draws.hashed_deal(seed, deal, pack, 4)
        assert [int(x) for x in hands[k]] == dealt
        assert sum(dealt) == sum(pack) and all(h.bit_count() == 8 for h in dealt)
        assert picks[k] == draws.random_pick(seed, deal, moves, int(counts[k]))
        assert 0 <= picks[k] < counts[k]
        assert int(mixed[k]) == draws.mix(seed, deal, moves)
    slots = np.arange(len(seeds), dtype=np.int64)
    episodes = np.full(len(seeds), deal, np.int64)
    batch = draws.episode_seed_batch(seeds[0], slots, episodes, len(seeds))
    assert [int(x) for x in batch] == [
        draws.episode_seed(seeds[0], s, deal, len(seeds)) for s in range(len(seeds))
    ]


def test_the_random_pick_is_close_to_uniform() -> None:
    counts = [0] * 5
    for moves in range(5000):
        counts[draws.random_pick(7, 1, moves, 5)] += 1
    assert min(counts) > 900 and max(counts) < 1100


def test_rules_the_batch_does_not_play_are_refused() -> None:
    plain = kernel.deal_rules_of(4)
    with pytest.raises(ValueError, match="the batch plays no jokers"):
        br.BatchRules.of([kernel.deal_rules_of(4, jokers=kernel.JOKERS)])
    with pytest.raises(ValueError, match="no draws from the stock"):
        br.BatchRules.of([kernel.deal_rules_of(4, void=kernel.VOID_DRAW)])
    with pytest.raises(ValueError, match="the same seats and direction"):
        br.BatchRules.of([plain, kernel.deal_rules_of(3)])
    with pytest.raises(ValueError, match="at least one game"):
        br.BatchRules.of([])
