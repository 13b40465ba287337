"""Candidate identity signals, measured the way a new hybrid signal must earn its place.

Each SemEval split becomes its real project folder (`semeval_project.py`); every note
is embedded as the scanner embeds it (`note_text`) and, for the title signals, by its
title alone (cached in bench/out/semeval/views/). For each set of signals a logistic
model is fitted (`learn_hybrid.fit_logistic`) and judged by:

- CV: 10-fold cross-validation on train_part1 + train_part2, folds grouped by original
  question (every pair of one question in the same fold), mean of 5 shuffles: AP
  duplicate-vs-all / duplicate-vs-related of the out-of-fold scores;
- dev: fitted on both training parts, scored on dev (report only, never for choosing).

Only labeled pairs are scored (no candidate cut), so the figures isolate the signals.
The shipped score is `cosine + identity`; `bench/learn_hybrid.py` records the results.

    python bench/identity_signals.py
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

from learn_hybrid import fit_logistic  # noqa: E402
from quality import average_precision  # noqa: E402
from semeval_project import DATA, OUT, build_project, read_pairs  # noqa: E402

from review_app.core.embedding import Embedder, note_text  # noqa: E402
from review_app.core.project import load_notes  # noqa: E402
from review_app.core.strategies import content_tokens  # noqa: E402
from review_app.core.strategies.hybrid import identity_vectors  # noqa: E402

TRAIN = ("train_part1", "train_part2")
SIGNAL_SETS = (
    ("cosine",),
    ("identity",),
    ("cosine", "identity"),  # shipped
    ("cosine", "identity", "title_identity"),
    ("cosine", "identity", "cross_view"),
    ("cosine", "title_blend_0.25"),
    ("cosine", "title_blend_0.5"),
    ("cosine", "identity", "rare_word_containment"),
    ("cosine", "identity", "cross_view", "rare_word_containment"),
    ("cosine", "top2_removed"),
    ("cosine", "top5_removed"),
    ("cosine", "identity", "third_note"),
)


class Split:
    """One labeled split as the scanner sees it: notes, vectors, labeled pairs."""

    def __init__(self, name: str, embedder: Embedder, data: Path, out: Path) -> None:
        root = build_project(name, out, data)
        notes, _ = load_notes(root)
        index = {n.path: i for i, n in enumerate(notes)}
        pairs = read_pairs(name, data)
        self.a = np.array([index[p.a] for p in pairs])
        self.b = np.array([index[p.b] for p in pairs])
        self.label = np.array([p.label for p in pairs])
        self.group = np.array([f"{name}:{p.a}" for p in pairs])  # the original question
        views = out / "views"
        views.mkdir(parents=True, exist_ok=True)
        self.note = _cached(views / f"{name}.note.npy", embedder,
                            [note_text(n) for n in notes])
        self.title = _cached(views / f"{name}.title.npy", embedder, [n.title for n in notes])
        self.tokens = [content_tokens(f"{n.title} {n.body}") for n in notes]

    def pair_cos(self, x: np.ndarray, y: np.ndarray | None = None) -> np.ndarray:
        y = x if y is None else y
        return np.sum(x[self.a] * y[self.b], axis=1)

    def signals(self) -> dict[str, np.ndarray]:
        ident, title_ident = identity_vectors(self.note), identity_vectors(self.title)
        out = {"cosine": self.pair_cos(self.note), "identity": self.pair_cos(ident),
               "title_identity": self.pair_cos(title_ident),
               "cross_view": 0.5 * (self.pair_cos(ident, title_ident)
                                    + self.pair_cos(title_ident, ident)),
               "rare_word_containment": self._containment(),
               "third_note": self._third_note(ident)}
        for alpha in (0.25, 0.5):
            blend = self.note + alpha * self.title
            blend /= np.linalg.norm(blend, axis=1, keepdims=True)
            out[f"title_blend_{alpha}"] = self.pair_cos(identity_vectors(blend))
        for k in (2, 5):
            out[f"top{k}_removed"] = self.pair_cos(_remove_top(self.note, k))
        return out

    def _containment(self) -> np.ndarray:
        """IDF mass of the shared words over the smaller note's: rare words both use."""
        df = Counter(t for toks in self.tokens for t in toks)
        n = len(self.tokens)
        idf = {t: math.log((n + 1) / (c + 0.5)) for t, c in df.items()}
        out = []
        for i, j in zip(self.a, self.b, strict=True):
            ta, tb = self.tokens[i], self.tokens[j]
            small = min(sum(idf[t] for t in ta), sum(idf[t] for t in tb)) or 1.0
            out.append(sum(idf[t] for t in ta & tb) / small)
        return np.array(out)

    def _third_note(self, ident: np.ndarray) -> np.ndarray:
        """The best third note close to both (transitivity)."""
        sims = ident @ ident.T
        both = np.minimum(sims[self.a], sims[self.b])
        rows = np.arange(len(self.a))
        both[rows, self.a] = -1.0
        both[rows, self.b] = -1.0
        return both.max(axis=1)


def _cached(path: Path, embedder: Embedder, texts: list[str]) -> np.ndarray:
    if path.exists():
        vecs = np.load(path)
        if len(vecs) == len(texts):
            return vecs
    vecs = embedder.embed(texts)
    np.save(path, vecs)
    return vecs


def _remove_top(x: np.ndarray, k: int) -> np.ndarray:
    """Unit vectors without the mean and the top k principal directions (no shrinkage)."""
    centred = x - x.mean(axis=0)
    top = np.linalg.svd(centred, full_matrices=False)[2][:k]
    out = centred - (centred @ top.T) @ top
    return out / np.linalg.norm(out, axis=1, keepdims=True)


def aps(scores: np.ndarray, label: np.ndarray) -> tuple[float, float]:
    dup = label == "duplicate"
    hard = label != "unrelated"
    return average_precision(scores, dup), average_precision(scores[hard], dup[hard])


def grouped_cv(x: np.ndarray, label: np.ndarray, group: np.ndarray, l2: float,
               folds: int = 10, shuffles: int = 5) -> tuple[float, float]:
    y = (label == "duplicate").astype(np.float64)
    names = np.unique(group)
    results = []
    for seed in range(shuffles):
        order = np.random.default_rng(seed).permutation(names)
        fold_of = {g: i % folds for i, g in enumerate(order)}
        fold = np.array([fold_of[g] for g in group])
        oof = np.zeros(len(y))
        for f in range(folds):
            train = fold != f
            bias, w = fit_logistic(x[train], y[train], l2)
            oof[~train] = bias + x[~train] @ w
        results.append(aps(oof, label))
    return tuple(np.mean(results, axis=0))  # type: ignore[return-value]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--l2", type=float, default=1.0)
    p.add_argument("--data", type=Path, default=DATA)
    args = p.parse_args(argv)
    embedder = Embedder()
    splits = {name: Split(name, embedder, args.data, OUT) for name in (*TRAIN, "dev")}
    sig = {name: s.signals() for name, s in splits.items()}
    label = np.concatenate([splits[n].label for n in TRAIN])
    group = np.concatenate([splits[n].group for n in TRAIN])
    print("| signals | CV dup/all | CV dup/related | dev dup/all | dev dup/related |")
    print("|---|---|---|---|---|")
    for names in SIGNAL_SETS:
        x = np.vstack([np.column_stack([sig[n][f] for f in names]) for n in TRAIN])
        cv = grouped_cv(x, label, group, args.l2)
        bias, w = fit_logistic(x, (label == "duplicate").astype(np.float64), args.l2)
        dev_x = np.column_stack([sig["dev"][f] for f in names])
        dev = aps(bias + dev_x @ w, splits["dev"].label)
        print(f"| {' + '.join(names)} | {cv[0]:.3f} | {cv[1]:.3f} | {dev[0]:.3f} | {dev[1]:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
