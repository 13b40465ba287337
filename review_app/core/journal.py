"""Durable file operations and the apply journal in `<state>/journal/<apply-id>.json`.

Every write is atomic (temp file in the same folder, fsync, rename, fsync of the
folder), so a crash leaves either the old or the new bytes, never a torn file.
Temp files start with a dot: neither basic-memory nor our own walker reads them.

Backups are real copies (see `checked_write.copy_backup`: an editor writing the note
in place cannot reach them), and restoring is a rename of the backup back into
place: a restored note has its bytes, mode and mtime, and a rollback needs no new
disk space, so it works while the disk is full. Paths are looked at with `lstat` before anything is
opened: a FIFO, socket, device or folder where a note should be is reported, never
read (reading a FIFO blocks forever).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import secrets
import shutil
import stat
import tempfile
from collections.abc import Iterator
from glob import escape as glob_escape
from pathlib import Path, PurePosixPath
from typing import Any

from .dating import now_iso, utc_now

TMP_SUFFIX = ".bmr-tmp"
JOURNAL_DIR = "journal"
TRASH_DIR = "trash"
OVERWRITTEN_DIR = "overwritten"
TWINS_DIR = ".twins"

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


# Markers `file_state` returns instead of a hash for what must never be opened.
DIRECTORY = "<directory>"
SPECIAL = "<not a regular file>"
OUTSIDE = "<symlink leaving the project>"
BROKEN = "<broken symlink>"


def is_blocked(state: str | None) -> bool:
    """A state that is neither absent nor a file's hash: nothing can be written there."""
    return state is not None and state.startswith("<")


def describe_blocked(state: str) -> str:
    return {DIRECTORY: "a folder", SPECIAL: "not a regular file (a FIFO, socket or device)",
            OUTSIDE: "a symlink that leaves the project", BROKEN: "a broken symlink"
            }.get(state, state.strip("<>"))


def _kind(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    return DIRECTORY if stat.S_ISDIR(mode) else SPECIAL


def file_state(path: Path, root: Path | None = None) -> str | None:
    """sha256 of the file at `path` (through a symlink that stays inside `root`),
    None when nothing is there, or a marker (see `is_blocked`). Never opens a
    non-regular file."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return SPECIAL
    if stat.S_ISLNK(st.st_mode):
        try:
            real = path.resolve(strict=True)
        except (OSError, RuntimeError):
            return BROKEN
        if root is not None and not real.is_relative_to(root.resolve()):
            return OUTSIDE
        try:
            st = os.stat(real)
        except OSError:
            return BROKEN
        path = real
    kind = _kind(st.st_mode)
    if kind is not None:
        return kind
    try:
        # O_NONBLOCK: should the file be swapped for a FIFO after the lstat, open returns
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    except OSError:
        return SPECIAL
    try:
        if _kind(os.fstat(fd).st_mode) is not None:
            return SPECIAL
        h = hashlib.sha256()
        while chunk := os.read(fd, 1 << 20):
            h.update(chunk)
        return h.hexdigest()
    finally:
        os.close(fd)


def sha256_file(path: Path) -> str | None:
    """Hash of a file's bytes, None when it does not exist, a marker for non-files."""
    return file_state(path)


def owner_cannot_write(path: Path) -> int | None:
    """The file's mode when its owner has no write permission (a read-only note)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    return None if mode & stat.S_IWUSR else mode & 0o7777


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def checked_relative(rel: str) -> PurePosixPath:
    """`rel` as a relative path that stays below its root: no '..', no absolute path."""
    p = PurePosixPath(rel) if isinstance(rel, str) else None
    if (p is None or not rel or p.is_absolute() or ".." in p.parts or "\\" in rel
            or "\0" in rel):
        raise UnsafePath(f"refusing unsafe path {rel!r}")
    return p


def safe_join(root: Path, rel: str) -> Path:
    """root/rel, refusing absolute paths, '..' and anything that leaves root."""
    p = checked_relative(rel)
    full = root / Path(*p.parts)
    if not full.resolve().is_relative_to(root.resolve()):
        raise UnsafePath(f"refusing path {rel!r}: it leaves {root}")
    return full


def entry_path(root: Path, rel: str) -> Path:
    """root/rel whose folder lies inside root; the last part itself may be a symlink
    (pointing anywhere): it is the link that is renamed or removed, never followed."""
    p = checked_relative(rel)
    full = root / Path(*p.parts)
    if not full.parent.resolve().is_relative_to(root.resolve()):
        raise UnsafePath(f"refusing path {rel!r}: its folder leaves {root}")
    return full


def link_target(path: Path) -> str | None:
    """The target string of a symlink, None for anything else."""
    try:
        return os.readlink(path)
    except OSError:
        return None


def restore_entry(backup: Path, target: Path) -> None:
    """Move a backup back into place by rename (no new space); copy only across
    filesystems. A symlink comes back as the same link."""
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.replace(backup, target)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        tmp = target.parent / f".{target.name}.{secrets.token_hex(4)}{TMP_SUFFIX}"
        if os.path.islink(backup):
            os.symlink(os.readlink(backup), tmp)
        else:
            shutil.copy2(backup, tmp, follow_symlinks=False)
        os.replace(tmp, target)
    fsync_dir(target.parent)


def move_aside(path: Path, dst: Path) -> None:
    """Keep what someone else wrote at `path` under `dst`, by rename when possible."""
    dst.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        os.replace(path, dst)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        shutil.copy2(path, dst, follow_symlinks=False)
        os.unlink(path)


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
    """Remove a file or a symlink (the link, not its target)."""
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
    fsync_dir(path.parent)


def clean_temp_files(path: Path) -> None:
    """Remove temp files an interrupted atomic write of `path` may have left."""
    with contextlib.suppress(OSError):
        # checked_write names its temps after the first 80 characters of the note's name
        for tmp in path.parent.glob(f".{glob_escape(path.name[:80])}.*{TMP_SUFFIX}"):
            with contextlib.suppress(OSError):
                tmp.unlink()


def new_apply_id() -> str:
    """Sortable by time, unique across processes."""
    now = utc_now()
    return f"{now:%Y%m%dT%H%M%S}-{secrets.token_hex(3)}"


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

    def twin_path(self, rel: str) -> Path:
        """A hard link to a note that had other links: restoring it restores them."""
        return safe_join(self.trash / TWINS_DIR, rel)

    def save(self, status: str | None = None) -> None:
        """Write the journal; on failure (disk full) it keeps the status it had."""
        data = dict(self.data)
        if status is not None:
            data["status"] = status
            data["history"] = [*data.get("history", []), {"status": status, "time": now_iso()}]
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        atomic_write_bytes(self.path, text.encode("utf-8"))
        self.data = data


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
    """Every readable journal, oldest first (ids share a second; `started_ns` orders
    applies made within one)."""
    folder = state / JOURNAL_DIR
    if not folder.is_dir():
        return
    found: list[Journal] = []
    for path in sorted(folder.glob("*.json")):
        try:
            if not path.is_file():
                continue
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("id") == path.stem:
            found.append(Journal(state, data))
    found.sort(key=order_key)
    yield from found


def order_key(journal: Journal) -> tuple[str, int, str]:
    started = journal.data.get("started_ns")
    return (journal.id[:15], started if isinstance(started, int) else 0, journal.id)


APPLY_WAIT_S = 60.0
"""How long an apply or undo waits for another writer of the project (another apply,
an upsert, a console applying) before it refuses, naming it."""


@contextlib.contextmanager
def apply_lock(state: Path, *, blocking: bool = True, what: str = "apply") -> Iterator[bool]:
    """The project lock (`project_lock`), held over applies/undo/recovery.

    Yields False when `blocking` is False and another holds it. Blocking, it waits up
    to APPLY_WAIT_S, then raises ProjectBusy naming the holder.
    """
    from .project_lock import ProjectBusy, project_lock

    with contextlib.ExitStack() as stack:
        try:
            stack.enter_context(project_lock(state, what,
                                             wait=APPLY_WAIT_S if blocking else 0))
        except ProjectBusy:
            if blocking:
                raise
            yield False
            return
        yield True
