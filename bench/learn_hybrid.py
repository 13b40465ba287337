"""Learn the hybrid strategy's logistic weights and default threshold on labeled data.

For each training split it runs the real scan (hybrid, threshold 0) on the
split's project folder and takes the evidence of every labeled pair the scan
scored: the features are exactly what the strategy computes at scan time.
A duplicate the scan never proposed cannot be learned from and is left out of
the fit, but still counts as missed when the threshold is chosen.

Cosines enter the fit in yardstick units (review_app/core/strategies/calibration.py):
(cosine - median) / interquartile range of the neighbour cosines, pooled over the
training projects for the model fitted. That yardstick ships in the weights file and
the scan uses it for that model; any other model is measured on the project it scans,
so the same weights and threshold serve it (`--model M --out FILE` fits M's own, for
comparison in bench/quality.py). For the bundled model this is an affine change of
units: its scores equal those of the raw-cosine fit.

The fit is L2-regularised logistic regression by Newton's method (IRLS) on
standardised features, written back in raw feature units. Features that do not
vary in the training data (SemEval has no links or tags) cannot be learned;
they keep the hand-set prior weights listed under "priors".

The default threshold is the one with the most recall at a training precision
of 0.9 (`--precision`): a merge is destructive and the console's first screen
should hold likely duplicates, so precision leads (best F1 on SemEval, whose
"duplicates" are loose paraphrases, sits near 0.35 and would group notes that
merely share a topic). Its precision and
recall on dev are added by `bench/quality.py --record` (dev is never used here).
On a weaker model that rule is unstable: training precision reaches 0.9 only on a
handful of top pairs (WordLlama's own fit: a cut admitting no dev pair), so
bench/model_transfer.py compares models with a cross-validated cut that needs support.

Signals measured and left out (AP dup/all on train_part1+2 in-sample -> dev, with
cosine + identity: 0.553 -> 0.499): they add <= 0.01 on train and their gain
when trained on one training part and scored on the other changes sign between
the two parts, so their dev gains (<= 0.02) are not evidence. From the same model
pass (token states, no extra embedding): IDF-weighted BERTScore over word pieces,
raw or centred, all tokens or the top 16/32 by IDF in float16 (train 0.551-0.559,
dev 0.495-0.507); IDF/SIF-weighted token pooling (0.551-0.554, dev 0.507-0.518); title
and sentence vectors pooled from their tokens, sentence max-sim and sentence
BERTScore (0.552-0.556, dev 0.497-0.514). Neighbourhood signals (CSLS on raw or
identity vectors with k = 3..20, cosine after removing the pair's local neighbour
mean, identity-space ranks, local z-scores) learn a *negative* weight: SemEval
duplicates sit in crowded topics, a quirk no note base should be scored by;
shared-nearest-neighbour overlap adds nothing (train 0.552-0.554). All 66 signals
in one logistic (L2 1-10) fit train to 0.593-0.613 in-sample and reach only dev
0.525-0.541 (dup/related 0.545-0.558).

Measured since with `bench/identity_signals.py`, by 10-fold cross-validation on
train_part1+2 grouped by original question (5 shuffles; the shipped cosine + identity:
0.550/0.575, dev 0.499/0.518).
Each stays within 0.005 of it on train: a separately embedded title (title vs title,
title vs note, the title blended into the note vector at 0.25-1.0; CV 0.543-0.550,
dev 0.52-0.56, dev best where train is worst), IDF-weighted rare-word overlap and
containment (CV 0.548-0.554), removing 2-12 principal directions or whitening instead
of one (raw AP on the parts moves +-0.04 in opposite directions), the best third
note close to both (transitivity: CV down), and a per-dimension weighted identity
cosine (384 weights, CV 0.515 at best). No registry package ships a stronger
sentence model in a loadable form (checked: MiniLM re-packagings only, or stubs
that download at run time), so the model the score stands on is the limit.

    python bench/learn_hybrid.py                  # train_part1 + train_part2 -> weights
    python bench/learn_hybrid.py --dry-run        # print, write nothing
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from semeval_project import DATA, OUT, build_project, read_pairs  # noqa: E402

from review_app.core.embedding import DEFAULT_MODEL, Embedder  # noqa: E402
from review_app.core.pipeline import DEFAULT_TOP_K, ScanOptions, scan  # noqa: E402
from review_app.core.project import Project  # noqa: E402
from review_app.core.strategies.calibration import (  # noqa: E402
    Yardstick,
    identity_vectors,
    measure,
    pooled,
)
from review_app.core.strategies.hybrid import MODEL_FEATURES as FEATURES
from review_app.core.strategies.hybrid import WEIGHTS_FILE, HybridStrategy  # noqa: E402

SIGNS = {"cosine_z": 1, "identity_z": 1, "margin_z": 1, "mutual": 1, "length": -1}
"""Each signal is evidence in one direction by design (alike titles never argue
against a duplicate). A weight the data would flip is fixed at 0 instead: the
training data's quirks (forum duplicates cluster in busy topics, so a crowded
neighbourhood *raises* the odds there) must not ship as rules for every note base."""

PRIORS = {"number_conflict": -2.0}
"""Hand-set weights (raw units) for signals the training data cannot show:
"Postgres 14" vs "Postgres 15" titles name different things, and forum question
titles rarely carry numbers."""


def labeled_features(split: str, embedder: Embedder, *, top_k: int, data: Path, out: Path
                     ) -> tuple[list[dict[str, float]], np.ndarray, int, np.ndarray, Yardstick]:
    """(evidence of the labeled pairs the scan scored, is-duplicate, duplicates missed,
    is-related, the split's own yardstick)."""
    root = build_project(split, out, data)
    result = scan(Project(root), ScanOptions(threshold=0.0, strategy="hybrid", top_k=top_k,
                                             model=embedder.model_name), embedder=embedder)
    stick = measure(result.client, identity_vectors(result.client.vectors))
    scored = {c.key: c.evidence for c in result.candidates}
    rows, labels, related, missed = [], [], [], 0
    for p in read_pairs(split, data):
        key = (p.a, p.b) if p.a <= p.b else (p.b, p.a)
        ev = scored.get(key)
        if ev is None:
            missed += p.label == "duplicate"
            continue
        rows.append(dict(ev))
        labels.append(p.label == "duplicate")
        related.append(p.label == "related")
    return rows, np.array(labels, dtype=bool), missed, np.array(related, dtype=bool), stick


def feature_matrix(evidence: list[dict[str, float]], stick: Yardstick) -> np.ndarray:
    """The scored features, cosines in units of `stick` (the model's pooled yardstick,
    which the scan then uses for this model: see calibration.py)."""
    rows = []
    for ev in evidence:
        ev = {**ev, "cosine_z": stick.cosine_z(ev["cosine"]),
              "identity_z": stick.identity_z(ev["identity"]),
              "margin_z": stick.margin_z(ev["margin"])}
        rows.append([ev[f] for f in FEATURES])
    return np.array(rows, dtype=np.float64)


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float, iters: int = 100
                 ) -> tuple[float, np.ndarray]:
    """(bias, weights) of an L2 logistic regression on standardised x (bias unpenalised).

    Weights come back in raw units of x.
    """
    mu, sd = x.mean(axis=0), x.std(axis=0)
    z = np.c_[np.ones(len(x)), (x - mu) / sd]
    w = np.zeros(z.shape[1])
    penalty = np.r_[0.0, np.full(z.shape[1] - 1, l2)]
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        grad = z.T @ (p - y) + penalty * w
        hess = (z * (p * (1 - p))[:, None]).T @ z + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    weights = w[1:] / sd
    return float(w[0] - np.sum(weights * mu)), weights


def choose_threshold(scores: np.ndarray, y: np.ndarray, missed: int,
                     precision_target: float | None = None) -> tuple[float, dict]:
    """The score cut with the best F1, or the most recall at `precision_target`.

    Duplicates never proposed count as misses.
    """
    order = np.argsort(-scores, kind="mergesort")
    s, yy = scores[order], y[order]
    tp = np.cumsum(yy)
    fp = np.cumsum(~yy)
    positives = int(y.sum()) + missed
    last = np.r_[np.nonzero(np.diff(s))[0], len(s) - 1]
    precision = tp[last] / (tp[last] + fp[last])
    recall = tp[last] / positives
    f1 = np.where(precision + recall > 0, 2 * precision * recall / (precision + recall), 0)
    if precision_target is None:
        best = int(np.argmax(f1))
    else:  # the most recall among the cuts whose precision meets the target
        ok = np.nonzero(precision >= precision_target)[0]
        best = int(ok[-1]) if len(ok) else 0
    # Midway to the next lower score, so the cut is not on one training pair's score.
    nxt = s[last[best] + 1] if last[best] + 1 < len(s) else s[last[best]]
    thr = float((s[last[best]] + nxt) / 2)
    return thr, {"precision": round(float(precision[best]), 3),
                 "recall": round(float(recall[best]), 3), "f1": round(float(f1[best]), 3)}


def fit_constrained(x: np.ndarray, y: np.ndarray, l2: float, signs: bool = True
                    ) -> tuple[float, dict[str, float], list[str], list[str]]:
    """(bias, weights by feature, learned features, features dropped for their sign)."""
    learn = [i for i, f in enumerate(FEATURES) if x[:, i].std() > 1e-9 and f not in PRIORS]
    dropped: list[str] = []
    while True:  # active set: drop the worst sign violation, refit
        bias, w = fit_logistic(x[:, learn], y.astype(np.float64), l2)
        wrong = [(wi * SIGNS.get(FEATURES[i], 0) * x[:, i].std(), n)
                 for n, (i, wi) in enumerate(zip(learn, w, strict=True))
                 if signs and wi * SIGNS.get(FEATURES[i], 0) < 0]
        if not wrong:
            break
        dropped.append(FEATURES[learn.pop(min(wrong)[1])])
    weights = dict.fromkeys(FEATURES, 0.0)
    for i, wi in zip(learn, w, strict=True):
        weights[FEATURES[i]] = round(float(wi), 4)
    weights.update(PRIORS)
    return bias, weights, [FEATURES[i] for i in learn], dropped


def cross_validate(data: dict[str, tuple], l2: float, signs: bool) -> None:
    """Train on each training split, report AP on the other (missed duplicates score 0)."""
    from quality import average_precision

    for held in data:
        rest = [s for s in data if s != held]
        x = np.vstack([data[s][0] for s in rest])
        y = np.concatenate([data[s][1] for s in rest])
        bias, weights, _, dropped = fit_constrained(x, y, l2, signs)
        model = HybridStrategy({"bias": bias, "weights": weights})
        xt, yt, missed, rel = data[held]
        s = np.array([model.combine(dict(zip(FEATURES, r, strict=True))) for r in xt])
        s = np.r_[s, np.zeros(missed)]
        y_all = np.r_[yt, np.ones(missed, dtype=bool)]
        hard = np.r_[rel | yt, np.ones(missed, dtype=bool)]
        print(f"held out {held}: AP dup/all {average_precision(s, y_all):.3f} "
              f"dup/rel {average_precision(s[hard], y_all[hard]):.3f} "
              f"(sign-dropped: {', '.join(dropped) or 'none'})",
              file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--split", action="append", dest="splits", metavar="NAME",
                   help="training split (repeatable; default: train_part1, train_part2)")
    p.add_argument("--l2", type=float, default=1.0, help="L2 penalty on standardised weights")
    p.add_argument("--top-k", type=int, default=DEFAULT_TOP_K)
    p.add_argument("--out", type=Path, default=WEIGHTS_FILE, help="weights file to write")
    p.add_argument("--data", type=Path, default=DATA)
    p.add_argument("--dry-run", action="store_true", help="print the weights, write nothing")
    p.add_argument("--cv", action="store_true",
                   help="also train on each split and report AP on the others")
    p.add_argument("--precision", type=float, default=0.9, metavar="P",
                   help="threshold: most recall at this training precision (default: 0.9; "
                        "0: best F1)")
    p.add_argument("--no-signs", action="store_true", help="do not constrain weight signs")
    p.add_argument("--model", default=DEFAULT_MODEL,
                   help="embedding model whose features are fitted (default: the bundled one; "
                        "another model's own fit is for comparison, see bench/quality.py)")
    args = p.parse_args(argv)
    splits = args.splits or ["train_part1", "train_part2"]

    embedder = Embedder(args.model)
    raw = {split: labeled_features(split, embedder, top_k=args.top_k, data=args.data, out=OUT)
           for split in splits}
    stick = pooled([r[4] for r in raw.values()])
    xs, ys, missed, per_split = [], [], 0, {}
    for split, (evidence, y, m, rel, _) in raw.items():
        x = feature_matrix(evidence, stick)
        per_split[split] = (x, y, m, rel)
        xs.append(x)
        ys.append(y)
        missed += m
        print(f"{split}: {len(y)} labeled pairs scored, {int(y.sum())} duplicates, "
              f"{m} duplicates not proposed", file=sys.stderr)
    x, y = np.vstack(xs), np.concatenate(ys)
    if args.cv:
        cross_validate(per_split, args.l2, not args.no_signs)

    bias, weights, learned, dropped = fit_constrained(x, y, args.l2, not args.no_signs)

    model = HybridStrategy({"bias": bias, "weights": weights, "threshold": 0.5})
    scores = np.array([model.combine(dict(zip(FEATURES, row, strict=True))) for row in x])
    thr, at = choose_threshold(scores, y, missed, args.precision or None)
    doc = {
        "source": "bench/learn_hybrid.py",
        "learned": dt.date.today().isoformat(),
        "model": args.model,
        "calibration": "cosine, identity and margin in units of the project's own neighbour "
                       "spread (review_app/core/strategies/calibration.py): the weights and "
                       "threshold hold for any embedding model",
        "training": {"data": "SemEval-2016 Task 3 subtask B (Nakov et al. 2016)",
                     "splits": splits, "pairs": int(len(y)), "duplicates": int(y.sum()),
                     "duplicates_not_proposed": missed, "l2": args.l2, "top_k": args.top_k,
                     "fit": "L2 logistic regression (IRLS) on standardised features, "
                            "stored in raw units"},
        "learned_features": learned,
        "sign_constrained_to_zero": dropped,
        "priors": {f: {"weight": wi, "why": "not present in the training data; hand-set"}
                   for f, wi in PRIORS.items()},
        "yardstick": stick.to_json(),
        "bias": round(bias, 4),
        "weights": weights,
        "threshold": round(thr, 3),
        "threshold_rule": (f"most recall at precision >= {args.precision} on the training pairs"
                           if args.precision else "best F1 on the training pairs"),
        "threshold_train": at,
    }
    if args.out.exists():  # keep what other tools record in the file (dev figures, ...)
        old = json.loads(args.out.read_text(encoding="utf-8"))
        doc = {**{k: v for k, v in old.items() if k not in doc and k != "threshold_dev"},
               **doc}
    text = json.dumps(doc, indent=2) + "\n"
    if args.dry_run:
        print(text)
    else:
        args.out.write_text(text, encoding="utf-8")
        print(f"wrote {args.out}", file=sys.stderr)
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
