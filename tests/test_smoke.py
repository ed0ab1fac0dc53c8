import random

import kinglib


def test_random_match_is_zero_sum_and_has_fourteen_deals() -> None:
    rules = kinglib.load_rules("simple")
    state = rules.new_match(seed=7)
    rng = random.Random(1)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
    assert len(state.results) == 14
    assert sum(state.totals) == 0
    assert [r.contract for r in state.results][:7] == list(kinglib.contracts.NEGATIVE_GAMES)
