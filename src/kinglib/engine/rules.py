"""Rules: a variant, its options and its plugins, resolved once.

:func:`kinglib.load_rules` builds them (:func:`assemble`, then :func:`settle` for each field
it learns from the hooks). The hooks called once a deal go through :mod:`kinglib.engine.hook_calls`;
a deal given in full is checked by :mod:`kinglib.engine.given_deals`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pluggy

from kinglib.engine.dealing import Deal, deal_rng
from kinglib.engine.flow import start_deal
from kinglib.engine.given_deals import given_deal, given_match_deals
from kinglib.engine.hook_calls import PER_DEAL_HOOKS, per_deal_caller
from kinglib.engine.phases import PhaseRules
from kinglib.engine.sampling import sample as sample_world
from kinglib.engine.state import DealResult, MatchSetup, Phase, State
from kinglib.engine.view import View
from kinglib.values.cards import CardSet, Suit
from kinglib.values.contracts import Contract
from kinglib.values.errors import RulesError, short_repr
from kinglib.values.moves import Move
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule

__all__ = ["DIRECTIONS", "Rules", "assemble", "settle"]

#: The directions of play.
DIRECTIONS: tuple[str, ...] = ("clockwise", "counterclockwise")


class Rules:
    """A variant with its options and plugins, resolved and ready to play.

    Build it with :func:`load_rules`. Rules are immutable, compare equal when variant,
    players, options and plugins are the same, and hash accordingly.

    Attributes:
        variant: the variant name.
        players: the number of seats.
        options: a read-only mapping of every option's value (defaults included).
        info: the variant's :class:`~kinglib.values.options.VariantInfo`.
        option_specs: every option's :class:`~kinglib.values.options.Option`, by name.
        plugins: the caller's extra plugins, in registration order.
        plugin_manager: the pluggy manager of these rules.
        deck: the pack.
        deal_piles: the piles laid aside before the hands are dealt, by name and size (the
            ``kinglib_deal_piles`` hook).
        contracts: the contract catalogue, by id.
        schedule: the shape of the match.
        phases: the rules of each phase. When a contract is played by a play phase of the
            variant's own (``TrickRules.phase``), the PLAY phase's rules hand each deal to the
            phase its contract names (:meth:`phase_for` says which).
        play_phases: the variant's own play phases, by name (empty for most variants).
        direction: the direction of play, ``"clockwise"`` or ``"counterclockwise"``.
        step: the step from a seat to the next in the direction of play (1, or ``players - 1``).
        legal_moves_filter: the house rules' restriction of legal moves, if any plugin has one.

    """

    variant: str
    players: int
    options: Mapping[str, Any]
    info: VariantInfo
    option_specs: Mapping[str, Option]
    plugins: tuple[Any, ...]
    plugin_manager: pluggy.PluginManager
    deck: CardSet
    deal_piles: Mapping[str, int]
    contracts: Mapping[str, Contract]
    schedule: Schedule
    phases: Mapping[Phase, PhaseRules]
    play_phases: Mapping[str, PhaseRules]
    direction: str
    step: int
    legal_moves_filter: Callable[[State, tuple[Move, ...]], tuple[Move, ...]] | None
    _phase_rules: dict[Phase, PhaseRules]  # a plain dict: faster to look up than the proxy
    _hooks: dict[str, Callable[..., Any]]  # the per-deal hooks, by name (per_deal_caller)
    _deal_rules: dict[Any, Any]  # the kernel's rules of each contract, trump and maker (tricks)

    def __init__(self) -> None:
        """Use :func:`load_rules`."""
        raise TypeError("build rules with kinglib.load_rules(variant, ...)")

    @property
    def hook(self) -> Any:
        """The pluggy hook relay of these rules (``rules.hook.kinglib_...(...)``)."""
        return self.plugin_manager.hook

    @property
    def plugin_names(self) -> tuple[str, ...]:
        """The names of the caller's extra plugins (see :func:`kinglib.plugins.plugin_id`)."""
        return tuple(str(self.plugin_manager.get_name(p)) for p in self.plugins)

    # ------------------------------------------------------------------ matches

    def new_match(self, seed: int = 0, *, deals: Sequence[Any] | None = None) -> State:
        """A whole match, dealt from ``seed``, or played with the ``deals`` given.

        The same seed always gives the same match. ``deals`` gives the cards of each deal
        instead, in order (to replay another program's games or a real table's): an item is a
        mapping of ``new_deal``'s card arguments, ``{"hands": [...], "widow": ..., "stock":
        ..., "kitty": ...}`` where the variant has those piles, or a plain list of hands. Hands
        and piles given as text are dealt in the order written. Each deal's dealer and
        contract are the rules', as in a seeded match. When the match goes on past the last
        deal given, the move that ends it raises :class:`~kinglib.values.errors.RulesError` saying
        so (the state does not change).

        Raises :class:`~kinglib.values.errors.RulesError` for a seed that is no whole number, or a
        deal with the wrong hands or piles (naming the deal).
        """
        if deals is not None:
            return start_deal(self, MatchSetup(deals=given_match_deals(self, deals)), 1)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(f"a seed is a whole number, not {seed!r}")
        return start_deal(self, MatchSetup(seed=seed), 1)

    def new_deal(
        self,
        contract: str,
        hands: Sequence[str | CardSet | Iterable[Any]],
        dealer: int = 0,
        *,
        widow: str | CardSet | None = None,
        stock: str | CardSet | None = None,
        kitty: str | CardSet | None = None,
        trump: Suit | str | None = None,
    ) -> State:
        """One deal from given hands; the state is over when the deal is.

        Args:
            contract: the contract id to play.
            hands: one hand per seat, as text (``"AS KS 7H"``), a list of cards or card texts, or
                a :class:`CardSet`. The order written is kept as the order the cards were
                dealt (``DealSpec.order_of("hand:0")``), which a variant with a staged deal
                reads (the three-card stage of a trump round); a CardSet is in display order.
            dealer: the dealing seat.
            widow: the widow, where the variant has one.
            stock: the stock, where the variant has one; its cards are drawn in the order
                written, first card first (the order is kept in the deal's ``orders``).
            kitty: the kitty, where the variant has one.
            trump: the trump of a trump round (a Suit, ``"notrump"`` or ``"misere"``).

        Raises :class:`~kinglib.values.errors.RulesError` naming the problem for an unknown
        contract, a bad dealer, hands of the wrong size, with duplicate, foreign or missing cards,
        or a trump that is not a suit, ``notrump`` or ``misere``, or given for a deal that is not a
        trump round.

        """
        spec = given_deal(
            self, contract, hands, dealer, widow=widow, stock=stock, kitty=kitty, trump=trump
        )
        return start_deal(self, MatchSetup(deal=spec), 1)

    # ------------------------------------------------------------------ hook calls

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the direction of play."""
        return (seat + steps * self.step) % self.players

    def phase_for(self, state: State) -> PhaseRules:
        """The rules of the phase that plays ``state`` (for PLAY, the one its contract names)."""
        phase_rules = self._phase_rules[state.phase]
        pick = getattr(phase_rules, "phase_for", None)
        return phase_rules if pick is None else pick(state)

    def sample(self, view: View, rng: random.Random) -> State:
        """A full state of these rules' match seen as ``view``, its hidden cards drawn with ``rng``.

        The same as ``view.sample(rng)`` (see :meth:`View.sample <kinglib.View.sample>`).
        """
        return sample_world(view, rng)

    def dealer_for(self, deal_number: int) -> int:
        """The dealer of deal ``deal_number`` of a match (the ``kinglib_dealer`` hook).

        By default the deal passes to the next seat in the direction of play after each deal.
        """
        seat = self._hooks["kinglib_dealer"](self, deal_number)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise RulesError(
                f"kinglib_dealer of {self.variant} gave {short_repr(seat)} for deal "
                f"{deal_number}: a seat from 0 to {self.players - 1}"
            )
        return seat

    def rng(self, seed: int, deal_number: int) -> random.Random:
        """The random generator of one deal of a seeded match."""
        return deal_rng(seed, deal_number)

    def deal(self, dealer: int, rng: random.Random) -> Deal:
        """Deal one deal's cards (the ``kinglib_deal`` hook)."""
        dealt: Deal = self._hooks["kinglib_deal"](self, dealer, rng)
        return dealt

    def begin_deal(self, state: State) -> State:
        """Open a freshly dealt deal (the ``kinglib_begin_deal`` hook)."""
        opened: State = self._hooks["kinglib_begin_deal"](self, state)
        return opened

    def score_deal(self, state: State) -> tuple[int, ...]:
        """Score a finished deal (the ``kinglib_score_deal`` hook)."""
        points = tuple(self._hooks["kinglib_score_deal"](self, state))
        if len(points) != self.players:
            raise RulesError(f"kinglib_score_deal gave {len(points)} scores for {self.players}")
        return points

    def deal_details(self, state: State) -> tuple[tuple[str, Any], ...]:
        """The details of a finished deal (the ``kinglib_deal_details`` hook)."""
        found = self._hooks["kinglib_deal_details"](self, state)
        if not any(found):
            return ()
        if len(found) == 1:
            pairs = list(found[0])
        else:
            pairs = []
            for some in reversed(found):
                pairs.extend(some)
        pairs.sort(key=_first)
        return tuple(pairs)

    def match_over(self, totals: tuple[int, ...], results: tuple[DealResult, ...]) -> bool:
        """Whether the match ends now (the ``kinglib_match_over`` hook)."""
        return bool(self._hooks["kinglib_match_over"](self, totals, results))

    def winners(self, state: State) -> tuple[int, ...]:
        """The winners of a finished match (the ``kinglib_winners`` hook)."""
        return tuple(self.hook.kinglib_winners(rules=self, state=state))

    # ------------------------------------------------------------------ identity

    def _key(self) -> tuple[Any, ...]:
        return (self.variant, self.players, tuple(sorted(self.options.items())), self.plugins)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Rules):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        specs, opts = self.option_specs, self.options
        changed = {k: v for k, v in opts.items() if v != specs[k].default_given(opts, self.players)}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        if self.plugins:
            extra += f", plugins={list(self.plugin_names)}"
        return f"load_rules({self.variant!r}, players={self.players}{extra})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rules are immutable: call load_rules() again")

    def __reduce__(self) -> Any:
        raise TypeError("Rules are not pickled: rebuild them with load_rules()")


def _first(pair: tuple[str, Any]) -> str:
    return pair[0]


#: The fields of :class:`Rules` that the loader settles once it has asked the hooks.
_SETTLED = frozenset(
    {
        "players",
        "option_specs",
        "options",
        "direction",
        "step",
        "deck",
        "deal_piles",
        "contracts",
        "schedule",
        "legal_moves_filter",
        "play_phases",
        "phases",
    }
)


def assemble(
    variant: str, info: VariantInfo, plugins: tuple[Any, ...], plugin_manager: pluggy.PluginManager
) -> Rules:
    r"""New rules of ``variant`` with their plugins registered, the rest to be :func:`settle`\ d.

    The loader (:func:`kinglib.load_rules`) builds rules in steps, since the hooks that answer
    the pack, the contracts or the phases read the rules' players and options: it settles each
    field as it learns it, then hands the rules out, immutable from then on.
    """
    rules = object.__new__(Rules)
    setattr_ = object.__setattr__
    setattr_(rules, "variant", variant)
    setattr_(rules, "info", info)
    setattr_(rules, "plugins", plugins)
    setattr_(rules, "plugin_manager", plugin_manager)
    hooks = plugin_manager.hook
    calls = {
        name: per_deal_caller(getattr(hooks, name), args) for name, args in PER_DEAL_HOOKS.items()
    }
    setattr_(rules, "_hooks", calls)
    setattr_(rules, "_deal_rules", {})
    return rules


def settle(rules: Rules, **fields: Any) -> None:
    """Give fields of ``rules`` while they are being loaded (see :func:`assemble`).

    Each of the fields the loader learns (``players``, ``options``, ``deck``, ``contracts``,
    ``phases``...) is settled once. Raises :class:`ValueError` for any other name, or a field
    settled before.
    """
    for name, value in fields.items():
        if name not in _SETTLED:
            raise ValueError(f"{name!r} is no field the loader settles")
        if name in vars(rules):
            raise ValueError(f"the rules' {name!r} is settled already")
        object.__setattr__(rules, name, value)
        if name == "phases":
            object.__setattr__(rules, "_phase_rules", dict(value))
