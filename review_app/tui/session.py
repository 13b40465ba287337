"""The review state behind the console: groups, decisions, edits, undo, the plan.

Plain Python (no textual) so the rules are testable on their own and the
screens stay thin. Decisions are written through `DecisionStore` the moment
they are made; canonical changes (`c`) and removed members (`x`) are written
to the `EditStore` as they are made (and travel with the group's decision).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from ..core.decisions import Decision, DecisionStore
from ..core.edits import EditStore, GroupEdit
from ..core.grouping import Group, Member
from ..core.notes import Note, parse_note
from ..core.pending import PendingQueue, Proposal, QueueError
from ..core.pipeline import ScanOptions, ScanResult, group_json
from ..core.project import Project, read_note
from ..core.strategies import Target

DECISION_ACTIONS = ("update", "merge", "skip", "distinct")
THRESHOLD_STEP = 0.05


@dataclass
class _Edit:
    """An in-memory edit (`c`/`x`) that `z` can take back."""

    group_id: str
    overrides: str | None
    removed: list[str]


@dataclass
class ReviewSession:
    result: ScanResult
    store: DecisionStore
    threshold: float = 0.0
    groups: list[Group] = field(default_factory=list)
    decisions: dict[str, Decision] = field(default_factory=dict)
    overrides: dict[str, str] = field(default_factory=dict)  # group id -> chosen canonical
    removed: dict[str, list[str]] = field(default_factory=dict)  # group id -> paths taken out
    by_id: dict[str, Group] = field(default_factory=dict)
    window: set[str] | None = None  # audit (--since): notes changed in the window
    window_label: str = ""
    pending_ids: frozenset[str] = frozenset()  # audit: groups earlier audits left undecided
    edits: EditStore | None = None
    _undo: list[str | _Edit] = field(default_factory=list)  # group ids (decisions) and edits

    @classmethod
    def open(cls, result: ScanResult, window: set[str] | None = None,
             window_label: str = "", pending: frozenset[str] = frozenset()) -> ReviewSession:
        session = cls(result, DecisionStore(result.project.state), result.threshold,
                      window=window, window_label=window_label, pending_ids=pending,
                      edits=EditStore(result.project.state))
        session.reload_decisions()
        return session

    # -- loading ---------------------------------------------------------------------------

    @property
    def notes(self) -> dict[str, Note]:
        return self.result.notes

    def reload_decisions(self) -> None:
        """Decisions still valid for the notes on disk; canonical choices and removals come back
        with them, and the undo stack follows the order they were made in."""
        self.decisions = self.store.valid(self.notes)
        self.overrides, self.removed = {}, {}
        self.regroup(self.threshold)
        for gid, d in self.decisions.items():
            g = self.by_id.get(gid)
            if d.canonical and g is not None and d.canonical != g.canonical:
                self.overrides[gid] = d.canonical
            self.removed[gid] = list(d.removed)
        # Edits are written on every change, so the latest one is what was on screen.
        for gid, e in (self.edits.valid(self.notes) if self.edits else {}).items():
            g = self.by_id.get(gid)
            if g is None:
                continue
            if e.canonical in g.paths:
                self.overrides[gid] = e.canonical
            else:
                self.overrides.pop(gid, None)
            self.removed[gid] = [p for p in e.removed if p in g.paths]
        if self.overrides:
            self.regroup(self.threshold)
        seen: set[str] = set()
        order: list[str] = []
        for rec in reversed(self.store.history()):
            gid = rec["group_id"]
            # Only groups on screen: undoing an invisible (e.g. distinct) one would surprise.
            if gid in self.decisions and gid in self.by_id and gid not in seen:
                seen.add(gid)
                order.append(gid)
        self._undo = list(reversed(order))

    def _overrides(self) -> dict[str, str]:
        return dict(self.overrides)

    def regroup(self, threshold: float) -> None:
        """Groups at another threshold from the pairs already scored (no re-embedding)."""
        self.threshold = round(min(1.0, max(0.0, threshold)), 4)
        groups = self.result.regroup(self.threshold, self._overrides())
        if self.window is not None:  # audit: the window's groups, then pending (by score)
            groups.sort(key=lambda g: (not self.is_new(g), not self.is_pending(g)))
        self.groups = groups
        self.by_id = {g.id: g for g in self.groups}

    def is_new(self, group: Group) -> bool:
        """In an audit (--since): a note of the group changed in the window."""
        return self.window is not None and any(p in self.window for p in group.paths)

    def is_pending(self, group: Group) -> bool:
        """In an audit: reported by an earlier audit and still undecided (not new)."""
        return group.id in self.pending_ids and not self.is_new(group)

    def new_count(self) -> int:
        return sum(1 for g in self.groups if self.is_new(g))

    def pending_count(self) -> int:
        return sum(1 for g in self.groups if self.is_pending(g))

    # -- queries ---------------------------------------------------------------------------

    def group(self, group_id: str) -> Group | None:
        return self.by_id.get(group_id)

    def members(self, group: Group) -> list[Member]:
        """The members still in the group (those taken out with `x` are not)."""
        gone = set(self.removed.get(group.id, ()))
        return [m for m in group.members if m.path not in gone]

    def retirable(self, group: Group) -> list[str]:
        """What update/merge would retire: never an important note."""
        return [m.path for m in self.members(group) if not self.notes[m.path].important]

    def conflicts(self, group: Group, path: str) -> list[str]:
        """Where a member's frontmatter contradicts the canonical's (type, user keys): shown
        so that a note of another kind is never merged unnoticed."""
        from ..core.audit import metadata_conflicts

        if path == group.canonical or path not in self.notes:
            return []
        return metadata_conflicts(self.notes[group.canonical], self.notes[path])

    def status(self, group: Group) -> str:
        d = self.decisions.get(group.id)
        return d.action if d else ""

    def filtered(self, text: str) -> list[Group]:
        needle = text.strip().lower()
        if not needle:
            return list(self.groups)
        out = []
        for g in self.groups:
            hay = [self.notes[g.canonical].title, g.canonical, self.status(g)]
            for m in self.members(g):
                hay += [m.title, m.path]
            if any(needle in h.lower() for h in hay):
                out.append(g)
        return out

    def decided_count(self) -> int:
        return sum(1 for g in self.groups if g.id in self.decisions)

    def to_apply(self) -> list[Group]:
        """Groups decided update or merge: what `apply` acts on."""
        return [g for g in self.groups
                if (d := self.decisions.get(g.id)) and d.action in ("update", "merge")]

    # -- what is allowed -------------------------------------------------------------------

    def refusal(self, action: str, group: Group | None, member: str | None = None) -> str | None:
        """Why `action` makes no sense here, or None when it is allowed."""
        if action in ("undo",):
            return None if self._undo else "nothing to undo"
        if action == "apply":
            return None if self.to_apply() else "no group is decided update or merge yet"
        if group is None:
            return "no group selected"
        if action in ("update", "merge") and not self.retirable(group):
            return (f"cannot {action}: every other note in the group is important, "
                    "and important notes are never retired")
        if action == "canonical":
            if member is None:
                return "select a member in the member list first"
            if member == group.canonical:
                return "this note is already the canonical"
        if action == "remove":
            if member is None:
                return "select a member in the member list first"
            if member == group.canonical:
                return "the canonical stays; make another note canonical first (c)"
            if len(self.members(group)) < 2:
                return "a group needs two notes; use d (not duplicates) or s (skip) instead"
            d = self.decisions.get(group.id)
            left = [p for p in self.retirable(group) if p != member]
            if d is not None and d.action in ("update", "merge") and not left:
                return f"the {d.action} would retire nothing; undo it (z) first"
        return None

    # -- changes ---------------------------------------------------------------------------

    def _hashes(self, group: Group) -> dict[str, str]:
        return {p: self.notes[p].sha256 for p in group.paths}

    def decide(self, group: Group, action: str) -> Decision:
        if action not in DECISION_ACTIONS:
            raise ValueError(f"unknown decision {action!r}")
        why = self.refusal(action, group)
        if why:
            raise ValueError(why)
        decision = self.store.record(Decision(group.id, action, group.canonical,
                                              self._hashes(group),
                                              list(self.removed.get(group.id, ()))))
        self.decisions[group.id] = decision
        self._undo.append(group.id)
        return decision

    def _edit(self, group: Group) -> None:
        self._undo.append(_Edit(group.id, self.overrides.get(group.id),
                                list(self.removed.get(group.id, ()))))

    def _persist_edit(self, group_id: str) -> None:
        """Write the group's canonical choice and removals now (quitting must not lose them)."""
        if self.edits is None:
            return
        g = self.by_id.get(group_id)
        hashes = self._hashes(g) if g is not None else {}
        self.edits.record(GroupEdit(group_id, self.overrides.get(group_id),
                                    list(self.removed.get(group_id, ())), hashes))

    def _redecide(self, group: Group) -> None:
        """A decided group edited with c/x: its decision is re-recorded so disk matches."""
        d = self.decisions.get(group.id)
        if d is not None:
            self._undo.pop()  # the re-recorded decision is what `z` takes back
            self.decide(group, d.action)

    def set_canonical(self, group: Group, path: str) -> Group:
        why = self.refusal("canonical", group, path)
        if why:
            raise ValueError(why)
        self._edit(group)
        self.overrides[group.id] = path
        gone = self.removed.get(group.id, [])
        if path in gone:
            gone.remove(path)
        self.regroup(self.threshold)
        new = self.by_id[group.id]
        self._persist_edit(group.id)
        self._redecide(new)
        return new

    def remove_member(self, group: Group, path: str) -> Group:
        why = self.refusal("remove", group, path)
        if why:
            raise ValueError(why)
        self._edit(group)
        self.removed.setdefault(group.id, []).append(path)
        self._persist_edit(group.id)
        self._redecide(group)
        return group

    def undo(self) -> str | None:
        """Take back the last decision or edit; returns the group id it touched."""
        if not self._undo:
            return None
        last = self._undo.pop()
        if isinstance(last, _Edit):
            if last.overrides is None:
                self.overrides.pop(last.group_id, None)
            else:
                self.overrides[last.group_id] = last.overrides
            self.removed[last.group_id] = last.removed
            self.regroup(self.threshold)
            self._persist_edit(last.group_id)
            return last.group_id
        self.store.undo(last)
        previous = self.store.valid(self.notes).get(last)
        if previous is None:
            self.decisions.pop(last, None)
        else:
            self.decisions[last] = previous
            if previous.canonical:
                self.overrides[last] = previous.canonical
            self.removed[last] = list(previous.removed)
            self.regroup(self.threshold)
            self._persist_edit(last)
        return last

    # -- apply -----------------------------------------------------------------------------

    def plan_document(self) -> dict[str, Any]:
        """The scan document with the decided update/merge groups marked (the plan contract)."""
        doc = self.result.to_json()
        doc["threshold"] = self.threshold
        groups = []
        for g in self.groups:
            gj = group_json(g, self.notes)
            d = self.decisions.get(g.id)
            if d is not None and d.action in ("update", "merge"):
                gone = set(self.removed.get(g.id, ()))
                gj["action"] = d.action
                gj["canonical"] = g.canonical
                gj["members"] = [m for m in gj["members"] if m["path"] not in gone]
                keep = d.keep or g.kept or g.canonical  # Group.kept "": the canonical
                if keep not in gone:
                    gj["keep"] = keep
            groups.append(gj)
        doc["groups"] = groups
        return doc

    def forget(self, group_ids: list[str]) -> None:
        """Groups the apply engine carried out (and marked applied in the log)."""
        for gid in group_ids:
            self.decisions.pop(gid, None)


# -- audits (--since) -------------------------------------------------------------------

@dataclass(frozen=True)
class ConsoleAudit:
    """The `--since` audit of one console run: made on its first scan, and the window
    every later scan (after an apply) is seen through, so its own record in
    audits.jsonl never moves the window or turns its groups into "pending"."""

    since: dt.datetime | None
    target: Target
    label: str  # the window in words (title bar)
    summary: str  # new and pending counts, the previous audit (under the groups table)
    pending: frozenset[str] = frozenset()  # groups earlier audits reported, still undecided

    def window(self, result: ScanResult) -> set[str]:
        """The scan's notes changed in the window."""
        from ..core.audit import anchors_in_window

        return anchors_in_window((n for n in result.notes.values()
                                  if self.target.contains(n)), self.since)


def start_audit(result: ScanResult, since: str, options: ScanOptions | None = None
                ) -> ConsoleAudit:
    """Run the `--since` audit on the console's finished scan (no second scan) and record
    it in audits.jsonl like `bm-review audit` does. Raises `WindowError` for a bad value."""
    from ..core.audit import AuditHistory, AuditOptions, previous_audit, run_audit

    options = options or ScanOptions()
    prev = previous_audit(AuditHistory(result.project.state).records(), options.target)
    report = run_audit(result.project, AuditOptions(
        since=since, target=options.target, threshold=result.threshold,
        strategy=result.strategy.name, model=result.model, top_k=options.top_k),
        scanned=result)
    label = report.window.describe() + (f"; {report.window.note}" if report.window.note
                                         else "")
    counts = report.counts()
    summary = (f"audit: {counts['new_groups']} new, {counts['pending_groups']} pending from "
               "earlier audits")
    if prev is not None:
        summary += f" · previous audit {str(prev.get('time', '?'))[:16].replace('T', ' ')}"
    return ConsoleAudit(report.window.since, options.target, label, summary,
                        frozenset(p.id for p in report.pending))


# -- agent proposals (the pending queue) --------------------------------------------------

PENDING_CHOICES = ("update", "merge", "create", "discard")


@dataclass
class PendingReview:
    """The proposals agents queued with `upsert_note(on_match="ask")`, and their decisions.

    The queue file is the truth: it is re-read after every decision and whenever it
    changes on disk (agents keep appending while the console is open).
    """

    project: Project
    items: list[Proposal] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    _signature: tuple[int, int] | None = None

    @classmethod
    def open(cls, project: Project) -> PendingReview:
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

    def reload(self) -> None:
        queue = self.queue
        self._signature = self._stat()
        try:
            self.items = queue.items()
            self.problems = list(queue.problems)
        except QueueError as exc:
            self.items, self.problems = [], [str(exc)]

    def changed_on_disk(self) -> bool:
        return self._stat() != self._signature

    def get(self, proposal_id: str | None) -> Proposal | None:
        return next((p for p in self.items if p.id == proposal_id), None)

    def match_note(self, path: str) -> Note | None:
        """The matched note as it is on disk now (it may have changed since the queueing)."""
        full = self.project.root / path
        if not full.is_file():
            return None
        note = read_note(path, full)
        return note if isinstance(note, Note) else None

    def proposed_note(self, proposal: Proposal) -> Note:
        """The note `create` would write (frontmatter as upsert_note renders it)."""
        from ..core.upsert import PROPOSED_PREFIX, new_note_text, split_content

        fm, body = split_content(proposal.content)
        text = new_note_text(proposal.title, proposal.path, fm, body,
                             list(proposal.extra.get("tags") or []), set())
        note = parse_note(PROPOSED_PREFIX + proposal.path, text.encode("utf-8"))
        if not isinstance(note, Note):
            raise ValueError(note.error)
        return note

    def merged_text(self, proposal: Proposal, path: str) -> str | None:
        """What `merge` would write into `path`, or None when that note is gone."""
        from ..core.upsert import merged_note_text

        target = self.match_note(path)
        return None if target is None else merged_note_text(target, self.proposed_note(proposal))

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
        from ..core.upsert import decide_pending

        if choice not in PENDING_CHOICES:
            raise ValueError(f"unknown choice {choice!r}")
        return decide_pending(self.project, proposal_id, choice,
                              target if choice in ("update", "merge") else None)
