"""The hook specifications of kinglib: what a variant or house-rules plugin may implement.

Every hook is called with keyword arguments. Plugins are registered in this order: kinglib's
defaults, the base variant (if any), the variant, then the caller's plugins. pluggy calls the
most recently registered implementation first, so for ``firstresult`` hooks a later plugin
overrides an earlier one simply by returning a value, and a ``wrapper=True`` implementation can
adjust what the others return.

The hooks run while the rules are built and at deal boundaries, never once per card: per-card
rules live in the resolved :class:`~kinglib.contracts.Contract` and the
:class:`~kinglib.phases.PhaseRules` objects.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from kinglib.cards import CardSet
    from kinglib.contracts import Contract
    from kinglib.dealing import Deal
    from kinglib.invariants import Invariants
    from kinglib.moves import Move
    from kinglib.options import Option, VariantInfo
    from kinglib.phases import PhaseRules
    from kinglib.rules import Rules
    from kinglib.sampling import HiddenLayout
    from kinglib.schedule import Schedule
    from kinglib.state import DealResult, Phase, State
    from kinglib.view import View

__all__ = ["hookimpl", "hookspec"]

#: Marks a hook specification.
hookspec = pluggy.HookspecMarker("kinglib")
#: Marks a hook implementation: decorate plugin functions with ``@kinglib.hookimpl``.
hookimpl = pluggy.HookimplMarker("kinglib")


@hookspec(firstresult=True)
def kinglib_variant_info() -> VariantInfo | None:
    """Describe the variant: name, titles, player counts, its options and its base variant.

    Every variant plugin implements it; the last registered answer wins, so a variant built on
    another one describes itself.
    """


@hookspec
def kinglib_options(variant: str) -> Sequence[Option]:
    """Add options that are not the variant's own: common ones, or a house rule's switches.

    Args:
        variant: the name of the variant being built.

    Returns:
        options; a later plugin's option replaces an earlier one of the same name.

    """


@hookspec(firstresult=True)
def kinglib_deck(rules: Rules) -> CardSet | None:
    """The pack for these rules (player count and options are known).

    Args:
        rules: the rules being built: ``variant``, ``players`` and ``options`` are set.

    """


@hookspec(firstresult=True)
def kinglib_contracts(rules: Rules) -> Mapping[str, Contract] | None:
    """The contract catalogue, by id, with prices and play rules resolved for these options.

    A house rule changes prices by wrapping this hook (``@hookimpl(wrapper=True)``) and
    returning an edited copy of the mapping.

    Args:
        rules: the rules being built: ``variant``, ``players``, ``options`` and ``deck`` are set.

    """


@hookspec(firstresult=True)
def kinglib_schedule(rules: Rules) -> Schedule | None:
    """The shape of the match: each deal's contract, or an open-ended repeat.

    Args:
        rules: the rules being built; ``contracts`` is set.

    """


@hookspec
def kinglib_phases(rules: Rules) -> Mapping[Phase, PhaseRules]:
    """The rules of each phase the variant uses; later plugins replace earlier ones per phase.

    Args:
        rules: the rules being built; every other part is set.

    """


@hookspec(firstresult=True)
def kinglib_deal(rules: Rules, dealer: int, rng: random.Random) -> Deal | None:
    """Deal the cards of one deal.

    Args:
        rules: the rules.
        dealer: the dealing seat.
        rng: the deal's own random generator; use nothing else, so a seed replays exactly.

    """


@hookspec(firstresult=True)
def kinglib_begin_deal(rules: Rules, state: State) -> State | None:
    """Open a freshly dealt deal: set its phase, contract, trump and the seat to move.

    Args:
        rules: the rules.
        state: the new deal, cards dealt, nothing decided yet.

    """


@hookspec(firstresult=True)
def kinglib_score_deal(rules: Rules, state: State) -> tuple[int, ...] | None:
    """The signed points each seat scores in the deal that ``state`` has just finished.

    Args:
        rules: the rules.
        state: the deal after its last trick (tricks, taken cards, piles and ``aux`` set).

    """


@hookspec
def kinglib_deal_details(rules: Rules, state: State) -> Sequence[tuple[str, Any]]:
    """Facts of a finished deal worth keeping in its :class:`~kinglib.state.DealResult`.

    Returns:
        ``(key, value)`` pairs with hashable values; all plugins' pairs are kept.

    """


@hookspec(firstresult=True)
def kinglib_match_over(
    rules: Rules, totals: tuple[int, ...], results: tuple[DealResult, ...]
) -> bool | None:
    """Whether the match ends after the deal whose result is ``results[-1]``.

    Args:
        rules: the rules.
        totals: the match totals after that deal.
        results: every deal's result so far.

    """


@hookspec(firstresult=True)
def kinglib_winners(rules: Rules, state: State) -> tuple[int, ...] | None:
    """The winning seats of a finished match (by default, those with the highest total)."""


@hookspec
def kinglib_legal_moves(state: State, moves: tuple[Move, ...]) -> tuple[Move, ...] | None:
    """Restrict the legal moves (a house rule); return the moves to keep, or ``None``.

    Only when some plugin implements this hook does the engine call it, once per
    ``legal_moves()``; the moves kept are those that every implementation keeps. A house rule
    must leave at least one move.
    """


@hookspec
def kinglib_visible_piles(rules: Rules, state: State, seat: int) -> Sequence[str]:
    """The names of the piles ``seat`` may see now (the widow once shown, for example).

    Piles nobody names stay hidden; their sizes are always public.
    """


@hookspec
def kinglib_view_extra(rules: Rules, state: State, seat: int) -> Mapping[str, Any]:
    """Public facts of the deal to add to ``seat``'s view (bids, declarations, shown cards).

    Everything returned must be something ``seat`` may know; a card returned here counts as
    seen by that seat.
    """


@hookspec(firstresult=True)
def kinglib_invariants(rules: Rules) -> Invariants | None:
    """Declare which of the invariants of RULES.md §12 hold for these rules, and how.

    :mod:`kinglib.testing` (``check_invariants`` and the pytest conformance suite) asks this
    hook once per rules object and checks the answer on random play. It is never called while
    a match is played.

    The properties every variant keeps (each card of the pack in exactly one place, one seat to
    move with at least one legal move, replay from the seed, views that hide the other hands)
    need no declaration. The answer says the rest: whether the match is zero-sum, the total a
    finished deal must hand out (by default its contract's total), the threshold that ends an
    open-ended match, the number of deals of a fixed match, and which cards of another seat's
    hand a seat has legitimately been shown.

    kinglib's default declares only what holds for any variant: no zero-sum, contract totals,
    no threshold, no fixed number of deals. A variant declares its own; a house rule that
    changes one of these properties overrides the variant's answer, usually by editing it::

        @hookimpl(wrapper=True)
        def kinglib_invariants(rules):
            declared = yield
            return attrs.evolve(declared, deals=12)

    Args:
        rules: the rules, fully built.

    Returns:
        a :class:`~kinglib.invariants.Invariants`, or ``None`` to leave the answer to an
        earlier plugin.

    """


@hookspec(firstresult=True)
def kinglib_sample_hidden(rules: Rules, view: View) -> HiddenLayout | None:
    """Describe where the cards hidden from ``view`` may lie, for :meth:`View.sample`.

    *Called:* once per view sampled (a bot sampling many worlds from one view asks once).
    *Results:* the first answer that is not ``None``; kinglib's default
    (:func:`kinglib.sampling.stock_layout`) covers trick play from dealt hands, with hidden
    piles that keep their cards. A variant whose cards move unseen (a widow taken into a
    hand, a stock drawn from, a staged deal) answers with its own
    :class:`~kinglib.sampling.HiddenLayout`.

    The layout only says where cards may be and how the deal began; the sampler deals the
    cards, replays the deal's moves with the engine's own legality, and learns from it what
    play revealed (voids, forced cards), so a layout needs no trick-play inference.

    Args:
        rules: the rules of the match.
        view: the view to sample.

    """
