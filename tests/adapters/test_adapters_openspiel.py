"""The OpenSpiel game: OpenSpiel's own checks, its search bots against kinglib's, resampling."""

from __future__ import annotations

import json
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import kinglib  # noqa: E402
from kinglib.adapters import openspiel as king_spiel  # noqa: E402
from kinglib.players.bots import Bot, HeuristicBot, RandomBot  # noqa: E402
from tests.support import ADAPTER_VARIANTS, HOUSE_RULES, house_rules  # noqa: E402


@pytest.mark.parametrize("variant", ADAPTER_VARIANTS)
def test_random_simulations_pass_openspiel_checks(variant: str) -> None:
    game = pyspiel.load_game(f"python_kinglib(variant={variant},deals=1)")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_whole_match_passes_openspiel_checks() -> None:
    game = pyspiel.load_game("python_kinglib(variant=jokers,players=3)")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_a_house_rule_by_module_name_passes_openspiel_checks() -> None:
    game = pyspiel.load_game(f"python_kinglib(variant=simple,deals=1,house_rules={HOUSE_RULES})")
    assert game.rules == house_rules()
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    built = king_spiel.game(house_rules(), deals=1)
    assert str(built) == str(game)


def test_parameters_reach_the_rules_and_the_game_type() -> None:
    game = pyspiel.load_game(
        "python_kinglib(variant=simple,scheme=short,boys=jacks+kings,"
        "order=no_king:no_tricks:no_boys:no_girls:no_hearts:no_last_two:eralash)"
    )
    order = ("no_king", "no_tricks", "no_boys", "no_girls", "no_hearts", "no_last_two", "eralash")
    assert game.rules == kinglib.load_rules(
        "simple", scheme="short", boys="jacks+kings", order=order
    )
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == len(game.action_space)
    per_deal = pyspiel.load_game("python_kinglib(variant=ordered,trumps=true,deals=2)")
    assert per_deal.rules.options["trumps"] is True
    assert per_deal.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_bad_parameters_are_refused_with_the_reason() -> None:
    with pytest.raises(kinglib.RulesError, match="unknown option 'joker_free' for simple"):
        pyspiel.load_game("python_kinglib(variant=simple,joker_free=true)")
    with pytest.raises(kinglib.RulesError, match="neither an installed house-rules plugin"):
        pyspiel.load_game("python_kinglib(variant=simple,house_rules=no_such_module_here)")


def _kinglib(state: king_spiel.KingState) -> kinglib.State:
    found = state.kinglib_state
    assert found is not None
    return found


def _play_to_card(game: king_spiel.KingGame, seed: int, cards: int) -> king_spiel.KingState:
    state = game.new_initial_state()
    for byte in seed.to_bytes(4, "little"):
        state.apply_action(byte)
    rng = random.Random(seed)
    for _ in range(cards):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("cards", [0, 5, 14])
def test_a_resampled_state_looks_the_same_to_the_player(cards: int) -> None:
    game = king_spiel.game("simple", deals=1)
    state = _play_to_card(game, 11, cards)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(8)]
    others = {str(_kinglib(w).hand((player + 1) % 4)) for w in worlds}
    assert len(others) > 1
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
        while not world.is_terminal():
            world.apply_action(world.legal_actions()[0])
        assert sum(world.returns()) == -16


def test_a_resampled_state_after_the_first_deal_keeps_the_totals() -> None:
    game = king_spiel.game("simple")
    state = _play_to_card(game, 3, 40)
    assert _kinglib(state).deal_number == 2
    player = state.current_player()
    world = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(player) == state.information_state_string(player)
    # The world is the same match: its totals so far, then every deal left to play.
    totals = json.loads(state.information_state_string(player))["totals"]
    assert list(_kinglib(world).totals) == totals and sum(totals) == -16
    while not world.is_terminal():
        world.apply_action(world.legal_actions()[-1])
    assert _kinglib(world).is_over and len(_kinglib(world).results) == 14
    assert sum(world.returns()) == 0  # simple's whole match hands out nothing in all


def test_resampling_an_auction_without_view_sample_says_what_it_needs() -> None:
    game = king_spiel.game("bidding", deals=1)
    state = _play_to_card(game, 5, 0)
    view = _kinglib(state).view(state.current_player())
    if hasattr(view, "sample"):
        world = state.resample_from_infostate(
            state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
        )
        assert world.information_state_string(
            state.current_player()
        ) == state.information_state_string(state.current_player())
        return
    with pytest.raises(NotImplementedError, match=r"needs View\.sample"):
        state.resample_from_infostate(
            state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0)
        )


def test_openspiel_search_bots_play_a_deal_against_kinglib_bots() -> None:
    np = pytest.importorskip("numpy")
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("python_kinglib(variant=simple,deals=1)")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searchers = {
        0: ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=rng),
        1: mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rng),
    }
    kinglib_bots: dict[int, Bot] = {2: HeuristicBot(), 3: RandomBot(seed=1)}
    for seed in (1, 2):
        state = game.new_initial_state()
        for byte in seed.to_bytes(4, "little"):
            state.apply_action(byte)
        while not state.is_terminal():
            seat = state.current_player()
            if seat in searchers:
                action = searchers[seat].step(state)
            else:
                view = _kinglib(state).view(seat)
                action = game.action_space.action(kinglib_bots[seat].choose_move(view))
            assert action in state.legal_actions()
            state.apply_action(action)
        result = _kinglib(state).results[0]
        assert state.returns() == [float(p) for p in result.points]
        assert sum(state.returns()) == kinglib.load_rules("simple").contracts["no_tricks"].total
