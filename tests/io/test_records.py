"""Game records: to_json / from_json round trips, tampering, corrupt records, the schema."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from importlib import metadata
from typing import Any

import jsonschema
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import kinglib
from kinglib import Card, CardSet, RecordError, State, from_json, to_json
from kinglib.io.record import record_schema
from kinglib.testing import deal_from_text
from tests.support import (
    TO_THE_END,
    VARIANTS,
    any_states,
    deal_states,
    given_deal,
    house_rules_sample,
    match_states,
    per_variant,
    play_randomly,
    rules_for,
)

ALL_CARDS = [str(c) for c in CardSet.from_mask((1 << 54) - 1)]


def record_of(state: State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(to_json(state))
    return data


def load(data: Any) -> State:
    return from_json(json.dumps(data))


def simple_match(seed: int = 7, steps: int = 10) -> State:
    return play_randomly(kinglib.load_rules("simple").new_match(seed=seed), steps, seed)


def simple_deal(steps: int = 5) -> State:
    rules = kinglib.load_rules("simple")
    deal = """
        no_king dealer=3
        0: AS KS QS JS TS 9S 8S 7S
        1: AH KH QH JH TH 9H 8H 7H
        2: AD KD QD JD TD 9D 8D 7D
        3: AC KC QC JC TC 9C 8C 7C
    """
    return play_randomly(deal_from_text(rules, deal), steps, 1)


# ------------------------------------------------------------------ round trips


@pytest.mark.parametrize("variant", VARIANTS)
@per_variant
@given(data=st.data())
def test_a_record_of_any_match_state_loads_back_equal(variant: str, data: st.DataObject) -> None:
    state = data.draw(match_states(variant))
    text = to_json(state)
    published_validator().validate(json.loads(text))
    loaded = from_json(text)
    assert loaded == state
    assert hash(loaded) == hash(state)
    assert loaded.totals == state.totals and loaded.results == state.results
    assert to_json(loaded) == text
    assert from_json(to_json(state, indent=2)) == state


@pytest.mark.parametrize("variant", VARIANTS)
@per_variant
@given(data=st.data())
def test_a_record_of_any_single_deal_loads_back_equal(variant: str, data: st.DataObject) -> None:
    state = data.draw(deal_states(variant))
    record = record_of(state)
    assert "deal" in record and "seed" not in record
    published_validator().validate(record)
    assert from_json(to_json(state)) == state


@pytest.mark.parametrize("variant", VARIANTS)
def test_finished_matches_and_deals_load_back_equal(variant: str) -> None:
    for seed in range(2):
        rules = rules_for(variant)
        match = play_randomly(rules.new_match(seed=seed), TO_THE_END, seed)
        deal = play_randomly(given_deal(rules, seed, seed, 0), TO_THE_END, seed)
        for state in (match, deal):
            assert state.is_over
            loaded = from_json(to_json(state))
            assert loaded == state
            assert loaded.winners == state.winners


def test_the_record_holds_rules_start_and_moves() -> None:
    rules = kinglib.load_rules("simple", players=3, boys="jacks+kings", first_dealer=2)
    state = play_randomly(rules.new_match(seed=11), 5, 0)
    record = record_of(state)
    assert record["format"] == "kinglib-record"
    assert record["version"] == 1
    assert record["kinglib"] == kinglib.__version__
    assert record["variant"] == "simple"
    assert record["players"] == 3
    assert record["options"]["boys"] == "jacks+kings"
    assert record["options"]["first_dealer"] == 2
    assert record["options"]["order"] == list(rules.options["order"])
    assert set(record["options"]) == set(rules.options)
    assert record["plugins"] == []
    assert record["seed"] == 11
    assert record["moves"] == [str(m) for m in state.moves]
    assert len(record["moves"]) == 5
    assert from_json(to_json(state)).rules == rules


def test_a_deal_record_holds_the_hands_and_the_trump() -> None:
    rules = kinglib.load_rules("simple")
    dealt = rules.deal(1, random.Random(5))
    state = rules.new_deal("trumps", list(dealt.hands), 1, trump="H")
    record = record_of(state)
    assert record["deal"] == {
        "contract": "trumps",
        "dealer": 1,
        "hands": [str(h) for h in dealt.hands],
        "piles": {},
        "trump": "H",
    }
    assert record["moves"] == []
    assert from_json(to_json(state)) == state


def test_to_json_takes_a_state() -> None:
    with pytest.raises(TypeError, match="State"):
        to_json("not a state")  # type: ignore[arg-type]


# ------------------------------------------------------------------ tampering


@pytest.mark.parametrize("variant", VARIANTS)
@per_variant
@given(data=st.data())
def test_a_changed_or_removed_move_is_refused_or_gives_another_state(
    variant: str, data: st.DataObject
) -> None:
    state = data.draw(any_states(variant))
    record = record_of(state)
    moves = record["moves"]
    assume(moves)
    k = data.draw(st.integers(0, len(moves) - 1), label="index")
    before = load({**record, "moves": moves[:k]})
    original = moves[k]
    kind = data.draw(st.sampled_from(["legal", "card", "text", "remove"]), label="kind")
    if kind == "remove":
        changed = moves[:k] + moves[k + 1 :]
    else:
        if kind == "legal":
            others = [str(m) for m in before.legal_moves() if str(m) != original]
            assume(others)
            text = data.draw(st.sampled_from(others), label="move")
        elif kind == "card":
            text = data.draw(st.sampled_from(ALL_CARDS), label="card")
        else:
            text = data.draw(st.text(min_size=1, max_size=12), label="text")
        try:
            same = str(kinglib.parse_move(text, before)) == original
        except kinglib.NotationError:
            same = False
        assume(not same)
        changed = [*moves[:k], text, *moves[k + 1 :]]
    try:
        loaded = load({**record, "moves": changed})
    except RecordError as exc:
        assert str(exc).startswith("moves[")
        return
    assert loaded != state


def test_an_illegal_move_is_refused_saying_where_and_why() -> None:
    state = simple_match(steps=0)
    record = record_of(state)
    seat = state.to_move
    assert seat is not None
    foreign = next(iter(state.hand((seat + 1) % 4)))
    with pytest.raises(RecordError) as info:
        load({**record, "moves": [str(foreign)]})
    assert str(info.value).startswith(f"moves[0] (deal 1, seat {seat}): seat {seat} may not play")
    assert str(foreign) in str(info.value)


def test_an_illegal_move_later_in_the_match_names_its_index_and_deal() -> None:
    state = simple_match(steps=TO_THE_END)
    record = record_of(state)
    first_of_deal_3 = sum(len(d) for d in state.past_moves[:2])
    moves = list(record["moves"])
    moves[first_of_deal_3 + 1] = moves[first_of_deal_3]  # the same card twice
    with pytest.raises(RecordError, match=rf"^moves\[{first_of_deal_3 + 1}\] \(deal 3, seat \d\)"):
        load({**record, "moves": moves})


def test_a_move_that_cannot_be_read_is_refused() -> None:
    record = record_of(simple_match(steps=20))
    record["moves"][17] = "ZZ"
    with pytest.raises(RecordError, match=r"^moves\[17\]: not a move: 'ZZ'"):
        load(record)


def test_moves_after_the_end_are_refused() -> None:
    for state in (simple_match(steps=TO_THE_END), simple_deal(steps=TO_THE_END)):
        assert state.is_over
        record = record_of(state)
        n = len(record["moves"])
        with pytest.raises(RecordError, match=rf"^moves\[{n}\]: 'AS' comes after the end"):
            load({**record, "moves": [*record["moves"], "AS"]})


# ------------------------------------------------------------------ corrupt records


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(*path: Any) -> Callable[[dict[str, Any]], None]:
    def change(record: dict[str, Any]) -> None:
        target = record
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


# (name, change to a seeded record, the start of the expected message)
MATCH_CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("players as text", _set(("players",), "4"), "players: '4' is not a whole number"),
    ("players as bool", _set(("players",), True), "players: true is not a whole number"),
    ("too many players", _set(("players",), 9), "players: simple is played by"),
    ("zero players", _set(("players",), 0), "players: 0 is less than the minimum"),
    ("fractional seed", _set(("seed",), 1.5), "seed: 1.5 is not a whole number"),
    ("seed as text", _set(("seed",), "7"), "seed: '7' is not a whole number"),
    ("moves as text", _set(("moves",), "QS KS"), "moves: 'QS KS' is not a list"),
    ("a move as a number", _set(("moves", 0), 12), "moves[0]: 12 is not text"),
    ("an empty move", _set(("moves", 0), ""), "moves[0]: '' is empty"),
    ("unknown key", _set(("comment",), "hi"), "record: unknown key 'comment'"),
    ("missing moves", _drop("moves"), "record: missing key 'moves'"),
    ("missing options", _drop("options"), "record: missing key 'options'"),
    ("no seed nor deal", _drop("seed"), "record: a record needs a 'seed'"),
    (
        "seed and deal",
        _set(("deal",), {}),
        "record: a record has one of 'seed', 'deal' or 'deals', not seed and deal",
    ),
    ("wrong format", _set(("format",), "chess-pgn"), "format: not a kinglib record"),
    ("no format", _drop("format"), "format: not a kinglib record (no 'format'"),
    ("version 2", _set(("version",), 2), "version: unknown record format version 2"),
    ("version 0", _set(("version",), 0), "version: unknown record format version 0"),
    ("version as text", _set(("version",), "1"), "version: unknown record format version '1'"),
    ("no version", _drop("version"), "version: missing; this kinglib reads version 1"),
    ("unknown variant", _set(("variant",), "chess"), "variant: unknown variant 'chess'"),
    ("variant as number", _set(("variant",), 3), "variant: 3 is not text"),
    ("kinglib version as number", _set(("kinglib",), 1), "kinglib: 1 is not text"),
    ("unknown option", _set(("options", "jokers"), 2), "options: unknown option 'jokers'"),
    ("bad option value", _set(("options", "boys"), "queens"), "options: simple: option 'boys'"),
    ("bad option type", _set(("options", "early_end"), "maybe"), "options: simple: option"),
    ("option as object", _set(("options", "boys"), {"a": 1}), "options.boys: {"),
    ("bad dealer option", _set(("options", "first_dealer"), 7), "options: simple: option"),
    ("bad order", _set(("options", "order"), ["no_king"]), "options: simple: option 'order'"),
    ("options as list", _set(("options",), []), "options: [] is not an object"),
    (
        "deeply nested option",
        _set(("options", "boys"), json.loads("[" * 20 + "]" * 20)),
        "options.boys[0][0][0][0][0][0][0]: nested too deeply",
    ),
    ("plugins as text", _set(("plugins",), "x"), "plugins: 'x' is not a list"),
    ("unknown plugin", _set(("plugins",), ["nowhere"]), "plugins[0]: the record was made"),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [pytest.param(c, m, id=name) for name, c, m in MATCH_CORRUPTIONS],
)
def test_a_corrupt_match_record_is_refused_naming_the_problem(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    record = record_of(simple_match(steps=3))
    change(record)
    with pytest.raises(RecordError) as info:
        load(record)
    assert str(info.value).startswith(message), str(info.value)


def test_a_bad_trump_in_a_trump_round_is_refused() -> None:
    rules = kinglib.load_rules("simple")
    state = rules.new_deal("trumps", list(rules.deal(0, random.Random(2)).hands), 0, trump="S")
    record = record_of(state)
    record["deal"]["trump"] = "purple"
    with pytest.raises(RecordError, match=r"^deal: .*purple"):
        load(record)


def _swap_first_cards(record: dict[str, Any]) -> None:
    hands = record["deal"]["hands"]
    a, b = hands[0].split(), hands[1].split()
    hands[0] = " ".join([b[0], *a[1:]])


DEAL_CORRUPTIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("a card dealt twice", _swap_first_cards, "deal: AH is dealt twice"),
    ("a card missing", _set(("deal", "hands", 0), "KS QS JS TS 9S 8S 7S"), "deal: seat 0 holds 7"),
    (
        "a foreign card",
        _set(("deal", "hands", 0), "2S KS QS JS TS 9S 8S 7S"),
        "deal: seat 0 holds 2S, not in the 32-card pack",
    ),
    ("a hand that is no cards", _set(("deal", "hands", 2), "AD KD XX"), "deal.hands[2]:"),
    ("a hand as a list", _set(("deal", "hands", 2), ["AD"]), 'deal.hands[2]: ["AD"] is not text'),
    ("three hands", _set(("deal", "hands"), ["AS", "KS", "QS"]), "deal: simple for 4 players"),
    ("no hands", _set(("deal", "hands"), []), "deal.hands: [] is empty"),
    ("unknown contract", _set(("deal", "contract"), "golf"), "deal: unknown contract 'golf'"),
    ("dealer out of range", _set(("deal", "dealer"), 4), "deal: the dealer is a seat"),
    ("negative dealer", _set(("deal", "dealer"), -1), "deal.dealer: -1 is less than"),
    ("bad trump", _set(("deal", "trump"), "purple"), "deal: "),
    ("trump as number", _set(("deal", "trump"), 3), "deal.trump: 3 is not text or null"),
    ("a widow simple has not", _set(("deal", "piles", "widow"), "AS"), "deal: simple has no widow"),
    ("an unknown pile", _set(("deal", "piles", "heap"), "AS"), "deal.piles.heap: unknown pile"),
    ("a pile that is no cards", _set(("deal", "piles", "heap"), "??"), "deal.piles.heap:"),
    ("unknown deal key", _set(("deal", "seat"), 1), "deal: unknown key 'seat'"),
    ("missing deal key", _drop("deal", "trump"), "deal: missing key 'trump'"),
    ("deal as a list", _set(("deal",), [1]), "deal: [1] is not an object"),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [pytest.param(c, m, id=name) for name, c, m in DEAL_CORRUPTIONS],
)
def test_a_corrupt_deal_record_is_refused_naming_the_problem(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    record = record_of(simple_deal(steps=0))
    change(record)
    with pytest.raises(RecordError) as info:
        load(record)
    assert str(info.value).startswith(message), str(info.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not JSON: Expecting value (line 1, column 1)"),
        ("{", "not JSON:"),
        ("[1, 2]", "a record is a JSON object, not a list"),
        ('"record"', "a record is a JSON object, not text"),
        ("null", "a record is a JSON object, not null"),
        ("7", "a record is a JSON object, not a number"),
        ('{"format": "kinglib-record", "format": "x"}', "not a valid record: the key 'format'"),
        ('{"seed": NaN}', "not JSON: NaN is not a JSON number"),
        ('{"seed": Infinity}', "not JSON: Infinity is not a JSON number"),
        ("[" * 100_000, "not JSON:"),
        (b"\xff\xfe{", "not JSON:"),
    ],
)
def test_text_that_is_no_record_is_refused(text: str | bytes, message: str) -> None:
    with pytest.raises(RecordError) as info:
        from_json(text)
    assert str(info.value).startswith(message), str(info.value)


def test_numbers_are_json_numbers_so_a_whole_float_is_a_whole_number() -> None:
    state = simple_match(seed=7, steps=3)
    text = to_json(state).replace('"version": 1', '"version": 1.0')
    text = text.replace('"seed": 7', '"seed": 7.0').replace('"players": 4', '"players": 4e0')
    assert published_validator().is_valid(json.loads(text))
    assert from_json(text) == state
    with pytest.raises(RecordError, match=r"^not JSON: the number 1e999 is too large"):
        from_json(text.replace('"seed": 7.0', '"seed": 1e999'))


def test_a_record_is_text() -> None:
    with pytest.raises(RecordError, match="a record is JSON text, not dict"):
        from_json({"format": "kinglib-record"})  # type: ignore[arg-type]


def test_record_error_is_a_value_error() -> None:
    assert issubclass(RecordError, ValueError)
    assert issubclass(RecordError, kinglib.KinglibError)


@given(cut=st.integers(0, 10**6), indent=st.sampled_from([None, 1]))
def test_a_truncated_record_is_refused(cut: int, indent: int | None) -> None:
    text = to_json(simple_match(seed=cut % 5, steps=cut % 50), indent=indent)
    with pytest.raises(RecordError, match=r"^not JSON"):
        from_json(text[: cut % len(text)])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


@given(data=st.data())
def test_any_value_in_any_place_gives_a_state_or_a_record_error(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from([simple_match(steps=6), simple_deal(steps=6)]))
    record = record_of(state)
    places: list[tuple[Any, ...]] = [(k,) for k in record]
    places += [("options", k) for k in record["options"]]
    places += [("moves", k) for k in range(len(record["moves"]))]
    if "deal" in record:
        places += [("deal", k) for k in record["deal"]]
        places += [("deal", "hands", k) for k in range(4)]
    place = data.draw(st.sampled_from(places), label="place")
    value = data.draw(json_values, label="value")
    _set(place, value)(record)
    try:
        loaded = load(record)
    except RecordError:
        return
    assert isinstance(loaded, State)


@given(text=st.text(max_size=60) | json_values.map(json.dumps))
def test_any_text_gives_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        from_json(text)


# ------------------------------------------------------------------ plugins


HOUSE_RULES = "no_ace_leads"


@pytest.fixture
def installed_house_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Install the sample house rule under the entry point group ``kinglib.house_rules``."""
    real = metadata.entry_points
    ep = metadata.EntryPoint(
        name=HOUSE_RULES, value=house_rules_sample.__name__, group="kinglib.house_rules"
    )

    def entry_points(**params: Any) -> Any:
        found = real(**params)
        if params.get("group") == "kinglib.house_rules":
            return metadata.EntryPoints([*found, ep])
        return found

    monkeypatch.setattr(metadata, "entry_points", entry_points)


@pytest.mark.usefixtures("installed_house_rules")
@pytest.mark.parametrize("given_as", ["name", "module"])
def test_installed_house_rules_round_trip_by_name(given_as: str) -> None:
    plugin: Any = HOUSE_RULES if given_as == "name" else house_rules_sample
    rules = kinglib.load_rules("simple", plugins=[plugin])
    state = play_randomly(rules.new_match(seed=2), 60, 2)
    first = rules.new_match(seed=2)
    unrestricted = first.rules.phases[first.phase].legal_moves(first)
    no_aces = tuple(m for m in unrestricted if m.card.rank.name != "ACE")  # type: ignore[union-attr]
    assert first.legal_moves() == no_aces != unrestricted
    record = record_of(state)
    assert record["plugins"] == [HOUSE_RULES]
    loaded = from_json(to_json(state))
    assert loaded == state
    assert loaded.rules.plugins == (house_rules_sample,)


@pytest.mark.usefixtures("installed_house_rules")
def test_a_record_made_without_house_rules_is_refused_under_them() -> None:
    rules = kinglib.load_rules("simple")
    state = rules.new_match(seed=1)
    lead = next(m for m in state.legal_moves() if m.card.rank is kinglib.Rank.ACE)  # type: ignore[union-attr]
    record = record_of(state.apply(lead))
    record["plugins"] = [HOUSE_RULES]
    with pytest.raises(RecordError, match=r"^moves\[0\] .*house rules"):
        load(record)


def test_a_plugin_object_without_a_name_must_be_given_again() -> None:
    plugin = house_rules_sample.NoKingLeads()
    rules = kinglib.load_rules("simple", plugins=[plugin])
    state = play_randomly(rules.new_match(seed=4), 30, 4)
    text = to_json(state)
    name = "tests.support.house_rules_sample.NoKingLeads"
    assert json.loads(text)["plugins"] == [name]
    with pytest.raises(RecordError, match=rf"^plugins\[0\]: .*'{name}'.*plugins="):
        from_json(text)
    assert from_json(text, plugins=[plugin]) == state
    with pytest.raises(RecordError, match=r"^plugins: the record was not made with"):
        from_json(text, plugins=[plugin, house_rules_sample])


def test_a_plugin_the_record_does_not_name_is_refused() -> None:
    text = to_json(simple_match(steps=2))
    with pytest.raises(
        RecordError, match=r"^plugins: the record was not made with tests.support.house"
    ):
        from_json(text, plugins=[house_rules_sample])


# ------------------------------------------------------------------ the published schema


def published_validator() -> jsonschema.Draft202012Validator:
    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_schema_ships_inside_the_package() -> None:
    from importlib import resources

    path = resources.files("kinglib") / "io" / "schemas" / "record-v1.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["format"] == {
        "description": "Always kinglib-record.",
        "const": "kinglib-record",
    }
    assert schema == record_schema()


CORRUPTIONS = [("match", c, name) for name, c, _ in MATCH_CORRUPTIONS] + [
    ("deal", c, name) for name, c, _ in DEAL_CORRUPTIONS
]


# The corruptions that only the rules can see: the schema accepts them, the loader does not.
SEMANTIC = {
    "too many players",
    "unknown variant",
    "unknown option",
    "bad option value",
    "bad option type",
    "bad dealer option",
    "bad order",
    "unknown plugin",
    "a card dealt twice",
    "a card missing",
    "a foreign card",
    "a hand that is no cards",
    "three hands",
    "unknown contract",
    "dealer out of range",
    "bad trump",
    "a widow simple has not",
    "an unknown pile",
    "a pile that is no cards",
}


@pytest.mark.parametrize(
    ("start", "change", "name"), [pytest.param(*c, id=c[2]) for c in CORRUPTIONS]
)
def test_the_published_schema_refuses_every_structural_corruption(
    start: str, change: Callable[[dict[str, Any]], None], name: str
) -> None:
    record = record_of(simple_match(steps=3) if start == "match" else simple_deal(steps=1))
    change(record)
    assert published_validator().is_valid(record) == (name in SEMANTIC)
    with pytest.raises(RecordError):
        load(record)


SCHEMA_BREAKS: list[tuple[str, Any]] = [
    ("players", "4"),
    ("players", 0),
    ("seed", 1.5),
    ("moves", "QS"),
    ("moves", [1]),
    ("moves", [""]),
    ("format", "other"),
    ("version", 2),
    ("options", {"order": {"a": 1}}),
    ("options", {"order": [[["no_king"]]]}),
    ("plugins", [3]),
    ("extra", 1),
]


@pytest.mark.parametrize(("key", "value"), SCHEMA_BREAKS)
def test_the_published_schema_refuses_malformed_records(key: str, value: Any) -> None:
    record = record_of(simple_match(steps=3))
    record[key] = value
    assert not published_validator().is_valid(record)
    with pytest.raises(RecordError, match=f"^{key}|^record|^format|^version"):
        load(record)


def test_the_published_schema_refuses_seed_with_deal_and_neither() -> None:
    validator = published_validator()
    match, deal = record_of(simple_match()), record_of(simple_deal())
    assert validator.is_valid(match) and validator.is_valid(deal)
    assert not validator.is_valid({**match, "deal": deal["deal"]})
    assert not validator.is_valid({k: v for k, v in match.items() if k != "seed"})
    broken = copy.deepcopy(deal)
    broken["deal"]["hands"] = "AS KS"
    assert not validator.is_valid(broken)
    broken = copy.deepcopy(deal)
    broken["deal"]["piles"] = {"widow": 3}
    assert not validator.is_valid(broken)


def test_cards_in_records_use_plain_notation() -> None:
    state = simple_deal(steps=4)
    record = record_of(state)
    for text in record["moves"]:
        assert Card.parse(text) in CardSet.parse(" ".join(record["deal"]["hands"]))


class OddOption:
    """A plugin with an option whose value JSON cannot hold."""

    @kinglib.hookimpl
    def kinglib_options(self, variant: str) -> tuple[kinglib.Option, ...]:
        return (kinglib.Option("lucky", frozenset({7}), "a set of lucky numbers"),)


def test_to_json_refuses_an_option_value_json_cannot_hold() -> None:
    rules = kinglib.load_rules("simple", plugins=[OddOption()])
    with pytest.raises(RecordError, match=r"^option 'lucky' has a value that a record cannot hold"):
        to_json(rules.new_match(seed=1))


def test_a_given_deal_keeps_its_dealing_order_in_the_record() -> None:
    """The stock order of a domino deal and the three-card stage of a praise deal round-trip."""
    domino = kinglib.load_rules("domino")
    seeded = domino.new_match(seed=1)
    hands = [str(h) for h in seeded.hands]
    stock = list(reversed(str(seeded.pile("stock")).split()))
    state = domino.new_deal("domino", hands, stock=" ".join(stock))
    record = json.loads(kinglib.to_json(state))
    assert record["deal"]["piles"]["stock"] == " ".join(stock)
    rng = random.Random(0)
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_moves()))
        assert kinglib.from_json(kinglib.to_json(state)) == state

    rules = kinglib.load_rules("simple", scheme="otygrysh")
    hands = ["7S AS KS QS JS TS 9S 8S", "QH AH KH JH TH 9H 8H 7H"] + [
        " ".join(f"{r}{s}" for r in "AKQJT987") for s in "DC"
    ]
    praise = rules.new_deal("trumps", hands, dealer=0)
    assert str(praise.hand(1)) == "AH KH QH"
    loaded = kinglib.from_json(kinglib.to_json(praise))
    assert loaded == praise and loaded.hand(1) == praise.hand(1)
    state = praise.apply(kinglib.Declare("last"))
    assert state.aux.last_card == kinglib.Card.parse("7H")
    assert kinglib.from_json(kinglib.to_json(state)) == state
