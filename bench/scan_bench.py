"""Scan benchmark: cold and warm scans of generated projects vs plain fastembed.

For each size it generates (or reuses) a project with `gen_project.py`, then:
- cold scan: empty state folder, model already loaded; time by phase from
  `ScanResult.stats` (parse, embed, search, group) plus the rest (storing and
  loading vectors, opening the index), and notes/s embedded. It runs in a fresh
  subprocess, so its peak RSS (`ru_maxrss`: model load, parse, embed, search,
  group) is the scan's own, as `bm-review scan` would see it;
- warm re-scan: nothing changed, must embed 0; default (hybrid) and `embedding`
  strategies, best of `--repeat` runs each;
- reference: the same note texts embedded by plain fastembed
  (`TextEmbedding(...).embed(texts)`, default batch size, natural order), same
  bundled model folder, in the same process. ratio = cold scan / reference.

    python bench/scan_bench.py --sizes 1000,10000 [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from gen_project import MANIFEST, generate_project, groups_for_rate  # noqa: E402

from review_app.core.embedding import (  # noqa: E402
    DEFAULT_MODEL,
    Embedder,
    bundled_model_dir,
    cache_root,
    note_text,
)
from review_app.core.pipeline import ScanOptions, scan  # noqa: E402
from review_app.core.project import Project  # noqa: E402


def ensure_project(out: Path, n: int, seed: int, dup_rate: float) -> Path:
    root = out / f"project-{n}-seed{seed}-dup{dup_rate:g}"
    manifest = root / MANIFEST
    if manifest.exists():
        try:
            if json.loads(manifest.read_text())["notes"] == n:
                return root
        except (ValueError, KeyError):
            pass
    t0 = time.perf_counter()
    generate_project(root, n, seed=seed, groups=groups_for_rate(n, dup_rate))
    print(f"generated {n} notes in {time.perf_counter() - t0:.1f} s -> {root}", file=sys.stderr)
    return root


def peak_rss_mb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def cold_child(root: Path, state: Path, batch_size: int, threads: int | None) -> dict:
    """The cold scan, run in this (fresh) process: timings, stats and peak RSS as JSON."""
    rss_start = peak_rss_mb()
    project = Project(root, state_dir=state)
    embedder = Embedder(batch_size=batch_size, threads=threads)
    t0 = time.perf_counter()
    embedder.embed(["warm up the model session"])
    load_s = time.perf_counter() - t0
    cold_s, cold_cpu, cold = timed_scan(project, embedder, "hybrid")
    return {"model_load_s": round(load_s, 3), "cold_s": round(cold_s, 3),
            "cold_cpu_s": round(cold_cpu, 3), "stats": cold.stats, "notes": len(cold.notes),
            "problems": len(cold.problems), "groups": len(cold.groups),
            "group_recall": round(group_recall(cold, root), 3),
            "peak_rss_mb_start": rss_start, "peak_rss_mb": peak_rss_mb()}


def run_cold(root: Path, state: Path, args) -> dict:
    cmd = [sys.executable, __file__, "--cold-child", str(root), str(state),
           "--batch-size", str(args.batch_size)]
    if args.threads is not None:
        cmd += ["--threads", str(args.threads)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (str(BENCH.parent), os.environ.get("PYTHONPATH", "")) if p)}
    run = subprocess.run(cmd, stdout=subprocess.PIPE, text=True, env=env, check=False)
    if run.returncode != 0:
        raise SystemExit(f"cold scan subprocess failed ({run.returncode})")
    return json.loads(run.stdout)


def _progress(p) -> None:
    if p.phase == "embed" and p.done and (p.done % 1000 < 16 or p.done == p.total):
        print(f"  embedded {p.done}/{p.total}", file=sys.stderr, flush=True)


def timed_scan(project: Project, embedder: Embedder, strategy: str):
    """(wall s, CPU s of this process, all threads, result): on a shared machine the
    CPU time says what the scan costs, the wall time what someone waits."""
    t0, c0 = time.perf_counter(), time.process_time()
    result = scan(project, ScanOptions(strategy=strategy), progress=_progress, embedder=embedder)
    return time.perf_counter() - t0, time.process_time() - c0, result


def group_recall(result, root: Path) -> float:
    """Share of the generated duplicate groups found whole inside one scan group."""
    expected = json.loads((root / MANIFEST).read_text())["groups"]
    if not expected:
        return 1.0
    found = [set(g.paths) for g in result.groups]
    hit = sum(any(set(e) <= f for f in found) for e in expected)
    return hit / len(expected)


def reference_embed(texts: list[str]) -> tuple[float, float, np.ndarray]:
    from fastembed import TextEmbedding

    model = TextEmbedding(DEFAULT_MODEL, cache_dir=str(cache_root() / "fastembed"),
                          specific_model_path=str(bundled_model_dir()))
    list(model.embed(texts[:8]))  # warm-up: session start, as the scan's embedder had
    t0, c0 = time.perf_counter(), time.process_time()
    vecs = np.asarray(list(model.embed(texts)), dtype=np.float32)
    return time.perf_counter() - t0, time.process_time() - c0, vecs


def bench_size(n: int, args) -> dict:
    root = ensure_project(args.out, n, args.seed, args.dup_rate)
    state = args.out / f"state-{root.name}"
    if not args.warm_only:
        shutil.rmtree(state, ignore_errors=True)
    elif not (state / "index.db").exists():
        raise SystemExit(f"--warm-only needs the index of an earlier run in {state}")
    project = Project(root, state_dir=state)
    embedder = Embedder(batch_size=args.batch_size, threads=args.threads)
    row: dict = {}
    if not args.warm_only:
        child = run_cold(root, state, args)
        stats = child["stats"]
        cold_s = child["cold_s"]
        phases = sum(stats.get(k, 0.0) for k in ("parse_s", "embed_s", "search_s", "group_s"))
        row.update({
            "notes": child["notes"], "problems": child["problems"],
            "model_load_s": child["model_load_s"],
            "cold_s": cold_s, "cold_cpu_s": child["cold_cpu_s"],
            "cold_parse_s": stats["parse_s"], "cold_embed_s": stats["embed_s"],
            "cold_search_s": stats["search_s"], "cold_group_s": stats["group_s"],
            "cold_other_s": round(cold_s - phases, 3), "embedded": stats["embedded"],
            "notes_per_s": round(stats["embedded"] / stats["embed_s"], 1)
            if stats["embed_s"] else None,
            "groups": child["groups"], "group_recall": child["group_recall"],
            "cold_peak_rss_mb": child["peak_rss_mb"],
        })
        print(f"  cold scan of {n}: {cold_s:.1f} s, peak RSS {child['peak_rss_mb']} MB",
              file=sys.stderr, flush=True)
    for strategy in ("hybrid", "embedding"):
        best = None
        for _ in range(args.repeat):
            warm_s, warm_cpu, warm = timed_scan(project, embedder, strategy)
            if warm.stats["embedded"] != 0:
                raise SystemExit(f"warm scan re-embedded {warm.stats['embedded']} notes")
            if best is None or warm_s < best[0]:
                best = (warm_s, warm_cpu, warm.stats)
        assert best is not None
        row[f"warm_{strategy}_s"] = round(best[0], 3)
        row[f"warm_{strategy}_cpu_s"] = round(best[1], 3)
        row[f"warm_{strategy}_stats"] = best[2]
        row["notes"] = len(warm.notes)
    row["hybrid_overhead"] = round(row["warm_hybrid_s"] / row["warm_embedding_s"] - 1, 3)

    if not (args.no_reference or args.warm_only):
        texts = [note_text(note) for note in warm.notes.values()]
        ref_s, ref_cpu, ref_vecs = reference_embed(texts)
        row["reference_s"] = round(ref_s, 3)
        row["reference_cpu_s"] = round(ref_cpu, 3)
        row["reference_notes_per_s"] = round(len(texts) / ref_s, 1)
        row["ratio_cold_vs_reference"] = round(cold_s / ref_s, 3)
        row["ratio_embed_vs_reference"] = round(stats["embed_s"] / ref_s, 3)
        # same texts, same model: the stored vectors must match the reference ones
        ours = warm.client.vectors
        ref = ref_vecs / np.linalg.norm(ref_vecs, axis=1, keepdims=True)
        row["min_cosine_vs_reference"] = round(float(np.min(np.sum(ours * ref, axis=1))), 4)
        row["peak_rss_mb_after_reference"] = peak_rss_mb()
    return row


def print_table(report: dict) -> None:
    rows = report["results"]
    lines = [
        ("notes", "notes", "{}"),
        ("model load (not in scan)", "model_load_s", "{:.2f} s"),
        ("cold scan total", "cold_s", "{:.2f} s"),
        ("  peak RSS (subprocess)", "cold_peak_rss_mb", "{} MB"),
        ("  (CPU time)", "cold_cpu_s", "{:.2f} s"),
        ("  parse", "cold_parse_s", "{:.2f} s"),
        ("  embed", "cold_embed_s", "{:.2f} s"),
        ("  search", "cold_search_s", "{:.2f} s"),
        ("  group", "cold_group_s", "{:.2f} s"),
        ("  other (index I/O)", "cold_other_s", "{:.2f} s"),
        ("embedded notes/s", "notes_per_s", "{:.0f}"),
        ("fastembed reference", "reference_s", "{:.2f} s"),
        ("  (CPU time)", "reference_cpu_s", "{:.2f} s"),
        ("reference notes/s", "reference_notes_per_s", "{:.0f}"),
        ("cold scan / reference", "ratio_cold_vs_reference", "{:.2f}x"),
        ("embed phase / reference", "ratio_embed_vs_reference", "{:.2f}x"),
        ("min cosine vs reference", "min_cosine_vs_reference", "{:.4f}"),
        ("warm re-scan (hybrid)", "warm_hybrid_s", "{:.2f} s"),
        ("  (CPU time)", "warm_hybrid_cpu_s", "{:.2f} s"),
        ("warm re-scan (embedding)", "warm_embedding_s", "{:.2f} s"),
        ("  (CPU time)", "warm_embedding_cpu_s", "{:.2f} s"),
        ("hybrid overhead (warm)", "hybrid_overhead", "{:+.0%}"),
        ("groups found", "groups", "{}"),
        ("generated groups found", "group_recall", "{:.0%}"),
    ]
    width = max(len(label) for label, _, _ in lines)
    print(f"{'':{width}}  " + "  ".join(f"{r['notes']:>10}" for r in rows))
    for label, key, fmt in lines[1:]:
        cells = []
        for r in rows:
            value = r.get(key)
            cells.append(f"{fmt.format(value) if value is not None else '-':>10}")
        print(f"{label:{width}}  " + "  ".join(cells))
    env = report["env"]
    print(f"\nload average before/after: {env['load_before']} / {env['load_after']}; "
          f"{env['cpus']} CPUs; batch size {env['batch_size']}; threads {env['threads']}")
    for r in rows:
        for strategy in ("hybrid", "embedding"):
            s = r[f"warm_{strategy}_stats"]
            print(f"warm {r['notes']} {strategy}: parse {s['parse_s']:.2f} s, search "
                  f"{s['search_s']:.2f} s, group {s['group_s']:.2f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1000,10000", help="comma-separated note counts")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--dup-rate", type=float, default=0.05)
    ap.add_argument("--out", type=Path, default=BENCH / "out", help="generated projects go here")
    ap.add_argument("--repeat", type=int, default=2, help="warm scans per strategy (best kept)")
    ap.add_argument("--batch-size", type=int, default=None, help="embedder batch size")
    ap.add_argument("--threads", type=int, default=None, help="ONNX Runtime threads")
    ap.add_argument("--no-reference", action="store_true", help="skip plain fastembed")
    ap.add_argument("--warm-only", action="store_true",
                    help="only warm scans, on the index an earlier run left in --out")
    ap.add_argument("--json", action="store_true", help="print the report as JSON")
    ap.add_argument("--cold-child", nargs=2, metavar=("ROOT", "STATE"), type=Path,
                    help=argparse.SUPPRESS)  # internal: the cold scan's own process
    args = ap.parse_args(argv)
    if args.batch_size is None:
        from review_app.core.embedding import BATCH_SIZE
        args.batch_size = BATCH_SIZE
    if args.cold_child:
        print(json.dumps(cold_child(*args.cold_child, args.batch_size, args.threads)))
        return 0
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    env = {"load_before": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count(),
           "python": platform.python_version(), "batch_size": args.batch_size,
           "threads": args.threads, "seed": args.seed, "dup_rate": args.dup_rate}
    results = [bench_size(n, args) for n in sizes]
    env["load_after"] = [round(x, 2) for x in os.getloadavg()]
    report = {"env": env, "results": results}
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
