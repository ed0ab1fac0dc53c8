"""Write the seed corpus of the fuzzer: real records of every variant, and notation seeds.

For each built-in variant: the record of a whole random match and of a match cut short, and
for the variants whose deals can be given in full, the record of one given deal played out.
A few inputs of the notation and options entry points follow. Run it again when the rules
change so that the records stay legal: ``python fuzz/make_corpus.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import kinglib
from kinglib.engine.random_match import random_match
from kinglib.plugins import variant_names

CORPUS = Path(__file__).resolve().parent / "corpus"

#: Inputs of the other entry points: a first byte picks it (see harness.py).
NOTATION_SEEDS = [b"QS", b"bid 3", b"declare H", b"discard AS KS", b"choose no_king", b"10h"]
OPTION_SEEDS = [b"deck=52", b'boys="jacks+kings"', b"early_end=false", b'order=["eralash"]']


def records() -> dict[str, str]:
    """The records of the corpus, by file name."""
    out: dict[str, str] = {}
    for variant in sorted(variant_names()):
        rules = kinglib.load_rules(variant)
        final = random_match(rules, 11)
        out[f"{variant}-match.json"] = kinglib.to_json(final)
        cut = rules.new_match(seed=12)
        for move in random_match(rules, 12).moves[:25]:
            cut = cut.apply(move)
        out[f"{variant}-cut.json"] = kinglib.to_json(cut, indent=1)
        first = rules.new_match(seed=13)
        if first.contract is None:
            continue
        try:
            deal = rules.new_deal(first.contract, first.hands, first.dealer)
        except kinglib.KinglibError:
            continue
        for move in random_match(rules, 13).moves:
            if deal.is_over:
                break
            deal = deal.apply(move)
        out[f"{variant}-deal.json"] = kinglib.to_json(deal)
    return out


def main() -> int:
    """Write the corpus folder afresh."""
    CORPUS.mkdir(exist_ok=True)
    for old in CORPUS.iterdir():
        old.unlink()
    for name, text in records().items():
        (CORPUS / name).write_text(text + "\n", encoding="utf-8")
    for k, seed in enumerate(NOTATION_SEEDS):
        (CORPUS / f"notation-{k}").write_bytes(bytes([0xF0, k]) + seed)
    for k, seed in enumerate(OPTION_SEEDS):
        (CORPUS / f"option-{k}").write_bytes(bytes([0xF8, k]) + seed)
    print(f"{len(list(CORPUS.iterdir()))} inputs in {CORPUS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
