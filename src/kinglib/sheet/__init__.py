"""Score sheets for King played with real cards: enter each deal's counts, get the points.

:class:`ScoreSheet` records a match deal by deal as the players report it
(:class:`Entry`: the contract, its declarations, what each seat took), checks every entry
against the rules and scores it with the variant's own scoring; :func:`parse_entry` reads an
entry's text form, :func:`sheet_table` shows the sheet, :func:`sheet_to_json` and
:func:`sheet_from_json` save and reopen it.
"""

from kinglib.sheet.entries import Column, Entry, check_counts, columns_of
from kinglib.sheet.score_sheet import ScoreSheet

__all__ = [
    "Column",
    "Entry",
    "ScoreSheet",
    "check_counts",
    "columns_of",
]
