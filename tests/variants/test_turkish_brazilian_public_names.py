"""turkish, brazilian, kierki and barbu are written on kinglib's public names only.

Their source is parsed: every module they import from kinglib is a public one, every name they
import is in that module's ``__all__``, and no attribute they read is a private one (no
``state._...``).
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import kinglib_variants

FAMILY = ("turkish", "brazilian", "kierki", "barbu")
PACKAGE = Path(kinglib_variants.__file__).resolve().parent


def _tree(name: str) -> ast.Module:
    return ast.parse((PACKAGE / f"{name}.py").read_text("utf-8"))


def _private(word: str) -> bool:
    return word.startswith("_") and not (word.startswith("__") and word.endswith("__"))


def violations(tree: ast.Module) -> list[str]:
    """What a module's source uses of kinglib that is not public."""
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("kinglib"):
            if any(_private(part) for part in node.module.split(".")):
                found.append(f"line {node.lineno}: imports from the private {node.module}")
                continue
            public = getattr(importlib.import_module(node.module), "__all__", None)
            for alias in node.names:
                if _private(alias.name) or (public is not None and alias.name not in public):
                    found.append(f"line {node.lineno}: {node.module}.{alias.name} is not public")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("kinglib") and any(
                    _private(part) for part in alias.name.split(".")
                ):
                    found.append(f"line {node.lineno}: imports the private {alias.name}")
        elif isinstance(node, ast.Attribute) and _private(node.attr):
            found.append(f"line {node.lineno}: reads the private attribute {node.attr}")
    return found


@pytest.mark.parametrize("name", FAMILY)
def test_the_variant_uses_public_names_only(name: str) -> None:
    assert violations(_tree(name)) == []


def test_the_check_finds_private_names() -> None:
    source = (
        "from kinglib.engine.state import _after_card\n"
        "from kinglib.engine.tricks import deal_rules, seat_card_pairs\n"
        "from kinglib_variants._hidden import atomic_layout\n"
        "import kinglib._version\n"
        "x = state._chain\n"
    )
    found = violations(ast.parse(source))
    assert len(found) == 5, found
    assert "seat_card_pairs is not public" in found[1] and "private attribute _chain" in found[4]
