"""Vector store: sqlite-vec, keyed by note path + content hash + model.

A re-scan embeds only notes whose hash changed and drops vectors of notes that
are gone. Whole-project neighbour search is a blocked numpy product over the
vectors (one pass, ~25x faster than one sqlite-vec KNN query per note);
sqlite-vec's KNN serves single-note look-ups (upsert_note).
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from .embedding import note_text
from .notes import Note

ProgressFn = Callable[[int, int], None]


class TextEmbedder(Protocol):
    """What `sync` needs of a model: the bundled `Embedder`, or basic-memory's chunking one."""

    def embed(self, texts: Sequence[str], progress: ProgressFn | None = None
              ) -> np.ndarray: ...


def connect(path: Path | str, *, read_only: bool = False, immutable: bool = False):
    """A SQLite connection with sqlite-vec loaded (`read_only`: another program's database,
    opened so that nothing can be written to it; `immutable`: read-only and no `-wal` or
    `-shm` companions created either, for a cache a dry run reads, where a stale read is
    only a cache miss).

    The stdlib module is used where it can load extensions; many Pythons (pyenv
    builds, macOS system Python) cannot, and then sqlean.py, which ships wheels
    for Linux, macOS and Windows, stands in.
    """
    import sqlite_vec

    target, uri = str(path), False
    if read_only or immutable:
        query = "?immutable=1" if immutable else "?mode=ro"
        target, uri = Path(path).resolve().as_uri() + query, True
    conn = None
    if hasattr(sqlite3.Connection, "enable_load_extension"):
        try:
            conn = sqlite3.connect(target, uri=uri, check_same_thread=False)
            conn.enable_load_extension(True)
            sqlite_vec.load(conn)
            conn.enable_load_extension(False)
            return conn
        except (sqlite3.OperationalError, AttributeError):
            if conn is not None:
                conn.close()
    import sqlean

    conn = sqlean.connect(target, uri=uri, check_same_thread=False)
    conn.enable_load_extension(True)
    sqlite_vec.load(conn)
    conn.enable_load_extension(False)
    return conn


def _slug(model: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", model.lower()).strip("_")


@dataclass
class SyncStats:
    embedded: int = 0
    cached: int = 0
    removed: int = 0
    embed_s: float = 0.0


class VectorIndex:
    """Embeddings of one project for one model."""

    def __init__(self, db_path: Path | str, model: str) -> None:
        self.db_path = Path(db_path) if str(db_path) != ":memory:" else db_path
        if isinstance(self.db_path, Path):
            self.db_path.parent.mkdir(parents=True, exist_ok=True)
        self.model = model
        self._vec_table = f"vec_{_slug(model)}"
        self.rebuilt = ""  # why the cache was started over, for the scan's notices
        try:
            self._open()
        except Exception as exc:  # sqlite3's or sqlean's DatabaseError: a damaged cache
            if not isinstance(self.db_path, Path) or "DatabaseError" not in {
                    c.__name__ for c in type(exc).__mro__}:
                raise
            with contextlib.suppress(Exception):
                self.conn.close()
            for suffix in ("", "-wal", "-shm"):
                Path(f"{self.db_path}{suffix}").unlink(missing_ok=True)
            self.rebuilt = (f"the vector cache {self.db_path} was damaged ({exc}); it was "
                            "rebuilt, so every note is embedded again")
            self._open()

    def _open(self) -> None:
        self.conn = connect(self.db_path)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS embeddings (id INTEGER PRIMARY KEY, path TEXT NOT NULL,"
            " sha256 TEXT NOT NULL, model TEXT NOT NULL, UNIQUE(path, model))")
        self.conn.commit()
        self.dim: int | None = self._existing_dim()
        self.known()  # reads every row: a damaged file fails here, not mid-scan

    def close(self) -> None:
        self.conn.close()

    def _existing_dim(self) -> int | None:
        row = self.conn.execute(
            "SELECT sql FROM sqlite_master WHERE name = ?", (self._vec_table,)).fetchone()
        if not row:
            return None
        m = re.search(r"float\[(\d+)\]", row[0])
        return int(m.group(1)) if m else None

    def _ensure_table(self, dim: int) -> None:
        if self.dim == dim:
            return
        if self.dim is not None:  # a model's dimension cannot change; start over
            self.conn.execute(f"DROP TABLE IF EXISTS {self._vec_table}")
            self.conn.execute("DELETE FROM embeddings WHERE model = ?", (self.model,))
        self.conn.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS {self._vec_table} USING vec0("
            f"embedding float[{dim}] distance_metric=cosine)")
        self.conn.commit()
        self.dim = dim

    def known(self) -> dict[str, tuple[int, str]]:
        rows = self.conn.execute(
            "SELECT path, id, sha256 FROM embeddings WHERE model = ?", (self.model,))
        return {path: (rowid, sha) for path, rowid, sha in rows}

    def sync(self, notes: list[Note], embedder: TextEmbedder,
             progress: ProgressFn | None = None, *,
             text_of: Callable[[Note], str] = note_text) -> SyncStats:
        """Bring the store in line with `notes`: embed new/changed, drop deleted.
        `text_of` is what is embedded of a note (the key's model names the recipe)."""
        stats = SyncStats()
        known = self.known()
        current = {n.path for n in notes}
        stale = [rowid for path, (rowid, _) in known.items() if path not in current]
        todo = [n for n in notes if known.get(n.path, (None, None))[1] != n.sha256]
        stats.cached = len(notes) - len(todo)
        if stale:
            self._delete(stale)
            stats.removed = len(stale)
        if todo:
            t0 = time.perf_counter()
            vectors = embedder.embed([text_of(n) for n in todo], progress)
            stats.embed_s = time.perf_counter() - t0
            self._ensure_table(vectors.shape[1])
            self._upsert(todo, vectors, known)
            stats.embedded = len(todo)
        elif progress:
            progress(0, 0)
        return stats

    def _delete(self, rowids: list[int]) -> None:
        with self.conn:
            for start in range(0, len(rowids), 500):
                chunk = rowids[start:start + 500]
                marks = ",".join("?" * len(chunk))
                self.conn.execute(f"DELETE FROM embeddings WHERE id IN ({marks})", chunk)
                if self.dim is not None:
                    self.conn.execute(
                        f"DELETE FROM {self._vec_table} WHERE rowid IN ({marks})", chunk)

    def _upsert(self, notes: list[Note], vectors: np.ndarray,
                known: dict[str, tuple[int, str]]) -> None:
        with self.conn:
            for note, vec in zip(notes, vectors, strict=True):
                blob = np.ascontiguousarray(vec, dtype=np.float32).tobytes()
                if note.path in known:
                    rowid = known[note.path][0]
                    self.conn.execute("UPDATE embeddings SET sha256 = ? WHERE id = ?",
                                      (note.sha256, rowid))
                    self.conn.execute(f"DELETE FROM {self._vec_table} WHERE rowid = ?", (rowid,))
                else:
                    cur = self.conn.execute(
                        "INSERT INTO embeddings (path, sha256, model) VALUES (?, ?, ?)",
                        (note.path, note.sha256, self.model))
                    rowid = cur.lastrowid
                self.conn.execute(f"INSERT INTO {self._vec_table} (rowid, embedding) VALUES (?, ?)",
                                  (rowid, blob))

    def vectors(self, paths: Iterable[str]) -> np.ndarray:
        """Stored vectors in the order of `paths` (all must be synced)."""
        paths = list(paths)
        if not paths:
            return np.zeros((0, self.dim or 0), dtype=np.float32)
        if self.dim is None:
            raise KeyError("no vectors stored for this model yet")
        rows = self.conn.execute(
            f"SELECT e.path, v.embedding FROM embeddings e JOIN {self._vec_table} v "
            f"ON v.rowid = e.id WHERE e.model = ?", (self.model,))
        by_path = {path: blob for path, blob in rows}
        out = np.empty((len(paths), self.dim), dtype=np.float32)
        for i, path in enumerate(paths):
            out[i] = np.frombuffer(by_path[path], dtype=np.float32)
        return out

    def knn(self, vector: np.ndarray, k: int) -> list[tuple[str, float]]:
        """The k stored notes nearest to `vector`, as (path, cosine similarity)."""
        if self.dim is None or k <= 0:
            return []
        blob = np.ascontiguousarray(vector, dtype=np.float32).tobytes()
        rows = self.conn.execute(
            f"SELECT e.path, v.distance FROM {self._vec_table} v JOIN embeddings e "
            f"ON e.id = v.rowid WHERE v.embedding MATCH ? AND k = ? ORDER BY v.distance",
            (blob, k)).fetchall()
        return [(path, 1.0 - float(dist)) for path, dist in rows]


BLOCK_FLOATS = 32 * 1024 * 1024
"""Products one block of the all-pairs search holds at most (128 MB of float32)."""
_SAMPLE = 1024
"""Columns sampled per row for a floor under its k-th best score (see _row_top_k)."""


def _row_top_k(s: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Exact top-k (columns, values) of each row, best first, ties by lower column.

    A full argpartition of every row costs more than the matrix product that made it.
    The k-th best of a column sample is a floor under the row's k-th best, so the
    entries at or above it (about k * n / sample per row) are the only candidates.
    """
    rows, n = s.shape
    floor = None
    if n >= 4 * _SAMPLE:
        sample = s[:, :: n // _SAMPLE]
        m = sample.shape[1]
        floor = np.partition(sample, m - k, axis=1)[:, m - k]
        r, c = np.nonzero(s >= floor[:, None])
        if len(r) > rows * max(64 * k, 256):  # a flat row (many equal scores)
            floor = None
    if floor is None:
        floor = np.partition(s, n - k, axis=1)[:, n - k]
        r, c = np.nonzero(s >= floor[:, None])
    v = s[r, c]
    order = np.lexsort((c, -v, r))  # row, then best score, then lower column
    c, v = c[order], v[order]
    first = np.searchsorted(r[order], np.arange(rows))  # every row has >= k candidates
    take = first[:, None] + np.arange(k)
    return c[take], v[take]


def top_neighbours(vectors: np.ndarray, k: int, block: int = 1024,
                   rows: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """For each row, the indices and cosines of its k nearest other rows, best first.

    Blocked so memory stays at block x N floats whatever the project size. With
    `rows`, only those rows are searched (one note against a project); every other
    row holds itself with similarity -1, "no neighbour known".
    """
    n = vectors.shape[0]
    k = max(0, min(k, n - 1))
    # A block's products (and the masks _row_top_k makes of them) stay near 128 MB: at
    # 100k notes 1,024 rows were 400 MB of the scan's peak. The result does not change.
    block = max(64, min(block, BLOCK_FLOATS // max(n, 1)))
    wanted = np.arange(n) if rows is None else np.unique(np.asarray(rows, dtype=np.int64))
    idx = np.repeat(np.arange(n, dtype=np.int64)[:, None], k, axis=1)
    sims = np.full((n, k), -1.0, dtype=np.float32)
    if k == 0:
        return idx, sims
    for start in range(0, len(wanted), block):
        part = wanted[start:start + block]
        s = vectors[part] @ vectors.T
        s[np.arange(len(part)), part] = -np.inf
        idx[part], sims[part] = _row_top_k(s, k)
    return idx, sims
