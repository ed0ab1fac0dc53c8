"""Sphinx directives that render kinglib's variant tables from the code itself.

``.. kinglib-options:: simple`` lists a variant's options, ``.. kinglib-contracts:: simple``
its contracts with prices and totals, ``.. kinglib-schedule:: simple`` the deals of a match,
``.. kinglib-variant:: simple`` the variant at a glance (players, pack, hands, match length),
``.. kinglib-observation:: simple`` every field of the adapters' observation vector.
Each accepts ``:players:``, ``:options:`` (``key=value`` pairs separated by ``;``) and
``:plugins:`` (house-rule names separated by commas), so the tables in the docs are always those
of the code. A table that cannot be rendered fails the build (see ``kinglib_render_checks``).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from kinglib_render_checks import refuse
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import kinglib
from kinglib.plugins.invariants import invariants_of


def _rules(variant: str, opts: dict[str, Any]) -> kinglib.Rules:
    players = opts.get("players")
    options: dict[str, Any] = {}
    for pair in (opts.get("options") or "").split(";"):
        if pair.strip():
            key, _, value = pair.partition("=")
            options[key.strip()] = value.strip()
    plugins = [p.strip() for p in (opts.get("plugins") or "").split(",") if p.strip()]
    return kinglib.load_rules(variant, players=players, plugins=plugins, **options)


def _cell(value: object) -> str:
    text = str(value).replace("|", "/")
    return text if text else " "


class _TableDirective(SphinxDirective):
    required_arguments = 1
    option_spec = {  # noqa: RUF012
        "players": directives.positive_int,
        "options": directives.unchanged,
        "plugins": directives.unchanged,
    }

    def rows(self, rules: kinglib.Rules) -> tuple[list[str], list[list[object]]]:
        """The header and the rows of the table."""
        raise NotImplementedError

    def run(self) -> list[nodes.Node]:
        try:
            rules = _rules(self.arguments[0], dict(self.options))
            header, rows = self.rows(rules)
        except Exception as exc:  # whatever the cause, the build must fail and say where
            hint = ""
            if "unknown house rules" in str(exc):
                hint = (
                    "; the docs need the example house rules: pip install -e examples/house_rules"
                )
            return [refuse(self, f"{self.name}: {exc}{hint}")]
        lines = [".. list-table::", "   :header-rows: 1", ""]
        for row in [header, *rows]:
            lines.append(f"   * - {_cell(row[0])}")
            lines.extend(f"     - {_cell(c)}" for c in row[1:])
        container = nodes.container()
        self.state.nested_parse(StringList(lines), self.content_offset, container)
        return container.children


class OptionsTable(_TableDirective):
    """The options of a variant: name, default, allowed values, meaning."""

    def rows(self, rules: kinglib.Rules) -> tuple[list[str], list[list[object]]]:  # noqa: D102
        rows: list[list[object]] = []
        for name, spec in sorted(rules.option_specs.items()):
            default = spec.default_given(rules.options, rules.players)
            if isinstance(default, tuple):
                default = ", ".join(default)
            choices = ", ".join(str(c) for c in spec.choices) if spec.choices else ""
            rows.append([f"``{name}``", f"``{default}``", choices, spec.doc])
        return ["option", "default", "values", "what it does"], rows


class ContractsTable(_TableDirective):
    """The contracts of a variant with what they count and their totals."""

    def rows(self, rules: kinglib.Rules) -> tuple[list[str], list[list[object]]]:  # noqa: D102
        rows: list[list[object]] = [
            [f"``{c.id}``", c.name, c.description, f"{c.total:+d}"]
            for c in rules.contracts.values()
        ]
        return ["id", "name", "what counts", "deal total"], rows


class ScheduleTable(_TableDirective):
    """The deals of a match; a run of deals with the same contract (or marker) is one row."""

    def rows(self, rules: kinglib.Rules) -> tuple[list[str], list[list[object]]]:  # noqa: D102
        schedule = rules.schedule
        if schedule.repeat is not None:
            return ["deal", "contract"], [["every deal", self.label(rules, schedule.repeat)]]
        rows: list[list[object]] = []
        first = 1
        for number, cid in enumerate(schedule.deals, start=1):
            last = number == len(schedule.deals) or schedule.deals[number] != cid
            if last:
                deals = str(first) if first == number else f"{first}–{number}"
                rows.append([deals, self.label(rules, cid)])
                first = number + 1
        return ["deal", "contract"], rows

    @staticmethod
    def label(rules: kinglib.Rules, cid: str) -> str:
        """The contract id with its name, or what a marker means."""
        contract = rules.contracts.get(cid)
        if contract is not None:
            return f"``{cid}`` ({contract.name})"
        if cid == "choose":
            return "``choose``: the contract is chosen during the deal"
        return f"``{cid}``"


class VariantTable(_TableDirective):
    """A variant at a glance: players, pack, hands, match, zero-sum, as the code has them."""

    def rows(self, rules: kinglib.Rules) -> tuple[list[str], list[list[object]]]:  # noqa: D102
        info = rules.info
        players = ", ".join(
            f"**{n}**" if n == info.default_players else str(n) for n in info.players
        )
        start = rules.new_match(seed=0)
        sizes = sorted({len(start.hand(seat)) for seat in range(rules.players)} - {0})
        piles = ", ".join(f"{name} {len(cards)}" for name, cards in start.piles.items() if cards)
        hands = " or ".join(str(n) for n in sizes) + " cards each"
        if piles:
            hands += f"; {piles}"
        declared = invariants_of(rules)
        length = rules.schedule.length
        if length is not None:
            match = f"{length} deals"
        elif declared.threshold is not None:
            match = f"until some total is {declared.threshold} or lower after a deal"
        else:
            match = "open-ended"
        rows: list[list[object]] = [
            ["title", info.title],
            ["players", f"{players} (default in bold)"],
            ["pack", f"{len(rules.deck)} cards"],
            ["first deal", hands],
            ["match", match],
            ["zero-sum", self.balance(rules, declared.zero_sum)],
        ]
        if info.base:
            rows.append(["builds on", f"``{info.base}``"])
        return ["", f"``{rules.variant}``, {rules.players} players"], rows

    @staticmethod
    def balance(rules: kinglib.Rules, zero_sum: bool) -> str:
        """``yes: −192 against +192`` for a fixed zero-sum match, else ``yes`` or ``no``."""
        deals = rules.schedule.deals
        if not zero_sum:
            return "no"
        if rules.schedule.repeat is not None or not all(d in rules.contracts for d in deals):
            return "yes"
        half = sum(t for t in (rules.contracts[d].total for d in deals) if t > 0)
        return f"yes: −{half} against +{half}"


class ObservationTable(_TableDirective):
    """Every field of a variant's observation vector: offset, size, range, meaning."""

    def rows(self, rules: kinglib.Rules) -> tuple[list[str], list[list[object]]]:  # noqa: D102
        from kinglib.adapters.observation import Observation

        encoder = Observation(rules)
        rows: list[list[object]] = [
            [f"``{name}``", start, size, value_range, meaning]
            for name, start, size, value_range, meaning in encoder.table()
            if size
        ]
        rows.append(["(all)", 0, encoder.size, "", f"scale of ``totals``: B = {encoder.bound}"])
        return ["field", "offset", "size", "range", "what it holds"], rows


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives."""
    app.setup_extension("kinglib_render_checks")
    app.add_directive("kinglib-options", OptionsTable)
    app.add_directive("kinglib-contracts", ContractsTable)
    app.add_directive("kinglib-schedule", ScheduleTable)
    app.add_directive("kinglib-variant", VariantTable)
    app.add_directive("kinglib-observation", ObservationTable)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
