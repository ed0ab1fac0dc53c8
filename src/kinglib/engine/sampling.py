"""Dealing the hidden cards of a view at random: :func:`sample`, :class:`HiddenLayout`.

A seat's :class:`~kinglib.engine.view.View` shows its own hand, every card played or shown, the size
of every hand and pile, the public moves of the deal and the variant's public extras. A
*sample* is a full :class:`~kinglib.engine.state.State` of the same match in which the cards the
seat cannot see are dealt at random, consistently with all of that.

How a sample is made
--------------------
1. The variant describes the hidden cards with a :class:`HiddenLayout` (the hook
   ``kinglib_sample_hidden``; kinglib's default covers trick play from dealt hands): the cards
   whose place is hidden (the *pool*), the hidden places (other hands, face-down piles) and
   their sizes, the places each card cannot be in, and how the current deal began for a given
   placement (the hands and piles as dealt, and the cards of any hidden move).
2. The pool is dealt into the places uniformly at random among the placements that respect
   the exclusions (cards grouped by where they may go and counted exactly, so it never loops).
3. The deal is rebuilt from its beginning, opened by the variant itself, and every public move
   of the deal is replayed with :meth:`State.apply`: the sample is reachable by construction.
4. When a replayed move turns out illegal for the cards dealt (a seat played a diamond while a
   diamond was dealt to it), the engine's own legality tells which cards the mover could not
   have held then; those exclusions are kept for the view and the deal is made again. The
   inferences of trick play (a void, the K♥ a seat did not play when forced, the trump it did
   not play, the heart it led while holding only hearts) are all learned this way, from the
   rules that the engine applies, never from a second copy of them.
5. The sample's view of the seat is compared with the view; a mismatch is retried, and after
   a bounded number of tries :class:`SamplingError` says which hook to implement.

Uniformity: once the exclusions of a view are learned, every placement that respects them is
equally likely, and each such placement replays legally, so the samples are uniform over the
deals consistent with the view (the tests check this on a small case by counting).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from math import factorial
from typing import TYPE_CHECKING

import attrs

from kinglib.engine.state import State
from kinglib.values.cards import iter_indices
from kinglib.values.deals import DealSpec, MatchSetup, Phase
from kinglib.values.errors import IllegalMoveError, KinglibError, SamplingError
from kinglib.values.moves import Choose, Declare, Move, Play

if TYPE_CHECKING:
    from kinglib.engine.rules import Rules
    from kinglib.engine.view import View

__all__ = [
    "DealStart",
    "HiddenLayout",
    "SamplingError",
    "dealt_sizes",
    "hand_slot",
    "known_cards",
    "played_by",
    "sample",
    "shuffled_indices",
    "stock_layout",
]

#: How many rebuilt deals may fail for one view before sampling gives up.
MAX_FAILURES = 64


def hand_slot(seat: int) -> str:
    """The name of the hidden place that is ``seat``'s hand."""
    return f"hand:{seat}"


def _hand_blame(seat: int, move: int) -> tuple[str, ...]:
    return (hand_slot(seat),)


def _blame_or_hand(
    value: Callable[[int, int], tuple[str, ...]] | None,
) -> Callable[[int, int], tuple[str, ...]]:
    return _hand_blame if value is None else value


@attrs.frozen
class DealStart:
    """How the current deal began, for one placement of the hidden cards.

    Attributes:
        hands: each seat's cards as dealt (masks).
        piles: ``(name, mask)`` pairs of the piles as dealt.
        orders: the order of dealt cards where the variant reads it (as in
            :class:`~kinglib.engine.state.DealSpec`); when given, the deal is opened as a given deal
            of that order, else as a deal of a seeded match.
        hidden_moves: the moves to replay in place of the moves the view hides, in order.

    """

    hands: tuple[int, ...]
    piles: tuple[tuple[str, int], ...] = ()
    orders: tuple[tuple[str, tuple[int, ...]], ...] | None = None
    hidden_moves: tuple[Move, ...] = ()


@attrs.frozen
class HiddenLayout:
    """Where the hidden cards of a view may lie, and how the deal began for a placement.

    Attributes:
        pool: the mask of the cards whose place the seat does not know.
        slots: ``(name, size)`` of each hidden place (``hand_slot(seat)``, a pile's name, or a
            name the variant chooses); the sizes add up to the pool's size.
        excluded: ``(name, mask)``: cards that cannot be in that place.
        start: given the placement (slot name to mask) and a generator (for any order the
            view leaves open), the :class:`DealStart`.
        blame: given a seat and the index of its move in the deal (a replayed move that was
            illegal), the slots that held that seat's hidden cards at that moment (by default
            its hand).

    """

    pool: int
    slots: tuple[tuple[str, int], ...]
    start: Callable[[Mapping[str, int], random.Random], DealStart]
    excluded: tuple[tuple[str, int], ...] = ()
    blame: Callable[[int, int], tuple[str, ...]] = attrs.field(
        default=None, converter=_blame_or_hand
    )


def played_by(view: View) -> list[int]:
    """Per seat, the mask of the cards it has played in the current deal."""
    played = [0] * view.players
    for trick in view.tricks:
        for seat, card in trick.plays:
            played[seat] |= card.mask
    for seat, card in view.trick:
        played[seat] |= card.mask
    return played


def known_cards(view: View, played: list[int]) -> int:
    """The cards ``view`` shows: its hand, the cards ``played`` (:func:`played_by`), its piles."""
    known = view.hand.mask
    for mask in played:
        known |= mask
    for pile in view.piles.values():
        known |= pile.mask
    return known


def dealt_sizes(rules: Rules, view: View) -> list[int]:
    """The size of each hand as ``rules`` deal it from the view's dealer."""
    reference = rules.deal(view.dealer, random.Random(0))
    return [len(hand) for hand in reference.hands]


def shuffled_indices(mask: int, rng: random.Random) -> list[int]:
    """The card indices of ``mask`` in a random order drawn with ``rng``."""
    cards = list(iter_indices(mask))
    rng.shuffle(cards)
    return cards


def stock_layout(rules: Rules, view: View) -> HiddenLayout:
    """The layout of trick play from dealt hands: kinglib's default.

    The other seats' hands and the piles this seat may not see are hidden; each seat was dealt
    its hand and the cards it has played; piles keep their cards, except that hidden cards out
    of play (a kitty taken face down) go back to the piles that the deal started with.
    """
    seat = view.seat
    played = played_by(view)
    pool = rules.deck.mask & ~known_cards(view, played)
    slots = [(hand_slot(s), n) for s, n in enumerate(view.hand_sizes) if s != seat and n]
    hidden_piles = [
        (name, n) for name, n in sorted(view.pile_sizes.items()) if name not in view.piles and n
    ]
    slots += hidden_piles
    out = pool.bit_count() - sum(n for _, n in slots)
    if out < 0:
        raise SamplingError(
            f"the view of seat {seat} has more hidden places ({sum(n for _, n in slots)} "
            f"cards) than unseen cards ({pool.bit_count()})"
        )
    if out:
        slots.append(("out", out))
    short: list[tuple[str, int]] = []
    if out:
        reference = rules.deal(view.dealer, random.Random(0))
        for name, cards in reference.piles:
            missing = len(cards) - view.pile_sizes.get(name, 0)
            if missing > 0:
                short.append((name, missing))
        if sum(n for _, n in short) != out:
            raise SamplingError(
                f"{out} card(s) unseen by seat {seat} are neither in a hand nor in a pile, and "
                f"{rules.variant} does not say where they went: implement "
                "kinglib_sample_hidden in the variant"
            )

    def start(placed: Mapping[str, int], rng: random.Random) -> DealStart:
        hands = tuple(
            (view.hand.mask if s == seat else placed.get(hand_slot(s), 0)) | played[s]
            for s in range(view.players)
        )
        piles = dict.fromkeys(view.pile_sizes, 0)
        piles.update((name, cards.mask) for name, cards in view.piles.items())
        for name, _ in hidden_piles:
            piles[name] = placed[name]
        rest = list(iter_indices(placed.get("out", 0)))
        for name, n in short:
            piles[name] = piles.get(name, 0) | sum(1 << i for i in rest[:n])
            rest = rest[n:]
        return DealStart(hands=hands, piles=tuple(sorted(piles.items())))

    return HiddenLayout(pool=pool, slots=tuple(slots), start=start)


# ----------------------------------------------------------------------- uniform placement


class _Placer:
    """Deals a pool into sized slots, uniformly among the placements that avoid exclusions."""

    def __init__(self, pool: int, slots: Sequence[tuple[str, int]], excluded: list[int]) -> None:
        self.names = [name for name, _ in slots]
        self.sizes = tuple(n for _, n in slots)
        groups: dict[int, list[int]] = {}
        everywhere = (1 << len(slots)) - 1
        for index in iter_indices(pool):
            allowed = everywhere
            for j, mask in enumerate(excluded):
                if mask >> index & 1:
                    allowed &= ~(1 << j)
            groups.setdefault(allowed, []).append(index)
        self.free = excluded == [0] * len(excluded) or list(groups) == [everywhere]
        self.cards = list(iter_indices(pool))
        self.groups = sorted(groups.items())
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        if 0 in groups:
            raise SamplingError("a hidden card has no place left where it may lie")
        if not self.free and not self.ways(0, self.sizes):
            raise SamplingError("no deal of the hidden cards is consistent with the view")

    def _splits(self, allowed: int, n: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every way to share ``n`` cards among the allowed slots within their capacities."""
        slots = [j for j in range(len(caps)) if allowed >> j & 1]
        out: list[tuple[int, ...]] = []

        def go(k: int, left: int, acc: list[int]) -> None:
            if k == len(slots) - 1:
                if left <= caps[slots[k]]:
                    split = [0] * len(caps)
                    for j, c in zip(slots, [*acc, left]):
                        split[j] = c
                    out.append(tuple(split))
                return
            for c in range(min(left, caps[slots[k]]) + 1):
                go(k + 1, left - c, [*acc, c])

        if slots:
            go(0, n, [])
        return out

    def _group_splits(self, g: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The ways to share group ``g`` among its allowed slots within ``caps``.

        The last group must fill every capacity left exactly: one split at most, found without
        enumerating the others (the largest group, the cards allowed everywhere, comes last).
        """
        allowed, cards = self.groups[g]
        if g < len(self.groups) - 1:
            return self._splits(allowed, len(cards), caps)
        fits = sum(caps) == len(cards) and all(allowed >> j & 1 for j, c in enumerate(caps) if c)
        return [caps] if fits else []

    def ways(self, g: int, caps: tuple[int, ...]) -> int:
        """The number of placements of groups ``g``... into the capacities ``caps``."""
        if g == len(self.groups):
            return 1 if not any(caps) else 0
        key = (g, caps)
        found = self._ways.get(key)
        if found is not None:
            return found
        n = len(self.groups[g][1])
        total = 0
        for split in self._group_splits(g, caps):
            rest = tuple(c - s for c, s in zip(caps, split))
            sub = self.ways(g + 1, rest)
            if sub:
                total += _multinomial(n, split) * sub
        self._ways[key] = total
        return total

    def place(self, rng: random.Random) -> dict[str, int]:
        """One placement, uniformly at random among those that avoid the exclusions."""
        if self.free:
            cards = self.cards[:]
            rng.shuffle(cards)
            return self._cut(cards, self.sizes, range(len(self.sizes)))
        placed = dict.fromkeys(self.names, 0)
        caps = self.sizes
        for g, (_, group) in enumerate(self.groups):
            n = len(group)
            options = []
            for split in self._group_splits(g, caps):
                rest = tuple(c - s for c, s in zip(caps, split))
                weight = _multinomial(n, split) * self.ways(g + 1, rest)
                if weight:
                    options.append((weight, split, rest))
            pick = rng.randrange(sum(w for w, _, _ in options))
            for option in options:
                if pick < option[0]:
                    break
                pick -= option[0]
            split, rest = option[1], option[2]
            cards = group[:]
            rng.shuffle(cards)
            for name, mask in self._cut(cards, split, range(len(split))).items():
                placed[name] |= mask
            caps = rest
        return placed

    def _cut(self, cards: list[int], sizes: Sequence[int], which: range) -> dict[str, int]:
        out: dict[str, int] = {}
        pos = 0
        for j in which:
            n = sizes[j]
            mask = 0
            for index in cards[pos : pos + n]:
                mask |= 1 << index
            out[self.names[j]] = mask
            pos += n
        return out


def _multinomial(n: int, parts: Sequence[int]) -> int:
    out = factorial(n)
    for p in parts:
        out //= factorial(p)
    return out


# ----------------------------------------------------------------------- the sampler


class _Knowledge:
    """What sampling has learned about one view: its layout, exclusions and placer."""

    def __init__(self, rules: Rules, view: View) -> None:
        layout = _layout_of(rules, view)
        self.layout = layout
        self.index = {name: j for j, (name, _) in enumerate(layout.slots)}
        self.excluded = [0] * len(layout.slots)
        for name, mask in layout.excluded:
            if name in self.index:
                self.excluded[self.index[name]] |= mask & layout.pool
        self.placer = _Placer(layout.pool, layout.slots, self.excluded)
        self.failures = 0

    def exclude(self, name: str, mask: int) -> bool:
        """Add an exclusion; whether it is new."""
        j = self.index.get(name)
        if j is None or not mask & ~self.excluded[j]:
            return False
        self.excluded[j] |= mask
        self.placer = _Placer(self.layout.pool, self.layout.slots, self.excluded)
        return True


def _layout_of(rules: Rules, view: View) -> HiddenLayout:
    layout: HiddenLayout | None = rules.hook.kinglib_sample_hidden(rules=rules, view=view)
    if layout is None:
        raise SamplingError(
            f"{rules.variant} describes no hidden cards: implement kinglib_sample_hidden"
        )
    sizes = sum(n for _, n in layout.slots)
    if sizes != layout.pool.bit_count():
        raise SamplingError(
            f"the hidden places of {rules.variant} hold {sizes} cards but {layout.pool.bit_count()}"
            " cards are unseen: fix kinglib_sample_hidden"
        )
    return layout


# The knowledge of the views sampled last, by identity (a bot samples one view many times).
_KNOWN: dict[int, tuple[View, _Knowledge]] = {}
_KNOWN_MAX = 16


def _knowledge(rules: Rules, view: View) -> _Knowledge:
    entry = _KNOWN.get(id(view))
    if entry is not None and entry[0] is view:
        return entry[1]
    knowledge = _Knowledge(rules, view)
    if len(_KNOWN) >= _KNOWN_MAX:
        _KNOWN.pop(next(iter(_KNOWN)))
    _KNOWN[id(view)] = (view, knowledge)
    return knowledge


def sample(view: View, rng: random.Random) -> State:
    """A full state of the view's match whose hidden cards are dealt at random.

    See :meth:`kinglib.engine.view.View.sample`.
    """
    rules = view.rules
    if rules is None:
        raise SamplingError("this view was built by hand without rules: nothing to sample from")
    if view.phase is Phase.OVER:
        raise SamplingError("the match is over: there is nothing hidden to sample")
    knowledge = _knowledge(rules, view)
    while True:
        placed = knowledge.placer.place(rng)
        world = _rebuild(rules, view, knowledge, placed, rng)
        if world is not None:
            return world
        knowledge.failures += 1
        if knowledge.failures > MAX_FAILURES:
            raise SamplingError(
                f"no deal consistent with the view of seat {view.seat} was found in "
                f"{MAX_FAILURES} tries: {rules.variant} must describe its hidden cards "
                "with kinglib_sample_hidden"
            )


def _given_deal(rules: Rules, view: View) -> bool:
    """Whether the view's match is one deal given in full (``Rules.new_deal``)."""
    if view.contract is None or view.results:
        return False
    try:
        scheduled = rules.schedule.contract_for(view.deal_number)
    except (LookupError, ValueError):
        return False
    if scheduled in rules.contracts:
        return bool(scheduled != view.contract)
    return not any(isinstance(m, Choose) for m in view.deal_moves)


def _opened(rules: Rules, view: View, start: DealStart, seed: int) -> State:
    """The current deal as dealt and opened by the variant, in the view's match."""
    setup = MatchSetup(seed=seed)
    given = _given_deal(rules, view)
    if start.orders is not None or given:
        contract = view.contract
        if contract is None:
            raise SamplingError("a deal given in order needs its contract")
        declared = any(isinstance(m, Declare) for m in view.deal_moves)
        spec = DealSpec(
            contract=contract,
            dealer=view.dealer,
            hands=start.hands,
            piles=start.piles,
            trump=view.trump if given and not declared and start.orders is None else None,
            orders=start.orders or (),
        )
        opening = MatchSetup(deal=spec)
    else:
        opening = setup
    dealt = State(
        rules=rules,
        setup=opening,
        deal_number=view.deal_number,
        dealer=view.dealer,
        phase=Phase.PLAY,
        to_move=None,
        hands_mask=start.hands,
        taken_mask=(0,) * rules.players,
        piles_mask=start.piles,
        totals=view.totals,
        results=view.results,
    )
    opened = rules.begin_deal(dealt)
    return opened if opening is setup or given else opened.evolve(setup=setup)


def _rebuild(
    rules: Rules, view: View, knowledge: _Knowledge, placed: Mapping[str, int], rng: random.Random
) -> State | None:
    """Deal ``placed``, replay the deal's public moves; ``None`` if that is not the view."""
    layout = knowledge.layout
    try:
        start = layout.start(placed, rng)
    except KinglibError:
        return None
    state = _opened(rules, view, start, rng.getrandbits(32))
    hidden = iter(start.hidden_moves)
    for number, public in enumerate(view.deal_moves):
        move = next(hidden, None) if public is None else public
        if move is None:
            raise SamplingError(
                f"the view of seat {view.seat} hides a move that {rules.variant} does not "
                "fill in: implement kinglib_sample_hidden"
            )
        try:
            state = state.apply(move)
        except IllegalMoveError:
            _learn(knowledge, state, move, number)
            return None
    if state.view(view.seat) != view:
        return None
    return state


def _learn(knowledge: _Knowledge, state: State, move: Move, number: int) -> None:
    """Exclude from the mover's places every hidden card that would make ``move`` illegal."""
    seat = state.to_move
    if seat is None:
        return
    pool = knowledge.layout.pool
    hands = list(state.hands_mask)
    # The cards the mover certainly holds: those whose place is known, and the card it plays
    # (which may be hidden, as a card drawn unseen). A card it plays later is not among them:
    # it may have come to its hand after this move (drawn from a stock).
    certain = ~pool
    if isinstance(move, Play):
        certain |= move.card.mask
    bare = hands[seat] & certain
    hands[seat] = bare
    if move not in state.evolve(hands_mask=tuple(hands)).legal_moves():
        return  # not a matter of the hidden cards
    gone = 0  # cards already played: never in a hand again
    for trick in state.tricks:
        gone |= trick.cards.mask
    for _, card in state.trick:
        gone |= card.mask
    blocking = 0
    for index in iter_indices(pool & ~gone):
        hands[seat] = bare | 1 << index
        probe = state.evolve(hands_mask=tuple(hands))
        if move not in probe.legal_moves():
            blocking |= 1 << index
    for name in knowledge.layout.blame(seat, number):
        knowledge.exclude(name, blocking)
