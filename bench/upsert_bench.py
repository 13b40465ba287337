"""upsert_note benchmark: how long an agent waits for one call, at project sizes.

For each size it reuses the generated project and index of `scan_bench.py`
(building the index with a scan first if there is none: a cold embedding of
every note, which takes long at 10k), copies the index to a scratch state
folder and proposes rewrites of existing notes (sentences reversed). Every
call uses `on_match="ask"` with threshold 0, so its best match is queued in
the scratch folder and the project's files are never written:

- first call: loads the model, reads and parses every note;
- server calls: later calls in the same process, as the MCP server makes them
  (notes re-parsed only when their size or mtime changed);
- one-shot calls: the note cache dropped before each call, as `bm-review
  upsert` from a shell pays it.

    python bench/upsert_bench.py --sizes 1000,10000 [--calls 20] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from scan_bench import ensure_project  # noqa: E402

from review_app.core.embedding import Embedder  # noqa: E402
from review_app.core.pipeline import INDEX_FILE, ScanOptions, scan  # noqa: E402
from review_app.core.project import Project, load_notes  # noqa: E402
from review_app.core.strategies import get_strategy  # noqa: E402
from review_app.core.upsert import forget_notes, upsert_note  # noqa: E402

DEFAULT_THRESHOLD = get_strategy("hybrid").default_threshold


def proposals(root: Path, count: int, seed: int) -> list[tuple[str, str]]:
    """(title, content) rewrites of `count` existing notes: their sentences reversed."""
    notes, _ = load_notes(root)
    rng = random.Random(seed)
    out = []
    for note in rng.sample(notes, min(count, len(notes))):
        sentences = [s.strip() for s in note.body.replace("\n", " ").split(". ") if s.strip()]
        out.append((f"{note.title} (agent rewrite)", ". ".join(reversed(sentences)) + "."))
    return out


def ensure_index(root: Path, state: Path, embedder: Embedder) -> None:
    if (state / INDEX_FILE).exists():
        return
    print(f"no index in {state}: scanning {root} once (cold embedding)", file=sys.stderr)
    scan(Project(root, state_dir=state), ScanOptions(), embedder=embedder)


def timed(call) -> tuple[float, dict]:
    t0 = time.perf_counter()
    result = call()
    return time.perf_counter() - t0, result


def bench_size(n: int, args: argparse.Namespace) -> dict:
    root = ensure_project(args.out, n, args.seed, args.dup_rate)
    state = args.out / f"state-{root.name}"
    state.mkdir(parents=True, exist_ok=True)
    ensure_index(root, state, Embedder())
    props = proposals(root, 2 * args.calls + 1, args.seed)
    with tempfile.TemporaryDirectory(prefix="upsert-bench-") as tmp:
        scratch = Path(tmp)
        shutil.copy2(state / INDEX_FILE, scratch / INDEX_FILE)
        embedder = Embedder()  # loaded by the first call, as in a fresh server

        def call(title: str, content: str) -> dict:
            return upsert_note(title, content, project=root, on_match="ask",
                               similarity_threshold=0.0, embedder=embedder,
                               state_dir=scratch, caller="bench")

        first_s, first = timed(lambda: call(*props[0]))
        server = [timed(lambda p=p: call(*p)) for p in props[1:args.calls + 1]]
        one_shot = []
        for p in props[args.calls + 1:]:
            forget_notes(root)
            one_shot.append(timed(lambda p=p: call(*p)))
    calls = [r for _, r in server + one_shot]
    if any(r["action"] != "queued_for_review" for r in [first, *calls]):
        raise SystemExit("a call did not queue its proposal: the bench must not write notes")
    default_thr = sum(1 for r in calls if r["similarity"] >= DEFAULT_THRESHOLD)
    return {
        "notes": n,
        "first_call_s": round(first_s, 3),
        "server_call_s": _summary([s for s, _ in server]),
        "one_shot_call_s": _summary([s for s, _ in one_shot]),
        "above_default_threshold": f"{default_thr}/{len(calls)}",
    }


def _summary(times: list[float]) -> dict:
    times = sorted(times)
    return {"p50": round(statistics.median(times), 3),
            "p90": round(times[int(0.9 * (len(times) - 1))], 3),
            "max": round(times[-1], 3)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="1000", help="comma-separated note counts")
    p.add_argument("--calls", type=int, default=20, help="calls of each kind per size")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--dup-rate", type=float, default=0.05)
    p.add_argument("--out", type=Path, default=BENCH / "out")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    args = p.parse_args(argv)
    load = os.getloadavg()
    rows = [bench_size(int(s), args) for s in args.sizes.split(",")]
    if args.json:
        print(json.dumps({"load_before": load, "sizes": rows}, indent=2))
        return 0
    print(f"{'notes':>7}  {'first':>7}  {'server p50/p90/max':>22}  {'one-shot p50/p90/max':>22}"
          "  rewrites found at the default threshold")
    for r in rows:
        srv, one = r["server_call_s"], r["one_shot_call_s"]
        print(f"{r['notes']:>7}  {r['first_call_s']:>6.2f}s  "
              f"{srv['p50']:>6.2f} {srv['p90']:>6.2f} {srv['max']:>6.2f}s  "
              f"{one['p50']:>6.2f} {one['p90']:>6.2f} {one['max']:>6.2f}s  "
              f"{r['above_default_threshold']}")
    print(f"load average before: {load}; {os.cpu_count()} CPUs", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
