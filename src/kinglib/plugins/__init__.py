"""The plugins: the hook specifications, the plugin manager, the stock hooks and loading rules.

:mod:`~kinglib.plugins.hookspecs` declares every hook; :mod:`~kinglib.plugins.manager` finds
variants and house rules and registers them (its names are importable from this package too,
as ``from kinglib.plugins import variant_names``); :mod:`~kinglib.plugins.defaults` holds the
hooks every variant starts from; :mod:`~kinglib.plugins.loading` builds
:class:`~kinglib.engine.rules.Rules` from them (:func:`~kinglib.plugins.loading.load_rules`)
after :mod:`~kinglib.plugins.checks` has checked what the plugins answered;
:mod:`~kinglib.plugins.invariants` holds the invariants a variant declares.
"""

from kinglib.plugins.manager import (
    BUILTIN_VARIANTS,
    HOUSE_RULES_GROUP,
    VARIANTS_GROUP,
    KinglibPluginManager,
    add_variant,
    house_rule_options,
    house_rules_names,
    house_rules_providing,
    load_house_rules,
    load_variant_plugin,
    make_plugin_manager,
    plugin_id,
    plugin_ids,
    register_plugins,
    register_variant,
    unknown_option_hint,
    variant_names,
)

__all__ = [
    "BUILTIN_VARIANTS",
    "HOUSE_RULES_GROUP",
    "VARIANTS_GROUP",
    "KinglibPluginManager",
    "add_variant",
    "house_rule_options",
    "house_rules_names",
    "house_rules_providing",
    "load_house_rules",
    "load_variant_plugin",
    "make_plugin_manager",
    "plugin_id",
    "plugin_ids",
    "register_plugins",
    "register_variant",
    "unknown_option_hint",
    "variant_names",
]
