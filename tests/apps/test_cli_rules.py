"""``kinglib rules`` for every variant and scheme, run as subprocesses (all started at once).

The expected prices, totals and match shapes are those of the rule book, written out here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"

CASES: dict[str, tuple[str, ...]] = {
    "simple": ("simple",),
    "otygrysh": ("simple", "-o", "scheme=otygrysh"),
    "plus_eralash": ("simple", "-o", "scheme=plus_eralash"),
    "short": ("simple", "-o", "scheme=short"),
    "twelve": ("simple", "-o", "scheme=twelve", "-o", "boys=jacks+kings"),
    "simple 2": ("simple", "--players", "2"),
    "simple 3": ("simple", "--players", "3"),
    "simple 5": ("simple", "--players", "5"),
    "simple 6": ("simple", "--players", "6"),
    "three-hand": ("three-hand",),
    "three-hand otygrysh": ("three-hand", "-o", "scheme=otygrysh"),
    "three-hand parlett36": ("three-hand", "-o", "scheme=parlett36"),
    "ordered": ("ordered",),
    "ordered shared": ("ordered", "-o", "pool=shared"),
    "ordered trumps": ("ordered", "-o", "trumps=true"),
    "atomic": ("atomic",),
    "atomic 4": ("atomic", "--players", "4", "-o", "boys=jacks"),
    "domino": ("domino",),
    "domino 6": ("domino", "--players", "6"),
    "jokers": ("jokers",),
    "jokers 3": ("jokers", "--players", "3"),
    "bidding": ("bidding", "--players", "3"),
    "omnibus": ("omnibus", "-o", "bonus_card=JD"),
}


@pytest.fixture(scope="module")
def outputs() -> dict[str, str]:
    """The standard output of every case; the processes run side by side."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")])
    env["COLUMNS"] = "200"
    env["PYTHONIOENCODING"] = "utf-8"
    procs = {
        name: subprocess.Popen(
            [sys.executable, "-m", "kinglib", "rules", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=env,
        )
        for name, args in CASES.items()
    }
    found = {}
    for name, proc in procs.items():
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, f"{name}: {err}"
        found[name] = out
    return found


def table(out: str, title: str) -> list[list[str]]:
    """The body rows of the table whose title line contains ``title``."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if title in line and "│" not in line)
    rows = []
    for line in lines[start + 1 :]:
        if line.startswith("└"):
            break
        if line.startswith("│"):
            rows.append([cell.strip() for cell in line.strip().strip("│").split("│")])
    return rows


def contracts(out: str) -> dict[str, tuple[str, str]]:
    """Contract id -> (what it counts, deal total) from the contracts table."""
    return {row[0]: (row[3], row[4]) for row in table(out, ": contracts (")}


def deal_totals(out: str) -> list[tuple[str, str]]:
    """(contract title, deal total) of every deal of a fixed match."""
    return [(row[1], row[2]) for row in table(out, ": the match")]


NEGATIVE_SIMPLE = [
    ("no tricks", "-16"),
    ("no boys", "-16"),
    ("no girls", "-16"),
    ("no hearts", "-16"),
    ("no king", "-16"),
    ("no last two", "-16"),
]


def test_simple_classic(outputs: dict[str, str]) -> None:
    out = outputs["simple"]
    found = contracts(out)
    assert found["no_tricks"] == ("2 a trick", "-16")
    assert found["no_boys"] == ("4 a boy (jacks)", "-16")
    assert found["no_king"] == ("16 for K♥", "-16")
    assert found["no_last_two"] == ("8 for each of the last two tricks", "-16")
    assert found["eralash"][1] == "-96" and found["plus_eralash"][1] == "+96"
    assert "trumps" not in found
    deals = deal_totals(out)
    assert deals[:7] == [*NEGATIVE_SIMPLE, ("eralash", "-96")]
    assert deals[7:] == [
        (title.removeprefix("no "), total.replace("-", "+"))
        for title, total in [*NEGATIVE_SIMPLE, ("plus eralash", "-96")]
    ]
    assert "14 deals; zero-sum: -192 against +192" in out


@pytest.mark.parametrize(
    ("case", "half", "hearts"),
    [("simple 2", 176, 8), ("simple 3", 184, 12), ("simple 5", 200, 20), ("simple 6", 208, 24)],
)
def test_simple_halves_follow_the_player_count(
    outputs: dict[str, str], case: str, half: int, hearts: int
) -> None:
    out = outputs[case]
    assert f"14 deals; zero-sum: -{half} against +{half}" in out
    assert contracts(out)["no_hearts"] == ("2 a heart", f"-{hearts}")
    assert contracts(out)["eralash"][1] == f"-{80 + hearts}"


def test_simple_twelve(outputs: dict[str, str]) -> None:
    out = outputs["twelve"]
    negative = ["no tricks", "no hearts", "no boys", "no girls", "no last two", "no king"]
    assert deal_totals(out) == [(t, "-16") for t in negative] + [
        (t.removeprefix("no "), "+16") for t in negative
    ]
    assert "12 deals; zero-sum: -96 against +96" in out
    assert contracts(out)["no_boys"] == ("2 a boy (jacks and kings)", "-16")
    options = {row[0]: row[1] for row in table(out, ": options")}
    assert options["order"].replace(" ", "").startswith("no_tricks,no_hearts,no_boys")


def test_praise_schemes_say_what_last_does(outputs: dict[str, str]) -> None:
    for case in ("otygrysh", "three-hand otygrysh"):
        text = " ".join(outputs[case].split())
        assert "last: the suit of the last card dealt to him, which he has not seen" in text
        assert "that card is shown to everyone" in text


@pytest.mark.parametrize(
    ("case", "rounds", "tail"),
    [("otygrysh", 8, []), ("plus_eralash", 4, [("plus eralash", "+96")]), ("short", 4, [])],
)
def test_simple_schemes_with_trump_rounds(
    outputs: dict[str, str], case: str, rounds: int, tail: list[tuple[str, str]]
) -> None:
    out = outputs[case]
    found = contracts(out)
    assert found["trumps"] == ("3 a trick, with trumps", "+24")
    assert "tricks" not in found and "king" not in found
    negative = NEGATIVE_SIMPLE if case == "short" else [*NEGATIVE_SIMPLE, ("eralash", "-96")]
    deals = deal_totals(out)
    assert deals == negative + [("trump round", "+24")] * rounds + tail
    half = 96 if case == "short" else 192
    assert f"{len(deals)} deals; zero-sum: -{half} against +{half}" in out
    assert "│ scheme " in out and case in out


def test_three_hand(outputs: dict[str, str]) -> None:
    found = contracts(outputs["three-hand"])
    assert [found[c] for c in ("no_tricks", "no_boys", "no_girls", "no_hearts")] == [
        ("2 a trick", "-20"),
        ("5 a boy (jacks)", "-20"),
        ("5 a queen", "-20"),
        ("2 a heart", "-16"),
    ]
    assert found["no_king"] == ("20 for K♥", "-20")
    assert found["no_last_two"] == ("10 for each of the last two tricks", "-20")
    assert found["eralash"][1] == "-116" and found["plus_eralash"][1] == "+116"
    assert "14 deals; zero-sum" in outputs["three-hand"]

    otygrysh = outputs["three-hand otygrysh"]
    found = contracts(otygrysh)
    assert found["no_king"] == ("24 for K♥", "-24")
    assert found["eralash"][1] == "-120"
    assert found["trumps"] == ("3 a trick, with trumps", "+30")
    assert deal_totals(otygrysh)[7:] == [("trump round", "+30")] * 8
    assert "15 deals; zero-sum" in otygrysh

    parlett = outputs["three-hand parlett36"]
    found = contracts(parlett)
    assert found["no_girls"] == ("18 a queen", "-72") and found["king"][1] == "+72"
    assert "12 deals; zero-sum: -432 against +432" in parlett
    negative = ["no tricks", "no hearts", "no boys", "no girls", "no last two", "no king"]
    assert [title for title, _ in deal_totals(parlett)[:6]] == negative


def pools(out: str) -> dict[str, tuple[str, str, str]]:
    """Contract title -> (how it is chosen, deals, deal total) of a chosen-contract match."""
    return {row[0]: (row[1], row[2], row[3]) for row in table(out, ": the match")}


def test_ordered_pools(outputs: dict[str, str]) -> None:
    per_player = pools(outputs["ordered"])
    assert len(per_player) == 14
    assert per_player["no girls"] == ("once by each player", "4", "-16")
    assert per_player["plus eralash"] == ("once by each player", "4", "+96")
    assert "56 deals" in outputs["ordered"] and "zero-sum" in outputs["ordered"]

    shared = pools(outputs["ordered shared"])
    assert len(shared) == 14
    assert shared["eralash"] == ("once in all (shared pool)", "1", "-96")
    assert "14 deals" in outputs["ordered shared"]

    trumps = pools(outputs["ordered trumps"])
    assert trumps["trump round"] == ("twice by each player", "8", "+24")
    assert trumps["no king"] == ("once in all (shared pool)", "1", "-16")
    assert len(trumps) == 8
    assert "15 deals" in outputs["ordered trumps"] and "zero-sum" in outputs["ordered trumps"]


def test_atomic_quotas(outputs: dict[str, str]) -> None:
    found = contracts(outputs["atomic"])
    assert found["no_tricks"] == ("4 a trick", "-40")
    assert found["no_hearts"] == ("5 a heart", "-40")
    assert found["no_boys"] == ("5 a boy (jacks and kings)", "-40")
    assert found["no_girls"] == ("10 a queen", "-40")
    assert found["no_last_two"] == ("20 for each of the last two tricks", "-40")
    assert found["no_king"] == ("40 for K♥", "-40")
    assert found["trumps"] == ("8 a trick, with trumps", "+80")
    assert "eralash" not in found
    three = pools(outputs["atomic"])
    assert three["trump round"] == ("3 times by each player", "9", "+80")
    assert three["no hearts"] == ("once by each player", "3", "-40")
    assert "27 deals" in outputs["atomic"] and "zero-sum" in outputs["atomic"]
    four = pools(outputs["atomic 4"])
    assert four["trump round"] == ("3 times by each player", "12", "+80")
    assert contracts(outputs["atomic 4"])["no_boys"] == ("10 a boy (jacks)", "-40")
    assert "36 deals" in outputs["atomic 4"]


@pytest.mark.parametrize(
    ("case", "total", "threshold"),
    [("domino", "-8", -31), ("domino 6", "-13", -31), ("bidding", "-13", -77)],
)
def test_open_ended_matches_show_their_threshold(
    outputs: dict[str, str], case: str, total: str, threshold: int
) -> None:
    out = outputs[case]
    rows = table(out, ": the match")
    assert rows == [["every", case.split()[0], total]]
    assert f"deals go on until some total is {threshold} or lower at the end of a deal" in out


def test_domino_six_players_use_the_full_pack(outputs: dict[str, str]) -> None:
    options = {row[0]: row[1] for row in table(outputs["domino 6"], ": options")}
    assert options["deck"] == "52"
    assert options["deck"] != {r[0]: r[1] for r in table(outputs["domino"], ": options")}["deck"]


def test_jokers(outputs: dict[str, str]) -> None:
    four = outputs["jokers"]
    assert contracts(four)["jokers"] == ("each heart its rank (A 14 … 2), each joker 20", "-124")
    assert deal_totals(four) == [("jokers", "-124")] * 4
    three = outputs["jokers 3"]
    assert deal_totals(three) == [("jokers", "-144")] * 3
    assert "jokers: contracts (3 players)" in three


def test_bidding_and_omnibus(outputs: dict[str, str]) -> None:
    bidding = outputs["bidding"]
    assert "penalty suit" in contracts(bidding)["bidding"][0]
    assert {row[0] for row in table(bidding, ": options")} >= {"all_pass"}
    omnibus = outputs["omnibus"]
    assert contracts(omnibus)["omnibus"] == ("1 a heart, 13 for QS, +10 for JD", "-16")
    assert "deals go on until some total is -100 or lower" in omnibus
    assert table(omnibus, ": options")[2][:3] == ["bonus_card", "JD", "TD"]
