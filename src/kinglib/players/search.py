"""A bot that searches: :class:`SearchBot`, perfect-information Monte Carlo over sampled worlds.

For each decision the bot deals the cards it cannot see at random, consistently with its view
(:meth:`~kinglib.engine.view.View.sample`), a number of times (the *worlds*). In every world it
tries each legal move and plays the rest of the deal out (the *playouts*,
:mod:`kinglib.players.playouts`):
by default every seat plays as a sensible player would, the card play running in the trick
kernel; or at random. It makes the move whose playouts scored best for its seat on average.
Every world and every playout is shared by all the moves (common random numbers), so the moves
are compared on the same deals.

The bot sees only its view: the worlds come from the view alone. Its generator is seeded from
its seed and the view, so the same seed and budget give the same move for the same view.
"""

from __future__ import annotations

import hashlib
import json
import random

from kinglib.engine.rules import Rules
from kinglib.engine.view import View
from kinglib.players.playouts import PLAYOUT_KINDS, Playout
from kinglib.values.moves import Move

__all__ = ["SearchBot"]


def _view_key(view: View) -> str:
    """A digest of everything the view shows (the bot's generator is seeded from it)."""
    text = json.dumps(view.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class SearchBot:
    """Decides by sampling worlds from its view and playing each legal move out in them.

    Args:
        seed: the seed of the bot's generators; with the same seed and budget, the same view
            always gets the same move.
        worlds: how many worlds are sampled per decision.
        playouts: how many playouts each move gets in each world (more than one is useful
            only with random playouts: the greedy players always play the same way).
        playout: how the playouts play: ``"greedy"`` (sensible players, the default) or
            ``"random"`` (random legal moves).
        name: the bot's name in tables and records.

    A decision costs ``worlds * playouts * len(view.legal_moves)`` playouts to the end of the
    deal; a single legal move is made at once. The score of a playout is the seat's points in
    the current deal, so choices whose effect reaches later deals (which contract to choose
    now) are judged by the deal at hand.

    Raises:
        ValueError: a budget below 1 or an unknown ``playout``.

    """

    def __init__(
        self,
        seed: int = 0,
        *,
        worlds: int = 24,
        playouts: int = 1,
        playout: str = "greedy",
        name: str = "search",
    ):
        """Set the seed and the budget."""
        if worlds < 1 or playouts < 1:
            raise ValueError(f"worlds and playouts are at least 1, not {worlds} and {playouts}")
        if playout not in PLAYOUT_KINDS:
            raise ValueError(
                f"unknown playout {playout!r}: the playouts are {', '.join(PLAYOUT_KINDS)}"
            )
        self.seed = seed
        self.worlds = worlds
        self.playouts = playouts
        self.playout = playout
        self.name = name
        self._playouts: dict[int, Playout] = {}

    def __repr__(self) -> str:
        return (
            f"SearchBot(seed={self.seed!r}, worlds={self.worlds}, playouts={self.playouts},"
            f" playout={self.playout!r})"
        )

    def _playout_of(self, rules: Rules) -> Playout:
        """The playouts of ``rules`` (prepared once per rules object)."""
        found = self._playouts.get(id(rules))
        if found is None or found.rules is not rules:
            found = self._playouts[id(rules)] = Playout(rules, self.playout)
        return found

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
        totals = [0.0] * len(moves)
        playout: Playout | None = None
        for _ in range(self.worlds):
            world = view.sample(rng)
            if playout is None:
                playout = self._playout_of(world.rules)
            for _ in range(self.playouts):
                seed = rng.getrandbits(64)
                for i, move in enumerate(moves):
                    after = world.apply(move)
                    totals[i] += playout.points(after, seat, random.Random(seed))
        runs = self.worlds * self.playouts
        return [t / runs for t in totals]
