"""OpenSpiel's ISMCTS plays seat 0 of single deals of ``simple`` against kinglib's bots.

Seat 0 is OpenSpiel's information-set Monte Carlo tree search (``ISMCTSBot``, random rollouts);
seat 2 is kinglib's ``HeuristicBot`` and seats 1 and 3 ``RandomBot``. Each game is one deal
(``deals=1``), dealt by the game's chance nodes from a seed; the script prints each deal's
points and the sums. Run it with ``pip install 'kinglib[openspiel]'``::

    python examples/openspiel_ismcts.py                  # 4 deals, 30 simulations a move
    python examples/openspiel_ismcts.py --deals 10 --simulations 100
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import kinglib.adapters.openspiel as king_spiel
from kinglib.players.bots import Bot, HeuristicBot, RandomBot


def play_deal(
    game: king_spiel.KingGame, seed: int, searcher: ismcts.ISMCTSBot, bots: dict[int, Bot]
) -> tuple[str, list[float]]:
    """One deal from ``seed``: the contract and each seat's points."""
    state = game.new_initial_state()
    for byte in seed.to_bytes(4, "little"):
        state.apply_action(byte)
    contract = str(state.kinglib_state.contract if state.kinglib_state else "")
    while not state.is_terminal():
        seat = state.current_player()
        if seat == 0:
            action = searcher.step(state)
        else:
            view = state.view(seat)
            assert view is not None
            action = game.action_space.action(bots[seat].choose_move(view))
        state.apply_action(action)
    return contract, state.returns()


def main(argv: list[str] | None = None) -> int:
    """Play the deals and print one line each, then the sums."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--simulations", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game = pyspiel.load_game("python_kinglib(variant=simple,deals=1)")
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, args.simulations, random_state=rng)
    # Worlds drawn from the same generator, so that a seed gives the same games every time.
    searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.rand))
    bots: dict[int, Bot] = {1: RandomBot(seed=1), 2: HeuristicBot(), 3: RandomBot(seed=3)}
    names = ["ismcts", "random", "heuristic", "random"]
    print("seed  contract   " + " ".join(f"{n:>9}" for n in names))
    sums = [0.0] * 4
    for seed in range(args.seed, args.seed + args.deals):
        contract, points = play_deal(game, seed, searcher, bots)
        sums = [a + b for a, b in zip(sums, points)]
        print(f"{seed:4}  {contract:10} " + " ".join(f"{p:9.0f}" for p in points))
    print("sum   " + " " * 10 + " " + " ".join(f"{s:9.0f}" for s in sums))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
