"""The one lock over a project's writers: apply, undo, recovery, upsert and the review
queue, in any process (two consoles, a console and the CLI, MCP servers).

A `filelock` lock on `<state>/project.lock`: the kernel drops it when its holder
dies, so a killed process never leaves it held. It is re-entrant within a thread
(an upsert holds it and writes through the apply engine, which takes it again) and
excludes other threads and processes. Whoever holds it says so in
`<state>/project.lock.holder`, so one that has to wait or give up can name it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path

from filelock import FileLock, Timeout

LOCK_FILE = "project.lock"
HOLDER_FILE = "project.lock.holder"


class ProjectBusy(Exception):  # noqa: N818 - reads as what it is
    """Another process (or thread) holds the project lock; the message names it."""

    def __init__(self, holder: str) -> None:
        self.holder = holder
        super().__init__(f"{holder} is writing this project")


def _lock(state: Path) -> FileLock:
    # one instance per real path: re-entry from the same thread must find the same lock
    return FileLock(os.path.realpath(state / LOCK_FILE), is_singleton=True)


def holder(state: Path) -> str | None:
    """Who holds the lock, as a person reads it, or None when nobody says."""
    try:
        doc = json.loads((state / HOLDER_FILE).read_text(encoding="utf-8"))
        return (f"another bm-review ({doc['what']}, process {doc['pid']} on {doc['host']}, "
                f"since {doc['since']})")
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _say_holder(state: Path, what: str) -> None:
    doc = {"what": what, "pid": os.getpid(), "host": socket.gethostname(),
           "since": dt.datetime.now(dt.UTC).strftime("%H:%M:%S UTC"),
           "command": " ".join(sys.argv[:3])}
    tmp = state / f".{HOLDER_FILE}.{os.getpid()}"
    with contextlib.suppress(OSError):
        tmp.write_text(json.dumps(doc), encoding="utf-8")
        os.replace(tmp, state / HOLDER_FILE)


@contextlib.contextmanager
def project_lock(state: Path, what: str, *, wait: float | None = None) -> Iterator[None]:
    """Hold the project lock while `what` (apply, undo, upsert...) writes.

    `wait`: seconds to wait for another holder (None: as long as it takes, 0: not at
    all); raises ProjectBusy naming the holder when it is still held then.
    """
    state.mkdir(parents=True, exist_ok=True)
    lock = _lock(state)
    try:
        lock.acquire(timeout=-1 if wait is None else wait)
    except Timeout:
        raise ProjectBusy(holder(state) or "another bm-review process") from None
    outermost = lock.lock_counter == 1
    if outermost:
        _say_holder(state, what)
    try:
        yield
    finally:
        if outermost:
            with contextlib.suppress(OSError):
                (state / HOLDER_FILE).unlink()
        lock.release()
