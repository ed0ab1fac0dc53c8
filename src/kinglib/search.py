"""A bot that searches: :class:`SearchBot`, perfect-information Monte Carlo over sampled worlds.

For each decision the bot deals the cards it cannot see at random, consistently with its view
(:meth:`~kinglib.view.View.sample`), a number of times (the *worlds*). In every world it tries
each legal move and plays the rest of the deal out with random legal moves (the *playouts*),
and it makes the move whose playouts scored best for its seat on average. Every world and
every playout is shared by all the moves (common random numbers), so the moves are compared on
the same deals.

The bot sees only its view: the worlds come from the view alone. Its generator is seeded from
its seed and the view, so the same seed and budget give the same move for the same view.
"""

from __future__ import annotations

import hashlib
import json
import random

from kinglib.moves import Move
from kinglib.state import State
from kinglib.view import View

__all__ = ["SearchBot"]


def _view_key(view: View) -> str:
    """A digest of everything the view shows (the bot's generator is seeded from it)."""
    text = json.dumps(view.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _deal_points(state: State, seat: int, deal_number: int, rng: random.Random) -> int:
    """Play the rest of the deal at random; the points ``seat`` scores in it."""
    choice = rng.choice
    while not state.is_over and state.deal_number == deal_number:
        state = state.apply(choice(state.legal_moves()))
    results = state.results
    return results[deal_number - 1].points[seat] if len(results) >= deal_number else 0


class SearchBot:
    """Decides by sampling worlds from its view and playing each legal move out in them.

    Args:
        seed: the seed of the bot's generators; with the same seed and budget, the same view
            always gets the same move.
        worlds: how many worlds are sampled per decision.
        playouts: how many random playouts each move gets in each world.
        name: the bot's name in tables and records.

    A decision costs ``worlds * playouts * len(view.legal_moves)`` playouts to the end of the
    deal; a single legal move is made at once. The score of a playout is the seat's points in
    the current deal, so choices whose effect reaches later deals (which contract to choose
    now) are judged by the deal at hand.

    """

    def __init__(self, seed: int = 0, *, worlds: int = 24, playouts: int = 1, name: str = "search"):
        """Set the seed and the budget."""
        if worlds < 1 or playouts < 1:
            raise ValueError(f"worlds and playouts are at least 1, not {worlds} and {playouts}")
        self.seed = seed
        self.worlds = worlds
        self.playouts = playouts
        self.name = name

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed!r}, worlds={self.worlds}, playouts={self.playouts})"

    def choose_move(self, view: View) -> Move:
        """The legal move with the best mean score over the sampled worlds."""
        moves = view.legal_moves
        if not moves:
            raise ValueError(f"seat {view.seat} has no move to make: it is not its turn")
        if len(moves) == 1:
            return moves[0]
        rng = random.Random(f"kinglib-search/{self.seed}/{_view_key(view)}")
        scores = self.scores(view, rng)
        best = max(range(len(moves)), key=scores.__getitem__)
        return moves[best]

    def scores(self, view: View, rng: random.Random) -> list[float]:
        """The mean deal score of each of ``view.legal_moves`` over the sampled worlds."""
        moves = view.legal_moves
        seat = view.seat
        deal = view.deal_number
        totals = [0.0] * len(moves)
        for _ in range(self.worlds):
            world = view.sample(rng)
            for _ in range(self.playouts):
                seed = rng.getrandbits(64)
                for i, move in enumerate(moves):
                    after = world.apply(move)
                    totals[i] += _deal_points(after, seat, deal, random.Random(seed))
        runs = self.worlds * self.playouts
        return [t / runs for t in totals]
