"""A match of random players, played without views: :func:`random_match`.

:func:`kinglib.simulate` with its default random bots spends most of its time building the
views the bots look at and re-checking the moves they return. A
:class:`~kinglib.bots.RandomBot` needs neither: it draws one of the legal moves with
``rng.choice``. :func:`random_match` draws the same move from the same generator and hands it
straight to the phase's unchecked ``apply``, so it reaches the very state that
:func:`kinglib.play` reaches with ``RandomBot(game_seed(seed, seat))`` in every seat.

In a phase ruled by a :class:`~kinglib.tricks.TrickPlay` whose ``legal_moves`` is the stock one
(the cards of ``legal_mask`` in display order), the move is picked straight from the mask: the
generator draws an index below the number of legal cards exactly as ``choice`` does, and the
card is the set bit of that rank, lowest first, so no tuple of moves is built.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from kinglib.moves import Move
from kinglib.rules import Rules
from kinglib.seeding import game_seed
from kinglib.state import Phase, State
from kinglib.tricks import PLAYS, TrickPlay

__all__ = ["random_match"]


def _mask_pickers(rules: Rules) -> dict[Phase, Callable[[State], int]]:
    """The phases whose legal moves are the plain cards of a ``legal_mask``, by phase."""
    if rules.legal_moves_filter is not None:
        return {}
    pickers: dict[Phase, Callable[[State], int]] = {}
    for phase, phase_rules in rules.phases.items():
        if isinstance(phase_rules, TrickPlay) and (
            type(phase_rules).legal_moves is TrickPlay.legal_moves
        ):
            pickers[phase] = phase_rules.legal_mask
    return pickers


def random_match(rules: Rules, seed: int = 0) -> State:
    """Play a match of ``rules`` dealt from ``seed`` by random players; return the final state.

    Seat ``s`` draws from ``random.Random(game_seed(seed, s))``: the final state equals
    ``kinglib.play(rules, [RandomBot(game_seed(seed, s)) for s in seats], seed)``, move for
    move, at a fraction of the cost (no views, no second legality check). House rules that
    restrict the legal moves are applied as :meth:`State.legal_moves` applies them.
    """
    players = rules.players
    draws = [random.Random(game_seed(seed, seat)) for seat in range(players)]
    choices = [rng.choice for rng in draws]
    # choice(seq) is seq[_randbelow(len(seq))] in CPython; randrange(n) draws the same.
    belows: list[Callable[[int], int]] = [
        getattr(rng, "_randbelow", rng.randrange) for rng in draws
    ]
    phases = rules.phases
    pickers = _mask_pickers(rules)
    house = rules.legal_moves_filter
    plays = PLAYS
    over = Phase.OVER
    state = rules.new_match(seed=seed)
    # The phase rarely changes from one move to the next: look its rules up only when it does.
    phase = state.phase
    phase_rules = phases[phase] if phase is not over else None
    legal_mask = pickers.get(phase)
    while phase is not over:
        seat = state.to_move
        assert seat is not None and phase_rules is not None
        move: Move
        if legal_mask is not None:
            mask = legal_mask(state)
            # The index choice() would draw from the n legal moves; then skip that many cards.
            for _ in range(belows[seat](mask.bit_count())):
                mask &= mask - 1
            move = plays[(mask & -mask).bit_length() - 1]
        else:
            moves = phase_rules.legal_moves(state)
            if house is not None:
                moves = house(state, moves)
            move = choices[seat](moves)
        state = phase_rules.apply(state, move)
        if state.phase is not phase:
            phase = state.phase
            if phase is not over:
                phase_rules = phases[phase]
                legal_mask = pickers.get(phase)
    return state
