"""The search client strategies read: a project's notes, vectors and neighbour lists."""

from __future__ import annotations

import numpy as np

from ..index import top_neighbours
from ..notes import Note
from .coverage import PieceSource
from .text import note_names

MIN_NEIGHBOURS = 30
"""Neighbour lists are at least this deep whatever top_k: a rewrite's nearest
neighbours are often other notes of its topic, so identity evidence (ranks,
margins) and the hybrid's re-ranking look past the first top_k."""


def list_depth(neighbours: int, notes: int) -> int:
    """How deep a client's neighbour lists are for `neighbours` asked and `notes` notes."""
    return max(1, min(max(neighbours, MIN_NEIGHBOURS), max(notes - 1, 1)))


class SearchClient:
    """What strategies search: the notes of the project, their vectors and neighbours."""

    def __init__(self, notes: list[Note], vectors: np.ndarray, *, neighbours: int = 20,
                 only: list[str] | None = None, model: str | None = None,
                 lists: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        """`only`: the notes whose neighbour lists are needed (one proposed note and its
        matches); the others get none, which saves the all-pairs search of a scan.
        `model`: the embedding model that made `vectors` (None: unknown), so a strategy
        can use what was learned for that model (see `calibration.py`). `lists`: every
        note's neighbour (indices, cosines), already searched where the vectors are
        stored (see `vectors/neighbours.py`), `list_depth` deep."""
        self.notes = notes
        self.model = model
        self.vectors = vectors
        self.index_of = {n.path: i for i, n in enumerate(notes)}
        self.by_path = {n.path: n for n in notes}
        self.k = list_depth(neighbours, len(notes))
        rows = None if only is None else np.array([self.index_of[p] for p in only],
                                                  dtype=np.int64)
        self.searched: np.ndarray | None = None  # None: every note's list is known
        if rows is not None:
            self.searched = np.zeros(len(notes), dtype=bool)
            self.searched[rows] = True
        self.nn_idx: np.ndarray
        self.nn_sim: np.ndarray
        if lists is not None and rows is None and lists[0].shape == (len(notes), self.k):
            self.nn_idx, self.nn_sim = lists
        else:
            self.nn_idx, self.nn_sim = self._search(vectors, rows)
        self._names: dict[int, tuple[str, str]] = {}
        # note rows -> their pieces' vectors (coverage.py); None: coverage is not measured
        self.pieces: PieceSource | None = None
        self.median_sim = (np.median(self.nn_sim, axis=1) if self.nn_sim.shape[1] >= 2
                           else np.zeros(len(notes), dtype=np.float32))

    def _search(self, vectors: np.ndarray, rows: np.ndarray | None
                ) -> tuple[np.ndarray, np.ndarray]:
        return top_neighbours(vectors, self.k, rows=rows) if len(
            self.notes) > 1 else (np.zeros((len(self.notes), 0), dtype=np.int64),
                                  np.zeros((len(self.notes), 0), np.float32))

    def note(self, path: str) -> Note:
        return self.by_path[path]

    def _row(self, path: str) -> int:
        """The note's row of the neighbour lists; a note left out of `only` has none."""
        i = self.index_of[path]
        if self.searched is not None and not self.searched[i]:
            raise LookupError(f"{path}: its neighbours were not searched (see `only`)")
        return i

    def neighbours(self, path: str, k: int | None = None) -> list[tuple[str, float]]:
        i = self._row(path)
        k = self.k if k is None else min(k, self.k)
        return [(self.notes[j].path, float(s))
                for j, s in zip(self.nn_idx[i, :k], self.nn_sim[i, :k], strict=True)]

    def cosine(self, a: str, b: str) -> float:
        return float(self.vectors[self.index_of[a]] @ self.vectors[self.index_of[b]])

    def names(self, path: str) -> tuple[str, str]:
        """Normalised (title, file stem) of a note."""
        i = self.index_of[path]
        if i not in self._names:  # on first use: most notes' names are never compared
            self._names[i] = note_names(self.notes[i])
        return self._names[i]
