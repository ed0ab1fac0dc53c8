"""The file of a score sheet: JSON, versioned, checked against its schema when read.

:func:`sheet_to_json` writes a sheet; :func:`sheet_from_json` reads one back and enters every
deal again, so a file that was tampered with is refused with a
:class:`~kinglib.values.errors.SheetFileError` that says where and why, never read in part. The
format is published as a JSON Schema, ``kinglib/io/schemas/sheet-v1.schema.json``
(:func:`sheet_schema`)::

    {"format": "kinglib-sheet", "version": 1, "kinglib": "...", "variant": "simple",
     "players": 4, "options": {...}, "plugins": [], "names": ["Ann", "Bob", "Cat", "Dan"],
     "deals": [{"contract": "no_hearts", "declarations": [], "bid": null,
                "counts": {"hearts": [2, 3, 1, 2]}}]}

The rules are named as in a game record (:mod:`kinglib.io.record`): the variant, the number of
players, every option, and the extra plugins by name.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from itertools import islice
from typing import Any

from kinglib._version import __version__
from kinglib.io.record import _load_rules, _option_json, _plugins, _schema_message, plugin_name
from kinglib.io.sheet.entries import Entry
from kinglib.io.sheet.score_sheet import ScoreSheet
from kinglib.values.errors import RecordError, SheetError, SheetFileError

__all__ = [
    "SHEET_FORMAT",
    "SHEET_SCHEMA_FILE",
    "SHEET_VERSION",
    "sheet_from_json",
    "sheet_schema",
    "sheet_to_json",
]

#: The ``format`` of every sheet's file.
SHEET_FORMAT = "kinglib-sheet"
#: The version of the format that this kinglib writes and reads.
SHEET_VERSION = 1
#: The schema of the format, inside the package ``kinglib``.
SHEET_SCHEMA_FILE = "io/schemas/sheet-v1.schema.json"
#: The most characters a sheet's file may have.
_SIZE_LIMIT = 1_000_000


def sheet_schema() -> dict[str, Any]:
    """The JSON Schema of the sheet format (a fresh copy of the published file)."""
    text = resources.files("kinglib").joinpath(SHEET_SCHEMA_FILE).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> Any:
    import jsonschema

    schema = sheet_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def sheet_to_json(sheet: ScoreSheet, *, indent: int | None = 2) -> str:
    """The file of ``sheet`` as JSON text; ``sheet_from_json`` reads it back equal."""
    rules = sheet.rules
    try:
        options = {name: _option_json(name, v) for name, v in rules.options.items()}
    except RecordError as exc:
        raise SheetFileError(str(exc)) from None
    data: dict[str, Any] = {
        "format": SHEET_FORMAT,
        "version": SHEET_VERSION,
        "kinglib": __version__,
        "variant": rules.variant,
        "players": rules.players,
        "options": options,
        "plugins": [plugin_name(rules, p) for p in rules.plugins],
        "names": list(sheet.names),
        "deals": [
            {
                "contract": e.contract,
                "declarations": list(e.declarations),
                "bid": None if e.bid is None else list(e.bid),
                **{
                    kind: [[seat, list(seats)] for seat, seats in wagers]
                    for kind, wagers in (("doubles", e.doubles), ("redoubles", e.redoubles))
                    if wagers
                },
                "counts": {name: list(counts) for name, counts in e.counts},
            }
            for e in sheet.entries
        ],
    }
    return json.dumps(data, indent=indent, ensure_ascii=False)


def _place(path: Sequence[Any]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "sheet"


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SheetFileError(f"not a valid sheet: the key {key!r} appears twice")
        out[key] = value
    return out


def _parse(text: Any) -> dict[str, Any]:
    if not isinstance(text, (str, bytes, bytearray)):
        raise SheetFileError(f"a sheet is JSON text, not {type(text).__name__}")
    if len(text) > _SIZE_LIMIT:
        raise SheetFileError(f"sheet: {len(text):,} characters, over the limit of {_SIZE_LIMIT:,}")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates)
    except SheetFileError:
        raise
    except json.JSONDecodeError as exc:
        raise SheetFileError(
            f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except (ValueError, RecursionError) as exc:
        raise SheetFileError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise SheetFileError(f"a sheet is a JSON object, not {type(data).__name__}")
    if data.get("format") != SHEET_FORMAT:
        found = "no 'format'" if "format" not in data else f"format {data['format']!r}"
        raise SheetFileError(f"format: not a kinglib sheet ({found}; expected {SHEET_FORMAT!r})")
    version = data.get("version")
    if type(version) is not int or version != SHEET_VERSION:
        raise SheetFileError(
            f"version: unknown sheet format version {version!r}; this kinglib "
            f"({__version__}) reads version {SHEET_VERSION}"
        )
    from jsonschema.exceptions import best_match

    try:
        error = best_match(islice(_validator().iter_errors(data), 16))
    except RecursionError:
        raise SheetFileError("sheet: nested too deeply to check") from None
    if error is not None:
        raise SheetFileError(f"{_place(error.absolute_path)}: {_schema_message(error)}")
    return data


def sheet_from_json(text: str | bytes, *, plugins: Sequence[Any] = ()) -> ScoreSheet:
    """The sheet that ``text`` holds, every deal entered again and checked.

    ``plugins`` are the plugins that are not installed house rules, as for
    :func:`kinglib.from_json`. Raises :class:`~kinglib.values.errors.SheetFileError` naming the
    place and the problem: not JSON, not a sheet, an unknown version, a file that breaks the
    schema, rules that cannot be built, the wrong number of names, a deal that is refused.
    """
    data = _parse(text)
    try:
        rules = _load_rules(data, _plugins(data["plugins"], plugins))
    except SheetFileError:
        raise
    except RecordError as exc:
        raise SheetFileError(str(exc)) from None
    names = data["names"]
    if len(names) != rules.players:
        raise SheetFileError(f"names: {len(names)} names for {rules.players} seats")
    sheet = ScoreSheet(rules, names=names)
    for k, deal in enumerate(data["deals"]):
        bid = deal.get("bid")
        try:
            entry = Entry(
                deal["contract"],
                {name: tuple(v) for name, v in deal["counts"].items()},
                declarations=tuple(deal.get("declarations", ())),
                bid=None if bid is None else (bid[0], bid[1]),
                doubles=[(seat, tuple(seats)) for seat, seats in deal.get("doubles", ())],
                redoubles=[(seat, tuple(seats)) for seat, seats in deal.get("redoubles", ())],
            )
            sheet = sheet.add(entry)
        except SheetError as exc:
            raise SheetFileError(f"deals[{k}]: {exc}") from None
    return sheet
