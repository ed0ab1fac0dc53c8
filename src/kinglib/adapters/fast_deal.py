"""A deal's card play on integers for the scalar environments: :class:`KernelDeal`.

An environment step that goes through :meth:`State.apply` and a :class:`~kinglib.View` for
every card spends most of its time building objects. While a deal is in its trick play and the
kernel plays it whole (:func:`kinglib.engine.random_match.kernel_trick_play`), a :class:`KernelDeal`
keeps it as the kernel does (a mask per hand, the codes of the trick, the broken suits) and
decides every card with the kernel's functions; the deal's end state is built once, with the
trick play's own :meth:`~kinglib.engine.tricks.TrickPlay.kernel_end`, and scored by
:func:`kinglib.engine.flow.finish_deal` with every hook, as
:func:`kinglib.engine.random_match.random_match`
does. :meth:`KernelDeal.state` builds the state of any moment by replaying the deal's cards on
the engine, for whoever asks (a test, a bot, ``render``).
"""

from __future__ import annotations

from typing import Any

from kinglib.adapters.observation import Entries, Observation
from kinglib.engine.flow import finish_deal
from kinglib.engine.kernel import (
    R_BROKEN,
    R_EARLY_END,
    R_LAST_SCORING,
    R_PLAYERS,
    R_SCORING,
    R_STEP,
    R_VOID,
    VOID_DRAW,
    DealRules,
    broken_after,
    follow_mask,
    is_decided,
    lead_mask,
    led_mask,
    next_to_play,
    trick_winner,
)
from kinglib.engine.random_match import kernel_trick_play
from kinglib.engine.state import Phase, State
from kinglib.engine.tricks import TrickPlay, broken_suits
from kinglib.values.moves import PLAYS

__all__ = ["KernelDeal", "nth_card"]

# The plugins whose view hooks show, during a deal's trick play, what they showed at its start.
_STEADY = {"kinglib.plugins.defaults", "kinglib.kit.trump_rounds"}


def nth_card(legal: int, k: int) -> int:
    """The bit of the ``k``-th card of ``legal`` (from 0, in index order)."""
    while k:
        legal &= legal - 1
        k -= 1
    return legal & -legal


def _steady_views(state: State) -> bool:
    manager = state.rules.plugin_manager
    for hook in ("kinglib_view_extra", "kinglib_visible_piles"):
        for impl in getattr(manager.hook, hook).get_hookimpls():
            if manager.get_name(impl.plugin) not in _STEADY:
                return False
    return True


class KernelDeal:
    """The rest of a deal's trick play, from the start of a trick, on integers.

    Build it with :meth:`of`, which answers ``None`` for a state it cannot play (not at the
    start of a trick of a deal the kernel plays whole, a draw from the stock, a kitty to give,
    or views that a plugin may change during the play).

    Attributes:
        start: the state it started from.
        hands: every seat's hand (masks), now.
        to_move: the seat to play.
        codes: the codes (``seat << 6 | card index``) of the cards on the table.
        done: the codes and winner of every finished trick of the deal.
        final: the state after the deal (the next deal's first state, or the match's last)
            once the deal has ended, else ``None``.

    """

    start: State
    final: State | None

    @classmethod
    def of(cls, state: State) -> KernelDeal | None:
        """A kernel deal from ``state``, or ``None`` when the kernel cannot play it."""
        if state.phase is not Phase.PLAY or state.trick or state.contract_info is None:
            return None
        trick_play = kernel_trick_play(state.rules, state)
        if trick_play is None:
            return None
        rules = trick_play.deal_rules(state)
        stock, kitty = trick_play.kernel_start(state)
        if rules[R_VOID] == VOID_DRAW or stock or kitty or not _steady_views(state):
            return None
        return cls(state, trick_play, rules)

    def __init__(self, state: State, trick_play: TrickPlay, rules: DealRules) -> None:
        """Start from ``state`` (use :meth:`of`)."""
        self.start = state
        self.trick_play = trick_play
        self.rules = rules
        self.hands = list(state.hands_mask)
        self.taken = list(state.taken_mask)
        assert state.to_move is not None
        self.to_move: int = state.to_move
        self.broken = broken_suits(state, rules)
        self.codes: list[int] = []
        self.trick_mask = 0
        self.led = 0
        self.done: list[tuple[list[int], int]] = [
            ([seat << 6 | card.index for seat, card in t.plays], t.winner) for t in state.tricks
        ]
        self._before = len(self.done)
        self.remaining = 0
        for hand in self.hands:
            self.remaining |= hand
        self.final = None
        # The seat-free part of the vector, kept card by card (see vector()), for the encoder
        # it was last asked with.
        self._encoder: Observation | None = None
        self._cards: Any = None
        self._fixed_vectors: dict[int, Any] = {}

    def legal(self) -> int:
        """The cards the seat to move may play."""
        hand = self.hands[self.to_move]
        if not self.codes:
            return lead_mask(hand, self.to_move, self.broken, self.rules)
        return follow_mask(hand, self.led, self.trick_mask, self.rules, False)

    @property
    def leader(self) -> int:
        """The seat that leads the trick on the table (the seat to move before its lead)."""
        return self.codes[0] >> 6 if self.codes else self.to_move

    def is_last(self) -> bool:
        """Whether the seat to move plays the trick's last card."""
        rules = self.rules
        leader = self.leader
        return (
            next_to_play(self.hands, self.to_move, leader, rules[R_PLAYERS], rules[R_STEP])
            == leader
        )

    def play(self, bit: int) -> tuple[int, int] | None:
        """Play card ``bit`` (a legal one) for the seat to move.

        Returns ``(winner, cards)`` when the card completes a trick, else ``None``; when it
        ends the deal, :attr:`final` is the state after it.
        """
        rules = self.rules
        seat = self.to_move
        index = bit.bit_length() - 1
        self.hands[seat] ^= bit
        if not self.codes:
            self.led = led_mask(index, rules)
        self.codes.append(seat << 6 | index)
        self.trick_mask |= bit
        leader = self.codes[0] >> 6
        vector = self._cards
        if vector is not None:
            self._card_played(vector, seat, index, leader)
        nxt = next_to_play(self.hands, seat, leader, rules[R_PLAYERS], rules[R_STEP])
        if nxt != leader:
            self.to_move = nxt
            return None
        codes, cards = self.codes, self.trick_mask
        winner = trick_winner(codes, cards, self.led, rules)
        if vector is not None:
            self._trick_done(vector, codes, winner)
        self.taken[winner] |= cards
        self.done.append((codes, winner))
        self.remaining &= ~cards
        if rules[R_BROKEN]:
            self.broken = broken_after(self.broken, cards, self.led)
        self.codes = []
        self.trick_mask = 0
        self.led = 0
        if not self.remaining:
            self._end(False)
        elif rules[R_EARLY_END] and is_decided(
            len(self.done), rules[R_LAST_SCORING], self.remaining, rules[R_SCORING]
        ):
            self._end(True)
        else:
            step, players = rules[R_STEP], rules[R_PLAYERS]
            while not self.hands[winner]:
                winner = (winner + step) % players
            self.to_move = winner
        return self.done[-1][1], cards

    def _end(self, early: bool) -> None:
        played = [codes for codes, _ in self.done[self._before :]]
        winners = [winner for _, winner in self.done[self._before :]]
        end = self.trick_play.kernel_end(
            self.start, played, winners, [], list(self.hands), list(self.taken), []
        )
        self.final = finish_deal(end, ended_early=early)

    def state(self) -> State:
        """The state now, built by replaying the deal's cards on the engine."""
        if self.final is not None:
            return self.final
        state = self.start
        for codes, _ in self.done[self._before :]:
            for code in codes:
                state = state.apply(PLAYS[code & 63])
        for code in self.codes:
            state = state.apply(PLAYS[code & 63])
        return state

    # ------------------------------------------------------------------ the vector, kept

    def vector(self, encoder: Observation, seat: int) -> Any:
        """``seat``'s observation now as a new numpy ``float32`` array.

        The vector of :meth:`Observation.entries` of the state now: the entries that stay
        through the trick play are written once a seat, and the seat-free entries of the cards
        are kept up to date card by card.
        """
        import numpy as np

        if self._cards is None or self._encoder is not encoder:
            self._start_vector(encoder, np)
        fixed = self._fixed_vectors.get(seat)
        if fixed is None:
            fixed = np.zeros(encoder.size, np.float32)
            encoder.write_entries(fixed, self._fixed_of(encoder, seat))
            self._fixed_vectors[seat] = fixed
        out = fixed + self._cards
        at = self._at
        out[at["to_move"] + self.to_move] = 1
        hand = self.hands[seat]
        slot = self._slot
        start = at["hand"]
        while hand:
            low = hand & -hand
            out[start + slot[low.bit_length() - 1]] = 1
            hand ^= low
        return out

    def _fixed_of(self, encoder: Observation, seat: int) -> Entries:
        start = self.start
        piles, extra, shown = encoder.public(start, seat)
        return encoder.fixed_entries(
            seat,
            Phase.PLAY,
            start.dealer,
            start.maker,
            start.contract,
            start.trump,
            {k: m.bit_count() for k, m in start.piles_mask},
            piles,
            shown,
            extra,
        )

    def _start_vector(self, encoder: Observation, np: Any) -> None:
        self._encoder = encoder
        self._fixed_vectors = {}
        start = self.start
        ones: list[int] = []
        places: list[int] = []
        values: list[float] = []
        won = [0] * len(self.hands)
        order = encoder.played_entries(self.done, 0, won, ones, places, values)
        encoder.moving_entries(
            None,
            0,
            self.codes,
            order,
            won,
            [hand.bit_count() for hand in self.hands],
            start.totals,
            start.deal_number,
            ones,
            places,
            values,
        )
        cards = np.zeros(encoder.size, np.float32)
        encoder.write_entries(cards, (ones, places, values))
        self._cards = cards
        self._at = {name: begin for name, begin, _ in encoder.fields}
        self._slot = encoder.slots
        self._size = len(encoder.slots)
        self._won_now = won
        self._played_now = order + len(self.codes)
        self._per_seat = len(self.hands) / self._size

    def _card_played(self, vector: Any, seat: int, index: int, leader: int) -> None:
        at = self._at
        d = self._size
        place = self._slot[index]
        self._played_now += 1
        vector[at["trick"] + seat * d + place] = 1
        vector[at["play_order"] + place] = self._played_now / d
        vector[at["hand_sizes"] + seat] = self.hands[seat].bit_count() / d
        if len(self.codes) == 1:
            vector[at["leader"] + leader] = 1

    def _trick_done(self, vector: Any, codes: list[int], winner: int) -> None:
        at = self._at
        d = self._size
        slot = self._slot
        for code in codes:
            where = (code >> 6) * d + slot[code & 63]
            vector[at["trick"] + where] = 0
            vector[at["played"] + where] = 1
        vector[at["leader"] + (codes[0] >> 6)] = 0
        self._won_now[winner] += 1
        vector[at["tricks_won"] + winner] = min(1.0, self._won_now[winner] * self._per_seat)
