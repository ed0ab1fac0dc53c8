"""Shared test configuration: hypothesis profiles and small helpers."""

from __future__ import annotations

import os
from importlib.metadata import entry_points

from hypothesis import HealthCheck, settings

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
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# kinglib's pytest plugin is loaded through its entry point once kinglib is installed; in a
# checkout whose installed metadata predates the entry point, load it by hand.
if "kinglib" not in {ep.name for ep in entry_points(group="pytest11")}:
    pytest_plugins = ["kinglib.testing.pytest_plugin"]
