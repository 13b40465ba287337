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
from pathlib import Path
from typing import Any


def append_record(path: Path, record: dict[str, Any], *, compact: bool = False) -> None:
    """Append one record as one line, fsynced. Raises OSError when the disk took only
    part of it (a full disk)."""
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
        os.fsync(fd)
    finally:
        os.close(fd)


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
