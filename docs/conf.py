"""Sphinx configuration of the kinglib documentation."""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE / "_ext"))

import kinglib  # noqa: E402

project = "kinglib"
author = "kinglib developers"
copyright = "2026, kinglib developers"  # noqa: A001
release = kinglib.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "kinglib_tables",
    "kinglib_plots",
]

napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_preserve_defaults = True

exclude_patterns = ["_build", "_generated"]
# Furo: a maintained theme that folds the navigation and fits wide tables and code blocks.
html_theme = "furo"
html_static_path: list[str] = []
html_title = f"kinglib {release}"
html_theme_options = {
    "navigation_with_keys": True,
    "top_of_page_buttons": [],
}

doctest_global_setup = """
import kinglib
from kinglib import Card, CardSet, Suit, Rank
"""
