"""Fit how coverage moves the hybrid score: the reader's rule, learned from labeled pairs.

A duplicate is one note sitting inside the other (a rewrite, a condensed copy: the
smaller note's text nearly all has a counterpart in the bigger); a related note keeps
content of its own on both sides (a lesson against its lessons log, a post against the
hook bank it came from: the smaller is only partly restated). This bench scans the
tuning sets with the coverage shift switched off, keeps every pair a listing can reach
(base score >= cues.FLOOR, at least 2 pieces in one note) with its label, and fits

    logit = base_logit + w_contain * (contain - pivot) + w_both_own * (1 - contain) * own_big

by L2 logistic regression with the base logit as offset (no intercept), for several pivots,
where `contain` is how much of the smaller note has a counterpart in the bigger (a piece
answered by a piece or by a run of consecutive pieces, where the scale reads runs) and
`own_big` the share of the bigger the smaller does not restate: both keep content of their
own. The real vault's (aios) pairs enter only where a person labeled them. Series
pairs (held by series.py anyway) and index/log notes are left out of the fit. The log loss
in-sample and with each set left out is printed per pivot; coverage.SECTIONS holds the
weights for its pivot (the reader's 0.85, not the data's best: see its docstring).

`--pieces chunks` fits coverage.CHUNKS the same way on basic-memory's pieces: each note cut
exactly as basic-memory cuts it (bm_vectors.chunk_text, checked against basic-memory
0.24.1 by the interop test) and embedded by the bundled MiniLM, its model, and each note's
vector composed from them as a scan composes basic-memory's (the default recipe, the mean):
the same pieces and base score a scan reading basic-memory's index gets, without its index.

    python bench/coverage_fit.py [--sets hard_kb,score-B,score-C,score-D,rewrite_kb,demo,aios]
                                 [--pieces sections|chunks]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from bands import demo_copy, demo_labels, hard_labels, rewrite_copy, scan_folder  # noqa: E402

from review_app.core import pipeline  # noqa: E402
from review_app.core.bm_vectors import ChunkedEmbedder, chunk_text, entity_text  # noqa: E402
from review_app.core.embedding import Embedder  # noqa: E402
from review_app.core.strategies import cues as cues_mod  # noqa: E402
from review_app.core.strategies import hybrid as hybrid_mod  # noqa: E402
from review_app.core.strategies.coverage import (  # noqa: E402
    CHUNKS,
    SECTIONS,
    PieceSource,
    note_shape,
)

REPO = BENCH.parent
OUT = BENCH / "out" / "coverage_fit"
SETS = {"hard_kb": REPO / "tests" / "data" / "hard_kb",
        "score-B": Path("/work/heldout/score-B"),
        "score-C": Path("/work/heldout/score-C"),
        "score-D": Path("/work/heldout/score-D"),
        "rewrite_kb": REPO / "tests" / "data" / "rewrite_kb"}
VAULT = Path("/work/realvault/aios")
"""A real agent-written vault (960 notes); only its labeled pairs (every pair a listing
showed in this project's rounds, read by a person: duplicate or related) enter the fit."""


def vault_labels(root: Path = VAULT) -> dict[tuple[str, str], str]:
    out: dict[tuple[str, str], str] = {}
    for f in sorted(root.parent.glob("labels-*.json")):
        doc = json.loads(f.read_text("utf-8"))
        for x in doc.get("sample", []) + doc.get("labels", []):
            out[tuple(sorted((x["a"], x["b"])))] = x["label"]  # type: ignore[index]
    return out


def set_pairs(name: str, embedder: Embedder, base: bool) -> list[dict]:
    """Every reachable pair of a set with its coverage figures and label."""
    labeled: dict | None = None
    if name == "demo":
        root, dup = demo_copy(OUT), demo_labels()
    elif name == "aios":
        root = rewrite_copy(OUT, VAULT)
        labeled = vault_labels()
        dup = {k for k, v in labeled.items() if v == "duplicate"}
    else:
        root = rewrite_copy(OUT, SETS[name])
        dup = hard_labels(SETS[name])[0]
    labeled_nd = {}
    if name not in ("demo", "aios"):
        doc = json.loads((SETS[name] / "labels.json").read_text("utf-8"))
        labeled_nd = {tuple(sorted((n["path"], n["related"]))): n.get("kind", "")
                      for n in doc["not_duplicates"]}
    raw: dict[tuple[str, str], dict] = {}
    saved_cues = hybrid_mod.pair_cues

    def recording(a, b, pa, pb, *rest):
        if pa is not None and pb is not None:
            raw[tuple(sorted((a.path, b.path)))] = piece_figures(a, b, pa, pb)
        return saved_cues(a, b, pa, pb, *rest)

    hybrid_mod.pair_cues = recording  # type: ignore[assignment]
    saved = cues_mod.PairCues.adjust
    if base:
        cues_mod.PairCues.adjust = lambda self, score, likely: score  # type: ignore
    try:
        result = scan_folder(root, "hybrid", embedder)
        best: dict[tuple[str, str], tuple[float, object]] = {}
        for c in result.candidates:
            if c.score >= cues_mod.FLOOR and c.score > best.get(c.key, (0.0, None))[0]:
                best[c.key] = (c.score, c)
        rows = []
        for key, (score, c) in best.items():
            ev = c.evidence
            if "covered_a" not in ev or (labeled is not None and key not in labeled):
                continue
            rows.append({"set": name, "a": key[0], "b": key[1], "score": score,
                         "dup": key in dup,
                         "kind": labeled_nd.get(key, "") or ("related" if labeled else ""),
                         **{k: ev.get(k, 0.0) for k in (
                             "covered_a", "covered_b", "pieces_a", "pieces_b", "chars_a",
                             "chars_b", "own_a", "own_b", "series", "index_like", "supersedes")},
                         **{k: ev[k] for k in ("runs_a", "runs_b") if k in ev},
                         **raw.get(key, {})})
    finally:
        cues_mod.PairCues.adjust = saved
        hybrid_mod.pair_cues = saved_cues
    return rows


def windows(v: np.ndarray, widths: tuple[int, ...] = (1, 2, 3)) -> np.ndarray:
    """Unit vectors of runs of 1-3 consecutive pieces (the mean of their vectors): a
    condensed copy's paragraph answers a run of the longer note's sections."""
    v = v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-12)
    runs = [v[i:i + w].sum(axis=0) for w in widths for i in range(len(v) - w + 1)]
    m = np.asarray(runs)
    return m / np.maximum(np.linalg.norm(m, axis=1, keepdims=True), 1e-12)


def piece_figures(a, b, pa, pb) -> dict:
    """Each piece's best cosine in the other note (piece to piece and piece to a run of
    pieces), with the pieces' characters, for the features tried here."""
    va = pa[0] / np.maximum(np.linalg.norm(pa[0], axis=1, keepdims=True), 1e-12)
    vb = pb[0] / np.maximum(np.linalg.norm(pb[0], axis=1, keepdims=True), 1e-12)
    sim = va @ vb.T
    return {"best_a": sim.max(axis=1).round(4).tolist(),
            "best_b": sim.max(axis=0).round(4).tolist(),
            "len_a": [float(x) for x in pa[1]], "len_b": [float(x) for x in pb[1]],
            "win_a": (va @ windows(vb).T).max(axis=1).round(4).tolist(),
            "win_b": (vb @ windows(va).T).max(axis=1).round(4).tolist(),
            "shape_a": note_shape(a), "shape_b": note_shape(b)}


def chunk_pieces(notes, embedder: Embedder, *_args) -> PieceSource:
    """basic-memory's pieces of `notes`: its cut, embedded by its model (the bundled one)."""
    def get(rows):
        parts = {r: chunk_text(entity_text(notes[r])) or [notes[r].title] for r in rows}
        return {r: (embedder.embed(p).astype(np.float32),
                    np.asarray([len(x) for x in p], np.float32)) for r, p in parts.items()}
    return PieceSource(get, CHUNKS)


def bm_note_vectors(project, notes, options, embedder, stats, progress):
    """pipeline._note_vectors as a scan reading basic-memory's index of `notes` sees it."""
    vectors = ChunkedEmbedder(lambda: embedder, options.vector_recipe).embed(
        [entity_text(n) for n in notes])
    return (pipeline.DEFAULT_MODEL, vectors, "basic-memory", [], None,
            chunk_pieces(notes, embedder))


def contain_own(r: dict) -> tuple[float, float]:
    """(share of the smaller note restated in the bigger, share of the bigger the smaller
    does not restate), a piece answered by a piece or a run of pieces (coverage.Scale.runs)
    where the scale reads runs: Coverage.small_big."""
    ra, rb = r.get("runs_a", r["covered_a"]), r.get("runs_b", r["covered_b"])
    return (ra, 1.0 - rb) if r["chars_a"] <= r["chars_b"] else (rb, 1.0 - ra)


def fit(x: np.ndarray, y: np.ndarray, offset: np.ndarray, l2: float) -> np.ndarray:
    """L2 logistic regression with a fixed offset (IRLS), no intercept."""
    w = np.zeros(x.shape[1])
    for _ in range(100):
        z = offset + x @ w
        p = 1.0 / (1.0 + np.exp(-z))
        g = x.T @ (p - y) + l2 * w
        h = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(h, g)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets", default="hard_kb,score-B,score-C,score-D,rewrite_kb,demo,aios")
    ap.add_argument("--pieces", choices=("sections", "chunks"), default="sections")
    ap.add_argument("--l2", type=float, default=0.1)
    ap.add_argument("--dump", type=Path, default=None)
    ap.add_argument("--reuse", action="store_true", help="fit on the last dump")
    args = ap.parse_args()
    args.dump = args.dump or OUT / f"pairs-{args.pieces}.json"
    scale = CHUNKS if args.pieces == "chunks" else SECTIONS
    if args.pieces == "chunks":
        pipeline._note_vectors = bm_note_vectors  # type: ignore[assignment]
    if args.reuse:
        rows = json.loads(args.dump.read_text())
    else:
        embedder = Embedder()
        rows = [r for s in args.sets.split(",") for r in set_pairs(s, embedder, True)]
        args.dump.parent.mkdir(parents=True, exist_ok=True)
        args.dump.write_text(json.dumps(rows, indent=1))
    for r in sorted(rows, key=lambda r: (r["dup"], r["score"])):
        c, o = contain_own(r)
        print(f"{r['set']:10s} {'DUP' if r['dup'] else r['kind'] or '-':14s} base {r['score']:.3f} "
              f"contain {c:.2f} own_big {o:.2f} pieces {r['pieces_a']:.0f}/{r['pieces_b']:.0f} "
              f"series {r['series']:.0f} index {r['index_like']:.0f}  {r['a']} ~ {r['b']}")
    fitrows = [r for r in rows if not r["series"] and not r["index_like"]
               and max(r["pieces_a"], r["pieces_b"]) >= 2]
    y = np.array([float(r["dup"]) for r in fitrows])
    off = np.array([math.log(r["score"] / (1 - r["score"])) for r in fitrows])
    sets = np.array([r["set"] for r in fitrows])
    alone = loss(np.zeros(1), np.zeros((len(y), 1)), off, y)
    print(f"\nfit on {len(fitrows)} pairs ({int(y.sum())} duplicates), L2 {args.l2}; "
          f"log loss of the base score alone {alone:.2f}")
    for pivot in sorted({0.4, 0.5, 0.6, 0.7, 0.8, 0.85, scale.pivot}):
        x = np.array([[c - pivot, (1.0 - c) * o] for c, o in map(contain_own, fitrows)])
        w = fit(x, y, off, args.l2)
        held = sum(loss(fit(x[sets != s], y[sets != s], off[sets != s], args.l2),
                        x[sets == s], off[sets == s], y[sets == s]) for s in set(sets))
        print(f"pivot {pivot:.2f}: w_contain {w[0]:.2f} w_both_own {w[1]:.2f}  log loss "
              f"{loss(w, x, off, y):.2f}, leave-one-set-out {held:.2f}")


def loss(w: np.ndarray, x: np.ndarray, off: np.ndarray, y: np.ndarray) -> float:
    p = 1.0 / (1.0 + np.exp(-(off + x @ w)))
    return float(-np.sum(y * np.log(p) + (1 - y) * np.log(1 - p)))


if __name__ == "__main__":
    main()
