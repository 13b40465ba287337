"""Which labeled pairs the concept cue (core/strategies/concept.py) calls "one template
filled for two different things": per set, duplicates it would hold below the likely band
(must be ~0) and non-duplicates it holds.

Every note of a set is read (a scan reads the notes a listing can reach: most of a set),
every labeled pair is checked whatever its score. Sets: tests/data/rewrite_kb,
the hard sets score-A..H (tests/data/hard_kb is score-A), the three real vaults' labels
(aios, hermes-brain, VIRGIL).

    python bench/concept_check.py            # counts per set
    python bench/concept_check.py --pairs    # and every pair it holds, with the reason
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from review_app.core.notes import Note, parse_note  # noqa: E402
from review_app.core.strategies.concept import ConceptIndex  # noqa: E402

HELD = Path("/work/heldout")
DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
VAULTS = {"aios": (Path("/work/realvault/aios"), Path("/work/realvault"), ["labels-*.json"]),
          "hermes": (Path("/work/realvault2/hermes-brain"), Path("/work/realvault2"),
                     ["labels-base.json", "labels-final.json"]),
          "virgil": (Path("/work/realvault3/virgil"), Path("/work/realvault3"),
                     ["labels-base.json", "labels-final.json"])}


def read_notes(root: Path) -> list[Note]:
    out = []
    for p in sorted(root.rglob("*.md")):
        if ".bm-review" in p.parts:
            continue
        note = parse_note(p.relative_to(root).as_posix(), p.read_bytes())
        if isinstance(note, Note):
            out.append(note)
    return out


def labels(name: str) -> tuple[Path, dict[tuple[str, str], bool]]:
    """The set's folder and {pair: is a duplicate}."""
    out: dict[tuple[str, str], bool] = {}
    if name in VAULTS:
        root, folder, patterns = VAULTS[name]
        for pattern in patterns:
            for f in sorted(folder.glob(pattern)):
                doc = json.loads(f.read_text("utf-8"))
                for x in doc.get("sample", []) + doc.get("labels", []):
                    if "label" in x:
                        out[tuple(sorted((x["a"], x["b"])))] = x["label"] == "duplicate"
        return root, out
    root = DATA / name if (DATA / name).is_dir() else HELD / name
    doc = json.loads((root / "labels.json").read_text("utf-8"))
    for g in doc["groups"]:
        paths = g["paths"] if "paths" in g else [g["canonical"], *g["members"]]
        for a, b in itertools.combinations(paths, 2):
            out[tuple(sorted((a, b)))] = True
    for n in doc["not_duplicates"]:
        if n.get("related"):
            out.setdefault(tuple(sorted((n["path"], n["related"]))), False)
    return root, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--pairs", action="store_true", help="print every pair held")
    args = ap.parse_args()
    sets = ["rewrite_kb"] + [f"score-{x}" for x in "ABCDEFGH"] + list(VAULTS)
    total: Counter[str] = Counter()
    print("| set | duplicate pairs | of one template | held | non-duplicate pairs | of one "
          "template | held |")
    print("|---|---|---|---|---|---|---|")
    for name in sets:
        root, lab = labels(name)
        notes = read_notes(root)
        index = {n.path: i for i, n in enumerate(notes)}
        concepts = ConceptIndex(notes, range(len(notes)))
        c: Counter[str] = Counter()
        for (a, b), dup in sorted(lab.items()):
            if a not in index or b not in index:
                continue
            kind = "dup" if dup else "non"
            c[kind] += 1
            c[kind + "_template"] += concepts.same_template(index[a], index[b])
            why = concepts.cue(index[a], index[b])
            if why:
                c[kind + "_held"] += 1
                if args.pairs:
                    print(f"  {name} {'DUPLICATE' if dup else 'non-dup'}: {why}")
        print(f"| {name} | {c['dup']} | {c['dup_template']} | {c['dup_held']} | {c['non']} | "
              f"{c['non_template']} | {c['non_held']} |")
        total.update(c)
    print(f"| all | {total['dup']} | {total['dup_template']} | {total['dup_held']} | "
          f"{total['non']} | {total['non_template']} | {total['non_held']} |")


if __name__ == "__main__":
    main()
