"""Scores that mean the same whatever the model: the project's own yardstick.

Each model puts its cosines elsewhere: the bundled MiniLM's ten nearest
neighbours sit near 0.5 (median, SemEval projects), bge-small's near 0.84, a static model's
elsewhere again. A combination learned on one model's raw cosines would, on
another, call every neighbour a duplicate or none. So the hybrid scores a pair
by where it stands in *this project's* neighbour distribution, measured with
*this model*: (cosine - median) / interquartile range of the cosines between
notes and their nearest neighbours, the same for the identity cosine. A
duplicate stands out from a note's ordinary neighbours by about as many
spreads under any model, so one set of weights, learned once on the bundled
model (bench/learn_hybrid.py), serves every model; thresholds need not be
learned per model.

The model the weights were learned on carries its yardstick with them (pooled
over the training projects, in `hybrid_weights.json`): its scores are exactly
those of the learned combination, whatever the project's size. Any other model
is measured on the project being scanned, on a fixed, evenly spaced sample of
its notes, so a one-note search (`SearchClient(only=...)`, upsert_note)
measures exactly what the whole-project scan does. A project of a few dozen
notes is a thin yardstick: its neighbour cosines spread less than a large
base's, so an unlearned model's scores run higher there.

Measured (bench/model_transfer.py, SemEval dev, precision-first cut 0.694): MiniLM with
its own yardstick AP 0.495, precision 0.60 (3/5); with no weights of their own, measured on
the project, WordLlama AP 0.401, precision 0.60 (6/10), potion-base-8M AP 0.416, 0.75 (3/4);
each model's own fit (its cut cross-validated on train) reaches AP 0.390 and 0.399,
precision 0.57 (4/7) and 0.50 (1/2). On the 224 training duplicates the transferred cuts'
precision is at or up to 0.03 above the own fit's out-of-fold precision at the same recall
(at 0.694: WordLlama 0.68 vs 0.68, potion 0.64 vs 0.62).
Other yardsticks measured there and left out: IQR over 5 or 20 neighbours, mean and
standard deviation, the upper tail (p90 - median), the nearest neighbour only (affine, so
MiniLM's scores are unchanged; the others' transfer moves by noise, up in one model and
down in the other); the probit of a cosine's percentile (not affine) lowers MiniLM's dev
AP to 0.493.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from ..index import top_neighbours
from .client import SearchClient

SAMPLE_NOTES = 512
"""Notes whose neighbour lists make the yardstick (evenly spaced; all in smaller projects)."""
YARDSTICK_NEIGHBOURS = 10
"""Each sampled note's nearest neighbours that are pooled: the company a duplicate keeps."""
MIN_SPREAD = 1e-3
"""A floor under the spread, for a degenerate project (every note alike)."""


@dataclass(frozen=True)
class Yardstick:
    """Location and spread of the project's neighbour cosines, raw and identity."""

    cosine_loc: float
    cosine_scale: float
    identity_loc: float
    identity_scale: float
    pairs: int

    def cosine_z(self, cos):
        return (cos - self.cosine_loc) / self.cosine_scale

    def identity_z(self, ident):
        return (ident - self.identity_loc) / self.identity_scale

    def margin_z(self, margin):
        return margin / self.cosine_scale

    @classmethod
    def from_json(cls, doc: dict) -> Yardstick:
        return cls(float(doc["cosine_loc"]), max(float(doc["cosine_scale"]), MIN_SPREAD),
                   float(doc["identity_loc"]), max(float(doc["identity_scale"]), MIN_SPREAD),
                   int(doc.get("pairs", 0)))

    def to_json(self) -> dict[str, float]:
        return {"cosine_loc": round(self.cosine_loc, 4),
                "cosine_scale": round(self.cosine_scale, 4),
                "identity_loc": round(self.identity_loc, 4),
                "identity_scale": round(self.identity_scale, 4), "pairs": self.pairs}


def sample_rows(n: int, size: int = SAMPLE_NOTES) -> np.ndarray:
    """Evenly spaced note rows, the same for any client of the same notes."""
    if n <= size:
        return np.arange(n, dtype=np.int64)
    return np.unique(np.linspace(0, n - 1, size).round().astype(np.int64))


def _location_spread(values: np.ndarray) -> tuple[float, float]:
    q1, med, q3 = np.percentile(values, [25, 50, 75])
    return float(med), max(float(q3 - q1), MIN_SPREAD)


def yardstick_for(client: SearchClient, identity: IdentityVectors | np.ndarray,
                  weights: dict) -> Yardstick:
    """The learned model's own yardstick when the client's vectors come from it, else
    the project's."""
    learned = weights.get("yardstick")
    if learned and client.model is not None and client.model == weights.get("model"):
        return Yardstick.from_json(learned)
    return measure(client, identity)


def pooled(sticks: list[Yardstick]) -> Yardstick:
    """One yardstick from several projects', weighted by their pairs."""
    w = np.array([s.pairs for s in sticks], dtype=np.float64)
    w = w / w.sum()

    def avg(name: str) -> float:
        return float(sum(wi * getattr(s, name) for wi, s in zip(w, sticks, strict=True)))

    return Yardstick(avg("cosine_loc"), avg("cosine_scale"), avg("identity_loc"),
                     avg("identity_scale"), int(sum(s.pairs for s in sticks)))


def measure(client: SearchClient, identity: IdentityVectors | np.ndarray,
            neighbours: int = YARDSTICK_NEIGHBOURS) -> Yardstick:
    """The yardstick of the client's project: its sampled notes' nearest neighbours."""
    n = len(client.notes)
    if n < 2:
        return Yardstick(0.0, 1.0, 0.0, 1.0, 0)
    rows = sample_rows(n)
    k = min(neighbours, client.k, n - 1)
    if client.searched is None or client.searched[rows].all():
        idx = client.nn_idx[rows, :k]
    else:  # a one-note search: the sample's lists were not made, make them
        full_idx, _ = top_neighbours(client.vectors, client.k, rows=rows)
        idx = full_idx[rows, :k]
    vec = client.vectors.astype(np.float32, copy=False)
    cos = np.einsum("nd,nkd->nk", vec[rows], vec[idx]).ravel().astype(np.float64)
    ident = np.einsum("nd,nkd->nk", identity[rows], identity[idx]).ravel().astype(np.float64)
    c_loc, c_scale = _location_spread(cos)
    i_loc, i_scale = _location_spread(ident)
    return Yardstick(c_loc, c_scale, i_loc, i_scale, int(cos.size))


SHRINK_NOTES = 50
"""How many notes it takes before the project's common direction is trusted half."""


class IdentityVectors:
    """Unit vectors without the project's mean and dominant direction, each row made
    when it is asked for (`ident[rows]`, any index numpy takes, e.g. a block of
    neighbour lists); held whole they were a second N x 384 copy of the vectors
    (154 MB at 100k notes). A row is the same bits however it is asked for.

    The direction is the top eigenvector of the 384x384 scatter matrix, by power
    iteration (LAPACK's full eigensolver is 20-50x slower on a busy machine).
    In a small project that direction is one of its topics rather than a
    component all notes share, so both removals are scaled by
    n / (n + shrink): a 10-note folder keeps nearly raw vectors, a 1,000-note
    base loses 95% of its common component.
    """

    def __init__(self, vectors: np.ndarray, shrink: int = SHRINK_NOTES) -> None:
        x = vectors.astype(np.float32, copy=False)
        n = x.shape[0]
        self._x = x
        self.shape = x.shape
        self._plain = n < 3
        if self._plain:
            return
        self._s = n / (n + shrink)
        mean = x.mean(axis=0, dtype=np.float64).astype(np.float32)
        centred = x - mean
        top = _top_eigenvector((centred.T @ centred).astype(np.float64)).astype(np.float32)
        del centred
        # Each row's component along `top`, one float a note: the rest of a row's
        # arithmetic is elementwise and a per-row norm, so the same whatever rows are
        # asked for together. Made in the row blocks the whole matrix was made in.
        along = np.empty(n, dtype=np.float32)
        for a in range(0, n, 8192):
            along[a:a + 8192] = (x[a:a + 8192] - mean) @ top
        self._mean, self._top, self._along = mean, top, along

    def __len__(self) -> int:
        return self.shape[0]

    def __getitem__(self, rows: Any) -> np.ndarray:  # noqa: ANN401 - any numpy index
        along = self._along[rows] if not self._plain else None
        out = np.array(self._x[rows], dtype=np.float32)  # a copy even of a slice's view
        if along is None:
            return out
        # In place, a few thousand rows at a time: a block of neighbour lists is 1024 x 30
        # rows, and whole each temporary of it would be another 47 MB.
        flat, along = out.reshape(-1, self.shape[1]), np.reshape(along, -1)
        s = self._s
        for a in range(0, flat.shape[0], 4096):
            part = flat[a:a + 4096]
            part[...] = part - s * self._mean - s * (along[a:a + 4096, None] * self._top)
            norms = np.linalg.norm(part, axis=-1, keepdims=True)
            norms[norms == 0] = 1.0
            part /= norms
        return out


def identity_vectors(vectors: np.ndarray, shrink: int = SHRINK_NOTES) -> np.ndarray:
    """Every identity vector at once (`IdentityVectors`), for the benches and tests."""
    return IdentityVectors(vectors, shrink)[:]


def _top_eigenvector(m: np.ndarray, iters: int = 2000, tol: float = 1e-10) -> np.ndarray:
    v = m @ np.ones(m.shape[0])
    norm = np.linalg.norm(v)
    if norm == 0:
        return np.zeros(m.shape[0])
    v /= norm
    for _ in range(iters):
        w = m @ v
        w /= np.linalg.norm(w)
        if np.abs(w - v).max() < tol:
            return w
        v = w
    return v


