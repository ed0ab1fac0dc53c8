"""What a table can be made of: the variants with their options, the house rules, the bots.

Built once per server (loading every variant's rules takes a while) and served from memory.
"""

from __future__ import annotations

from typing import Any

from kinglib import house_rules_names, load_rules, variant_names
from kinglib.web.seats import bot_kinds

__all__ = ["catalogue", "option_info", "plain", "variants_info"]


def plain(value: Any) -> Any:
    """A value as JSON holds it: tuples as lists, anything else that is not JSON as text."""
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def option_info(option: Any) -> dict[str, Any]:
    """One option as the lobby shows it: name, one-line description, kind, default, choices.

    ``kind`` is ``bool``, ``int``, ``str``, ``tuple`` (an ordered list of contract ids) or
    ``None`` (any value); a tuple's default is a list.
    """
    kind = getattr(option.kind, "__name__", None)
    choices = [plain(c) for c in option.choices] if option.choices is not None else None
    return {
        "name": option.name,
        "label": option.name.replace("_", " "),
        "doc": option.doc,
        "default": plain(option.default),
        "kind": kind,
        "choices": choices,
    }


def variants_info() -> list[dict[str, Any]]:
    """Every installed variant that loads: titles, player counts, options, contract titles."""
    out = []
    for name in variant_names():
        try:
            rules = load_rules(name)
        except Exception:  # a broken plugin hides only itself
            continue
        info = rules.info
        out.append(
            {
                "name": name,
                "title": info.display_title,
                "native_title": info.title,
                "summary": info.summary,
                "players": list(info.players),
                "default_players": info.default_players,
                "options": [option_info(o) for o in rules.option_specs.values()],
                "contracts": {cid: c.title for cid, c in rules.contracts.items()},
            }
        )
    return out


def catalogue() -> dict[str, Any]:
    """Variants, house rules and bots."""
    return {
        "variants": variants_info(),
        "house_rules": list(house_rules_names()),
        "bots": list(bot_kinds()),
    }
