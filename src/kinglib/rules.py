"""Rules: a variant, its options and its plugins, resolved once; :func:`load_rules`.

:func:`load_rules` builds a fresh plugin manager for every rules object: kinglib's defaults
first, then the variant's base (if any), the variant, and the caller's plugins. It then asks
the hooks once for the pack, the contracts, the schedule and the phase rules, so that playing
a card never calls a hook.

The few hooks called once a deal (dealing, opening, scoring, details, match end) are called
through :func:`_per_deal_caller`: when no plugin wraps such a hook, its implementations are
called directly, in pluggy's order and with pluggy's results, without pluggy's per-call
bookkeeping. Plugins are fixed when the rules are loaded (pass them to :func:`load_rules`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import pluggy

from kinglib.cards import Card, CardSet, Suit
from kinglib.contracts import Contract
from kinglib.dealing import Deal, deal_rng
from kinglib.errors import NotationError, RulesError, short_repr
from kinglib.options import Option, VariantInfo
from kinglib.phases import PhaseRules
from kinglib.plugins import load_house_rules, load_variant_plugin, make_plugin_manager
from kinglib.schedule import Schedule
from kinglib.tricks import TrickPlay

if TYPE_CHECKING:
    from kinglib.moves import Move
    from kinglib.state import DealResult, Phase, State

__all__ = ["Rules", "load_rules"]


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
        contracts: the contract catalogue, by id.
        schedule: the shape of the match.
        phases: the rules of each phase.
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
    contracts: Mapping[str, Contract]
    schedule: Schedule
    phases: Mapping[Phase, PhaseRules]
    legal_moves_filter: Callable[[State, tuple[Move, ...]], tuple[Move, ...]] | None
    _phase_rules: dict[Phase, PhaseRules]  # a plain dict: faster to look up than the proxy
    _unfiltered: dict[Phase, PhaseRules]  # the same when no house rules filter moves, else {}
    _hooks: dict[str, Callable[..., Any]]  # the per-deal hooks, by name (_per_deal_caller)

    def __init__(self) -> None:
        """Use :func:`load_rules`."""
        raise TypeError("build rules with kinglib.load_rules(variant, ...)")

    @property
    def hook(self) -> Any:
        """The pluggy hook relay of these rules (``rules.hook.kinglib_...(...)``)."""
        return self.plugin_manager.hook

    @property
    def plugin_names(self) -> tuple[str, ...]:
        """The names of the caller's extra plugins."""
        return tuple(self.plugin_manager.get_name(p) or repr(p) for p in self.plugins)

    # ------------------------------------------------------------------ matches

    def new_match(self, seed: int = 0) -> State:
        """A whole match, dealt from ``seed``: the same seed always gives the same match."""
        from kinglib.flow import start_deal
        from kinglib.state import MatchSetup

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
        from kinglib.flow import start_deal
        from kinglib.state import DealSpec, MatchSetup

        n = self.players
        if not isinstance(contract, str) or contract not in self.contracts:
            raise RulesError(
                f"unknown contract {contract!r} for {self.variant}; "
                f"the contracts are: {', '.join(self.contracts)}"
            )
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise RulesError(f"the dealer is a seat from 0 to {n - 1}, not {dealer!r}")
        if not isinstance(hands, Sequence) and not isinstance(hands, CardSet):
            raise RulesError(
                f"{self.variant} for {n} players needs {n} hands, given as a list, not {hands!r}"
            )
        if isinstance(hands, (str, CardSet)) or len(hands) != n:
            count = 1 if isinstance(hands, (str, CardSet)) else len(hands)
            raise RulesError(f"{self.variant} for {n} players needs {n} hands, not {count}")
        hand_values = [_listed(h) for h in hands]
        masks = [_cards(h, f"the hand of seat {seat}") for seat, h in enumerate(hand_values)]
        pile_values = {
            name: _listed(value)
            for name, value in (("widow", widow), ("stock", stock), ("kitty", kitty))
            if value is not None
        }
        given_piles = {name: _cards(value, f"the {name}") for name, value in pile_values.items()}
        reference = self.deal(dealer, random.Random(0))
        expected_piles = dict(reference.piles)
        for name in given_piles:
            if name not in expected_piles:
                raise RulesError(f"{self.variant} has no {name}")
        for name, pile in expected_piles.items():
            if name not in given_piles:
                if len(pile):
                    raise RulesError(f"{self.variant} needs the {name} ({len(pile)} cards)")
                given_piles[name] = 0
        deck = self.deck.mask
        seen: dict[int, str] = {}
        places = [(f"seat {seat}", m) for seat, m in enumerate(masks)]
        places += [(f"the {name}", m) for name, m in sorted(given_piles.items())]
        for where, mask in places:
            foreign = mask & ~deck
            if foreign:
                raise RulesError(
                    f"{where} holds {CardSet.from_mask(foreign)}, not in the "
                    f"{len(self.deck)}-card pack of {self.variant}"
                )
            for card in CardSet.from_mask(mask):
                if card.index in seen:
                    raise RulesError(f"{card} is dealt twice: to {seen[card.index]} and {where}")
                seen[card.index] = where
        for seat, (mask, ref) in enumerate(zip(masks, reference.hands)):
            if mask.bit_count() != len(ref):
                raise RulesError(
                    f"seat {seat} holds {mask.bit_count()} cards; a hand of this deal has "
                    f"{len(ref)}"
                )
        for name, mask in given_piles.items():
            size = len(expected_piles[name])
            if mask.bit_count() != size:
                raise RulesError(f"the {name} has {mask.bit_count()} cards; it should have {size}")
        missing = deck & ~sum(1 << i for i in seen)
        if missing:
            raise RulesError(f"cards missing from the deal: {CardSet.from_mask(missing)}")
        if trump is not None:
            if not self.contracts[contract].trump_round:
                raise RulesError(f"{contract} is not a trump round: it takes no trump ({trump!r})")
            try:
                from kinglib.moves import Declare

                trump = Declare(trump).trump
            except (NotationError, ValueError) as exc:
                raise RulesError(f"bad trump: {exc}") from None
            if trump in ("last", "raspis"):
                raise RulesError(
                    f"bad trump: {trump} is a declaration; give a suit, notrump or misere"
                )
        spec = DealSpec(
            contract=contract,
            dealer=dealer,
            hands=tuple(masks),
            piles=tuple(sorted(given_piles.items())),
            trump=trump,
            orders=tuple(
                sorted(
                    [(k, _order(v)) for k, v in pile_values.items()]
                    + [(f"hand:{seat}", _order(h)) for seat, h in enumerate(hand_values)]
                )
            ),
        )
        return start_deal(self, MatchSetup(deal=spec), 1)

    # ------------------------------------------------------------------ hook calls

    def dealer_for(self, deal_number: int) -> int:
        """The dealer of deal ``deal_number`` of a match: the deal passes to the left."""
        return (int(self.options["first_dealer"]) + deal_number - 1) % self.players

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
        changed = {k: v for k, v in self.options.items() if v != self.option_specs[k].default}
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        if self.plugins:
            extra += f", plugins={list(self.plugin_names)}"
        return f"load_rules({self.variant!r}, players={self.players}{extra})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rules are immutable: call load_rules() again")

    def __reduce__(self) -> Any:
        raise TypeError("Rules are not pickled: rebuild them with load_rules()")


def _cards(value: Any, what: str) -> int:
    """The mask of a hand or pile given as text, a CardSet, or an iterable of cards or texts."""
    try:
        if isinstance(value, CardSet):
            return value.mask
        if isinstance(value, str):
            return CardSet.parse(value).mask
        mask = 0
        for item in value:
            card = Card.parse(item) if isinstance(item, str) else item
            if not isinstance(card, Card):
                raise NotationError(f"not a card: {item!r}")
            if mask & card.mask:
                raise NotationError(f"card {card} appears twice")
            mask |= card.mask
        return mask
    except (NotationError, TypeError) as exc:
        raise RulesError(f"{what}: {exc}") from None


def _listed(value: Any) -> Any:
    """Keep text and card sets; turn any other iterable into a list, so it can be read twice."""
    if isinstance(value, (str, CardSet)):
        return value
    try:
        return list(value)
    except TypeError:
        return value


def _order(value: Any) -> tuple[int, ...]:
    """The card indices of an already checked pile, in the order they were given."""
    if isinstance(value, str):
        return tuple(Card.parse(word).index for word in value.replace(",", " ").split())
    return tuple((Card.parse(c) if isinstance(c, str) else c).index for c in value)


def load_rules(
    variant: str, *, players: int | None = None, plugins: Sequence[Any] = (), **options: Any
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
    from kinglib import defaults

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
        pm.register(p, name=f"kinglib.variant.{name}")
    extra: list[Any] = []
    for p in plugins:
        obj = load_house_rules(p) if isinstance(p, str) else p
        try:
            pm.register(obj, name=p if isinstance(p, str) else None)
        except ValueError as exc:
            raise RulesError(f"cannot register plugin {p!r}: {exc}") from None
        extra.append(obj)

    info: VariantInfo = pm.hook.kinglib_variant_info()
    rules = object.__new__(Rules)
    setattr_ = object.__setattr__
    setattr_(rules, "variant", variant)
    setattr_(rules, "info", info)
    setattr_(rules, "plugins", tuple(extra))
    setattr_(rules, "plugin_manager", pm)
    setattr_(
        rules,
        "_hooks",
        {name: _per_deal_caller(getattr(pm.hook, name), args) for name, args in _PER_DEAL.items()},
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
    unknown = sorted(set(options) - set(specs))
    if unknown:
        raise RulesError(
            f"unknown option {unknown[0]!r} for {variant}; its options are: "
            f"{', '.join(sorted(specs))}"
        )
    resolved: dict[str, Any] = {}
    for name, spec in specs.items():
        value = options.get(name, spec.default)
        try:
            resolved[name] = spec.resolve(value, players)
        except ValueError as exc:
            raise RulesError(f"{variant}: {exc}") from None
    setattr_(rules, "option_specs", MappingProxyType(specs))
    setattr_(rules, "options", MappingProxyType(resolved))

    deck = pm.hook.kinglib_deck(rules=rules)
    setattr_(rules, "deck", deck)
    contracts = pm.hook.kinglib_contracts(rules=rules)
    if not contracts:
        raise RulesError(f"variant {variant!r} defines no contracts")
    setattr_(rules, "contracts", MappingProxyType(dict(contracts)))
    setattr_(rules, "schedule", pm.hook.kinglib_schedule(rules=rules))
    phases: dict[Phase, PhaseRules] = {}
    for found in reversed(pm.hook.kinglib_phases(rules=rules)):
        phases.update(found)
    setattr_(rules, "phases", MappingProxyType(phases))
    setattr_(rules, "_phase_rules", phases)
    house = _house_filter(pm)
    setattr_(rules, "legal_moves_filter", house)
    if house is not None:
        # The legal cards a trick play works out for the next state would ignore the filter.
        for phase_rules in phases.values():
            if isinstance(phase_rules, TrickPlay):
                phase_rules.fills_legal = False
    unfiltered = {} if house is not None else phases
    over = _phase_over()
    setattr_(rules, "_unfiltered", {k: v for k, v in unfiltered.items() if k is not over})
    return rules


def _first(pair: tuple[str, Any]) -> str:
    return pair[0]


#: The hooks called once a deal (never once a move), with their arguments in order.
_PER_DEAL: dict[str, tuple[str, ...]] = {
    "kinglib_deal": ("rules", "dealer", "rng"),
    "kinglib_begin_deal": ("rules", "state"),
    "kinglib_score_deal": ("rules", "state"),
    "kinglib_deal_details": ("rules", "state"),
    "kinglib_match_over": ("rules", "totals", "results"),
}


def _per_deal_caller(caller: Any, argnames: tuple[str, ...]) -> Callable[..., Any]:
    """A function that calls hook ``caller`` as pluggy does, with its arguments in order.

    When an implementation is a wrapper or takes keyword-only arguments, the call goes
    through pluggy. Otherwise the implementations are called directly in pluggy's order (the
    most recently registered first, ``tryfirst``/``trylast`` respected), each with the
    arguments it names; the ``None`` results are dropped, and a ``firstresult`` hook returns
    the first other result (or ``None``), as pluggy's own call does, without pluggy's
    bookkeeping on every call.
    """
    impls = caller.get_hookimpls()
    for impl in impls:
        if impl.hookwrapper or getattr(impl, "wrapper", False) or impl.kwargnames:
            return lambda *args: caller(**dict(zip(argnames, args)))
    spec = caller.spec
    firstresult = bool(spec is not None and spec.opts.get("firstresult"))
    calls = tuple(
        _positional(impl.function, tuple(impl.argnames), argnames) for impl in reversed(impls)
    )

    def call_first(*args: Any) -> Any:
        for call in calls:
            result = call(*args)
            if result is not None:
                return result
        return None

    def call_all(*args: Any) -> list[Any]:
        results = []
        for call in calls:
            result = call(*args)
            if result is not None:
                results.append(result)
        return results

    return call_first if firstresult else call_all


def _positional(
    function: Callable[..., Any], names: tuple[str, ...], argnames: tuple[str, ...]
) -> Callable[..., Any]:
    """``function``, called with the hook's arguments in order, takes those it names."""
    if names == argnames:
        return function
    picked = tuple(argnames.index(name) for name in names)
    if not picked:
        return lambda *args: function()
    pick = itemgetter(*picked)
    if len(picked) == 1:
        return lambda *args: function(pick(args))
    return lambda *args: function(*pick(args))


def _phase_over() -> Phase:
    """``Phase.OVER`` (state.py imports this module's types, so it is fetched late)."""
    from kinglib.state import Phase

    return Phase.OVER


def _info_of(plugin: Any, name: str) -> VariantInfo:
    get = getattr(plugin, "kinglib_variant_info", None)
    if get is None:
        raise RulesError(f"variant plugin {name!r} has no kinglib_variant_info hook")
    info: VariantInfo = get()
    return info


def _house_filter(
    pm: pluggy.PluginManager,
) -> Callable[[State, tuple[Move, ...]], tuple[Move, ...]] | None:
    caller = pm.hook.kinglib_legal_moves
    if not caller.get_hookimpls():
        return None

    def restrict(state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        kept = moves
        for found in caller(state=state, moves=moves):
            if found is not None:
                allowed = set(found)
                kept = tuple(m for m in kept if m in allowed)
        return kept

    return restrict
