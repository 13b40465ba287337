"""Neighbour lists from a database's nearest-chunk search instead of all pairs in memory.

`index.top_neighbours` compares every note with every other (N x N products):
fine at 10k notes, minutes of CPU at 100k. Where the vectors live in pgvector, its
HNSW index names the chunks nearest each note's opening chunk; the candidates it names
(both ways: j found from i is a candidate of i and i of j) are
then ranked here by the cosine of the notes' own vectors (the ones the scan scores
with), so the lists hold exactly what `top_neighbours` would hold for those
candidates. Notes the database has no current vectors for (edited since basic-memory
indexed them, usually a handful) are searched exactly against every note, and are
candidates of every note, so an edit is met from both sides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from ..index import top_neighbours

if TYPE_CHECKING:
    from .postgres import PostgresIndex

CHUNKS_PER_NEIGHBOUR = 3
"""Nearest chunks asked per list place: a generated note has ~3.2 chunks, so the list
is filled (bench/pg_scale.py: 2 a place found 715 of the 733 groups the local lists
found at 30k notes, 3 found 728)."""



def database_lists(store: PostgresIndex, project_id: int, identities: tuple[str, ...],
                   paths: list[str], vectors: np.ndarray, stale: set[str], depth: int,
                   progress: Callable[[int, int], None] | None = None
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Neighbour lists `depth` deep for notes `paths` (rows of `vectors`), their
    candidates named by the database's nearest-chunk search; `stale` notes (no current
    vectors there) searched exactly here."""
    entities = store.entities(project_id)
    row_of: dict[int, int] = {}
    for i, path in enumerate(paths):
        ent = entities.get(path)
        if ent is not None and path not in stale:
            row_of[ent.id] = i
    del entities
    anchor, other = store.nearest(project_id, identities, sorted(row_of),
                                  depth * CHUNKS_PER_NEIGHBOUR, progress)
    ids = np.fromiter(row_of, dtype=np.int64, count=len(row_of))
    rows = np.fromiter(row_of.values(), dtype=np.int64, count=len(row_of))
    order = np.argsort(ids)
    ids, rows = ids[order], rows[order]

    def row(eids: np.ndarray) -> np.ndarray:  # -1: an entity that is not a scanned note
        if not len(ids):
            return np.full(len(eids), -1, dtype=np.int64)
        at = np.minimum(np.searchsorted(ids, eids), len(ids) - 1)
        return np.where(ids[at] == eids, rows[at], -1)

    ra, ro = row(anchor), row(other)
    keep = (ra >= 0) & (ro >= 0)
    # met from both sides, as an all-pairs search would
    src = np.concatenate([ra[keep], ro[keep]])
    dst = np.concatenate([ro[keep], ra[keep]])
    by = np.argsort(src, kind="stable")
    src, dst = src[by], dst[by]
    bounds = np.searchsorted(src, np.arange(len(paths) + 1))
    candidates = [dst[bounds[r]:bounds[r + 1]] for r in range(len(paths))]
    searched = set(row_of.values())
    exact = [r for r in range(len(paths)) if r not in searched]
    return neighbour_lists(vectors, candidates, depth, exact)


def neighbour_lists(vectors: np.ndarray, candidates: list[np.ndarray], k: int,
                    exact_rows: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """(indices, cosines) of each row's k best neighbours, best first, as top_neighbours
    gives them: from `candidates[i]` (row indices) for most rows, exactly for
    `exact_rows`. A row with fewer than k candidates is padded with itself at -1."""
    n = vectors.shape[0]
    k = max(0, min(k, n - 1))
    if k == 0:
        return top_neighbours(vectors, 0)
    rows = np.asarray(exact_rows, dtype=np.int64)
    idx = np.repeat(np.arange(n, dtype=np.int64)[:, None], k, axis=1)
    sims = np.full((n, k), -1.0, dtype=np.float32)
    exact = set(exact_rows)
    for i in range(n):
        if i in exact:
            continue
        cand = np.unique(np.concatenate([candidates[i], rows]) if len(rows) else candidates[i])
        cand = cand[cand != i]
        if not len(cand):
            continue
        s = vectors[cand] @ vectors[i]
        order = np.lexsort((cand, -s))[:k]  # best score, then lower index, as top_neighbours
        idx[i, :len(order)], sims[i, :len(order)] = cand[order], s[order]
    if len(rows):
        e_idx, e_sim = top_neighbours(vectors, k, rows=rows)
        idx[rows], sims[rows] = e_idx[rows], e_sim[rows]
    return idx, sims
