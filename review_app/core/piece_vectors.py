"""Where a scan's note pieces and their vectors come from (coverage evidence).

Where basic-memory's index is read, its own chunk vectors are used as they are (chunk
against chunk, not only their mean): nothing is embedded. Otherwise a note's pieces
are its heading sections (coverage.note_pieces), embedded by the scan's model on first
use and cached by text in the project's unit store, so a second scan embeds none.
Sections tell a related note (one section shared) from a rewrite better than 900-char
chunks that pack several sections (coverage.SECTIONS vs CHUNKS). Only the notes of
pairs strong enough to be listed are asked for.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from .bm_vectors import BasicMemoryVectors
from .embedding import Embedder
from .notes import Note
from .strategies.coverage import CHUNKS, SECTIONS, PieceSource, note_pieces
from .unit_store import project_store
from .unit_vectors import UnitVectors


def sections(note: Note) -> list[str]:
    return note_pieces(note.body) or [note.title or note.path]


def own_pieces(notes: Sequence[Note], embedder: Embedder | None, model: str,
               state: Path | None) -> PieceSource:
    """Pieces embedded by the scan's model (`embedder`, else one loaded on first use)."""
    vectors: list[UnitVectors] = []

    def get(rows: Sequence[int]) -> dict[int, tuple[np.ndarray, np.ndarray]]:
        if not rows:
            return {}
        if not vectors:
            store = project_store(state) if state is not None else None
            vectors.append(UnitVectors(embedder or Embedder(model), store))
        texts = {r: sections(notes[r]) for r in rows}
        unit = vectors[0]
        unit.ensure(t for parts in texts.values() for t in parts)
        return {r: (unit.matrix(parts), np.asarray([len(p) for p in parts], np.float32))
                for r, parts in texts.items()}

    return PieceSource(get, SECTIONS, lambda r: sections(notes[r]))


def basic_memory_pieces(notes: Sequence[Note], bm: BasicMemoryVectors) -> PieceSource:
    """basic-memory's own chunk vectors (a note it has not indexed as it is: its cut,
    embedded by its model)."""

    def get(rows: Sequence[int]) -> dict[int, tuple[np.ndarray, np.ndarray]]:
        got = bm.chunk_vectors([notes[r] for r in rows])
        return dict(zip(rows, got, strict=True))

    return PieceSource(get, CHUNKS)
