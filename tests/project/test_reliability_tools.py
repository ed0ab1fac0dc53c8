"""The soak command and the fuzzing harness in short runs, and the mutation table."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

import kinglib

ROOT = Path(__file__).resolve().parents[2]


def _module(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"kinglib_tool_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # Registered, so that worker processes find the functions they are sent.
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


SOAK = _module(ROOT / "tools" / "soak.py")
HARNESS = _module(ROOT / "fuzz" / "harness.py")
CORPUS = sorted((ROOT / "fuzz" / "corpus").iterdir())
TABLE = _module(ROOT / "tools" / "mutation_table.py")


def test_a_short_soak_plays_the_moves_asked_and_reports_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report = tmp_path / "soak.json"
    status = SOAK.main(
        [
            "--moves",
            "1500",
            "--variant",
            "jokers",
            "--variant",
            "domino",
            "--workers",
            "1",
            "--report",
            str(report),
        ]
    )
    assert status == 0
    figures = json.loads(report.read_text())
    assert [v["variant"] for v in figures["variants"]] == ["jokers", "domino"]
    for variant in figures["variants"]:
        assert variant["moves"] >= 1500 and variant["failures"] == []
        assert variant["matches"] >= 1
    # Domino is soaked at every player count and with both packs.
    assert "domino players=6 {'deck': '52'}" in figures["variants"][1]["rule_sets"]
    assert figures["moves"] == sum(v["moves"] for v in figures["variants"])
    assert "0 failures" in capsys.readouterr().out


def test_a_broken_invariant_is_reported_with_its_rules_and_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = SOAK.check_invariants

    def breaks_on_seed_2(rules: kinglib.Rules, seed: int, *, views: bool = True) -> kinglib.State:
        if seed == 2:
            raise AssertionError("invariant 'cards conserved' broken: for the test")
        final: kinglib.State = real(rules, seed, views=views)
        return final

    monkeypatch.setattr(SOAK, "check_invariants", breaks_on_seed_2)
    result = SOAK.soak(["jokers"], 3000, workers=1, chunk=1, seed=0)
    failures = result["variants"][0]["failures"]
    # Jokers is played by 3 and by 4: seed 2 of each rule set broke, and nothing else.
    assert sorted(f["rules"] for f in failures) == [
        repr(kinglib.load_rules("jokers", players=p)) for p in (3, 4)
    ]
    assert {f["seed"] for f in failures} == {2}
    assert all("cards conserved" in f["error"] for f in failures)
    assert result["failures"] == 2


@pytest.mark.parametrize("path", CORPUS, ids=[p.name for p in CORPUS])
def test_every_seed_of_the_fuzz_corpus_passes_the_harness(path: Path) -> None:
    data = path.read_bytes()
    HARNESS.check(data)
    if path.suffix == ".json":
        # The records of the corpus are real: each loads (python fuzz/make_corpus.py renews them).
        state = kinglib.from_json(data)
        assert len(state.moves) == len(json.loads(data)["moves"])


def test_the_harness_lets_only_documented_errors_through() -> None:
    for data in [b"", b"{", b"\xf0\x00" + b"9" * 5000, b"\xf8\x00deck=" + b"9" * 5000, b"\xff"]:
        HARNESS.check(data)
    record = json.loads((ROOT / "fuzz" / "corpus" / "simple-match.json").read_text())
    record["moves"].append("QS")
    HARNESS.check(json.dumps(record).encode())


def test_the_mutation_table_counts_each_module_and_leaves_equivalents_out() -> None:
    results = TABLE.parse_results(
        [
            "    kinglib.engine.kernel.x_f__mutmut_1: killed",
            "    kinglib.engine.kernel.x_f__mutmut_2: timeout",
            "    kinglib.engine.kernel.x_f__mutmut_3: survived",
            "    kinglib.engine.kernel.x_f__mutmut_4: survived",
            "    kinglib.kit.widow.xǁWidowǁg__mutmut_1: no tests",
            "    kinglib.kit.widow.xǁWidowǁg__mutmut_2: not checked",
            "some other line",
        ]
    )
    assert len(results) == 6
    equivalent = TABLE.parse_equivalent(
        ["# a comment", "", "kinglib.engine.kernel.x_f__mutmut_4 -- cannot change anything"]
    )
    assert equivalent == {"kinglib.engine.kernel.x_f__mutmut_4": "cannot change anything"}
    rows = TABLE.table(results, equivalent)
    assert rows == [
        ("kinglib.engine.kernel", "4", "1", "1", "2", "1", "0", "0", "50.0 %", "66.7 %"),
        ("kinglib.kit.widow", "2", "0", "0", "0", "0", "1", "1", "0.0 %", "0.0 %"),
        ("total", "6", "1", "1", "2", "1", "1", "1", "40.0 %", "50.0 %"),
    ]
    rst = TABLE.render(rows, rst=True).splitlines()
    assert rst[0] == rst[2] == rst[-1] and set(rst[0]) == {"=", " "}
    assert rst[3].startswith("``kinglib.engine.kernel``")


def test_the_compact_results_give_back_every_mutant_and_its_status() -> None:
    results = {
        "kinglib.engine.kernel.x_f__mutmut_1": "killed",
        "kinglib.engine.kernel.x_f__mutmut_2": "killed",
        "kinglib.engine.kernel.x_f__mutmut_3": "killed",
        "kinglib.engine.kernel.x_f__mutmut_5": "killed",
        "kinglib.engine.kernel.x_f__mutmut_4": "no tests",
        "kinglib.kit.widow.xǁWidowǁg__mutmut_7": "survived",
    }
    lines = TABLE.compact(results)
    assert lines == [
        "kinglib.engine.kernel.x_f killed 1-3,5",
        "kinglib.engine.kernel.x_f no tests 4",
        "kinglib.kit.widow.xǁWidowǁg survived 7",
    ]
    assert TABLE.parse_results(["# a heading", *lines]) == results


def test_a_partial_run_updates_only_the_mutants_it_checked(tmp_path: Path) -> None:
    kept = {
        "kinglib.engine.kernel.x_f__mutmut_1": "survived",
        "kinglib.engine.kernel.x_f__mutmut_2": "killed",
        "kinglib.engine.kernel.x_gone__mutmut_1": "killed",
        "kinglib.kit.widow.xǁWidowǁg__mutmut_1": "survived",
    }
    run = {
        "kinglib.engine.kernel.x_f__mutmut_1": "killed",
        "kinglib.engine.kernel.x_f__mutmut_2": "not checked",
        "kinglib.engine.kernel.x_new__mutmut_1": "not checked",
        "kinglib.kit.widow.xǁWidowǁg__mutmut_1": "not checked",
    }
    assert TABLE.merge(kept, run) == {
        "kinglib.engine.kernel.x_f__mutmut_1": "killed",  # checked again
        "kinglib.engine.kernel.x_f__mutmut_2": "killed",  # kept
        "kinglib.engine.kernel.x_new__mutmut_1": "not checked",  # new, not run yet
        "kinglib.kit.widow.xǁWidowǁg__mutmut_1": "survived",  # kept
    }
    assert not TABLE._leading_comments("kinglib.x_f killed 1\n# not a heading")
    assert TABLE._leading_comments("# one\n# two\nkinglib.x_f killed 1") == ["# one", "# two"]


def test_every_listed_equivalent_mutant_is_well_formed() -> None:
    text = (ROOT / "mutation" / "equivalent.txt").read_text(encoding="utf-8")
    listed = TABLE.parse_equivalent(text.splitlines())
    assert listed
    for name, reason in listed.items():
        assert TABLE.module_of(name).startswith(("kinglib.", "kinglib_variants.")), name
        assert len(reason) > 20, name
    with pytest.raises(ValueError, match="expected 'MUTANT -- reason'"):
        TABLE.parse_equivalent(["kinglib.engine.kernel.x_f__mutmut_4 because"])


def test_the_documented_mutation_table_is_the_kept_results_and_explains_every_survivor() -> None:
    kept = (ROOT / "mutation" / "results.txt").read_text(encoding="utf-8").splitlines()
    results = TABLE.parse_results(kept)
    equivalent = TABLE.parse_equivalent(
        (ROOT / "mutation" / "equivalent.txt").read_text(encoding="utf-8").splitlines()
    )
    assert TABLE.unexplained_survivors(results, equivalent) == []
    assert [name for name in equivalent if name not in results] == []
    assert [name for name in equivalent if results[name] in TABLE.DETECTED] == []
    rows = TABLE.table(results, equivalent)
    docs = (ROOT / "docs" / "reliability.rst").read_text(encoding="utf-8")
    assert TABLE.render(rows, rst=True) in docs
    for row in rows:
        if row[-2] != "--":  # a module whose mutants are not run yet has no figure
            assert float(row[-2].rstrip(" %")) >= 90.0, row  # every module run: 90 % at least
