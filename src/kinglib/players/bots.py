"""Bots: players that see only a :class:`~kinglib.engine.view.View` and answer with a move.

* :class:`Bot` is the protocol: ``choose_move(view) -> Move``, and an optional ``name``.
* :class:`RandomBot` plays a uniformly random legal move from its own generator.
* :class:`HeuristicBot` (from :mod:`kinglib.players.heuristic`) plays the contract the way a
  careful table player does, from what its view shows.
* :class:`SearchBot` (from :mod:`kinglib.players.search`) samples the hidden cards and plays
  each legal move out.

A bot never receives the state, so it cannot see another seat's cards.
"""

from __future__ import annotations

import random
from typing import Protocol, runtime_checkable

from kinglib.engine.view import View
from kinglib.players.heuristic import HeuristicBot
from kinglib.players.search import SearchBot
from kinglib.values.moves import Move

__all__ = ["Bot", "HeuristicBot", "RandomBot", "SearchBot", "bot_name"]


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose_move(view) -> Move``; a ``name`` attribute is optional.

    The move must be one of ``view.legal_moves``.
    """

    def choose_move(self, view: View) -> Move:
        """The move to make in the position ``view`` shows (one of ``view.legal_moves``)."""
        ...


def bot_name(bot: object) -> str:
    """A bot's ``name``, or its class name when it has none."""
    name = getattr(bot, "name", None)
    return str(name) if name else type(bot).__name__


class RandomBot:
    """A uniformly random legal move, drawn from the bot's own generator.

    Args:
        seed: the seed of the bot's :class:`random.Random`; the same seed and the same views
            give the same moves.

    """

    def __init__(self, seed: int | None = 0, name: str = "random") -> None:
        """Seed the bot's generator."""
        self.seed = seed
        self.name = name
        self._rng = random.Random(seed)

    def choose_move(self, view: View) -> Move:
        """Any legal move, uniformly at random."""
        moves = view.legal_moves
        if not moves:
            raise ValueError(f"seat {view.seat} has no move to make: it is not its turn")
        return self._rng.choice(moves)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r})"
