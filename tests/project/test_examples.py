"""The example scripts run as a user runs them: as subprocesses, checked on their output."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import kinglib

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def run(script: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), *filter(None, [env.get("PYTHONPATH")])])
    return subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


# ----------------------------------------------------------------------- bot_match.py


def test_bot_match_prints_the_deals_and_the_score_sheet() -> None:
    done = run("bot_match.py", "simple", "--seed", "4")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    # The same match, played here with the same bots, is what the script printed.
    from kinglib.players.bots import Bot, HeuristicBot, RandomBot

    rules = kinglib.load_rules("simple")
    bots: list[Bot] = [HeuristicBot(), RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
    final = kinglib.play(rules, bots, seed=4)
    lines = [line for line in out.splitlines() if line.startswith("deal ")]
    assert len(lines) == 14
    for line, result in zip(lines, final.results):
        assert line.split()[2] == result.contract
    assert "Score sheet — simple" in out
    assert "subtotal of penalties" in out and "subtotal of bonuses" in out
    total_row = next(line for line in out.splitlines() if " total " in line)
    assert [int(cell) for cell in total_row.replace("│", " ").split()[1:]] == list(final.totals)
    best = max(final.totals)
    assert out.rstrip().splitlines()[-1].endswith(f"with {best:+d}.")


def test_bot_match_other_variant_and_bad_variant() -> None:
    done = run("bot_match.py", "jokers", "--players", "3", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "Score sheet — jokers" in done.stdout
    assert sum(1 for line in done.stdout.splitlines() if line.startswith("deal ")) == 3
    bad = run("bot_match.py", "no-such-variant")
    assert bad.returncode == 2
    assert "unknown variant 'no-such-variant'" in bad.stderr


# ----------------------------------------------------------------------- game_server.py


def transcript(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def test_game_server_sends_views_refuses_bad_moves_and_saves_a_record(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    done = run("game_server.py", "--clumsy", "2", "--deals", "2", "--save", str(path))
    assert done.returncode == 0, done.stderr
    lines = transcript(done.stdout)

    # Every view sent goes to the seat to move, holds that seat's hand only, and its legal moves.
    asks = [m for m in lines if m.get("type") == "your_move"]
    assert asks
    for message in asks:
        view = message["view"]
        assert message["to"] == message["seat"] == view["seat"] == view["to_move"]
        assert view["legal_moves"]
        assert "hands" not in view

    # The clumsy seat's text that is no move, and its card it does not hold, are refused with
    # a reason, and the same seat is asked again.
    refused = [(i, m) for i, m in enumerate(lines) if m.get("type") == "refused"]
    assert len(refused) == 4  # two mistakes in each of the two deals
    for i, message in refused:
        assert message["seat"] == 2
        assert lines[i - 1] == {"from": 2, "text": message["text"]}
        assert lines[i + 1]["type"] == "your_move" and lines[i + 1]["seat"] == 2
    errors = [m["error"] for _, m in refused]
    assert errors[0] == errors[2] and errors[0].startswith("not a move: 'hello'")
    assert "seat 2 may not play" in errors[1] and "does not hold" in errors[1]

    # Each deal's result reaches every seat.
    over = [m for m in lines if m.get("type") == "deal_over"]
    assert [(m["deal"], m["seat"]) for m in over] == [(d, s) for d in (1, 2) for s in range(4)]

    # The record holds exactly the accepted moves, and replays.
    saved = lines[-1]
    assert saved["type"] == "saved" and saved["replayed"] is True
    assert saved["deals"] == 2 and saved["refused"] == 4 and saved["over"] is False
    state = kinglib.from_json(path.read_text(encoding="utf-8"))
    accepted = [
        m["text"]
        for i, m in enumerate(lines)
        if "from" in m and lines[i + 1].get("type") != "refused"
    ]
    assert [str(move) for move in state.moves] == accepted
    assert len(state.results) == 2
    assert [r.points for r in state.results] == [tuple(m["points"]) for m in over[::4]]


def test_game_server_plays_a_whole_match() -> None:
    done = run("game_server.py", "three-hand", "--seed", "3")
    assert done.returncode == 0, done.stderr
    lines = transcript(done.stdout)
    finals = [m for m in lines if m.get("type") == "match_over"]
    assert [m["seat"] for m in finals] == [0, 1, 2]
    totals = finals[0]["totals"]
    assert sum(totals) == 0  # three-hand is zero-sum
    assert finals[0]["winners"] == [s for s in range(3) if totals[s] == max(totals)]
    assert lines[-1]["over"] is True and lines[-1]["deals"] == 14 and lines[-1]["refused"] == 0


def test_game_server_reads_a_person_from_stdin() -> None:
    rules = kinglib.load_rules("simple")
    first = rules.new_match(seed=1)
    seat = first.to_move
    assert seat is not None
    legal = str(first.legal_moves()[0])
    done = run("game_server.py", "--human", str(seat), stdin=f"ZZ\n{legal}\n")
    assert done.returncode == 0, done.stderr
    lines = transcript(done.stdout)
    said = [m for m in lines if m.get("from") == seat]
    assert [m["text"] for m in said] == ["ZZ", legal]
    refused = [m for m in lines if m.get("type") == "refused"]
    assert len(refused) == 1 and refused[0]["error"].startswith("not a move: 'ZZ'")
    # At the end of stdin the person has gone: the game so far is saved and replays.
    assert lines[-1]["type"] == "saved" and lines[-1]["over"] is False
    assert lines[-1]["moves"] >= 1 and lines[-1]["replayed"] is True
    assert "your move>" in done.stderr


# ------------------------------------------------------------------ openspiel_ismcts.py


def test_the_ismcts_example_prints_deals_that_hand_out_their_total() -> None:
    pytest.importorskip("pyspiel")
    done = run("openspiel_ismcts.py", "--deals", "2", "--simulations", "4", "--seed", "5")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split() == ["seed", "contract", "ismcts", "random", "heuristic", "random"]
    deals = [line.split() for line in lines[1:3]]
    assert [d[:2] for d in deals] == [["5", "no_tricks"], ["6", "no_tricks"]]
    assert all(sum(int(p) for p in d[2:]) == -16 for d in deals)
    sums = [int(p) for p in lines[3].split()[1:]]
    assert sums == [sum(int(d[i]) for d in deals) for i in range(2, 6)]


# ------------------------------------------------------------------ train_policy.py


def test_the_training_example_learns_and_saves_its_curve(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")
    pytest.importorskip("matplotlib")
    picture = tmp_path / "curve.png"
    done = run("train_policy.py", "--quick", "--plot", str(picture))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    baseline = float(lines[0].split("scores ")[1].split()[0])
    final = lines[-2]
    assert final.startswith("after 24,576 learner moves")
    learner = float(final.split("the learner scores ")[1].split()[0])
    # Six updates already lift the learner well above a random one (about -3.9 a deal).
    assert learner > baseline + 0.5
    assert lines[-1] == f"learning curve saved to {picture}"
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
