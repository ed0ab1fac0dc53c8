"""The house rules by name: on the command line, and under one name everywhere."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Generator
from pathlib import Path
from typing import Any

import attrs
import pytest
from kinglib_house_rules_example import CLEAN_SHEET, NO_ERALASH, clean_sheet

import kinglib
from kinglib.engine.match_end import match_end_points
from kinglib.plugins.invariants import Invariants
from kinglib.testing import check_invariants
from kinglib.testing.conformance import RulesConformance, rules_id


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="120", PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "kinglib", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
    )


def test_play_with_a_house_rule_shows_its_end_of_match_line() -> None:
    done = run("play", "simple", "--plugin", CLEAN_SHEET, "-o", "clean_sheet_bonus=20")
    assert done.returncode == 0, done.stderr
    rules = kinglib.load_rules("simple", plugins=[CLEAN_SHEET], clean_sheet_bonus=20)
    final = kinglib.play(rules, [kinglib.bots.HeuristicBot() for _ in range(4)], seed=0)
    ((name, points),) = match_end_points(final)
    row = next(line for line in done.stdout.splitlines() if "end of match: clean-sheet" in line)
    cells = [c.strip() for c in row.strip("│").split("│")][2:]
    assert [0 if c == "—" else int(c) for c in cells] == list(points)
    assert name == CLEAN_SHEET
    assert f"with {max(final.totals):+d}." in done.stdout.splitlines()[-1]


def test_play_and_simulate_take_several_plugins(tmp_path: Path) -> None:
    record = tmp_path / "match.json"
    done = run(
        "play", "simple", "--plugin", NO_ERALASH, "--plugin", CLEAN_SHEET, "--save", str(record)
    )
    assert done.returncode == 0, done.stderr
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["plugins"] == [NO_ERALASH, CLEAN_SHEET]
    assert [e["name"] for e in saved["match_end"]] == [CLEAN_SHEET]
    assert run("replay", str(record)).returncode == 0
    done = run(
        "simulate",
        "simple",
        "--plugin",
        NO_ERALASH,
        "--plugin",
        CLEAN_SHEET,
        "--games",
        "3",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["deals"] == 3 * 12


def test_rules_with_a_plugin_shows_the_changed_match() -> None:
    done = run("rules", "simple", "--plugin", NO_ERALASH)
    assert done.returncode == 0, done.stderr
    assert "12 deals" in done.stdout
    assert "eralash" not in done.stdout.split("the match")[1].split("options")[0]


def test_variants_lists_the_house_rules_and_an_unknown_option_names_its_rule() -> None:
    done = run("variants")
    assert done.returncode == 0
    for name in (CLEAN_SHEET, NO_ERALASH, "boys-jacks-kings"):
        assert f"│ {name}" in done.stdout
    assert "clean_sheet_bonus=10" in done.stdout
    done = run("play", "simple", "-o", "clean_sheet_bonus=5")
    assert done.returncode == 2
    assert "unknown option 'clean_sheet_bonus' for simple" in done.stderr
    assert "installed house rules 'clean-sheet' add it" in done.stderr
    assert "--plugin clean-sheet" in done.stderr
    done = run("play", "simple", "--plugin", "no-such-rule")
    assert done.returncode == 2
    assert "unknown house rules 'no-such-rule'" in done.stderr


class ClaimsZeroSum:
    """Declares the match zero-sum again, after clean-sheet withdrew it."""

    @kinglib.hookimpl(wrapper=True)
    def kinglib_invariants(self, rules: kinglib.Rules) -> Generator[Any, Any, Invariants]:
        declared: Invariants = yield
        return attrs.evolve(declared, zero_sum=True)


def test_an_entry_point_plugin_has_one_name_in_all_five_places() -> None:
    for given in (CLEAN_SHEET, clean_sheet):
        rules = kinglib.load_rules("simple", plugins=[given, ClaimsZeroSum()])
        assert rules.plugin_names[0] == CLEAN_SHEET
        assert f"plugins=['{CLEAN_SHEET}', " in repr(rules)
        assert rules_id(rules).split(",")[2] == CLEAN_SHEET
        record = json.loads(kinglib.to_json(rules.new_match(0)))
        assert record["plugins"][0] == CLEAN_SHEET
        with pytest.raises(AssertionError) as failure:
            check_invariants(rules, 0, views=False)
        assert str(failure.value).startswith("invariant 'zero-sum' broken")
        assert str(failure.value).count(f"'{CLEAN_SHEET}'") == 2


class TestCleanSheetConformance(RulesConformance):
    rules = (
        kinglib.load_rules("simple", plugins=[CLEAN_SHEET]),
        kinglib.load_rules("domino", plugins=[CLEAN_SHEET]),
        kinglib.load_rules("simple", plugins=[NO_ERALASH, CLEAN_SHEET], scheme="otygrysh"),
    )
    seeds = 2
    examples = 10
