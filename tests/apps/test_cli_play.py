"""``kinglib play --show-play``, quitting with ``--save``, ``--resume``, ``replay --show-play``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import kinglib
from kinglib.engine.view import View
from kinglib.players.bots import Bot, HeuristicBot
from tests.support import run_kinglib as run

SIMPLE = kinglib.load_rules("simple")


class FirstMove:
    """What a person who always answers "1" plays."""

    def choose_move(self, view: View) -> kinglib.Move:
        return view.legal_moves[0]


def tricks_of(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith("Trick ")]


def test_show_play_then_replay_show_the_same_tricks(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    played = run("play", "simple", "--seed", "5", "--show-play", "--save", str(path))
    assert played.returncode == 0, played.stderr
    final = kinglib.play(SIMPLE, [HeuristicBot() for _ in range(4)], seed=5)
    tricks = tricks_of(played.stdout)
    assert len(tricks) == sum(len(moves) for moves in final.past_moves) // 4
    assert tricks[0].startswith(f"Trick 1: seat {SIMPLE.new_match(seed=5).to_move} led ")
    replayed = run("replay", str(path), "--show-play")
    assert replayed.returncode == 0, replayed.stderr
    assert tricks_of(replayed.stdout) == tricks
    headers = re.findall(r"^Deal \d+ of 14: .*$", replayed.stdout, flags=re.M)
    assert headers == re.findall(r"^Deal \d+ of 14: .*$", played.stdout, flags=re.M)
    assert "Score sheet" in replayed.stdout


def test_replay_step_stops_on_quit(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    assert run("play", "simple", "--seed", "5", "--save", str(path)).returncode == 0
    done = run("replay", str(path), "--step", stdin="\n\nquit\n")
    assert done.returncode == 0, done.stderr
    # The input is not echoed: each trick after the first follows the prompt on its line.
    assert len(re.findall(r"Trick \d+: ", done.stdout)) == 3
    assert "Replay stopped at deal 1." in done.stdout


def test_quit_saves_the_unfinished_match_and_resume_finishes_it(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    first = run("play", "--human", "0", "--seed", "1", "--save", str(path), stdin="1\n1\nquit\n")
    assert first.returncode == 0, first.stderr
    assert f"The unfinished match is saved to {path}" in first.stdout
    assert f"Continue it with: kinglib play --resume {path} --human 0" in first.stdout
    saved = kinglib.from_json(path.read_text(encoding="utf-8"))
    assert not saved.is_over
    # The same person and bots, in process: two moves of his were made, and the bots' after.
    bots: list[Bot] = [FirstMove(), HeuristicBot(), HeuristicBot(), HeuristicBot()]
    state = SIMPLE.new_match(seed=1)
    mine = 0
    while mine < 2 or state.to_move != 0:
        seat = state.to_move
        assert seat is not None
        mine += seat == 0
        state = state.apply(bots[seat].choose_move(state.view(seat)))
    assert saved == state

    second = run("play", "--resume", str(path), "--human", "0", stdin="1\n" * 300)
    assert second.returncode == 0, second.stderr
    assert f"Resuming {path}: simple, 0 deals played, deal 1 in progress" in second.stdout
    assert "Record saved to" in second.stdout
    finished = kinglib.from_json(path.read_text(encoding="utf-8"))
    assert finished == kinglib.play(SIMPLE, bots, seed=1)


def test_the_end_of_input_saves_too(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    done = run("play", "--human", "2", "--seed", "3", "--save", str(path), stdin="1\n")
    assert done.returncode == 0, done.stderr
    assert "The unfinished match is saved to" in done.stdout
    saved = kinglib.from_json(path.read_text(encoding="utf-8"))
    assert saved.to_move == 2 and not saved.is_over


def test_quit_without_save_abandons_the_match() -> None:
    done = run("play", "--human", "0", "--seed", "1", stdin="quit\n")
    assert done.returncode == 0
    assert "Match abandoned (give --save FILE to keep an unfinished match)." in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--seed", "3"],
            "--resume takes the rules and the seed from the record: leave out --seed",
        ),
        (["jokers"], "leave out VARIANT"),
        (["-o", "boys=jacks+kings"], "leave out -o"),
    ],
)
def test_resume_takes_its_rules_from_the_record(
    tmp_path: Path, args: list[str], message: str
) -> None:
    path = tmp_path / "m.json"
    assert run("play", "--human", "0", "--save", str(path), stdin="quit\n").returncode == 0
    done = run("play", "--resume", str(path), *args)
    assert done.returncode == 2
    assert message in done.stderr and done.stderr.count("\n") == 1


def test_resume_refuses_a_finished_match(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    assert run("play", "--seed", "2", "--save", str(path)).returncode == 0
    done = run("play", "--resume", str(path))
    assert done.returncode == 1
    assert f"{path} holds a finished match: there is nothing to continue" in done.stderr


def test_the_pace_is_bounded() -> None:
    done = run("play", "--pace", "-1")
    assert done.returncode == 2 and "--pace is 0 to 60 seconds, not -1" in done.stderr


def test_ctrl_c_saves_the_match_then_stops_as_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from kinglib.apps.cli import main

    typed = iter(["1", "1"])

    def person(prompt: str) -> str:
        for line in typed:
            return line
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", person)
    path = tmp_path / "m.json"
    assert main(["play", "--human", "0", "--seed", "1", "--save", str(path)]) == 130
    out, err = capsys.readouterr()
    assert "The unfinished match is saved to" in out
    assert err == "kinglib: error: interrupted\n"
    saved = kinglib.from_json(path.read_text(encoding="utf-8"))
    assert saved.to_move == 0 and sum(1 for _ in saved.moves) > 2
