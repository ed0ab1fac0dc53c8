"""Calling the hooks of a deal: per-deal hooks, the house filter, hooks of some contracts.

A hook implementation may concern some contracts only (:func:`for_contracts`).

The few hooks called once a deal (dealing, opening, scoring, details, match end) are called
through :func:`per_deal_caller`: when no plugin wraps such a hook, its implementations are
called directly, in pluggy's order and with pluggy's results, without pluggy's per-call
bookkeeping. Plugins are fixed when the rules are loaded, so the order is known then.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any, TypeVar

import pluggy

from kinglib.engine.match_end import source_name

if TYPE_CHECKING:
    from kinglib.engine.state import State
    from kinglib.values.moves import Move

__all__ = [
    "PER_DEAL_HOOKS",
    "answered_by_defaults",
    "contracts_of",
    "deal_contract_id",
    "for_contracts",
    "house_filter",
    "house_refusal",
    "per_deal_caller",
]

#: The name kinglib's own plugin (its defaults) is registered under.
DEFAULTS = "kinglib.plugins.defaults"

#: The hooks called once a deal (never once a move), with their arguments in order.
PER_DEAL_HOOKS: dict[str, tuple[str, ...]] = {
    "kinglib_dealer": ("rules", "deal_number"),
    "kinglib_deal": ("rules", "dealer", "rng"),
    "kinglib_begin_deal": ("rules", "state"),
    "kinglib_score_deal": ("rules", "state"),
    "kinglib_deal_details": ("rules", "state"),
    "kinglib_match_over": ("rules", "totals", "results"),
}


_Hook = TypeVar("_Hook", bound=Callable[..., Any])


def for_contracts(*contract_ids: str) -> Callable[[_Hook], _Hook]:
    """Mark a hook implementation that answers only for deals of these contracts.

    For a deal of any other contract the implementation is not called and counts as answering
    ``None``; the engine knows, without calling it, that it does not concern such a deal, so
    those deals keep its fastest paths (:func:`kinglib.simulate` plays a deal that no hook
    but kinglib's own concerns on plain integers, start to finish). It fits the hooks that
    take the deal's ``state``: ``kinglib_begin_deal`` (where the contract is the one the
    schedule or a hand-built deal names, or its marker such as ``"choose"``),
    ``kinglib_score_deal``, ``kinglib_deal_details``, ``kinglib_view_extra`` and
    ``kinglib_visible_piles``::

        @kinglib.hookimpl
        @kinglib.for_contracts("trumps")
        def kinglib_score_deal(rules, state):
            ...

    Raises :class:`TypeError` for a function that takes no ``state``, or an id that is no text.
    """
    for cid in contract_ids:
        if not isinstance(cid, str):
            raise TypeError(f"for_contracts takes contract ids, not {cid!r}")
    ids = frozenset(contract_ids)

    def mark(function: _Hook) -> _Hook:
        names = list(inspect.signature(function).parameters)
        if "state" not in names:
            raise TypeError(
                f"for_contracts marks a hook implementation that takes the deal's state; "
                f"{function.__qualname__} takes {', '.join(names) or 'nothing'}"
            )
        at = names.index("state")

        @functools.wraps(function)
        def scoped(*args: Any, **kwargs: Any) -> Any:
            state = args[at] if len(args) > at else kwargs["state"]
            if deal_contract_id(state) not in ids:
                return None
            return function(*args, **kwargs)

        scoped.kinglib_contracts = ids  # type: ignore[attr-defined]
        return scoped  # type: ignore[return-value]

    return mark


def deal_contract_id(state: State) -> str:
    """The contract id of the deal of ``state``; before it is opened, what the deal names.

    That is the contract a hand-built deal was given, or the schedule's entry for the deal (a
    contract id, or a marker such as ``"choose"``).
    """
    contract = state.contract_info
    if contract is not None:
        return contract.id
    spec = state.setup.deal
    if spec is not None:
        return spec.contract
    return state.rules.schedule.contract_for(state.deal_number)


def contracts_of(function: Callable[..., Any]) -> frozenset[str] | None:
    """The contracts a hook implementation marked with :func:`for_contracts` answers for."""
    found: frozenset[str] | None = getattr(function, "kinglib_contracts", None)
    return found


def per_deal_caller(caller: Any, argnames: tuple[str, ...]) -> Callable[..., Any]:
    """A function that calls hook ``caller`` as pluggy does, with its arguments in order.

    When an implementation is a wrapper or takes keyword-only arguments, the call goes
    through pluggy. Otherwise the implementations are called directly in pluggy's order (the
    most recently registered first, ``tryfirst``/``trylast`` respected), each with the
    arguments it names; the ``None`` results are dropped, and a ``firstresult`` hook returns
    the first other result (or ``None``), as pluggy's own call does, without pluggy's
    bookkeeping on every call.
    """
    impls = caller.get_hookimpls()
    for impl in impls:
        if impl.hookwrapper or getattr(impl, "wrapper", False) or impl.kwargnames:
            return lambda *args: caller(**dict(zip(argnames, args)))
    spec = caller.spec
    firstresult = bool(spec is not None and spec.opts.get("firstresult"))
    calls = tuple(
        _positional(impl.function, tuple(impl.argnames), argnames) for impl in reversed(impls)
    )

    def call_first(*args: Any) -> Any:
        for call in calls:
            result = call(*args)
            if result is not None:
                return result
        return None

    def call_all(*args: Any) -> list[Any]:
        results = []
        for call in calls:
            result = call(*args)
            if result is not None:
                results.append(result)
        return results

    return call_first if firstresult else call_all


def _positional(
    function: Callable[..., Any], names: tuple[str, ...], argnames: tuple[str, ...]
) -> Callable[..., Any]:
    """``function``, called with the hook's arguments in order, takes those it names."""
    if names == argnames:
        return function
    picked = tuple(argnames.index(name) for name in names)
    if not picked:
        return lambda *args: function()
    pick = itemgetter(*picked)
    if len(picked) == 1:
        return lambda *args: function(pick(args))
    return lambda *args: function(*pick(args))


def house_filter(
    pm: pluggy.PluginManager,
) -> Callable[[State, tuple[Move, ...]], tuple[Move, ...]] | None:
    """The house rules' restriction of legal moves (``kinglib_legal_moves``), or ``None``.

    Each implementation returns the moves it allows (or ``None``); a move is legal when every
    implementation allows it, in the order of the moves given.
    """
    caller = pm.hook.kinglib_legal_moves
    if not caller.get_hookimpls():
        return None

    def restrict(state: State, moves: tuple[Move, ...]) -> tuple[Move, ...]:
        kept = moves
        for found in caller(state=state, moves=moves):
            if found is not None:
                allowed = set(found)
                kept = tuple(m for m in kept if m in allowed)
        return kept

    return restrict


def answered_by_defaults(
    pm: pluggy.PluginManager,
    name: str,
    contract_id: str | None = None,
    also: tuple[str, ...] = (),
) -> bool:
    """Whether only kinglib's own plugin answers hook ``name`` (for deals of ``contract_id``).

    The plugins named in ``also`` may answer it too, but not wrap it. An implementation marked
    with :func:`kinglib.for_contracts` for other contracts does not count for deals of
    ``contract_id``; a wrapper always counts.
    """
    for impl in getattr(pm.hook, name).get_hookimpls():
        if impl.plugin_name == DEFAULTS:
            continue
        if impl.hookwrapper or impl.wrapper:
            return False
        scope = contracts_of(impl.function)
        if scope is not None and contract_id is not None and contract_id not in scope:
            continue
        if impl.plugin_name not in also:
            return False
    return True


def house_refusal(pm: pluggy.PluginManager, state: State, move: Move) -> str:
    """Why the filters of legal moves refuse ``move`` in ``state``.

    The ``kinglib_refusal`` answer, else the names of the plugins whose filter took it away.
    """
    reason = pm.hook.kinglib_refusal(state=state, move=move)
    if reason:
        return str(reason)
    legal = state.rules._phase_rules[state.phase].legal_moves(state)
    names: list[str] = []
    for impl in pm.hook.kinglib_legal_moves.get_hookimpls():
        if impl.hookwrapper or impl.wrapper:
            continue
        kwargs: dict[str, Any] = {"state": state, "moves": legal}
        found: Any = impl.function(*(kwargs[n] for n in impl.argnames))
        if found is not None and move not in tuple(found):
            name = source_name(impl.plugin_name)
            own = impl.plugin_name != name  # a variant's plugin, not a house rule
            names.append(f"the rules of {name}" if own else f"the house rules of {name}")
    if not names:
        return f"{move} is not allowed by the house rules in force"
    return f"{move} is not allowed by {' and '.join(names)}"
