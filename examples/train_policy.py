"""Train a small policy in numpy to beat three random players at a penalty contract.

A linear softmax policy over the legal cards (a weight per observation entry and action) and a
linear value baseline learn by policy gradient (REINFORCE with the baseline, Adam steps) on the
batched environment: 256 single deals of ``no_hearts`` at once, the learner in seat 0 against
three ``"random"`` opponents, each trick's points as the reward. Every few updates the policy
(its most likely legal card) plays evaluation deals that it never trained on, and the
learning curve is saved as a picture::

    python examples/train_policy.py                       # about two minutes on one core
    python examples/train_policy.py --quick               # a few seconds: that it runs
    python examples/train_policy.py --contract no_tricks --updates 300 --plot curve.png

It prints the learner's mean points a deal and the random players' mean, before and after
training. Only numpy (and matplotlib for the picture) are needed besides kinglib.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from typing import Any

# One core: numpy's linear algebra would otherwise start a thread per core.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402

from kinglib.adapters import vector  # noqa: E402

Array = npt.NDArray[Any]


class Policy:
    """A linear softmax policy over the legal actions and a linear value baseline."""

    def __init__(self, size: int, actions: int, rate: float, seed: int) -> None:
        """Weights of zeros: at first every legal action is equally likely."""
        self.weights = np.zeros((size, actions))
        self.value = np.zeros(size)
        self.rate = rate
        self.rng = np.random.default_rng(seed)
        self._moments = [np.zeros_like(self.weights), np.zeros_like(self.weights)]
        self._steps = 0

    def probabilities(self, observations: Array, masks: Array) -> Array:
        """Each game's probabilities of its actions (0 for an illegal one).

        A game with no legal action (its episode just ended) gets any: it is not played.
        """
        masks = np.where(masks.any(axis=1, keepdims=True), masks, True)
        logits = observations @ self.weights
        logits = np.where(masks, logits, -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        odds = np.exp(logits)
        result: Array = odds / odds.sum(axis=1, keepdims=True)
        return result

    def sample(self, observations: Array, masks: Array) -> Array:
        """A random action of each game, drawn from the policy."""
        ends = self.probabilities(observations, masks).cumsum(axis=1)
        draws = self.rng.random(len(masks))[:, None] * ends[:, -1:]
        picked: Array = (ends < draws).sum(axis=1)
        return picked

    def best(self, observations: Array, masks: Array) -> Array:
        """The most likely legal action of each game."""
        logits = np.where(masks, observations @ self.weights, -np.inf)
        picked: Array = logits.argmax(axis=1)
        return picked

    def update(self, observations: Array, masks: Array, actions: Array, returns: Array) -> None:
        """One policy-gradient step on these moves and the returns that followed them."""
        baseline = observations @ self.value
        advantage = returns - baseline
        self.value += 0.05 * observations.T @ advantage / len(returns)
        grad = -self.probabilities(observations, masks)
        grad[np.arange(len(actions)), actions] += 1
        gradient = observations.T @ (grad * advantage[:, None]) / len(returns)
        # Adam, ascending the expected return.
        self._steps += 1
        first, second = self._moments
        first *= 0.9
        first += 0.1 * gradient
        second *= 0.999
        second += 0.001 * gradient**2
        scale = np.sqrt(1 - 0.999**self._steps) / (1 - 0.9**self._steps)
        self.weights += self.rate * scale * first / (np.sqrt(second) + 1e-8)


def rollout(env: vector.KingVectorEnv, policy: Policy, state: Any, steps: int) -> Any:
    """Play ``steps`` steps in every game; the moves whose deal ended, with their returns."""
    observations, infos = state
    seen, masks, actions, rewards, ends, lives = [], [], [], [], [], []
    for _ in range(steps):
        mask = infos["action_mask"]
        action = policy.sample(observations, mask)
        seen.append(observations)
        masks.append(mask)
        actions.append(action)
        # A game whose episode ended at the last step starts the next: no move of its own.
        lives.append(mask.any(axis=1))
        observations, reward, terminated, _, infos = env.step(action)
        rewards.append(reward)
        ends.append(terminated)
    # Returns to the end of each deal; moves of a deal still going at the end are left out,
    # and so are the steps that only start a game's next deal.
    following = np.zeros(env.num_envs)
    complete = np.zeros(env.num_envs, bool)
    returns, kept = [], []
    for reward, ended in zip(reversed(rewards), reversed(ends)):
        following = np.where(ended, 0.0, following) + reward
        complete |= ended
        returns.append(following.copy())
        kept.append(complete.copy())
    returns.reverse()
    kept.reverse()
    keep = np.concatenate(kept) & np.concatenate(lives)
    batch = (
        np.concatenate(seen)[keep],
        np.concatenate(masks)[keep],
        np.concatenate(actions)[keep],
        np.concatenate(returns)[keep],
    )
    return batch, (observations, infos)


def evaluate(contract: str, policy: Policy | None, deals: int, seed: int) -> tuple[float, float]:
    """The learner's mean points a deal, and the three random players' mean, over ``deals``.

    Each game of a batch counts its first deal only (the first deals to end would be the
    short ones). With ``policy`` ``None`` the learner plays at random too (the baseline).
    """
    learner: list[float] = []
    others: list[float] = []
    rng = np.random.default_rng(seed)
    batch = 0
    while len(learner) < deals:
        games = min(deals - len(learner), 256)
        env = vector.env("simple", num_envs=games, contract=contract, seed=seed + batch)
        batch += 1
        observations, infos = env.reset()
        done = np.zeros(games, bool)
        while not done.all():
            mask = infos["action_mask"]
            if policy is None:
                action = (rng.random(mask.shape) * mask).argmax(axis=1)
            else:
                action = policy.best(observations, mask)
            observations, _, terminated, _, infos = env.step(action)
            first = terminated & ~done
            if first.any():
                totals = infos["final_totals"][first]
                learner += list(totals[:, 0])
                others += list(totals[:, 1:].mean(axis=1))
                done |= first
    return float(np.mean(learner)), float(np.mean(others))


def train(
    contract: str, updates: int, steps: int, every: int, deals: int, seed: int
) -> tuple[Policy, list[tuple[int, float, float]]]:
    """Train a policy; the learning curve as ``(learner moves, learner mean, others' mean)``."""
    env = vector.env("simple", num_envs=256, contract=contract, reward="trick", seed=seed)
    policy = Policy(env.encoder.size, len(env.actions), 0.01, seed)
    state = env.reset()
    curve = [(0, *evaluate(contract, policy, deals, seed + 1))]
    print(f"untrained: learner {curve[0][1]:6.2f}, random players {curve[0][2]:6.2f}")
    moves = 0
    for update in range(1, updates + 1):
        batch, state = rollout(env, policy, state, steps)
        policy.update(*batch)
        moves += steps * env.num_envs
        if update % every == 0 or update == updates:
            curve.append((moves, *evaluate(contract, policy, deals, seed + 1)))
            print(
                f"update {update:4}: {moves:>9,} moves, learner {curve[-1][1]:6.2f}, "
                f"random players {curve[-1][2]:6.2f}",
                flush=True,
            )
    return policy, curve


def plot(
    curve: Sequence[tuple[int, float, float]], baseline: float, contract: str, path: str
) -> None:
    """Save the learning curve as a picture."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    moves = [c[0] for c in curve]
    figure, axes = plt.subplots(figsize=(6, 3.6), dpi=120)
    axes.plot(moves, [c[1] for c in curve], marker="o", label="learner (seat 0)")
    axes.plot(moves, [c[2] for c in curve], marker=".", label="random players (mean)")
    axes.axhline(baseline, color="grey", linestyle="--", label="a random learner")
    axes.set_xlabel("learner moves trained on")
    axes.set_ylabel(f"points a deal ({contract})")
    axes.set_title(f"Policy gradient against three random players: {contract}")
    axes.legend(loc="center right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def main(argv: list[str] | None = None) -> int:
    """Train, evaluate and plot."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--contract", default="no_hearts", help="a penalty contract of simple")
    parser.add_argument("--updates", type=int, default=400, help="policy-gradient updates")
    parser.add_argument("--steps", type=int, default=16, help="steps of 256 games an update")
    parser.add_argument("--deals", type=int, default=2048, help="deals of each evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", default="train_policy.png", help="the picture's file")
    parser.add_argument("--quick", action="store_true", help="a few updates: that it runs")
    args = parser.parse_args(argv)
    if args.quick:
        args.updates, args.deals = 6, 1024
    start = time.perf_counter()
    baseline, random_others = evaluate(args.contract, None, args.deals, args.seed + 1)
    print(
        f"{args.contract}: a random learner scores {baseline:.2f} a deal, "
        f"the random players {random_others:.2f}"
    )
    every = max(1, args.updates // 10)
    _, curve = train(args.contract, args.updates, args.steps, every, args.deals, args.seed)
    _, learner, others = curve[-1]
    seconds = time.perf_counter() - start
    verdict = "beats" if learner > others else "does not beat"
    print(
        f"after {curve[-1][0]:,} learner moves ({seconds:.0f} s): the learner scores "
        f"{learner:.2f} a deal, the random players {others:.2f}: it {verdict} them"
    )
    try:
        plot(curve, baseline, args.contract, args.plot)
    except ImportError:
        print("no learning curve: matplotlib is not installed (pip install 'kinglib[plot]')")
        return 0
    print(f"learning curve saved to {args.plot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
