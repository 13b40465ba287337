"""Durable file operations and the apply journal in `<state>/journal/<apply-id>.json`.

Every write is atomic (temp file in the same folder, fsync, rename, fsync of the
folder), so a crash leaves either the old or the new bytes, never a torn file.
Temp files start with a dot: neither basic-memory nor our own walker reads them.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import json
import os
import secrets
import tempfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

TMP_SUFFIX = ".bmr-tmp"
JOURNAL_DIR = "journal"
TRASH_DIR = "trash"
OVERWRITTEN_DIR = "overwritten"
LOCK_FILE = "apply.lock"

# Journal status values, in the order an apply goes through them.
PREPARING = "preparing"  # journal written, backups being made; no note touched yet
APPLYING = "applying"  # backups complete; notes being written
APPLIED = "applied"
ROLLED_BACK = "rolled_back"
UNDOING = "undoing"
UNDONE = "undone"
UNFINISHED = (PREPARING, APPLYING, UNDOING)


class UnsafePath(ValueError):
    pass


def sha256_file(path: Path) -> str | None:
    """Hash of a file's bytes, None when it does not exist."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        return "<directory>"
    return hashlib.sha256(data).hexdigest()


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def safe_join(root: Path, rel: str) -> Path:
    """root/rel, refusing absolute paths, '..' and anything that leaves root."""
    p = PurePosixPath(rel)
    if not rel or p.is_absolute() or ".." in p.parts or "\\" in rel:
        raise UnsafePath(f"refusing unsafe path {rel!r}")
    full = root / Path(*p.parts)
    if not full.resolve().is_relative_to(root.resolve()):
        raise UnsafePath(f"refusing path {rel!r}: it leaves {root}")
    return full


def fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):  # not supported on every platform/filesystem
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def atomic_write_bytes(path: Path, data: bytes, *, mode: int | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        try:
            mode = path.stat().st_mode & 0o7777
        except FileNotFoundError:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def remove_file(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    fsync_dir(path.parent)


def clean_temp_files(path: Path) -> None:
    """Remove temp files an interrupted atomic write of `path` may have left."""
    with contextlib.suppress(OSError):
        for tmp in path.parent.glob(f".{path.name}.*{TMP_SUFFIX}"):
            with contextlib.suppress(OSError):
                tmp.unlink()


def new_apply_id() -> str:
    """Sortable by time, unique across processes."""
    now = dt.datetime.now(dt.UTC)
    return f"{now:%Y%m%dT%H%M%S}-{secrets.token_hex(3)}"


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


class Journal:
    """One apply's record: what changes, the hashes before and after, where backups are."""

    def __init__(self, state: Path, data: dict[str, Any]) -> None:
        self.state = state
        self.data = data

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def status(self) -> str:
        return self.data["status"]

    @property
    def path(self) -> Path:
        return journal_path(self.state, self.id)

    @property
    def trash(self) -> Path:
        return self.state / TRASH_DIR / self.id

    def backup_path(self, rel: str) -> Path:
        return safe_join(self.trash, rel)

    def save(self, status: str | None = None) -> None:
        if status is not None:
            self.data["status"] = status
            self.data.setdefault("history", []).append({"status": status, "time": now_iso()})
        text = json.dumps(self.data, indent=2, ensure_ascii=False) + "\n"
        atomic_write_bytes(self.path, text.encode("utf-8"))


def journal_path(state: Path, apply_id: str) -> Path:
    if not apply_id or "/" in apply_id or "\\" in apply_id or apply_id.startswith("."):
        raise UnsafePath(f"not an apply id: {apply_id!r}")
    return state / JOURNAL_DIR / f"{apply_id}.json"


def load_journal(state: Path, apply_id: str) -> Journal | None:
    path = journal_path(state, apply_id)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    return Journal(state, data)


def journals(state: Path) -> Iterator[Journal]:
    """Every readable journal, oldest first."""
    folder = state / JOURNAL_DIR
    if not folder.is_dir():
        return
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("id") == path.stem:
            yield Journal(state, data)


@contextlib.contextmanager
def apply_lock(state: Path, *, blocking: bool = True) -> Iterator[bool]:
    """Exclusive lock over applies/undo/recovery in one state folder.

    Yields False when `blocking` is False and another process holds it. The
    kernel drops the lock when its holder dies, so a killed apply never leaves it.
    """
    state.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks; single-process use assumed
        yield True
        return
    fd = os.open(state / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
