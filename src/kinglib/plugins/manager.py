"""Finding plugins: the built-in variant table, entry points, and the plugin manager factory.

Built-in variants are listed here explicitly and resolved first, so installing another package
never changes what a built-in name means. Third-party variants register under the entry point
group ``kinglib.variants``; house rules under ``kinglib.house_rules``, and only apply when a
caller names them in ``plugins=[...]``.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import types
from collections.abc import Sequence
from importlib import metadata
from typing import Any

import pluggy

from kinglib.plugins import hookspecs
from kinglib.values.errors import RulesError, UnknownVariantError

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

#: The entry point group of third-party variants.
VARIANTS_GROUP = "kinglib.variants"
#: The entry point group of installable house rules.
HOUSE_RULES_GROUP = "kinglib.house_rules"

#: The variants that ship with kinglib: name -> module of the plugin.
BUILTIN_VARIANTS: dict[str, str] = {
    "atomic": "kinglib_variants.atomic",
    "barbu": "kinglib_variants.barbu",
    "bidding": "kinglib_variants.bidding",
    "brazilian": "kinglib_variants.brazilian",
    "domino": "kinglib_variants.domino",
    "jokers": "kinglib_variants.jokers",
    "kierki": "kinglib_variants.kierki",
    "omnibus": "kinglib_variants.omnibus",
    "ordered": "kinglib_variants.ordered",
    "simple": "kinglib_variants.simple",
    "three-hand": "kinglib_variants.three_hand",
    "turkish": "kinglib_variants.turkish",
}


def _entry_points(group: str) -> dict[str, metadata.EntryPoint]:
    return {ep.name: ep for ep in metadata.entry_points(group=group)}


#: Variants added in this process by :func:`add_variant`: name -> plugin.
_ADDED: dict[str, Any] = {}


def add_variant(plugin: Any) -> str:
    """Make a variant plugin known by its name in this process, without installing it.

    ``plugin`` is a module, class or object with a ``kinglib_variant_info`` hook; its
    ``VariantInfo.name`` becomes a name :func:`kinglib.load_rules`, records and the checks of
    :mod:`kinglib.testing` know, as if the variant were installed under the entry point group
    ``kinglib.variants`` (which is how a finished variant is published). Adding a plugin under
    a name already added replaces it. Worker processes of ``simulate`` know the variant only
    when they are forked from this one.

    Returns the name. Raises :class:`~kinglib.values.errors.RulesError` for a plugin without the
    hook or for the name of a built-in variant.
    """
    get = getattr(plugin, "kinglib_variant_info", None)
    if get is None:
        raise RulesError(f"{plugin_id(plugin)} has no kinglib_variant_info hook")
    name = get().name
    if name in BUILTIN_VARIANTS:
        raise RulesError(f"{name!r} is a built-in variant; give the new variant another name")
    _ADDED[name] = plugin
    return str(name)


def variant_names() -> tuple[str, ...]:
    """The names of every variant: built in, installed, or added by :func:`add_variant`."""
    return tuple(sorted(set(BUILTIN_VARIANTS) | set(_entry_points(VARIANTS_GROUP)) | set(_ADDED)))


def house_rules_names() -> tuple[str, ...]:
    """The names of the installed house-rules plugins, sorted."""
    return tuple(sorted(_entry_points(HOUSE_RULES_GROUP)))


def load_variant_plugin(name: str) -> Any:
    """The plugin object of a variant, built in or installed.

    Raises :class:`~kinglib.values.errors.UnknownVariantError` for a name that is neither.
    """
    if not isinstance(name, str):
        raise UnknownVariantError(f"a variant is named by a string, not {name!r}")
    module = BUILTIN_VARIANTS.get(name)
    if module is not None:
        return importlib.import_module(module)
    if name in _ADDED:
        return _ADDED[name]
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


#: The names of kinglib's hooks.
HOOK_NAMES: frozenset[str] = frozenset(n for n in hookspecs.__all__ if n.startswith("kinglib_"))


class KinglibPluginManager(pluggy.PluginManager):
    """The plugin manager of a :class:`~kinglib.Rules`: kinglib's hooks, written either way.

    A plugin's function named for one of kinglib's hooks (``kinglib_contracts``,
    ``kinglib_score_deal``...) implements it whether or not it carries ``@kinglib.hookimpl``,
    as pytest collects a plugin's ``pytest_*`` functions; the decorator is needed only for
    options such as ``tryfirst``, ``trylast``, ``wrapper`` or ``specname``. A function of a
    plugin whose name starts with ``kinglib_`` but names no hook is refused when the plugin is
    registered (a misspelt hook would otherwise never be called).
    """

    def __init__(self) -> None:
        """A manager of project ``kinglib`` that knows kinglib's hook specifications."""
        super().__init__("kinglib")
        self.add_hookspecs(hookspecs)

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> pluggy.HookimplOpts | None:
        """The options of ``plugin``'s hook ``name``: its decorator's, or the defaults.

        Only a function or method named ``kinglib_*`` is a hook implementation.
        """
        if not name.startswith("kinglib_"):
            return None
        opts = super().parse_hookimpl_opts(plugin, name)
        if opts is not None:
            return opts
        if not inspect.isroutine(inspect.getattr_static(plugin, name, None)):
            return None
        return pluggy.HookimplOpts(
            wrapper=False,
            hookwrapper=False,
            optionalhook=False,
            tryfirst=False,
            trylast=False,
            specname=None,
        )

    def register(self, plugin: Any, name: str | None = None) -> str | None:
        """Register ``plugin``, refusing a function named ``kinglib_*`` that names no hook.

        Raises :class:`~kinglib.values.errors.RulesError` naming the function and the hook it
        most resembles.
        """
        for attr in dir(plugin):
            opts = self.parse_hookimpl_opts(plugin, attr)
            if opts is None:
                continue
            hook = opts.get("specname") or attr
            if hook not in HOOK_NAMES:
                stems = {n.removeprefix("kinglib_"): n for n in HOOK_NAMES}
                close = difflib.get_close_matches(hook.removeprefix("kinglib_"), sorted(stems), 1)
                hint = f"; did you mean {stems[close[0]]}?" if close else ""
                who = name or plugin_id(plugin)
                raise RulesError(f"plugin {who!r}: {attr} is not one of kinglib's hooks{hint}")
        return super().register(plugin, name)


def make_plugin_manager() -> KinglibPluginManager:
    """A fresh :class:`KinglibPluginManager`."""
    return KinglibPluginManager()


def plugin_id(plugin: Any) -> str:
    """The one name of a caller's plugin, used everywhere it is named.

    A name given as text is an installed house rule's entry point name and stays as it is. A
    module, class or function that an installed house-rules entry point points at is named by
    that entry point; any other module by its ``__name__``, any other class or function by
    ``module.QualifiedName``, and any other object by its class's ``module.QualifiedName``.
    The same name appears in :attr:`Rules.plugin_names <kinglib.Rules.plugin_names>`,
    ``repr(rules)``, the conformance suite's test ids, records and invariant messages.
    """
    if isinstance(plugin, str):
        return plugin
    if isinstance(plugin, types.ModuleType):
        target = plugin.__name__
        own = target
    elif isinstance(plugin, (type, types.FunctionType)):
        target = f"{plugin.__module__}:{plugin.__qualname__}"
        own = f"{plugin.__module__}.{plugin.__qualname__}"
    else:
        cls = type(plugin)
        return f"{cls.__module__}.{cls.__qualname__}"
    for ep in metadata.entry_points(group=HOUSE_RULES_GROUP):
        if ep.value.replace(" ", "") == target:
            return ep.name
    return own


def plugin_ids(plugins: Sequence[Any]) -> list[str]:
    """The names of ``plugins`` in order, from :func:`plugin_id`.

    The second and later plugins of one name (two objects of one class) get ``#2``, ``#3``...
    """
    out: list[str] = []
    seen: dict[str, int] = {}
    for p in plugins:
        name = plugin_id(p)
        count = seen.get(name, 0) + 1
        seen[name] = count
        out.append(name if count == 1 else f"{name}#{count}")
    return out


def register_plugins(pm: pluggy.PluginManager, plugins: Sequence[Any]) -> tuple[Any, ...]:
    """Register the caller's plugins (objects, or installed house rules by name) on ``pm``.

    Each is registered under its name from :func:`plugin_ids`. Returns the plugin objects in
    order. Raises :class:`~kinglib.values.errors.RulesError` for an unknown house rule or a plugin
    pluggy refuses (the same object twice, a hook that is not kinglib's).
    """
    objects: list[Any] = []
    for p, name in zip(plugins, plugin_ids(plugins)):
        obj = load_house_rules(p) if isinstance(p, str) else p
        try:
            pm.register(obj, name=name)
        except RulesError:
            raise
        except ValueError as exc:
            raise RulesError(f"cannot register plugin {name!r}: {exc}") from None
        objects.append(obj)
    return tuple(objects)


def register_variant(
    pm: pluggy.PluginManager, name: str, plugin: Any, parts: Sequence[Any]
) -> None:
    """Register a variant's plugin on ``pm``, after the building blocks it names as ``parts``.

    A part already registered (by a base variant) is not registered again. A part is named by
    its module's ``__name__`` (a class by ``module.QualifiedName``, an object by
    :func:`plugin_id`), the variant ``kinglib.variant.<name>``.
    """
    for part in parts:
        if not pm.is_registered(part):
            # A part is named by its module (or class) name; no entry point is looked up.
            own = getattr(part, "__name__", None)
            if not isinstance(part, types.ModuleType) and isinstance(part, type):
                own = f"{part.__module__}.{part.__qualname__}"
            pm.register(part, name=own if isinstance(own, str) else plugin_id(part))
    pm.register(plugin, name=f"kinglib.variant.{name}")


def house_rule_options(plugin: Any, variant: str = "") -> tuple[Any, ...]:
    """The options a house-rules plugin adds (its ``kinglib_options`` hook), or ``()``."""
    hook = getattr(plugin, "kinglib_options", None)
    if hook is None:
        return ()
    return tuple(hook(variant=variant) or ())


def house_rules_providing(option: str, variant: str) -> tuple[str, ...]:
    """The installed house rules that add option ``option`` (for an unknown-option message).

    A house rule that cannot be loaded is left out.
    """
    found: list[str] = []
    for name in house_rules_names():
        try:
            options = house_rule_options(load_house_rules(name), variant)
        except Exception:  # a broken plugin must not hide the others
            continue
        if any(getattr(o, "name", None) == option for o in options):
            found.append(name)
    return tuple(found)


def unknown_option_hint(option: str, variant: str) -> str:
    """The end of an unknown-option message: the installed house rules that add it, if any."""
    names = house_rules_providing(option, variant)
    if not names:
        return ""
    quoted = " or ".join(repr(n) for n in names)
    return (
        f" (installed house rules {quoted} add it: pass plugins=[{names[0]!r}], or "
        f"--plugin {names[0]} on the command line)"
    )
