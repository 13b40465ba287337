"""Unit vectors on disk, so a new session (or `apply --plan`, a new process) reads what an
earlier one embedded instead of paying the model again (~1.6 s CPU per 3-note group).

One SQLite file in the project's state folder, keyed by (model, sha1 of the text). It is
only a cache: any failure (unreadable, corrupt, read-only, locked, full disk) turns it
off for the rest of the process with one message, and callers embed as if it were empty.
Two processes may use it at once (WAL, a busy timeout); the oldest-used rows go when it
grows past its bound.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
import threading
import time
from collections.abc import Iterable
from pathlib import Path

import numpy as np

UNITS_FILE = "unit-vectors.db"
MAX_ROWS = 60_000
"""About 100 MB of 384-d float32 vectors: the units of ~450 groups of three 600-word notes.
Past it the oldest-used tenth goes."""
BUSY_MS = 2000
"""How long a write waits for another process's write (theirs are a few ms each)."""
TOUCH_S = 3600
"""A read refreshes a row's last-use time at most this often (reads stay cheap)."""
SCHEMA = 1
_CHUNK = 500  # keys per IN (...) query, under SQLite's variable limit

try:
    import sqlean

    _OPERATIONAL: tuple[type[Exception], ...] = (sqlite3.OperationalError,
                                                 sqlean.OperationalError)
except ImportError:  # pragma: no cover - a dependency; the stdlib module may serve alone
    _OPERATIONAL = (sqlite3.OperationalError,)
"""Busy, locked or read-only, from either binding index.connect uses (where the stdlib
cannot load extensions it is sqlean, whose errors are its own classes)."""

log = logging.getLogger(__name__)


class UnitStore:
    """A persistent (model, text sha1) -> float32 vector map; never raises."""

    def __init__(self, path: Path | str, *, max_rows: int = MAX_ROWS,
                 read_only: bool = False) -> None:
        """`read_only`: read what is there, never create or write anything (a dry run
        leaves the state folder as it was)."""
        self.path = Path(path)
        self.max_rows = max_rows
        self.problem: str | None = None  # why the store is off or read-only, if it is
        self.read_only = read_only
        self._conn = None
        self._opened = False
        self._lock = threading.Lock()

    # -- connection ------------------------------------------------------------------------

    def _connection(self):
        """The open connection, or None when the store is off (opened on first use)."""
        if self._opened:
            return self._conn
        if self.read_only and not self.path.is_file():
            return None  # nothing cached yet (look again next time); nothing is created
        self._opened = True
        try:
            from .index import connect

            if not self.read_only:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            # A dry run creates nothing, not even WAL companions: with no -wal beside the
            # file nobody has it open and everything is in the file, so it is read as
            # immutable; with one, another process may hold rows there (read it normally).
            wal = self.path.with_name(self.path.name + "-wal")
            conn = connect(self.path, read_only=self.read_only,
                           immutable=self.read_only and not wal.exists())
            try:
                conn.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
                version = conn.execute("PRAGMA user_version").fetchone()[0]
                if version not in ((SCHEMA,) if self.read_only else (0, SCHEMA)):
                    raise sqlite3.DatabaseError(f"schema version {version}, this bm-review "
                                                f"knows {SCHEMA}")
                if version == 0:
                    conn.execute("PRAGMA journal_mode=WAL")
                    with conn:
                        conn.execute(
                            "CREATE TABLE IF NOT EXISTS units (model TEXT NOT NULL, key BLOB "
                            "NOT NULL, vec BLOB NOT NULL, used INTEGER NOT NULL, "
                            "PRIMARY KEY (model, key)) WITHOUT ROWID")
                        conn.execute("CREATE INDEX IF NOT EXISTS units_used ON units (used)")
                        conn.execute(f"PRAGMA user_version = {SCHEMA}")
                conn.execute("PRAGMA synchronous=NORMAL")
            except BaseException:
                conn.close()
                raise
        except Exception as exc:  # noqa: BLE001 - a cache must never stop the work
            self._off(exc)
            return None
        self._conn = conn
        return conn

    def _off(self, exc: BaseException) -> None:
        """Stop using the store (the work goes on without it), saying why once."""
        self._say(f"unit-vector cache {self.path} not used ({type(exc).__name__}: {exc}); "
                  "merge previews embed their units again")
        conn, self._conn = self._conn, None
        self._opened = True
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()

    def _say(self, problem: str) -> None:
        if self.problem is None:
            self.problem = problem
            log.warning("bm-review: %s", problem)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
            self._conn = None

    # -- reads and writes ------------------------------------------------------------------

    def get(self, model: str, keys: Iterable[bytes], dim: int | None = None
            ) -> dict[bytes, np.ndarray]:
        """The stored vectors of `keys` (those it holds); {} when the store is off."""
        keys = list(keys)
        out: dict[bytes, np.ndarray] = {}
        if not keys:
            return out
        with self._lock:
            conn = self._connection()
            if conn is None:
                return out
            now = int(time.time())
            stale: list[bytes] = []
            try:
                for start in range(0, len(keys), _CHUNK):
                    part = keys[start:start + _CHUNK]
                    marks = ",".join("?" * len(part))
                    rows = conn.execute(
                        f"SELECT key, vec, used FROM units WHERE model = ? AND key IN ({marks})",
                        (model, *part))
                    for key, blob, used in rows:
                        vec = np.frombuffer(blob, dtype=np.float32)
                        if dim is not None and vec.shape[0] != dim:
                            continue  # a row another model version wrote: embed again
                        out[bytes(key)] = vec
                        if used < now - TOUCH_S:
                            stale.append(bytes(key))
            except Exception as exc:  # noqa: BLE001
                self._off(exc)
                return {}
            if stale and not self.read_only:
                try:
                    with conn:
                        conn.executemany("UPDATE units SET used = ? WHERE model = ? AND key = ?",
                                         [(now, model, k) for k in stale])
                except _OPERATIONAL:
                    pass  # busy or read-only: the rows were read all the same
                except Exception as exc:  # noqa: BLE001
                    self._off(exc)
        return out

    def put(self, model: str, vectors: dict[bytes, np.ndarray]) -> bool:
        """Store `vectors`; False when they could not be (busy, read-only, off)."""
        if not vectors:
            return True
        with self._lock:
            conn = self._connection()
            if conn is None or self.read_only:
                return False
            now = int(time.time())
            rows = [(model, k, np.ascontiguousarray(v, dtype=np.float32).tobytes(), now)
                    for k, v in vectors.items()]
            try:
                with conn:
                    conn.executemany("INSERT OR REPLACE INTO units (model, key, vec, used) "
                                     "VALUES (?, ?, ?, ?)", rows)
                    self._evict(conn)
            except _OPERATIONAL as exc:
                if "locked" in str(exc) or "busy" in str(exc):
                    return False  # another process is writing: these are embedded again later
                if "readonly" in str(exc):  # still worth reading
                    self.read_only = True
                    self._say(f"unit-vector cache {self.path} is read-only: read, not "
                              "written")
                    return False
                self._off(exc)
                return False
            except Exception as exc:  # noqa: BLE001
                self._off(exc)
                return False
        return True

    def _evict(self, conn) -> None:
        count = conn.execute("SELECT count(*) FROM units").fetchone()[0]
        if count <= self.max_rows:
            return
        drop = count - int(self.max_rows * 0.9)
        conn.execute("DELETE FROM units WHERE (model, key) IN (SELECT model, key FROM units "
                     "ORDER BY used LIMIT ?)", (drop,))

    def count(self) -> int:
        """Rows stored (0 when off): for tests and benchmarks."""
        with self._lock:
            conn = self._connection()
            if conn is None:
                return 0
            try:
                return int(conn.execute("SELECT count(*) FROM units").fetchone()[0])
            except Exception as exc:  # noqa: BLE001
                self._off(exc)
                return 0


_stores: dict[tuple[Path, bool], UnitStore] = {}
_stores_lock = threading.Lock()


def project_store(state: Path | str, *, read_only: bool = False) -> UnitStore:
    """The one store of a state folder in this process (the console's preview, its
    workers and apply share its connection); `read_only` for a dry run."""
    path = (Path(state) / UNITS_FILE).absolute()
    with _stores_lock:
        if (path, read_only) not in _stores:
            _stores[(path, read_only)] = UnitStore(path, read_only=read_only)
        return _stores[(path, read_only)]
