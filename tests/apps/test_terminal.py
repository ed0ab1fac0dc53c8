"""The terminal match in process: what is printed, the pace, the pauses, the commands."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.console import Console

import kinglib
from kinglib import Card, CardSet, Choose, Play, Trick
from kinglib.apps.human import command_of, position
from kinglib.apps.play_text import (
    deal_header,
    extra_lines,
    move_line,
    move_text,
    seat_names,
    trick_line,
)
from kinglib.apps.terminal import Stopped, TerminalMatch
from kinglib.players.bots import Bot, HeuristicBot

SIMPLE = kinglib.load_rules("simple")


def console() -> Console:
    return Console(record=True, width=110, color_system=None, highlight=False, soft_wrap=True)


def typing(lines: list[str], prompts: list[str]) -> Callable[[str], str]:
    """A person who types ``lines`` in turn (then Ctrl-D), noting every prompt."""
    given: Iterator[str] = iter(lines)

    def read_line(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(given)
        except StopIteration:
            raise EOFError from None

    return read_line


def heuristic(rules: kinglib.Rules) -> list[Bot]:
    return [HeuristicBot() for _ in range(rules.players)]


def with_person(
    seat: int, read_line: Callable[[str], str], out: Console, **options: Any
) -> TerminalMatch:
    """A match of ``simple`` with a person in ``seat`` and heuristic bots elsewhere."""
    return TerminalMatch(
        console=out,
        bots=heuristic(SIMPLE),
        names=seat_names(4, human=seat),
        human=seat,
        read_line=read_line,
        **options,
    )


def trick_costs(text: str) -> list[dict[str, int]]:
    """Per deal, what the trick lines say each seat took."""
    deals: list[dict[str, int]] = []
    for line in text.splitlines():
        if line.startswith("Deal ") and " of " in line.split(":")[0]:
            deals.append({})
        found = re.match(r"Trick \d+: .* → (.+?) takes? it(?:: ([+-]\d+))?$", line)
        if found:
            who, cost = found.group(1), int(found.group(2) or 0)
            deals[-1][who] = deals[-1].get(who, 0) + cost
    return deals


def test_watching_prints_every_trick_and_the_tricks_add_up_to_each_deal() -> None:
    out = console()
    names = seat_names(4)
    match = TerminalMatch(console=out, bots=heuristic(SIMPLE), names=names, show_play=True)
    final = match.play(SIMPLE.new_match(seed=3))
    assert final == kinglib.play(SIMPLE, heuristic(SIMPLE), seed=3)
    text = out.export_text()
    tricks = re.findall(r"^Trick \d+: seat (\d) led .+ → seat (\d) takes it", text, flags=re.M)
    assert len(tricks) == sum(len(d) for d in final.past_moves) // 4
    # The classic match prices only tricks and the cards in them: the tricks' costs printed
    # add up to every seat's points in every deal.
    per_deal = trick_costs(text)
    assert len(per_deal) == len(final.results) == 14
    for costs, result in zip(per_deal, final.results):
        assert [costs.get(f"seat {s}", 0) for s in range(4)] == list(result.points)
    for number, result in enumerate(final.results, start=1):
        assert f"Deal {number} is over: {SIMPLE.contracts[result.contract].title}" in text
    # Each deal's hands are shown, with suit symbols.
    assert text.count("  seat 0: ") == 14 and "♥" in text


def test_a_trick_is_printed_in_the_order_it_was_played() -> None:
    # Whatever the direction of play: the order is the trick's own.
    trick = Trick(((0, Card.parse("9C")), (3, Card.parse("JC")), (2, Card.parse("AC"))), 2)
    contract = SIMPLE.contracts["no_tricks"]
    line = trick_line(trick, 0, contract, seat_names(4, human=3)).plain
    assert line == "Trick 1: seat 0 led 9♣, you J♣, seat 2 A♣ → seat 2 takes it: -2"
    contract = SIMPLE.contracts["no_girls"]
    line = trick_line(trick, 1, contract, seat_names(4)).plain
    assert line.endswith("→ seat 2 takes it")  # nothing to pay: no number


def test_any_move_has_a_line_from_its_text() -> None:
    class Double:
        def __str__(self) -> str:
            return "double 0 3"

    class Lay:
        def __str__(self) -> str:
            return "lay 10H next to JK1"

    assert move_text(Double()).plain == "double 0 3"  # type: ignore[arg-type]
    assert move_text(Lay()).plain == "lay 10♥ next to 🃏1"  # type: ignore[arg-type]
    assert move_line(1, Double(), seat_names(4), SIMPLE).plain == "seat 1: double 0 3"  # type: ignore[arg-type]
    assert move_line(2, None, seat_names(4), SIMPLE).plain == "seat 2 lays cards away face down"
    chosen = move_line(0, Choose("no_hearts"), seat_names(4, human=0), SIMPLE).plain
    assert chosen == "you choose no hearts (Не брать черв)"


class OddExtras:
    """A plugin that makes public facts of shapes nobody planned for."""

    @kinglib.hookimpl
    def kinglib_view_extra(self, rules: kinglib.Rules, state: kinglib.State, seat: int) -> Any:
        return {
            "thing": object(),
            "nested": {"a": [1, (2, None)], "b": CardSet.parse("AS 10H")},
            "pairs": ((0, Play(Card.parse("QS"))), (1, None)),
            "nothing": (),
        }


def test_extras_of_any_shape_are_shown_plainly() -> None:
    rules = kinglib.load_rules("simple", plugins=[OddExtras()])
    state = rules.new_match(seed=1)
    lines = extra_lines(state, 0)
    assert any(line.startswith("thing: <object object") for line in lines)
    assert "nested: a 1, 2, none, b A♠ 10♥" in lines
    assert "pairs: you: Q♠, seat 1: pass" in lines
    assert not any(line.startswith("nothing") for line in lines)
    out = console()
    out.print(position(state, state.to_move or 0))
    assert "Known: thing: <object object" in out.export_text()


def test_the_chooser_is_named_and_the_chosen_contract_no_longer_owed() -> None:
    rules = kinglib.load_rules("ordered")
    state = rules.new_match(seed=0)
    header = deal_header(state, seat_names(4, human=1), length=56).plain
    assert header.startswith("Deal 1 of 56: you choose the contract; dealer: seat 0")
    assert "contract to come" not in header
    before = " ".join(extra_lines(state, 1))
    assert "you must still choose: no_tricks, no_boys, no_girls, no_hearts," in before
    after = state.apply(Choose("no_hearts"))
    owed = next(line for line in extra_lines(after, 1) if line.startswith("you must still"))
    assert "no_hearts" not in owed and "no_tricks" in owed
    assert after.view(1).extra["owed"][1].count("no_hearts") == 1  # the view itself is unchanged


def test_the_bots_play_at_the_pace_and_each_deal_ends_with_a_pause() -> None:
    waits: list[float] = []
    prompts: list[str] = []
    out = console()
    # The person plays his first legal move, 20 times, then stops with Ctrl-D.
    lines = typing(["1"] * 20, prompts)
    match = with_person(0, lines, out, pace=0.75, pause=True, sleep=waits.append)
    with pytest.raises(Stopped) as stopped:
        match.play(SIMPLE.new_match(seed=1))
    assert stopped.value.reason == "end of input"
    reached = stopped.value.state
    answered = sum(p.startswith("Your move") for p in prompts) - 1  # the last met Ctrl-D
    bot_moves = len(reached.moves) - answered
    assert bot_moves > 20
    assert waits == [0.75] * bot_moves
    text = out.export_text()
    pauses = [p for p in prompts if p.startswith("Enter for deal")]
    assert pauses and pauses[0].startswith("Enter for deal 2")
    # Before the pause: the deal's last trick, its points and the totals.
    first = text[: text.index("Deal 2 of 14")]
    assert re.search(r"Trick \d+: .*\n.*Deal 1 is over: no tricks\n  points: you ", first)
    assert "  totals: you " in first


def test_commands_are_answered_and_quit_stops_with_the_state() -> None:
    prompts: list[str] = []
    out = console()
    state = SIMPLE.new_match(seed=1)
    match = with_person(1, typing(["help", "?", "score", "hand", "1", "quit"], prompts), out)
    with pytest.raises(Stopped) as stopped:
        match.play(state)
    assert stopped.value.reason == "quit"
    text = out.export_text()
    assert text.count("Commands: help or ?") == 2
    assert "No deal is finished yet" in text
    assert text.count("Your hand:") == 3  # shown, shown again for "hand", then the next turn
    assert len(prompts) == 6
    after = stopped.value.state
    assert state.to_move == 1 and after.moves[0] == state.legal_moves()[0]
    assert after.to_move == 1 and len(after.moves) >= 4


def test_a_move_is_a_move_before_it_is_a_command() -> None:
    assert command_of("Q") == "quit" and command_of("?") == "help"
    assert command_of("quit", [Choose("no_hearts")]) == "quit"
    assert command_of("H") is None  # a suit letter, typed to declare hearts


def test_stepping_through_a_replay_waits_after_every_trick() -> None:
    final = kinglib.play(SIMPLE, heuristic(SIMPLE), seed=2)
    from kinglib.apps.play_cli import start_of

    prompts: list[str] = []
    out = console()
    match = TerminalMatch(
        console=out,
        bots=(),
        names=seat_names(4),
        read_line=typing([""] * 1000, prompts),
        show_play=True,
        step=True,
    )
    assert match.replay(start_of(final), final.moves) == final
    tricks = out.export_text().count("\nTrick ")
    assert len(prompts) == tricks - 1  # after every trick but the very last
    assert sum(p.startswith("Enter for deal") for p in prompts) == 13


def test_ctrl_c_at_the_pause_keeps_the_last_move() -> None:
    answers = iter(["1"] * 8)

    def read_line(prompt: str) -> str:
        if prompt.startswith("Enter for deal"):
            raise KeyboardInterrupt
        return next(answers)

    match = with_person(0, read_line, console(), pause=True)
    with pytest.raises(Stopped) as stopped:
        match.play(SIMPLE.new_match(seed=1))
    assert stopped.value.reason == "interrupted"
    # Stopped at the pause after the first deal: the deal's last card is kept.
    assert len(stopped.value.state.results) == 1 and stopped.value.state.deal_number == 2


class CounterClockwise:
    """House rules: the play goes round the other way."""

    @kinglib.hookimpl
    def kinglib_direction(self, rules: kinglib.Rules) -> str:
        return "counterclockwise"


def test_counter_clockwise_tricks_are_shown_in_their_own_order() -> None:
    rules = kinglib.load_rules("simple", plugins=[CounterClockwise()])
    assert rules.direction == "counterclockwise"
    out = console()
    match = TerminalMatch(console=out, bots=heuristic(rules), names=seat_names(4), show_play=True)
    final = match.play(rules.new_match(seed=4))
    text = out.export_text()
    for line in re.findall(r"^Trick \d+: .*$", text, flags=re.M):
        seats = [int(s) for s in re.findall(r"seat (\d)(?: led)? \S+[,→ ]", line)][:4]
        assert seats == [seats[0], (seats[0] - 1) % 4, (seats[0] - 2) % 4, (seats[0] - 3) % 4]
    for costs, result in zip(trick_costs(text), final.results):
        assert [costs.get(f"seat {s}", 0) for s in range(4)] == list(result.points)
    # The dealer's left-hand neighbour leads the first deal: the seat before it, here.
    assert re.search(r"^Trick 1: seat 3 led ", text, flags=re.M)
