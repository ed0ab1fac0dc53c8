"""Many games at once as one Gymnasium vector environment (extra ``kinglib[rl]``).

::

    import numpy as np
    from kinglib.adapters import vector

    env = vector.env("simple", num_envs=256, seat=0, opponents="random", seed=0, deals=1)
    observations, infos = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(100):
        masks = infos["action_mask"]                     # (256, n_actions) bool
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        observations, rewards, terminated, truncated, infos = env.step(actions)

:func:`env` steps ``num_envs`` games of the learning ``seat`` at once: each step plays every
game's action for the seat, then the other seats' cards (``opponents``: ``"random"``, the
greedy player of :mod:`kinglib.players.playouts`, or one name per other seat) until the seat is to
play again in each game. A game whose episode ends is reset in place: by default in Gymnasium's
next-step mode (its row is the observation the episode ended on, with an all-false mask, and the
next step starts its next episode without playing its action), or with ``autoreset="same_step"`` in
the step it ends (its row is the next episode's first observation, and ``infos["final_obs"]`` holds
the one it ended on, where ``infos["_final_obs"]``). :func:`selfplay` is the same batch with every
seat learning: each step plays the move of the seat to play in each game (``infos["to_move"]``), and
the rewards are an array ``(num_envs, players)``, every seat's at once.

The games' state is kept as integer arrays (``uint64`` masks, one per hand, pile and trick) and
every card is decided by the trick kernel's rules over the batch
(:mod:`kinglib.adapters.batch_rules`, checked against :mod:`kinglib.engine.kernel` by a differential
test). The observations have the layout of :class:`~kinglib.adapters.observation.Observation`
(the same vector the scalar environments give) and the actions are numbered by
:class:`~kinglib.adapters.actions.ActionSpace`.

An episode is ``deals`` deals (0: the whole match). The deals are dealt by the hashed dealing of
:mod:`kinglib.adapters.draws`: the scalar environments with ``dealing="hashed"`` and
``opponents="random"`` (or ``"greedy"``) play exactly the same games for the same seeds; the
seed of each game's episode is in ``infos["seed"]``. ``contract=`` plays single deals of that
contract (a trump round with ``trump=``), dealt evenly.

The batch plays the rules whose deals the kernel plays whole from an even deal of the pack,
scored by the contract's prices: every contract of ``simple`` (and ``three-hand``, and their
house rules that leave dealing and scoring alone), and the whole matches of their schemes
without trump rounds. Other rules are refused with :class:`~kinglib.RulesError` saying why.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

import kinglib
from kinglib.adapters import batch_rules as br
from kinglib.adapters.actions import ActionSpace
from kinglib.adapters.draws import (
    episode_seed_batch,
    hashed_deal_batch,
    pick_domains,
    random_pick_batch,
    seed_hash_batch,
)
from kinglib.adapters.episode import check_deals
from kinglib.adapters.observation import Observation
from kinglib.adapters.policies import OPPONENTS, greedy_batch
from kinglib.adapters.rewards import check_reward
from kinglib.engine.random_match import kernel_trick_play
from kinglib.engine.rules import Rules
from kinglib.engine.state import Phase
from kinglib.engine.tricks import deal_rules
from kinglib.values.cards import CardSet, Suit
from kinglib.values.contracts import Contract
from kinglib.values.errors import RulesError

__all__ = ["KingVectorEnv", "batch_problem", "env", "selfplay"]

_U0 = np.uint64(0)
_U1 = np.uint64(1)
_MASK64 = (1 << 64) - 1
# The hooks whose answers the batch knows: kinglib's defaults, and the praise-mode trump
# rounds' (which leave every deal but a praised trump round to the defaults).
_KNOWN = {"kinglib.plugins.defaults", "kinglib.kit.trump_rounds"}
_HOOKS_ANY_DEAL = (
    "kinglib_score_deal",
    "kinglib_view_extra",
    "kinglib_visible_piles",
    "kinglib_legal_moves",
)


def _answered_by(rules: Rules, hook: str) -> set[str]:
    manager = rules.plugin_manager
    caller = getattr(manager.hook, hook, None)
    if caller is None:
        return set()
    return {str(manager.get_name(impl.plugin)) for impl in caller.get_hookimpls()}


def batch_problem(
    rules: Rules, contract: str | None = None, trump: Suit | str | None = None, deals: int = 1
) -> str | None:
    """Why the batch cannot play these episodes of ``rules``, or ``None`` when it can.

    The batch plays deals that the trick kernel plays whole (the stock trick play, no house
    rule filtering the moves), dealt as the plain even deal of the whole pack, opened straight
    into the card play and scored by the contract's prices; a match of a fixed length.
    """
    if kernel_trick_play(rules) is None:
        return f"the kernel does not play the deals of {rules.variant} whole"
    if len(rules.deck) % rules.players:
        return f"the pack of {len(rules.deck)} cards does not divide among {rules.players}"
    if rules.deck.mask >> 52:
        return "the batch plays no jokers"
    if _answered_by(rules, "kinglib_deal") - {"kinglib.plugins.defaults"}:
        return f"{rules.variant} deals its cards its own way (kinglib_deal)"
    if rules.deal_piles:
        piles = ", ".join(sorted(rules.deal_piles))
        return f"{rules.variant} deals its cards its own way (it lays piles aside: {piles})"
    for hook in _HOOKS_ANY_DEAL:
        others = _answered_by(rules, hook) - _KNOWN
        if others:
            return f"{', '.join(sorted(others))} answers {hook}"
    if contract is None:
        if _answered_by(rules, "kinglib_begin_deal") - _KNOWN:
            return f"{rules.variant} opens its deals its own way (kinglib_begin_deal)"
        length = rules.schedule.length
        if length is None:
            return f"a match of {rules.variant} has no fixed length"
        count = deals or length
        for number in range(1, min(count, length) + 1):
            cid = rules.schedule.contract_for(number)
            found = rules.contracts.get(cid)
            if found is None:
                return f"deal {number} of {rules.variant} is chosen during the deal ({cid!r})"
            if found.trump_round:
                return f"deal {number} of {rules.variant} is a trump round ({cid}): declared"
        if not deals or deals > 1:
            if _answered_by(rules, "kinglib_match_over") - {"kinglib.plugins.defaults"}:
                return f"{rules.variant} ends its matches its own way (kinglib_match_over)"
            if _answered_by(rules, "kinglib_match_end"):
                return "a plugin scores the end of the match (kinglib_match_end)"
    else:
        found = rules.contracts.get(contract)
        if found is None:
            return f"{rules.variant} has no contract {contract!r}: {', '.join(rules.contracts)}"
        if found.trick_rules.phase is not None:
            return f"{contract} is played by a phase of its own ({found.trick_rules.phase})"
        if found.trump_round and trump is None:
            return f"{contract} is a trump round: give its trump (trump='S', 'notrump'...)"
        if not found.trump_round and trump is not None:
            return f"{contract} is no trump round: it takes no trump"
    return None


def _trump_of(trump: Suit | str | None) -> Suit | str | None:
    if trump is None or isinstance(trump, Suit):
        return trump
    if trump in ("notrump", "misere"):
        return trump
    try:
        return Suit.parse(trump)
    except ValueError:
        raise RulesError(
            f"trump is a suit (S, H, D, C), 'notrump' or 'misere', not {trump!r}"
        ) from None


def _suit_runs(indices: Sequence[int]) -> list[tuple[np.uint64, np.uint64, np.uint64]] | None:
    """``(shift, mask, place)`` of each suit's run of cards, when each suit's are a run.

    With the pack in display order, a mask's cards then gather into its low ``D`` bits as
    ``sum(((mask >> shift) & mask_of_run) << place)``; ``None`` when a suit's cards are not
    consecutive bits.
    """
    runs = []
    place = 0
    for suit in range(4):
        mine = [i for i in indices if i // 13 == suit]
        if not mine:
            continue
        if mine != list(range(mine[0], mine[0] + len(mine))):
            return None
        runs.append((np.uint64(mine[0]), np.uint64((1 << len(mine)) - 1), np.uint64(place)))
        place += len(mine)
    return runs


class _Rows:
    """The deals an environment can play: one row per contract, trump and maker, as arrays.

    Each play (a contract with its trump) is opened by the engine once for every dealer
    (:meth:`Rules.new_deal`), which says who makes the deal and who leads it.
    """

    def __init__(self, rules: Rules, plays: Sequence[tuple[Contract, Suit | str | None]]) -> None:
        n = rules.players
        tricks = len(rules.deck) // n
        cards = list(rules.deck)  # any even deal: the opening reads no card
        size = len(cards) // n
        hands = [sum(c.mask for c in cards[s * size : (s + 1) * size]) for s in range(n)]
        rows: list[tuple[Contract, Suit | str | None, int | None]] = []
        self.row = np.zeros((len(plays), n), np.int64)
        self.leader = np.zeros((len(plays), n), np.int64)
        for number, (contract, trump) in enumerate(plays):
            for dealer in range(n):
                opened = rules.new_deal(
                    contract.id,
                    [CardSet.from_mask(h) for h in hands],
                    dealer,
                    trump=trump,
                )
                if opened.phase is not Phase.PLAY or opened.contract_info != contract:
                    raise RulesError(
                        f"the batched environment cannot play this: a deal of {contract.id} "
                        f"opens in the {opened.phase.value} phase, not straight into the play"
                    )
                key = (contract, trump, opened.maker)
                if key not in rows:
                    rows.append(key)
                self.row[number, dealer] = rows.index(key)
                assert opened.to_move is not None
                self.leader[number, dealer] = opened.to_move
        groups = max([len(c.card_values) for c, _, _ in rows] + [1])
        self.count = len(rows)
        self.kernel = br.BatchRules.of([deal_rules(rules, c, t, m) for c, t, m in rows])
        numbers = Observation(rules)
        self.contract_number = np.array(
            [numbers.contract_numbers[c.id] for c, _, _ in rows], np.int64
        )
        self.trump_number = np.array(
            [-1 if (p := Observation.trump_number(t)) is None else p for _, t, _ in rows],
            np.int64,
        )
        self.maker = np.array([-1 if m is None else m for _, _, m in rows], np.int64)
        # The places of the 1 of the one-hot fields (the phase's place for none).
        at = numbers.start
        phase = at("phase") + numbers.phase_number(Phase.PLAY)
        self.play_place = phase
        self.maker_place = np.where(self.maker >= 0, at("maker") + self.maker, phase)
        self.contract_place = at("contract") + self.contract_number
        self.trump_place = np.where(self.trump_number >= 0, at("trump") + self.trump_number, phase)
        self.positive = np.array([c.trump_round or c.sign > 0 for c, _, _ in rows], np.bool_)
        self.tricks = tricks + 1
        self.trick_values = np.zeros((len(rows), tricks + 1), np.int64)
        self.group_masks = np.zeros((len(rows), groups), np.uint64)
        self.group_values = np.zeros((len(rows), groups), np.int64)
        for row, (contract, _, _) in enumerate(rows):
            values = contract.trick_values[:tricks]
            self.trick_values[row, : len(values)] = values
            for k, (mask, value) in enumerate(contract.card_values):
                self.group_masks[row, k] = mask
                self.group_values[row, k] = value
        self.trick_values_flat = self.trick_values.reshape(-1)


class KingVectorEnv(gymnasium.vector.VectorEnv[Any, Any, Any]):
    """``num_envs`` games of one rules object, stepped at once (see the module's docstring)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012 (read by Gymnasium)

    def __init__(
        self,
        variant: str | Rules = "simple",
        num_envs: int = 256,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        seed: int = 0,
        deals: int = 1,
        contract: str | None = None,
        trump: Suit | str | None = None,
        reward: str = "deal",
        illegal_reward: float = -1.0,
        learners: str = "seat",
        autoreset: str = "next_step",
        **options: Any,
    ) -> None:
        """A batch of ``num_envs`` games of ``variant`` (a name or a Rules object)."""
        if isinstance(variant, Rules):
            if options:
                raise RulesError(f"options {sorted(options)} given with a Rules object")
            rules = variant
        else:
            rules = kinglib.load_rules(variant, **options)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise RulesError(f"num_envs is a whole number from 1, not {num_envs!r}")
        n = rules.players
        self.selfplay = learners == "all"
        if learners not in ("seat", "all"):
            raise RulesError(f"learners is 'seat' or 'all', not {learners!r}")
        if not self.selfplay and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n
        ):
            raise RulesError(f"seat must be 0 to {n - 1}, not {seat!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(f"a seed is a whole number, not {seed!r}")
        self.deals = check_deals(deals)
        self.reward = check_reward(reward)
        modes = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}
        if autoreset not in modes:
            raise RulesError(f"autoreset is 'next_step' or 'same_step', not {autoreset!r}")
        self.metadata = {"autoreset_mode": modes[autoreset]}
        self._same_step = autoreset == "same_step"
        trump = _trump_of(trump)
        problem = batch_problem(rules, contract, trump, self.deals)
        if problem is not None:
            raise RulesError(f"the batched environment cannot play this: {problem}")
        self.rules = rules
        self.seat = seat
        self.num_envs = num_envs
        self.illegal_reward = float(illegal_reward)
        self.contract = contract
        self.trump = trump
        self._policies = self._opponents(opponents, n)
        self.opponents = tuple(self._policies)
        self.encoder = Observation(rules)
        self.actions = ActionSpace(rules)
        pack = list(rules.deck)
        self._pack = np.array([c.mask for c in pack], np.uint64)
        self._pack_index = np.array([c.index for c in pack], np.int64)
        d = len(pack)
        # The place of each card index in a card field; index 64 (no card) has the spare one.
        slot = np.full(65, d, np.int64)
        for i, card in enumerate(pack):
            slot[card.index] = i
        self._slot_of_index = slot
        self._runs = _suit_runs([c.index for c in pack])
        self._size = d
        # The deals an episode plays, as rows of a table.
        if contract is not None:
            plays = [(rules.contracts[contract], trump)]
            self._row_of_deal = np.zeros(2, np.int64)
            self._episode_deals = 1
        else:
            length = rules.schedule.length
            assert length is not None
            count = min(self.deals or length, length)
            ids = [rules.schedule.contract_for(k) for k in range(1, count + 1)]
            distinct = list(dict.fromkeys(ids))
            plays = [(rules.contracts[c], None) for c in distinct]
            self._row_of_deal = np.array([0] + [distinct.index(c) for c in ids], np.int64)
            self._episode_deals = count
        self._rows = _Rows(rules, plays)
        self._any_early_end = bool(self._rows.kernel.early_end.any())
        self._dealer_of_deal = np.array(
            [0] + [rules.dealer_for(k) for k in range(1, self._episode_deals + 1)], np.int64
        )
        self.single_action_space = spaces.Discrete(len(self.actions))
        self.action_space = batch_space(self.single_action_space, num_envs)
        low = np.array(self.encoder.low, np.float32)
        high = np.array(self.encoder.high, np.float32)
        self.single_observation_space = spaces.Box(low, high, dtype=np.float32)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self._seed = seed & _MASK64
        self._allocate()
        self._ready = False

    # ------------------------------------------------------------------ set-up

    def _opponents(self, opponents: str | Sequence[str], n: int) -> dict[int, str]:
        others = [] if self.selfplay else [s for s in range(n) if s != self.seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise RulesError(
                f"opponents: one name for each of the {len(others)} other seats, not {len(names)}"
            )
        for name in names:
            if name not in OPPONENTS:
                raise RulesError(
                    f"unknown opponent {name!r}: the batch plays {', '.join(OPPONENTS)}"
                )
        return dict(zip(others, names))

    def _allocate(self) -> None:
        big, n, d = self.num_envs, self.rules.players, self._size
        self._games = np.arange(big)
        self._seeds = np.zeros(big, np.uint64)
        self._seed_hashes = np.zeros(big, np.uint64)
        self._pick_domain = np.zeros(big, np.uint64)
        self._episode = np.zeros(big, np.int64)
        self._deal = np.ones(big, np.int64)
        self._dealer = np.zeros(big, np.int64)
        self._row = np.zeros(big, np.int64)
        self._trick_base = np.zeros(big, np.int64)
        self._hands = np.zeros((big, n), np.uint64)
        self._hands_flat = self._hands.reshape(-1)
        self._played = np.zeros((big, n), np.uint64)
        self._taken = np.zeros((big, n), np.uint64)
        self._taken_flat = self._taken.reshape(-1)
        self._table = np.zeros((big, n), np.uint64)
        self._table_flat = self._table.reshape(-1)
        # The places of each game's first seat and first card in the flat arrays.
        self._seat_base = self._games * n
        self._order_base = self._games * (d + 1)
        self._next_seat = np.array([self.rules.next_seat(s) for s in range(n)], np.int64)
        self._trick = np.zeros(big, np.uint64)
        self._led = np.zeros(big, np.uint64)
        self._leader = np.zeros(big, np.int64)
        self._to_move = np.zeros(big, np.int64)
        self._broken = np.zeros(big, np.uint64)
        self._tricks_done = np.zeros(big, np.int64)
        self._won = np.zeros((big, n), np.int64)
        self._won_flat = self._won.reshape(-1)
        self._order = np.zeros((big, d + 1), np.int64)
        self._order_flat = self._order.reshape(-1)
        self._moves = np.zeros(big, np.int64)
        self._points = np.zeros((big, n), np.int64)
        self._points_flat = self._points.reshape(-1)
        self._totals = np.zeros((big, n), np.int64)
        self._kernel = self._rows.kernel.take(np.zeros(big, np.int64))
        self._rewards = np.zeros((big, n), np.float64)
        self._ended = np.zeros(big, np.bool_)
        self._over = np.zeros(big, np.bool_)
        self._final_obs = np.zeros((big, self.encoder.size), np.float32)
        self._final_totals = np.zeros((big, n), np.int64)

    # ------------------------------------------------------------------ episodes and deals

    def _start_episodes(self, games: npt.NDArray[np.int64]) -> None:
        seeds = episode_seed_batch(self._seed, games, self._episode[games], self.num_envs)
        self._seeds[games] = seeds
        self._seed_hashes[games] = seed_hash_batch(seeds)
        self._episode[games] += 1
        self._totals[games] = 0
        self._start_deals(games, np.ones(len(games), np.int64))

    def _start_deals(self, games: npt.NDArray[np.int64], numbers: npt.NDArray[np.int64]) -> None:
        rules = self.rules
        n = rules.players
        plays = self._row_of_deal[numbers] if self.contract is None else np.zeros_like(numbers)
        dealer = self._dealer_of_deal[numbers]
        rows = self._rows.row[plays, dealer]
        self._deal[games] = numbers
        self._pick_domain[games] = pick_domains(numbers)
        self._row[games] = rows
        self._trick_base[games] = rows * self._rows.tricks
        self._dealer[games] = dealer
        self._hands[games] = hashed_deal_batch(self._seeds[games], numbers, self._pack, n)
        arrays: list[npt.NDArray[Any]] = [self._played, self._taken, self._table, self._won]
        arrays += [self._points, self._trick, self._led, self._broken, self._tricks_done]
        for array in (*arrays, self._moves):
            array[games] = 0
        self._order[games] = 0
        self._kernel.put(games, self._rows.kernel.take(rows))
        leader = self._rows.leader[plays, dealer]
        self._to_move[games] = leader
        self._leader[games] = leader

    # ------------------------------------------------------------------ the rules

    def _legal(self) -> br.Masks:
        """The legal cards of the seat to move in every game."""
        hand = self._hands_flat[self._seat_base + self._to_move]
        lead = br.lead_mask(hand, self._to_move, self._broken, self._kernel)
        follow = br.follow_mask(hand, self._led, self._trick, self._kernel)
        return np.where(self._trick == _U0, lead, follow)

    def _play(self, bit: br.Masks, active: npt.NDArray[np.bool_]) -> None:
        """Play card ``bit`` for the seat to move in each ``active`` game."""
        mover = self._to_move
        bit = np.where(active, bit, _U0)
        # An inactive game plays no card: index 64, whose suit is none and whose place in
        # the play order is the spare last column.
        index = br.bit_index(bit)
        first = active & (self._trick == _U0)
        seat_at = self._seat_base + mover
        self._hands_flat[seat_at] ^= bit
        self._table_flat[seat_at] |= bit
        self._led = np.where(first, br.led_mask(index, self._kernel), self._led)
        leader = np.where(first, mover, self._leader)
        self._leader = leader
        self._trick |= bit
        self._moves += active
        self._order_flat[self._order_base + self._slot_of_index[index]] = self._moves
        # The next seat in the direction of play: in an even deal every seat still to play
        # to the trick holds a card, so the kernel's next_to_play passes nobody over.
        nxt = self._next_seat[mover]
        complete = active & (nxt == leader)
        self._to_move = np.where(complete | ~active, mover, nxt)
        if complete.any():
            self._finish_tricks(complete)

    def _finish_tricks(self, done: npt.NDArray[np.bool_]) -> None:
        rows = self._rows
        best = br.best_bit(self._trick, self._led, self._kernel)
        winner = np.argmax(self._table == best[:, None], axis=1)
        at = self._seat_base + winner
        trick = np.where(done, self._trick, _U0)
        self._taken_flat[at] |= trick
        value = rows.trick_values_flat[self._trick_base + self._tricks_done] * done
        self._points_flat[at] += value
        if self.reward == "trick":
            cards = br.bit_count(trick[:, None] & rows.group_masks[self._row])
            won = value + (cards * rows.group_values[self._row]).sum(axis=1)
            self._rewards.reshape(-1)[at] += won
        self._played |= self._table & trick[:, None]
        self._won_flat[at] += done
        self._tricks_done += done
        if self._kernel.has_broken:
            broken = br.broken_after(self._broken, self._trick, self._led)
            self._broken = np.where(done, broken, self._broken)
        # The cards of a finished trick leave the table (nothing else is on it).
        self._table &= ~trick[:, None]
        self._trick ^= trick
        self._led = np.where(done, _U0, self._led)
        hands = self._hands
        remaining = hands[:, 0].copy()
        for seat in range(1, self.rules.players):
            remaining |= hands[:, seat]
        finished = remaining == _U0
        if self._any_early_end:
            finished |= self._kernel.early_end & br.is_decided(
                self._tricks_done, remaining, self._kernel
            )
        over = done & finished
        # The winner leads the next trick: in an even deal he holds a card while any is left.
        self._to_move = np.where(done, winner, self._to_move)
        if over.any():
            self._finish_deals(over)

    def _finish_deals(self, over: npt.NDArray[np.bool_]) -> None:
        rows = self._rows
        games = np.flatnonzero(over)
        row = self._row[games]
        taken = self._taken[games][:, :, None] & rows.group_masks[row][:, None, :]
        cards = (br.bit_count(taken) * rows.group_values[row][:, None, :]).sum(axis=2)
        points = self._points[games] + cards
        self._totals[games] += points
        if self.reward == "deal":
            self._rewards[games] += points
        number = self._deal[games]
        last = number >= self._episode_deals
        ending = games[last]
        if len(ending):
            self._end_episodes(ending)
        going = games[~last]
        if len(going):
            self._start_deals(going, number[~last] + 1)

    def _end_episodes(self, games: npt.NDArray[np.int64]) -> None:
        totals = self._totals[games]
        if self.reward == "margin":
            n = self.rules.players
            for seat in range(n):
                others = np.delete(totals, seat, axis=1).max(axis=1)
                self._rewards[games, seat] += totals[:, seat] - others
        self._final_totals[games] = totals
        self._ended[games] = True
        if self._same_step:
            self._final_obs[games] = self._observe(games, over=True)
            self._start_episodes(games)
        else:
            # The game waits, its episode over, for the next step to start the next one.
            self._over[games] = True

    # ------------------------------------------------------------------ the opponents

    def _opponent_cards(self, movers: npt.NDArray[np.bool_]) -> br.Masks:
        legal = self._legal()
        names = set(self._policies.values())
        picked = np.zeros(self.num_envs, np.uint64)
        if "random" in names:
            counts = br.bit_count(legal)
            k = random_pick_batch(self._seed_hashes, self._pick_domain, self._moves, counts)
            picked = br.nth_bit(legal, k)
        if "greedy" in names:
            mover = self._to_move
            trick = self._trick
            leading = trick == _U0
            leader = np.where(leading, mover, self._leader)
            nxt = br.next_to_play(self._hands, mover, leader, self._kernel)
            wins = np.where(leading, _U0, br.winning_cards(legal, trick, self._led, self._kernel))
            greedy = greedy_batch(
                legal,
                wins,
                trick,
                self._led,
                ~leading & (nxt == leader),
                self._rows.positive[self._row],
                self._kernel.scoring,
            )
            if names == {"greedy"}:
                picked = greedy
            else:
                is_greedy = np.zeros(self.rules.players, np.bool_)
                for seat, name in self._policies.items():
                    is_greedy[seat] = name == "greedy"
                picked = np.where(is_greedy[mover], greedy, picked)
        return picked

    def _advance(self) -> None:
        """Play the opponents until the learning seat is to move in every game."""
        if self.selfplay:
            return
        while True:
            movers = (self._to_move != self.seat) & ~self._over
            if not movers.any():
                return
            self._play(self._opponent_cards(movers), movers)

    # ------------------------------------------------------------------ observing

    def _card_bits(self, masks: br.Masks) -> npt.NDArray[np.uint8]:
        """The cards of each mask of ``masks`` (any shape) as 0/1 in card-field order."""
        shape = masks.shape
        if self._runs is not None:
            # Each suit's cards of the pack are a run of bits: gather them into D low bits.
            packed = np.zeros(shape, np.uint64)
            for shift, width, place in self._runs:
                packed |= ((masks >> shift) & width) << place
            octets = packed.astype("<u8").view(np.uint8).reshape(*shape, 8)
            bits = np.unpackbits(octets, axis=-1, bitorder="little")
            return bits[..., : self._size]
        octets = masks.astype("<u8").view(np.uint8).reshape(*shape, 8)
        bits = np.unpackbits(octets, axis=-1, bitorder="little")
        return bits[..., self._pack_index]

    def _observe(self, games: npt.NDArray[np.int64] | None = None, over: Any = False) -> Any:
        """The observations of the seat to observe (the learner, or the seat to move).

        ``over`` (true, or true for some games) observes the end of the episode: the OVER
        phase, nobody to move.
        """
        enc = self.encoder

        def take(values: npt.NDArray[Any]) -> npt.NDArray[Any]:
            return values if games is None else values[games]

        count = self.num_envs if games is None else len(games)
        n, d, size = self.rules.players, self._size, enc.size
        out = np.zeros((count, size), np.float32)
        at = enc.start
        row = take(self._row)
        rows = self._rows
        playing = at("phase") + enc.phase_number(Phase.PLAY)
        ending = at("phase") + enc.phase_number(Phase.OVER)
        some_over = over is not False
        if isinstance(over, np.ndarray):
            over = take(over)
            phase: Any = np.where(over, ending, playing)
        else:
            phase = ending if over else playing
        if self.selfplay:
            seat = take(self._to_move)
            hand = take(self._hands)[np.arange(count), seat]
        else:
            seat = np.full(count, self.seat)
            hand = take(self._hands[:, self.seat])
        # Every 1 of a one-hot field in one write; a field with no 1 writes the phase's again.
        leader = np.where(take(self._trick) != _U0, at("leader") + take(self._leader), phase)
        ones = np.stack(
            [
                at("seat") + seat,
                np.broadcast_to(phase, (count,)),
                np.where(over, phase, at("to_move") + take(self._to_move)),
                at("dealer") + take(self._dealer),
                rows.maker_place[row],
                rows.contract_place[row],
                rows.trump_place[row],
                leader,
            ],
            axis=1,
        )
        if some_over:
            # The fields with no 1 wrote the PLAY phase's place: write the game's phase's.
            ones = np.where(
                ones == rows.play_place, np.broadcast_to(phase, (count,))[:, None], ones
            )
        ones += (np.arange(count) * size)[:, None]
        out.reshape(-1)[ones.reshape(-1)] = 1
        masks = np.concatenate([hand[:, None], take(self._table), take(self._played)], axis=1)
        bits = self._card_bits(masks)
        start = at("hand")
        out[:, start : start + d] = bits[:, 0]
        start = at("trick")
        out[:, start : start + n * d] = bits[:, 1 : 1 + n].reshape(count, n * d)
        start = at("played")
        out[:, start : start + n * d] = bits[:, 1 + n :].reshape(count, n * d)
        start = at("play_order")
        out[:, start : start + d] = take(self._order)[:, :d] * (1 / d)
        start = at("tricks_won")
        out[:, start : start + n] = np.minimum(1.0, take(self._won) * (n / d))
        start = at("hand_sizes")
        out[:, start : start + n] = br.bit_count(take(self._hands)) * (1 / d)
        start = at("totals")
        totals = take(self._totals)
        out[:, start : start + n] = totals / (np.abs(totals) + enc.bound)
        out[:, at("deal_number")] = np.minimum(take(self._deal), enc.length) / enc.length
        return out

    def _masks(self, legal: br.Masks) -> npt.NDArray[np.bool_]:
        count = self.num_envs
        mask = np.zeros((count, len(self.actions)), np.bool_)
        mask[:, : self._size] = self._card_bits(legal)
        return mask

    def _result(self) -> tuple[Any, dict[str, Any]]:
        legal = self._legal()
        over = self._over
        waiting = over.any()
        if waiting:
            # A game whose episode is over has no legal move: its next action is not played.
            legal = np.where(over, _U0, legal)
        self._legal_now = legal
        infos: dict[str, Any] = {
            "action_mask": self._masks(legal),
            "seed": self._seeds.copy(),
            "deal": self._deal.copy(),
        }
        if self.selfplay:
            infos["to_move"] = self._to_move.copy()
        return self._observe(over=over if waiting else False), infos

    # ------------------------------------------------------------------ Gymnasium

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Start a new episode in every game (the seeds of ``seed``, or of the last one)."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise RulesError(f"a seed is a whole number, not {seed!r}")
            self._seed = int(seed) & _MASK64
        self._episode[:] = 0
        self._over[:] = False
        self._start_episodes(self._games)
        self._advance()
        self._ready = True
        self._ended[:] = False
        self._rewards[:] = 0
        return self._result()

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """Play one action in every game (the learner's, or the seat to move's)."""
        if not self._ready:
            raise RulesError("the environment is not reset: call reset() first")
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise RulesError(
                f"actions: one whole number per game, an array of shape ({self.num_envs},), "
                f"not {actions.dtype} {actions.shape}"
            )
        self._rewards[:] = 0
        self._ended[:] = False
        d = self._size
        in_pack = (actions >= 0) & (actions < d)
        bit = np.where(in_pack, self._pack[np.clip(actions, 0, d - 1)], _U0)
        legal = (bit & self._legal_now) != _U0
        # The games whose episode ended at the last step start their next one; their action
        # is not played.
        restarting = self._over.copy()
        illegal = ~legal & ~restarting
        mover = self._to_move.copy()
        if illegal.any():
            games = np.flatnonzero(illegal)
            self._rewards[games, mover[games]] += self.illegal_reward
            self._final_totals[games] = self._totals[games]
            if self._same_step:
                self._final_obs[games] = self._observe(games)
        self._play(bit, legal)
        if restarting.any():
            games = np.flatnonzero(restarting)
            self._over[games] = False
            self._start_episodes(games)
        if illegal.any():
            games = np.flatnonzero(illegal)
            self._ended[games] = True
            if self._same_step:
                self._start_episodes(games)
            else:
                self._over[games] = True
        self._advance()
        observations, infos = self._result()
        ended = self._ended.copy()
        infos["illegal"] = illegal
        if ended.any():
            infos["final_totals"] = self._final_totals.copy()
            if self._same_step:
                infos["final_obs"] = self._final_obs.copy()
                infos["_final_obs"] = ended
        if self.selfplay:
            rewards = self._rewards.astype(np.float32)
        else:
            rewards = self._rewards[:, self.seat].astype(np.float32)
        truncated = np.zeros(self.num_envs, np.bool_)
        return observations, rewards, ended, truncated, infos

    def close(self, **kwargs: Any) -> None:
        """Nothing to release."""


def env(
    variant: str | Rules = "simple",
    num_envs: int = 256,
    seat: int = 0,
    opponents: str | Sequence[str] = "random",
    seed: int = 0,
    deals: int = 1,
    **options: Any,
) -> KingVectorEnv:
    """``num_envs`` games of ``seat`` against ``opponents`` (see the module's docstring).

    ``contract=``, ``trump=``, ``reward=`` (one of :data:`~kinglib.adapters.rewards.REWARDS`),
    ``illegal_reward=`` and the variant's options are passed on.
    """
    return KingVectorEnv(
        variant, num_envs, seat=seat, opponents=opponents, seed=seed, deals=deals, **options
    )


def selfplay(
    variant: str | Rules = "simple",
    num_envs: int = 256,
    seed: int = 0,
    deals: int = 1,
    **options: Any,
) -> KingVectorEnv:
    """``num_envs`` games with every seat learning: each step is the move of the seat to move.

    ``infos["to_move"]`` is the seat each game's observation and mask are for; the rewards are
    an array ``(num_envs, players)``.
    """
    return KingVectorEnv(
        variant, num_envs, seed=seed, deals=deals, learners="all", opponents=(), **options
    )
