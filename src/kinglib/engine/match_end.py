"""The end of a match: the ``kinglib_match_end`` hook's points, added once the match is over.

:func:`close_match` is called by the flow of a match when its last deal has been scored. It
asks every ``kinglib_match_end`` implementation, in the order the plugins were registered
(the variant's first, then the caller's plugins in the order given), for points per seat; the
answers are kept under the name of the plugin that gave them, added to the totals, and stored
in the finished state's ``aux`` as a :class:`MatchEnd` (the last deal's ``aux`` is kept in it).
:func:`match_end_points` reads them back: the score sheet, the final view and records use it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from kinglib.values.errors import RulesError

if TYPE_CHECKING:
    from kinglib.engine.rules import Rules
    from kinglib.engine.state import State

__all__ = ["MatchEnd", "close_match", "match_end_points", "source_name"]

#: The name under which kinglib registers a variant's plugin (``kinglib.variant.<name>``).
_VARIANT_PREFIX = "kinglib.variant."


@attrs.frozen
class MatchEnd:
    """The ``aux`` of a finished match that scored end-of-match points.

    Attributes:
        points: ``(name, points per seat)`` pairs, one per answer of ``kinglib_match_end``, in
            the order the plugins were registered; the name is the answering plugin's (a variant by
            its variant name, a caller's plugin by its name in ``Rules.plugin_names``).
        aux: the last deal's ``aux``, as it was before the match ended.

    """

    points: tuple[tuple[str, tuple[int, ...]], ...]
    aux: Any = None


def source_name(registered: str) -> str:
    """The name shown for a plugin registered as ``registered`` (a variant by its name)."""
    if registered.startswith(_VARIANT_PREFIX):
        return registered[len(_VARIANT_PREFIX) :]
    return registered


def _answers(rules: Rules, state: State) -> tuple[tuple[str, tuple[int, ...]], ...]:
    caller = rules.plugin_manager.hook.kinglib_match_end
    out: list[tuple[str, tuple[int, ...]]] = []
    for impl in caller.get_hookimpls():  # in registration order
        if impl.hookwrapper or impl.wrapper:
            raise RulesError(
                f"plugin {impl.plugin_name!r} wraps kinglib_match_end: every implementation of "
                "this hook is called on its own, so return points instead of wrapping"
            )
        kwargs: dict[str, Any] = {"rules": rules, "state": state}
        answer: Any = impl.function(*(kwargs[name] for name in impl.argnames))
        if answer is None:
            continue
        name = source_name(impl.plugin_name)
        points: tuple[Any, ...] = tuple(answer) if isinstance(answer, (list, tuple)) else ()
        if len(points) != rules.players or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in points
        ):
            raise RulesError(
                f"kinglib_match_end of {name} gave {answer!r}: it returns one whole number per "
                f"seat ({rules.players}), or None"
            )
        out.append((name, points))
    return tuple(out)


def close_match(state: State) -> State:
    """Add the ``kinglib_match_end`` points to a match that has just ended.

    ``state`` is the finished match (phase OVER); a single deal given by ``Rules.new_deal``
    is returned as it is. Raises :class:`~kinglib.values.errors.RulesError` for an answer that is
    not one whole number per seat, or for a wrapper of the hook.
    """
    if state.setup.deal is not None:
        return state
    answers = _answers(state.rules, state)
    if not answers:
        return state
    totals = list(state.totals)
    for _, points in answers:
        for seat, p in enumerate(points):
            totals[seat] += p
    return state.evolve(totals=tuple(totals), aux=MatchEnd(points=answers, aux=state.aux))


def match_end_points(state: State) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The end-of-match points of a finished match, as ``(name, points per seat)`` pairs.

    Empty while the match goes on, and when no plugin scored anything at its end.
    """
    aux = state.aux
    if isinstance(aux, MatchEnd) and state.is_over:
        return aux.points
    return ()
