"""Loading rules: :func:`load_rules` resolves a variant, its options and plugins into Rules.

It builds a fresh plugin manager for every rules object: kinglib's defaults first, then the
building blocks each variant names (``VariantInfo.parts``), the variant's base (if any), the
variant, and the caller's plugins. It then asks the hooks once for the pack, the contracts,
the schedule and the phase rules, so that playing a card calls no hook unless a house rule
filters the legal moves (:mod:`kinglib.plugins.hookspecs` states when each hook is called), and
checks what they answered (:mod:`kinglib.plugins.checks`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs

from kinglib.engine.hook_calls import house_filter
from kinglib.engine.phases import ContractPlay, PhaseRules
from kinglib.engine.rules import DIRECTIONS, Rules, assemble, settle
from kinglib.engine.state import Phase
from kinglib.plugins import defaults
from kinglib.plugins.checks import check_loaded, settled_contracts
from kinglib.plugins.manager import (
    load_variant_plugin,
    make_plugin_manager,
    register_plugins,
    register_variant,
    unknown_option_hint,
)
from kinglib.values.errors import RulesError, short_repr
from kinglib.values.options import Option, VariantInfo

__all__ = ["DIRECTIONS", "Rules", "load_rules"]


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
    pm.register(defaults, name="kinglib.plugins.defaults")
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
    rules = assemble(variant, info, extra, pm)

    if players is None:
        players = info.default_players
    if isinstance(players, bool) or not isinstance(players, int):
        raise RulesError(f"players is a whole number, not {short_repr(players)}")
    if players not in info.players:
        counts = ", ".join(str(p) for p in info.players)
        raise RulesError(f"{variant} is played by {counts} players, not {short_repr(players)}")
    settle(rules, players=players)

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
    settle(rules, option_specs=MappingProxyType(specs))
    settle(rules, options=MappingProxyType({name: resolved[name] for name in specs}))

    direction = pm.hook.kinglib_direction(rules=rules)
    if direction not in DIRECTIONS:
        raise RulesError(
            f"{variant}: the direction of play is 'clockwise' or 'counterclockwise', not "
            f"{short_repr(direction)}"
        )
    settle(rules, direction=direction)
    settle(rules, step=1 if direction == "clockwise" else players - 1)
    deck = pm.hook.kinglib_deck(rules=rules)
    settle(rules, deck=deck)
    piles = pm.hook.kinglib_deal_piles(rules=rules) or {}
    _check_piles(variant, piles, len(deck), players)
    settle(rules, deal_piles=MappingProxyType(dict(piles)))
    contracts = pm.hook.kinglib_contracts(rules=rules)
    if not contracts:
        raise RulesError(f"variant {variant!r} defines no contracts")
    settle(rules, contracts=MappingProxyType(settled_contracts(rules, contracts)))
    settle(rules, schedule=pm.hook.kinglib_schedule(rules=rules))
    # The house filter is known before the phases are built: a phase reads it from the rules
    # it is built with (a trick play carries no legal cards when a filter may cut them).
    settle(rules, legal_moves_filter=house_filter(pm))
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
    settle(rules, play_phases=MappingProxyType(named))
    if named:
        trick_play = phases.get(Phase.PLAY)
        phases[Phase.PLAY] = ContractPlay(trick_play, named)
    settle(rules, phases=MappingProxyType(phases))
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


def _info_of(plugin: Any, name: str) -> VariantInfo:
    get = getattr(plugin, "kinglib_variant_info", None)
    if get is None:
        raise RulesError(f"variant plugin {name!r} has no kinglib_variant_info hook")
    info: VariantInfo = get()
    return info
