"""The mutation-testing table, per module, from mutmut's results and the equivalent mutants.

Run it from the root of the checkout after ``mutmut run``::

    python tools/mutation_table.py            # a plain-text table
    python tools/mutation_table.py --rst      # the reStructuredText table of the docs
    python tools/mutation_table.py --survivors  # the survivors not listed as equivalent
    python tools/mutation_table.py --update mutation/results.txt  # keep this run's results

It reads ``mutmut results --all true`` (one ``name: status`` line a mutant), or the kept
results in their compact form (``--results mutation/results.txt``: one line for the mutants of
one function with one status, ``FUNCTION STATUS 1-12,15``; ``--compact`` prints that form), and
``mutation/equivalent.txt`` (one ``name -- reason`` line an equivalent mutant). For each module
it counts the mutants, those killed, those stopped as timeouts (a loop that no longer ends: the
tests noticed), the survivors (and how many of them are listed as equivalent), those in code
that no selected test runs (*no test*, as good as survivors) and those not run yet.
*detected* is (killed + timeouts) / mutants run, with an equivalent survivor counted as a
survivor; *of the rest* leaves the equivalent ones out. The exit status is 1 when a survivor
or a mutant without a test is not listed as equivalent, or when a listed mutant no longer
exists or is now detected.

A run may cover only some modules (``mutmut run "kinglib.engine.flow.*"``): ``--update FILE``
merges it into the kept results of FILE, rewritten in place with its leading comment lines.
A mutant this run checked takes its new status; one it did not check keeps the status FILE
gives it; a mutant that no longer exists is dropped, and a new one enters as this run left it.
The kept statuses are trusted: run again every module whose code changed since its last run
(mutmut marks a changed function's mutants "not checked", and they would keep their old
status).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

EQUIVALENT = Path("mutation/equivalent.txt")

#: mutmut's statuses that count as noticed by the tests.
DETECTED = ("killed", "timeout")

#: A mutant's name: the module, then ``x_function`` or ``xǁClassǁmethod``, then its number.
_NAME = re.compile(r"^(?P<module>[\w.]+?)\.x[_ǁ].*__mutmut_\d+$")

_COLUMNS = (
    "module",
    "mutants",
    "killed",
    "timeouts",
    "survived",
    "equivalent",
    "no test",
    "not run",
    "detected",
    "of the rest",
)


def module_of(name: str) -> str:
    """The module a mutant belongs to (``kinglib.engine.kernel`` for ``..._mutmut_3``)."""
    match = _NAME.match(name)
    if match is None:
        raise ValueError(f"not a mutmut mutant name: {name!r}")
    return match["module"]


#: One line of the compact form: a function's mutants with one status, by their numbers.
_GROUP = re.compile(r"^(?P<function>\S+) (?P<status>[a-z][a-z ]*?) (?P<numbers>\d[\d,-]*)$")


def parse_results(lines: Iterable[str]) -> dict[str, str]:
    """Every mutant's status (``{name: status}``) from mutmut's lines or the compact form.

    Lines that are neither (mutmut's headings, comments) are skipped.
    """
    results: dict[str, str] = {}
    for line in lines:
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        name, sep, status = text.partition(": ")
        if sep and "__mutmut_" in name:
            results[name] = status.strip()
            continue
        group = _GROUP.match(text)
        if group is None:  # one of mutmut's other lines
            continue
        for number in _numbers(group["numbers"]):
            results[f"{group['function']}__mutmut_{number}"] = group["status"]
    return results


def _numbers(text: str) -> Iterable[int]:
    for part in text.split(","):
        first, _, last = part.partition("-")
        yield from range(int(first), int(last or first) + 1)


def compact(results: dict[str, str]) -> list[str]:
    """The results in the compact form, one line per function and status, in name order."""
    groups: dict[tuple[str, str], list[int]] = defaultdict(list)
    for name, status in results.items():
        function, _, number = name.rpartition("__mutmut_")
        groups[function, status].append(int(number))
    lines = []
    for (function, status), numbers in sorted(groups.items()):
        runs: list[list[int]] = []
        for number in sorted(numbers):
            if runs and number == runs[-1][1] + 1:
                runs[-1][1] = number
            else:
                runs.append([number, number])
        spans = ",".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
        lines.append(f"{function} {status} {spans}")
    return lines


def parse_equivalent(lines: Iterable[str]) -> dict[str, str]:
    """The listed equivalent mutants: ``{name: reason}``; comments and blank lines skipped."""
    listed: dict[str, str] = {}
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        name, sep, reason = text.partition(" -- ")
        if not sep or not reason.strip():
            raise ValueError(f"{EQUIVALENT}:{number}: expected 'MUTANT -- reason', got {text!r}")
        listed[name.strip()] = reason.strip()
    return listed


def _percent(part: int, whole: int) -> str:
    return "--" if whole == 0 else f"{100 * part / whole:.1f} %"


def table(results: dict[str, str], equivalent: dict[str, str]) -> list[tuple[str, ...]]:
    """One row a module (in name order), then the total, with the columns of ``_COLUMNS``."""
    by_module: dict[str, Counter[str]] = defaultdict(Counter)
    for name, status in results.items():
        counts = by_module[module_of(name)]
        counts["mutants"] += 1
        if status in DETECTED:
            counts[status] += 1
        elif status == "survived":
            counts["survived"] += 1
            counts["equivalent"] += name in equivalent
        elif status == "no tests":
            counts["no test"] += 1
        else:
            counts["not run"] += 1
    total: Counter[str] = Counter()
    rows = []
    for module in sorted(by_module):
        counts = by_module[module]
        total.update(counts)
        rows.append(_row(module, counts))
    rows.append(_row("total", total))
    return rows


def _row(module: str, counts: Counter[str]) -> tuple[str, ...]:
    detected = counts["killed"] + counts["timeout"]
    run = detected + counts["survived"] + counts["no test"]
    return (
        module,
        str(counts["mutants"]),
        str(counts["killed"]),
        str(counts["timeout"]),
        str(counts["survived"]),
        str(counts["equivalent"]),
        str(counts["no test"]),
        str(counts["not run"]),
        _percent(detected, run),
        _percent(detected, run - counts["equivalent"]),
    )


def render(rows: Sequence[tuple[str, ...]], rst: bool) -> str:
    """The rows as aligned plain text, or as a reStructuredText simple table."""
    cells = [_COLUMNS, *rows]
    if rst:
        cells = [
            (f"``{row[0]}``" if i and row[0] != "total" else row[0], *row[1:])
            for i, row in enumerate(cells)
        ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(_COLUMNS))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in cells
    ]
    if not rst:
        return "\n".join(lines)
    rule = "  ".join("=" * width for width in widths)
    return "\n".join([rule, lines[0], rule, *lines[1:], rule])


def merge(kept: dict[str, str], run: dict[str, str]) -> dict[str, str]:
    """The kept statuses brought up to date by ``run``, a run that may not have checked all.

    ``run`` names every mutant that exists now; those it did not check keep their status in
    ``kept`` (where ``kept`` has one).
    """
    return {
        name: kept.get(name, status) if status == "not checked" else status
        for name, status in run.items()
    }


def _leading_comments(text: str) -> list[str]:
    lines = []
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        lines.append(line)
    return lines


def unexplained_survivors(results: dict[str, str], equivalent: dict[str, str]) -> list[str]:
    """The survivors and mutants without a test that are not listed as equivalent, sorted."""
    return sorted(
        name
        for name, status in results.items()
        if status in ("survived", "no tests") and name not in equivalent
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table (or the unexplained survivors); 1 if a survivor is unexplained."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rst", action="store_true", help="print a reStructuredText table")
    parser.add_argument(
        "--survivors",
        action="store_true",
        help="print the unexplained survivors and mutants without a test",
    )
    parser.add_argument(
        "--compact", action="store_true", help="print the results in their compact form"
    )
    parser.add_argument(
        "--results",
        type=Path,
        help="read these saved results ('mutmut results --all true', or the compact form)",
    )
    parser.add_argument(
        "--update",
        type=Path,
        metavar="FILE",
        help="merge this run into the kept compact results of FILE, rewritten in place",
    )
    args = parser.parse_args(argv)
    if args.update is not None and args.results is not None:
        parser.error("--update merges mutmut's own results: leave out --results")
    if args.results is not None:
        text = args.results.read_text(encoding="utf-8")
    else:
        text = subprocess.run(
            ["mutmut", "results", "--all", "true"], check=True, capture_output=True, text=True
        ).stdout
    results = parse_results(text.splitlines())
    if args.update is not None:
        kept_text = args.update.read_text(encoding="utf-8")
        results = merge(parse_results(kept_text.splitlines()), results)
        lines = [*_leading_comments(kept_text), *compact(results)]
        args.update.write_text("\n".join(lines) + "\n", encoding="utf-8")
    equivalent = parse_equivalent(EQUIVALENT.read_text(encoding="utf-8").splitlines())
    unexplained = unexplained_survivors(results, equivalent)
    stale = sorted(name for name in equivalent if name not in results)
    detected = sorted(name for name in equivalent if results.get(name) in DETECTED)
    if args.compact:
        print("\n".join(compact(results)))
    elif args.survivors:
        for name in unexplained:
            print(name)
    else:
        print(render(table(results, equivalent), args.rst))
    for name in stale:
        print(f"listed as equivalent but not a mutant: {name}", file=sys.stderr)
    for name in detected:
        print(f"listed as equivalent but {results[name]}: {name}", file=sys.stderr)
    return 1 if unexplained or stale or detected else 0


if __name__ == "__main__":
    sys.exit(main())
