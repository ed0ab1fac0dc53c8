"""Golden records: fixed HeuristicBot matches of every variant, replayed from their records.

Each ``tests/golden/<case>.json`` is a record written by ``tests/golden/regenerate.py``;
``tests/golden/expected.json`` holds its final totals, winners and score sheet. Replaying the
record must reproduce them exactly, so a change to any rule that these matches touch (a price,
a trick winner, a legal move, the end of a match) fails here. Regenerate only on purpose.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import kinglib
from kinglib.tables import score_sheet
from tests.golden.regenerate import CASES, outcome

GOLDEN = Path(__file__).resolve().parent / "golden"
EXPECTED: dict[str, Any] = json.loads((GOLDEN / "expected.json").read_text("utf-8"))


def test_every_case_has_a_record_and_an_outcome() -> None:
    records = {p.stem for p in GOLDEN.glob("*.json")} - {"expected"}
    assert records == set(CASES) == set(EXPECTED)
    variants = {variant for variant, *_ in CASES.values()}
    assert variants == set(kinglib.variant_names())


@pytest.mark.parametrize("case", sorted(CASES))
def test_record_replays_to_the_same_outcome(case: str) -> None:
    variant, players, options, seed = CASES[case]
    state = kinglib.from_json((GOLDEN / f"{case}.json").read_text("utf-8"))
    rules = state.rules
    assert rules == kinglib.load_rules(variant, players=players, **options)
    assert state.setup.seed == seed
    assert state.is_over
    expected = EXPECTED[case]
    assert list(state.totals) == expected["totals"]
    assert list(state.winners) == expected["winners"]
    assert outcome(state)["sheet"] == expected["sheet"]
    # Every deal's points add up to the total; the sheet's last row is the match total.
    sums = [
        sum(deal["points"][seat] for deal in expected["sheet"]) for seat in range(rules.players)
    ]
    assert sums == expected["totals"]
    sheet = score_sheet(rules, state.results, state.winners)
    assert sheet.row_count >= len(expected["sheet"]) + 1
