"""Read-only reader of basic-memory's Postgres index (pgvector): projects, notes, vectors.

basic-memory 0.24 on Postgres keeps the same `project` and `entity` tables as on
SQLite, the chunk manifest `search_vector_chunks` (one row per chunk: source_type,
chunk_index, embedding_model, embedding_status, source_hash) and the pgvector table
`search_vector_embeddings` (chunk_id, project_id, embedding vector(dims),
source_hash, HNSW index). A chunk's vector is live only while its `source_hash`
equals the manifest's, as basic-memory itself joins them.

The database belongs to a team's basic-memory: bm-review only ever reads it. Every
session is read-only (`default_transaction_read_only`), each scan's reads happen in
one `READ ONLY REPEATABLE READ` transaction (one consistent snapshot while
basic-memory writes), every statement has a timeout, and no DDL is issued; the
layout is checked from `information_schema` first, so an unknown one gives a clear
message instead of wrong vectors. The Postgres client (psycopg) is an optional extra.
"""

from __future__ import annotations

import contextlib
import struct
import threading
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import numpy as np

from ..bm_store import (
    ENTITY_CHUNK,
    BasicMemoryEntity,
    BasicMemoryIndexError,
    BasicMemoryProject,
    ChunkVectors,
    chunks_match,
    normal_checksum,
    project_for,
    usable,
)

EXTRA = 'pip install "bm-review[postgres]"'
STATEMENT_TIMEOUT_MS = 60_000
CONNECT_TIMEOUT_S = 10
HNSW_EF_SEARCH_DEFAULT = 40
HNSW_EF_SEARCH_MAX = 1000
"""pgvector's default candidate list, and the most the server accepts."""
NEAREST_BATCH = 1000
"""Anchor notes per neighbour query: 100k notes is 100 round trips."""
FETCH_ROWS = 5000
"""Rows a server-side cursor hands over per round trip: memory stays bounded."""
REQUIRED_COLUMNS: dict[str, set[str]] = {
    "project": {"id", "name", "path"},
    "entity": {"id", "project_id", "file_path", "title", "permalink", "checksum"},
    "search_vector_chunks": {"id", "entity_id", "project_id", "chunk_key", "embedding_model",
                             "embedding_status"},
    "search_vector_embeddings": {"chunk_id", "embedding"},
}
OPTIONAL_TABLES = {"search_vector_chunks", "search_vector_embeddings"}
"""Absent where basic-memory's semantic search has never run: no vectors, not an error."""


def conninfo(url: str) -> str:
    """basic-memory's SQLAlchemy URL (`postgresql+asyncpg://...`) as a libpq URI."""
    parts = urlsplit(url.strip())
    scheme = parts.scheme.split("+", 1)[0]
    if scheme not in ("postgresql", "postgres"):
        raise BasicMemoryIndexError(f"basic-memory's database_url {redact(url)} is not a "
                                    f"Postgres URL")
    query = []
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key == "ssl":  # asyncpg's spelling of libpq's sslmode
            key, value = "sslmode", {"true": "require", "false": "disable"}.get(value, value)
        elif key in ("prepared_statement_cache_size", "statement_cache_size"):
            continue  # driver options libpq does not know
        query.append((key, value))
    return urlunsplit(("postgresql", parts.netloc, parts.path, urlencode(query), ""))


def redact(url: str) -> str:
    """The URL with any password hidden, fit for a message."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def _vector_loader(base: type, binary: Any) -> type:
    class VectorLoader(base):
        """pgvector's binary form (int16 dims, int16 unused, float4 big-endian each)
        straight into a numpy array: no text parsing of 384 floats per chunk."""

        format = binary

        def load(self, data: Any) -> np.ndarray:
            dims = struct.unpack_from(">H", data)[0]
            return np.frombuffer(data, dtype=">f4", count=dims, offset=4).astype(np.float32)

    return VectorLoader


class PostgresIndex:
    """One read-only session on basic-memory's Postgres database, schema checked. Offers
    what `bm_store.BasicMemoryIndex` offers, so a scan reads either alike."""

    def __init__(self, url: str, *, statement_timeout_ms: int = STATEMENT_TIMEOUT_MS) -> None:
        self.path = redact(url)  # shown in messages in place of a file path
        try:
            import psycopg
        except ImportError:
            raise BasicMemoryIndexError(
                f"basic-memory keeps its index in Postgres ({self.path}); reading it needs "
                f"the Postgres client: {EXTRA}") from None
        self._errors: tuple[type[Exception], ...] = (psycopg.Error,)
        self.timeout_ms = int(statement_timeout_ms)
        self._url = url
        try:
            self.conn = self._connect()
        except psycopg.Error as exc:
            raise BasicMemoryIndexError(f"cannot connect to basic-memory's Postgres "
                                        f"{self.path}: {str(exc).strip()}") from exc
        self._depth = 0
        try:
            with self.snapshot():
                self.columns, self.dim = self._check_schema()
                oid = self.conn.execute(
                    "SELECT oid FROM pg_type WHERE typname = 'vector'").fetchone()
            if oid is not None:
                from psycopg.adapt import Loader
                from psycopg.pq import Format

                self.conn.adapters.register_loader(int(oid[0]),
                                                   _vector_loader(Loader, Format.BINARY))
        except BasicMemoryIndexError:
            self.conn.close()
            raise
        except psycopg.Error as exc:
            self.conn.close()
            raise BasicMemoryIndexError(f"cannot read basic-memory's Postgres {self.path}: "
                                        f"{str(exc).strip()}") from exc

    def _connect(self) -> Any:  # noqa: ANN401 - psycopg's Connection
        import psycopg

        return psycopg.connect(
            conninfo(self._url), autocommit=True, connect_timeout=CONNECT_TIMEOUT_S,
            options=f"-c default_transaction_read_only=on "
                    f"-c statement_timeout={self.timeout_ms}")

    def _sharing_session(self, settings: list[str]) -> Any:  # noqa: ANN401
        """A second read-only session in this one's snapshot (`SET TRANSACTION SNAPSHOT`),
        for a second server core; None where the server will not give one."""
        try:
            (snap,) = self.conn.execute("SELECT pg_export_snapshot()").fetchone()
            conn = self._connect()
        except self._errors:
            return None
        try:
            conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            conn.execute(f"SET TRANSACTION SNAPSHOT '{snap}'")
            conn.execute(f"SET LOCAL statement_timeout = {self.timeout_ms}")
            for setting in settings:
                conn.execute(setting)
        except self._errors:
            conn.close()
            return None
        return conn

    @property
    def errors(self) -> tuple[type[Exception], ...]:
        """What a read can raise (the client's errors)."""
        return self._errors

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> PostgresIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _check_schema(self) -> tuple[dict[str, set[str]], int | None]:
        rows = self.conn.execute(
            "SELECT table_name, column_name, udt_name FROM information_schema.columns "
            "WHERE table_schema = ANY (current_schemas(false)) AND table_name = ANY (%s)",
            (list(REQUIRED_COLUMNS),)).fetchall()
        columns: dict[str, set[str]] = {}
        types: dict[tuple[str, str], str] = {}
        for table, column, udt in rows:
            columns.setdefault(table, set()).add(column)
            types[table, column] = udt
        for table, needed in REQUIRED_COLUMNS.items():
            if table not in columns:
                if table in OPTIONAL_TABLES:
                    return {t: c for t, c in columns.items() if t not in OPTIONAL_TABLES}, None
                raise self._unknown(f"it has no {table!r} table")
            if missing := needed - columns[table]:
                raise self._unknown(f"table {table!r} lacks {', '.join(sorted(missing))}")
        if types["search_vector_embeddings", "embedding"] != "vector":
            raise self._unknown("search_vector_embeddings.embedding is not a pgvector column")
        (typmod,) = self.conn.execute(
            "SELECT a.atttypmod FROM pg_attribute a WHERE a.attname = 'embedding' "
            "AND a.attrelid = to_regclass('search_vector_embeddings')").fetchone() or (-1,)
        dim = int(typmod) if typmod and int(typmod) > 0 else None
        if dim is None:
            raise self._unknown("search_vector_embeddings.embedding has no fixed dimension")
        return columns, dim

    def _unknown(self, what: str) -> BasicMemoryIndexError:
        return BasicMemoryIndexError(
            f"basic-memory's Postgres {self.path} has a layout bm-review does not know "
            f"({what}); its vectors are not used")

    @property
    def has_vectors(self) -> bool:
        return self.dim is not None

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[None]:
        """One read-only transaction: every read inside sees the same state of the
        database, however basic-memory writes meanwhile. Nested use joins the outer one."""
        if self._depth:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
            return
        self.conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        self.conn.execute(f"SET LOCAL statement_timeout = {self.timeout_ms}")
        self._depth = 1
        try:
            yield
        finally:
            self._depth = 0
            with contextlib.suppress(*self._errors):  # nothing to undo: reads only
                self.conn.execute("ROLLBACK")

    def projects(self) -> list[BasicMemoryProject]:
        return [BasicMemoryProject(int(i), str(n), str(p)) for i, n, p in
                self.conn.execute("SELECT id, name, path FROM project ORDER BY id")]

    def find_project(self, root: Any, name: str | None = None) -> BasicMemoryProject | None:
        return project_for(self.projects(), root, name)

    def entities(self, project_id: int) -> dict[str, BasicMemoryEntity]:
        owed = ("vector_sync_deferred_at IS NOT NULL"
                if "vector_sync_deferred_at" in self.columns["entity"] else "false")
        out: dict[str, BasicMemoryEntity] = {}
        for eid, path, title, permalink, checksum, deferred in self.conn.execute(
                f"SELECT id, file_path, title, permalink, checksum, {owed} FROM entity "
                "WHERE project_id = %s", (project_id,)):
            rel = str(path).replace("\\", "/")
            out[rel] = BasicMemoryEntity(int(eid), rel, str(title or ""), permalink,
                                         normal_checksum(checksum), bool(deferred))
        return out

    def _entity_chunk_sql(self, c: str = "c") -> str:
        if "source_type" in self.columns["search_vector_chunks"]:
            return f"{c}.source_type = '{ENTITY_CHUNK}'"
        return f"{c}.chunk_key LIKE '{ENTITY_CHUNK}:%%'"

    def _hashed(self) -> bool:
        return all("source_hash" in self.columns[t]
                   for t in ("search_vector_chunks", "search_vector_embeddings"))

    def _live_sql(self, c: str = "c", e: str = "e") -> str:
        """The join of a chunk to its vector, as basic-memory joins them."""
        if self._hashed():
            return f"{e}.chunk_id = {c}.id AND {e}.source_hash = {c}.source_hash"
        return f"{e}.chunk_id = {c}.id"

    def _iterative_scan(self) -> bool:
        """pgvector 0.8+ can keep an HNSW scan going until a filtered LIMIT is filled."""
        row = self.conn.execute(
            "SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
        try:
            major, minor = (int(x) for x in str(row[0]).split(".")[:2]) if row else (0, 0)
        except ValueError:
            return False
        return (major, minor) >= (0, 8)

    def models(self, project_id: int) -> dict[str, int]:
        if not self.has_vectors:
            return {}
        rows = self.conn.execute(
            "SELECT c.embedding_model, count(*) FROM search_vector_chunks c "
            f"WHERE c.project_id = %s AND c.embedding_status = 'ready' AND "
            f"{self._entity_chunk_sql()} GROUP BY c.embedding_model", (project_id,))
        return {str(model): int(n) for model, n in rows}

    def entity_vectors(self, project_id: int, identities: tuple[str, ...],
                       entity_ids: set[int] | None = None,
                       each: Callable[[int, list[np.ndarray], list[int]], None] | None = None,
                       texts: Mapping[int, str] | None = None) -> ChunkVectors:
        """Entity-chunk vectors of the project made by the model `identities` name; a note
        counts only when every chunk of it for that model is ready and has its vector.
        With `each`, every counted note's (id, vectors, lengths) is handed to it as its
        rows arrive (ordered by note) and nothing is kept: 100k notes' chunks never sit
        in memory at once."""
        if not self.has_vectors or not identities:
            return ChunkVectors(self.dim or 0, {})
        cols = self.columns["search_vector_chunks"]
        order = "c.chunk_index" if "chunk_index" in cols else "c.id"
        check = texts is not None and "chunk_text" in cols  # (bm_store.chunks_match)
        length = "c.chunk_text" if check else (
            "length(c.chunk_text)" if "chunk_text" in cols else "1")
        wanted = "" if entity_ids is None else "AND c.entity_id = ANY (%(ids)s)"
        params = {"project": project_id, "models": list(identities),
                  "ids": sorted(entity_ids or ())}
        unready = {int(r[0]) for r in self.conn.execute(
            "SELECT DISTINCT c.entity_id FROM search_vector_chunks c WHERE c.project_id = "
            "%(project)s AND c.embedding_model = ANY (%(models)s) AND "
            f"c.embedding_status <> 'ready' {wanted}", params)}
        out: dict[int, list[np.ndarray]] = {}
        lengths: dict[int, list[int]] = {}
        width = self.dim

        said: list[str] = []

        def close(eid: int, chunks: list[tuple[int, int, np.ndarray | None]]) -> None:
            if eid in unready or not all(v is not None and v.shape[0] == width and usable(v)
                                         for _, _, v in chunks):
                return
            if check and texts is not None and not (
                    eid in texts and chunks_match(said, texts[eid])):
                return
            chunks.sort(key=lambda part: part[0])
            vectors = [v for _, _, v in chunks]
            sizes = [size for _, size, _ in chunks]
            if each is not None:
                each(eid, vectors, sizes)  # type: ignore[arg-type]
            else:
                out[eid], lengths[eid] = vectors, sizes  # type: ignore[assignment]

        with self.conn.cursor(name="bm_review_vectors", binary=True) as cur:
            cur.itersize = FETCH_ROWS
            cur.execute(
                f"SELECT c.entity_id, {order}, {length}, e.embedding FROM search_vector_chunks c "
                f"LEFT JOIN search_vector_embeddings e ON {self._live_sql()} "
                "WHERE c.project_id = %(project)s AND c.embedding_model = ANY (%(models)s) "
                f"AND {self._entity_chunk_sql()} {wanted} ORDER BY c.entity_id", params)
            current = -1
            parts: list[tuple[int, int, np.ndarray | None]] = []
            for eid, pos, size, vec in cur:
                if eid != current:
                    if parts:
                        close(current, parts)
                    current, parts = int(eid), []
                    said.clear()
                if check:
                    said.append(str(size or ""))
                    size = len(str(size or "")) or 1
                parts.append((int(pos), int(size or 1), vec))
            if parts:
                close(current, parts)
        return ChunkVectors(self.dim or 0, out, lengths)

    def nearest(self, project_id: int, identities: tuple[str, ...], anchors: list[int],
                chunks: int, progress: Callable[[int, int], None] | None = None
                ) -> tuple[np.ndarray, np.ndarray]:
        """(anchor, other) entity ids: for each anchor entity, the other entities owning
        some of the `chunks` chunks of the project nearest its opening entity chunk
        (cosine, by pgvector's HNSW index), each pair once, unordered. One index scan a
        note: a scan per chunk cost 3x the time for the same groups (bench/pg_scale.py).
        Only entity ids come back, kept as arrays (100k notes' pairs as Python tuples and
        lists were most of the scan's peak memory)."""
        empty = np.zeros(0, dtype=np.int64)
        if not self.has_vectors or not anchors:
            return empty, empty
        settings = [f"SET LOCAL hnsw.ef_search = "
                    f"{min(max(chunks, HNSW_EF_SEARCH_DEFAULT), HNSW_EF_SEARCH_MAX)}"]
        if self._iterative_scan():  # keep scanning past ef_search until LIMIT rows pass
            settings.append("SET LOCAL hnsw.iterative_scan = relaxed_order")
        for setting in settings:
            self.conn.execute(setting)
        cols = self.columns["search_vector_chunks"]
        opening = "AND ac.chunk_index = 0" if "chunk_index" in cols else ""
        # The innermost query is a plain ORDER BY distance LIMIT on the vector table, the
        # one shape the HNSW index serves; the manifest is joined to its few rows after.
        sql = (
            "SELECT ac.entity_id, n.entity_id FROM search_vector_chunks ac "
            f"JOIN search_vector_embeddings ae ON {self._live_sql('ac', 'ae')} "
            "CROSS JOIN LATERAL (SELECT c.entity_id, k.d FROM (SELECT e.chunk_id, "
            f"{'e.source_hash, ' if self._hashed() else ''}"
            "e.embedding <=> ae.embedding AS d FROM search_vector_embeddings e "
            "WHERE e.project_id = %(project)s ORDER BY e.embedding <=> ae.embedding "
            "LIMIT %(limit)s) k "
            f"JOIN search_vector_chunks c ON {self._live_sql('c', 'k')} "
            "WHERE c.embedding_model = ANY (%(models)s)) n "
            f"WHERE ac.project_id = %(project)s AND {self._entity_chunk_sql('ac')} {opening} "
            "AND ac.embedding_model = ANY (%(models)s) AND ac.entity_id = ANY (%(batch)s) "
            "ORDER BY ac.entity_id, n.d")
        batches = [anchors[a:a + NEAREST_BATCH] for a in range(0, len(anchors), NEAREST_BATCH)]
        found = self._in_two_sessions(sql, batches, settings, {
            "project": project_id, "models": list(identities), "limit": chunks}, progress)
        pairs = np.concatenate(found) if found else np.zeros((0, 2), dtype=np.int64)
        return pairs[:, 0], pairs[:, 1]

    def _in_two_sessions(self, sql: str, batches: list[list[int]], settings: list[str],
                         params: dict[str, Any],
                         progress: Callable[[int, int], None] | None
                         ) -> list[np.ndarray]:
        """Each batch's distinct (anchor, other) pairs, in batch order. A second session in
        the same snapshot takes batches too, so the server searches on two cores
        (pgvector's scans were most of a 100k-note scan); progress is reported from the
        calling thread only."""
        results: list[np.ndarray] = [np.zeros((0, 2), dtype=np.int64) for _ in batches]
        lock = threading.Lock()
        queue = iter(range(len(batches)))
        failed: list[BaseException] = []
        done = [0]

        def take() -> int | None:
            with lock:
                return None if failed else next(queue, None)

        def work(conn: Any, report: bool) -> None:  # noqa: ANN401
            while (i := take()) is not None:
                rows = np.asarray(conn.execute(sql, {**params, "batch": batches[i]}).fetchall(),
                                  dtype=np.int64).reshape(-1, 2)
                results[i] = np.unique(rows[rows[:, 0] != rows[:, 1]], axis=0)
                with lock:
                    done[0] += len(batches[i])
                if report and progress:
                    progress(done[0], sum(map(len, batches)))

        helper = self._sharing_session(settings) if len(batches) > 1 else None
        thread = None
        if helper is not None:
            def side() -> None:
                try:
                    work(helper, False)
                except BaseException as exc:  # noqa: BLE001 - re-raised in the caller
                    with lock:
                        failed.append(exc)

            thread = threading.Thread(target=side, name="bm-review-pgvector", daemon=True)
            thread.start()
        try:
            work(self.conn, True)
        except BaseException:
            with lock:
                failed.append(RuntimeError("stopped"))
            raise
        finally:
            if thread is not None:
                thread.join()
            if helper is not None:
                with contextlib.suppress(*self._errors):
                    helper.close()
        if failed:
            raise failed[0]
        if progress:
            progress(done[0], done[0])
        return results

    def file_dates(self, project_id: int) -> dict[str, tuple[datetime | None, datetime | None]]:
        cols = self.columns["entity"]
        created = "created_at" if "created_at" in cols else "NULL"
        updated = "updated_at" if "updated_at" in cols else "NULL"
        rows = self.conn.execute(
            f"SELECT file_path, {created}, {updated} FROM entity WHERE project_id = %s",
            (project_id,))
        return {str(p).replace("\\", "/"): (_utc(c), _utc(u)) for p, c, u in rows}


def _utc(value: object) -> datetime | None:
    if not isinstance(value, datetime):
        return None
    return value if value.tzinfo else value.replace(tzinfo=UTC)
