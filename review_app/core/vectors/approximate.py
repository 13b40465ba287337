"""Approximate neighbour lists for large projects: an inverted-file (IVF) index in numpy.

`index.top_neighbours` compares every note with every other: 611 s at 100k notes on
this machine (README, "Scale, measured"). Here the note vectors are clustered by
spherical k-means into about 4 sqrt(N) lists; each note is compared only with the
notes of its `nprobe` nearest lists. The notes of one list are searched together
against the union of their members' probed lists, so each note sees at least its
own probes and the work is a few hundred matrix products, not N rows. A near
duplicate (cosine ~0.9) almost always shares a list with its original; the recall of
the lists against the exact ones is measured by bench/pg_scale.py.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

APPROXIMATE_FROM = 20_000
"""Notes from which a scan's in-memory search is approximate (below it, exact)."""
NPROBE = 16
"""Lists each note probes (bench/pg_scale.py: recall of the 30-deep lists)."""
TRAIN_PER_LIST = 32
"""k-means is trained on this many sampled notes per list."""
ITERATIONS = 8
SEED = 0


def list_count(n: int) -> int:
    return int(max(8, min(4096, round(4 * np.sqrt(n)))))


def _nearest_centroids(x: np.ndarray, centroids: np.ndarray, m: int,
                       block: int = 4096) -> np.ndarray:
    """Each row's m nearest centroids (by inner product), nearest first."""
    m = min(m, len(centroids))
    out = np.empty((len(x), m), dtype=np.int32)
    for a in range(0, len(x), block):
        s = x[a:a + block] @ centroids.T
        if m == 1:
            out[a:a + block, 0] = s.argmax(axis=1)
            continue
        top = np.argpartition(-s, m - 1, axis=1)[:, :m]
        order = np.argsort(-np.take_along_axis(s, top, axis=1), axis=1, kind="stable")
        out[a:a + block] = np.take_along_axis(top, order, axis=1)
    return out


def _unit(x: np.ndarray) -> np.ndarray:
    norm = np.linalg.norm(x, axis=1, keepdims=True)
    return x / np.maximum(norm, 1e-12)


def train(vectors: np.ndarray, lists: int, seed: int = SEED) -> np.ndarray:
    """Spherical k-means centroids (unit rows) of a sample of `vectors`."""
    rng = np.random.default_rng(seed)
    n = len(vectors)
    sample = vectors[np.sort(rng.choice(n, size=min(n, TRAIN_PER_LIST * lists),
                                        replace=False))]
    centroids = sample[rng.choice(len(sample), size=lists, replace=False)].copy()
    for _ in range(ITERATIONS):
        assign = _nearest_centroids(sample, centroids, 1)[:, 0]
        counts = np.bincount(assign, minlength=lists)
        sums = np.zeros_like(centroids)
        order = np.argsort(assign, kind="stable")
        used = np.flatnonzero(counts)
        sums[used] = np.add.reduceat(sample[order], np.cumsum(counts)[used] - counts[used])
        empty = np.flatnonzero(counts == 0)  # an empty list restarts at a random note
        sums[empty] = sample[rng.choice(len(sample), size=len(empty), replace=False)]
        centroids = _unit(sums).astype(np.float32)
    return centroids


def ivf_neighbours(vectors: np.ndarray, k: int, *, nprobe: int = NPROBE,
                   lists: int | None = None, seed: int = SEED,
                   progress: Callable[[int, int], None] | None = None
                   ) -> tuple[np.ndarray, np.ndarray]:
    """(indices, cosines) of each row's k nearest other rows among its probed lists,
    best first, as `index.top_neighbours` gives them; a row that finds fewer than k
    holds itself at -1 for the rest."""
    x = np.ascontiguousarray(vectors, dtype=np.float32)
    n = len(x)
    k = max(0, min(k, n - 1))
    idx = np.repeat(np.arange(n, dtype=np.int64)[:, None], k, axis=1)
    sims = np.full((n, k), -1.0, dtype=np.float32)
    if k == 0:
        return idx, sims
    nlist = min(lists or list_count(n), n)
    centroids = train(x, nlist, seed)
    probes = _nearest_centroids(x, centroids, nprobe)
    home = probes[:, 0]
    members = _group(home, nlist)
    askers = _group(probes.ravel(), nlist)  # list -> the (row * nprobe + place)s probing it
    width = probes.shape[1]
    for c in range(nlist):
        rows, mem = askers[c] // width, members[c]
        if len(rows) and len(mem):
            s = x[rows] @ x[mem].T
            own = np.flatnonzero(home[rows] == c)  # a row is not its own neighbour
            s[own, np.searchsorted(mem, rows[own])] = -np.inf
            if len(mem) > k:  # this list's best k of each row, in any order
                cols = np.argpartition(-s, k - 1, axis=1)[:, :k]
                s = np.take_along_axis(s, cols, axis=1)
            else:
                cols = np.broadcast_to(np.arange(len(mem)), s.shape)
            _merge(idx, sims, rows, mem[cols], s)
        if progress is not None and (c % 64 == 63 or c == nlist - 1):
            progress(c + 1, nlist)
    return idx, sims


def _group(keys: np.ndarray, count: int) -> list[np.ndarray]:
    """Positions of `keys` per key value 0..count-1, ascending."""
    order = np.argsort(keys, kind="stable")
    bounds = np.searchsorted(keys[order], np.arange(count + 1))
    return [order[bounds[c]:bounds[c + 1]] for c in range(count)]


def _merge(idx: np.ndarray, sims: np.ndarray, rows: np.ndarray, found: np.ndarray,
           vals: np.ndarray) -> None:
    """Fold one probed list's best (found, vals) into rows' running lists (a row that
    has found nothing yet holds itself at -1, which any real neighbour beats)."""
    k = idx.shape[1]
    all_idx = np.concatenate([idx[rows], found], axis=1)
    all_sim = np.concatenate([sims[rows], vals.astype(np.float32)], axis=1)
    all_sim[all_idx == rows[:, None]] = -np.inf  # placeholders, found again below if real
    order = np.argsort(-all_sim, axis=1, kind="stable")[:, :k]
    top_idx = np.take_along_axis(all_idx, order, axis=1)
    top_sim = np.take_along_axis(all_sim, order, axis=1)
    empty = ~np.isfinite(top_sim)
    top_idx[empty] = np.broadcast_to(rows[:, None], top_idx.shape)[empty]
    top_sim[empty] = -1.0
    idx[rows], sims[rows] = top_idx, top_sim


def recall(approx: np.ndarray, exact: np.ndarray) -> float:
    """Share of the exact lists' neighbours (rows of `exact`) that `approx` holds."""
    hit = sum(len(np.intersect1d(a, e)) for a, e in zip(approx, exact, strict=True))
    return hit / max(exact.size, 1)
