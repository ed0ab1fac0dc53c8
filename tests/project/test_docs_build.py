"""The documentation's own extensions: a broken directive fails the build; the figures' data.

A small Sphinx project in a temporary folder uses kinglib's directives the way the docs do; a
table naming house rules that are not installed must make ``sphinx-build`` fail (with and
without ``-W``), naming the page, the line and the reason, and keep failing on a second build
that reads nothing again.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import kinglib

pytest.importorskip("sphinx")

ROOT = Path(__file__).resolve().parents[2]
EXT = ROOT / "docs" / "_ext"


def _build(project: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-q",
            *flags,
            "-b",
            "html",
            str(project),
            str(project / "_build"),
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


def _project(tmp_path: Path, page: str) -> Path:
    (tmp_path / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(EXT)!r})\n"
        "extensions = ['kinglib_tables', 'kinglib_plots']\n",
        encoding="utf-8",
    )
    (tmp_path / "index.rst").write_text(page, encoding="utf-8")
    return tmp_path


GOOD = """Rules
=====

.. kinglib-schedule:: simple
   :options: scheme=short
"""

BROKEN = (
    GOOD
    + """
.. kinglib-contracts:: simple
   :plugins: no-such-house-rules
"""
)


def test_a_page_of_tables_builds(tmp_path: Path) -> None:
    done = _build(_project(tmp_path, GOOD), "-W")
    assert done.returncode == 0, done.stderr
    html = (tmp_path / "_build" / "index.html").read_text(encoding="utf-8")
    assert "no_tricks" in html


@pytest.mark.parametrize("flags", [(), ("-W", "--keep-going")])
def test_a_directive_that_cannot_render_fails_the_build(
    tmp_path: Path, flags: tuple[str, ...]
) -> None:
    project = _project(tmp_path, BROKEN)
    done = _build(project, *flags)
    assert done.returncode != 0
    assert re.search(
        r"index\.rst:\d+: kinglib-contracts: unknown house rules 'no-such-house-rules'",
        done.stderr,
    ), done.stderr
    assert "could not be rendered" in done.stderr
    # Built again, with nothing to read again: it still fails.
    again = _build(project, *flags)
    assert again.returncode != 0 and "no-such-house-rules" in again.stderr


def test_an_unknown_figure_fails_the_build(tmp_path: Path) -> None:
    done = _build(_project(tmp_path, "Figures\n=======\n\n.. kinglib-plot:: pie-chart\n"))
    assert done.returncode != 0
    assert "kinglib-plot pie-chart: unknown figure 'pie-chart'" in done.stderr


def _plots() -> ModuleType:
    sys.path.insert(0, str(EXT))
    spec = importlib.util.spec_from_file_location("kinglib_plots", EXT / "kinglib_plots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_score_figure_plays_the_games_of_simulate() -> None:
    plots = _plots()
    totals = plots.game_totals("simple", 60, 3)
    summary = kinglib.simulate(kinglib.load_rules("simple"), 60, seed=3)
    means = [sum(game[seat] for game in totals) / 60 for seat in range(4)]
    assert means == pytest.approx(list(summary.mean))


def test_the_strength_figure_shows_the_table_of_the_search_page() -> None:
    plots = _plots()
    page = (ROOT / "docs" / "search-bot.rst").read_text(encoding="utf-8")
    rows = plots.strength_rows()
    assert {r[0] for r in rows} >= {"simple", "atomic", "jokers"}
    for variant, opponent, matches, margin, _half in rows:
        # The table of the page has the same variant, opponents, count and margin.
        found = re.search(
            rf"\* - {re.escape(variant)}\n\s+- \d × {opponent}\n\s+- {matches}\n"
            rf"(?:\s+- .*\n){{2}}\s+- {re.escape(f'{margin:+.1f}')}\n",
            page,
        )
        assert found, (variant, opponent, matches, margin)


def test_the_figures_are_drawn(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    plots = _plots()
    plots.draw("score-distribution", {"games": 40}, tmp_path / "a.svg")
    plots.draw("strength", {}, tmp_path / "b.svg")
    for name in ("a.svg", "b.svg"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert text.startswith("<?xml") and "<svg" in text
    # The same data gives the same file.
    plots.draw("strength", {}, tmp_path / "c.svg")
    assert (tmp_path / "b.svg").read_bytes() == (tmp_path / "c.svg").read_bytes()
