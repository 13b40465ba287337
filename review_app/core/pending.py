"""The pending-review queue: note proposals an agent asked a person to decide.

`.bm-review/pending.jsonl` is append-only. A proposal is one line; deciding it
appends a resolution line (`{"resolved": id, ...}`), so the file is also the
history of what was decided. Every writer holds a lock file while it writes one
whole line with a single `os.write` on an O_APPEND descriptor, so lines from
several agents can neither interleave nor be lost, on POSIX and Windows alike.
A decision whose write is undone (`bm-review undo`) puts its proposal back.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .dating import now_iso, utc_now

PENDING_FILE = "pending.jsonl"
LOCK_FILE = "pending.lock"
LOCK_TIMEOUT_S = 15.0
STALE_LOCK_S = 60.0
"""A lock older than this is left over from a crash: queue operations take milliseconds."""

CHOICES = ("update", "merge", "create", "discard")
"""What a person may do with a queued proposal (named here once)."""
OUTCOMES = ("updated", "merged", "created", "discarded")


class QueueError(Exception):
    """The queue cannot be read or written; the message says why."""


@dataclass
class Proposal:
    """A note an agent proposed, with the existing notes it resembles."""

    id: str
    title: str
    content: str
    directory: str
    path: str  # where the note would be created
    matches: list[dict[str, Any]]  # {path, title, score, evidence, reasons, important, sha256}
    created: str  # ISO time, UTC
    caller: str | None = None
    on_match: str = "ask"
    reason: str = ""  # why it was queued, e.g. "the matching note is important"
    threshold: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> dict[str, Any] | None:
        return self.matches[0] if self.matches else None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Proposal:
        known = {f for f in cls.__dataclass_fields__}
        return cls(**{k: v for k, v in doc.items() if k in known})


def new_proposal_id() -> str:
    return utc_now().strftime("%Y%m%dT%H%M%S") + "-" + secrets.token_hex(4)


class _Lock:
    """A lock file created with O_CREAT|O_EXCL (atomic on every OS and on network shares)."""

    def __init__(self, path: Path, timeout: float = LOCK_TIMEOUT_S) -> None:
        self.path = path
        self.timeout = timeout

    def _stale(self) -> bool:
        try:
            age = time.time() - self.path.stat().st_mtime
            owner = self.path.read_text(encoding="utf-8").split()
        except (OSError, ValueError):
            return False
        if age > STALE_LOCK_S:
            return True
        if len(owner) >= 2 and owner[1] == socket.gethostname() and os.name == "posix":
            try:
                os.kill(int(owner[0]), 0)
            except ProcessLookupError:
                return True  # its process is gone
            except (PermissionError, ValueError):
                return False
        return False

    def __enter__(self) -> _Lock:
        deadline = time.monotonic() + self.timeout
        delay = 0.002
        while True:
            try:
                fd = os.open(self.path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                if self._stale():
                    with contextlib.suppress(FileNotFoundError):
                        self.path.unlink()
                    continue
                if time.monotonic() > deadline:
                    raise QueueError(
                        f"the pending-review queue is locked by another process ({self.path}); "
                        "if no bm-review is running, delete that file") from None
                time.sleep(delay)
                delay = min(delay * 2, 0.05)
                continue
            try:
                os.write(fd, f"{os.getpid()} {socket.gethostname()}\n".encode())
            finally:
                os.close(fd)
            return self

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()


class PendingQueue:
    """Proposals waiting for a person, kept in `<state_dir>/pending.jsonl`."""

    def __init__(self, state_dir: Path | str) -> None:
        self.state_dir = Path(state_dir)
        self.path = self.state_dir / PENDING_FILE
        self.problems: list[str] = []  # unreadable lines seen by the last read

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the queue lock (e.g. to decide a proposal and record it as one step)."""
        self.state_dir.mkdir(parents=True, exist_ok=True)
        with _Lock(self.state_dir / LOCK_FILE):
            yield

    def _append_line(self, record: dict[str, Any]) -> None:
        line = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
        data = line.encode("utf-8")
        flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)
        fd = os.open(self.path, flags, 0o644)
        try:
            if os.fstat(fd).st_size:  # a line torn by a crash must not swallow this one
                os.lseek(fd, -1, os.SEEK_END)
                if os.read(fd, 1) != b"\n":
                    data = b"\n" + data
            written = os.write(fd, data)
            if written != len(data):  # a full disk; never leave half a line behind silently
                raise QueueError(f"could not write the whole proposal to {self.path} "
                                 f"({written} of {len(data)} bytes)")
            os.fsync(fd)
        finally:
            os.close(fd)

    def append(self, proposal: Proposal, *, lock: bool = True) -> Proposal:
        if lock:
            with self.locked():
                self._append_line(proposal.to_json())
        else:
            self._append_line(proposal.to_json())
        return proposal

    def _records(self) -> list[dict[str, Any]]:
        self.problems = []
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise QueueError(f"cannot read {self.path}: {exc.strerror or exc}") from exc
        out = []
        for n, line in enumerate(raw.split(b"\n"), 1):
            if not line.strip():
                continue
            try:
                doc = json.loads(line.decode("utf-8"))
                if not isinstance(doc, dict):
                    raise ValueError("not an object")
            except (ValueError, UnicodeDecodeError) as exc:
                self.problems.append(f"line {n}: {exc}")
                continue
            out.append(doc)
        return out

    def items(self) -> list[Proposal]:
        """Open proposals, oldest first.

        A proposal whose decision wrote a note through the journal is open again once
        that apply is undone (`bm-review undo`): undoing the write undoes the decision.
        """
        last: dict[str, dict[str, Any]] = {}
        proposals: dict[str, Proposal] = {}
        for doc in self._records():
            if "resolved" in doc:
                last[str(doc["resolved"])] = doc
            elif "id" in doc:
                try:
                    proposals[doc["id"]] = Proposal.from_json(doc)
                except TypeError as exc:
                    self.problems.append(f"proposal {doc.get('id')}: {exc}")
        return [p for pid, p in proposals.items()
                if pid not in last or self._undone(last[pid].get("apply_id"))]

    def _undone(self, apply_id: object) -> bool:
        """The apply that carried out a decision was undone (read-only journal look-up)."""
        if not isinstance(apply_id, str) or not apply_id:
            return False
        from .journal import UNDONE, UnsafePath, load_journal

        try:
            journal = load_journal(self.state_dir, apply_id)
        except (OSError, ValueError, UnsafePath):
            return False
        return journal is not None and journal.data.get("status") == UNDONE

    def get(self, proposal_id: str) -> Proposal | None:
        return next((p for p in self.items() if p.id == proposal_id), None)

    def history(self) -> list[dict[str, Any]]:
        """Resolution records, oldest first."""
        return [doc for doc in self._records() if "resolved" in doc]

    def resolve(self, proposal_id: str, outcome: str, *, lock: bool = True,
                **details: Any) -> dict[str, Any]:
        """Take a proposal off the queue, recording what became of it."""
        if outcome not in OUTCOMES:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, not {outcome!r}")
        ctx = self.locked() if lock else contextlib.nullcontext()
        with ctx:
            if self.get(proposal_id) is None:
                raise QueueError(f"no pending proposal {proposal_id!r} (already decided?)")
            record = {"resolved": proposal_id, "outcome": outcome, "time": now_iso(), **details}
            self._append_line(record)
        return record
