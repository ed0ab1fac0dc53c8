"""The PettingZoo environment: PettingZoo's API and seed tests, masks, rewards and rendering."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pettingzoo_test = pytest.importorskip("pettingzoo.test")

import kinglib  # noqa: E402
from kinglib.adapters import pettingzoo as king_zoo  # noqa: E402
from kinglib.adapters.actions import ActionSpace  # noqa: E402
from tests.support import ADAPTER_VARIANTS, house_rules  # noqa: E402

# PettingZoo's checker suggests plain arrays; an observation with an action mask is a dict.
pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")


@pytest.mark.parametrize("variant", ADAPTER_VARIANTS)
def test_pettingzoo_api_and_seed_tests_pass(variant: str) -> None:
    pettingzoo_test.api_test(king_zoo.env(variant, deals=1), num_cycles=60)
    pettingzoo_test.seed_test(lambda: king_zoo.env(variant, deals=1), num_cycles=60)


def test_pettingzoo_tests_pass_with_a_house_rule() -> None:
    pettingzoo_test.api_test(king_zoo.env(house_rules(), deals=1), num_cycles=60)
    pettingzoo_test.seed_test(lambda: king_zoo.env(house_rules(), deals=1), num_cycles=60)


@pytest.mark.parametrize("variant", ["atomic", "bidding", "domino", "simple"])
def test_masks_are_the_legal_moves_and_rewards_add_up_to_the_totals(variant: str) -> None:
    env = king_zoo.raw_env(variant, deals=2)
    space = ActionSpace(env.rules)
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    earned = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        earned[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        state = env.state
        assert state is not None
        seat = state.to_move
        assert agent == f"seat_{seat}"
        mask = observation["action_mask"]
        assert list(np.flatnonzero(mask)) == space.actions(state.legal_moves())
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
    state = env.state
    assert state is not None and len(state.results) == 2
    assert [earned[a] for a in env.possible_agents] == [float(t) for t in state.totals]


def test_the_same_seed_deals_the_same_match_and_another_seed_another() -> None:
    first, second = king_zoo.raw_env("simple"), king_zoo.raw_env("simple")
    first.reset(seed=9)
    second.reset(seed=9)
    assert first.state == second.state == kinglib.load_rules("simple").new_match(seed=9)
    second.reset(seed=10)
    assert first.state != second.state


def test_ansi_rendering_shows_the_table() -> None:
    env = king_zoo.env("simple", deals=1, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    state = kinglib.load_rules("simple").new_match(seed=2)
    assert "no_tricks" in text
    for seat in range(4):
        assert f"seat {seat}: {state.hand(seat)}" in text
    with pytest.raises(kinglib.RulesError, match="render_mode must be None or 'ansi'"):
        king_zoo.raw_env("simple", render_mode="human")


def test_a_negative_deal_count_is_refused() -> None:
    with pytest.raises(kinglib.RulesError, match=r"deals must be 0 \(the whole match\) or more"):
        king_zoo.raw_env("simple", deals=-1)


@pytest.mark.parametrize("variant", ADAPTER_VARIANTS)
def test_the_parallel_api_test_passes(variant: str) -> None:
    pettingzoo_test.parallel_api_test(king_zoo.parallel_env(variant, deals=1), num_cycles=200)


def test_the_parallel_api_test_passes_with_a_house_rule() -> None:
    pettingzoo_test.parallel_api_test(king_zoo.parallel_env(house_rules(), deals=1))


def test_a_parallel_step_is_the_move_of_the_agent_to_move() -> None:
    aec, par = king_zoo.raw_env("bidding", deals=1), king_zoo.parallel_env("bidding", deals=1)
    aec.reset(seed=6)
    observations, _ = par.reset(seed=6)
    rng = np.random.default_rng(4)
    earned = dict.fromkeys(par.possible_agents, 0.0)
    for agent in aec.agent_iter():
        observation, _, termination, _, _ = aec.last()
        if termination:
            aec.step(None)
            continue
        assert np.array_equal(observations[agent]["observation"], observation["observation"])
        movers = [a for a in par.agents if observations[a]["action_mask"].any()]
        assert movers == [agent]
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        # The others' actions are ignored, whatever they are.
        actions = {a: (action if a == agent else 0) for a in par.agents}
        observations, rewards, terminated, _, _ = par.step(actions)
        for a, r in rewards.items():
            earned[a] += r
        aec.step(action)
    assert par.agents == [] and all(terminated.values())
    state = par.state
    assert state is not None and state == aec.state
    assert [earned[a] for a in par.possible_agents] == [float(p) for p in state.results[0].points]
    with pytest.raises(kinglib.RulesError, match=r"call reset\(\)"):
        par.step({})


def test_an_illegal_parallel_action_ends_the_episode() -> None:
    par = king_zoo.parallel_env("simple", deals=1, illegal_reward=-3.0)
    observations, _ = par.reset(seed=1)
    agent = next(a for a in par.agents if observations[a]["action_mask"].any())
    illegal = int(np.flatnonzero(observations[agent]["action_mask"] == 0)[0])
    _, rewards, terminated, _, infos = par.step(dict.fromkeys(par.agents, illegal))
    assert rewards[agent] == -3.0 and infos[agent]["illegal"] and all(terminated.values())
    with pytest.raises(kinglib.RulesError, match="seat_1 is to move: give its action"):
        par.reset(seed=1)
        par.step({"seat_0": 0})


@pytest.mark.parametrize("reward", ["deal", "trick", "margin"])
def test_every_reward_scheme_adds_up_to_what_it_promises(reward: str) -> None:
    env = king_zoo.raw_env("simple", deals=2, reward=reward)
    env.reset(seed=8)
    rng = np.random.default_rng(5)
    earned = dict.fromkeys(env.possible_agents, 0.0)
    trick_steps = 0
    for agent in env.agent_iter():
        observation, reward_now, termination, _, _ = env.last()
        earned[agent] += reward_now
        if termination:
            env.step(None)
            continue
        before = env.state
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        after = env.state
        assert before is not None and after is not None
        if any(env.rewards.values()):
            trick_steps += 1
    state = env.state
    assert state is not None
    totals = [float(t) for t in state.totals]
    got = [earned[a] for a in env.possible_agents]
    if reward == "margin":
        assert got == [
            t - max(o for j, o in enumerate(totals) if j != s) for s, t in enumerate(totals)
        ]
        assert trick_steps == 1
    else:
        assert got == totals
        # no_tricks pays each of its 8 tricks; no_boys only the tricks that hold a boy.
        assert trick_steps == 2 if reward == "deal" else trick_steps >= 9
