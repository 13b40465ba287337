"""First scan of a basic-memory project reading its vectors vs bm-review's own cold scan.

A generated project (bench/gen_project.py) is indexed once by the real
basic-memory 0.24.1 configured with the bundled MiniLM (bench/bm_reference.py;
slow on a small machine: run it niced). Then, in one process:
- basic-memory: `scan` of the project by name with an empty bm-review state
  folder, vectors read from basic-memory's memory.db (must embed 0 notes);
- own: `scan` with an empty state folder embedding every note with the bundled
  model (already loaded, as in bench/scan_bench.py), i.e. bm-review's cold scan.
ratio = basic-memory / own (the acceptance bound is 0.05). The same scans also
give the generated groups found whole (group recall) and the average precision of
the scored pairs against the generated duplicates, per way of composing a note's
vector from basic-memory's chunks (`--recipe`), so that choice rests on notes long
enough to have several chunks.

    nice -n 10 python bench/bm_vectors_bench.py --notes 2000 [--json] [--skip-own]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import bm_reference  # noqa: E402
from gen_project import MANIFEST, generate_project, groups_for_rate  # noqa: E402
from quality import average_precision  # noqa: E402

from review_app.core.bm_vectors import DEFAULT_RECIPE, RECIPES  # noqa: E402
from review_app.core.embedding import Embedder  # noqa: E402
from review_app.core.pipeline import ScanOptions, scan  # noqa: E402
from review_app.core.project import Project  # noqa: E402

PROJECT_NAME = "demo"  # the name bm_reference registers the folder under


def ensure_indexed(base: Path, n: int, seed: int, dup_rate: float) -> dict:
    kb = base / "kb"
    manifest = kb / MANIFEST
    fresh = False
    if not (manifest.exists() and json.loads(manifest.read_text())["notes"] == n):
        shutil.rmtree(base, ignore_errors=True)
        generate_project(kb, n, seed=seed, groups=groups_for_rate(n, dup_rate))
        fresh = True
    info: dict = {}
    if fresh or bm_reference.ready_entities(base) < n:
        print(f"indexing {n} notes with basic-memory (slow) ...", file=sys.stderr, flush=True)
        info["basic_memory_index_s"] = round(bm_reference.index(base), 1)
    return info


def timed(project: Project, options: ScanOptions, embedder: Embedder | None):
    t0, c0 = time.perf_counter(), time.process_time()
    result = scan(project, options, embedder=embedder)
    return time.perf_counter() - t0, time.process_time() - c0, result


def quality(result, root: Path, dump: Path | None = None) -> dict:
    """Group recall at the default threshold and AP of all scored pairs (threshold 0);
    `dump`: where to write every generated duplicate pair's score and the best-scored
    other pairs (to see which pairs a way of scoring ranks worse)."""
    expected = json.loads((root / MANIFEST).read_text())["groups"]
    found = [set(g.paths) for g in result.groups]
    recall = sum(any(set(e) <= f for f in found) for e in expected) / max(len(expected), 1)
    positive = {frozenset(p) for g in expected for p in combinations(g, 2)}
    scored: dict[frozenset, float] = {}
    for c in result.candidates:
        key = frozenset(c.key)
        scored[key] = max(scored.get(key, 0.0), float(c.score))
    keys = list(scored) + [p for p in positive if p not in scored]  # missed pairs score 0
    scores = np.array([scored.get(k, 0.0) for k in keys])
    labels = np.array([k in positive for k in keys])
    if dump is not None:
        others = sorted((k for k in scored if k not in positive), key=lambda k: -scored[k])
        dump.write_text(json.dumps({
            "duplicates": {" | ".join(sorted(k)): scored.get(k, 0.0) for k in positive},
            "others": {" | ".join(sorted(k)): scored[k] for k in others[:300]}}, indent=1))
    return {"group_recall": round(recall, 3),
            "pair_ap": round(average_precision(scores, labels), 3)}


def upsert_latency(root: Path, calls: int = 5) -> float:
    """p50 of upsert_note's look-up (`find_matches`, what every call does before it
    writes) in one process, as the MCP server makes them, on basic-memory's vectors.
    Nothing is written: a real upsert would add a note basic-memory has not indexed."""
    from review_app.core.notes import parse_note
    from review_app.core.strategies import get_strategy
    from review_app.core.upsert import current_notes, find_matches, shared_embedder

    project = Project(root, name=PROJECT_NAME)
    strategy = get_strategy("hybrid")
    times = []
    for i in range(calls + 1):
        t0 = time.perf_counter()
        proposed = parse_note(f".proposed/inbox/pool-sizing-{i}.md", (
            f"---\ntitle: Connection pool sizing notes {i}\n---\nHow many connections the "
            "pool keeps per worker, and what happens when it runs out under load.\n").encode())
        matches = find_matches(project, current_notes(root), proposed,
                               embedder=shared_embedder(), strategy=strategy)
        times.append(time.perf_counter() - t0)
        assert matches
    return round(float(np.median(times[1:])), 3)  # the first call loads the model


def run(args) -> dict:
    base = (args.out / f"gen-{args.notes}").resolve()
    row: dict = {"notes": args.notes, **ensure_indexed(base, args.notes, args.seed, args.dup_rate)}
    os.environ.update(bm_reference.env_for(base))
    root = base / "kb"
    states = base / "bench-state"
    shutil.rmtree(states, ignore_errors=True)

    for recipe in args.recipes:
        state = states / f"bm-{recipe}"
        wall, cpu, result = timed(Project(root, name=PROJECT_NAME, state_dir=state), ScanOptions(
            vectors="basic-memory", vector_recipe=recipe), None)
        if result.stats["embedded"]:
            raise SystemExit(f"the basic-memory scan embedded {result.stats['embedded']} notes:"
                             f" basic-memory's index is behind the files (re-run it)")
        dump = args.pairs_out / f"bm_{recipe}.json" if args.pairs_out else None
        row[f"bm_{recipe}"] = {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
                               "stats": result.stats, **quality(result, root, dump)}
        print(f"  basic-memory vectors ({recipe}): {wall:.2f} s", file=sys.stderr, flush=True)

    row["upsert_lookup_p50_s"] = upsert_latency(root)
    if args.skip_own:  # iterating on the basic-memory path: the own cold scan takes ~15 min
        shutil.rmtree(states, ignore_errors=True)
        return row

    embedder = Embedder()
    t0 = time.perf_counter()
    embedder.embed(["warm up the model session"])
    row["model_load_s"] = round(time.perf_counter() - t0, 3)
    wall, cpu, result = timed(Project(root, state_dir=states / "own"),
                              ScanOptions(vectors="own"), embedder)
    dump = args.pairs_out / "own_cold.json" if args.pairs_out else None
    row["own_cold"] = {"wall_s": round(wall, 3), "cpu_s": round(cpu, 3), "stats": result.stats,
                       **quality(result, root, dump)}
    print(f"  own cold scan: {wall:.1f} s", file=sys.stderr, flush=True)
    main = row[f"bm_{DEFAULT_RECIPE if DEFAULT_RECIPE in args.recipes else args.recipes[0]}"]
    row["ratio_wall"] = round(main["wall_s"] / row["own_cold"]["wall_s"], 4)
    row["ratio_cpu"] = round(main["cpu_s"] / row["own_cold"]["cpu_s"], 4)
    shutil.rmtree(states, ignore_errors=True)
    return row


def table(row: dict) -> str:
    lines = [f"| {row['notes']} notes | wall s | CPU s | embedded | from basic-memory | "
             f"group recall | pair AP |", "|---|---|---|---|---|---|---|"]
    names = [(k, f"basic-memory vectors, {k[3:]}") for k in row if k.startswith("bm_")]
    own = [("own_cold", "own cold scan (model loaded)")] if "own_cold" in row else []
    for key, label in [*names, *own]:
        r = row[key]
        lines.append(f"| {label} | {r['wall_s']:.2f} | {r['cpu_s']:.2f} | "
                     f"{r['stats']['embedded']} | {r['stats'].get('from_basic_memory', 0)} | "
                     f"{r['group_recall']:.3f} | {r['pair_ap']:.3f} |")
    lines.append(f"\nupsert_note's look-up on basic-memory's vectors: "
                 f"{row['upsert_lookup_p50_s']:.2f} s p50")
    if "own_cold" in row:
        lines.append(f"ratio (basic-memory / own): wall {row['ratio_wall']:.3f}, "
                     f"CPU {row['ratio_cpu']:.3f}; model load {row['model_load_s']:.1f} s "
                     f"not counted in the own scan")
    if "basic_memory_index_s" in row:
        lines.append(f"basic-memory's own indexing took {row['basic_memory_index_s']:.0f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--notes", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dup-rate", type=float, default=0.05)
    p.add_argument("--recipe", action="append", choices=RECIPES, dest="recipes")
    p.add_argument("--out", type=Path, default=BENCH / "out" / "bm")
    p.add_argument("--json", action="store_true")
    p.add_argument("--pairs-out", type=Path, default=None,
                   help="folder to write each scan's duplicate-pair scores to (JSON)")
    p.add_argument("--skip-own", action="store_true",
                   help="leave out the own cold scan (~15 min): the basic-memory rows only")
    args = p.parse_args(argv)
    args.recipes = args.recipes or list(RECIPES)
    if args.pairs_out:
        args.pairs_out.mkdir(parents=True, exist_ok=True)
    row = run(args)
    print(json.dumps(row, indent=2) if args.json else table(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
