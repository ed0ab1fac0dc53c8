"""Rules: a variant, its options and its plugins, resolved once; :func:`load_rules`.

:func:`load_rules` builds a fresh plugin manager for every rules object: kinglib's defaults
first, then the building blocks each variant names (``VariantInfo.parts``), the variant's base
(if any), the variant, and the caller's plugins. It then asks the hooks once for the pack, the
contracts, the schedule and the phase rules, so that playing a card calls no hook unless a
house rule filters the legal moves (:mod:`kinglib.hookspecs` states when each hook is called).

The hooks called once a deal go through :mod:`kinglib.hook_calls`; a deal given in full is
checked by :mod:`kinglib.given_deals`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs
import pluggy

from kinglib import defaults
from kinglib.cards import CardSet, Suit
from kinglib.contracts import Contract
from kinglib.dealing import Deal, deal_rng
from kinglib.errors import RulesError, short_repr
from kinglib.flow import start_deal
from kinglib.given_deals import given_deal, given_match_deals
from kinglib.hook_calls import PER_DEAL_HOOKS, house_filter, per_deal_caller
from kinglib.load_checks import check_loaded, settled_contracts
from kinglib.moves import Move
from kinglib.options import Option, VariantInfo
from kinglib.phases import ContractPlay, PhaseRules
from kinglib.plugins import (
    load_variant_plugin,
    make_plugin_manager,
    register_plugins,
    register_variant,
    unknown_option_hint,
)
from kinglib.sampling import sample as sample_world
from kinglib.schedule import Schedule
from kinglib.state import DealResult, MatchSetup, Phase, State
from kinglib.view import View

__all__ = ["DIRECTIONS", "Rules", "load_rules"]

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
        info: the variant's :class:`~kinglib.options.VariantInfo`.
        option_specs: every option's :class:`~kinglib.options.Option`, by name.
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
        deal given, the move that ends it raises :class:`~kinglib.errors.RulesError` saying so
        (the state does not change).

        Raises :class:`~kinglib.errors.RulesError` for a seed that is no whole number, or a
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

        Raises :class:`~kinglib.errors.RulesError` naming the problem for an unknown contract,
        a bad dealer, hands of the wrong size, with duplicate, foreign or missing cards, or a
        trump that is not a suit, ``notrump`` or ``misere``, or given for a deal that is not a
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


def load_rules(
    variant: str, /, *, players: int | None = None, plugins: Sequence[Any] = (), **options: Any
) -> Rules:
    """Resolve a variant with its options and plugins into :class:`Rules`.

    Args:
        variant: a name from :func:`variant_names`.
        players: the number of seats (the variant's default when omitted).
        plugins: extra pluggy plugins (modules or objects with ``@kinglib.hookimpl``
            functions), or names of installed house rules; registered after the variant.
        **options: the variant's options, by name.

    Raises:
        UnknownVariantError: the variant is neither built in nor installed.
        RulesError: an unknown option, a bad option value or a bad player count.

    """
    plugin = load_variant_plugin(variant)
    pm = make_plugin_manager()
    pm.register(defaults, name="kinglib.defaults")
    stack = [(variant, plugin)]
    base_info = _info_of(plugin, variant)
    seen = {variant}
    while base_info.base is not None:
        base = base_info.base
        if base in seen:
            raise RulesError(f"variant {variant!r} has a cycle of base variants at {base!r}")
        seen.add(base)
        base_plugin = load_variant_plugin(base)
        stack.append((base, base_plugin))
        base_info = _info_of(base_plugin, base)
    for name, p in reversed(stack):
        register_variant(pm, name, p, _info_of(p, name).parts)
    extra = register_plugins(pm, plugins)

    info: VariantInfo = pm.hook.kinglib_variant_info()
    rules = object.__new__(Rules)
    setattr_ = object.__setattr__
    setattr_(rules, "variant", variant)
    setattr_(rules, "info", info)
    setattr_(rules, "plugins", extra)
    setattr_(rules, "plugin_manager", pm)
    setattr_(
        rules,
        "_hooks",
        {
            name: per_deal_caller(getattr(pm.hook, name), args)
            for name, args in PER_DEAL_HOOKS.items()
        },
    )

    if players is None:
        players = info.default_players
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"players is a whole number, not {short_repr(players)}")
    if players not in info.players:
        counts = ", ".join(str(p) for p in info.players)
        raise RulesError(f"{variant} is played by {counts} players, not {short_repr(players)}")
    setattr_(rules, "players", players)

    specs: dict[str, Option] = {}
    for found in reversed(pm.hook.kinglib_options(variant=variant)):
        for opt in found:
            specs[opt.name] = opt
    for opt in info.options:
        specs[opt.name] = opt
    for found in pm.hook.kinglib_option_defaults(variant=variant)[::-1]:
        for name, value in dict(found).items():
            if name not in specs:
                raise RulesError(
                    f"kinglib_option_defaults gave a default for {name!r}, which is no option of "
                    f"{variant}; its options are: {', '.join(sorted(specs))}"
                )
            specs[name] = attrs.evolve(specs[name], default=value, default_for=None)
    unknown = sorted(set(options) - set(specs))
    if unknown:
        raise RulesError(
            f"unknown option {unknown[0]!r} for {variant}; its options are: "
            f"{', '.join(sorted(specs))}{unknown_option_hint(unknown[0], variant)}"
        )
    resolved: dict[str, Any] = {}
    # An option whose default depends on the others is resolved once they are.
    derived = [n for n, spec in specs.items() if spec.default_for is not None and n not in options]
    for name in [*(n for n in specs if n not in derived), *derived]:
        spec = specs[name]
        value = options[name] if name in options else spec.default_given(resolved, players)
        try:
            resolved[name] = spec.resolve(value, players)
        except ValueError as exc:
            raise RulesError(f"{variant}: {exc}") from None
    setattr_(rules, "option_specs", MappingProxyType(specs))
    setattr_(rules, "options", MappingProxyType({name: resolved[name] for name in specs}))

    direction = pm.hook.kinglib_direction(rules=rules)
    if direction not in DIRECTIONS:
        raise RulesError(
            f"{variant}: the direction of play is 'clockwise' or 'counterclockwise', not "
            f"{short_repr(direction)}"
        )
    setattr_(rules, "direction", direction)
    setattr_(rules, "step", 1 if direction == "clockwise" else players - 1)
    setattr_(rules, "_deal_rules", {})
    deck = pm.hook.kinglib_deck(rules=rules)
    setattr_(rules, "deck", deck)
    piles = pm.hook.kinglib_deal_piles(rules=rules) or {}
    _check_piles(variant, piles, len(deck), players)
    setattr_(rules, "deal_piles", MappingProxyType(dict(piles)))
    contracts = pm.hook.kinglib_contracts(rules=rules)
    if not contracts:
        raise RulesError(f"variant {variant!r} defines no contracts")
    setattr_(rules, "contracts", MappingProxyType(settled_contracts(rules, contracts)))
    setattr_(rules, "schedule", pm.hook.kinglib_schedule(rules=rules))
    # The house filter is known before the phases are built: a phase reads it from the rules
    # it is built with (a trick play carries no legal cards when a filter may cut them).
    setattr_(rules, "legal_moves_filter", house_filter(pm))
    phases: dict[Phase, PhaseRules] = {}
    named: dict[str, PhaseRules] = {}
    for found in reversed(pm.hook.kinglib_phases(rules=rules)):
        for key, phase_rules in found.items():
            if isinstance(key, Phase):
                phases[key] = phase_rules
            elif isinstance(key, str):
                named[key] = phase_rules
            else:
                raise RulesError(
                    f"kinglib_phases of {variant} gave the key {short_repr(key)}: a key is a "
                    "Phase or the name of a play phase of the variant's own"
                )
    setattr_(rules, "play_phases", MappingProxyType(named))
    if named:
        trick_play = phases.get(Phase.PLAY)
        phases[Phase.PLAY] = ContractPlay(trick_play, named)
    setattr_(rules, "phases", MappingProxyType(phases))
    setattr_(rules, "_phase_rules", phases)
    check_loaded(rules)
    return rules


def _check_piles(variant: str, piles: Mapping[str, int], cards: int, players: int) -> None:
    """Refuse piles that are no ``name: size`` pairs, or that leave a pack that won't divide."""
    for name, size in piles.items():
        if not isinstance(name, str) or isinstance(size, bool) or not isinstance(size, int):
            raise RulesError(
                f"kinglib_deal_piles of {variant} gave {short_repr(dict(piles))}: it maps pile "
                "names to whole numbers of cards"
            )
        if size < 0:
            raise RulesError(f"kinglib_deal_piles of {variant}: pile {name!r} has {size} cards")
    rest = cards - sum(piles.values())
    if piles and (rest < 0 or rest % players):
        raise RulesError(
            f"kinglib_deal_piles of {variant} lays {sum(piles.values())} of the {cards} cards "
            f"aside, and the {rest} left do not divide among {players} hands"
        )


def _first(pair: tuple[str, Any]) -> str:
    return pair[0]


def _info_of(plugin: Any, name: str) -> VariantInfo:
    get = getattr(plugin, "kinglib_variant_info", None)
    if get is None:
        raise RulesError(f"variant plugin {name!r} has no kinglib_variant_info hook")
    info: VariantInfo = get()
    return info
