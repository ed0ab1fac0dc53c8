"""``kinglib play VARIANT --human SEAT`` driven through stdin, one match per kind of decision.

Each case scripts a person (``script`` of tests.support): the lines typed, bad ones included, are
worked out in process on the same seed, then fed to the command. The command must show the
hint of every decision, answer each bad line with one "Not accepted" line and the same prompt,
and end with the totals of the same match played in process. The six matches run side by side.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import kinglib
from kinglib.engine.state import Phase
from kinglib.engine.view import View
from kinglib.values.cards import Suit
from kinglib.values.moves import Bid, Choose, Declare, Discard, Draw, Play
from tests.support import Typing as Policy
from tests.support import script

SRC = Path(__file__).resolve().parents[2] / "src"


@dataclass
class Case:
    """A variant, a seed and a seat, and the person who plays it."""

    args: tuple[str, ...]
    rules: kinglib.Rules
    seed: int
    seat: int
    policy: Policy
    lines: list[str] = field(default_factory=list)
    final: kinglib.State | None = None
    asked: list[Phase] = field(default_factory=list)
    out: str = ""


# ----------------------------------------------------------------------------- the people


def ordered_person() -> Policy:
    """Chooses the last contract listed, by text, after a contract that does not exist."""
    done: list[bool] = []

    def policy(view: View) -> list[str]:
        if view.phase is Phase.CHOOSE:
            choice = view.legal_moves[-1]
            assert isinstance(choice, Choose)
            bad = [] if done else ["choose nonsense"]
            done.append(True)
            return [*bad, f"choose {choice.contract}"]
        return ["1"]

    return policy


def atomic_person() -> Policy:
    """Orders a trump round in hearts, and discards two cards typed together."""

    def policy(view: View) -> list[str]:
        moves = view.legal_moves
        if view.phase is Phase.CHOOSE:
            return ["choose trumps"] if Choose("trumps") in moves else ["1"]
        if view.phase is Phase.DECLARE:
            return ["X", "H"]
        if view.phase is Phase.DISCARD:
            last = moves[-1]
            assert isinstance(last, Discard)
            one = str(next(iter(view.hand)))
            return [one, str(last.cards)]  # a single card is refused; "AS KS" is taken
        return ["1"]

    return policy


def otygrysh_person() -> Policy:
    """Declares by suit letter, offers the lowest bid once per deal, sells, then raspis."""
    bid_in: set[int] = set()
    answered: list[int] = []

    def policy(view: View) -> list[str]:
        moves = view.legal_moves
        if view.phase is Phase.DECLARE:
            suit = next(m for m in moves if isinstance(m, Declare) and isinstance(m.trump, Suit))
            return ["declare nothing", str(suit.trump)]
        if view.phase is Phase.BID:
            bids = [m for m in moves if isinstance(m, Bid)]
            if bids and view.deal_number not in bid_in:
                bid_in.add(view.deal_number)
                return ["bid 99", f"bid {bids[0].amount}"]
            return ["pass"]
        if view.phase is Phase.ANSWER:
            answered.append(view.deal_number)
            # First he sells; then he tries a bare "raspis" (refused: it is declared) and
            # declares it.
            return ["sell"] if len(answered) == 1 else ["raspis", "declare raspis"]
        return ["1"]

    return policy


def bidding_person() -> Policy:
    """Bids the lowest bid, and names as penalty suit the one he holds fewest of."""

    def policy(view: View) -> list[str]:
        moves = view.legal_moves
        if view.phase is Phase.BID:
            bids = [m for m in moves if isinstance(m, Bid)]
            return ["bid 0", f"bid {bids[0].amount}"] if bids else ["pass"]
        if view.phase is Phase.DECLARE:
            suit = min(Suit, key=lambda s: (len(view.hand.of_suit(s)), s.value))
            return [str(suit)]
        return ["1"]

    return policy


def domino_person() -> Policy:
    """Draws by name, after trying to play a card he may not play."""

    def policy(view: View) -> list[str]:
        if Draw() in view.legal_moves:
            return [str(next(iter(view.hand))), "draw"]
        return ["1"]

    return policy


def jokers_person() -> Policy:
    """Plays the joker, typed as it is shown, whenever he may."""

    def policy(view: View) -> list[str]:
        if any(isinstance(m, Play) and m.card.is_joker for m in view.legal_moves):
            return ["🃏2", "🃏1"]
        return ["1"]

    return policy


CASES = {
    "ordered": Case(("ordered",), kinglib.load_rules("ordered"), 0, 1, ordered_person()),
    "atomic": Case(("atomic",), kinglib.load_rules("atomic"), 0, 1, atomic_person()),
    "otygrysh": Case(
        ("simple", "-o", "scheme=otygrysh"),
        kinglib.load_rules("simple", scheme="otygrysh"),
        0,
        1,
        otygrysh_person(),
    ),
    "bidding": Case(("bidding",), kinglib.load_rules("bidding"), 0, 0, bidding_person()),
    "domino": Case(("domino",), kinglib.load_rules("domino"), 0, 0, domino_person()),
    "jokers": Case(("jokers",), kinglib.load_rules("jokers"), 0, 0, jokers_person()),
}


@pytest.fixture(scope="module")
def played() -> dict[str, Case]:
    """Every case scripted in process, then played by the command (all at once)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")])
    env["COLUMNS"] = "200"
    env["PYTHONIOENCODING"] = "utf-8"
    procs = {}
    for name, case in CASES.items():
        case.lines, case.final, case.asked = script(case.rules, case.seed, case.seat, case.policy)
        command = [sys.executable, "-m", "kinglib", "play", *case.args]
        command += ["--seed", str(case.seed), "--human", str(case.seat)]
        procs[name] = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            env=env,
        )
    for name, proc in procs.items():
        out, err = proc.communicate("\n".join(CASES[name].lines) + "\n", timeout=300)
        assert proc.returncode == 0, f"{name}: {err}"
        assert "Traceback" not in err
        CASES[name].out = out
    return CASES


def final_totals(out: str) -> list[int]:
    """The totals row of the score sheet."""
    row = next(line for line in out.splitlines() if line.startswith("│") and " total " in line)
    cells = [c.strip() for c in row.strip().strip("│").split("│")]
    return [int(c) for c in cells[2:]]


def refusals(out: str) -> list[str]:
    """The refusal messages (each follows the prompt on its line: the input is not echoed)."""
    return [
        line[line.index("Not accepted: ") :]
        for line in out.splitlines()
        if "Not accepted: " in line
    ]


def check_common(case: Case, bad_lines: int) -> None:
    """Same totals as in process; each bad line refused once, the same prompt asked again."""
    assert case.final is not None
    assert final_totals(case.out) == list(case.final.totals)
    assert len(refusals(case.out)) == bad_lines
    prompts = case.out.count("Your move [")
    assert prompts == len(case.lines)  # one prompt per line typed, refused lines included


def test_ordered_choose(played: dict[str, Case]) -> None:
    case = played["ordered"]
    assert Phase.CHOOSE in case.asked
    assert "Choose the contract of this deal" in case.out
    assert "Not accepted: " in case.out and "nonsense" in refusals(case.out)[0]
    assert "Known: chooser: you · you must still choose: no_tricks" in case.out
    chosen = [r for r in case.final.results if r.chooser == 1] if case.final else []
    assert len(chosen) == 14
    for result in chosen:
        title = case.rules.contracts[result.contract].title
        assert f"is over: {title}, chosen by you" in case.out
    check_common(case, bad_lines=1)


def test_atomic_choose_declare_discard(played: dict[str, Case]) -> None:
    case = played["atomic"]
    assert {Phase.CHOOSE, Phase.DECLARE, Phase.DISCARD} <= set(case.asked)
    assert "Declare the trump" in case.out
    assert "Discard 2 cards face down: type them together" in case.out
    assert "Not accepted: seat 1 may not play discard" in case.out
    assert "the declarer discards exactly 2 cards, not 1" in case.out
    assert case.final is not None
    hearts = [r for r in case.final.results if r.chooser == 1 and r.trump is Suit.HEARTS]
    assert len(hearts) == 3
    assert "is over: trump round (H), chosen by you" in case.out
    declares = case.asked.count(Phase.DECLARE)
    check_common(case, bad_lines=declares + case.asked.count(Phase.DISCARD))


def test_otygrysh_declare_bid_pass_answer(played: dict[str, Case]) -> None:
    case = played["otygrysh"]
    assert {Phase.DECLARE, Phase.BID, Phase.ANSWER} <= set(case.asked)
    assert "Declare the trump" in case.out
    assert "Offer tricks to buy the declaration ('bid N'), or 'pass'" in case.out
    assert "Sell to the best offer ('sell'), play your declaration ('keep')" in case.out
    assert case.asked.count(Phase.ANSWER) == 2
    assert case.final is not None
    sold = [r for r in case.final.results if r.detail("seller") == 1]
    assert len(sold) == 1 and sold[0].detail("buyer") is not None
    raspis = [r for r in case.final.results if r.detail("raspis") and r.detail("declarer") == 1]
    assert len(raspis) == 1 and raspis[0].points == (6, 6, 6, 6)
    assert "Known: declarer: you" in case.out and "offers: seat " in case.out
    bids = [line for line in case.lines if line.startswith("bid ") and line != "bid 99"]
    assert bids
    bad = case.asked.count(Phase.DECLARE) + len(bids) + 1  # and the bare "raspis"
    check_common(case, bad_lines=bad)


def test_bidding_bid_and_declare(played: dict[str, Case]) -> None:
    case = played["bidding"]
    assert {Phase.BID, Phase.DECLARE} <= set(case.asked)
    assert "Bid points for the right to name the penalty suit" in case.out
    assert "Name the penalty suit" in case.out
    assert case.final is not None
    won = [r for r in case.final.results if r.detail("bidder") == 0]
    assert won
    check_common(case, bad_lines=sum(1 for line in case.lines if line == "bid 0"))


def test_domino_draw(played: dict[str, Case]) -> None:
    case = played["domino"]
    assert "You cannot follow suit: draw from the stock" in case.out
    assert "must draw from the stock" in refusals(case.out)[0]
    draws = case.lines.count("draw")
    assert draws > 0
    assert case.out.count("Known: draws: ") > 0
    check_common(case, bad_lines=draws)


def test_jokers_joker_play(played: dict[str, Case]) -> None:
    case = played["jokers"]
    assert "(🃏1 or JK1 for a joker)" in case.out
    assert (
        "Your hand:" in case.out
        and "🃏1" in case.out
        and "JK1" not in case.out.replace("or JK1 for", "")
    )
    played_jokers = case.lines.count("🃏1")
    assert played_jokers > 0
    # The joker in the tricks, as shown.
    assert len(re.findall(r"\byou (?:led )?🃏1\b", case.out)) >= played_jokers
    check_common(case, bad_lines=played_jokers)
