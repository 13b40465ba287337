"""Duplicate-vs-related quality of the dedupe strategies on labeled data.

For a labeled split it builds a real basic-memory project folder (cached under
bench/out/semeval/<split>, embeddings included), runs the real scan pipeline
as `bm-review scan --pairs --threshold 0` does, and scores the labeled pairs;
a labeled pair the strategy did not output scores 0.

    python bench/quality.py                       # dev, all strategies
    python bench/quality.py --split train_part1 --strategy hybrid --json
    python bench/quality.py --model dleemiller/wordllama-l2-supercat-256   # a second model
    python bench/quality.py --model M --weights own.json   # M with its own fit (learn_hybrid)
    python bench/quality.py --source basic-memory --strategy hybrid

The second-model comparison with intervals (own fit with a cross-validated cut, precision
at matched recall) is bench/model_transfer.py.

`--source basic-memory` scores the same notes with vectors read from the real
basic-memory's index (0.24.1 in the interop venv, configured with the bundled
MiniLM, see bench/bm_reference.py; indexed on first use), once per way of making
a note's vector from its chunks, next to bm-review's own vectors of that folder.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from semeval_project import DATA, OUT, LabeledPair, build_project, read_pairs  # noqa: E402

from review_app.core.bm_vectors import RECIPES  # noqa: E402
from review_app.core.embedding import DEFAULT_MODEL, Embedder  # noqa: E402
from review_app.core.pipeline import DEFAULT_TOP_K, ScanOptions, scan  # noqa: E402
from review_app.core.project import Project  # noqa: E402
from review_app.core.strategies import (  # noqa: E402
    HybridStrategy,
    available_strategies,
    get_strategy,
    register,
)

DEFAULT_STRATEGIES = ("embedding", "title", "hybrid")


def average_precision(scores: np.ndarray, positive: np.ndarray) -> float:
    """Area under the precision-recall step curve, ties scored as one threshold.

    Same definition as sklearn's average_precision_score: sum over distinct
    score thresholds of (recall gain) x (precision at that threshold).
    """
    scores = np.asarray(scores, dtype=np.float64)
    positive = np.asarray(positive, dtype=bool)
    n_pos = int(positive.sum())
    if n_pos == 0:
        return float("nan")
    order = np.argsort(-scores, kind="mergesort")
    s, y = scores[order], positive[order]
    tp = np.cumsum(y)
    fp = np.cumsum(~y)
    last = np.r_[np.nonzero(np.diff(s))[0], len(s) - 1]  # last index of each tie block
    tp, fp = tp[last], fp[last]
    precision = tp / (tp + fp)
    recall = tp / n_pos
    gains = np.diff(np.r_[0.0, recall])
    return float(np.sum(gains * precision))


def pair_scores(pairs_json: list[dict]) -> dict[tuple[str, str], float]:
    out: dict[tuple[str, str], float] = {}
    for p in pairs_json:
        key = (p["a"], p["b"]) if p["a"] <= p["b"] else (p["b"], p["a"])
        out[key] = max(out.get(key, 0.0), float(p["score"]))
    return out


def score_labeled(labeled: list[LabeledPair], scored: dict[tuple[str, str], float]
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(scores, label array, found-among-candidates mask) for the labeled pairs."""
    keys = [(p.a, p.b) if p.a <= p.b else (p.b, p.a) for p in labeled]
    found = np.array([k in scored for k in keys], dtype=bool)
    scores = np.array([scored.get(k, 0.0) for k in keys], dtype=np.float64)
    labels = np.array([p.label for p in labeled])
    return scores, labels, found


def metrics(scores: np.ndarray, labels: np.ndarray, found: np.ndarray, threshold: float
            ) -> dict[str, float]:
    dup = labels == "duplicate"
    hard = (labels == "duplicate") | (labels == "related")
    predicted = scores >= threshold
    tp = int((predicted & dup).sum())
    return {
        "ap_dup_vs_all": average_precision(scores, dup),
        "ap_dup_vs_related": average_precision(scores[hard], dup[hard]),
        "candidate_recall": float(found[dup].mean()) if dup.any() else float("nan"),
        "threshold": threshold,
        "precision": tp / int(predicted.sum()) if predicted.any() else float("nan"),
        "recall": tp / int(dup.sum()) if dup.any() else float("nan"),
        "duplicates": int(dup.sum()),
        "labeled_pairs": len(labels),
    }


def evaluate(split: str, strategies: list[str], *, top_k: int = DEFAULT_TOP_K,
             out: Path = OUT, data: Path = DATA, embedder: Embedder | None = None,
             model: str = DEFAULT_MODEL) -> dict[str, dict]:
    root = build_project(split, out, data)
    labeled = read_pairs(split, data)
    embedder = embedder or Embedder(model)
    results: dict[str, dict] = {}
    for name in strategies:
        t0 = time.perf_counter()
        result = scan(Project(root), ScanOptions(threshold=0.0, strategy=name, top_k=top_k,
                                                 model=embedder.model_name), embedder=embedder)
        doc = result.to_json(include_pairs=True)
        scores, labels, found = score_labeled(labeled, pair_scores(doc["pairs"]))
        m = metrics(scores, labels, found, get_strategy(name).default_threshold)
        m["scored_pairs"] = len(doc["pairs"])
        m["scan_s"] = round(time.perf_counter() - t0, 2)
        m["search_s"] = doc["stats"].get("search_s")
        results[name] = m
    return results


def _score(root: Path, labeled: list[LabeledPair], name: str, options: ScanOptions,
           embedder: Embedder | None) -> dict:
    t0 = time.perf_counter()
    result = scan(Project(root), options, embedder=embedder)
    doc = result.to_json(include_pairs=True)
    scores, labels, found = score_labeled(labeled, pair_scores(doc["pairs"]))
    m = metrics(scores, labels, found, get_strategy(name).default_threshold)
    m["scored_pairs"] = len(doc["pairs"])
    m["scan_s"] = round(time.perf_counter() - t0, 2)
    m["stats"] = doc["stats"]
    m["vector_source"] = doc["vector_source"]
    return m


def evaluate_basic_memory(split: str, strategies: list[str], recipes: list[str], *,
                          top_k: int = DEFAULT_TOP_K, data: Path = DATA,
                          embedder: Embedder | None = None) -> dict[str, dict]:
    """Own vectors vs basic-memory's (per recipe) on one basic-memory-indexed folder."""
    import os

    import bm_reference

    base = OUT.parent / "bm" / f"semeval-{split}"
    root = build_project(split, base, data)
    labeled = read_pairs(split, data)
    if bm_reference.ready_entities(base) < len(list(root.glob("*.md"))):
        print(f"indexing {root} with basic-memory ...", file=sys.stderr)
        bm_reference.index(base, root)
    os.environ.update(bm_reference.env_for(base))
    embedder = embedder or Embedder()
    results: dict[str, dict] = {}
    for name in strategies:
        results[f"{name} / own"] = _score(root, labeled, name, ScanOptions(
            threshold=0.0, strategy=name, top_k=top_k, vectors="own"), embedder)
        for recipe in recipes:
            m = _score(root, labeled, name, ScanOptions(
                threshold=0.0, strategy=name, top_k=top_k, vectors="basic-memory",
                vector_recipe=recipe), embedder)
            if m["stats"].get("embedded"):
                print(f"note: {m['stats']['embedded']} notes changed since basic-memory "
                      f"indexed them were embedded with its model", file=sys.stderr)
            results[f"{name} / basic-memory {recipe}"] = m
    return results


def record(split: str, m: dict) -> None:
    from review_app.core.strategies.hybrid import WEIGHTS_FILE

    doc = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    doc[f"threshold_{split}"] = {k: round(m[k], 3) for k in (
        "precision", "recall", "ap_dup_vs_all", "ap_dup_vs_related", "candidate_recall")}
    WEIGHTS_FILE.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")


def table(split: str, results: dict[str, dict]) -> str:
    cols = [("AP dup/all", "ap_dup_vs_all"), ("AP dup/rel", "ap_dup_vs_related"),
            ("cand recall", "candidate_recall"), ("threshold", "threshold"),
            ("P@thr", "precision"), ("R@thr", "recall")]
    head = f"| {split} | " + " | ".join(c for c, _ in cols) + " |"
    lines = [head, "|" + "---|" * (len(cols) + 1)]
    for name, m in results.items():
        lines.append(f"| {name} | " + " | ".join(f"{m[k]:.3f}" for _, k in cols) + " |")
    first = next(iter(results.values()))
    lines.append(f"\n{first['labeled_pairs']} labeled pairs, {first['duplicates']} duplicates")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--split", default="dev", help="labeled split (default: dev)")
    p.add_argument("--strategy", action="append", dest="strategies", metavar="NAME",
                   help=f"strategy to score (repeatable; default: {', '.join(DEFAULT_STRATEGIES)})")
    p.add_argument("--top-k", type=int, default=DEFAULT_TOP_K, help="neighbours per note")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.add_argument("--out", type=Path, default=OUT, help="where project folders are cached")
    p.add_argument("--data", type=Path, default=DATA, help="labeled data folder")
    p.add_argument("--source", choices=("own", "basic-memory"), default="own",
                   help="basic-memory: also score vectors read from the real basic-memory's "
                        "index of the split, per --recipe")
    p.add_argument("--recipe", action="append", choices=RECIPES, dest="recipes",
                   help=f"with --source basic-memory: how chunk vectors make a note's "
                        f"(repeatable; default: {', '.join(RECIPES)})")
    p.add_argument("--record", action="store_true",
                   help="write hybrid's precision/recall at its default threshold on this "
                        "split into hybrid_weights.json (as threshold_<split>)")
    p.add_argument("--model", default=DEFAULT_MODEL,
                   help="embedding model (default: the bundled one); the hybrid's weights are "
                        "the shipped ones unless --weights")
    p.add_argument("--weights", type=Path, metavar="FILE",
                   help="score the hybrid with these weights (e.g. a model's own fit by "
                        "bench/learn_hybrid.py --model M --out FILE) instead of the shipped ones")
    args = p.parse_args(argv)
    if args.weights:
        own = json.loads(args.weights.read_text(encoding="utf-8"))

        class OwnFit(HybridStrategy):
            def __init__(self) -> None:
                super().__init__(own)

        register(OwnFit)  # replaces "hybrid" in this process only
    names = args.strategies or list(DEFAULT_STRATEGIES)
    unknown = [n for n in names if n not in available_strategies()]
    if unknown:
        p.error(f"unknown strategy {', '.join(unknown)}")
    if args.source == "basic-memory":
        results = evaluate_basic_memory(args.split, names, args.recipes or list(RECIPES),
                                        top_k=args.top_k, data=args.data)
    else:
        results = evaluate(args.split, names, top_k=args.top_k, out=args.out, data=args.data,
                           model=args.model)
    if (args.record and "hybrid" in results and not args.weights and args.model == DEFAULT_MODEL
            and args.source != "basic-memory"):
        record(args.split, results["hybrid"])
    if args.json:
        json.dump({"split": args.split, "top_k": args.top_k, "strategies": results},
                  sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(table(args.split, results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
