"""Duplicate matches between bots: :func:`tournament`, :func:`duplicate_match`, :func:`make_bot`.

A *duplicate match* plays one seed once per seat rotation: with bots ``A B C D`` the seats
are ``A B C D``, then ``D A B C``, ``C D A B``, ``B C D A``, so every bot holds every hand of
the same deals and the luck of the cards cancels out. A bot's score in a duplicate match is
its mean total over the rotations (averaged over its seats when it sits more than once); the
tournament reports each bot's mean score with a 95% confidence interval, its wins and its
time per decision, and the margin of the first bot over each other one.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from kinglib.engine.rules import Rules
from kinglib.engine.view import View
from kinglib.players.bots import Bot, HeuristicBot, RandomBot
from kinglib.players.matches import RulesSpec, play, rules_from_spec, rules_spec
from kinglib.players.playouts import PLAYOUT_KINDS
from kinglib.players.search import SearchBot
from kinglib.values.errors import RulesError
from kinglib.values.moves import Move
from kinglib.values.seeding import game_seed

__all__ = [
    "BOT_KINDS",
    "DuplicateResult",
    "Standing",
    "TournamentResult",
    "duplicate_match",
    "make_bot",
    "mean_interval",
    "tournament",
]

#: The bot kinds a tournament knows by name.
BOT_KINDS = ("search", "heuristic", "random")


def make_bot(spec: str, seed: int) -> Bot:
    """A bot from its name (``search``, ``heuristic``, ``random``) and options.

    Options follow a colon, comma-separated: ``search:worlds=8,playouts=2``; the search bot's
    playouts are named, ``search:playout=random``.

    Raises:
        RulesError: an unknown bot or option, or an option value that is not a whole number
            (or not a playout's name).

    """
    kind, _, rest = spec.partition(":")
    options: dict[str, int] = {}
    playout = "greedy"
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if kind == "search" and key == "playout" and eq:
            if value not in PLAYOUT_KINDS:
                raise RulesError(
                    f"the search bot's playout is one of {', '.join(PLAYOUT_KINDS)}, not {value!r}"
                )
            playout = value
            continue
        if not eq or not value.lstrip("-").isdigit() or len(value) > 9:
            raise RulesError(f"bot option {item!r} of {spec!r} is not key=number")
        options[key] = int(value)
    if kind == "search":
        unknown = set(options) - {"worlds", "playouts"}
        if unknown:
            raise RulesError(
                f"the search bot has no option {sorted(unknown)[0]!r}; its options are "
                "worlds, playouts and playout"
            )
        try:
            return SearchBot(
                seed=seed,
                worlds=options.get("worlds", 24),
                playouts=options.get("playouts", 1),
                playout=playout,
            )
        except ValueError as error:
            raise RulesError(f"bad search bot {spec!r}: {error}") from None
    if kind not in BOT_KINDS:
        raise RulesError(f"unknown bot {kind!r}: the bots are {', '.join(BOT_KINDS)}")
    if options or rest:
        raise RulesError(f"the {kind} bot takes no options, not {rest!r}")
    if kind == "heuristic":
        return HeuristicBot()
    if kind == "random":
        return RandomBot(seed=seed)
    raise RulesError(f"unknown bot {kind!r}: the bots are {', '.join(BOT_KINDS)}")


class _Timed:
    """A bot that adds up the time its decisions take."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.decisions = 0

    def choose_move(self, view: View) -> Move:
        start = time.perf_counter()
        move = self.bot.choose_move(view)
        self.seconds += time.perf_counter() - start
        self.decisions += 1
        return move


@attrs.frozen
class DuplicateResult:
    """One duplicate match: per bot name, its mean total, wins, decisions and their time.

    Attributes:
        seed: the match seed.
        scores: per bot name, its mean total over the rotations and its seats.
        wins: per bot name, the matches it won (a shared win counts for each winner).
        decisions: per bot name, the decisions it made.
        seconds: per bot name, the time those decisions took.

    """

    seed: int
    scores: dict[str, float]
    wins: dict[str, int]
    decisions: dict[str, int]
    seconds: dict[str, float]


def duplicate_match(rules: Rules, bots: Sequence[str], seed: int) -> DuplicateResult:
    """Play ``seed`` once per rotation of ``bots`` round the seats."""
    n = rules.players
    if len(bots) != n:
        raise RulesError(f"{rules.variant} is played by {n} players here: give {n} bots")
    names = list(dict.fromkeys(bots))
    sums = dict.fromkeys(names, 0.0)
    counts = dict.fromkeys(names, 0)
    wins = dict.fromkeys(names, 0)
    decisions = dict.fromkeys(names, 0)
    seconds = dict.fromkeys(names, 0.0)
    for shift in range(n):
        seating = [bots[(seat - shift) % n] for seat in range(n)]
        players = [
            _Timed(make_bot(spec, game_seed(seed, seat))) for seat, spec in enumerate(seating)
        ]
        final = play(rules, players, seed=seed)
        for seat, (spec, timed) in enumerate(zip(seating, players)):
            sums[spec] += final.totals[seat]
            counts[spec] += 1
            decisions[spec] += timed.decisions
            seconds[spec] += timed.seconds
            if seat in final.winners:
                wins[spec] += 1
    scores = {name: sums[name] / counts[name] for name in names}
    return DuplicateResult(seed, scores, wins, decisions, seconds)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if not n:
        return (math.nan, math.nan)
    mean = sum(values) / n
    if n < 2:
        return (mean, math.inf)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, 1.96 * math.sqrt(var / n))


@attrs.frozen
class Standing:
    """One bot's line in a tournament table.

    Attributes:
        bot: the bot's name.
        mean: its mean total per match.
        half_width: the half-width of the 95% interval of ``mean``.
        wins: the matches it won (counted per rotation).
        seconds_per_decision: the mean time of one of its decisions.
        margin: the first bot's mean margin over this bot per duplicate match (``None`` for
            the first bot itself).
        margin_half_width: the half-width of the 95% interval of ``margin``.

    """

    bot: str
    mean: float
    half_width: float
    wins: int
    seconds_per_decision: float
    margin: float | None = None
    margin_half_width: float | None = None


@attrs.frozen
class TournamentResult:
    """The outcome of a tournament: the duplicate matches and the table they give."""

    variant: str
    bots: tuple[str, ...]
    matches: tuple[DuplicateResult, ...]
    seconds: float

    @property
    def standings(self) -> tuple[Standing, ...]:
        """Each bot's line, in the order the bots were named."""
        names = list(dict.fromkeys(self.bots))
        first = names[0]
        out = []
        for name in names:
            mean, half = mean_interval([m.scores[name] for m in self.matches])
            decided = sum(m.decisions[name] for m in self.matches)
            spent = sum(m.seconds[name] for m in self.matches)
            margin = margin_half = None
            if name != first:
                margin, margin_half = mean_interval(
                    [m.scores[first] - m.scores[name] for m in self.matches]
                )
            out.append(
                Standing(
                    bot=name,
                    mean=mean,
                    half_width=half,
                    wins=sum(m.wins[name] for m in self.matches),
                    seconds_per_decision=spent / decided if decided else 0.0,
                    margin=margin,
                    margin_half_width=margin_half,
                )
            )
        return tuple(out)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form of the table (an interval not known yet, from one match, is null)."""
        return {
            "variant": self.variant,
            "bots": list(self.bots),
            "matches": len(self.matches),
            "seconds": self.seconds,
            "standings": [
                {k: _finite(v) for k, v in attrs.asdict(s).items()} for s in self.standings
            ],
            "scores": {
                name: [m.scores[name] for m in self.matches] for name in dict.fromkeys(self.bots)
            },
        }


def _finite(value: Any) -> Any:
    """``None`` for an infinite or undefined number, which JSON cannot hold; else the value."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _run_one(spec: RulesSpec, bots: tuple[str, ...], seed: int) -> DuplicateResult:
    return duplicate_match(rules_from_spec(spec), bots, seed)


def iter_matches(
    rules: Rules, bots: Sequence[str], games: int, *, seed: int = 0, workers: int = 1
) -> Iterator[DuplicateResult]:
    """The duplicate matches of a tournament, in order, as they finish."""
    bots = tuple(bots)
    for spec in dict.fromkeys(bots):
        make_bot(spec, 0)  # refuse a bad bot name before anything is played
    seeds = [game_seed(seed, i) for i in range(games)]
    if workers <= 1:
        for s in seeds:
            yield duplicate_match(rules, bots, s)
        return
    shipped = rules_spec(rules)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_run_one, [shipped] * games, [bots] * games, seeds)


def tournament(
    rules: Rules,
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[DuplicateResult], None] | None = None,
) -> TournamentResult:
    """Play ``games`` duplicate matches of ``bots`` (names, see :func:`make_bot`).

    ``progress`` is called with each duplicate match as it finishes.
    """
    if games < 1:
        raise RulesError(f"a tournament plays at least one match, not {games}")
    start = time.perf_counter()
    matches = []
    for match in iter_matches(rules, bots, games, seed=seed, workers=workers):
        matches.append(match)
        if progress is not None:
            progress(match)
    return TournamentResult(
        variant=rules.variant,
        bots=tuple(bots),
        matches=tuple(matches),
        seconds=time.perf_counter() - start,
    )
