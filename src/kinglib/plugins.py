"""Finding plugins: the built-in variant table, entry points, and the plugin manager factory.

Built-in variants are listed here explicitly and resolved first, so installing another package
never changes what a built-in name means. Third-party variants register under the entry point
group ``kinglib.variants``; house rules under ``kinglib.house_rules``, and only apply when a
caller names them in ``plugins=[...]``.
"""

from __future__ import annotations

import importlib
from importlib import metadata
from typing import Any

import pluggy

from kinglib import hookspecs
from kinglib.errors import RulesError, UnknownVariantError

__all__ = [
    "BUILTIN_VARIANTS",
    "HOUSE_RULES_GROUP",
    "VARIANTS_GROUP",
    "house_rules_names",
    "load_house_rules",
    "load_variant_plugin",
    "make_plugin_manager",
    "variant_names",
]

#: The entry point group of third-party variants.
VARIANTS_GROUP = "kinglib.variants"
#: The entry point group of installable house rules.
HOUSE_RULES_GROUP = "kinglib.house_rules"

#: The variants that ship with kinglib: name -> module of the plugin.
BUILTIN_VARIANTS: dict[str, str] = {
    "atomic": "kinglib_variants.atomic",
    "bidding": "kinglib_variants.bidding",
    "domino": "kinglib_variants.domino",
    "jokers": "kinglib_variants.jokers",
    "omnibus": "kinglib_variants.omnibus",
    "ordered": "kinglib_variants.ordered",
    "simple": "kinglib_variants.simple",
    "three-hand": "kinglib_variants.three_hand",
}


def _entry_points(group: str) -> dict[str, metadata.EntryPoint]:
    return {ep.name: ep for ep in metadata.entry_points(group=group)}


def variant_names() -> tuple[str, ...]:
    """The names of every variant: the built-ins and the installed plugins, sorted."""
    return tuple(sorted(set(BUILTIN_VARIANTS) | set(_entry_points(VARIANTS_GROUP))))


def house_rules_names() -> tuple[str, ...]:
    """The names of the installed house-rules plugins, sorted."""
    return tuple(sorted(_entry_points(HOUSE_RULES_GROUP)))


def load_variant_plugin(name: str) -> Any:
    """The plugin object of a variant, built in or installed.

    Raises :class:`~kinglib.errors.UnknownVariantError` for a name that is neither.
    """
    if not isinstance(name, str):
        raise UnknownVariantError(f"a variant is named by a string, not {name!r}")
    module = BUILTIN_VARIANTS.get(name)
    if module is not None:
        return importlib.import_module(module)
    ep = _entry_points(VARIANTS_GROUP).get(name)
    if ep is None:
        raise UnknownVariantError(
            f"unknown variant {name!r}; the variants are: {', '.join(variant_names())}"
        )
    return ep.load()


def load_house_rules(name: str) -> Any:
    """The plugin object of installed house rules, by entry point name."""
    ep = _entry_points(HOUSE_RULES_GROUP).get(name)
    if ep is None:
        known = ", ".join(house_rules_names()) or "none are installed"
        raise RulesError(f"unknown house rules {name!r} ({known})")
    return ep.load()


def make_plugin_manager() -> pluggy.PluginManager:
    """A fresh plugin manager that knows kinglib's hook specifications."""
    pm = pluggy.PluginManager("kinglib")
    pm.add_hookspecs(hookspecs)
    return pm
