"""Game records: :func:`to_json` saves a state as JSON text, :func:`from_json` replays it.

A record names the rules (variant, players, every option, the extra plugins), how the match
began (the ``seed`` of :meth:`Rules.new_match`, or the ``deal`` given to
:meth:`Rules.new_deal`) and every move in text form. It holds no game state beyond that:
loading rebuilds the rules and the first state, then replays each move through
:func:`~kinglib.values.moves.parse_move` and :meth:`State.apply`, so a record that was tampered with
is refused with a :class:`~kinglib.values.errors.RecordError` that says where and why, never loaded
in part. No pickle is involved.

The format is published as a JSON Schema, ``kinglib/io/schemas/record-v1.schema.json``
(:func:`record_schema`); every record is checked against it before anything is replayed.

Plugins are recorded by name. An installed house-rules plugin (entry point group
``kinglib.house_rules``) is loaded again by that name. Any other plugin is never imported
from a record: the caller passes it to ``from_json(text, plugins=[...])``, and it is matched
by the name under which it was recorded (:func:`plugin_name`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from itertools import islice
from typing import TYPE_CHECKING, Any

import attrs

from kinglib._version import __version__
from kinglib.engine.match_end import match_end_points
from kinglib.engine.state import DealSpec, State
from kinglib.plugins.loading import load_rules
from kinglib.plugins.manager import house_rules_names, plugin_id, plugin_ids
from kinglib.values.cards import Card, CardSet
from kinglib.values.errors import (
    IllegalMoveError,
    KinglibError,
    NotationError,
    RecordError,
    RulesError,
    UnknownVariantError,
)
from kinglib.values.moves import parse_move

if TYPE_CHECKING:
    from kinglib.engine.rules import Rules

__all__ = [
    "DEFAULT_LIMITS",
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "SCHEMA_FILE",
    "RecordLimits",
    "from_json",
    "plugin_name",
    "record_schema",
    "to_json",
]

#: The ``format`` of every record.
RECORD_FORMAT = "kinglib-record"
#: The version of the record format that this kinglib writes and reads.
RECORD_VERSION = 1
#: The schema of the format, inside the package ``kinglib``.
SCHEMA_FILE = "io/schemas/record-v1.schema.json"


@attrs.frozen
class RecordLimits:
    """The most a record may hold; :func:`from_json` refuses a bigger one before reading it.

    The limits are checked first, in time linear in the size of the text and before the
    schema or the rules run, so that text from a stranger costs little to refuse. They are
    generous: the longest real matches have under 2,000 moves and under 12 KB of text.
    Change one with :func:`attrs.evolve` (``attrs.evolve(DEFAULT_LIMITS, moves=50_000)``) or
    build a new one, and pass it as ``from_json(text, limits=...)``.

    Attributes:
        size: the most characters (or bytes, for bytes) of the JSON text.
        moves: the most moves.
        options: the most options.
        items: the most entries of any other list or object (plugins, hands, piles, the
            items of an option's list, the keys of the record).
        depth: the deepest nesting of lists and objects (the record itself is depth 0).
        text: the longest text of any one value or key (a move, a hand, an option).

    """

    size: int = 1_000_000
    moves: int = 20_000
    options: int = 100
    items: int = 100
    depth: int = 8
    text: int = 1_000


#: The limits :func:`from_json` applies unless it is given others.
DEFAULT_LIMITS = RecordLimits()

#: The piles :meth:`Rules.new_deal` takes by keyword.
_DEAL_PILES = ("widow", "stock", "kitty")


# ---------------------------------------------------------------------------- names


def plugin_name(rules: Rules, plugin: Any) -> str:
    """The name under which ``plugin`` of ``rules`` is recorded: its name in ``rules``.

    A plugin given to :func:`~kinglib.load_rules` by its entry point name keeps that name, as
    does a module or class that an installed house-rules entry point points at. Any other
    module is named by its ``__name__``; any other class or function by
    ``module.QualifiedName``, any other object by its class's (see
    :func:`kinglib.plugins.plugin_id`). It is the name in :attr:`Rules.plugin_names`.
    """
    registered = rules.plugin_manager.get_name(plugin)
    if isinstance(registered, str):
        return registered
    return plugin_id(plugin)


# ---------------------------------------------------------------------------- saving


def _option_json(name: str, value: Any, depth: int = 0) -> Any:
    if isinstance(value, (tuple, list)) and depth < 2:
        return [_option_json(name, v, depth + 1) for v in value]
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float) and math.isfinite(value):
        return value
    raise RecordError(f"option {name!r} has a value that a record cannot hold: {value!r}")


def to_json(state: State, *, indent: int | None = None) -> str:
    """The record of ``state`` as JSON text (see the module documentation).

    Works for any state reached from :meth:`Rules.new_match` or :meth:`Rules.new_deal`,
    finished or not; ``from_json(to_json(state)) == state``. ``indent`` is passed to
    :func:`json.dumps`. Raises :class:`TypeError` for something that is not a state and
    :class:`~kinglib.values.errors.RecordError` for rules whose options JSON cannot hold.
    """
    if not isinstance(state, State):
        raise TypeError(f"to_json takes a kinglib State, not {type(state).__name__}")
    rules = state.rules
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "kinglib": __version__,
        "variant": rules.variant,
        "players": rules.players,
        "options": {name: _option_json(name, v) for name, v in rules.options.items()},
        "plugins": [plugin_name(rules, p) for p in rules.plugins],
    }
    spec = state.setup.deal
    if state.setup.deals:
        record["deals"] = [
            {
                "hands": [_in_order(d, f"hand:{seat}", m) for seat, m in enumerate(d.hands)],
                "piles": {name: _in_order(d, name, m) for name, m in d.piles},
            }
            for d in state.setup.deals
        ]
    elif spec is None:
        record["seed"] = state.setup.seed
    else:
        record["deal"] = {
            "contract": spec.contract,
            "dealer": spec.dealer,
            "hands": [_in_order(spec, f"hand:{seat}", m) for seat, m in enumerate(spec.hands)],
            "piles": {name: _in_order(spec, name, m) for name, m in spec.piles},
            "trump": None if spec.trump is None else str(spec.trump),
        }
    record["moves"] = [str(m) for m in state.moves]
    bonuses = match_end_points(state)
    if bonuses:
        record["match_end"] = [{"name": n, "points": list(p)} for n, p in bonuses]
    return json.dumps(record, indent=indent, ensure_ascii=False)


def _in_order(spec: DealSpec, name: str, mask: int) -> str:
    """A given hand or pile as text, in the order it was given (display order otherwise)."""
    order = spec.order_of(name)
    if order is None:
        return str(CardSet.from_mask(mask))
    return " ".join(str(Card.from_index(i)) for i in order)


# ---------------------------------------------------------------------------- the schema


def record_schema() -> dict[str, Any]:
    """The JSON Schema of the record format (a fresh copy of the published file)."""
    text = resources.files("kinglib").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> Any:
    import jsonschema

    schema = record_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


_TYPE_NAMES = {
    "integer": "a whole number",
    "string": "text",
    "array": "a list",
    "object": "an object",
    "boolean": "true or false",
    "number": "a number",
    "null": "null",
}


def _place(path: Sequence[Any]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "record"


def _schema_message(error: Any) -> str:
    keyword = error.validator
    instance = error.instance
    if keyword == "type":
        wanted = error.validator_value
        names = [wanted] if isinstance(wanted, str) else list(wanted)
        return f"{_short(instance)} is not {' or '.join(_TYPE_NAMES.get(n, n) for n in names)}"
    if keyword == "const":
        return f"must be {_short(error.validator_value)}, not {_short(instance)}"
    if keyword == "oneOf" and not error.path:
        found = [key for key in ("seed", "deal", "deals") if key in instance]
        if len(found) > 1:
            return f"a record has one of 'seed', 'deal' or 'deals', not {' and '.join(found)}"
        if not found:
            return (
                "a record needs a 'seed' (a match dealt at random), 'deals' (a match of deals "
                "given in full) or a 'deal' (a single deal)"
            )
    if keyword == "anyOf" and error.path and error.path[0] == "options":
        return (
            f"{_short(instance)} is not an option value (text, a number, true/false, null, "
            "or a list of those)"
        )
    if keyword == "required":
        missing = [k for k in error.validator_value if k not in instance]
        return f"missing key {missing[0]!r}" if missing else error.message
    if keyword == "additionalProperties" and isinstance(instance, dict):
        known = error.schema.get("properties", {})
        unknown = sorted(k for k in instance if k not in known)
        if unknown:
            return f"unknown key {unknown[0]!r} (the keys are: {', '.join(known)})"
    if keyword in ("minLength", "minItems"):
        return f"{_short(instance)} is empty"
    message: str = error.message
    return message if len(message) <= 200 else message[:197] + "..."


#: The most schema errors read before naming the best one.
_SCHEMA_ERRORS = 16


def _check_schema(data: Any) -> None:
    from jsonschema.exceptions import best_match

    try:
        # The first errors are enough to name one well, and a bounded number keeps a record
        # full of errors as cheap to refuse as one with a single error.
        error = best_match(islice(_validator().iter_errors(data), _SCHEMA_ERRORS))
    except RecursionError:
        raise RecordError("record: nested too deeply to check") from None
    if error is not None:
        raise RecordError(f"{_place(error.absolute_path)}: {_schema_message(error)}")


# ---------------------------------------------------------------------------- loading


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"not JSON: {name} is not a JSON number")


def _number(text: str) -> float | int:
    # JSON has one kind of number: as in JSON Schema, 7.0 is the whole number 7.
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"not JSON: the number {text} is too large")
    return int(value) if value.is_integer() else value


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"not a valid record: the key {key!r} appears twice")
        out[key] = value
    return out


def _parse(text: Any, limits: RecordLimits) -> dict[str, Any]:
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}")
    if len(text) > limits.size:
        raise RecordError(
            f"record: {len(text):,} characters, over the limit of {limits.size:,} (size)"
        )
    try:
        data = json.loads(
            text,
            parse_constant=_refuse_constant,
            parse_float=_number,
            object_pairs_hook=_no_duplicates,
        )
    except RecordError:
        raise
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"a record is a JSON object, not {_TYPE_NAMES[_json_type(data)]}")
    fmt = data.get("format")
    if fmt != RECORD_FORMAT:
        found = "no 'format'" if "format" not in data else f"format {_short(fmt)}"
        raise RecordError(f"format: not a kinglib record ({found}; expected {RECORD_FORMAT!r})")
    version = data.get("version")
    if "version" not in data:
        raise RecordError(f"version: missing; this kinglib reads version {RECORD_VERSION}")
    if type(version) is not int or version != RECORD_VERSION:
        raise RecordError(
            f"version: unknown record format version {_short(version)}; this kinglib "
            f"({__version__}) reads version {RECORD_VERSION}"
        )
    _check_limits(data, limits)
    _check_schema(data)
    return data


def _over(path: Sequence[Any], count: int, what: str, limit: int, name: str) -> RecordError:
    return RecordError(f"{_place(path)}: {count:,} {what}, over the limit of {limit:,} ({name})")


def _check_limits(data: dict[str, Any], limits: RecordLimits) -> None:
    """Refuse a record over ``limits``: each value is visited once, nothing else is done."""
    moves, options = data.get("moves"), data.get("options")
    if isinstance(moves, list) and len(moves) > limits.moves:
        raise _over(["moves"], len(moves), "moves", limits.moves, "moves")
    if isinstance(options, dict) and len(options) > limits.options:
        raise _over(["options"], len(options), "options", limits.options, "options")
    stack: list[tuple[Any, list[Any]]] = [(data, [])]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if len(value) > limits.text:
                raise _over(path, len(value), "characters of text", limits.text, "text")
            continue
        if not isinstance(value, (dict, list)):
            continue
        if len(path) >= limits.depth and value:
            inner = [*path, next(iter(value)) if isinstance(value, dict) else 0]
            raise RecordError(
                f"{_place(inner)}: nested too deeply, over the limit of {limits.depth} (depth)"
            )
        if value is not moves and value is not options and len(value) > limits.items:
            raise _over(path, len(value), "entries", limits.items, "items")
        if isinstance(value, dict):
            for key, item in value.items():
                if len(key) > limits.text:
                    raise _over(path, len(key), "characters in a key", limits.text, "text")
                stack.append((item, [*path, key]))
        else:
            stack.extend((item, [*path, k]) for k, item in enumerate(value))


def _json_type(value: Any) -> str:
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return "null"


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


def _legacy_name(plugin: Any) -> str:
    """The bare name older records gave a class (or an object, by its class)."""
    name = getattr(plugin, "__name__", None)
    return name if isinstance(name, str) else type(plugin).__name__


def _plugins(names: list[str], given: Sequence[Any]) -> list[Any]:
    if isinstance(given, (str, bytes)) or not isinstance(given, Sequence):
        raise TypeError("from_json(plugins=...) takes a list of plugins")
    left: dict[str, Any] = dict(zip(plugin_ids(given), given))
    installed = set(house_rules_names())
    out: list[Any] = []
    for k, name in enumerate(names):
        if name not in left:
            # A record made before plugins had one name called a class by its bare name.
            name = next((n for n, p in left.items() if _legacy_name(p) == name), name)
        if name in left:
            out.append(left.pop(name))
        elif name in installed:
            out.append(name)
        else:
            raise RecordError(
                f"plugins[{k}]: the record was made with the plugin {name!r}, which is not an "
                "installed house rule; pass it with from_json(text, plugins=[...])"
            )
    if left:
        extra = ", ".join(sorted(left))
        raise RecordError(
            f"plugins: the record was not made with {extra}; it names "
            f"{', '.join(names) or 'no plugins'}"
        )
    return out


def _load_rules(data: Mapping[str, Any], plugins: list[Any]) -> Rules:
    options = {name: _tuples(v) for name, v in data["options"].items()}
    try:
        return load_rules(data["variant"], players=data["players"], plugins=plugins, **options)
    except UnknownVariantError as exc:
        raise RecordError(f"variant: {exc}") from None
    except RulesError as exc:
        text = str(exc)
        if "plugin" in text or "house rules" in text:
            place = "plugins"
        elif "option" in text:
            place = "options"
        else:
            place = "players"
        raise RecordError(f"{place}: {text}") from None
    except Exception as exc:
        raise RecordError(f"options: the rules cannot be built: {_describe(exc)}") from None


def _describe(exc: BaseException) -> str:
    if isinstance(exc, KinglibError):
        return str(exc)
    return f"{type(exc).__name__}: {exc}"


def _start(rules: Rules, data: Mapping[str, Any]) -> State:
    if "seed" in data:
        try:
            return rules.new_match(seed=data["seed"])
        except Exception as exc:
            raise RecordError(f"seed: the match cannot be dealt: {_describe(exc)}") from None
    if "deals" in data:
        given = []
        for number, deal in enumerate(data["deals"]):
            hands = _texts(deal["hands"], f"deals[{number}].hands")
            piles = _given_piles(deal["piles"], f"deals[{number}].piles")
            given.append({"hands": hands, **piles})
        try:
            return rules.new_match(deals=given)
        except Exception as exc:
            raise RecordError(f"deals: {_describe(exc)}") from None
    deal = data["deal"]
    hands = _texts(deal["hands"], "deal.hands")
    piles = _given_piles(deal["piles"], "deal.piles")
    try:
        return rules.new_deal(deal["contract"], hands, deal["dealer"], trump=deal["trump"], **piles)
    except Exception as exc:
        raise RecordError(f"deal: {_describe(exc)}") from None


def _texts(hands: list[str], where: str) -> list[str]:
    """The hands of a record, checked but kept as written: their order is the dealing order."""
    for seat, text in enumerate(hands):
        try:
            CardSet.parse(text)
        except NotationError as exc:
            raise RecordError(f"{where}[{seat}]: {exc}") from None
    return list(hands)


def _given_piles(found: Mapping[str, str], where: str) -> dict[str, str]:
    """The piles of a record that a deal is given by name (the empty others left out)."""
    piles: dict[str, str] = {}
    for name, text in found.items():
        try:
            cards = CardSet.parse(text)
        except NotationError as exc:
            raise RecordError(f"{where}.{name}: {exc}") from None
        if name in _DEAL_PILES:
            piles[name] = text
        elif len(cards):
            raise RecordError(
                f"{where}.{name}: unknown pile; a deal is given a {', '.join(_DEAL_PILES)}"
            )
    return piles


def _replay(state: State, moves: list[str]) -> State:
    for k, text in enumerate(moves):
        if state.is_over:
            what = "deal" if state.setup.deal is not None else "match"
            raise RecordError(f"moves[{k}]: {text!r} comes after the end of the {what}")
        where = f"moves[{k}] (deal {state.deal_number}, seat {state.to_move})"
        try:
            move = parse_move(text, state)
        except NotationError as exc:
            raise RecordError(f"moves[{k}]: {exc}") from None
        except Exception as exc:
            raise RecordError(f"moves[{k}]: cannot read {text!r}: {_describe(exc)}") from None
        try:
            state = state.apply(move)
        except IllegalMoveError as exc:
            raise RecordError(f"{where}: {exc}") from None
        except Exception as exc:
            raise RecordError(f"{where}: the rules failed on {text!r}: {_describe(exc)}") from None
    return state


def from_json(
    text: str | bytes, *, plugins: Sequence[Any] = (), limits: RecordLimits = DEFAULT_LIMITS
) -> State:
    """Load a record made by :func:`to_json`: rebuild the rules and replay every move.

    Args:
        text: the record, as JSON text.
        plugins: plugin objects (or house-rules names) that the record names but that are not
            installed house rules; each is matched by its recorded name (:func:`plugin_name`).
        limits: the most the record may hold (:class:`RecordLimits`); a record over them is
            refused before anything else is done, with a message naming the limit.

    Returns the state the record leads to; it equals the state that was saved.

    Raises :class:`~kinglib.values.errors.RecordError` (a :class:`ValueError`) naming the place and
    the reason for text that is not JSON or not a record, an unknown format version, a record
    that breaks the schema, an unknown variant, bad options or players, a missing plugin,
    malformed or inconsistent hands, a move that cannot be read or is illegal, and moves after
    the end, and a record over ``limits``.

    """
    if not isinstance(limits, RecordLimits):
        raise TypeError("from_json(limits=...) takes a RecordLimits")
    data = _parse(text, limits)
    rules = _load_rules(data, _plugins(data["plugins"], plugins))
    state = _replay(_start(rules, data), data["moves"])
    if "match_end" in data:
        recorded = [(e["name"], tuple(e["points"])) for e in data["match_end"]]
        replayed = list(match_end_points(state))
        if recorded != replayed:
            raise RecordError(
                f"match_end: the record gives {_points_text(recorded)} at the end of the "
                f"match, the rules give {_points_text(replayed)}"
            )
    return state


def _points_text(points: Sequence[tuple[str, tuple[int, ...]]]) -> str:
    return "; ".join(f"{name} {list(p)}" for name, p in points) or "nothing"
