"""The coverage-guided fuzzing harness of kinglib: every untrusted-input entry point.

The first byte of an input picks the entry point, the rest is its input:

* ``from_json`` (most inputs, and every record of the seed corpus): only
  :class:`~kinglib.values.errors.RecordError` may come out, and a record that loads must save to a
  record of the same game;
* ``parse_move``, with and without a state to read short forms in, and the card parsers: only
  :class:`~kinglib.values.errors.NotationError`;
* ``load_rules`` with one option read from the input: only
  :class:`~kinglib.values.errors.RulesError` (or
  :class:`~kinglib.values.errors.UnknownVariantError`).

Anything else raised is a finding: the fuzzer stops and writes the input to a ``crash-*`` file.
:func:`check` is plain Python, so the tests run the seed corpus through it without atheris.
Run the fuzzer with ``python fuzz/run.py --minutes N`` (see that file), which starts
``fuzz/target.py`` under libFuzzer.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import kinglib
from kinglib import Card, CardSet, NotationError, RecordError, RulesError, Suit, parse_move
from kinglib.plugins import variant_names

VARIANTS = sorted(variant_names())
#: States to read moves in: the start of a match of every variant.
STATES = [kinglib.load_rules(v).new_match(seed=1) for v in VARIANTS]


def _record(data: bytes) -> None:
    try:
        state = kinglib.from_json(data)
    except RecordError:
        return
    again = kinglib.from_json(kinglib.to_json(state))
    if again != state:
        raise AssertionError("a loaded record does not save to a record of the same game")


def _notation(data: bytes) -> None:
    text = data[1:].decode("utf-8", "surrogateescape")
    which = data[0] % 5 if data else 0
    try:
        if which == 0:
            parse_move(text)
        elif which == 1:
            parse_move(text, STATES[len(text) % len(STATES)])
        elif which == 2:
            Card.parse(text)
        elif which == 3:
            CardSet.parse(text)
        else:
            Suit.parse(text)
    except NotationError:
        return


def _option(data: bytes) -> None:
    variant = VARIANTS[data[0] % len(VARIANTS)] if data else VARIANTS[0]
    name, _, raw = data[1:].decode("utf-8", "surrogateescape").partition("=")
    value: Any = raw
    with contextlib.suppress(ValueError):
        value = json.loads(raw)
    try:
        kinglib.load_rules(variant, **{name: value})
    except RulesError:
        return


def check(data: bytes) -> None:
    """Feed one input to the entry point its first byte picks; raise on a finding."""
    if not data or data[:1] == b"{" or data[0] < 0xF0:
        _record(data)
    elif data[0] < 0xF8:
        _notation(data[1:])
    else:
        _option(data[1:])
