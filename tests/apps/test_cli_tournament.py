"""``kinglib tournament`` and ``--bots``: names checked first, columns in words, ties explained."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import kinglib
from kinglib.apps import tournament_cli
from kinglib.apps.cli import main
from kinglib.apps.tournament import tournament

JOKERS = kinglib.load_rules("jokers")


def body_rows(out: str) -> list[list[str]]:
    return [
        [cell.strip() for cell in line.strip("│").split("│")]
        for line in out.splitlines()
        if line.startswith("│")
    ]


def test_the_table_names_its_columns_in_words_and_explains_the_wins(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["tournament", "jokers", "--bots", "heuristic,random,random,random", "--games", "3"]
    assert main(args) == 0
    out = " ".join(capsys.readouterr().out.split())
    for heading in ("mean total", "per match", "95%", "interval", "ms per", "decision"):
        assert heading in out
    assert "first bot" in out and "ahead by" in out and "margin" not in out
    assert "jokers: 3 duplicate matches (12 matches played)" in out
    result = tournament(JOKERS, ["heuristic", "random", "random", "random"], 3)
    wins = sum(s.wins for s in result.standings)
    assert "a tie for the best total counts for every seat tied" in out
    if wins > 12:
        assert f"so the wins add up to {wins}, more than the 12 matches" in out
    assert "the mean lead of heuristic over that bot" in out


def test_the_rows_hold_the_standings(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "jokers", "--bots", "heuristic,random,random,random", "--games", "2"]
    assert main([*args, "--seed", "4"]) == 0
    rows = [r for r in body_rows(capsys.readouterr().out) if r[0]]
    result = tournament(JOKERS, ["heuristic", "random", "random", "random"], 2, seed=4)
    assert [r[0] for r in rows] == ["heuristic", "random"]
    for row, standing in zip(rows, result.standings):
        assert row[1] == str(result.bots.count(standing.bot))  # seats
        assert row[2] == f"{standing.mean:+.1f}"
        assert row[4] == str(standing.wins)
    assert rows[0][6] == ""
    assert rows[1][6].startswith(f"{result.standings[1].margin:+.1f} ± ")


def test_one_match_gives_no_interval_and_valid_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tournament", "jokers", "--bots", "heuristic,random,random,random", "--games", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "an interval needs two duplicate matches or more" in " ".join(out.split())
    assert "inf" not in out
    assert main([*args, "--json"]) == 0

    def refuse(name: str) -> Any:
        raise AssertionError(f"not JSON: {name}")

    data = json.loads(capsys.readouterr().out, parse_constant=refuse)
    assert all(s["half_width"] is None for s in data["standings"])


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["tournament", "jokers", "--bots", "foo,random"], "unknown bot 'foo': the bots are"),
        (["play", "jokers", "--bots", "foo,random"], "unknown bot 'foo': the bots are"),
        (["play", "jokers", "--bots", "heuristic,random"], "give 4 bots, not 2"),
        (
            ["tournament", "jokers", "--bots", "search:depth=2,random,random,random"],
            "the search bot has no option 'depth'; its options are worlds, playouts and playout",
        ),
        (
            ["tournament", "jokers", "--bots", "random,random,random,random", "--plugin", "nope"],
            "unknown house rules 'nope'",
        ),
    ],
)
def test_unknown_names_are_refused_by_name(
    command: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--games", "1"] if command[0] == "tournament" else command) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_the_bar_advances_once_per_duplicate_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    advanced: list[int] = []

    class Bar:
        def __enter__(self) -> Bar:
            return self

        def __exit__(self, *exc: object) -> None:
            return None

        def add_task(self, description: str, total: int) -> int:
            assert "duplicate matches" in description and total == 3
            return 7

        def advance(self, task: int) -> None:
            advanced.append(task)

    monkeypatch.setattr(tournament_cli, "progress_bar", Bar)
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    args = ["tournament", "jokers", "--bots", "heuristic,random,random,random", "--games", "3"]
    assert main(args) == 0
    assert advanced == [7, 7, 7]
    assert "duplicate matches" in capsys.readouterr().out


def test_the_plot_counts_matches_in_whole_numbers(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = tournament(JOKERS, ["heuristic", "random", "random", "random"], 5)
    figure = tournament_cli.totals_figure(result)
    try:
        axes = figure.axes[0]
        ticks = [t for t in axes.get_yticks() if t >= 0]
        assert ticks and all(float(t).is_integer() for t in ticks)
        assert axes.get_ylabel() == "duplicate matches"
    finally:
        import matplotlib.pyplot as plt

        plt.close(figure)
    path = tmp_path / "totals.png"
    tournament_cli.plot_totals(result, str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("load", "workers", "noted"),
    [(0.2, 2, False), (1.8, 2, True), (3.0, 2, True), (3.0, 1, False), (0.4, 2, False)],
)
def test_a_note_says_when_the_cores_are_busy(
    monkeypatch: pytest.MonkeyPatch, load: float, workers: int, noted: bool
) -> None:
    from kinglib.apps import progress_bar

    monkeypatch.setattr(os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1})
    note = progress_bar.busy_note(workers)
    assert (note is not None) is noted
    if note:
        assert f"the load average is {load:.1f} on 2 cores, so {workers} workers" in note
