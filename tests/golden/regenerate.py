"""Write the golden records of tests/golden again: run ``python tests/golden/regenerate.py``.

Each case is one variant (with its options and player count) played from a fixed seed by
HeuristicBots in every seat. For each case the record goes to ``<case>.json`` and the final
totals, winners and score sheet (contract, trump, points, chooser and early end of every deal)
go to ``expected.json``, with the card a trump round declared ``last`` showed and the card
that set its trump. ``tests/io/test_golden.py`` replays every record with
:func:`kinglib.from_json` and compares the outcome with ``expected.json``.

Run this only on purpose, after a rule change that is meant to change these matches; the diff
of ``expected.json`` then shows what changed. Name cases (``python tests/golden/regenerate.py
three-hand-parlett36``) to write only those again and keep the others as they are: the bots
change over time, so playing an unchanged case again may give another (equally valid) match.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import kinglib
from kinglib.players.bots import HeuristicBot

HERE = Path(__file__).resolve().parent

#: case name -> (variant, player count or None for the default, options, seed)
CASES: dict[str, tuple[str, int | None, dict[str, Any], int]] = {
    "simple": ("simple", None, {}, 11),
    "simple-otygrysh": ("simple", None, {"scheme": "otygrysh"}, 12),
    "simple-plus_eralash": ("simple", None, {"scheme": "plus_eralash"}, 13),
    "simple-short": ("simple", None, {"scheme": "short"}, 14),
    "simple-twelve": ("simple", None, {"scheme": "twelve", "boys": "jacks+kings"}, 28),
    "three-hand": ("three-hand", None, {}, 15),
    "three-hand-otygrysh": ("three-hand", None, {"scheme": "otygrysh"}, 16),
    # A match in which three declarers declare "last" (deals 9, 10 and 11).
    "three-hand-otygrysh-last": ("three-hand", None, {"scheme": "otygrysh"}, 25),
    "three-hand-parlett36": ("three-hand", None, {"scheme": "parlett36"}, 17),
    "ordered": ("ordered", None, {}, 18),
    "ordered-shared": ("ordered", None, {"pool": "shared"}, 19),
    "ordered-trumps": ("ordered", None, {"trumps": True}, 20),
    "atomic": ("atomic", 3, {}, 21),
    "atomic-4": ("atomic", 4, {}, 22),
    "domino": ("domino", None, {}, 23),
    "jokers": ("jokers", 4, {}, 24),
    "jokers-3": ("jokers", 3, {}, 25),
    "bidding": ("bidding", None, {}, 26),
    "omnibus": ("omnibus", None, {}, 27),
    "turkish": ("turkish", None, {}, 29),
    "brazilian": ("brazilian", None, {}, 30),
    "brazilian-fixed": ("brazilian", None, {"order": "fixed", "renounce": True}, 31),
    "barbu": ("barbu", None, {}, 32),
    "barbu-each": (
        "barbu",
        None,
        {"rotation": "each", "heart_lead": "broken", "must_trump": True, "fan_tan_start": "J"},
        33,
    ),
    "kierki": ("kierki", None, {}, 32),
}


#: The details of a deal's result that the sheet shows when the deal has them: the card shown
#: by a trump round declared "last", and the card that set the trump played.
SHOWN_CARDS = ("last_card", "trump_card")


def outcome(state: kinglib.State) -> dict[str, Any]:
    """What the golden test compares: totals, winners and every row of the score sheet."""
    return {
        "totals": list(state.totals),
        "winners": list(state.winners),
        "sheet": [
            {
                "contract": r.contract,
                "trump": None if r.trump is None else str(r.trump),
                "points": list(r.points),
                "chooser": r.chooser,
                "ended_early": r.ended_early,
                **{k: str(r.detail(k)) for k in SHOWN_CARDS if r.detail(k) is not None},
            }
            for r in state.results
        ],
    }


def play_case(name: str) -> kinglib.State:
    """The match of one case, played by HeuristicBots."""
    variant, players, options, seed = CASES[name]
    rules = kinglib.load_rules(variant, players=players, **options)
    return kinglib.play(rules, [HeuristicBot() for _ in range(rules.players)], seed=seed)


def main(names: list[str]) -> int:
    """Play the named cases (every case if none is named); write their records and outcomes."""
    unknown = sorted(set(names) - set(CASES))
    if unknown:
        print(f"unknown cases: {', '.join(unknown)}; the cases are: {', '.join(CASES)}")
        return 2
    path = HERE / "expected.json"
    kept: dict[str, Any] = json.loads(path.read_text("utf-8")) if names else {}
    expected: dict[str, Any] = {}
    for name in CASES:
        if names and name not in names:
            if name in kept:
                expected[name] = kept[name]
            continue
        state = play_case(name)
        (HERE / f"{name}.json").write_text(kinglib.to_json(state, indent=1) + "\n", "utf-8")
        expected[name] = outcome(state)
        print(f"{name}: {len(state.results)} deals, totals {list(state.totals)}")
    text = json.dumps(expected, indent=1, ensure_ascii=False)
    (HERE / "expected.json").write_text(text + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
