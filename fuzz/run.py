"""Run the coverage-guided fuzzer (atheris, libFuzzer) on kinglib for N minutes.

Usage::

    pip install -e '.[fuzz]'
    python fuzz/run.py --minutes 10            # every core but one, the seed corpus
    python fuzz/run.py --minutes 1 --jobs 1    # the short form CI runs

The seed corpus (``fuzz/corpus``, real records of every variant) is copied into a working
folder (``--work``, a temporary one by default) where libFuzzer adds the inputs it finds; an
input that raises anything but the documented error, or takes longer than ``--timeout``
seconds, is written there as ``crash-*`` or ``timeout-*`` and the run fails. The last lines
give the inputs run and the findings.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str] | None = None) -> int:
    """Fuzz for the minutes asked; 1 when something was found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--jobs", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--timeout", type=int, default=10, help="seconds one input may take")
    parser.add_argument("--work", type=Path, help="the working corpus folder (kept)")
    args = parser.parse_args(argv)
    work = args.work or Path(tempfile.mkdtemp(prefix="kinglib-fuzz-"))
    corpus = work / "corpus"
    corpus.mkdir(parents=True, exist_ok=True)
    for seed in (HERE / "corpus").iterdir():
        shutil.copy(seed, corpus / seed.name)
    seconds = max(1, int(args.minutes * 60))
    command = [
        sys.executable,
        str(HERE / "target.py"),
        str(corpus),
        f"-max_total_time={seconds}",
        f"-timeout={args.timeout}",
        "-rss_limit_mb=2048",
        "-max_len=65536",
        f"-artifact_prefix={work}/",
        "-print_final_stats=1",
    ]
    if args.jobs > 1:
        command += [f"-jobs={args.jobs}", f"-workers={args.jobs}"]
    print(" ".join(command), flush=True)
    done = subprocess.run(command, cwd=work, check=False, capture_output=True, text=True)
    logs = done.stderr + "".join(
        p.read_text(errors="replace") for p in sorted(work.glob("fuzz-*.log"))
    )
    runs = sum(int(n) for n in re.findall(r"stat::number_of_executed_units:\s*(\d+)", logs))
    findings = sorted(p.name for p in work.iterdir() if p.name.startswith(("crash-", "timeout-")))
    print(logs[-3000:])
    size = len(list(corpus.iterdir()))
    print(f"inputs run: {runs:,} in {seconds} s ({args.jobs} jobs); corpus: {size} inputs")
    print(f"findings: {', '.join(findings) or 'none'} (in {work})")
    return 1 if findings or done.returncode not in (0,) else 0


if __name__ == "__main__":
    sys.exit(main())
