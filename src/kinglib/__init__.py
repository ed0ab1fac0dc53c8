"""kinglib: the rules engine of King (Кинг) and its family of trick-taking card games.

Start with :func:`load_rules`, then :meth:`Rules.new_match` or :meth:`Rules.new_deal`, and
drive the immutable :class:`State` with :meth:`State.legal_moves` and :meth:`State.apply`.
"""

from kinglib._version import __version__
from kinglib.builds import kernel_info
from kinglib.cards import Card, CardSet, Rank, Suit
from kinglib.contracts import Contract, Prices
from kinglib.errors import (
    IllegalMoveError,
    KinglibError,
    NotationError,
    RecordError,
    RulesError,
    UnknownVariantError,
)
from kinglib.hookspecs import for_contracts, hookimpl, hookspec
from kinglib.loading import load_rules
from kinglib.moves import (
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
from kinglib.options import Option, VariantInfo
from kinglib.play import Summary, play, simulate
from kinglib.plugins import add_variant, house_rules_names, variant_names
from kinglib.record import from_json, to_json
from kinglib.rules import Rules
from kinglib.schedule import Schedule
from kinglib.state import DealResult, Phase, State, Trick
from kinglib.trick_rules import TrickRules

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
