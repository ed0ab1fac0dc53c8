"""The hook specifications of kinglib: what a variant or house-rules plugin may implement.

How the hooks are called (stated once here; each hook adds when it is called, *Called:*, and
how its answers combine, *Results:*):

* Every hook is called with keyword arguments; an implementation names only the arguments it
  uses.
* Plugins are registered in this order: kinglib's defaults, the building blocks a variant
  names in ``VariantInfo.parts``, the base variant (if any), the variant, then the caller's
  plugins in the order given. pluggy calls the most recently registered implementation first.
* A ``firstresult`` hook stops at the first answer other than ``None``, so a later plugin
  overrides an earlier one simply by returning a value. The other hooks keep every answer
  other than ``None``, and the engine combines them as each hook says: replaced by key
  (phases by phase, options by name, view extras by key), all kept (deal details, visible
  piles, end-of-match points), or intersected (legal-move filters).
* A ``wrapper=True`` implementation receives what the others returned (the first answer of a
  ``firstresult`` hook, the list of answers of the others) and may return something else;
  ``kinglib_match_end`` takes no wrappers.
* The plugins are fixed when :func:`kinglib.load_rules` builds the rules. The pack, the
  contracts, the schedule and the phase rules are asked for once, then; the per-deal hooks
  (dealing, opening, scoring, details, match over) once a deal; ``kinglib_match_end`` once a
  match. Playing a card calls a hook only when a house rule filters the legal moves
  (``kinglib_legal_moves``, on every ``legal_moves()`` and every move applied); building a
  view calls ``kinglib_visible_piles`` and ``kinglib_view_extra``; reading ``State.winners``
  calls ``kinglib_winners``. Per-card rules live in the resolved
  :class:`~kinglib.values.contracts.Contract` and the :class:`~kinglib.engine.phases.PhaseRules`
  objects.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

from kinglib.engine.hook_calls import contracts_of, deal_contract_id, for_contracts

if TYPE_CHECKING:
    from kinglib.engine.dealing import Deal
    from kinglib.engine.phases import PhaseRules
    from kinglib.engine.rules import Rules
    from kinglib.engine.sampling import HiddenLayout
    from kinglib.engine.state import DealResult, Phase, State
    from kinglib.engine.view import View
    from kinglib.plugins.invariants import Invariants
    from kinglib.values.cards import CardSet
    from kinglib.values.contracts import Contract
    from kinglib.values.moves import Move
    from kinglib.values.options import Option, VariantInfo
    from kinglib.values.schedule import Schedule

__all__ = [
    "contracts_of",
    "deal_contract_id",
    "for_contracts",
    "hookimpl",
    "hookspec",
    "kinglib_begin_deal",
    "kinglib_contracts",
    "kinglib_deal",
    "kinglib_deal_details",
    "kinglib_deal_piles",
    "kinglib_dealer",
    "kinglib_deck",
    "kinglib_direction",
    "kinglib_invariants",
    "kinglib_legal_moves",
    "kinglib_match_end",
    "kinglib_match_over",
    "kinglib_option_defaults",
    "kinglib_options",
    "kinglib_phases",
    "kinglib_refusal",
    "kinglib_sample_hidden",
    "kinglib_schedule",
    "kinglib_score_deal",
    "kinglib_variant_info",
    "kinglib_view_extra",
    "kinglib_visible_piles",
    "kinglib_winners",
]

#: Marks a hook specification.
hookspec = pluggy.HookspecMarker("kinglib")
#: Marks a hook implementation: decorate plugin functions with ``@kinglib.hookimpl``.
hookimpl = pluggy.HookimplMarker("kinglib")


@hookspec(firstresult=True)
def kinglib_variant_info() -> VariantInfo | None:
    """Describe the variant: name, titles, player counts, its options and its base variant.

    *Called:* once by ``load_rules``, before anything else (and once for each variant of a base
    stack, to find the bases and parts).

    *Results:* ``firstresult``: the most recently registered answer other than ``None`` wins
    (the variant's own, over its base's). A wrapper receives that answer.

    Every variant plugin implements it; the last registered answer wins, so a variant built on
    another one describes itself.
    """


@hookspec
def kinglib_options(variant: str) -> Sequence[Option]:
    """Add options that are not the variant's own: common ones, or a house rule's switches.

    *Called:* once by ``load_rules``, with the variant's name, before the options are resolved.

    *Results:* all answers kept and merged by option name; a later plugin's option replaces an
    earlier one of the same name, and the variant's own options (its ``VariantInfo.options``)
    come last. A wrapper receives the list of answers, the most recently registered plugin's
    first.

    Args:
        variant: the name of the variant being built.

    Returns:
        options; a later plugin's option replaces an earlier one of the same name.

    """


@hookspec(firstresult=True)
def kinglib_deck(rules: Rules) -> CardSet | None:
    """The pack for these rules (player count and options are known).

    *Called:* once by ``load_rules``, once ``variant``, ``players`` and ``options`` are set.

    *Results:* ``firstresult``: the most recently registered answer wins (kinglib's default is
    the 32-card pack). A wrapper receives that pack.

    Args:
        rules: the rules being built: ``variant``, ``players`` and ``options`` are set.

    """


@hookspec(firstresult=True)
def kinglib_contracts(rules: Rules) -> Mapping[str, Contract] | None:
    """The contract catalogue, by id, with prices and play rules resolved for these options.

    *Called:* once by ``load_rules``, once the pack is set.

    *Results:* ``firstresult``: the most recently registered answer wins. A wrapper receives
    that mapping and returns an edited copy (how a house rule changes prices).

    A house rule changes prices by wrapping this hook (``@hookimpl(wrapper=True)``) and
    returning an edited copy of the mapping.

    Args:
        rules: the rules being built: ``variant``, ``players``, ``options`` and ``deck`` are set.

    """


@hookspec(firstresult=True)
def kinglib_schedule(rules: Rules) -> Schedule | None:
    """The shape of the match: each deal's contract, or an open-ended repeat.

    *Called:* once by ``load_rules``, once the contracts are set; every deal of the schedule
    that names no contract (a marker) is then opened once on trial, and a marker no
    ``kinglib_begin_deal`` handles is refused with :class:`~kinglib.values.errors.RulesError`.

    *Results:* ``firstresult``: the most recently registered answer wins. A wrapper receives
    that schedule.

    Args:
        rules: the rules being built; ``contracts`` is set.

    """


@hookspec(firstresult=True)
def kinglib_direction(rules: Rules) -> str | None:
    """The direction of play: ``"clockwise"`` or ``"counterclockwise"``.

    It holds for the whole variant: the tricks, the turns of every other phase that goes round
    the table, and the passing of the deal. Clockwise, the seat after ``s`` is ``(s + 1) % n``;
    counter-clockwise it is ``(s - 1) % n``; the eldest is the seat after the dealer
    (:meth:`Rules.next_seat <kinglib.engine.rules.Rules.next_seat>`).

    *Called:* once by ``load_rules``, once the options are resolved (before the pack).

    *Results:* ``firstresult``: the most recently registered answer wins (kinglib's default is
    ``"clockwise"``). A wrapper receives that answer. Any other answer is refused with
    :class:`~kinglib.values.errors.RulesError`.

    Args:
        rules: the rules being built: ``variant``, ``players`` and ``options`` are set.

    """


@hookspec
def kinglib_phases(rules: Rules) -> Mapping[Phase | str, PhaseRules]:
    """The rules of each phase the variant uses; later plugins replace earlier ones per phase.

    A key may also be a name (a string): a play phase of the variant's own, which plays the
    deals of every contract whose trick rules name it (``TrickRules(phase="fan_tan")``)
    instead of trick play; the state's phase is then :attr:`Phase.PLAY <kinglib.Phase.PLAY>`.

    *Called:* once by ``load_rules``, last; the phase objects are kept and called on every move,
    without hooks.

    *Results:* all answers kept and merged by phase: a later plugin's rules replace an earlier
    one's for the same phase (kinglib's default supplies the PLAY phase). A wrapper receives the
    list of mappings, the most recently registered plugin's first.

    Args:
        rules: the rules being built; every other part is set.

    """


@hookspec(firstresult=True)
def kinglib_dealer(rules: Rules, deal_number: int) -> int | None:
    """The seat that deals deal ``deal_number`` (counting from 1) of a match.

    kinglib's default: the seat of the option ``first_dealer`` deals the first deal, and the
    deal passes to the next seat in the direction of play after every deal. A variant whose
    deal moves otherwise (the same dealer for seven deals, an extra shift after each series)
    answers here; the eldest, the chooser and everything else that follows the dealer follow
    it. The answer must depend on nothing but the rules and the deal's number.

    *Called:* once per deal of a seeded match, as it is dealt (:meth:`Rules.dealer_for
    <kinglib.engine.rules.Rules.dealer_for>`), and by whoever asks who deals a deal to come.

    *Results:* ``firstresult``: the most recently registered answer wins. A wrapper receives
    that seat. An answer that is no seat is refused with :class:`~kinglib.values.errors.RulesError`.

    Args:
        rules: the rules.
        deal_number: the deal's number, from 1.

    """


@hookspec
def kinglib_option_defaults(variant: str) -> Mapping[str, Any] | None:
    """New defaults for options the variant (or another plugin) declares: name → value.

    A house rule that plays by other defaults ("KING2 prices": ``king_forced`` off) says so
    here, and the option's default, as every table and ``kinglib variants`` shows it, is the new
    one; a value the caller gives still wins. The value is checked as a given value is.

    *Called:* once by ``load_rules``, with the variant's name, once the options are known.

    *Results:* all answers kept and merged by option name in registration order: a later
    plugin's default replaces an earlier one's. A wrapper receives the list of answers. A name
    no plugin declares is refused with :class:`~kinglib.values.errors.RulesError`.

    Args:
        variant: the name of the variant being built.

    """


@hookspec(firstresult=True)
def kinglib_deal_piles(rules: Rules) -> Mapping[str, int] | None:
    """The piles laid aside, face down, before the hands are dealt: name and number of cards.

    kinglib's own ``kinglib_deal`` shuffles the pack, lays these piles aside in the order given
    (``{"kitty": 1}``, ``{"stock": 8}``, ``{"widow": 2}``), and deals the rest evenly; a variant
    that deals that way says so here rather than dealing itself, and its deals keep the fastest
    paths (see :func:`kinglib.simulate`).

    *Called:* once by ``load_rules``, once the pack is set (:attr:`Rules.deal_piles
    <kinglib.engine.rules.Rules.deal_piles>`).

    *Results:* ``firstresult``: the most recently registered answer wins (kinglib's default is
    no pile). A wrapper receives that mapping.

    Args:
        rules: the rules being built; ``deck`` is set.

    """


@hookspec(firstresult=True)
def kinglib_deal(rules: Rules, dealer: int, rng: random.Random) -> Deal | None:
    """Deal the cards of one deal.

    *Called:* once per deal, when it is dealt (never for a deal given to ``Rules.new_deal``,
    except once to learn the piles' sizes).

    *Results:* ``firstresult``: the most recently registered answer wins (kinglib's default
    deals the pack evenly). A wrapper receives that deal.

    Args:
        rules: the rules.
        dealer: the dealing seat.
        rng: the deal's own random generator; use nothing else, so a seed replays exactly.

    """


@hookspec(firstresult=True)
def kinglib_begin_deal(rules: Rules, state: State) -> State | None:
    """Open a freshly dealt deal: set its phase, contract, trump and the seat to move.

    *Called:* once per deal, after dealing; and once on trial by ``load_rules`` for each
    schedule marker.

    *Results:* ``firstresult``: the most recently registered answer wins; kinglib's default
    plays the scheduled contract at once, and refuses a marker. A wrapper receives the opened
    state.

    Args:
        rules: the rules.
        state: the new deal, cards dealt, nothing decided yet.

    """


@hookspec(firstresult=True)
def kinglib_score_deal(rules: Rules, state: State) -> tuple[int, ...] | None:
    """The signed points each seat scores in the deal that ``state`` has just finished.

    *Called:* once per deal, when its last trick is played (or it ends early).

    *Results:* ``firstresult``: the most recently registered answer wins (kinglib's default
    scores the contract's prices). A wrapper receives those points.

    Args:
        rules: the rules.
        state: the deal after its last trick (tricks, taken cards, piles and ``aux`` set).

    """


@hookspec
def kinglib_deal_details(rules: Rules, state: State) -> Sequence[tuple[str, Any]]:
    """Facts of a finished deal worth keeping in its :class:`~kinglib.engine.state.DealResult`.

    *Called:* once per deal, right after ``kinglib_score_deal``.

    *Results:* all answers kept: every plugin's pairs go into the deal's result, sorted by key.
    A wrapper receives the list of answers, the most recently registered plugin's first.

    Returns:
        ``(key, value)`` pairs with hashable values; all plugins' pairs are kept.

    """


@hookspec(firstresult=True)
def kinglib_match_over(
    rules: Rules, totals: tuple[int, ...], results: tuple[DealResult, ...]
) -> bool | None:
    """Whether the match ends after the deal whose result is ``results[-1]``.

    *Called:* once per deal of a match dealt from a seed, after it is scored (never for a single
    given deal).

    *Results:* ``firstresult``: the most recently registered answer wins (kinglib's default ends
    a fixed schedule after its last deal). A wrapper receives that answer.

    Args:
        rules: the rules.
        totals: the match totals after that deal.
        results: every deal's result so far.

    """


@hookspec
def kinglib_match_end(rules: Rules, state: State) -> Sequence[int] | None:
    """Points each seat scores once the whole match is over (an end-of-match bonus).

    *Called:* once per match, when ``kinglib_match_over`` has ended it; never for a single deal
    given to ``Rules.new_deal``.

    *Results:* all answers kept, each under the name of the plugin that gave it, in the order
    the plugins were registered; every implementation is called on its own, so this hook takes
    no wrappers.

    Called once, when the last deal of a match has been scored (a fixed match after its last
    deal, an open-ended one when ``kinglib_match_over`` says it ends); never for a single deal
    built with ``Rules.new_deal``. ``state`` is the finished match: ``phase`` is OVER,
    ``results`` holds every deal, and ``totals`` are the deals' sums, before any bonus.

    Args:
        rules: the rules.
        state: the finished match, before the end-of-match points are added.

    Returns:
        one signed number per seat, or ``None`` for nothing. Every implementation's answer is
        kept under its plugin's name (:func:`kinglib.engine.match_end.match_end_points`), added to
        the totals before the winners are decided, shown as its own line of the score sheet and in
        the final view (``View.extra["match_end"]``), and read back from records. Points that do not
        sum to zero break a zero-sum match: declare ``zero_sum=False`` then. Each implementation is
        called on its own, so this hook takes no wrappers.

    """


@hookspec(firstresult=True)
def kinglib_winners(rules: Rules, state: State) -> tuple[int, ...] | None:
    """The winning seats of a finished match (by default, those with the highest total).

    *Called:* each time ``State.winners`` is read on a finished match (and never before).

    *Results:* ``firstresult``: the most recently registered answer wins (kinglib's default: the
    highest total, end-of-match points included). A wrapper receives that answer.
    """


@hookspec
def kinglib_legal_moves(state: State, moves: tuple[Move, ...]) -> tuple[Move, ...] | None:
    """Restrict the legal moves (a house rule); return the moves to keep, or ``None``.

    *Called:* once per ``State.legal_moves()`` and once per move applied, while a deal is in
    progress, but only when some plugin implements it (otherwise never).

    *Results:* intersected: the moves kept are those that every implementation keeps (``None``
    keeps all). It is called through pluggy, so a wrapper receives the list of answers.

    A house rule must leave at least one move.
    """


@hookspec(firstresult=True)
def kinglib_refusal(state: State, move: Move) -> str | None:
    """Why ``move``, which a ``kinglib_legal_moves`` filter took away, is refused here.

    The sentence becomes the :class:`~kinglib.values.errors.IllegalMoveError`'s reason, in the words
    of the rule ("spades may not be led before the third trick"). Without an answer the error
    names the plugins whose filter took the move away.

    *Called:* only when a move that the phase itself allows is refused because a filter took
    it away.

    *Results:* ``firstresult``: the most recently registered answer wins.

    Args:
        state: the state in which the move is refused.
        move: the move refused.

    """


@hookspec
def kinglib_visible_piles(rules: Rules, state: State, seat: int) -> Sequence[str]:
    """The names of the piles ``seat`` may see now (the widow once shown, for example).

    *Called:* once per ``State.view(seat)`` while a deal is in progress (not once the match is
    over).

    *Results:* all answers kept: a pile is visible when any plugin names it. A wrapper receives
    the list of answers.

    Piles nobody names stay hidden; their sizes are always public.
    """


@hookspec
def kinglib_view_extra(rules: Rules, state: State, seat: int) -> Mapping[str, Any]:
    """Public facts of the deal to add to ``seat``'s view (bids, declarations, shown cards).

    *Called:* once per ``State.view(seat)`` while a deal is in progress; once the match is over
    it is no longer asked, and the view's ``extra`` holds only the end-of-match points
    (``"match_end"``).

    *Results:* all answers kept and merged by key: a later plugin's key replaces an earlier
    one's. A wrapper receives the list of mappings, the most recently registered plugin's first.

    Everything returned must be something ``seat`` may know; a card returned here counts as
    seen by that seat.
    """


@hookspec(firstresult=True)
def kinglib_invariants(rules: Rules) -> Invariants | None:
    """Declare which of the invariants of a match hold for these rules, and how.

    *Called:* by :mod:`kinglib.testing` only, once per check; never while a match is played.

    *Results:* ``firstresult``: the most recently registered answer wins. A wrapper receives
    that answer and usually returns an edited copy.

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
        a :class:`~kinglib.plugins.invariants.Invariants`, or ``None`` to leave the answer to an
        earlier plugin.

    """


@hookspec(firstresult=True)
def kinglib_sample_hidden(rules: Rules, view: View) -> HiddenLayout | None:
    """Describe where the cards hidden from ``view`` may lie, for :meth:`View.sample`.

    *Called:* once per view sampled (a bot sampling many worlds from one view asks once).

    *Results:* ``firstresult``: the first answer that is not ``None``; kinglib's default
    (:func:`kinglib.engine.sampling.stock_layout`) covers trick play from dealt hands, with hidden
    piles that keep their cards. A variant whose cards move unseen (a widow taken into a
    hand, a stock drawn from, a staged deal) answers with its own
    :class:`~kinglib.engine.sampling.HiddenLayout`.

    The layout only says where cards may be and how the deal began; the sampler deals the
    cards, replays the deal's moves with the engine's own legality, and learns from it what
    play revealed (voids, forced cards), so a layout needs no trick-play inference.

    Args:
        rules: the rules of the match.
        view: the view to sample.

    """
