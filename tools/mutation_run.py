"""Run mutmut with kinglib's hook markers counted as harmless decorators.

Use it exactly as ``mutmut`` (``python tools/mutation_run.py run``, ``... results``...).

mutmut leaves out a function with a decorator, since a decorator runs when the function is
defined and some decorators (a route, a property) cannot be copied. kinglib's own hook markers
can: ``@kinglib.hookimpl`` only sets an attribute, and ``@kinglib.for_contracts(...)`` wraps the
function in a check of the deal's contract that mutmut's copies of the function keep. A hook
written in either form holds its rule, so mutmut is told to mutate functions whose decorators
are all of these (their arguments are never mutated); every other decorated function is left
out as before.
"""

from __future__ import annotations

import sys

import libcst as cst
from libcst.metadata import PositionProvider
from mutmut.__main__ import cli
from mutmut.mutation.file_mutation import MutationVisitor

#: The decorators a mutated function may carry: kinglib's hook markers.
HOOK_MARKERS = frozenset({"hookimpl", "for_contracts"})


def is_hook_marker(decorator: cst.BaseExpression) -> bool:
    """Whether ``decorator`` is ``hookimpl``/``for_contracts``, bare, dotted or called."""
    if isinstance(decorator, cst.Call):
        decorator = decorator.func
    if isinstance(decorator, cst.Attribute):
        return decorator.attr.value in HOOK_MARKERS
    return isinstance(decorator, cst.Name) and decorator.value in HOOK_MARKERS


_skip = MutationVisitor._skip_node_and_children


def _skip_unless_hook(self: MutationVisitor, node: cst.CSTNode) -> bool:
    """Mutmut's own rule, with a function marked only as a hook treated as undecorated."""
    if (
        isinstance(node, cst.FunctionDef)
        and node.decorators
        and all(is_hook_marker(d.decorator) for d in node.decorators)
    ):
        position = self.get_metadata(PositionProvider, node, None)
        if position is not None and position.start.line in self._ignored_node_lines:
            return _skip(self, node)
        return _skip(self, node.with_changes(decorators=()))
    return _skip(self, node)


MutationVisitor._skip_node_and_children = _skip_unless_hook  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.argv[0] = "mutmut"
    sys.exit(cli())
