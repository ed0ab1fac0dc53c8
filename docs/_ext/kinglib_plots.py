"""The figures of the documentation, drawn with matplotlib from the code and the kept results.

``.. kinglib-plot:: score-distribution`` draws the match totals of a variant's games as
:func:`kinglib.simulate` plays them (options ``:variant:``, ``:games:``, ``:seed:``), and
``.. kinglib-plot:: strength`` the search bot's margin per variant with its 95% interval, from
the duplicate matches kept in ``benchmarks/results/strength.jsonl`` (option ``:results:``,
a path from the repository's root). The directive's content is the figure's caption. A figure
that cannot be drawn (matplotlib missing, no results) fails the build.

Run as a script, the same figures are written to a folder::

    python docs/_ext/kinglib_plots.py OUTDIR [--games 2000]
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
STRENGTH = ROOT / "benchmarks" / "results" / "strength.jsonl"

#: How the figures are sized and saved: SVG, without a date, with fixed ids, so that the same
#: data always gives the same file.
_SAVE = {"format": "svg", "metadata": {"Date": None}}


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError("the figures need matplotlib: pip install 'kinglib[plot]'") from None
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "kinglib"
    import matplotlib.pyplot as plt

    return plt


def game_totals(variant: str, games: int, seed: int) -> list[tuple[int, ...]]:
    """The match totals of each game that ``kinglib.simulate(rules, games, seed=seed)`` plays."""
    import kinglib
    from kinglib.players.matches import play_game
    from kinglib.values.seeding import game_seed

    rules = kinglib.load_rules(variant)
    return [play_game(rules, None, game_seed(seed, i)).totals for i in range(games)]


def score_distribution(variant: str = "simple", games: int = 2000, seed: int = 0) -> Any:
    """A histogram of every seat's match totals over ``games`` games of random bots."""
    plt = _pyplot()
    totals = game_totals(variant, games, seed)
    values = sorted(t for game in totals for t in game)
    players = len(totals[0]) if totals else 0
    mean = sum(values) / len(values) if values else 0.0
    fig, ax = plt.subplots(figsize=(7, 3.6))
    # The totals lie on a lattice (every price is even in most variants): bins a whole number
    # of its steps wide, centred on its points, so that no bin holds one more point than the
    # next.
    step = 0
    for a, b in itertools.pairwise(values):
        step = math.gcd(step, b - a)
    step = step or 1
    width = step * max(1, math.ceil((values[-1] - values[0]) / 50 / step))
    start = values[0] - step / 2
    bins = [start + k * width for k in range(int((values[-1] - start) // width) + 2)]
    ax.hist(values, bins=bins, color="#3b6ea8", edgecolor="white", linewidth=0.3)
    ax.axvline(mean, color="#b03030", linestyle="--", linewidth=1)
    ax.set_xlabel(f"a seat's total at the end of the match (mean {mean:+.1f}, dashed)")
    ax.set_ylabel("seats")
    ax.set_title(f"{variant}: totals of the {players} seats over {games} games of random bots")
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    fig.tight_layout()
    return fig


def strength_rows(path: Path = STRENGTH) -> list[tuple[str, str, int, float, float]]:
    """Per variant and opponents: the matches, the search bot's margin and its half-width.

    The margin is the search bot's score minus the opponents' mean score in the same duplicate
    match, averaged over the matches, as ``kinglib tournament`` and ``benchmarks/strength.py``
    compute it.
    """
    from kinglib.apps.tournament import DuplicateResult, TournamentResult

    by: dict[tuple[str, tuple[str, ...]], list[DuplicateResult]] = defaultdict(list)
    with path.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                d = json.loads(line)
                key = (d.pop("variant"), tuple(d.pop("bots")))
                by[key].append(DuplicateResult(**d))
    rows = []
    for (variant, bots), matches in sorted(by.items()):
        result = TournamentResult(variant, bots, tuple(matches), 0.0)
        other = result.standings[1]
        assert other.margin is not None and other.margin_half_width is not None
        rows.append((variant, bots[1], len(matches), other.margin, other.margin_half_width))
    if not rows:
        raise RuntimeError(f"{path} holds no duplicate match")
    return rows


def strength(path: Path = STRENGTH) -> Any:
    """The search bot's margin per variant against each kind of opponent, with its interval."""
    plt = _pyplot()
    rows = strength_rows(path)
    variants = sorted({r[0] for r in rows}, reverse=True)
    opponents = sorted({r[1] for r in rows})
    fig, axes = plt.subplots(
        1, len(opponents), figsize=(7, 0.35 * len(variants) + 1.5), sharey=True, squeeze=False
    )
    colours = ["#3b6ea8", "#c98a2b", "#5a9a5a"]
    for k, (ax, opponent) in enumerate(zip(axes[0], opponents)):
        mine = {r[0]: r for r in rows if r[1] == opponent}
        found = [(i, mine[v]) for i, v in enumerate(variants) if v in mine]
        ax.barh(
            [i for i, _ in found],
            [r[3] for _, r in found],
            height=0.6,
            xerr=[r[4] for _, r in found],
            color=colours[k % len(colours)],
            ecolor="#333333",
            capsize=2,
        )
        ax.axvline(0, color="#333333", linewidth=0.8)
        ax.set_title(f"against {opponent} bots", fontsize="medium")
        ax.set_xlabel("margin per duplicate match")
    axes[0][0].set_yticks(range(len(variants)), variants)
    fig.suptitle("The search bot's margin, with its 95% interval", fontsize="medium")
    fig.tight_layout()
    return fig


#: The figures by name, with the options each takes (and their kinds).
FIGURES: dict[str, Any] = {"score-distribution": score_distribution, "strength": strength}


def draw(name: str, options: dict[str, Any], path: Path) -> None:
    """Draw figure ``name`` with ``options`` to the SVG file ``path``."""
    if name not in FIGURES:
        raise RuntimeError(f"unknown figure {name!r}; the figures are {', '.join(FIGURES)}")
    if name == "strength" and "results" in options:
        options = {"path": ROOT / options.pop("results")}
    fig = FIGURES[name](**options)
    plt = _pyplot()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, **_SAVE)
    plt.close(fig)


def _directive() -> Any:
    from docutils import nodes
    from docutils.parsers.rst import directives
    from kinglib_render_checks import refuse
    from sphinx.util.docutils import SphinxDirective

    class KinglibPlot(SphinxDirective):
        """``.. kinglib-plot:: NAME``: a figure drawn at build time, its caption as content."""

        required_arguments = 1
        has_content = True
        option_spec = {  # noqa: RUF012
            "variant": directives.unchanged,
            "games": directives.positive_int,
            "seed": directives.nonnegative_int,
            "results": directives.unchanged,
            "alt": directives.unchanged,
        }

        def run(self) -> list[nodes.Node]:
            name = self.arguments[0]
            options = {k: v for k, v in self.options.items() if k != "alt"}
            digest = hashlib.sha256(json.dumps([name, options], sort_keys=True).encode())
            relative = f"_generated/{name}-{digest.hexdigest()[:10]}.svg"
            try:
                draw(name, dict(options), Path(self.env.srcdir) / relative)
            except Exception as exc:  # the build must fail, saying which figure and why
                return [refuse(self, f"kinglib-plot {name}: {exc}")]
            figure = nodes.figure()
            figure += nodes.image(uri=f"/{relative}", alt=self.options.get("alt", name))
            if self.content:
                caption = nodes.caption()
                self.state.nested_parse(self.content, self.content_offset, caption)
                paragraph = caption.children[0] if caption.children else None
                if isinstance(paragraph, nodes.paragraph):
                    caption = nodes.caption(paragraph.rawsource, "", *paragraph.children)
                figure += caption
            return [figure]

    return KinglibPlot


def setup(app: Any) -> dict[str, Any]:
    """Register ``kinglib-plot``."""
    app.setup_extension("kinglib_render_checks")
    app.add_directive("kinglib-plot", _directive())
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def main(argv: Sequence[str] | None = None) -> int:
    """Write every figure to a folder."""
    parser = argparse.ArgumentParser(description="Draw the figures of kinglib's documentation.")
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--variant", default="simple")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    draw(
        "score-distribution",
        {"variant": args.variant, "games": args.games, "seed": args.seed},
        args.outdir / "score-distribution.svg",
    )
    draw("strength", {}, args.outdir / "strength.svg")
    print(f"wrote {args.outdir / 'score-distribution.svg'} and {args.outdir / 'strength.svg'}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    raise SystemExit(main())
