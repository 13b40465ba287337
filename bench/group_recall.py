"""Does the default listing find the versions of one note? Group recall on labelled sets.

A set is a folder of notes with a `groups.json` naming, per group, the newest version
(`"newer"`) and the older ones (`"members"`): the shape of the held-out merge sets
(bench/merge_quality.py --rewrites). Every pair of versions of one group is a duplicate
pair; every other pair of notes in the folder (another group's versions, the ordinary
notes beside them) is not. Each set is copied without its key and scanned once as a user
would (`hybrid`, the shipped cuts, `--vectors own`, the bundled model), then regrouped from
the same scored pairs at other listing cuts (`ScanResult.regroup`), and the script reports
per set and in all:

- duplicate pairs the listing holds in one group (per band), out of all;
- pairs of one listed group that are no duplicate (per band);
- with `--missed`, each duplicate pair the listing misses: both notes in two groups, one
  listed without the other (a star group takes a member only with every other), or
  neither; its pair score, whether the scan proposed it, and its reasons.

Rewrites whose values changed throughout and whose sections were reorganised are what
these sets hold; their ordinary notes are other topics of the same business, so a set says
little about same-topic non-duplicates (bench/bands.py --hard reads those).

    python bench/group_recall.py /work/heldout/merge-CL /work/heldout/merge-CM
    python bench/group_recall.py SET [SET ...] --cuts 0.30,0.35,0.41,0.50 [--json]
    python bench/group_recall.py SET --missed    # each missed pair: how, score, reasons
"""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from review_app.core.embedding import Embedder
from review_app.core.grouping import Group
from review_app.core.pipeline import ScanOptions, ScanResult, scan
from review_app.core.project import Project


def duplicate_pairs(key: dict) -> set[tuple[str, str]]:
    return {(min(a, b), max(a, b)) for g in key["groups"]
            for a, b in itertools.combinations([g["newer"], *g["members"]], 2)}


def tally(groups: list[Group], dup: set[tuple[str, str]]) -> dict[str, int]:
    out = {"likely": 0, "possible": 0, "wrong likely": 0, "wrong possible": 0}
    for g in groups:
        for a, b in itertools.combinations(sorted(g.paths), 2):
            band = "likely" if g.band == "likely" else "possible"
            out[band if (a, b) in dup else f"wrong {band}"] += 1
    return out


def measure(root: Path, embedder: Embedder, cuts: list[float]) -> dict[str, Any]:
    key = json.loads((root / "groups.json").read_text(encoding="utf-8"))
    dup = duplicate_pairs(key)
    with tempfile.TemporaryDirectory() as tmp:
        kb = Path(tmp) / "kb"
        shutil.copytree(root, kb, ignore=shutil.ignore_patterns("groups.json", "README.md"))
        shown = scan(Project(kb), ScanOptions(), embedder=embedder)
        default = tally(shown.groups, dup)
        every = scan(Project(kb), ScanOptions(threshold=0.0), embedder=embedder)
        at = {f"{t:.2f}": tally(every.regroup(t), dup) for t in cuts}
        missed = missed_pairs(shown, dup)
    return {"set": root.name, "pairs": len(dup), "default": default, "cuts": at,
            "missed": missed}


def missed_pairs(result: ScanResult, dup: set[tuple[str, str]]) -> list[dict[str, Any]]:
    """Each duplicate pair the default listing does not hold in one group: how (both notes
    listed in two groups, one listed without the other, neither listed), its pair score
    and whether the scan proposed it as a candidate, with the pair's reasons."""
    where = {p: k for k, g in enumerate(result.groups) for p in g.paths}
    proposed = {c.key for c in result.candidates}
    out = []
    for a, b in sorted(dup):
        if a in where and where.get(a) == where.get(b):
            continue
        how = ("split" if a in where and b in where
               else "one listed" if (a in where) != (b in where) else "neither listed")
        pair = result.score_pair(a, b)
        out.append({"a": a, "b": b, "how": how, "score": round(pair.score, 3),
                    "candidate": (a, b) in proposed or (b, a) in proposed,
                    "reasons": pair.reasons[:4]})
    return out


def _line(name: str, pairs: int, t: dict[str, int]) -> str:
    held = t["likely"] + t["possible"]
    return (f"{name:16} {held:4}/{pairs:<4} {held / max(pairs, 1):6.1%}  likely {t['likely']:3} "
            f"possible {t['possible']:3}  wrong: likely {t['wrong likely']} possible "
            f"{t['wrong possible']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="+", type=Path, help="folders with a groups.json")
    ap.add_argument("--cuts", default="0.30,0.35,0.41,0.45,0.50",
                    help="listing cuts to regroup at (comma-separated)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--missed", action="store_true",
                    help="list each duplicate pair the default listing misses: how, its "
                         "score, whether it was a candidate, and its reasons")
    args = ap.parse_args(argv)
    cuts = [float(x) for x in args.cuts.split(",") if x.strip()]
    embedder = Embedder()
    rows = []
    for root in args.sets:
        if not (root / "groups.json").is_file():
            print(f"{root}: no groups.json", file=sys.stderr)
            return 2
        rows.append(measure(root, embedder, cuts))
        if not args.json:
            print(_line(rows[-1]["set"], rows[-1]["pairs"], rows[-1]["default"]), flush=True)
            for m in rows[-1]["missed"] if args.missed else []:
                print(f"  missed ({m['how']}, {'candidate' if m['candidate'] else 'never proposed'}"
                      f") {m['score']:.3f} {m['a']} ~ {m['b']}: {'; '.join(m['reasons'])}")
    total_pairs = sum(r["pairs"] for r in rows)

    def summed(pick) -> dict[str, int]:
        return {k: sum(pick(r)[k] for r in rows) for k in rows[0]["default"]}

    every = {"pairs": total_pairs, "default": summed(lambda r: r["default"]),
             "cuts": {c: summed(lambda r, c=c: r["cuts"][c]) for c in rows[0]["cuts"]}}
    doc: dict[str, Any] = {"sets": rows, "all": every}
    if args.json:
        print(json.dumps(doc, indent=1))
        return 0
    print(_line("all, default", total_pairs, doc["all"]["default"]))
    for c, t in doc["all"]["cuts"].items():
        print(_line(f"all, cut {c}", total_pairs, t))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
