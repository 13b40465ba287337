"""Writes that never replace an edit made beside them.

Other programs write notes while an apply runs: basic-memory's sync (temp file +
rename), editors (in place), agents. A note is replaced only if, at that moment, it
is still the file that was backed up: same identity (device, inode, size, mtime)
and same bytes. Where the kernel allows (Linux `renameat2(RENAME_EXCHANGE)`), the
new file is swapped in atomically and what it displaced is checked afterwards, so
even a rename that lands between the check and the swap is seen and swapped back.
Backups are real copies (fsynced, mode and mtime kept): an in-place write to the
note cannot reach them.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import hashlib
import os
import secrets
import stat
from collections.abc import Callable
from pathlib import Path

from .journal import TMP_SUFFIX, fsync_dir, restore_entry

Identity = tuple[int, int, int, int]  # st_dev, st_ino, st_size, st_mtime_ns
FileId = tuple[int, int]  # st_dev, st_ino
TAKEN_SUFFIX = ".bmr-taken"
_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


class Changed(Exception):  # noqa: N818 - reads as what happened
    """The file is not the one backed up: someone else changed, moved or removed it."""


def identity(st: os.stat_result) -> Identity:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _sha_fd(fd: int) -> str:
    h = hashlib.sha256()
    while chunk := os.read(fd, 1 << 20):
        h.update(chunk)
    return h.hexdigest()


def current(path: Path, *, follow: bool = True) -> tuple[Identity, str] | None:
    """(identity, sha256) of the regular file at `path` (a symlink's own identity and
    target string when `follow` is False), None when nothing is there."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(st.st_mode) and not follow:
        return identity(st), "link:" + os.readlink(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            return identity(st), "<not a regular file>"
        sha = _sha_fd(fd)
        return identity(os.fstat(fd)), sha
    finally:
        os.close(fd)


def copy_backup(src: Path, dst: Path, *, follow: bool = True) -> Identity:
    """Copy `src` to `dst` (a new file: bytes, mode, mtime; a symlink as the link when
    `follow` is False), fsynced. Returns the identity of the source as read."""
    dst.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with contextlib.suppress(FileNotFoundError):
        dst.unlink()
    if not follow and os.path.islink(src):
        st = os.lstat(src)
        os.symlink(os.readlink(src), dst)
        fsync_dir(dst.parent)
        return identity(st)
    fd = os.open(src, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, f"{src} is not a regular file")
        out = os.open(dst, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            while chunk := os.read(fd, 1 << 20):
                _write_all(out, chunk)
            os.fchmod(out, stat.S_IMODE(st.st_mode))
            os.fsync(out)
        finally:
            os.close(out)
        os.utime(dst, ns=(st.st_atime_ns, st.st_mtime_ns))
        after = os.fstat(fd)
    finally:
        os.close(fd)
    if identity(after) != identity(st):
        raise Changed(f"{src} changed while it was backed up")
    fsync_dir(dst.parent)
    return identity(st)


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two names; False where the kernel or filesystem cannot."""
    fn = getattr(_libc(), "renameat2", None)
    if fn is None:
        return False
    if fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP, errno.EXDEV):
        return False
    raise OSError(err, os.strerror(err), str(b))


_LIBC: list[ctypes.CDLL | None] = []


def _libc() -> ctypes.CDLL | None:
    if not _LIBC:
        try:
            _LIBC.append(ctypes.CDLL(None, use_errno=True))
        except OSError:
            _LIBC.append(None)
    return _LIBC[0]


def _temp_beside(path: Path, suffix: str = TMP_SUFFIX) -> Path:
    return path.parent / f".{path.name[:80]}.{secrets.token_hex(4)}{suffix}"


class _Folder:
    """The folder of `path`, held open where the platform allows: a temp made in it is
    removed from it at the end even when another program renamed the folder meanwhile
    (a fuzzing pass found a write's temp file left in a folder renamed mid-apply). Only
    a file that is still ours is removed that way: after a swap the temp's name holds
    what the swap displaced, perhaps another program's edit, and that is left to the
    path as before (an adversarial review)."""

    def __init__(self, path: Path) -> None:
        self.fd: int | None = None
        if {os.open, os.link, os.stat, os.unlink} <= os.supports_dir_fd \
                and hasattr(os, "O_DIRECTORY"):
            with contextlib.suppress(OSError):
                self.fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY)

    def create(self, tmp: Path, mode: int) -> tuple[int, FileId]:
        """An fd of the new file `tmp` (never one already there), made in this folder,
        and what identifies it."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL
        fd = os.open(tmp, flags, mode) if self.fd is None \
            else os.open(tmp.name, flags, mode, dir_fd=self.fd)
        st = os.fstat(fd)
        return fd, (st.st_dev, st.st_ino)

    def link(self, src: Path, tmp: Path) -> FileId:
        """A second name `tmp` of `src` in this folder, and what identifies it."""
        if self.fd is None:
            os.link(src, tmp, follow_symlinks=False)
        else:
            os.link(src, tmp.name, dst_dir_fd=self.fd, follow_symlinks=False)
        st = os.lstat(src)
        return st.st_dev, st.st_ino

    def remove(self, tmp: Path, ours: FileId) -> None:
        """Remove `tmp` from this folder, wherever it is now, while it is still `ours`;
        anything else there is removed by its path, as before (gone: nothing to do)."""
        if self.fd is not None:
            try:
                st = os.stat(tmp.name, dir_fd=self.fd, follow_symlinks=False)
            except FileNotFoundError:
                return
            if (st.st_dev, st.st_ino) == ours:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp.name, dir_fd=self.fd)
                return
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)

    def __enter__(self) -> _Folder:
        return self

    def __exit__(self, *_: object) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _expect(path: Path, want: tuple[Identity, str], follow: bool = True) -> None:
    now = current(path, follow=follow)
    if now is None:
        raise Changed("moved or deleted by another program")
    if now != want:
        raise Changed("changed by another program")


def replace_checked(path: Path, data: bytes, want: tuple[Identity, str],
                    keep_displaced_in: Path) -> None:
    """Replace the file at `path` by `data` only while it is still `want`
    (identity, sha256). Raises Changed, leaving what is there, when it is not.

    Should another writer's file land between the last check and the swap, it is
    swapped back; if that cannot be done it is kept under `keep_displaced_in`.
    """
    mode = stat.S_IMODE(os.stat(path).st_mode) if os.path.exists(path) else 0o644
    tmp = _temp_beside(path)
    with _Folder(path) as folder:
        fd, ours = folder.create(tmp, 0o600)
        try:
            try:
                _write_all(fd, data)
                os.fchmod(fd, mode)
                os.fsync(fd)
            finally:
                os.close(fd)
            _swap_in(tmp, path, want, keep_displaced_in, os.replace)
        finally:
            folder.remove(tmp, ours)


def _swap_in(new: Path, path: Path, want: tuple[Identity, str], keep_displaced_in: Path,
             move: Callable[[Path, Path], object]) -> None:
    """Put the file `new` at `path` while `path` is still `want`. Where the kernel swaps
    atomically, what it displaced (now at `new`) is checked and, should another writer's
    file have landed between the check and the swap, swapped back (Changed; kept under
    `keep_displaced_in` if that cannot be done). Elsewhere `move` after the last check."""
    _expect(path, want)
    if not _exchange(new, path):
        move(new, path)  # no atomic swap here: the check above is the last look
        fsync_dir(path.parent)
        return
    try:
        _expect(new, want)
    except Changed:
        if not _exchange(new, path):
            _keep(new, keep_displaced_in / path.name)
        raise
    fsync_dir(path.parent)


def create_checked(path: Path, data: bytes,
                   still: Callable[[], None] = lambda: None) -> None:
    """Create `path` with `data`; Changed when something appeared there meanwhile.
    `still` raises Changed when `path` no longer lies where it should (its folder moved
    out of the project): asked just before the file appears and just after; after, the
    new file is taken back (a fuzzing pass: an upsert created its note outside)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    umask = os.umask(0)
    os.umask(umask)
    tmp = _temp_beside(path)
    with _Folder(path) as folder:
        fd, ours = folder.create(tmp, 0o666 & ~umask)
        try:
            try:
                _write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            still()
            try:
                os.link(tmp, path)  # never over a file that appeared meanwhile
            except FileExistsError:
                raise Changed("created by another program") from None
            try:
                still()
            except Changed:
                with contextlib.suppress(OSError):
                    if os.path.samefile(tmp, path):  # ours: taken back from where it went
                        os.unlink(path)
                raise
            fsync_dir(path.parent)
        finally:
            folder.remove(tmp, ours)


def remove_checked(path: Path, want: tuple[Identity, str], *, follow: bool,
                   keep_displaced_in: Path) -> None:
    """Remove `path` (the link itself when `follow` is False) only while it is still
    `want`: it is taken aside by rename first, checked, and put back when it is not."""
    _expect(path, want, follow)
    taken = _temp_beside(path, TAKEN_SUFFIX)
    os.rename(path, taken)
    try:
        _expect(taken, want, follow)
    except Changed:
        try:
            os.link(taken, path, follow_symlinks=False)  # never over a newer file
            os.unlink(taken)
        except OSError:
            _keep(taken, keep_displaced_in / path.name)
        raise
    os.unlink(taken)
    fsync_dir(path.parent)


def put_back_checked(src: Path, path: Path, want: tuple[Identity, str],
                     keep_displaced_in: Path, *, same_inode: bool = False) -> None:
    """Put the file `src` (a backup) at `path` only while `path` is still `want`: an
    undo's `replace_checked`. Raises Changed, leaving `path` and `src` as they are, when
    it is not; an edit landing between the last check and the swap is swapped back (an
    edit saved as an undo put the note back was lost without a word: a fuzzing pass).

    A second name of `src` (a hard link beside `path`) is swapped in and `src` removed
    last, so a crash at any point leaves either the note as it was or the note put back,
    and the backup whole (an adversarial review: a crash right after the swap left the
    apply's text in the backup's place, and every later command reported a damaged
    backup). `same_inode`: `src` itself is put back (a hard link's twin: the link to the
    other file is what is restored).
    """
    _expect(path, want)
    tmp = src if same_inode else _temp_beside(path)
    with _Folder(path) as folder:
        ours: FileId | None = None
        if tmp != src:
            try:  # a second name for the backup: no new space (a rollback on a full disk)
                ours = folder.link(src, tmp)
            except OSError:
                tmp = src  # another filesystem: the backup itself is moved
        try:
            _swap_in(tmp, path, want, keep_displaced_in, restore_entry)
        finally:
            if ours is not None:  # what the swap displaced, or the backup's unused name
                folder.remove(tmp, ours)
    for done in (tmp, src):  # put back: what it displaced there (same_inode), the backup last
        with contextlib.suppress(FileNotFoundError):
            os.unlink(done)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _keep(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if dst.exists():
        dst = dst.with_name(f"{dst.name}.{secrets.token_hex(3)}")
    os.replace(src, dst)
