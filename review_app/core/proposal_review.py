"""The agent proposals queued by `upsert_note(on_match="ask")`, and their decisions
(plain Python, no textual; the proposals pane shows them)."""

from __future__ import annotations

import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .notes import PROPOSED_PREFIX, Note, parse_note
from .pending import CHOICES, PendingQueue, Proposal, QueueError
from .project import Project, read_note


@dataclass(frozen=True)
class QueueState:
    items: list[Proposal]
    problems: list[str]
    signature: tuple[int, int] | None


@dataclass
class ProposalReview:
    """The proposals agents queued with `upsert_note(on_match="ask")`, and their decisions.

    The queue file is the truth: it is re-read after every decision and whenever it
    changes on disk (agents keep appending while the console is open).
    """

    project: Project
    items: list[Proposal] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    _signature: tuple[int, int] | None = None
    # Notes read from disk, by path, with the (mtime, size) they were read at: the keys'
    # refusal asks for the selected match on every refresh of the bindings.
    _notes: dict[str, tuple[tuple[int, int], Note | None]] = field(default_factory=dict)
    _proposed: dict[str, Note] = field(default_factory=dict)  # by proposal id
    # the project's notes as relation targets (ReviewSession.targets), as decide resolves them
    targets: Callable[[], Mapping[str, str]] | None = None

    @classmethod
    def open(cls, project: Project) -> ProposalReview:
        review = cls(project)
        review.reload()
        return review

    @property
    def queue(self) -> PendingQueue:
        return PendingQueue(self.project.state)

    def _stat(self) -> tuple[int, int] | None:
        try:
            st = self.queue.path.stat()
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size)

    def read(self) -> QueueState:
        """The queue as it is on disk now, without changing what is shown (a worker reads
        it; the pane adopts it on the UI thread)."""
        queue = self.queue
        signature = self._stat()
        try:
            return QueueState(queue.items(), list(queue.problems), signature)
        except QueueError as exc:
            return QueueState([], [str(exc)], signature)

    def adopt(self, state: QueueState) -> None:
        self.items, self.problems, self._signature = state.items, state.problems, state.signature

    def reload(self) -> None:
        self.adopt(self.read())

    def changed_on_disk(self) -> bool:
        return self._stat() != self._signature

    def get(self, proposal_id: str | None) -> Proposal | None:
        return next((p for p in self.items if p.id == proposal_id), None)

    def match_note(self, path: str) -> Note | None:
        """The matched note as it is on disk now (it may have changed since the queueing)."""
        full = self.project.root / path
        try:
            st = full.stat()
        except OSError:
            return None
        if not stat.S_ISREG(st.st_mode):
            return None
        key = (st.st_mtime_ns, st.st_size)
        seen = self._notes.get(path)
        if seen is not None and seen[0] == key:
            return seen[1]
        read = read_note(path, full)
        note = read if isinstance(read, Note) else None
        self._notes[path] = (key, note)
        return note

    def proposed_note(self, proposal: Proposal) -> Note:
        """The note `create` would write (frontmatter as upsert_note renders it)."""
        from .upsert import new_note_text, split_content

        if proposal.id in self._proposed:  # a proposal's text never changes
            return self._proposed[proposal.id]

        fm, body = split_content(proposal.content)
        text = new_note_text(proposal.title, proposal.path, fm, body,
                             list(proposal.extra.get("tags") or []), set())
        note = parse_note(PROPOSED_PREFIX + proposal.path, text.encode("utf-8"))
        if not isinstance(note, Note):
            raise ValueError(note.error)
        self._proposed[proposal.id] = note
        return note

    def merged_text(self, proposal: Proposal, path: str) -> str | None:
        """What `merge` would write into `path`, or None when that note is gone."""
        from .upsert import merged_note_text

        target = self.match_note(path)
        if target is None:
            return None
        return merged_note_text(target, self.proposed_note(proposal), self.project.state,
                                self.targets() if self.targets else None)

    def refusal(self, choice: str, proposal: Proposal | None, match: str | None) -> str | None:
        """Why `choice` makes no sense here, or None. Updating an important note is a
        person's call (upsert_note only refuses it to agents), so it is allowed."""
        if proposal is None:
            return "no proposal selected"
        if choice in ("update", "merge"):
            if not proposal.matches:
                return f"cannot {choice}: this proposal matched no note; create it or discard it"
            if match is None:
                return "select a matching note in the match list first"
            if self.match_note(match) is None:
                return f"cannot {choice}: {match} is no longer a readable note"
        return None

    def decide(self, proposal_id: str, choice: str, target: str | None) -> dict[str, Any]:
        """Blocking (a worker thread calls it): writes through the apply engine's journal."""
        from .upsert import decide_pending

        if choice not in CHOICES:
            raise ValueError(f"unknown choice {choice!r}")
        return decide_pending(self.project, proposal_id, choice,
                              target if choice in ("update", "merge") else None)
