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

from kinglib.engine.rules import Rules
from kinglib.engine.state import DealResult, Phase
from kinglib.players.matches import Summary
from kinglib.plugins.invariants import invariants_of
from kinglib.plugins.manager import house_rule_options, load_house_rules
from kinglib.values.options import Option

__all__ = [
    "contracts_table",
    "deal_label",
    "house_rules_table",
    "options_table",
    "played_contracts",
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


def _option_line(name: str, value: Any) -> str:
    """``name=value`` for the variants table; a list's items after ", " so that it wraps."""
    if isinstance(value, (tuple, list)):
        return f"{name}=" + ", ".join(str(v) for v in value)
    return f"{name}={_option_value(value)}"


def variants_table(names: Sequence[str], load: Any) -> Table:
    """The installed variants with title, player counts and options (with defaults).

    The title is the English one (:attr:`~kinglib.values.options.VariantInfo.display_title`), with
    the game's own name under it when that differs. Each option shows the value it takes at
    the default number of players, whole. ``load(name)`` returns the variant's
    :class:`Rules` (or raises a kinglib error, shown in the row).
    """
    table = Table(title="kinglib variants", show_lines=True)
    table.add_column("variant", no_wrap=True, min_width=7)
    table.add_column("title", min_width=10, max_width=18)
    table.add_column("players", min_width=5)
    table.add_column("options (defaults)", overflow="fold", min_width=28)
    for name in names:
        try:
            rules: Rules = load(name)
        except Exception as exc:  # a broken plugin must not hide the others
            table.add_row(Text(name), Text(f"cannot load: {exc}"), Text(""), Text(""))
            continue
        info = rules.info
        counts = ", ".join(f"{p}*" if p == info.default_players else str(p) for p in info.players)
        options = "\n".join(
            _option_line(spec.name, rules.options[spec.name])
            for spec in rules.option_specs.values()
        )
        title = Text(info.display_title)
        if info.title and info.title != info.display_title:
            title.append(f"\n{info.title}", style="dim")
        table.add_row(Text(name), title, Text(counts), Text(options))
    table.caption = "* the default number of players"
    return table


def house_rules_table(names: Sequence[str]) -> Table:
    """The installed house rules: name, what they change (their first docstring line), options.

    A house rule is loaded by its entry point; one that cannot be loaded says why in its row.
    """
    table = Table(title="kinglib house rules (kinglib play VARIANT --plugin NAME)")
    table.add_column("house rule", no_wrap=True)
    table.add_column("what it changes")
    table.add_column("options (defaults)", overflow="fold", min_width=24)
    for name in names:
        try:
            plugin = load_house_rules(name)
        except Exception as exc:  # a broken plugin must not hide the others
            table.add_row(Text(name), Text(f"cannot load: {exc}"), Text(""))
            continue
        doc = (getattr(plugin, "__doc__", None) or "").strip().splitlines()
        options = "\n".join(
            _option_line(spec.name, spec.default) for spec in house_rule_options(plugin)
        )
        table.add_row(Text(name), Text(doc[0] if doc else ""), Text(options))
    if not names:
        table.caption = "none installed (entry point group kinglib.house_rules)"
    return table


def _choice_plan(rules: Rules) -> Any:
    """The pools and quotas of a match whose contracts are chosen, or ``None``.

    A variant whose CHOOSE phase keeps a ``plan`` (with ``shared`` and ``per_player``
    ``(contract, count)`` pairs and the number of ``deals``) describes its match by it.
    """
    phase = rules.phases.get(Phase.CHOOSE)
    plan = getattr(phase, "plan", None)
    if plan is None or not hasattr(plan, "shared") or not hasattr(plan, "per_player"):
        return None
    return plan


def played_contracts(rules: Rules) -> tuple[str, ...]:
    """The ids of the contracts a match of these rules can play, in the rules' order.

    They are read from the schedule (or the pools of a chosen-contract match); when the
    schedule names none of the rules' contracts, every contract counts.
    """
    schedule = rules.schedule
    plan = _choice_plan(rules)
    named: set[str] = set(schedule.deals)
    if schedule.repeat is not None:
        named.add(schedule.repeat)
    if plan is not None:
        named.update(cid for cid, _ in (*plan.shared, *plan.per_player))
    found = tuple(cid for cid in rules.contracts if cid in named)
    return found or tuple(rules.contracts)


def contracts_table(rules: Rules) -> Table:
    """The contracts a match plays: id, names, what they count, and the points of a deal.

    Contracts the rules define but the chosen scheme does not play (the positive games of a
    scheme with trump rounds) are left out and counted in the caption.
    """
    table = Table(title=f"{rules.variant}: contracts ({rules.players} players)")
    table.add_column("id", no_wrap=True)
    table.add_column("name")
    table.add_column("title")
    table.add_column("counts")
    table.add_column("deal total", justify="right")
    played = played_contracts(rules)
    for cid in played:
        contract = rules.contracts[cid]
        table.add_row(
            Text(contract.id),
            Text(contract.name),
            Text(contract.title),
            Text(contract.description),
            Text(points_text(contract.total)),
        )
    unused = len(rules.contracts) - len(played)
    if unused:
        what = "contract is" if unused == 1 else "contracts are"
        table.caption = f"{unused} more {what} defined but not played in this match"
    return table


def _end_of_match(rules: Rules) -> str:
    """How an open-ended match ends: the threshold the rules declare."""
    threshold = invariants_of(rules).threshold
    if threshold is None:
        return "deals go on until the variant's end of match"
    return f"deals go on until some total is {threshold} or lower at the end of a deal"


def _balance(totals: Sequence[int]) -> str:
    """What the deals of a match hand out: ``zero-sum: -192 against +192``, or the sum."""
    total = sum(totals)
    if total:
        return f"the deals hand out {total:+d} in all"
    against = sum(t for t in totals if t > 0)
    return f"zero-sum: {-against:+d} against {against:+d}" if against else "zero-sum"


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _chooser_text(rules: Rules, plan: Any) -> str:
    """Who chooses, as the plan says for the first deals: the eldest, the dealer, or a player."""
    choosers = getattr(plan, "chooser_of", None)
    if choosers is None:
        return "eldest"
    deals = range(1, min(plan.deals, rules.players) + 1)
    seats = [choosers(rules, k) for k in deals]
    if seats == [rules.next_seat(rules.dealer_for(k)) for k in deals]:
        return "eldest"
    if seats == [rules.dealer_for(k) for k in deals]:
        return "dealer"
    return "chooser"


def _plan_table(rules: Rules, plan: Any) -> Table:
    """The pools and quotas of a match of chosen contracts, and what they hand out."""
    n = rules.players
    who = _chooser_text(rules, plan)
    table = Table(title=f"{rules.variant}: the match (contracts chosen by the {who})")
    table.add_column("contract")
    table.add_column("chosen")
    table.add_column("deals", justify="right")
    table.add_column("deal total", justify="right")
    totals: list[int] = []
    for pairs, shared in ((plan.shared, True), (plan.per_player, False)):
        for cid, count in pairs:
            deals = count if shared else count * n
            contract = rules.contracts.get(cid)
            if contract is not None:
                totals.append(deals * contract.total)
            how = (
                f"{_times(count)} in all (shared pool)"
                if shared
                else f"{_times(count)} by each player"
            )
            table.add_row(
                Text(_contract_label(rules, cid)),
                Text(how),
                Text(str(deals)),
                Text(points_text(contract.total) if contract is not None else ""),
            )
    forced = "; every player must use up his quotas exactly" if plan.per_player else ""
    table.caption = (
        f"{plan.deals} deals; each deal's {who} chooses its contract with his hand seen"
        f"{forced}; {_balance(totals)}; the highest total wins"
    )
    return table


def schedule_table(rules: Rules) -> Table:
    """The match structure: every deal's contract, the pools to choose from, or the threshold.

    A fixed match lists its deals; a match of chosen contracts lists its pools and quotas; an
    open-ended match says the threshold that ends it (the ``threshold`` the rules declare).
    """
    schedule = rules.schedule
    plan = _choice_plan(rules)
    if plan is not None:
        return _plan_table(rules, plan)
    table = Table(title=f"{rules.variant}: the match")
    table.add_column("deal", justify="right")
    table.add_column("contract")
    table.add_column("deal total", justify="right")
    if schedule.repeat is not None:
        contract = rules.contracts.get(schedule.repeat)
        table.add_row(
            Text("every"),
            Text(_contract_label(rules, schedule.repeat)),
            Text(points_text(contract.total) if contract is not None else ""),
        )
        table.caption = f"{_end_of_match(rules)}; the highest total wins"
        return table
    totals: list[int] = []
    for number, cid in enumerate(schedule.deals, start=1):
        contract = rules.contracts.get(cid)
        if contract is not None:
            totals.append(contract.total)
        table.add_row(
            Text(str(number)),
            Text(_contract_label(rules, cid)),
            Text(points_text(contract.total) if contract is not None else ""),
        )
    table.caption = f"{len(schedule.deals)} deals; {_balance(totals)}; the highest total wins"
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
            Text(_option_value(spec.default_given(rules.options, rules.players))),
            Text(spec.doc),
        )
    return table


def _contract_label(rules: Rules, cid: str, trump: Any = None) -> str:
    contract = rules.contracts.get(cid)
    label = contract.title if contract is not None else cid
    if trump is not None:
        label += f" ({trump})"
    return label


def deal_label(rules: Rules, result: DealResult) -> str:
    """A finished deal as the score sheet names it: ``trump round (D, set by 7D)``.

    The contract's title, then its trump, and the card that set the trump when a card did (the
    detail ``trump_card``: a trump round declared ``last``).
    """
    card = result.detail("trump_card")
    trump = result.trump
    if trump is not None and card is not None:
        trump = f"{trump}, set by {card}"
    return _contract_label(rules, result.contract, trump)


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
    match_end: Sequence[tuple[str, Sequence[int]]] = (),
) -> Table:
    """The score sheet of a match: a row per deal, subtotals, totals and the winner.

    ``match_end`` holds the end-of-match points (``match_end_points(final_state)``): each is
    a row of its own, named after the plugin that scored it, before the total.

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
            Text(deal_label(rules, result)),
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
    for name, points in match_end:
        table.add_row(
            Text(""), Text(f"end of match: {name}"), *(Text(points_text(p)) for p in points)
        )
        totals = [t + p for t, p in zip(totals, points)]
    if match_end:
        table.rows[-1].end_section = True
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
    """Wins, mean and spread of totals per seat; the counts, the time and the ties below.

    A tie for the best total counts as a win for every seat tied, so the wins may add up to
    more than the games: the caption says so, with the figure.
    """
    table = Table(title=f"{summary.variant}: {summary.games} games (seed {summary.seed})")
    table.add_column("seat", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win %", justify="right")
    table.add_column("mean total", justify="right")
    table.add_column("spread of totals", justify="right")
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
    wins = sum(summary.wins)
    ties = (
        f" (here the wins add up to {wins} in {summary.games} games)"
        if wins > summary.games
        else ""
    )
    table.caption = (
        f"{summary.deals} deals, {summary.moves} moves in {summary.seconds:.2f} s "
        f"({rate:,.0f} moves/s)\n"
        f"A tie for the best total counts as a win for each seat tied{ties}; the spread is "
        "the standard deviation of the seat's match totals."
    )
    table.caption_justify = "left"
    return table
