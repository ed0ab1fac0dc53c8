"""The kinglib command, run as ``python -m kinglib`` in a subprocess."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import kinglib
from kinglib import Play
from kinglib.engine.view import View
from kinglib.players.bots import Bot, HeuristicBot
from tests.support import run_kinglib as run

SIMPLE = kinglib.load_rules("simple")


def sheet_rows(out: str) -> list[list[str]]:
    """The cells of the score sheet's body rows."""
    start = out.index("Score sheet")
    rows = []
    for line in out[start:].splitlines():
        if line.startswith("│"):
            rows.append([cell.strip() for cell in line.strip("│").split("│")])
    return rows


def points(cell: str) -> int:
    return 0 if cell == "—" else int(cell)


def check_sheet(out: str, final: kinglib.State) -> None:
    rows = sheet_rows(out)
    deals = [r for r in rows if r[0]]
    assert len(deals) == len(final.results)
    for number, (row, result) in enumerate(zip(deals, final.results), start=1):
        assert row[0] == str(number)
        assert row[1].startswith(SIMPLE.contracts[result.contract].title)
        assert [points(c) for c in row[2:]] == list(result.points)
    subtotals = [r for r in rows if r[1].startswith("subtotal")]
    assert [r[1] for r in subtotals] == ["subtotal of penalties", "subtotal of bonuses"]
    halves = [final.results[:7], final.results[7:]]
    for row, half in zip(subtotals, halves):
        assert [points(c) for c in row[2:]] == [sum(p) for p in zip(*(r.points for r in half))]
    total = next(r for r in rows if r[1] == "total")
    assert [int(c) for c in total[2:]] == list(final.totals)
    winner_row = next(r for r in rows if r[1] == "winner")
    assert [i for i, c in enumerate(winner_row[2:]) if c] == list(final.winners)
    best = final.totals[final.winners[0]]
    assert f"with {best:+d}." in out.splitlines()[-1]


def variant_cells(out: str, name: str) -> list[str]:
    """The text of each column of a variant's row in ``kinglib variants``, lines joined."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"│ {name} "))
    cells: list[list[str]] = []
    for line in lines[start:]:
        if not line.startswith("│"):
            break
        for k, cell in enumerate(line.strip("│").split("│")):
            if len(cells) <= k:
                cells.append([])
            if cell.strip():
                cells[k].append(cell.strip())
    return [" ".join(parts) for parts in cells]


def test_variants_lists_every_variant_with_its_options() -> None:
    result = run("variants")
    assert result.returncode == 0, result.stderr
    for name in kinglib.variant_names():
        rules = kinglib.load_rules(name)
        title, players, options = variant_cells(result.stdout, name)[1:]
        # The English title first, the game's own name under it.
        assert title.startswith(rules.info.display_title), (name, title)
        assert rules.info.title in title
        info = rules.info
        counts = [f"{p}*" if p == info.default_players else str(p) for p in info.players]
        assert players == ", ".join(counts)
        # Every option whole, with the value it takes at the default number of players.
        for option, value in rules.options.items():
            shown = ", ".join(value) if isinstance(value, tuple) else str(value)
            if isinstance(value, bool):
                shown = str(value).lower()
            assert f"{option}={shown}" in options, (name, option, options)
    assert "…" not in result.stdout and "=None" not in result.stdout
    assert "Simple King" in result.stdout and "Кинг простой" in result.stdout


def test_rules_shows_contracts_match_and_options() -> None:
    result = run("rules", "simple", "-o", "boys=jacks+kings", "--players", "3")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    rules = kinglib.load_rules("simple", players=3, boys="jacks+kings")
    for contract in rules.contracts.values():
        # The classic match plays every contract but the trump round, which it leaves out.
        assert (f"│ {contract.id} " in out) is (contract.id != "trumps")
    assert "1 more contract is defined but not played in this match" in out
    assert "2 a boy (jacks and kings)" in out
    assert "simple: contracts (3 players)" in out
    assert "14 deals; zero-sum" in out
    assert "│ boys " in out and "jacks+kings" in out


def test_play_prints_every_deal_and_the_score_sheet() -> None:
    result = run("play", "simple", "--seed", "1")
    assert result.returncode == 0, result.stderr
    final = kinglib.play(SIMPLE, [HeuristicBot() for _ in range(4)], seed=1)
    for number, deal in enumerate(final.results, start=1):
        contract = SIMPLE.contracts[deal.contract]
        assert f"Deal {number} of 14: {contract.title} ({contract.name})" in result.stdout
    check_sheet(result.stdout, final)


class FirstMove:
    """What a person who always answers "1" plays."""

    def choose_move(self, view: View) -> kinglib.Move:
        return view.legal_moves[0]


def first_turn(seed: int) -> kinglib.State:
    state = SIMPLE.new_match(seed=seed)
    bot = HeuristicBot()
    while state.to_move != 0:
        seat = state.to_move
        assert seat is not None
        state = state.apply(bot.choose_move(state.view(seat)))
    return state


def hand_lines(state: kinglib.State) -> str:
    """The hand of the seat to move as the screen shows it: by suit, legal cards numbered."""
    seat = state.to_move
    assert seat is not None
    legal = {m.card: i for i, m in enumerate(state.legal_moves(), start=1) if isinstance(m, Play)}
    lines = []
    for suit in kinglib.Suit:
        cards = [c for c in state.hand(seat) if c.suit is suit]
        if cards:
            shown = [f"[{legal[c]}] {c.symbol}" if c in legal else c.symbol for c in cards]
            lines.append(f"  {suit.symbol}  " + "  ".join(shown))
    return "Your hand:\n" + "\n".join(lines) + "\n"


def test_a_human_plays_through_stdin_and_bad_input_is_answered() -> None:
    state = first_turn(seed=1)
    legal = state.legal_moves()
    illegal = next(c for c in state.hand(0) if Play(c) not in legal)
    answers = ["hello", str(illegal), "99", "0"] + ["1"] * 300
    result = run("play", "--human", "0", "--seed", "1", stdin="\n".join(answers) + "\n")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Not accepted: not a move: 'hello'" in out
    assert f"Not accepted: seat 0 may not play {illegal}:" in out
    assert "Not accepted: no move 99: choose a number from 1 to" in out
    assert "Not accepted: no move 0" in out
    assert hand_lines(state) in out
    bots: list[Bot] = [FirstMove(), HeuristicBot(), HeuristicBot(), HeuristicBot()]
    final = kinglib.play(SIMPLE, bots, seed=1)
    assert "seat 0 (you)" in out
    check_sheet(out, final)
    assert "Traceback" not in result.stderr


def test_a_human_may_type_the_move_and_the_end_of_input_stops_cleanly() -> None:
    state = first_turn(seed=1)
    move = str(state.legal_moves()[-1]).lower()
    result = run("play", "--human", "0", "--seed", "1", stdin=f"{move}\n")
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("kinglib: error: the input ended before the match did")
    assert "Traceback" not in result.stderr
    assert "Not accepted" not in result.stdout
    assert result.stdout.count("Your move") == 2  # the typed move was taken, then EOF


def test_simulate_json_matches_the_library_whatever_the_workers() -> None:
    result = run("simulate", "simple", "--games", "4", "--workers", "2", "--seed", "5", "--json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no progress bar without a terminal
    data = json.loads(result.stdout)
    expected = kinglib.simulate(SIMPLE, 4, seed=5).to_dict()
    assert data.pop("seconds") >= 0
    expected.pop("seconds")
    assert data == expected


def test_simulate_prints_a_summary_table() -> None:
    result = run("simulate", "simple", "--games", "3", "-o", "boys=jacks+kings")
    assert result.returncode == 0, result.stderr
    summary = kinglib.simulate(kinglib.load_rules("simple", boys="jacks+kings"), 3)
    out = result.stdout
    assert "simple: 3 games (seed 0)" in out
    assert f"{summary.deals} deals, {summary.moves} moves in" in out
    for seat in range(4):
        assert f"{summary.mean[seat]:+.2f}" in out


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (["play", "nope"], 2, "unknown variant 'nope'"),
        (["rules", "simple", "-o", "boys=queens"], 2, "option 'boys' must be one of"),
        (["rules", "simple", "-o", "boys"], 2, "an option is written key=value, not 'boys'"),
        (["rules", "simple", "-o", "colour=red"], 2, "unknown option 'colour'"),
        (["play", "--human", "4"], 2, "no seat 4: the seats are 0 to 3"),
        (["play", "--players", "9"], 2, "not 9"),
        (["simulate", "simple"], 2, "--games"),
        (["simulate", "simple", "--games", "2", "--workers", "0"], 2, "--workers is 1 or more"),
        (["replay", "/nonexistent/match.json"], 1, "cannot read /nonexistent/match.json"),
        (["play", "--save", "/nonexistent/m.json"], 1, "cannot write /nonexistent/m.json"),
        (["frobnicate"], 2, "invalid choice: 'frobnicate'"),
        (["simulate", "simple", "--games", "1", "--workers", "2", "--dask", "x"], 2, "not allowed"),
    ],
)
def test_errors_are_one_line_without_a_traceback(
    args: list[str], status: int, message: str
) -> None:
    result = run(*args)
    assert result.returncode == status
    assert result.stderr.startswith("kinglib: error: ")
    assert message in result.stderr
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr + result.stdout


def test_save_then_replay_shows_the_same_score_sheet(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    played = run("play", "simple", "--seed", "4", "--save", str(path))
    assert played.returncode == 0, played.stderr
    assert f"Record saved to {path}" in played.stdout
    final = kinglib.play(SIMPLE, [HeuristicBot() for _ in range(4)], seed=4)
    assert kinglib.from_json(path.read_text(encoding="utf-8")) == final
    replayed = run("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert f"{path}: a valid record of simple for 4 players, 14 deals" in replayed.stdout
    check_sheet(replayed.stdout, final)
    sheet = played.stdout[played.stdout.index("Score sheet") :].split("Record saved")[0]
    assert sheet in replayed.stdout


@pytest.mark.parametrize("damage", ["not json", "illegal move", "unknown version"])
def test_replay_refuses_a_corrupt_record(tmp_path: Path, damage: str) -> None:
    final = kinglib.play(SIMPLE, [HeuristicBot() for _ in range(4)], seed=2)
    data = json.loads(kinglib.to_json(final))
    if damage == "illegal move":
        data["moves"][5] = data["moves"][0]
    elif damage == "unknown version":
        data["version"] = 999
    text = "{ this is not json" if damage == "not json" else json.dumps(data)
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 1
    assert result.stderr.startswith(f"kinglib: error: {path} is not a valid record: ")
    assert result.stderr.count("\n") == 1
    assert "Traceback" not in result.stderr
