"""Rich tables for the command line: variants, rules, the score sheet and a simulation summary.

The score sheet is laid out like a King score pad: one row per deal with its number, the
contract and each seat's points (with their sign, a dash for nothing), a subtotal after each
run of penalty or bonus deals, the match totals, and the winner.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from kinglib.options import Option
from kinglib.play import Summary
from kinglib.rules import Rules
from kinglib.state import DealResult

__all__ = [
    "contracts_table",
    "options_table",
    "points_text",
    "schedule_table",
    "score_sheet",
    "seat_labels",
    "summary_table",
    "variants_table",
    "winners_line",
]


def points_text(points: int) -> str:
    """Signed points as on a score pad: ``+6``, ``-12``, and a dash for nothing."""
    return "—" if points == 0 else f"{points:+d}"


def seat_labels(players: int, human: int | None = None) -> list[str]:
    """Column headings for the seats: ``seat 0`` …, and ``you`` for a human's seat."""
    return [f"seat {seat} (you)" if seat == human else f"seat {seat}" for seat in range(players)]


def _option_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (tuple, list)):
        return ",".join(str(v) for v in value)
    return str(value)


def variants_table(names: Sequence[str], load: Any) -> Table:
    """The installed variants with title, player counts and options (with defaults).

    ``load(name)`` returns the variant's :class:`Rules` (or raises a kinglib error, shown in
    the row).
    """
    table = Table(title="kinglib variants", show_lines=True)
    table.add_column("variant", no_wrap=True, min_width=7)
    table.add_column("title", min_width=12, max_width=18)
    table.add_column("players", no_wrap=True, min_width=7)
    table.add_column("options (defaults)", no_wrap=True, overflow="ellipsis", max_width=40)
    for name in names:
        try:
            rules: Rules = load(name)
        except Exception as exc:  # a broken plugin must not hide the others
            table.add_row(Text(name), Text(f"cannot load: {exc}"), Text(""), Text(""))
            continue
        info = rules.info
        counts = ", ".join(f"{p}*" if p == info.default_players else str(p) for p in info.players)
        options = "\n".join(
            f"{spec.name}={_option_value(spec.default)}" for spec in rules.option_specs.values()
        )
        table.add_row(Text(name), Text(info.title), Text(counts), Text(options))
    table.caption = "* the default number of players"
    return table


def contracts_table(rules: Rules) -> Table:
    """The contracts of the rules: id, names, what they count, and the points of a deal."""
    table = Table(title=f"{rules.variant}: contracts ({rules.players} players)")
    table.add_column("id", no_wrap=True)
    table.add_column("name")
    table.add_column("title")
    table.add_column("counts")
    table.add_column("deal total", justify="right")
    for contract in rules.contracts.values():
        table.add_row(
            Text(contract.id),
            Text(contract.name),
            Text(contract.title),
            Text(contract.description),
            Text(points_text(contract.total)),
        )
    return table


def schedule_table(rules: Rules) -> Table:
    """The match structure: the contract of every deal, or the open-ended rule."""
    schedule = rules.schedule
    table = Table(title=f"{rules.variant}: the match")
    table.add_column("deal", justify="right")
    table.add_column("contract")
    table.add_column("deal total", justify="right")
    if schedule.repeat is not None:
        table.add_row(Text("every"), Text(_contract_label(rules, schedule.repeat)), Text(""))
        table.caption = "deals go on until the variant's end of match"
        return table
    total = 0
    for number, cid in enumerate(schedule.deals, start=1):
        contract = rules.contracts.get(cid)
        if contract is not None:
            total += contract.total
        table.add_row(
            Text(str(number)),
            Text(_contract_label(rules, cid)),
            Text(points_text(contract.total) if contract is not None else ""),
        )
    balance = "zero-sum" if total == 0 else f"the deals hand out {total:+d} in all"
    table.caption = f"{len(schedule.deals)} deals; {balance}"
    return table


def options_table(rules: Rules) -> Table:
    """Every option of the rules: its value here, its default and what it does."""
    table = Table(title=f"{rules.variant}: options")
    table.add_column("option", no_wrap=True)
    table.add_column("value", overflow="fold")
    table.add_column("default", overflow="fold")
    table.add_column("meaning")
    specs: dict[str, Option] = dict(rules.option_specs)
    for name, spec in specs.items():
        table.add_row(
            Text(name),
            Text(_option_value(rules.options[name])),
            Text(_option_value(spec.default)),
            Text(spec.doc),
        )
    return table


def _contract_label(rules: Rules, cid: str, trump: Any = None) -> str:
    contract = rules.contracts.get(cid)
    label = contract.title if contract is not None else cid
    if trump is not None:
        label += f" ({trump})"
    return label


def _sign(rules: Rules, result: DealResult) -> int:
    contract = rules.contracts.get(result.contract)
    if contract is not None and contract.sign:
        return contract.sign
    return (result.total > 0) - (result.total < 0)


def score_sheet(
    rules: Rules,
    results: Sequence[DealResult],
    winners: Sequence[int] = (),
    human: int | None = None,
) -> Table:
    """The score sheet of a match: a row per deal, subtotals, totals and the winner.

    When the penalty deals come first and the bonus deals after them (the classic match),
    each part ends with its subtotal, as on a paper score pad; when they alternate (a
    variant where players choose), the two subtotals come together before the total.
    """
    n = rules.players
    table = Table(title=f"Score sheet — {rules.variant}")
    table.add_column("№", justify="right")
    table.add_column("contract")
    for label in seat_labels(n, human):
        table.add_column(label, justify="right")
    signs = [_sign(rules, r) for r in results]
    runs = sum(1 for i, sign in enumerate(signs) if i == 0 or sign != signs[i - 1])
    names = {-1: "penalties", 1: "bonuses", 0: "other deals"}

    def subtotal(label: str, points: Sequence[int], end: bool) -> None:
        table.add_row(
            Text(""),
            Text(f"subtotal of {label}", style="bold"),
            *(Text(points_text(p), style="bold") for p in points),
            end_section=end,
        )

    def sums(indices: Sequence[int]) -> list[int]:
        return [sum(results[i].points[seat] for i in indices) for seat in range(n)]

    run: list[int] = []
    for i, result in enumerate(results):
        table.add_row(
            Text(str(i + 1)),
            Text(_contract_label(rules, result.contract, result.trump)),
            *(Text(points_text(p)) for p in result.points),
        )
        run.append(i)
        last_of_run = i + 1 == len(results) or signs[i + 1] != signs[i]
        if runs <= 2 and last_of_run:
            subtotal(names[signs[i]], sums(run), end=True)
            run = []
    if runs > 2:
        table.rows[-1].end_section = True
        for sign in (-1, 1, 0):
            chosen = [i for i, s in enumerate(signs) if s == sign]
            if chosen:
                subtotal(f"all {names[sign]}", sums(chosen), end=False)
        table.rows[-1].end_section = True
    totals = sums(range(len(results)))
    table.add_row(
        Text(""), Text("total", style="bold"), *(Text(f"{t:+d}", style="bold") for t in totals)
    )
    if winners:
        table.add_row(
            Text(""),
            Text("winner", style="bold"),
            *(Text("★ wins" if seat in winners else "") for seat in range(n)),
        )
    return table


def winners_line(totals: Sequence[int], winners: Sequence[int]) -> str:
    """One line naming the winner(s) and the winning total."""
    if not winners:
        return "No winner yet."
    seats = ", ".join(str(s) for s in winners)
    best = totals[winners[0]]
    if len(winners) == 1:
        return f"Winner: seat {seats} with {best:+d}."
    return f"Winners (tied): seats {seats} with {best:+d}."


def summary_table(summary: Summary) -> Table:
    """Wins, mean and spread of totals per seat, with the counts and time in the caption."""
    table = Table(title=f"{summary.variant}: {summary.games} games (seed {summary.seed})")
    table.add_column("seat", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win %", justify="right")
    table.add_column("mean total", justify="right")
    table.add_column("spread", justify="right")
    for seat in range(summary.players):
        share = 100.0 * summary.wins[seat] / summary.games if summary.games else 0.0
        table.add_row(
            Text(str(seat)),
            Text(str(summary.wins[seat])),
            Text(f"{share:.1f}"),
            Text(f"{summary.mean[seat]:+.2f}"),
            Text(f"{summary.spread[seat]:.2f}"),
        )
    rate = summary.moves / summary.seconds if summary.seconds > 0 else 0.0
    table.caption = (
        f"{summary.deals} deals, {summary.moves} moves in {summary.seconds:.2f} s "
        f"({rate:,.0f} moves/s)"
    )
    return table
