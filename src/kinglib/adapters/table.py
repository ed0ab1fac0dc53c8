"""The table as plain text, for the environments' ``render_mode="ansi"``: :func:`table_text`."""

from __future__ import annotations

from kinglib.engine.state import State

__all__ = ["table_text"]


def table_text(state: State) -> str:
    """Every seat's hand, the trick on the table, the contract and the totals, one per line.

    This is a spectator's picture (every hand shown), for watching and debugging an
    environment; agents observe only their own view.
    """
    trump = "" if state.trump is None else f", trump {state.trump}"
    lines = [
        f"{state.rules.variant} deal {state.deal_number}: {state.contract or '-'}{trump}, "
        f"{state.phase.value}" + ("" if state.to_move is None else f", seat {state.to_move}")
    ]
    for seat in range(state.players):
        marker = ">" if seat == state.to_move else " "
        lines.append(f"{marker} seat {seat}: {state.hand(seat)}")
    trick = " ".join(f"{seat}:{card}" for seat, card in state.trick)
    lines.append(f"  trick: {trick or '-'}")
    lines.append("  totals: " + " ".join(str(t) for t in state.totals))
    return "\n".join(lines)
