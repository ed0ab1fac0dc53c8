"""Shared test configuration: hypothesis profiles and small helpers."""

from __future__ import annotations

import os
from importlib.metadata import entry_points

from hypothesis import HealthCheck, Phase, settings

settings.register_profile(
    "ci",
    derandomize=True,
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "dev",
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
# The mutation run (``mutmut run``, see ``[tool.mutmut]`` in pyproject.toml): reproducible and
# short, since every surviving mutant re-runs each test that covers the changed function. A
# failing example is not shrunk: the run only needs to know that a test failed, and shrinking
# a broken sampler or an endless deal can take longer than the mutant's time limit.
settings.register_profile(
    "mutation",
    derandomize=True,
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=(Phase.explicit, Phase.reuse, Phase.generate),
    report_multiple_bugs=False,
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

#: Whether pytest loads kinglib's plugin by itself: its entry point is installed. In a checkout
#: whose installed metadata predates the entry point, the plugin is loaded here instead.
KINGLIB_PLUGIN_INSTALLED = "kinglib" in {ep.name for ep in entry_points(group="pytest11")}
#: The pytest arguments that load kinglib's plugin in a pytester run.
KINGLIB_PLUGIN_ARGS: tuple[str, ...] = (
    () if KINGLIB_PLUGIN_INSTALLED else ("-p", "kinglib.testing.pytest_plugin")
)

pytest_plugins = ["pytester"]
if not KINGLIB_PLUGIN_INSTALLED:
    pytest_plugins.append("kinglib.testing.pytest_plugin")
