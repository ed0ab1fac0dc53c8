"""The atheris entry point: kinglib instrumented for coverage, :func:`harness.check` fuzzed.

Started by ``fuzz/run.py`` with libFuzzer's options
(``python fuzz/target.py CORPUS -max_total_time=60``). Only kinglib and its variants are
instrumented, so that starting takes seconds.
"""

from __future__ import annotations

import sys

import atheris

with atheris.instrument_imports(include=["kinglib", "kinglib_variants"]):
    import harness

if __name__ == "__main__":
    atheris.Setup(sys.argv, harness.check)
    atheris.Fuzz()
