"""The score sheet of a match played with real cards: entries, checks, scoring, its file."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kinglib
from kinglib.apps.sheet_cli import sheet_table
from kinglib.engine.phases import PhaseRules
from kinglib.engine.state import State
from kinglib.io.sheet import (
    Entry,
    ScoreSheet,
    columns_of,
    entry_text,
    parse_entry,
    sheet_from_json,
    sheet_schema,
    sheet_to_json,
)
from kinglib.kit.fan_tan import FanTanPlay, places
from kinglib.plugins import manager
from kinglib.testing import play_out
from kinglib.values.errors import RecordError, SheetError, SheetFileError
from kinglib.values.moves import Declare, Double, Move, Redouble

ROOT = Path(__file__).resolve().parent.parent.parent

SIMPLE = kinglib.load_rules("simple")

#: A whole match of simple, as the players would type it, and each deal's points.
SIMPLE_MATCH = [
    ("no_tricks 2 3 1 2", (-4, -6, -2, -4)),
    ("no_boys 1 0 2 1", (-4, 0, -8, -4)),
    ("no_girls 0 4 0 0", (0, -16, 0, 0)),
    ("no_hearts 3 1 2 2", (-6, -2, -4, -4)),
    ("no_king 2", (0, 0, -16, 0)),
    ("no_last_two 1 1 0 0", (-8, -8, 0, 0)),
    (
        "eralash tricks=2,2,2,2 last_two=0,0,1,1 boys=1,1,1,1 girls=1,1,1,1 hearts=2,2,2,2 KH=3",
        (-16, -16, -24, -40),
    ),
    ("tricks 1 2 3 2", (2, 4, 6, 4)),
    ("boys 4 0 0 0", (16, 0, 0, 0)),
    ("girls 1 1 1 1", (4, 4, 4, 4)),
    ("hearts 0 0 0 8", (0, 0, 0, 16)),
    ("king 0", (16, 0, 0, 0)),
    ("last_two 0 0 0 2", (0, 0, 0, 16)),
    ("plus_eralash 8 0 0 0  2 0 0 0  4 0 0 0  4 0 0 0  8 0 0 0  0", (96, 0, 0, 0)),
]


def enter(sheet: ScoreSheet, *lines: str) -> ScoreSheet:
    for line in lines:
        sheet = sheet.add(parse_entry(sheet, line))
    return sheet


# ---------------------------------------------------------------------- hand-built sheets


def test_a_whole_match_of_simple_scores_as_on_paper() -> None:
    sheet = ScoreSheet(SIMPLE, names=["Ann", "Bob", "Cat", "Dan"])
    for k, (line, points) in enumerate(SIMPLE_MATCH):
        assert not sheet.is_over
        assert sheet.deal_number == k + 1
        sheet = enter(sheet, line)
        assert sheet.results[-1].points == points, line
    assert sheet.is_over
    assert sheet.totals == (96, -40, -44, -12)
    assert sheet.winners == (0,)
    assert sum(sheet.totals) == 0
    assert sheet.choices == ()


def test_the_schedule_names_the_deal_and_may_be_left_out() -> None:
    sheet = ScoreSheet(SIMPLE)
    assert sheet.scheduled == "no_tricks"
    assert sheet.choices == ("no_tricks",)
    assert sheet.chooser is None
    sheet = enter(sheet, "2 3 1 2", "boys=1,0,2,1")
    assert [r.contract for r in sheet.results] == ["no_tricks", "no_boys"]
    assert sheet.totals == (-8, -6, -10, -8)
    assert sheet.dealer == 2


def test_entries_built_in_python_equal_the_text_form() -> None:
    sheet = ScoreSheet(SIMPLE)
    entry = Entry("no_tricks", {"tricks": (2, 3, 1, 2)})
    assert parse_entry(sheet, "no_tricks 2 3 1 2") == entry
    assert parse_entry(sheet, entry_text(sheet, entry)) == entry
    assert sheet.add(entry).totals == (-4, -6, -2, -4)


def test_a_chosen_contract_and_a_trump_round_in_turkish() -> None:
    sheet = ScoreSheet(kinglib.load_rules("turkish"))
    first = sheet.chooser
    assert first is not None
    assert "trumps" in sheet.choices
    sheet = enter(sheet, "no_hearts 3 4 3 3")
    assert sheet.results[-1].points == (-90, -120, -90, -90)
    assert sheet.results[-1].chooser == first
    sheet = enter(sheet, "trumps S 4 3 3 3")
    assert sheet.results[-1].points == (200, 150, 150, 150)
    assert sheet.results[-1].trump == kinglib.Suit.SPADES
    assert sheet.totals == (110, 30, 60, 60)


def test_a_trump_round_bought_in_praise_mode() -> None:
    rules = kinglib.load_rules("simple", scheme="otygrysh")
    sheet = enter(
        ScoreSheet(rules),
        "no_tricks 2 2 2 2",
        "no_boys 1 1 1 1",
        "no_girls 1 1 1 1",
        "no_hearts 2 2 2 2",
        "no_king 0",
        "no_last_two 0 0 1 1",
        "eralash 2 2 2 2  0 0 1 1  1 1 1 1  1 1 1 1  2 2 2 2  0",
    )
    declarer = rules.next_seat(sheet.dealer or 0)
    buyer = rules.next_seat(declarer)
    # The buyer paid 2 tricks for the declaration and named hearts; he took 4 tricks.
    counts = [2, 2, 2, 2]
    counts[buyer] = 4
    counts[rules.next_seat(buyer)] = 0
    line = f"trumps S bid={buyer}:2 H " + " ".join(map(str, counts))
    sheet = enter(sheet, line)
    points = sheet.results[-1].points
    assert points[buyer] == 3 * 4 - 3 * 2
    assert points[declarer] == 3 * 2 + 3 * 2
    assert sum(points) == 24
    assert sheet.results[-1].detail("buyer") == buyer
    # raspis: every seat is credited an equal share and nothing is counted.
    sheet = enter(sheet, "trumps raspis")
    assert sheet.results[-1].points == (6, 6, 6, 6)


def test_a_bidding_deal_and_an_omnibus_slam() -> None:
    bidding = ScoreSheet(kinglib.load_rules("bidding"))
    sheet = enter(bidding, "bidding bid=2:5 S 3 4 2 4")
    assert sheet.results[-1].points == (-3, -4, -7, -4)
    assert sheet.results[-1].detail("penalty_suit") == kinglib.Suit.SPADES
    omnibus = ScoreSheet(kinglib.load_rules("omnibus"))
    sheet = enter(omnibus, "omnibus hearts=2,3,4,4 QS=1 TD=2")
    assert sheet.results[-1].points == (-2, -16, 6, -4)
    slam = enter(omnibus, "omnibus hearts=0,13,0,0 QS=1 TD=1")
    assert slam.results[-1].points == (0, 26, 0, 0)


def test_jokers_by_card_and_atomic_with_the_dealer_out() -> None:
    jokers = ScoreSheet(kinglib.load_rules("jokers"))
    line = "0:AH,KH,QH 1:JH,TH,9H,8H 2:7H,6H,5H 3:4H,3H,2H,JK1"
    sheet = enter(jokers, f"jokers {line}")
    assert sheet.results[-1].points == (-39, -38, -18, -29)
    atomic = ScoreSheet(kinglib.load_rules("atomic", players=4))
    assert atomic.dealer == 0
    sheet = enter(atomic, "no_hearts 0 3 3 2")
    assert sheet.results[-1].points == (0, -15, -15, -10)


def test_the_sheet_is_immutable_and_undo_takes_the_last_deal_back() -> None:
    empty = ScoreSheet(SIMPLE)
    one = enter(empty, "no_tricks 2 3 1 2")
    assert empty.entries == () and empty.totals == (0, 0, 0, 0)
    assert one.undo() == empty
    with pytest.raises(AttributeError):
        one.entries = ()
    with pytest.raises(SheetError, match="no deal to take back"):
        empty.undo()
    assert hash(one) == hash(enter(empty, "no_tricks 2 3 1 2"))


def test_columns_are_read_from_the_contracts() -> None:
    names = {
        cid: [c.name for c in columns_of(c, SIMPLE.deck.mask)]
        for cid, c in SIMPLE.contracts.items()
    }
    assert names["no_tricks"] == ["tricks"]
    assert names["no_last_two"] == ["last_two"]
    assert names["no_king"] == ["KH"]
    assert names["eralash"] == ["tricks", "last_two", "boys", "queens", "hearts", "KH"]
    turkish = kinglib.load_rules("turkish")
    assert [c.name for c in columns_of(turkish.contracts["no_kings_jacks"], turkish.deck.mask)] == [
        "boys"
    ]


def test_the_sheet_table_shows_names_and_totals() -> None:
    from rich.console import Console

    sheet = ScoreSheet(SIMPLE, names=["Ann", "Bob", "Cat", "Dan"])
    for line, _ in SIMPLE_MATCH:
        sheet = enter(sheet, line)
    console = Console(width=120, record=True)
    console.print(sheet_table(sheet))
    text = console.export_text()
    assert "Ann" in text and "Dan" in text
    assert "+96" in text and "★ wins" in text


# ---------------------------------------------------------------------- refusals

BAD_SIMPLE = [
    ("no_hearts 2 2 2 2", "the deal is no_tricks by the rules of simple, not no_hearts"),
    ("nothing 2 2 2 2", "'nothing' is not a contract of simple"),
    ("no_tricks 2 2 2 3", "tricks: the counts add up to 9, but a deal has 8"),
    ("no_tricks 2 2 2", "3 numbers given"),
    ("no_tricks tricks=2,2,2", "tricks: 4 counts are needed, one per seat, not 3"),
    ("no_tricks 10 -2 0 0", "tricks: seat 1's count -2 is below 0"),
    ("no_tricks hearts=2,2,2,2", "no_tricks does not count 'hearts' (it counts: tricks)"),
    ("no_tricks S 2 2 2 2", "no_tricks takes no further declaration (S)"),
    ("no_tricks bid=1:2 2 2 2 2", "no offer was asked for, so seat 1 made none"),
    ("no_tricks tricks=2,x,2,2", "tricks: 'x' is not a whole number"),
    ("", "an empty entry"),
]


@pytest.mark.parametrize(("line", "message"), BAD_SIMPLE)
def test_a_bad_entry_is_refused_with_its_reason_and_the_sheet_is_unchanged(
    line: str, message: str
) -> None:
    sheet = ScoreSheet(SIMPLE)
    before = sheet_to_json(sheet)
    with pytest.raises(SheetError) as caught:
        sheet.add(parse_entry(sheet, line))
    assert message in str(caught.value)
    assert sheet_to_json(sheet) == before
    assert sheet.entries == () and sheet.totals == (0, 0, 0, 0)


def at_deal(number: int) -> ScoreSheet:
    return enter(ScoreSheet(SIMPLE), *(line for line, _ in SIMPLE_MATCH[: number - 1]))


@pytest.mark.parametrize(
    ("deal", "line", "message"),
    [
        (5, "no_king KH=0,1,1,0", "KH: K♥ is taken by exactly one seat, not by seat 1 and seat 2"),
        (5, "no_king KH=0,0,0,0", "K♥ is taken by exactly one seat, not by no seat"),
        (5, "no_king 4", "KH: seat 4 is not a seat (the seats are 0 to 3)"),
        (5, "no_king king=0 KH=1", "KH: counted twice"),
        (6, "no_last_two 1 1 1 0", "last_two: the counts add up to 3, but a deal has 2"),
        (
            7,
            "eralash 2 2 2 2  0 0 1 1  1 1 1 1  1 1 1 1  2 2 4 0  3",
            "do not fit together",
        ),
        (
            7,
            "eralash 3 3 2 0  0 0 1 1  1 1 1 1  1 1 1 1  2 2 2 2  0",
            "last_two: seat 3 took 1 of the last two tricks but 0 tricks in all",
        ),
        (
            8,
            "tricks tricks=2,2,2,2 boys=1,1,1,1",
            "tricks does not count 'boys' (it counts: tricks)",
        ),
        (8, "tricks hearts=1", "tricks does not count 'hearts'"),
    ],
)
def test_bad_counts_are_refused(deal: int, line: str, message: str) -> None:
    sheet = at_deal(deal)
    with pytest.raises(SheetError) as caught:
        sheet.add(parse_entry(sheet, line))
    assert message in str(caught.value)
    assert str(caught.value).startswith(f"deal {deal}: ")
    assert len(sheet.entries) == deal - 1


def test_cards_must_fit_in_the_tricks_taken() -> None:
    sheet = at_deal(7)
    with pytest.raises(SheetError, match=r"hearts: seat 3 took 5 of hearts in 1 tricks"):
        sheet.add(parse_entry(sheet, "eralash 3 2 2 1  0 0 1 1  1 1 1 1  1 1 1 1  1 1 1 5  3"))


@pytest.mark.parametrize(
    "counts",
    [(2.0, 2, 2, 2), (True, 2, 2, 3), ("2", 2, 2, 2)],
)
def test_counts_are_whole_numbers(counts: tuple[Any, ...]) -> None:
    with pytest.raises(SheetError, match="is not a whole number"):
        ScoreSheet(SIMPLE).add(Entry("no_tricks", {"tricks": counts}))


def test_a_finished_match_takes_no_more_deals() -> None:
    sheet = enter(ScoreSheet(SIMPLE), *(line for line, _ in SIMPLE_MATCH))
    with pytest.raises(SheetError, match="the match is over after 14 deals"):
        sheet.add(Entry("no_tricks", {"tricks": (2, 2, 2, 2)}))


def test_a_choice_the_rules_refuse_is_refused_with_the_engines_reason() -> None:
    sheet = ScoreSheet(kinglib.load_rules("ordered"))
    chooser = sheet.chooser
    sheet = enter(sheet, "no_hearts 2 2 2 2", "no_tricks 2 2 2 2", "no_king 0", "no_boys 1 1 1 1")
    assert sheet.chooser == chooser
    with pytest.raises(SheetError) as caught:
        enter(sheet, "no_hearts 2 2 2 2")
    assert str(caught.value).startswith(f"deal 5: seat {chooser} may not play choose no_hearts")
    assert str(caught.value).endswith(
        f"seat {chooser} has already chosen no_hearts once, as often as he may"
    )
    with pytest.raises(SheetError, match="name the contract first"):
        parse_entry(sheet, "2 2 2 2")


def test_declarations_are_asked_for_and_checked() -> None:
    sheet = ScoreSheet(kinglib.load_rules("turkish"))
    with pytest.raises(SheetError, match=r"trumps needs a declaration by seat \d \(one of: S, H"):
        enter(sheet, "trumps 4 3 3 3")
    with pytest.raises(
        SheetError, match=r"notrump may not be ordered in this trump round \(allowed: S, H, D, C\)"
    ):
        enter(sheet, "trumps notrump 4 3 3 3")
    praise = ScoreSheet(kinglib.load_rules("simple", scheme="otygrysh"))
    for line, _ in SIMPLE_MATCH[:7]:
        praise = enter(praise, line)
    with pytest.raises(SheetError, match="declare the suit that the last card set, not 'last'"):
        enter(praise, "trumps last 2 2 2 2")
    with pytest.raises(SheetError, match="deal 8: 4 numbers given; no counts are needed"):
        enter(praise, "trumps raspis 2 2 2 2")
    with pytest.raises(SheetError, match="trumps as declared is not played: it takes no counts"):
        praise.add(Entry("trumps", {"tricks": (2, 2, 2, 2)}, declarations=["raspis"]))


def test_the_dealer_who_sits_out_takes_nothing() -> None:
    sheet = ScoreSheet(kinglib.load_rules("atomic", players=4))
    with pytest.raises(SheetError, match="seat 0 holds no cards this deal but took 1"):
        enter(sheet, "no_hearts 1 3 2 2")


# ---------------------------------------------------------------------- the file


def test_the_file_round_trips() -> None:
    sheet = ScoreSheet(kinglib.load_rules("simple", scheme="otygrysh"), names=list("ABCD"))
    sheet = enter(sheet, "no_tricks 2 2 2 2", "no_boys 1 1 1 1")
    text = sheet_to_json(sheet)
    again = sheet_from_json(text)
    assert again == sheet
    assert again.totals == sheet.totals and again.names == ("A", "B", "C", "D")
    data = json.loads(text)
    assert data["format"] == "kinglib-sheet" and data["version"] == 1
    assert data["deals"][0] == {
        "contract": "no_tricks",
        "declarations": [],
        "bid": None,
        "counts": {"tricks": [2, 2, 2, 2]},
    }
    import jsonschema

    jsonschema.Draft202012Validator(sheet_schema()).validate(data)


def _file(**changes: Any) -> str:
    sheet = enter(ScoreSheet(SIMPLE), "no_tricks 2 2 2 2")
    data = json.loads(sheet_to_json(sheet))
    for key, value in changes.items():
        if value is None:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "not JSON: Expecting property name"),
        ("[1]", "a sheet is a JSON object, not list"),
        ('{"format": "kinglib-record"}', "format: not a kinglib sheet (format 'kinglib-record'"),
        (_file(version=2), "version: unknown sheet format version 2"),
        (_file(names=None), "missing key 'names'"),
        (_file(extra=1), "unknown key 'extra'"),
        (_file(players="four"), "players: 'four' is not a whole number"),
        (_file(variant="nope"), "variant: unknown variant 'nope'"),
        (_file(names=["A"]), "names: 1 names for 4 seats"),
        (
            _file(deals=[{"contract": "no_tricks", "counts": {"tricks": [9, 0, 0, 0]}}]),
            "deals[0]: deal 1: tricks: the counts add up to 9, but a deal has 8",
        ),
        (
            _file(deals=[{"contract": "no_tricks", "counts": {"tricks": [2, 2, 2, "2"]}}]),
            "deals[0].counts.tricks[3]: '2' is not a whole number",
        ),
        ('{"format": "kinglib-sheet", "format": "x"}', "the key 'format' appears twice"),
    ],
)
def test_a_corrupt_file_is_refused_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(SheetFileError) as caught:
        sheet_from_json(text)
    assert message in str(caught.value)
    assert isinstance(caught.value, RecordError)


# ---------------------------------------------------------------------- against the engine


class DealSpy:
    """Keeps every finished deal's state, as the engine scores it."""

    def __init__(self) -> None:
        self.finished: list[State] = []

    @kinglib.hookimpl
    def kinglib_deal_details(self, state: State) -> tuple[()]:
        self.finished.append(state)
        return ()


def counts_of(finished: State, rules: kinglib.Rules) -> dict[str, tuple[int, ...]]:
    """What each seat took in a deal the engine played, by the sheet's columns."""
    contract = finished.contract_info
    assert contract is not None
    out: dict[str, tuple[int, ...]] = {}
    if isinstance(
        finished.rules.phase_for(finished), FanTanPlay
    ):  # a layout: each seat's place going out
        order = places(finished)
        return {"place": tuple(order.index(seat) + 1 for seat in range(rules.players))}
    if not finished.tricks:
        return out
    for column in columns_of(contract, rules.deck.mask):
        if column.cards:
            out[column.name] = tuple((t & column.cards).bit_count() for t in finished.taken_mask)
        else:
            won = [0] * rules.players
            for k in column.tricks:
                won[finished.tricks[k].winner] += 1
            out[column.name] = tuple(won)
    return out


def played_match(
    variant: str, seed: int, players: int | None, options: dict[str, Any]
) -> tuple[State, list[Entry]]:
    """A match of random moves, and each deal as its players would report it."""
    spy = DealSpy()
    rules = kinglib.load_rules(variant, players=players, plugins=[spy], **options)
    state = rules.new_match(seed=seed)
    rng = random.Random(seed)
    wagers: dict[tuple[int, str], list[tuple[int, tuple[int, ...]]]] = {}
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        if isinstance(move, (Double, Redouble)) and state.to_move is not None:
            kind = "double" if isinstance(move, Double) else "redouble"
            wagers.setdefault((state.deal_number, kind), []).append((state.to_move, move.seats))
        state = state.apply(move)
    entries = []
    for number, (result, moves, finished) in enumerate(
        zip(state.results, state.past_moves, spy.finished), 1
    ):
        declarations = []
        for move in moves:
            if isinstance(move, Declare):
                if move.trump == "last":  # the players report the suit the last card set
                    declarations.append(str(result.trump or "S"))
                else:
                    declarations.append(str(move.trump))
        bid = None
        if result.detail("buyer") is not None:
            bid = (result.detail("buyer"), result.detail("tricks_sold"))
        elif result.detail("bidder") is not None and result.detail("bid") is not None:
            bid = (result.detail("bidder"), result.detail("bid"))
        unplayed = result.detail("raspis") and not finished.tricks
        try:
            counts = {} if unplayed else counts_of(finished, rules)
        except SheetError:  # a deal no count can say: the sheet refuses it when it is entered
            counts = {}
        entries.append(
            Entry(
                result.contract,
                counts,
                declarations=declarations,
                bid=bid,
                doubles=wagers.get((number, "double"), ()),
                redoubles=wagers.get((number, "redouble"), ()),
            )
        )
    return state, entries


#: The variants (with options) whose deals score by counts, every one the sheet supports.
SUPPORTED: list[tuple[str, int | None, dict[str, Any]]] = [
    ("simple", None, {}),
    ("simple", None, {"scheme": "otygrysh"}),
    ("simple", 3, {"scheme": "twelve"}),
    ("simple", 6, {"boys": "jacks+kings"}),
    ("three-hand", None, {}),
    ("three-hand", None, {"scheme": "otygrysh"}),
    ("ordered", None, {}),
    ("ordered", None, {"trumps": True, "notrump": True, "pool": "shared"}),
    ("atomic", None, {}),
    ("atomic", 4, {}),
    ("bidding", None, {}),
    ("bidding", 3, {"all_pass": "redeal"}),
    ("omnibus", None, {}),
    ("omnibus", 3, {"slam": "others"}),
    ("turkish", None, {}),
    ("brazilian", None, {}),
    ("kierki", None, {}),
    ("kierki", None, {"fan_tan_start": "any"}),
    ("barbu", None, {}),
    ("domino", None, {}),
    ("jokers", 3, {}),
    ("dos1993", None, {}),
]


#: The cases of the variants installed here (``dos1993`` comes with an example package).
INSTALLED = [case for case in SUPPORTED if case[0] in kinglib.variant_names()]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(INSTALLED), st.integers(0, 2**31))
def test_the_sheet_scores_every_deal_as_the_engine_does(
    case: tuple[str, int | None, dict[str, Any]], seed: int
) -> None:
    variant, players, options = case
    options = {"early_end": False, **options}
    final, entries = played_match(variant, seed, players, options)
    rules = kinglib.load_rules(variant, players=players, **options)
    sheet = ScoreSheet(rules, entries)
    assert [r.points for r in sheet.results] == [r.points for r in final.results]
    assert [r.contract for r in sheet.results] == [r.contract for r in final.results]
    assert sheet.totals == final.totals
    assert sheet.is_over and sheet.winners == final.winners
    assert sheet_from_json(sheet_to_json(sheet)) == sheet


@pytest.mark.parametrize("variant", kinglib.variant_names())
def test_every_installed_variant_is_supported_or_refused_by_name(variant: str) -> None:
    """A variant added later is either scored as the engine scores it, or refused clearly."""
    options: dict[str, Any] = {"early_end": False}
    final, entries = played_match(variant, 7, None, options)
    sheet = ScoreSheet(kinglib.load_rules(variant, **options))
    for entry, result in zip(entries, final.results):
        try:
            sheet = sheet.add(entry)
        except SheetError as exc:
            refusals = ("cannot be entered as counts", "no count", "a score sheet cannot enter")
            assert any(refusal in str(exc) for refusal in refusals), exc
            assert variant in str(exc)
            return
        assert sheet.results[-1].points == result.points
    assert sheet.totals == final.totals


def test_every_public_name_has_a_docstring_and_a_place_in_the_reference() -> None:
    import inspect

    import kinglib.io.sheet

    reference = (ROOT / "docs" / "reference" / "api.rst").read_text(encoding="utf-8")
    for name in kinglib.io.sheet.__all__:
        value = getattr(kinglib.io.sheet, name)
        assert (inspect.getdoc(value) or "").strip(), name
        assert f"kinglib.io.sheet.{name}" in reference, name
    for name in ("ScoreSheet", "add", "undo", "SheetError", "SheetFileError"):
        assert name in reference


class LaidOut:
    """A variant of a penalty deal and a fan-tan deal, scored by the order of going out."""

    @staticmethod
    def kinglib_variant_info() -> kinglib.VariantInfo:
        from kinglib.kit import fan_tan

        return kinglib.VariantInfo(
            name="sheet-laid-out",
            title="laid out",
            players=(4,),
            default_players=4,
            parts=(fan_tan,),
        )

    @staticmethod
    def kinglib_contracts(rules: kinglib.Rules) -> dict[str, kinglib.Contract]:
        from kinglib.values.contracts import king_contracts

        contracts = dict(
            king_contracts(kinglib.Prices(), deck=rules.deck.mask, tricks=8, games=("no_tricks",))
        )
        contracts["fan_tan"] = kinglib.Contract(
            "fan_tan",
            "Домино",
            "fan-tan",
            trick_values=(40, 20, 0, -60),
            trick_rules=kinglib.TrickRules(phase="fan_tan"),
        )
        return contracts

    @staticmethod
    def kinglib_schedule(rules: kinglib.Rules) -> kinglib.Schedule:
        return kinglib.Schedule(deals=("no_tricks", "fan_tan"))


@pytest.fixture
def sheet(monkeypatch: pytest.MonkeyPatch) -> ScoreSheet:
    """A sheet of the variant above (known to this test only), at its fan-tan deal."""
    monkeypatch.setattr(manager, "_ADDED", {})
    kinglib.add_variant(LaidOut)
    return enter(ScoreSheet(kinglib.load_rules("sheet-laid-out")), "2 2 2 2")


def test_a_fan_tan_deal_is_entered_as_each_seats_place_going_out(sheet: ScoreSheet) -> None:
    assert sheet.scheduled == "fan_tan"
    assert [c.name for c in sheet.columns("fan_tan")] == ["place"]
    # Seat 2 went out first (40), seat 0 second (20), seat 3 third (0), seat 1 held cards (-60).
    after = enter(sheet, "fan_tan 2 4 1 3")
    assert after.results[-1].points == (20, -60, 40, 0)
    assert after.results[-1].detail("places") == (2, 0, 3, 1)
    assert after.is_over
    assert entry_text(after, after.entries[-1]) == "fan_tan place=2,4,1,3"
    assert sheet_from_json(sheet_to_json(after)) == after


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("fan_tan 1 1 2 3", "deal 2: place: each seat has its own place from 1 to 4, not 1,1,2,3"),
        ("fan_tan place=1,2,3", "deal 2: place: 3 places for 4 seats"),
        (
            "fan_tan place=0,1,2,3",
            "deal 2: place: each seat has its own place from 1 to 4, not 0,1,2,3",
        ),
        (
            "fan_tan",
            (
                "deal 2: fan_tan needs each seat's place going out: place=... with one number "
                "per seat, 1 for the first out and 4 for the seat left with cards"
            ),
        ),
    ],
)
def test_a_fan_tan_entry_that_is_no_order_of_going_out_is_refused(
    sheet: ScoreSheet, text: str, message: str
) -> None:
    with pytest.raises(SheetError) as caught:
        sheet.add(parse_entry(sheet, text))
    assert str(caught.value) == message
    assert len(sheet.entries) == 1


def test_a_fan_tan_entry_with_counts_of_tricks_is_refused(sheet: ScoreSheet) -> None:
    with pytest.raises(SheetError) as caught:
        sheet.add(kinglib.io.sheet.Entry("fan_tan", {"tricks": (2, 2, 2, 2)}))
    assert str(caught.value) == (
        "deal 2: fan_tan is laid out, not played in tricks: it counts each seat's place going "
        "out (place=...), not tricks"
    )


class OwnLayout(LaidOut):
    """A variant whose fan-tan deal is laid out by a phase of its own, not the kit's."""

    @staticmethod
    def kinglib_variant_info() -> kinglib.VariantInfo:
        return kinglib.VariantInfo(
            name="sheet-own-layout", title="own layout", players=(4,), default_players=4
        )

    @staticmethod
    def kinglib_phases(rules: kinglib.Rules) -> dict[str, PhaseRules]:
        class OwnPlay(PhaseRules):
            def __init__(self) -> None:
                self.rows = FanTanPlay(rules)

            def legal_moves(self, state: State) -> tuple[Move, ...]:
                return self.rows.legal_moves(state)

            def apply(self, state: State, move: Move) -> State:
                return self.rows.apply(state, move)

        return {"fan_tan": OwnPlay()}


def test_a_deal_laid_out_by_a_phase_of_the_variants_own_is_refused_by_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(manager, "_ADDED", {})  # known to this test only
    kinglib.add_variant(OwnLayout)
    sheet = enter(ScoreSheet(kinglib.load_rules("sheet-own-layout")), "2 2 2 2")
    message = (
        "deal 2: fan_tan of sheet-own-layout is not played in tricks, so its points cannot be "
        "entered as counts"
    )
    with pytest.raises(SheetError) as caught:
        enter(sheet, "fan_tan 1 2 3 4")
    assert str(caught.value) == message
    with pytest.raises(SheetError):
        sheet.columns("fan_tan")
    played = kinglib.load_rules("sheet-own-layout").new_match(seed=1)
    assert play_out(played).is_over  # the variant itself plays


@pytest.fixture
def clean_sheet_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The example house rule "clean-sheet", installed by name from the example's source."""
    source = ROOT / "examples" / "house_rules" / "src" / "kinglib_house_rules_example"
    spec = importlib.util.spec_from_file_location("sheet_clean_sheet", source / "clean_sheet.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setitem(sys.modules, "sheet_clean_sheet", module)
    real = metadata.entry_points
    point = metadata.EntryPoint(
        name="clean-sheet", value="sheet_clean_sheet", group="kinglib.house_rules"
    )

    def entry_points(**params: Any) -> Any:
        found = real(**params)
        if params.get("group") == "kinglib.house_rules" and "clean-sheet" not in found.names:
            return metadata.EntryPoints([*found, point])
        return found

    monkeypatch.setattr(metadata, "entry_points", entry_points)


@pytest.mark.usefixtures("clean_sheet_installed")
def test_house_rules_score_at_the_end_of_the_match_and_are_saved_by_name() -> None:
    rules = kinglib.load_rules("simple", plugins=["clean-sheet"])
    lines = ["no_tricks 0 3 3 2", *(line for line, _ in SIMPLE_MATCH[1:])]
    sheet = enter(ScoreSheet(rules), *lines)
    assert sheet.is_over
    assert sheet.match_end == (("clean-sheet", (10, 0, 0, 0)),)
    deals = [sum(r.points[seat] for r in sheet.results) for seat in range(4)]
    assert sheet.totals == (deals[0] + 10, deals[1], deals[2], deals[3])
    again = sheet_from_json(sheet_to_json(sheet))
    assert again == sheet and again.match_end == sheet.match_end
    assert json.loads(sheet_to_json(sheet))["plugins"] == ["clean-sheet"]


def test_barbu_doubles_and_redoubles_are_entered_and_settled_as_the_rule_book_says() -> None:
    # No K♥ for seat 1 after seat 1 doubled 0 and 3, seat 3 doubled 0, seat 3 redoubled 1
    # and seat 0 redoubled 3: base (0, -20, 0, 0); wagers 1-0 x1, 1-3 x2, 3-0 x2.
    sheet = ScoreSheet(kinglib.load_rules("barbu"))
    text = "no_king_of_hearts double=1:0,3 double=3:0 redouble=3:1 redouble=0:3 KH=1"
    entry = parse_entry(sheet, text)
    assert entry.doubles == ((1, (0, 3)), (3, (0,)))
    assert entry.redoubles == ((3, (1,)), (0, (3,)))
    after = sheet.add(entry)
    assert after.results[-1].points == (20, -80, 0, 40)
    assert entry_text(after, entry) == text
    assert sheet_from_json(sheet_to_json(after)) == after


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no_tricks double=0:1 3 3 3 4", "deal 1: seat 0 was not asked to double"),
        ("no_tricks redouble=2:1 3 3 3 4", "deal 1: seat 2 was not asked to redouble"),
        (
            "no_tricks double=1 3 3 3 4",
            "deal 1: a double is written double=SEAT:SEATS, not 'double=1'",
        ),
    ],
)
def test_a_double_the_round_did_not_ask_for_is_refused(text: str, message: str) -> None:
    sheet = ScoreSheet(kinglib.load_rules("barbu"))
    with pytest.raises(SheetError) as caught:
        sheet.add(parse_entry(sheet, text))
    assert str(caught.value) == message
    assert sheet.entries == ()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([{}, {"rotation": "each", "min_doubles": 0}]), st.integers(0, 2**31))
def test_barbu_deals_with_their_doubles_score_as_the_engine_scores_them(
    options: dict[str, Any], seed: int
) -> None:
    final, entries = played_match("barbu", seed, None, options)
    sheet = ScoreSheet(kinglib.load_rules("barbu", **options))
    for entry, result in zip(entries, final.results):
        sheet = sheet.add(entry)
        assert sheet.results[-1].points == result.points
    assert sheet.is_over and sheet.totals == final.totals
