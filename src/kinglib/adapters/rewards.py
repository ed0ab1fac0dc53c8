"""What the environments reward: a deal's points, a trick's, or the match's final margin.

``reward=`` of every environment is one of :data:`REWARDS`:

``"deal"`` (the default)
    each seat's points of a deal, when the deal ends: the change of its total.
``"trick"``
    each trick's points to its winner as the trick ends (the trick's value and the prices of
    its cards in the contract), and at the end of the deal whatever of the deal's points the
    tricks did not give (nothing, for a deal scored by its contract's prices): an episode's
    rewards still add up to the totals, sooner.
``"margin"``
    nothing until the episode ends, then the seat's total minus the best total of the other
    seats: positive for a win, negative for a loss.
"""

from __future__ import annotations

from collections.abc import Sequence

from kinglib.values.contracts import Contract
from kinglib.values.errors import RulesError

__all__ = ["REWARDS", "check_reward", "margins", "trick_points"]

#: The reward schemes, by name.
REWARDS: tuple[str, ...] = ("deal", "trick", "margin")


def check_reward(reward: str) -> str:
    """``reward`` if it is one of :data:`REWARDS`, else :class:`~kinglib.RulesError`."""
    if reward not in REWARDS:
        raise RulesError(f"unknown reward {reward!r}: the rewards are {', '.join(REWARDS)}")
    return reward


def trick_points(contract: Contract, number: int, cards: int) -> int:
    """The points of trick ``number`` (from 0) holding the cards ``cards`` in ``contract``."""
    value = contract.trick_values[number] if number < len(contract.trick_values) else 0
    return value + contract.card_points(cards)


def margins(totals: Sequence[int]) -> list[int]:
    """Each seat's total minus the best total of the other seats."""
    out = []
    for seat, total in enumerate(totals):
        others = [t for s, t in enumerate(totals) if s != seat]
        out.append(total - max(others) if others else total)
    return out
