"""Scripted people for the ``--human`` tests: what they type, and the match it gives.

A policy looks at the human seat's view and returns the lines to type: any bad lines first,
then the line of the move. :func:`script` plays the match in process the way ``kinglib play
--human SEAT`` does (HeuristicBots elsewhere) and returns every line typed, the final state
and the phases the human was asked about.
"""

from __future__ import annotations

from collections.abc import Callable

import kinglib
from kinglib.bots import HeuristicBot
from kinglib.human import read_move
from kinglib.state import Phase
from kinglib.view import View

#: view -> lines to type (the last must be a legal move; those before are refused).
Policy = Callable[[View], list[str]]


def script(
    rules: kinglib.Rules, seed: int, human: int, policy: Policy
) -> tuple[list[str], kinglib.State, list[Phase]]:
    """The lines a person following ``policy`` types in a whole match, and how it ends."""
    bot = HeuristicBot()
    state = rules.new_match(seed=seed)
    lines: list[str] = []
    asked: list[Phase] = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        if seat == human:
            typed = policy(view)
            for bad in typed[:-1]:
                try:
                    read_move(bad, state)
                except ValueError:
                    pass
                else:
                    raise AssertionError(f"{bad!r} was meant to be refused")
            move = read_move(typed[-1], state)
            lines += typed
            asked.append(view.phase)
        else:
            move = bot.choose_move(view)
        state = state.apply(move)
    return lines, state, asked


def first(view: View) -> list[str]:
    """Always the first move in the list."""
    return ["1"]
