"""upsert_note quality: does an agent's write land on the right note, or ask?

Agent-style writes drawn from a labeled knowledge base (a folder of notes with a
labels.json: "groups" of duplicates - "paths", or "canonical" + "members" - and
"not_duplicates" - "path" with its "related" note): for each labeled pair one note
is taken out and written back through the real `upsert_note` as an agent would
(its title, body and folder). A duplicate's write should act on its partner; a
related, series or index note's write must create or ask. Each write runs with
`on_match="ask"` on a fresh copy (nothing is written), and its match, evidence and
what an update would drop (compose's ledger) say what `update` would do at any
automatic cut, through the same policy functions upsert_note calls
(core/upsert_policy.py). Outcomes:

- right: acted on its own on a note of its duplicate group;
- wrong: acted on its own on any other note (a related, series or index note, or
  a stranger);
- asked: queued for a person (below the automatic band, a series member, an index
  note, or - `update` only - an update that would drop content);
- created: no match at the threshold.

Precision of automatic action = right / (right + wrong), with its Wilson 95%
interval, for `update` and for `merge` (which is not asked about dropped content, but is
asked when it would hold back matched-note content for a person: held_refusal).
`--choose` picks the lowest cut whose merge precision, without that check (the stricter
case), is at least 0.97 on this set and
`--record` writes it to hybrid_weights.json as "threshold_auto".

    python bench/upsert_quality.py tests/data/rewrite_kb [--json]
    python bench/upsert_quality.py SET [SET ...] --choose --record   # pooled
"""

from __future__ import annotations

import argparse
import itertools
import json
import shutil
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from stats import wilson  # noqa: E402

from review_app.core.embedding import Embedder  # noqa: E402
from review_app.core.links import target_index  # noqa: E402
from review_app.core.notes import parse_note  # noqa: E402
from review_app.core.pipeline import ScanOptions, scan  # noqa: E402
from review_app.core.project import Project, load_notes  # noqa: E402
from review_app.core.strategies import get_strategy  # noqa: E402
from review_app.core.strategies.hybrid import WEIGHTS_FILE, load_weights  # noqa: E402
from review_app.core.upsert import (  # noqa: E402
    PROPOSED_PREFIX,
    composition,
    new_note_text,
    upsert_note,
)
from review_app.core.upsert_policy import (  # noqa: E402
    automatic_cut,
    drop_refusal,
    held_refusal,
    refusal,
)
from review_app.core.upsert_text import left_out  # noqa: E402

TARGET_PRECISION = 0.97
GRID = [round(0.50 + 0.01 * i, 2) for i in range(50)]


@dataclass
class Write:
    taken_out: str
    kind: str  # duplicate | the not_duplicates kind (same-topic, series, index, ...)
    partners: list[str]  # notes it may rightly act on
    matched: str | None
    score: float | None
    series: bool
    index_like: bool
    dropped: int  # matched-note units an update would drop
    reasons: list[str]
    held: int = 0  # matched-note units a merge would leave for a person to settle


def labeled(root: Path) -> tuple[list[list[str]], list[dict]]:
    doc = json.loads((root / "labels.json").read_text(encoding="utf-8"))
    groups = [g["paths"] if "paths" in g else [g["canonical"], *g["members"]]
              for g in doc.get("groups", [])]
    others = [nd if isinstance(nd, dict) else {"path": nd[0], "related": nd[1]}
              for nd in doc.get("not_duplicates", [])]  # the demo's [a, b, why]
    return groups, others


def writes_of(root: Path) -> list[tuple[str, str, list[str]]]:
    """(note taken out, kind, notes it may rightly act on) for every labeled pair."""
    groups, others = labeled(root)
    member_of = {p: g for g in groups for p in g}
    out = []
    for g in groups:
        for _a, b in itertools.combinations(g, 2):
            out.append((b, "duplicate", [p for p in g if p != b]))
    for nd in others:
        path = nd["path"]
        out.append((path, nd.get("kind", "same-topic"),
                    [p for p in member_of.get(path, []) if p != path]))
    return out


def base_copy(root: Path, work: Path, embedder: Embedder) -> Path:
    """The set's notes in a scratch folder, indexed once (every write copies it)."""
    base = work / "base"
    for src in root.rglob("*.md"):
        dest = base / src.relative_to(root)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dest)
    scan(Project(base), ScanOptions(threshold=0.0, vectors="own"), embedder=embedder)
    return base


def one_write(base: Path, work: Path, taken: str, kind: str, partners: list[str],
              embedder: Embedder) -> Write:
    kb = work / "kb"
    if kb.exists():
        shutil.rmtree(kb)
    shutil.copytree(base, kb)
    notes = {n.path: n for n in load_notes(kb)[0]}
    note = notes[taken]
    (kb / taken).unlink()
    directory = taken.rsplit("/", 1)[0] if "/" in taken else ""
    result = upsert_note(note.title, note.body, directory, kb, on_match="ask",
                         embedder=embedder)
    matched = result["matched_note"]
    if matched is None:
        return Write(taken, kind, partners, None, None, False, False, 0, [])
    best = next(c for c in result["candidates"] if c["path"] == matched)
    ev = best["evidence"]
    rest = [n for p, n in notes.items() if p != taken]
    target = next(n for n in rest if n.path == matched)
    rel = result["path"]
    proposed = parse_note(PROPOSED_PREFIX + rel, new_note_text(
        note.title, rel, {}, note.body, [], {n.permalink for n in rest}).encode("utf-8"))
    lost, _ = left_out(composition("update", target, proposed, kb / ".bm-review",
                                   target_index(rest)), target)
    _, held = left_out(composition("merge", target, proposed, kb / ".bm-review",
                                   target_index(rest)), target)
    return Write(taken, kind, partners, matched, float(result["similarity"]),
                 bool(ev.get("series")), bool(ev.get("index_like")), len(lost),
                 list(best.get("reasons", [])), len(held))


def outcome(w: Write, cut: float, action: str = "update", checked: bool = True) -> str:
    if w.matched is None:
        return "created"
    ev = {"series": float(w.series), "index_like": float(w.index_like)}
    if refusal(w.score or 0.0, ev, w.reasons, cut) or checked and (
            action == "update" and drop_refusal(["x"] * w.dropped)
            or action == "merge" and held_refusal(["x"] * w.held)):
        return "asked"
    return "right" if w.matched in w.partners else "wrong"


def figures(writes: list[Write], cut: float, action: str = "update",
            checked: bool = True) -> dict:
    counts: dict[str, dict[str, int]] = {}
    for w in writes:
        group = "duplicate" if w.kind == "duplicate" else "not duplicate"
        row = counts.setdefault(group, {"right": 0, "wrong": 0, "asked": 0, "created": 0})
        row[outcome(w, cut, action, checked)] += 1
    right = sum(r["right"] for r in counts.values())
    acted = right + sum(r["wrong"] for r in counts.values())
    wrong_kinds = sorted({w.kind for w in writes
                          if outcome(w, cut, action, checked) == "wrong"})
    return {"cut": cut, "on_match": action, "outcomes": counts, "automatic": acted,
            "precision": round(right / acted, 3) if acted else None,
            "interval": wilson(right, acted), "wrong_on": wrong_kinds,
            "rewrites_acted_on": f"{counts.get('duplicate', {}).get('right', 0)} of "
                                 f"{sum(1 for w in writes if w.kind == 'duplicate')}"}


def choose(writes: list[Write], floor: float) -> float:
    """The lowest cut (at least the likely cut) whose automatic precision reaches the
    target on this set, for merge (no drop check: the stricter case); the grid's top
    when none does."""
    for cut in GRID:
        if cut < floor:
            continue
        f = figures(writes, cut, "merge", checked=False)
        if f["precision"] is None or f["precision"] >= TARGET_PRECISION:
            return cut
    return GRID[-1]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("sets", type=Path, nargs="+", metavar="SET",
                   help="folders with notes and labels.json (pooled)")
    p.add_argument("--cut", type=float, help="automatic cut (default: the shipped one)")
    p.add_argument("--choose", action="store_true", help="choose the cut on these sets")
    p.add_argument("--record", action="store_true", help="write it to hybrid_weights.json")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    embedder = Embedder()
    strategy = get_strategy("hybrid")
    per_set: dict[str, list[Write]] = {}
    for root in args.sets:
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            base = base_copy(root, work, embedder)
            per_set[root.name] = [one_write(base, work, t, k, ps, embedder)
                                  for t, k, ps in writes_of(root)]
    writes = [w for ws in per_set.values() for w in ws]
    shipped = automatic_cut(strategy.default_threshold)
    cut = args.cut if args.cut is not None else shipped
    doc: dict = {"sets": [str(s) for s in args.sets], "writes": len(writes),
                 "shipped_cut": shipped,
                 "update": figures(writes, cut), "merge": figures(writes, cut, "merge")}
    if args.choose:
        chosen = choose(writes, strategy.default_threshold)
        doc["chosen_update"] = figures(writes, chosen)
        doc["chosen"] = figures(writes, chosen, "merge")
        doc["chosen_per_set"] = {name: {"merge": figures(ws, chosen, "merge"),
                                        "update": figures(ws, chosen)}
                                 for name, ws in per_set.items()}
        if args.record:
            weights = dict(load_weights())
            weights["threshold_auto"] = chosen
            weights["threshold_auto_rule"] = (
                f"lowest cut >= the likely cut with automatic merge precision >= "
                f"{TARGET_PRECISION} on agent-style writes of the pooled sets "
                f"{', '.join(per_set)} (bench/upsert_quality.py)")
            weights["threshold_auto_figures"] = {
                "pooled": {"merge": doc["chosen"], "update": doc["chosen_update"]},
                **doc["chosen_per_set"]}
            WEIGHTS_FILE.write_text(json.dumps(weights, indent=2) + "\n", encoding="utf-8")
    doc["per_write"] = [asdict(w) for w in writes]
    if args.json:
        print(json.dumps(doc, indent=1))
    else:
        for key in ("update", "merge", "chosen_update", "chosen"):
            if key in doc:
                f = doc[key]
                print(f"## on_match={f['on_match']}, automatic cut {f['cut']:.2f} ({key})")
                print("| writes of | right | wrong | asked | created |\n|---|---|---|---|---|")
                for group, row in f["outcomes"].items():
                    print(f"| {group} | {row['right']} | {row['wrong']} | {row['asked']} | "
                          f"{row['created']} |")
                print(f"automatic precision {f['precision']} {f['interval']} over "
                      f"{f['automatic']} automatic writes; rewrites acted on: "
                      f"{f['rewrites_acted_on']}; wrong on: {f['wrong_on'] or 'none'}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
