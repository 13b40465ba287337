"""The concept cue (core/strategies/concept.py) on the three real vaults' labeled pairs:
each vault scanned twice on one code, the cue off and on (`--vectors own`), every
labeled pair read by its own pair score (likely at or above the likely cut, possible at
or above the listing cut, else not listed), and per labeled sample (a key of sampled
group pairs and its labels) the precision of each band with its Wilson interval. The
samples were drawn from listings of earlier code; a pair is counted in the band its score
has now. Also the whole listing: groups and member pairs per band.

    python bench/concept_vaults.py                  # all three vaults
    python bench/concept_vaults.py --vault virgil   # one

A vault is copied to bench/out/concept_vaults/<name> (its vectors cached there: the first
run embeds every note, ~7 min for the 4,033 notes of VIRGIL on 2 cores).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(BENCH.parent))
from bands import rewrite_copy  # noqa: E402
from stats import wilson  # noqa: E402

from review_app.core.embedding import Embedder  # noqa: E402
from review_app.core.pipeline import ScanOptions, scan  # noqa: E402
from review_app.core.project import Project  # noqa: E402
from review_app.core.strategies import concept  # noqa: E402

OUT = BENCH / "out" / "concept_vaults"
VAULTS = {
    "aios": (Path("/work/realvault/aios"), Path("/work/realvault"),
             [("key-final2.json", "labels-final2.json"),
              ("key-final3.json", "labels-final2.json")]),
    "hermes": (Path("/work/realvault2/hermes-brain"), Path("/work/realvault2"),
               [("key-base.json", "labels-base.json"), ("key-final.json", "labels-final.json")]),
    "virgil": (Path("/work/realvault3/virgil"), Path("/work/realvault3"),
               [("key-base.json", "labels-base.json"), ("key-final.json", "labels-final.json")]),
}


def all_labels(folder: Path) -> dict[frozenset[str], str]:
    out: dict[frozenset[str], str] = {}
    for f in sorted(folder.glob("labels-*.json")):
        doc = json.loads(f.read_text("utf-8"))
        for x in doc.get("sample", []) + doc.get("labels", []):
            if "label" in x:
                out[frozenset((x["a"], x["b"]))] = x["label"]
    return out


def band_of(score: float, listing: float, likely: float) -> str:
    return "likely" if score >= likely else "possible" if score >= listing else "unlisted"


def run(root: Path, embedder: Embedder, cue: bool, pairs: list[tuple[str, str]]):
    saved = concept.ConceptIndex.cue
    if not cue:
        concept.ConceptIndex.cue = lambda self, i, j: ""  # type: ignore[method-assign]
    try:
        result = scan(Project(root), ScanOptions(vectors="own"), embedder=embedder)
        scores = {frozenset(p): result.score_pair(*p) for p in pairs
                  if p[0] in result.notes and p[1] in result.notes}
    finally:
        concept.ConceptIndex.cue = saved  # type: ignore[method-assign]
    listing, likely = result.threshold, result.likely_threshold
    bands = {k: band_of(c.score, listing, likely) for k, c in scores.items()}
    held = {k for k, c in scores.items() if any("same template, about" in r for r in c.reasons)}
    members = Counter(m.band for g in result.groups for m in g.members)
    whole = {"groups": len(result.groups), "likely_groups": sum(
        g.band == "likely" for g in result.groups), "likely_members": members["likely"],
        "possible_members": members["possible"]}
    return bands, held, whole


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--vault", choices=sorted(VAULTS), action="append")
    args = ap.parse_args()
    embedder = Embedder()
    for name in args.vault or sorted(VAULTS):
        src, folder, samples = VAULTS[name]
        labels = all_labels(folder)
        root = rewrite_copy(OUT, src)
        pairs = [tuple(sorted(k)) for k in labels]
        off, _, whole_off = run(root, embedder, False, pairs)  # type: ignore[arg-type]
        on, held, whole_on = run(root, embedder, True, pairs)  # type: ignore[arg-type]
        print(f"\n## {name}: whole listing, cue off -> on: {whole_off} -> {whole_on}")
        print("| sample | band | cue off: duplicates / pairs [Wilson 95%] | cue on |")
        print("|---|---|---|---|")
        for key_file, label_file in samples:
            key = json.loads((folder / key_file).read_text("utf-8"))
            lab = {frozenset((x["a"], x["b"])): x["label"] for x in json.loads(
                (folder / label_file).read_text("utf-8"))["labels"]}
            for band in ("likely", "possible", "unlisted"):
                cells = []
                for bands in (off, on):
                    ks = [frozenset((p["a"], p["b"])) for p in key["pairs"]]
                    ks = [k for k in ks if k in lab and bands.get(k) == band]
                    dup = sum(lab[k] == "duplicate" for k in ks)
                    lo, hi = wilson(dup, len(ks))
                    cells.append(f"{dup} / {len(ks)}" + (
                        f" = {dup / len(ks):.2f} [{lo:.2f}, {hi:.2f}]" if ks else ""))
                print(f"| {key_file} | {band} | {cells[0]} | {cells[1]} |")
        moved = Counter((labels[k], off[k], on[k]) for k in on if off.get(k) != on[k])
        print(f"every labeled pair whose band moved (label, off, on): {dict(moved)}")
        print(f"labeled pairs the cue holds: {Counter(labels[k] for k in held)}")


if __name__ == "__main__":
    main()
