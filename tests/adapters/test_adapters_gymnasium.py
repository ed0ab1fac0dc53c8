"""The Gymnasium environment: Gymnasium's checker, masks, rewards, opponents, illegal actions."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import kinglib  # noqa: E402
from kinglib.adapters import gymnasium as king_gym  # noqa: E402
from kinglib.adapters.actions import ActionSpace  # noqa: E402
from kinglib.players.bots import RandomBot  # noqa: E402
from tests.support import ADAPTER_VARIANTS, house_rules  # noqa: E402


@pytest.mark.parametrize("variant", ADAPTER_VARIANTS)
def test_gymnasium_env_checker_passes(variant: str) -> None:
    check_env(king_gym.env(variant, deals=1), skip_render_check=True)


def test_gymnasium_env_checker_passes_with_a_house_rule() -> None:
    check_env(king_gym.env(house_rules(), deals=1), skip_render_check=True)


def test_the_registered_environment_renders_the_table() -> None:
    made = gymnasium.make(king_gym.ENV_ID, variant="jokers", deals=1, render_mode="ansi")
    check_env(made.unwrapped)
    _, info = made.reset(seed=3)
    text = made.render()
    state = kinglib.load_rules("jokers").new_match(seed=3)
    assert f"> seat 0: {state.hand(0)}" in text
    assert list(np.flatnonzero(info["action_mask"])) != []


@pytest.mark.parametrize("variant", ["atomic", "bidding", "ordered", "three-hand"])
def test_masks_are_the_legal_moves_and_rewards_are_the_seat_points(variant: str) -> None:
    env = king_gym.env(variant, seat=1, opponents=None, deals=1)
    space = ActionSpace(env.rules)
    _, info = env.reset(seed=8)
    rng = np.random.default_rng(1)
    earned = 0.0
    terminated = False
    while not terminated:
        state = env.state
        assert state is not None and state.to_move == 1
        assert list(np.flatnonzero(info["action_mask"])) == space.actions(state.legal_moves())
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        earned += reward
    assert env.state is not None
    assert earned == float(env.state.results[0].points[1])
    assert not info["action_mask"].any()


def test_opponents_move_between_the_agent_steps() -> None:
    bots = [RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
    env = king_gym.env("simple", seat=2, opponents=bots, deals=1)
    env.reset(seed=3)
    state = env.state
    assert state is not None and state.to_move == 2
    assert [s for s, _ in state.trick] == [1]
    with pytest.raises(kinglib.RulesError, match="one bot for each of the 3 other seats"):
        king_gym.env("simple", opponents=bots[:2])
    with pytest.raises(kinglib.RulesError, match="seat must be 0 to 3"):
        king_gym.env("simple", seat=4)


def test_an_illegal_action_ends_the_episode() -> None:
    env = king_gym.env("simple", deals=1, illegal_reward=-5.0)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-5.0, True, True)
    with pytest.raises(kinglib.RulesError, match="the episode is over"):
        env.step(0)


@pytest.mark.parametrize("variant", ADAPTER_VARIANTS)
@pytest.mark.parametrize("reward", ["deal", "trick", "margin"])
def test_the_integer_trick_play_is_the_engines(variant: str, reward: str) -> None:
    # With named opponents the trick play runs on integers; forced through the engine, the
    # same seeds give the same observations, masks, rewards and states.
    fast = king_gym.env(variant, opponents="greedy", deals=2, reward=reward)
    slow = king_gym.env(variant, opponents="greedy", deals=2, reward=reward)
    slow._game.fast = False
    rng = np.random.default_rng(7)
    for seed in (1, 2):
        seen, info = fast.reset(seed=seed)
        expected, expected_info = slow.reset(seed=seed)
        done = False
        while not done:
            assert np.array_equal(seen, expected)
            assert np.array_equal(info["action_mask"], expected_info["action_mask"])
            assert fast.state == slow.state
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            seen, reward_now, done, _, info = fast.step(action)
            expected, expected_reward, expected_done, _, expected_info = slow.step(action)
            assert (reward_now, done) == (expected_reward, expected_done)
        assert np.array_equal(seen, expected)
        assert fast.state == slow.state


def test_observations_read_from_a_state_are_those_of_its_views() -> None:
    from kinglib.adapters.observation import Observation

    for variant in ADAPTER_VARIANTS:
        rules = kinglib.load_rules(variant)
        encoder = Observation(rules)
        rng = np.random.default_rng(3)
        state = rules.new_match(seed=4)
        for _ in range(150):
            for seat in range(rules.players):
                vector = encoder.encode_state(state, seat)
                assert vector == encoder.encode(state.view(seat))
                assert all(lo <= x <= hi for x, lo, hi in zip(vector, encoder.low, encoder.high))
            if state.is_over:
                break
            moves = state.legal_moves()
            state = state.apply(moves[int(rng.integers(len(moves)))])
