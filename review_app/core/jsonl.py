"""Append-only JSON-lines logs (decisions, edits, audit history, the review queue):
the one appender.

Each record is one `write()` on an O_APPEND descriptor, so concurrent writers
never interleave lines, and a crash tears at most the last line, which readers
skip. A torn last line (no newline) is ended before the next record is written,
so it cannot swallow that record too.
"""

from __future__ import annotations

import json
import os
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

SyncFn = Callable[[Path], None]
"""Makes a file's appended lines durable; `append_record` fsyncs inline without one."""


def append_record(path: Path, record: dict[str, Any], sync: SyncFn | None = None, *,
                  compact: bool = False) -> None:
    """Append one record as one line. It is in the file (for every reader) when this
    returns; on disk then too, or, with `sync` (a `DeferredSync`), moments later off this
    thread. Raises OSError when the disk took only part of it (a full disk)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) if compact
            else json.dumps(record, ensure_ascii=False))
    data = (text + "\n").encode("utf-8")
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0),
                 0o644)
    try:
        if os.fstat(fd).st_size:  # a line torn by a crash must not swallow this one
            os.lseek(fd, -1, os.SEEK_END)
            if os.read(fd, 1) != b"\n":
                data = b"\n" + data
        written = os.write(fd, data)
        if written != len(data):
            raise OSError(28, f"only {written} of {len(data)} bytes could be written to {path}")
        if sync is None:
            os.fsync(fd)
    finally:
        os.close(fd)
    if sync is not None:
        sync(path)


class DeferredSync:
    """fsyncs appended logs on one background thread, in order: the console's UI thread
    writes a decision (the line is in the file at once) and goes on; the fsync (ms to
    tens of ms on a busy disk) follows. `wait()` returns once all is on disk."""

    def __init__(self) -> None:
        self._todo: queue.Queue[Path] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def __call__(self, path: Path) -> None:
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="log-fsync",
                                                daemon=True)
                self._thread.start()
        self._todo.put(path)

    def _run(self) -> None:
        while True:
            path = self._todo.get()
            try:
                fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
            except OSError:
                pass  # the line is written; only its durability was at stake
            finally:
                self._todo.task_done()

    def wait(self) -> None:
        self._todo.join()


def read_records(path: Path) -> list[dict[str, Any]]:
    """Every whole record, oldest first; torn or foreign lines are skipped."""
    if not path.exists():
        return []
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict):
            out.append(rec)
    return out
