"""The batched environments: step for step the scalar environment's games, whole matches as
the engine plays them, Gymnasium's vector conventions, self-play, and every refusal."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

import kinglib  # noqa: E402
from kinglib.adapters import draws, vector  # noqa: E402
from kinglib.adapters import gymnasium as king_gym  # noqa: E402
from kinglib.adapters.actions import ActionSpace  # noqa: E402
from kinglib.adapters.observation import Observation  # noqa: E402

CASES: list[tuple[str, dict[str, Any]]] = [
    ("simple", {}),
    ("simple", {"contract": "no_hearts", "reward": "trick"}),
    ("simple", {"contract": "no_king", "opponents": "greedy"}),
    ("simple", {"contract": "trumps", "trump": "H", "reward": "margin"}),
    ("simple", {"contract": "trumps", "trump": "misere", "opponents": "greedy"}),
    (
        "simple",
        {"contract": "plus_eralash", "seat": 2, "opponents": ["greedy", "random", "greedy"]},
    ),
    ("simple", {"players": 3, "contract": "no_boys", "king_on_heart_lead": "forced"}),
    ("simple", {"players": 6, "contract": "eralash", "boys": "jacks+kings"}),
    ("three-hand", {"reward": "trick"}),
]


def _random_actions(masks: Any, rng: Any) -> Any:
    return (rng.random(masks.shape) * masks).argmax(axis=1)


@pytest.mark.parametrize("autoreset", ["next_step", "same_step"])
@pytest.mark.parametrize(("variant", "settings"), CASES)
def test_each_game_is_the_scalar_environments_game(
    variant: str, settings: dict[str, Any], autoreset: str
) -> None:
    settings = dict(settings)
    seat = settings.pop("seat", 0)
    opponents = settings.pop("opponents", "random")
    count = 6
    batch = vector.env(
        variant,
        num_envs=count,
        seat=seat,
        opponents=opponents,
        seed=5,
        autoreset=autoreset,
        **settings,
    )
    observations, infos = batch.reset()

    def scalar(seed: int) -> tuple[Any, Any, Any]:
        env = king_gym.env(
            variant, seat=seat, opponents=opponents, dealing="hashed", deals=1, **settings
        )
        first, info = env.reset(seed=seed)
        return env, first, info

    games: list[Any] = [scalar(int(s)) for s in infos["seed"]]
    rng = np.random.default_rng(2)
    finished = 0
    for _ in range(30):
        for k, (_, seen, info) in enumerate(games):
            assert np.array_equal(seen, observations[k])
            assert np.array_equal(info["action_mask"].astype(bool), infos["action_mask"][k])
        actions = _random_actions(infos["action_mask"], rng)
        observations, rewards, terminated, truncated, infos = batch.step(actions)
        assert not truncated.any()
        for k, (env, _, info) in enumerate(games):
            if not info["action_mask"].any():
                # Next-step autoreset: the game's episode ended at the last step and starts
                # again now, its action ignored.
                assert (rewards[k], terminated[k]) == (0.0, False)
                games[k] = scalar(int(infos["seed"][k]))
                continue
            seen, reward, ended, _, info = env.step(int(actions[k]))
            assert (reward, ended) == (rewards[k], terminated[k])
            if ended:
                finished += 1
                if autoreset == "same_step":
                    assert np.array_equal(seen, infos["final_obs"][k])
                    assert infos["_final_obs"][k]
                    games[k] = scalar(int(infos["seed"][k]))
                else:
                    assert np.array_equal(seen, observations[k])
                    assert not infos["action_mask"][k].any()
                    games[k] = (env, seen, info)
            else:
                games[k] = (env, seen, info)
    assert finished >= count


def _engine_match(rules: kinglib.Rules, seed: int, actions: list[int], seat: int) -> list[Any]:
    """The deals of a match of hashed deals played by the engine: each deal's moves and points."""
    space = ActionSpace(rules)
    pack = [c.mask for c in rules.deck]
    length = rules.schedule.length
    assert length is not None
    used = iter(actions)
    out = []
    for number in range(1, length + 1):
        hands = [kinglib.CardSet.from_mask(m) for m in draws.hashed_deal(seed, number, pack, 4)]
        state = rules.new_deal(rules.schedule.contract_for(number), hands, rules.dealer_for(number))
        moves = 0
        while not state.is_over:
            legal = space.actions(state.legal_moves())
            if state.to_move == seat:
                action = next(used)
                assert action in legal
            else:
                action = legal[draws.random_pick(seed, number, moves, len(legal))]
            state = state.apply(space.move(action))
            moves += 1
        out.append(state.results[0].points)
    return out


def test_a_whole_match_is_the_engines_deal_after_deal() -> None:
    rules = kinglib.load_rules("simple")
    batch = vector.env(rules, num_envs=3, seed=11, deals=0)
    _, infos = batch.reset()
    seeds = [int(s) for s in infos["seed"]]
    played: list[list[int]] = [[] for _ in seeds]
    rewards: list[list[float]] = [[] for _ in seeds]
    rng = np.random.default_rng(0)
    done = [False] * len(seeds)
    totals: list[Any] = [None] * len(seeds)
    while not all(done):
        actions = _random_actions(infos["action_mask"], rng)
        for k in range(len(seeds)):
            if not done[k]:
                played[k].append(int(actions[k]))
        _, reward, terminated, _, infos = batch.step(actions)
        for k in range(len(seeds)):
            if done[k]:
                continue
            if reward[k]:
                rewards[k].append(float(reward[k]))
            if terminated[k]:
                done[k] = True
                totals[k] = infos["final_totals"][k]
    for k, seed in enumerate(seeds):
        deals = _engine_match(rules, seed, played[k], 0)
        assert len(deals) == 14
        assert rewards[k] == [float(p[0]) for p in deals if p[0]]
        assert list(totals[k]) == [sum(p[s] for p in deals) for s in range(4)]
        assert sum(totals[k]) == 0  # simple's match hands out nothing in all


def test_observations_and_masks_follow_gymnasiums_conventions() -> None:
    batch = vector.env("simple", num_envs=16, seed=1)
    assert batch.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    same = vector.env("simple", num_envs=2, autoreset="same_step")
    assert same.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    observations, infos = batch.reset()
    assert batch.observation_space.contains(observations)
    assert batch.single_observation_space.shape == (Observation(batch.rules).size,)
    assert infos["action_mask"].shape == (16, len(ActionSpace(batch.rules)))
    assert infos["action_mask"].dtype == bool
    rng = np.random.default_rng(3)
    for _ in range(20):
        actions = _random_actions(infos["action_mask"], rng)
        assert batch.action_space.contains(actions.astype(np.int64))
        observations, rewards, terminated, truncated, infos = batch.step(actions)
        assert batch.observation_space.contains(observations)
        assert rewards.shape == terminated.shape == truncated.shape == (16,)
        # Every game has a legal action but those whose episode just ended.
        assert (infos["action_mask"].any(axis=1) == ~terminated).all()
    wrapped = gymnasium.wrappers.vector.RecordEpisodeStatistics(vector.env("simple", 8, seed=2))
    four = vector.env("simple", 4)
    encoder = Observation(four.rules)
    doubled = gymnasium.spaces.Box(
        np.array(encoder.low, np.float32) * 2, np.array(encoder.high, np.float32) * 2
    )
    observed = gymnasium.wrappers.vector.TransformObservation(
        four, lambda o: o * 2, gymnasium.vector.utils.batch_space(doubled, 4), doubled
    )
    assert observed.reset()[0].max() == 2.0
    _, infos = wrapped.reset()
    returns = []
    for _ in range(24):
        _, _, _, _, infos = wrapped.step(_random_actions(infos["action_mask"], rng))
        if "episode" in infos:
            returns += list(infos["episode"]["r"][infos["_episode"]])
    assert len(returns) >= 8 and all(-16 <= r <= 0 for r in returns)


def test_the_same_seed_plays_the_same_games_and_another_seed_others() -> None:
    def trajectory(seed: int) -> list[Any]:
        batch = vector.env("simple", num_envs=8, opponents="greedy", contract="no_girls")
        observations, infos = batch.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = [observations]
        for _ in range(10):
            observations, rewards, *_, infos = batch.step(
                _random_actions(infos["action_mask"], rng)
            )
            seen += [observations, rewards]
        return seen

    first, again, other = trajectory(4), trajectory(4), trajectory(5)
    assert all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not np.array_equal(first[0], other[0])


def test_an_illegal_action_ends_that_game_alone() -> None:
    batch = vector.env("simple", num_envs=4, seed=0, illegal_reward=-7.0, autoreset="same_step")
    _, infos = batch.reset()
    actions = infos["action_mask"].argmax(axis=1)
    illegal = int(np.flatnonzero(~infos["action_mask"][1])[0])
    actions[1] = illegal
    seeds = infos["seed"].copy()
    _, rewards, terminated, _, infos = batch.step(actions)
    assert infos["illegal"].tolist() == [False, True, False, False]
    assert terminated[1] and rewards[1] == -7.0 and infos["_final_obs"][1]
    assert infos["seed"][1] != seeds[1] and infos["seed"][0] == seeds[0]


def test_selfplay_moves_the_seat_to_move_and_rewards_every_seat() -> None:
    batch = vector.selfplay("simple", num_envs=5, seed=3, deals=0)
    space = ActionSpace(batch.rules)
    observations, infos = batch.reset()
    encoder = Observation(batch.rules)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(600):
        seats = infos["to_move"]
        for k in range(5):
            assert encoder.field(observations[k], "seat")[seats[k]] == 1
            # A match just over shows nobody to move; its next step starts the next match.
            playing = infos["action_mask"][k].any()
            assert encoder.field(observations[k], "to_move")[seats[k]] == playing
        observations, rewards, terminated, _, infos = batch.step(
            _random_actions(infos["action_mask"], rng)
        )
        assert rewards.shape == (5, 4)
        if terminated.any():
            ended += int(terminated.sum())
            assert (infos["final_totals"][terminated].sum(axis=1) == 0).all()
    assert ended >= 5
    assert len(space) == infos["action_mask"].shape[1]


@pytest.mark.parametrize(
    ("variant", "settings", "message"),
    [
        ("jokers", {}, "the batch plays no jokers"),
        ("domino", {}, "domino deals its cards its own way"),
        ("ordered", {}, "answers kinglib_view_extra"),
        ("omnibus", {}, "answers kinglib_score_deal"),
        ("simple", {"scheme": "short", "deals": 0}, "is a trump round"),
        ("simple", {"contract": "trumps"}, "give its trump"),
        ("simple", {"contract": "no_such"}, "has no contract 'no_such'"),
        ("simple", {"contract": "no_king", "trump": "S"}, "takes no trump"),
        ("simple", {"seat": 4}, "seat must be 0 to 3"),
        ("simple", {"opponents": "clever"}, "unknown opponent 'clever'"),
        ("simple", {"opponents": ["random"]}, "one name for each of the 3 other seats"),
        ("simple", {"num_envs": 0}, "num_envs is a whole number from 1"),
        ("simple", {"reward": "glory"}, "unknown reward 'glory'"),
        ("simple", {"autoreset": "never"}, "autoreset is 'next_step' or 'same_step'"),
        ("simple", {"contract": "trumps", "trump": "X"}, "trump is a suit"),
    ],
)
def test_what_the_batch_cannot_play_is_refused_with_the_reason(
    variant: str, settings: dict[str, Any], message: str
) -> None:
    with pytest.raises(kinglib.RulesError, match=message):
        vector.env(variant, **settings)


def test_steps_are_checked() -> None:
    batch = vector.env("simple", num_envs=3)
    with pytest.raises(kinglib.RulesError, match=r"call reset\(\) first"):
        batch.step(np.zeros(3, np.int64))
    batch.reset()
    with pytest.raises(kinglib.RulesError, match=r"shape \(3,\)"):
        batch.step(np.zeros(4, np.int64))
    with pytest.raises(kinglib.RulesError, match="one whole number per game"):
        batch.step(np.zeros(3, np.float32))
