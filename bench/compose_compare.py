"""Does a change to how compose runs (what it embeds, what it keeps) change what it
writes? Compose every group of the data sets with two versions of the code and compare
the written texts and ledgers byte for byte.

    # with the old code (another checkout) first: it fills the vector store
    PYTHONPATH=OLD python bench/compose_compare.py dump old.json --store /tmp/units.db
    PYTHONPATH=NEW python bench/compose_compare.py dump new.json --store /tmp/units.db --memo
    python bench/compose_compare.py diff old.json new.json

Sets: the bundled demo (tests/data/demo_expected.json's groups), tests/data/rewrites and
any `--dir` folder with a groups.json of the same shape ("newer", "members"). Each group
is composed for merge and update with a fixed `now` and the set's link index. Both runs
read their unit vectors from one store (`--store`): a text's vector depends a little on
the batch it was embedded in, so the second run takes the first one's vectors and any
difference is the code's. `--memo` (new code only) composes each group twice through a
compose memo (core/merge/memo.py) and records the second, kept, result after checking
it equals the first. `dump` prints how many texts each run embedded (0 for the second
run means it asked for no text the first did not).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOW = dt.datetime(2026, 12, 1, 9, 0)


def sets(extra: list[Path]) -> list[tuple[str, Path, list[tuple[str, list[str]]]]]:
    demo = json.loads((ROOT / "tests" / "data" / "demo_expected.json").read_text())
    out = [("demo", ROOT / "review_app" / "demo" / "kb",
            [(g["canonical"], g["members"]) for g in demo["groups"]])]
    for name, folder in [("rewrites", ROOT / "tests" / "data" / "rewrites"),
                         *((d.name, d) for d in extra)]:
        doc = json.loads((folder / "groups.json").read_text())
        out.append((name, folder, [(g["newer"], g["members"]) for g in doc["groups"]]))
    return out


def dump(out: Path, store: Path, extra: list[Path], memo: bool) -> int:
    from review_app.core.links import target_index
    from review_app.core.merging import compose
    from review_app.core.project import load_notes
    from review_app.core.unit_store import UnitStore
    from review_app.core.unit_vectors import UnitVectors, unit_embedder

    vectors = UnitVectors(unit_embedder(), UnitStore(store))
    kept = None
    if memo:
        from review_app.core.merge.memo import Memo

        kept = Memo()
    results: dict[str, dict] = {}
    for name, folder, groups in sets(extra):
        notes = {n.path: n for n in load_notes(folder)[0]}
        targets = target_index(notes.values())
        for canonical, members in groups:
            others = [notes[m] for m in members if m != canonical]
            for action in ("merge", "update"):
                kw = {"now": NOW, "vectors": vectors, "targets": targets}
                try:
                    c = compose(action, notes[canonical], others, **kw)
                    if kept is not None:
                        first = compose(action, notes[canonical], others, memo=kept, **kw)
                        second = compose(action, notes[canonical], others, memo=kept, **kw)
                        assert (first.text, first.ledger.to_json()) == (
                            second.text, second.ledger.to_json()) == (c.text, c.ledger.to_json())
                        c = second
                    results[f"{name}/{canonical}/{action}"] = {
                        "text": c.text, "ledger": c.ledger.to_json(),
                        "line_sources": c.line_sources}
                except Exception as exc:  # noqa: BLE001 - recorded, compared like a result
                    results[f"{name}/{canonical}/{action}"] = {"error": repr(exc)}
    out.write_text(json.dumps(results, indent=1, sort_keys=True))
    hits = f", memo hits {kept.hits}" if kept is not None else ""
    print(f"{len(results)} composes; texts embedded {vectors.embedded}, read from the store "
          f"{vectors.loaded}{hits}")
    return 0


def diff(a: Path, b: Path) -> int:
    left, right = json.loads(a.read_text()), json.loads(b.read_text())
    keys = sorted(set(left) | set(right))
    differ = [k for k in keys if left.get(k) != right.get(k)]
    by_set: dict[str, list[int]] = {}
    for k in keys:
        row = by_set.setdefault(k.split("/", 1)[0], [0, 0])
        row[0] += 1
        row[1] += k in differ
    for name, (n, bad) in by_set.items():
        print(f"  {name:12} {n:4d} composes, {n - bad:4d} byte-identical (text, ledger, "
              f"line sources), {bad} different")
    for k in differ[:20]:
        print(f"  DIFFERENT: {k}")
    return 1 if differ else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out", type=Path)
    d.add_argument("--store", type=Path, required=True)
    d.add_argument("--dir", type=Path, action="append", default=[])
    d.add_argument("--memo", action="store_true")
    c = sub.add_parser("diff")
    c.add_argument("a", type=Path)
    c.add_argument("b", type=Path)
    args = ap.parse_args()
    if args.cmd == "dump":
        return dump(args.out, args.store, args.dir, args.memo)
    return diff(args.a, args.b)


if __name__ == "__main__":
    raise SystemExit(main())
