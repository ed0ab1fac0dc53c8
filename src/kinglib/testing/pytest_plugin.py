"""kinglib's pytest plugin (entry point ``kinglib`` of the ``pytest11`` group).

It is loaded by pytest whenever kinglib is installed. It adds:

* the option ``--kinglib-seeds N`` (ini ``kinglib_seeds``, default 3): how many seeded random
  matches :class:`~kinglib.testing.conformance.RulesConformance` plays per rules object;
* the fixture ``kinglib_seeds``: those seeds, for your own tests;
* the fixture ``kinglib_check``: a function that runs
  :func:`~kinglib.testing.check_invariants` on given rules for every one of those seeds;
* a line of the report header naming kinglib's version and the installed variants.

It imports neither hypothesis nor the engine until a test asks for them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest

from kinglib import __version__
from kinglib.plugins.manager import variant_names
from kinglib.testing.checks import check_invariants

if TYPE_CHECKING:
    from kinglib.engine.rules import Rules

__all__ = ["DEFAULT_SEEDS", "kinglib_check", "kinglib_seeds", "seed_count"]

#: How many seeded matches the conformance suite plays per rules object by default.
DEFAULT_SEEDS = 3


def pytest_addoption(parser: pytest.Parser) -> None:
    """Add ``--kinglib-seeds`` and the ``kinglib_seeds`` ini value."""
    group = parser.getgroup("kinglib", "kinglib rules conformance")
    group.addoption(
        "--kinglib-seeds",
        type=int,
        default=None,
        metavar="N",
        help=f"seeded random matches per rules object (default {DEFAULT_SEEDS})",
    )
    parser.addini(
        "kinglib_seeds", f"seeded random matches per rules object (default {DEFAULT_SEEDS})"
    )


def seed_count(config: pytest.Config) -> int:
    """The number of seeds asked for: the option, else the ini value, else the default."""
    value = config.getoption("kinglib_seeds", default=None)
    if value is None:
        try:
            text = config.getini("kinglib_seeds")
        except ValueError:  # the plugin is not loaded: no such ini value
            text = ""
        try:
            value = int(text) if isinstance(text, str) and text.strip() else DEFAULT_SEEDS
        except ValueError:
            raise pytest.UsageError(f"kinglib_seeds is a whole number, not {text!r}") from None
    if value < 1:
        raise pytest.UsageError(f"--kinglib-seeds must be at least 1, not {value}")
    return int(value)


def pytest_configure(config: pytest.Config) -> None:
    """Refuse a bad ``--kinglib-seeds`` before any test runs."""
    seed_count(config)


def pytest_report_header(config: pytest.Config) -> str:
    """Name kinglib's version and the variants it finds."""
    return f"kinglib {__version__}: variants {', '.join(variant_names())}"


@pytest.fixture
def kinglib_seeds(request: pytest.FixtureRequest) -> tuple[int, ...]:
    """The seeds of the random matches to check: 0 to ``--kinglib-seeds`` - 1."""
    return tuple(range(seed_count(request.config)))


@pytest.fixture
def kinglib_check(kinglib_seeds: tuple[int, ...]) -> Callable[[Rules], None]:
    """A function that checks the invariants of rules on a random match for every seed."""

    def check(rules: Rules) -> None:
        for seed in kinglib_seeds:
            check_invariants(rules, seed)

    return check
