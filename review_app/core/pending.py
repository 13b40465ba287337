"""The pending-review queue: note proposals an agent asked a person to decide.

`.bm-review/pending.jsonl` is append-only. A proposal is one line; deciding it
appends a resolution line (`{"resolved": id, ...}`), so the file is also the
history of what was decided. Every writer holds the project lock while it writes one
whole line with the one JSON-lines appender (`jsonl.append_record`), so lines from
several agents can neither interleave nor be lost.
A decision whose write is undone (`bm-review undo`) puts its proposal back.
"""

from __future__ import annotations

import contextlib
import json
import secrets
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .dating import now_iso, utc_now
from .jsonl import append_record
from .project_lock import ProjectBusy, project_lock

PENDING_FILE = "pending.jsonl"
LOCK_TIMEOUT_S = 15.0

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


class PendingQueue:
    """Proposals waiting for a person, kept in `<state_dir>/pending.jsonl`."""

    def __init__(self, state_dir: Path | str) -> None:
        self.state_dir = Path(state_dir)
        self.path = self.state_dir / PENDING_FILE
        self.problems: list[str] = []  # unreadable lines seen by the last read

    @contextlib.contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the queue lock (e.g. to decide a proposal and record it as one step)."""
        try:
            with project_lock(self.state_dir, "review queue", wait=LOCK_TIMEOUT_S):
                yield
        except ProjectBusy as exc:
            raise QueueError(f"{exc}; the pending-review queue was not changed, try again"
                             ) from None

    def _append_line(self, record: dict[str, Any]) -> None:
        try:
            append_record(self.path, record, compact=True)
        except OSError as exc:  # a full disk; never leave half a line behind silently
            raise QueueError(f"could not write the whole record to {self.path} "
                             f"({exc.strerror or exc})") from None

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
