"""The replay page's data: every step of a record, with all the hands (the match is over).

A record is checked with :func:`kinglib.from_json` (which replays it), then replayed again
from its first state, one move at a time, with :func:`kinglib.parse_move` and
:meth:`kinglib.State.apply`.
"""

from __future__ import annotations

import json
from typing import Any

from kinglib import State, from_json, parse_move
from kinglib.web.protocol import contract_label, move_entry, score_sheet

__all__ = ["MAX_RECORD_CHARS", "replay_steps"]

#: The longest record the replay page reads.
MAX_RECORD_CHARS = 4_000_000


def _step(state: State, seat: int | None, move: str | None) -> dict[str, Any]:
    return {
        "seat": seat,
        "move": move,
        "deal_number": state.deal_number,
        "phase": state.phase.value,
        "contract": contract_label(state.rules, state.contract, state.trump),
        "to_move": state.to_move,
        "hands": [str(state.hand(s)) for s in range(state.rules.players)],
        "trick": [[s, str(c)] for s, c in state.trick],
        "totals": list(state.totals),
    }


def replay_steps(text: str) -> dict[str, Any]:
    """The steps of a record: the first state and one step after each move, and the sheet.

    Raises :class:`kinglib.RecordError` for a record that does not replay. It takes a while
    for a long record: the server calls it in a worker thread.
    """
    final = from_json(text)
    data = json.loads(text)
    moves: list[str] = data["moves"]
    state = from_json(json.dumps({**data, "moves": []}))
    steps = [_step(state, None, None)]
    for move_text in moves:
        seat = state.to_move
        move = parse_move(move_text, state)
        state = state.apply(move)
        label = move_entry(move, state.rules)["label"] if seat is not None else move_text
        steps.append(_step(state, seat, label))
    rules = final.rules
    return {
        "variant": rules.variant,
        "players": rules.players,
        "steps": steps,
        "sheet": score_sheet(rules, final.results, final.winners, totals=final.totals),
        "winners": list(final.winners),
    }
