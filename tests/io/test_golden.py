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
from kinglib.apps.rule_tables import score_sheet
from kinglib.plugins.manager import BUILTIN_VARIANTS
from tests.golden.regenerate import CASES, outcome

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
EXPECTED: dict[str, Any] = json.loads((GOLDEN / "expected.json").read_text("utf-8"))


def test_every_case_has_a_record_and_an_outcome() -> None:
    records = {p.stem for p in GOLDEN.glob("*.json")} - {"expected"}
    assert records == set(CASES) == set(EXPECTED)
    variants = {variant for variant, *_ in CASES.values()}
    assert variants == set(BUILTIN_VARIANTS)  # every variant kinglib ships


@pytest.mark.parametrize("case", sorted(CASES))
def test_record_replays_to_the_same_outcome(case: str) -> None:
    variant, players, options, seed = CASES[case]
    text = (GOLDEN / f"{case}.json").read_text("utf-8")
    state = kinglib.from_json(text)
    rules = state.rules
    # Saved again, the record is the same (but for the version of kinglib that writes it).
    again = json.loads(kinglib.to_json(state)) | {"kinglib": ""}
    assert again == json.loads(text) | {"kinglib": ""}
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


#: The kinds of move each golden match must contain, by the phase they are made in: the
#: replay below checks the view of every one of those positions.
KINDS: dict[str, set[tuple[str, str]]] = {
    "simple": {("play", "Play")},
    "simple-otygrysh": {
        ("declare", "Declare"),
        ("bid", "Bid"),
        ("bid", "Pass"),
        ("answer", "Keep"),
        ("play", "Play"),
    },
    "simple-plus_eralash": {("declare", "Declare"), ("bid", "Pass"), ("play", "Play")},
    "simple-short": {("declare", "Declare"), ("bid", "Pass"), ("play", "Play")},
    "simple-twelve": {("play", "Play")},
    "three-hand": {("play", "Play")},
    "three-hand-otygrysh": {("declare", "Declare"), ("bid", "Pass"), ("play", "Play")},
    "three-hand-otygrysh-last": {("declare", "Declare"), ("bid", "Pass"), ("play", "Play")},
    "three-hand-parlett36": {("play", "Play")},
    "ordered": {("choose", "Choose"), ("play", "Play")},
    "ordered-shared": {("choose", "Choose"), ("play", "Play")},
    "ordered-trumps": {("choose", "Choose"), ("declare", "Declare"), ("play", "Play")},
    "atomic": {("choose", "Choose"), ("declare", "Declare"), ("discard", "Discard")},
    "atomic-4": {("choose", "Choose"), ("declare", "Declare"), ("discard", "Discard")},
    "domino": {("play", "Draw"), ("play", "Play")},
    "jokers": {("play", "Play"), ("play", "joker")},
    "jokers-3": {("play", "Play"), ("play", "joker")},
    "bidding": {("bid", "Bid"), ("bid", "Pass"), ("declare", "Declare"), ("play", "Play")},
    "omnibus": {("play", "Play")},
    "turkish": {("choose", "Choose"), ("declare", "Declare"), ("play", "Play")},
    "brazilian": {
        ("choose", "Choose"),
        ("bid", "Bid"),
        ("bid", "Pass"),
        ("answer", "Keep"),
        ("declare", "Declare"),
        ("play", "Play"),
    },
    "barbu": {
        ("choose", "Choose"),
        ("declare", "Declare"),
        ("double", "Double"),
        ("double", "Pass"),
        ("double", "Redouble"),
        ("play", "Pass"),
        ("play", "Play"),
    },
    "barbu-each": {
        ("choose", "Choose"),
        ("declare", "Declare"),
        ("double", "Double"),
        ("double", "Pass"),
        ("double", "Redouble"),
        ("play", "Pass"),
        ("play", "Play"),
    },
    "kierki": {("declare", "Declare"), ("play", "Pass"), ("play", "Play")},
    "brazilian-fixed": {
        ("bid", "Bid"),
        ("bid", "Pass"),
        ("answer", "Sell"),
        ("answer", "Declare"),
        ("declare", "Declare"),
        ("play", "Play"),
    },
}


def _kind(move: kinglib.Move) -> str:
    if isinstance(move, kinglib.Play) and move.card.is_joker:
        return "joker"
    return type(move).__name__


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_position_of_the_record_has_a_sound_view(case: str) -> None:
    """Replayed move by move, each position's views agree with the state and are JSON-ready.

    The mover's view lists exactly the legal moves and holds the mover's hand; the next seat's
    view lists no move; both views go through ``json``. The record's positions cover the kinds
    of move in ``KINDS``, so every phase of the variant has its views checked.
    """
    final = kinglib.from_json((GOLDEN / f"{case}.json").read_text("utf-8"))
    seed = final.setup.seed
    assert seed is not None
    state = final.rules.new_match(seed=seed)
    kinds: set[tuple[str, str]] = set()
    for move in final.moves:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        assert view.phase is state.phase
        assert view.legal_moves == state.legal_moves()
        assert view.hand == state.hand(seat)
        other = state.view((seat + 1) % state.players)
        assert other.legal_moves == ()
        json.dumps(view.to_dict())
        json.dumps(other.to_dict())
        kinds.add((state.phase.value, _kind(move)))
        state = state.apply(move)
    assert state == final
    assert KINDS[case] <= kinds, kinds
