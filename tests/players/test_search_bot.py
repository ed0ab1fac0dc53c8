"""SearchBot: legal in every phase, deterministic, blind to other hands; tournaments."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import kinglib
from kinglib import State
from kinglib.apps.cli import main
from kinglib.apps.tournament import duplicate_match, mean_interval, tournament
from kinglib.players.bots import SearchBot
from kinglib.testing import deal_from_text


def _play_deal(state: State, bot: SearchBot) -> tuple[State, list[kinglib.Move]]:
    deal = state.deal_number
    moves = []
    while not state.is_over and state.deal_number == deal:
        seat = state.to_move
        assert seat is not None
        move = bot.choose_move(state.view(seat))
        moves.append(move)
        state = state.apply(move)  # raises if the bot's move is illegal
    return state, moves


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("atomic", {}),
        ("bidding", {}),
        ("domino", {}),
        ("jokers", {"players": 3}),
        ("ordered", {"trumps": True}),
    ],
)
def test_the_search_bot_plays_every_phase_of_a_deal(variant: str, options: dict[str, Any]) -> None:
    rules = kinglib.load_rules(variant, **options)
    state, moves = _play_deal(rules.new_match(seed=4), SearchBot(seed=1, worlds=1))
    assert moves and (state.is_over or state.deal_number == 2)


def test_the_search_bot_declares_and_buys_in_a_trump_round() -> None:
    rules = kinglib.load_rules("simple", scheme="otygrysh")
    deal = """
        trumps dealer=1
        0: AS KH QD JC TS 9H 8D 7C
        1: KS QH JD TC 9S 8H 7D AC
        2: QS JH TD 9C 8S 7H AD KC
        3: JS TH 9D 8C 7S AH KD QC
    """
    state = deal_from_text(rules, deal)
    final, moves = _play_deal(state, SearchBot(seed=2, worlds=1))
    assert final.is_over and len(final.results) == 1
    assert any(isinstance(m, kinglib.Declare) for m in moves)


def test_the_same_seed_and_budget_give_the_same_moves() -> None:
    rules = kinglib.load_rules("simple")
    first = _play_deal(rules.new_match(seed=9), SearchBot(seed=5, worlds=2))[1]
    second = _play_deal(rules.new_match(seed=9), SearchBot(seed=5, worlds=2))[1]
    assert first == second


def test_the_decision_does_not_depend_on_the_hidden_cards() -> None:
    rules = kinglib.load_rules("simple")
    rng = random.Random(3)
    state = rules.new_match(seed=12)
    for _ in range(9):
        state = state.apply(rng.choice(state.legal_moves()))
    seat = state.to_move
    assert seat is not None
    view = state.view(seat)
    # Another state the seat cannot tell apart: the hidden cards dealt again.
    other = view.sample(random.Random(8))
    assert other.hands != state.hands
    assert other.view(seat) == view
    bot = SearchBot(seed=4, worlds=4)
    assert bot.choose_move(state.view(seat)) == bot.choose_move(other.view(seat))


def test_a_duplicate_match_seats_every_bot_in_every_seat() -> None:
    rules = kinglib.load_rules("jokers")
    result = duplicate_match(rules, ["heuristic", "random", "random", "random"], seed=3)
    # One seat in four rotations against three seats in four: about three times the moves.
    assert 2.5 < result.decisions["random"] / result.decisions["heuristic"] < 3.5
    # Jokers is not zero-sum but every deal hands out all 124 points: four rotations of four
    # deals, averaged per seat.
    assert result.scores["heuristic"] + 3 * result.scores["random"] == pytest.approx(-124 * 4)


def test_mean_interval() -> None:
    mean, half = mean_interval([1.0, 3.0])
    assert mean == 2.0
    assert half == pytest.approx(1.96 * (2.0**0.5) / (2**0.5))


def test_the_tournament_table_has_the_margin_of_the_first_bot() -> None:
    rules = kinglib.load_rules("jokers")
    result = tournament(rules, ["heuristic", "random", "random", "random"], 3, seed=1)
    first, second = result.standings
    margins = [m.scores["heuristic"] - m.scores["random"] for m in result.matches]
    assert second.margin == pytest.approx(sum(margins) / 3)
    assert first.margin is None and first.wins + second.wins >= 12


def test_the_tournament_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "tournament",
            "jokers",
            "--bots",
            "heuristic,random,random,random",
            "--games",
            "2",
            "--json",
        ]
    )
    assert status == 0
    out = json.loads(capsys.readouterr().out)
    assert out["matches"] == 2 and [s["bot"] for s in out["standings"]] == ["heuristic", "random"]


def test_the_tournament_command_refuses_a_wrong_number_of_bots(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["tournament", "jokers", "--bots", "heuristic,random", "--games", "1"]) == 2
    assert "4 bots" in capsys.readouterr().err
    assert main(["tournament", "jokers", "--bots", "genius,a,b,c", "--games", "1"]) != 0


def test_the_tournament_plot(tmp_path: pytest.TempPathFactory) -> None:
    pytest.importorskip("matplotlib")
    path = tmp_path / "totals.png"  # type: ignore[operator]
    status = main(
        [
            "tournament",
            "jokers",
            "--bots",
            "heuristic,random,random,random",
            "--games",
            "2",
            "--plot",
            str(path),
        ]
    )
    assert status == 0 and path.stat().st_size > 0


def test_play_takes_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "jokers", "--bots", "search:worlds=1;random;random;random"]) == 0
    assert "Winner" in capsys.readouterr().out
