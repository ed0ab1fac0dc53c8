"""Score sheets for King played with real cards: enter each deal's counts, get the points.

:class:`ScoreSheet` records a match deal by deal as the players report it
(:class:`Entry`: the contract, its declarations, what each seat took), checks every entry
against the rules and scores it with the variant's own scoring; :func:`parse_entry` reads an
entry's text form, :func:`sheet_to_json` and :func:`sheet_from_json` save and reopen it;
:func:`kinglib.apps.sheet_cli.sheet_table` draws the running sheet.
"""

from kinglib.io.sheet.entries import Column, Entry, check_counts, columns_of
from kinglib.io.sheet.files import sheet_from_json, sheet_schema, sheet_to_json
from kinglib.io.sheet.score_sheet import ScoreSheet
from kinglib.io.sheet.text import entry_text, next_deal_text, parse_entry

__all__ = [
    "Column",
    "Entry",
    "ScoreSheet",
    "check_counts",
    "columns_of",
    "entry_text",
    "next_deal_text",
    "parse_entry",
    "sheet_from_json",
    "sheet_schema",
    "sheet_to_json",
]
