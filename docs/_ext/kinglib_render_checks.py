"""Make the build fail when one of kinglib's directives cannot render.

A directive that cannot render (an unknown variant, house rules that are not installed, a plot
without matplotlib) calls :func:`refuse`: the page shows the error where the table or figure
would be, the error is logged with its place, and once the build is done it fails with every
such error listed, with or without ``-W``. The failures are kept per document in the build
environment, so an incremental build that does not read the page again still fails until the
cause is mended.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

_KEY = "kinglib_render_failures"


def _failures(env: BuildEnvironment) -> dict[str, list[str]]:
    found: dict[str, list[str]] | None = getattr(env, _KEY, None)
    if found is None:
        found = {}
        setattr(env, _KEY, found)
    return found


def refuse(directive: SphinxDirective, message: str) -> nodes.system_message:
    """Note that ``directive`` cannot render, for ``message``; the error node for the page."""
    source, line = directive.get_source_info()
    where = f"{source}:{line}"
    _failures(directive.env).setdefault(directive.env.docname, []).append(f"{where}: {message}")
    return directive.state.document.reporter.error(message, line=line)


def _purge(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    _failures(env).pop(docname, None)


def _merge(app: Sphinx, env: BuildEnvironment, docnames: set[str], other: Any) -> None:
    theirs: dict[str, list[str]] = getattr(other, _KEY, {})
    for docname in docnames:
        if docname in theirs:
            _failures(env)[docname] = theirs[docname]


def _finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.env is None:
        return
    failed = [message for messages in _failures(app.env).values() for message in messages]
    if failed:
        listed = "\n  ".join(sorted(failed))
        logger.error(
            "%d of kinglib's tables or figures could not be rendered:\n  %s", len(failed), listed
        )
        app.statuscode = 1


def setup(app: Sphinx) -> dict[str, Any]:
    """Keep the failures per document and fail the build at its end when there are any."""
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("build-finished", _finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
