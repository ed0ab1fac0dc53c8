"""play() and simulate(): seats, errors, determinism, workers and executors."""

from __future__ import annotations

import json
import statistics
from concurrent.futures import ThreadPoolExecutor

import pytest

import kinglib
from kinglib import IllegalMoveError, Play, RulesError
from kinglib.engine.view import View
from kinglib.players.bots import Bot, HeuristicBot, RandomBot
from kinglib.players.matches import GameResult, Summary, game_seed, rules_from_spec, rules_spec

SIMPLE = kinglib.load_rules("simple")


def heuristic_table(n: int = 4) -> list[Bot]:
    return [HeuristicBot() for _ in range(n)]


def test_play_runs_a_whole_match_and_is_deterministic() -> None:
    bots: list[Bot] = [HeuristicBot(), RandomBot(1), RandomBot(2), RandomBot(3)]
    first = kinglib.play(SIMPLE, bots, seed=11)
    again = kinglib.play(
        SIMPLE, [HeuristicBot(), RandomBot(1), RandomBot(2), RandomBot(3)], seed=11
    )
    assert first.is_over and first == again
    assert len(first.results) == 14
    assert first.totals == tuple(map(sum, zip(*(r.points for r in first.results))))
    assert sum(first.totals) == 0  # simple is zero-sum
    other = kinglib.play(
        SIMPLE, [HeuristicBot(), RandomBot(1), RandomBot(2), RandomBot(3)], seed=12
    )
    assert other.moves != first.moves


def test_play_replays_to_the_same_state_through_apply() -> None:
    final = kinglib.play(SIMPLE, heuristic_table(), seed=3)
    state = SIMPLE.new_match(seed=3)
    for move in final.moves:
        state = state.apply(move)
    assert state == final


def test_play_needs_one_bot_per_seat() -> None:
    with pytest.raises(RulesError, match="give 4 bots, not 3"):
        kinglib.play(SIMPLE, heuristic_table(3), seed=0)
    three = kinglib.load_rules("simple", players=3)
    with pytest.raises(RulesError, match="give 3 bots, not 4"):
        kinglib.play(three, heuristic_table(4), seed=0)


def test_an_illegal_bot_move_names_the_bot() -> None:
    class Cheat:
        name = "cheater"

        def choose_move(self, view: View) -> kinglib.Move:
            outside = SIMPLE.deck - view.hand
            return Play(next(iter(outside)))

    bots: list[Bot] = [Cheat(), HeuristicBot(), HeuristicBot(), HeuristicBot()]
    with pytest.raises(IllegalMoveError, match=r"bot 'cheater' in seat \d made an illegal"):
        kinglib.play(SIMPLE, bots, seed=0)


def test_game_seeds_are_stable_and_distinct() -> None:
    seeds = [game_seed(7, i) for i in range(200)]
    assert len(set(seeds)) == 200
    assert seeds == [game_seed(7, i) for i in range(200)]
    assert game_seed(7, 0) != game_seed(8, 0)
    assert all(0 <= s < 2**63 for s in seeds)


def test_simulate_summarises_the_games() -> None:
    calls: list[tuple[int, int]] = []
    summary = kinglib.simulate(SIMPLE, 6, seed=4, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(i, 6) for i in range(1, 7)]
    finals = [
        kinglib.play(
            SIMPLE, [RandomBot(game_seed(game_seed(4, i), s)) for s in range(4)], game_seed(4, i)
        )
        for i in range(6)
    ]
    assert summary.games == 6
    assert summary.deals == 6 * 14
    assert summary.moves == sum(len(f.moves) for f in finals)
    for seat in range(4):
        column = [f.totals[seat] for f in finals]
        assert summary.mean[seat] == pytest.approx(statistics.fmean(column))
        assert summary.spread[seat] == pytest.approx(statistics.pstdev(column))
        assert summary.wins[seat] == sum(seat in f.winners for f in finals)
    assert sum(summary.wins) >= 6
    assert summary.seconds > 0
    data = json.loads(json.dumps(summary.to_dict()))
    assert data["games"] == 6 and data["wins"] == list(summary.wins)


def test_ties_count_for_every_winner() -> None:
    results = [
        GameResult(totals=(5, 5, -5, -5), winners=(0, 1), deals=1, moves=4),
        GameResult(totals=(1, 0, 0, -1), winners=(0,), deals=1, moves=4),
    ]
    summary = Summary.of(SIMPLE, 0, results, 0.0)
    assert summary.wins == (2, 1, 0, 0)
    assert summary.mean == (3.0, 2.5, -2.5, -3.0)


def test_simulate_is_the_same_with_any_number_of_workers() -> None:
    one = kinglib.simulate(SIMPLE, 12, seed=9)
    two = kinglib.simulate(SIMPLE, 12, seed=9, workers=2)
    with ThreadPoolExecutor(max_workers=3) as pool:
        threads = kinglib.simulate(SIMPLE, 12, seed=9, executor=pool)
    assert one == two == threads
    assert one.to_dict() | {"seconds": 0} == two.to_dict() | {"seconds": 0}
    assert kinglib.simulate(SIMPLE, 12, seed=10) != one


def test_simulate_with_given_bots_and_options_in_workers() -> None:
    rules = kinglib.load_rules("simple", players=3, boys="jacks+kings")
    bots: list[Bot] = [HeuristicBot(), RandomBot(5), RandomBot(6)]
    one = kinglib.simulate(rules, 6, seed=1, bots=bots)
    two = kinglib.simulate(rules, 6, seed=1, bots=bots, workers=2)
    assert one == two and one.players == 3
    assert rules_from_spec(rules_spec(rules)) == rules


def test_simulate_refuses_bad_arguments() -> None:
    with pytest.raises(RulesError, match="games"):
        kinglib.simulate(SIMPLE, -1)
    with pytest.raises(RulesError, match="workers"):
        kinglib.simulate(SIMPLE, 1, workers=0)
    with pytest.raises(RulesError, match="give 4 bots, not 2"):
        kinglib.simulate(SIMPLE, 1, bots=heuristic_table(2))
    assert kinglib.simulate(SIMPLE, 0).games == 0


def test_plugins_that_cannot_travel_are_refused_for_workers() -> None:
    class HouseRule:
        pass

    rules = kinglib.load_rules("simple", plugins=[HouseRule()])
    with pytest.raises(RulesError, match="workers=1"):
        kinglib.simulate(rules, 2, workers=2)
    assert kinglib.simulate(rules, 1).games == 1
