"""The exceptions kinglib raises.

Every error is a :class:`KinglibError`; most are also :class:`ValueError` or
:class:`LookupError`, so callers that only know the standard library still catch them.

Which function raises which error, for any input whatever its type:

* reading notation (:meth:`Suit.parse <kinglib.values.cards.Suit.parse>`, :meth:`Card.parse
  <kinglib.values.cards.Card.parse>`, :meth:`CardSet.parse <kinglib.values.cards.CardSet.parse>`,
  :func:`~kinglib.values.moves.parse_move`, ``Card.from_index``, ``CardSet.from_mask``,
  ``CardSet.deck``, ``Card.joker``) and building cards and moves (``Card(suit, rank)``,
  ``CardSet(cards)``, ``Play``, ``Choose``, ``Declare``, ``Bid``, ``Discard``):
  :class:`NotationError`;
* loading a record (:func:`~kinglib.io.record.from_json`): :class:`RecordError`, also for a
  record over its limits (:class:`~kinglib.io.record.RecordLimits`);
* building rules (:func:`~kinglib.load_rules`): :class:`UnknownVariantError` for the
  variant, :class:`RulesError` for players, options and plugins;
* applying a move (:meth:`State.apply <kinglib.engine.state.State.apply>`):
  :class:`IllegalMoveError` (a move that is not a move at all too), the state unchanged;
* entering a deal on a score sheet (:meth:`ScoreSheet.add <kinglib.io.sheet.ScoreSheet.add>`):
  :class:`SheetError`, the sheet unchanged; reading a sheet's file
  (:func:`~kinglib.io.sheet.sheet_from_json`): :class:`SheetFileError`.

Every message names the problem; a value too long to show whole is shortened
(:func:`short_repr`).
"""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "KinglibError",
    "NotationError",
    "RecordError",
    "RulesError",
    "SamplingError",
    "SheetError",
    "SheetFileError",
    "UnknownVariantError",
    "short_repr",
]


class KinglibError(Exception):
    """Base class of every error kinglib raises on purpose."""


class NotationError(KinglibError, ValueError):
    """Text that is not a card, a set of cards or a move in kinglib's notation."""


class RulesError(KinglibError, ValueError):
    """Bad rules: an unknown option, a bad option value, a bad player count or bad hands."""


class UnknownVariantError(KinglibError, LookupError):
    """A variant name that is neither built in nor installed as a plugin."""

    def __str__(self) -> str:
        # LookupError (via KeyError-like repr) would quote the message; keep it plain.
        return str(self.args[0]) if self.args else ""


class IllegalMoveError(KinglibError, ValueError):
    """A move that the rules do not allow in this state; the message says why."""


class SamplingError(KinglibError, ValueError):
    """A view whose hidden cards cannot be dealt consistently; the message says why."""


class RecordError(KinglibError, ValueError):
    """A game record that is malformed, of an unknown version, or whose moves are illegal."""


class SheetError(KinglibError, ValueError):
    """An entry of a score sheet that the rules refuse: the message says which count and why."""


class SheetFileError(RecordError):
    """A score sheet's file that is malformed, of an unknown version, or whose deals are refused."""


def short_repr(value: object, limit: int = 60) -> str:
    """A ``repr`` of ``value`` for an error message, cut to ``limit`` characters; never fails.

    A value whose ``repr`` cannot be made (a whole number of more digits than Python writes,
    a broken ``__repr__``) is named by its type.
    """
    try:
        text = repr(value)
    except Exception:  # a number too long to write, or a broken __repr__
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 3] + "..."
