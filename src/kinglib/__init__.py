"""kinglib: the rules engine of King (Кинг) and its family of trick-taking card games.

Start with :func:`load_rules`, then :meth:`Rules.new_match` or :meth:`Rules.new_deal`, and
drive the immutable :class:`State` with :meth:`State.legal_moves` and :meth:`State.apply`.
"""

import sys

from kinglib import _aliases
from kinglib._version import __version__
from kinglib.engine.builds import kernel_info
from kinglib.engine.rules import Rules
from kinglib.engine.state import DealResult, Phase, State, Trick
from kinglib.io.record import from_json, to_json
from kinglib.players import bots
from kinglib.players.matches import Summary, play, simulate
from kinglib.plugins.hookspecs import for_contracts, hookimpl, hookspec
from kinglib.plugins.loading import load_rules
from kinglib.plugins.manager import add_variant, house_rules_names, variant_names
from kinglib.values.cards import Card, CardSet, Rank, Suit
from kinglib.values.contracts import Contract, Prices
from kinglib.values.errors import (
    IllegalMoveError,
    KinglibError,
    NotationError,
    RecordError,
    RulesError,
    UnknownVariantError,
)
from kinglib.values.moves import (
    Bid,
    Choose,
    Declare,
    Discard,
    Double,
    Draw,
    Keep,
    Move,
    Pass,
    Play,
    Redouble,
    Sell,
    parse_move,
)
from kinglib.values.options import Option, VariantInfo
from kinglib.values.schedule import Schedule
from kinglib.values.trick_rules import TrickRules

__all__ = [
    "Bid",
    "Card",
    "CardSet",
    "Choose",
    "Contract",
    "DealResult",
    "Declare",
    "Discard",
    "Double",
    "Draw",
    "IllegalMoveError",
    "Keep",
    "KinglibError",
    "Move",
    "NotationError",
    "Option",
    "Pass",
    "Phase",
    "Play",
    "Prices",
    "Rank",
    "RecordError",
    "Redouble",
    "Rules",
    "RulesError",
    "Schedule",
    "Sell",
    "State",
    "Suit",
    "Summary",
    "Trick",
    "TrickRules",
    "UnknownVariantError",
    "VariantInfo",
    "__version__",
    "add_variant",
    "bots",
    "for_contracts",
    "from_json",
    "hookimpl",
    "hookspec",
    "house_rules_names",
    "kernel_info",
    "load_rules",
    "parse_move",
    "play",
    "simulate",
    "to_json",
    "variant_names",
]

_aliases.install(sys.modules[__name__])
