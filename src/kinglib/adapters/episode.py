"""The episodes of the scalar environments: how they are dealt, where they end, what they pay.

- :func:`check_deals` and :func:`episode_over`: an episode is the match, or its first
  ``deals`` deals;
- :class:`Episodes` deals an episode from its seed: the match of that seed
  (``dealing="kinglib"``, :meth:`Rules.new_match`), or one deal dealt by the hashed dealing
  of the batched environments (``dealing="hashed"``, :func:`kinglib.adapters.draws.hashed_deal`);
  with ``contract=`` every episode is a single deal of that contract;
- :class:`Opponents` plays the seats that do not learn: kinglib bots, or the batch's players
  by name (``"random"``: :func:`kinglib.adapters.draws.random_pick`; ``"greedy"``:
  :class:`kinglib.players.playouts.Playout`'s greedy moves);
- :class:`Rewards` gives each seat its reward of a move (:mod:`kinglib.adapters.rewards`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from kinglib.adapters.actions import ActionSpace
from kinglib.adapters.draws import hashed_deal, random_pick
from kinglib.adapters.policies import OPPONENTS
from kinglib.adapters.rewards import check_reward, margins, trick_points
from kinglib.engine.rules import Rules
from kinglib.engine.state import State
from kinglib.players.bots import Bot, HeuristicBot
from kinglib.players.playouts import Playout
from kinglib.values.cards import CardSet, Suit
from kinglib.values.contracts import Contract
from kinglib.values.errors import RulesError

__all__ = ["DEALINGS", "Episodes", "Opponents", "Rewards", "check_deals", "episode_over"]

#: The ways an episode is dealt from its seed.
DEALINGS = ("kinglib", "hashed")
_MASK64 = (1 << 64) - 1


def check_deals(deals: int) -> int:
    """``deals`` if it is 0 (the whole match) or more; else :class:`~kinglib.RulesError`."""
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise RulesError(f"deals must be 0 (the whole match) or more, not {deals!r}")
    return deals


def episode_over(state: State, deals: int) -> bool:
    """Whether the match is over, or (``deals`` > 0) that many deals have been played."""
    return state.is_over or (deals > 0 and len(state.results) >= deals)


class Episodes:
    """How the episodes of an environment are dealt (see the module's docstring).

    Args:
        rules: the rules played.
        deals: the deals of an episode (0: the whole match).
        dealing: ``"kinglib"`` or ``"hashed"``.
        contract: play single deals of this contract (``None``: the match's own deals).
        trump: the trump of a single deal of a trump round.

    Raises :class:`~kinglib.RulesError` for an unknown dealing or contract, and for the hashed
    dealing of more than one deal.

    """

    def __init__(
        self,
        rules: Rules,
        deals: int = 0,
        dealing: str = "kinglib",
        contract: str | None = None,
        trump: Suit | str | None = None,
    ) -> None:
        """Check and keep the settings."""
        if dealing not in DEALINGS:
            raise RulesError(f"unknown dealing {dealing!r}: the dealings are {', '.join(DEALINGS)}")
        if contract is not None and contract not in rules.contracts:
            raise RulesError(
                f"{rules.variant} has no contract {contract!r}: {', '.join(rules.contracts)}"
            )
        deals = check_deals(deals)
        single = contract is not None or dealing == "hashed"
        if single and deals != 1:
            if deals == 0 and contract is not None:
                deals = 1
            else:
                raise RulesError(
                    "single deals (a contract, or the hashed dealing) are episodes of one deal: "
                    f"deals=1, not {deals}"
                )
        self.rules = rules
        self.deals = deals
        self.dealing = dealing
        self.contract = contract
        self.trump = trump
        self._pack = [c.mask for c in rules.deck]

    def start(self, seed: int) -> State:
        """The first state of the episode of ``seed``."""
        rules = self.rules
        if self.contract is None and self.dealing == "kinglib":
            return rules.new_match(seed=seed)
        dealer = rules.dealer_for(1)
        contract = self.contract or rules.schedule.contract_for(1)
        piles: dict[str, CardSet] = {}
        if self.dealing == "hashed":
            hands = [
                CardSet.from_mask(m)
                for m in hashed_deal(seed & _MASK64, 1, self._pack, rules.players)
            ]
        else:
            dealt = rules.deal(dealer, rules.rng(seed, 1))
            hands = list(dealt.hands)
            piles = dict(dealt.piles)
        return rules.new_deal(
            contract,
            hands,
            dealer,
            widow=piles.get("widow"),
            stock=piles.get("stock"),
            kitty=piles.get("kitty"),
            trump=self.trump,
        )

    def over(self, state: State) -> bool:
        """Whether the episode has ended at ``state``."""
        return episode_over(state, self.deals)


class Opponents:
    """The players of the seats that do not learn.

    Args:
        rules: the rules played.
        seats: the seats they play, in order.
        players: ``None`` (a :class:`~kinglib.players.heuristic.HeuristicBot` each), a name of
            :data:`~kinglib.adapters.policies.OPPONENTS` for all, or one bot or name per seat.
        actions: the numbering of the moves.

    """

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[int],
        players: str | Sequence[Bot | str] | None,
        actions: ActionSpace,
    ) -> None:
        """Check and keep the players."""
        chosen: list[Bot | str]
        if players is None:
            chosen = [HeuristicBot() for _ in seats]
        elif isinstance(players, str):
            chosen = [players] * len(seats)
        else:
            chosen = list(players)
        if len(chosen) != len(seats):
            raise RulesError(
                f"opponents: one bot for each of the {len(seats)} other seats, not {len(chosen)}"
            )
        for found in chosen:
            if isinstance(found, str) and found not in OPPONENTS:
                raise RulesError(
                    f"unknown opponent {found!r}: by name, the opponents are {', '.join(OPPONENTS)}"
                )
        self.players: dict[int, Bot | str] = dict(zip(seats, chosen))
        self.actions = actions
        self._greedy = Playout(rules, "greedy")
        self._unused = random.Random(0)

    def move(self, state: State, seat: int, seed: int, moves: int) -> Any:
        """The move of ``seat`` in ``state``; ``moves`` made so far in the deal of ``seed``."""
        player = self.players[seat]
        if player == "random":
            legal = self.actions.actions(state.legal_moves())
            k = random_pick(seed & _MASK64, state.deal_number, moves, len(legal))
            return self.actions.move(legal[k])
        if player == "greedy":
            return self._greedy.move(state, self._unused)
        assert not isinstance(player, str)
        return player.choose_move(state.view(seat))


class Rewards:
    """Each seat's reward of a move (see :mod:`kinglib.adapters.rewards`)."""

    def __init__(self, rules: Rules, reward: str = "deal") -> None:
        """Check and keep the reward scheme."""
        self.rules = rules
        self.reward = check_reward(reward)
        self._given = [0] * rules.players

    def start(self) -> None:
        """Forget the tricks rewarded so far (a new episode)."""
        self._given = [0] * self.rules.players

    def trick(self, contract: Contract, number: int, cards: int, winner: int) -> list[float]:
        """Every seat's reward of trick ``number`` (from 0) of ``cards``, won by ``winner``.

        Only the ``"trick"`` scheme pays it; the others give 0s.
        """
        out = [0.0] * self.rules.players
        if self.reward == "trick":
            points = trick_points(contract, number, cards)
            out[winner] = float(points)
            self._given[winner] += points
        return out

    def deal_end(self, totals: Sequence[int], after: State, ended: bool) -> list[float]:
        """Every seat's reward when a deal ends: ``totals`` before it, ``after`` the state after.

        ``ended`` says whether the episode ends with it.
        """
        n = self.rules.players
        out = [0.0] * n
        if self.reward == "deal":
            out = [float(after.totals[s] - totals[s]) for s in range(n)]
        elif self.reward == "trick":
            # What the deal's tricks did not give.
            out = [float(after.totals[s] - totals[s] - self._given[s]) for s in range(n)]
            self._given = [0] * n
        elif ended:
            out = [float(value) for value in margins(after.totals)]
        return out

    def of(self, before: State, after: State, ended: bool) -> list[float]:
        """Every seat's reward of the move from ``before`` to ``after``."""
        n = self.rules.players
        finished = len(after.results) > len(before.results) or (
            after.is_over and not before.is_over
        )
        out = [0.0] * n
        contract = before.contract_info
        if not finished and len(after.tricks) > len(before.tricks) and contract is not None:
            trick = after.tricks[-1]
            out = self.trick(contract, len(after.tricks) - 1, trick.cards.mask, trick.winner)
        if finished or (self.reward == "deal" and after.totals != before.totals):
            return self.deal_end(before.totals, after, ended)
        if ended and self.reward == "margin":
            return [float(value) for value in margins(after.totals)]
        return out
