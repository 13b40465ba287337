"""Read-only reader of basic-memory's index (`memory.db`): projects, notes, ready vectors.

basic-memory 0.24 keeps one SQLite database for all its projects. The tables
read here: `project` (id, name, path), `entity` (one row per note: file_path,
title, permalink, and `checksum`, the sha256 of the file's bytes when it was
indexed), `search_vector_chunks` (one row per embedded chunk: entity_id,
project_id, chunk_key `<source type>:...`, chunk_index, embedding_model,
embedding_status `ready`/`pending`) and the sqlite-vec table
`search_vector_embeddings` whose rowid is the chunk's id.

The database belongs to basic-memory and may be in use by its MCP server or
watcher: it is opened read-only (a `mode=ro` URI, so no statement can write it)
with a busy timeout, every read of one scan happens in one read transaction (a
consistent WAL snapshot while basic-memory writes), and the schema is checked
from `sqlite_master` first, so an unknown layout gives a clear message instead
of wrong vectors.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from .index import connect

try:
    import sqlean

    DB_ERRORS: tuple[type[Exception], ...] = (sqlite3.Error, sqlean.Error)
except ImportError:  # pragma: no cover - a dependency; the stdlib module may serve alone
    DB_ERRORS = (sqlite3.Error,)
"""What a read of the database can raise, from either SQLite binding index.connect uses."""
OPEN_ERRORS: tuple[type[Exception], ...] = (*DB_ERRORS, OSError)

BUSY_TIMEOUT_MS = 5000
REQUIRED_COLUMNS: dict[str, set[str]] = {
    "project": {"id", "name", "path"},
    "entity": {"id", "project_id", "file_path", "title", "permalink", "checksum"},
    "search_vector_chunks": {"id", "entity_id", "project_id", "chunk_key", "embedding_model",
                             "embedding_status"},
}
VECTOR_TABLE = "search_vector_embeddings"
# Up to this many chunk vectors are looked up by rowid (~40 us each in sqlite-vec's vec0);
# more are read in one pass over the table (~0.2 s for 20k chunks): the coverage cue's
# few late fetches paid a whole pass each.
POINT_READS = 2000
ENTITY_CHUNK = "entity"
"""The source type of the chunks cut from a note's own text (title, permalink, body);
the others are `observation` and `relation`."""


class BasicMemoryIndexError(Exception):
    """basic-memory's index cannot be used; the message says why, for the user."""


INDEX_ERRORS: tuple[type[Exception], ...] = (BasicMemoryIndexError, *DB_ERRORS)


@dataclass(frozen=True)
class BasicMemoryProject:
    id: int
    name: str
    path: str


@dataclass(frozen=True)
class BasicMemoryEntity:
    id: int
    path: str  # relative to the project, with /
    title: str
    permalink: str | None
    checksum: str | None  # sha256 hex of the file's bytes when basic-memory indexed it
    vectors_owed: bool = False  # basic-memory has deferred (re-)embedding this note


@dataclass(frozen=True)
class ChunkVectors:
    """The ready entity-chunk vectors of notes, in chunk order, with each chunk's length
    in characters (1 where the layout keeps no chunk text)."""

    dim: int
    by_entity: dict[int, list[np.ndarray]]
    lengths: dict[int, list[int]] = field(default_factory=dict)


CHUNK_WORDS_HELD = 0.9
"""A note's stored chunks were cut from its text when at least this share of their words
is in it (`chunks_match`); a rewording changes the checksum first, so the share is ~1."""


def chunks_match(chunk_texts: Sequence[str], text: str) -> bool:
    """The chunks basic-memory stored for a note were cut from `text`, the text it embeds
    of the note as the scan read it: nearly every word of them is in it. Chunks left
    behind by a deleted note whose id a new note took, or rows pointing at the wrong
    note, say another note's words (a fuzzing pass: a zebra-feeding note scored as the
    dock rota's duplicate, 0.93, from the deleted note's chunks)."""
    said = {w for t in chunk_texts for w in _WORD.findall(t.lower())}
    if not said:
        return True
    held = set(_WORD.findall(text.lower()))
    return len(said & held) >= CHUNK_WORDS_HELD * len(said)


_WORD = re.compile(r"[^\W_]{3,}")


def usable(vector: np.ndarray) -> bool:
    """A stored vector a note can stand on: every component finite, not all zero. A NaN
    made neighbour search fail, and a zero vector made its note like nothing, its real
    duplicate lost without a word (a fuzzing pass): such a chunk counts as not stored, so
    its note is embedded as one basic-memory has not."""
    return bool(np.isfinite(vector).all()) and bool(vector.any())


def normal_checksum(value: str | None) -> str | None:
    """A stored checksum as bare lowercase hex (some rows carry a `sha256:` prefix)."""
    if not value:
        return None
    return value.strip().lower().removeprefix("sha256:")


def _parse_time(value: object) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, int | float):
        return datetime.fromtimestamp(float(value), UTC)
    try:
        parsed = datetime.fromisoformat(str(value).strip().replace(" ", "T", 1))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


class BasicMemoryIndex:
    """One read-only connection to basic-memory's database, schema checked."""

    def __init__(self, path: Path | str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise BasicMemoryIndexError(f"no basic-memory index at {self.path}")
        try:
            self.conn = connect(self.path, read_only=True)
        except OPEN_ERRORS as exc:
            raise BasicMemoryIndexError(f"cannot open basic-memory's index {self.path}: "
                                        f"{exc}") from exc
        self.conn.isolation_level = None  # transactions are ours to open (see snapshot)
        self.conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        try:
            self.columns, self.dim, self.partitioned = self._check_schema()
        except BasicMemoryIndexError:
            self.conn.close()
            raise
        except DB_ERRORS as exc:
            self.conn.close()
            raise BasicMemoryIndexError(f"cannot read basic-memory's index {self.path}: "
                                        f"{exc}") from exc

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> BasicMemoryIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check_schema(self) -> tuple[dict[str, set[str]], int | None, bool]:
        tables = {name: sql or "" for name, sql in self.conn.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table'")}
        columns: dict[str, set[str]] = {}
        for table, needed in REQUIRED_COLUMNS.items():
            if table not in tables:
                if table == "search_vector_chunks":  # a database without semantic search:
                    return columns, None, False  # its notes and dates, no vectors
                raise self._unknown(f"it has no {table!r} table")
            have = {row[1] for row in self.conn.execute(f"PRAGMA table_info({table})")}
            if missing := needed - have:
                raise self._unknown(f"table {table!r} lacks {', '.join(sorted(missing))}")
            columns[table] = have
        vec_sql = tables.get(VECTOR_TABLE)
        if vec_sql is None:
            return columns, None, False
        m = re.search(r"using\s+vec0\s*\((.*)\)", vec_sql, re.IGNORECASE | re.DOTALL)
        dims = re.search(r"\bembedding\s+float\[(\d+)\]", m.group(1) if m else "", re.IGNORECASE)
        if not m or not dims:
            raise self._unknown(f"{VECTOR_TABLE} is not a sqlite-vec table of float vectors")
        partitioned = re.search(r"\bproject_id\s+integer\s+partition\s+key", m.group(1),
                                re.IGNORECASE) is not None
        return columns, int(dims.group(1)), partitioned

    def _unknown(self, what: str) -> BasicMemoryIndexError:
        return BasicMemoryIndexError(
            f"basic-memory's index {self.path} has a layout bm-review does not know ({what}); "
            f"its vectors are not used")

    @property
    def has_vectors(self) -> bool:
        return self.dim is not None

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """One read transaction: every read inside sees the same state of the database,
        however basic-memory writes meanwhile (WAL)."""
        self.conn.execute("BEGIN")
        try:
            yield
        finally:
            with contextlib.suppress(*DB_ERRORS):  # nothing to undo: the reads are done
                self.conn.execute("COMMIT")

    def projects(self) -> list[BasicMemoryProject]:
        return [BasicMemoryProject(int(i), str(n), str(p)) for i, n, p in
                self.conn.execute("SELECT id, name, path FROM project ORDER BY id")]

    def find_project(self, root: Path, name: str | None = None) -> BasicMemoryProject | None:
        return project_for(self.projects(), root, name)

    def entities(self, project_id: int) -> dict[str, BasicMemoryEntity]:
        """The project's notes as basic-memory indexed them, by relative path."""
        owed = ("vector_sync_deferred_at IS NOT NULL"
                if "vector_sync_deferred_at" in self.columns["entity"] else "0")
        rows = self.conn.execute(
            f"SELECT id, file_path, title, permalink, checksum, {owed} FROM entity "
            "WHERE project_id = ?", (project_id,))
        out: dict[str, BasicMemoryEntity] = {}
        for eid, path, title, permalink, checksum, deferred in rows:
            rel = str(path).replace("\\", "/")
            out[rel] = BasicMemoryEntity(int(eid), rel, str(title or ""), permalink,
                                         normal_checksum(checksum), bool(deferred))
        return out

    def models(self, project_id: int) -> dict[str, int]:
        """Ready entity chunks of the project per embedding model identity."""
        if not self.has_vectors:
            return {}
        rows = self.conn.execute(
            "SELECT embedding_model, count(*) FROM search_vector_chunks WHERE project_id = ? "
            f"AND embedding_status = 'ready' AND {self._entity_chunk_sql()} "
            "GROUP BY embedding_model", (project_id,))
        return {str(model): int(n) for model, n in rows}

    def _entity_chunk_sql(self) -> str:
        if "source_type" in self.columns["search_vector_chunks"]:
            return f"source_type = '{ENTITY_CHUNK}'"
        return f"chunk_key LIKE '{ENTITY_CHUNK}:%'"

    def entity_vectors(self, project_id: int, identities: tuple[str, ...],
                       entity_ids: set[int] | None = None,
                       texts: Mapping[int, str] | None = None) -> ChunkVectors:
        """Entity-chunk vectors of the project made by the model `identities` name.

        A note counts only when all its chunks for that model are ready and stored:
        while basic-memory re-embeds a note, its old and new chunks coexist and some
        are pending, and such a note is left to the caller to embed. With `texts` (the
        text basic-memory embeds of each note, by entity id), so does a note whose chunks
        were cut from another text (`chunks_match`).
        """
        if not self.has_vectors or not identities:
            return ChunkVectors(self.dim or 0, {})
        cols = self.columns["search_vector_chunks"]
        order = "chunk_index" if "chunk_index" in cols else "id"
        check = texts is not None and "chunk_text" in cols
        length = "chunk_text" if check else (
            "length(chunk_text)" if "chunk_text" in cols else "1")
        marks = ",".join("?" * len(identities))
        rows = self.conn.execute(
            f"SELECT id, entity_id, embedding_status, {self._entity_chunk_sql()}, {order}, "
            f"{length} FROM search_vector_chunks WHERE project_id = ? "
            f"AND embedding_model IN ({marks})", (project_id, *identities)).fetchall()
        unready = {row[1] for row in rows if row[2] != "ready"}
        chunks: dict[int, list[tuple[int, int, int]]] = {}
        said: dict[int, list[str]] = {}
        for cid, eid, _status, is_entity, pos, size in rows:
            if is_entity and eid not in unready and (entity_ids is None or eid in entity_ids):
                if check:
                    said.setdefault(int(eid), []).append(str(size or ""))
                    size = len(str(size or "")) or 1
                chunks.setdefault(int(eid), []).append((int(pos), int(cid), int(size or 1)))
        if check and texts is not None:
            chunks = {eid: parts for eid, parts in chunks.items()
                      if eid in texts and chunks_match(said[eid], texts[eid])}
        stored = self._vectors({part[1] for parts in chunks.values() for part in parts},
                               project_id)
        out: dict[int, list[np.ndarray]] = {}
        lengths: dict[int, list[int]] = {}
        for eid, parts in chunks.items():
            parts.sort()
            if all(cid in stored for _, cid, _ in parts):
                out[eid] = [stored[cid] for _, cid, _ in parts]
                lengths[eid] = [size for _, _, size in parts]
        return ChunkVectors(self.dim or 0, out, lengths)

    def _vectors(self, wanted: set[int], project_id: int) -> dict[int, np.ndarray]:
        if not wanted:
            return {}
        if len(wanted) <= POINT_READS:  # a few notes' chunks: looked up, not the table read
            ids = sorted(wanted)
            parts = (ids[k:k + 500] for k in range(0, len(ids), 500))  # SQLite's bound
            return self._decoded(wanted, *(self.conn.execute(
                f"SELECT rowid, embedding FROM {VECTOR_TABLE} WHERE rowid IN "
                f"({','.join('?' * len(part))})", part) for part in parts))
        if self.partitioned:
            rows = self.conn.execute(
                f"SELECT rowid, embedding FROM {VECTOR_TABLE} WHERE project_id = ?",
                (project_id,))
        else:
            rows = self.conn.execute(f"SELECT rowid, embedding FROM {VECTOR_TABLE}")
        return self._decoded(wanted, rows)

    def _decoded(self, wanted: set[int], *cursors: Iterable[tuple[int, object]]
                 ) -> dict[int, np.ndarray]:
        """The wanted rows' embeddings, as float32 vectors of the index's width."""
        out: dict[int, np.ndarray] = {}
        width = 4 * (self.dim or 0)
        for rows in cursors:
            for rowid, blob in rows:
                if rowid in wanted and isinstance(blob, bytes) and len(blob) == width:
                    vector = np.frombuffer(blob, dtype="<f4")
                    if usable(vector):
                        out[int(rowid)] = vector
        return out

    def file_dates(self, project_id: int) -> dict[str, tuple[datetime | None, datetime | None]]:
        """(created, updated) basic-memory recorded per note path."""
        cols = self.columns["entity"]
        created = "created_at" if "created_at" in cols else "NULL"
        updated = "updated_at" if "updated_at" in cols else "NULL"
        rows = self.conn.execute(
            f"SELECT file_path, {created}, {updated} FROM entity WHERE project_id = ?",
            (project_id,))
        return {str(p).replace("\\", "/"): (_parse_time(c), _parse_time(u)) for p, c, u in rows}


def project_for(projects: list[BasicMemoryProject], root: Path, name: str | None = None
                ) -> BasicMemoryProject | None:
    """The project basic-memory keeps for folder `root` (its name checked first); the
    SQLite and Postgres indexes both answer through it."""
    root = root.resolve()
    if name is not None:
        for p in projects:
            if p.name == name and _same_folder(p.path, root):
                return p
    return next((p for p in projects if _same_folder(p.path, root)), None)


def _same_folder(stored: str, root: Path) -> bool:
    try:
        return Path(stored).expanduser().resolve() == root
    except (OSError, RuntimeError):
        return False


def recorded_file_dates(root: Path, name: str | None = None, *, which: str = "updated",
                        database: Path | None = None) -> dict[str, datetime]:
    """{note path: the date basic-memory recorded} for the project in folder `root`
    (`which`: "updated" or "created"), for the canonical rule's "newer". Empty where
    basic-memory does not index the folder or its index cannot be read: the caller then
    keeps its own dates."""
    if which not in ("updated", "created"):
        raise ValueError(f"which must be 'updated' or 'created', not {which!r}")
    if database is None:
        from .bm_model import BasicMemoryConfigError, read_settings

        try:
            database = read_settings().database
        except BasicMemoryConfigError:
            return {}
    try:
        with BasicMemoryIndex(database) as store, store.snapshot():
            project = store.find_project(root, name)
            if project is None:
                return {}
            dates = store.file_dates(project.id)
    except INDEX_ERRORS:
        return {}
    pick = 1 if which == "updated" else 0
    return {path: when for path, pair in dates.items() if (when := pair[pick]) is not None}
