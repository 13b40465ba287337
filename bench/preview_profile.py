"""Where a merge preview's time goes, on tui_bench.py --preview's project (real model).

    python bench/preview_profile.py [--groups 8] [--seed 3] [--rows 0,4,-1]

For each listed group (row in the table's order; -1 the last) it composes the merge as
the console's preview does, twice: cold (a fresh vector cache: every text the compose
asks for goes through the model) and warm (the same cache: Python only). Each pass's
time is split into the model's (inside the embedder) and the rest (Python), with the
texts it sent to the model; then what compose does after the passes (render,
frontmatter), what the preview's worker adds (links, line marks) and the texts it builds
and wraps for the preview (merge_view.painted, at WIDTH cells: the UI thread then turns
only the lines on screen into segments). Painting is measured by tui_bench.py (its
figures minus these). Single thread, no console running.

    python bench/preview_profile.py --after-load [--rows 0,2,4,-1]

The first compose of each row then runs on one cache the console's load prepared
(warming.group_units over the listed groups, its LOAD_TEXTS budget, as a first session
does before the table shows) instead of an empty one: a row the load covered sends no
text to the model; a row past its budget shows what a `v` there waits for.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))
sys.path.insert(0, str(BENCH))


WIDTH = 66  # the preview's text width in tui_bench's 120 x 40 console


class TimedEmbedder:
    """The bundled model, timed: seconds and texts per call, read by the pass timer."""

    def __init__(self, inner) -> None:  # noqa: ANN001
        self.inner = inner
        self.model_name = inner.model_name
        self.seconds = 0.0
        self.texts = 0

    @property
    def dim(self):  # noqa: ANN201
        return self.inner.dim

    def embed(self, texts):  # noqa: ANN001, ANN201
        t0 = time.perf_counter()
        out = self.inner.embed(texts)
        self.seconds += time.perf_counter() - t0
        self.texts += len(texts)
        return out


def profile(canonical, others, kept, vectors, embedder, targets):  # noqa: ANN001, ANN201
    """(rows of (step, python ms, model ms, texts), total ms) of one compose."""
    import importlib

    engine = importlib.import_module("review_app.core.merge.compose")
    from review_app.core.merging import compose

    rows: list[tuple[str, float, float, int]] = []
    original = engine.PASSES

    def timed(p):  # noqa: ANN001, ANN202
        def run(ctx):  # noqa: ANN001, ANN202
            s0, n0, t0 = embedder.seconds, embedder.texts, time.perf_counter()
            out = p(ctx)
            wall = time.perf_counter() - t0
            model = embedder.seconds - s0
            rows.append((p.__module__.rsplit(".", 1)[-1], (wall - model) * 1000,
                         model * 1000, embedder.texts - n0))
            return out
        return run

    render = engine.render

    def timed_render(ctx):  # noqa: ANN001, ANN202
        s0, n0, t0 = embedder.seconds, embedder.texts, time.perf_counter()
        out = render(ctx)
        wall = time.perf_counter() - t0
        model = embedder.seconds - s0
        rows.append(("pass_render", (wall - model) * 1000, model * 1000, embedder.texts - n0))
        return out

    engine.PASSES = tuple(timed(p) for p in original)
    engine.render = timed_render
    try:
        t0 = time.perf_counter()
        composed = compose("merge", canonical, others, kept=kept, vectors=vectors,
                           targets=targets)
        total = (time.perf_counter() - t0) * 1000
    finally:
        engine.PASSES = original
        engine.render = render
    rest = total - sum(r[1] + r[2] for r in rows)
    rows.append(("parse, frontmatter, rest", rest, 0.0, 0))
    return rows, total, composed


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--groups", type=int, default=8)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--rows", default="0,4,-1")
    ap.add_argument("--after-load", action="store_true",
                    help="the first compose on the cache the load's group_units prepared")
    args = ap.parse_args()

    import tui_bench

    from review_app.core.embedding import DEFAULT_MODEL, Embedder
    from review_app.core.links import target_index
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.project import Project
    from review_app.core.unit_vectors import UnitVectors
    from review_app.tui.warming import _merge_inputs
    from review_app.tui.widgets.merge_view import Written, letters_of, line_marks, painted

    model = Embedder(DEFAULT_MODEL)
    model.embed(["load the model"])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "project"
        tui_bench.preview_project(root, args.groups, args.seed)
        result = scan(Project(root, state_dir=Path(tmp) / "state"), ScanOptions())
        targets = target_index(result.notes.values())
        loaded = None
        if args.after_load:
            from review_app.tui.warming import LOAD_TEXTS, group_units

            loaded = UnitVectors(TimedEmbedder(model))
            t0 = time.perf_counter()
            count = group_units(result, loaded)
            print(f"load (group_units, budget {LOAD_TEXTS} texts): {count} texts embedded "
                  f"in {(time.perf_counter() - t0) * 1000:.0f} ms")
        for row in (int(x) for x in args.rows.split(",")):
            group = result.groups[row]
            inputs = _merge_inputs(result, group)
            if inputs is None:
                print(f"row {row}: nothing to merge")
                continue
            canonical, others, kept = inputs
            embedder = TimedEmbedder(model)
            vectors = UnitVectors(embedder)  # its own memory: cold
            if loaded is not None:  # the load's cache (a copy: rows stay apart)
                vectors = UnitVectors(embedder)
                vectors._mem.vecs.update(loaded._mem.vecs)
            chars = sum(len(n.text) for n in (canonical, *others))
            print(f"\nrow {row} ({group.id[:8]}, {len(others) + 1} notes, {chars} chars)")
            for label in ("after the load" if loaded is not None else "cold", "warm"):
                rows, total, composed = profile(canonical, others, kept, vectors, embedder,
                                                targets)
                t0 = time.perf_counter()
                marks = line_marks(composed, canonical, kept, others)
                from review_app.tui.view import PreviewRequest

                w = Written(PreviewRequest("merge", canonical, None, others, kept, targets),
                            composed, marks, letters_of(others))
                worker_ms = (time.perf_counter() - t0) * 1000
                t0 = time.perf_counter()
                drawn = painted(w, WIDTH)
                ui_ms = (time.perf_counter() - t0) * 1000
                model_ms = sum(r[2] for r in rows)
                print(f"  {label}: compose {total:.0f} ms = model {model_ms:.0f} ms "
                      f"({sum(r[3] for r in rows)} texts) + Python {total - model_ms:.0f} ms;"
                      f" line marks {worker_ms:.1f} ms; texts built and wrapped (in the "
                      f"worker) {ui_ms:.1f} ms, {len(drawn.body.lines)} lines at {WIDTH} "
                      f"cells; {len(w.rows)} ledger rows")
                for name, py, mod, n in rows:
                    print(f"    {name:28} python {py:7.1f} ms   model {mod:7.1f} ms  "
                          f"{n:4d} texts")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
