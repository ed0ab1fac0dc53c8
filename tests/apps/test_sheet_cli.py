"""``kinglib sheet``: entering deals, refusals asked again, undo, the file saved and continued."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.apps.test_cli import sheet_rows
from tests.io.test_sheet import SIMPLE_MATCH
from tests.support import run_kinglib as run


def test_a_whole_match_is_entered_and_ends_with_the_winner(tmp_path: Path) -> None:
    path = tmp_path / "sheet.json"
    lines = "\n".join(line for line, _ in SIMPLE_MATCH) + "\n"
    done = run("sheet", "simple", "--file", str(path), "--names", "Ann,Bob,Cat,Dan", stdin=lines)
    assert done.returncode == 0, done.stderr
    assert "Deal 1 of 14, dealt by Ann: no_tricks; give tricks (8 in all" in done.stdout
    assert "Deal 1: Ann -4, Bob -6, Cat -2, Dan -4." in done.stdout
    assert "Winner: Ann with +96." in done.stdout
    assert f"The sheet is saved to {path}." in done.stdout
    rows = sheet_rows(done.stdout)
    assert ["", "total", "+96", "-40", "-44", "-12"] in rows
    data = json.loads(path.read_text(encoding="utf-8"))
    assert len(data["deals"]) == 14 and data["names"] == ["Ann", "Bob", "Cat", "Dan"]


def test_a_refused_entry_is_explained_and_asked_again() -> None:
    done = run("sheet", "simple", stdin="no_tricks 2 2 2 3\nno_hearts 2 2 2 2\n2 2 2 2\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Refused: deal 1: tricks: the counts add up to 9, but a deal has 8" in out
    assert "Refused: deal 1: the deal is no_tricks by the rules of simple, not no_hearts" in out
    assert "Deal 1: seat 0 -4, seat 1 -4, seat 2 -4, seat 3 -4." in out
    assert "Stopped after 1 deals." in out
    assert out.count("Deal 1 of 14") == 3


def test_undo_sheet_and_help(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    script = "no_tricks 2 3 1 2\nno_boys 1 1 1 1\nundo\nsheet\nhelp\nundo\nundo\nquit\n"
    done = run("sheet", "simple", "--file", str(path), stdin=script)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Took back deal 2: no_boys boys=1,1,1,1" in out
    assert ["1", "no tricks", "-4", "-6", "-2", "-4"] in sheet_rows(out)
    assert "Commands: sheet (or score) shows the score sheet" in out
    assert "Took back deal 1: no_tricks tricks=2,3,1,2" in out
    assert "Refused: the sheet has no deal to take back" in out
    assert json.loads(path.read_text(encoding="utf-8"))["deals"] == []


def test_the_file_is_saved_after_every_deal_and_continued(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    first = run("sheet", "ordered", "--file", str(path), stdin="no_hearts 2 3 1 2\n")
    assert first.returncode == 0, first.stderr
    assert "chooses one of no_tricks" in first.stdout
    assert f"Stopped after 1 deals; saved to {path}." in first.stdout
    again = run("sheet", "ordered", "--file", str(path), stdin="no_king 3\nscore\nquit\n")
    assert again.returncode == 0, again.stderr
    assert f"Continuing {path}: 1 deals entered." in again.stdout
    rows = sheet_rows(again.stdout.split("Continuing", 1)[1].split("Deal 2:", 1)[1])
    assert ["2", "no king", "—", "—", "—", "-16"] in rows
    assert len(json.loads(path.read_text(encoding="utf-8"))["deals"]) == 2


def test_a_trump_round_with_options(tmp_path: Path) -> None:
    done = run("sheet", "turkish", stdin="trumps H 4 3 3 3\nsheet\n")
    assert done.returncode == 0, done.stderr
    assert "Deal 1: seat 0 +200, seat 1 +150, seat 2 +150, seat 3 +150." in done.stdout
    assert ["1", "trumps (H)", "+200", "+150", "+150", "+150"] in sheet_rows(done.stdout)
    three = run("sheet", "simple", "--players", "3", "-o", "scheme=twelve", stdin="3 3 4\n")
    assert three.returncode == 0, three.stderr
    assert "Deal 1 of 12" in three.stdout


def test_a_corrupt_file_and_a_file_of_another_variant_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text("{not json", encoding="utf-8")
    bad = run("sheet", "simple", "--file", str(path))
    assert bad.returncode == 1
    assert bad.stderr.startswith(f"kinglib: error: {path} is not a valid score sheet: not JSON")
    good = tmp_path / "g.json"
    assert run("sheet", "simple", "--file", str(good), stdin="2 2 2 2\n").returncode == 0
    other = run("sheet", "ordered", "--file", str(good))
    assert other.returncode == 2
    assert f"{good} is a sheet of simple, not ordered" in other.stderr
    data = json.loads(good.read_text(encoding="utf-8"))
    data["deals"][0]["counts"]["tricks"] = [8, 8, 0, 0]
    good.write_text(json.dumps(data), encoding="utf-8")
    tampered = run("sheet", "simple", "--file", str(good))
    assert tampered.returncode == 1
    assert "deals[0]: deal 1: tricks: the counts add up to 16, but a deal has 8" in tampered.stderr


def test_bad_arguments_are_usage_errors() -> None:
    names = run("sheet", "simple", "--names", "Ann,Bob")
    assert names.returncode == 2
    assert names.stderr == "kinglib: error: --names: 2 names for 4 seats\n"
    variant = run("sheet", "nope")
    assert variant.returncode == 2
    assert "unknown variant 'nope'" in variant.stderr


DOCS = Path(__file__).resolve().parent.parent.parent / "docs"


def _sessions() -> list[list[str]]:
    """The sessions that docs/sheet.rst shows, each a list of lines (its command first)."""
    lines = (DOCS / "sheet.rst").read_text(encoding="utf-8").splitlines()
    sessions = []
    for i, line in enumerate(lines):
        if line.strip() != ".. code-block:: text":
            continue
        body = []
        for follow in lines[i + 1 :]:
            if follow.strip() and not follow.startswith("   "):
                break
            body.append(follow[3:])
        while body and not body[0].strip():
            body.pop(0)
        while body and not body[-1].strip():
            body.pop()
        if body and body[0].startswith("$ kinglib sheet"):
            sessions.append(body)
    return sessions


def test_the_sessions_of_the_docs_are_what_the_command_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sessions = _sessions()
    assert len(sessions) == 2
    monkeypatch.chdir(tmp_path)
    for session in sessions:
        command = session[0][len("$ kinglib ") :].split()
        typed = [line[2:] for line in session[1:] if line.startswith("> ")]
        shown = "\n".join(session[1:]) + "\n"
        # The program does not echo what is typed: the page shows it after each prompt.
        for entry in typed:
            shown = shown.replace(f"> {entry}\n", "> ", 1)
        done = run(*command, stdin="\n".join(typed) + "\n")
        assert done.returncode == 0, done.stderr
        printed = "\n".join(line.rstrip() for line in done.stdout.splitlines()) + "\n"
        assert printed == shown
