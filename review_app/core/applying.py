"""Carry out decisions on the notes: plan, journaled apply, undo, crash recovery.

An apply goes through these durable steps, each complete before the next:

1. every file's current hash is checked against the plan (a changed file aborts);
2. the journal `<state>/journal/<id>.json` is written (status "preparing") with
   each file's before/after hash;
3. every existing file it touches is copied to `<state>/trash/<id>/<path>`;
4. status "applying"; each file is written atomically or removed (retired);
5. status "applied".

`recover_unfinished` (every command runs it first) finishes an interrupted apply
whose writes all landed, and otherwise restores the backups, so a project is never
left half-applied. Undo restores the backups byte for byte.

Test-only: the environment variable BM_REVIEW_TEST_SLOW_APPLY=<seconds> sleeps
after each file operation, so a test can `kill -9` an apply midway.
"""

from __future__ import annotations

import difflib
import os
import shutil
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .decisions import DecisionStore
from .grouping import choose_canonical, group_id
from .journal import (
    APPLIED,
    APPLYING,
    OVERWRITTEN_DIR,
    PREPARING,
    ROLLED_BACK,
    UNDOING,
    UNDONE,
    UNFINISHED,
    Journal,
    apply_lock,
    atomic_write_bytes,
    clean_temp_files,
    journals,
    load_journal,
    new_apply_id,
    now_iso,
    remove_file,
    safe_join,
    sha256_file,
    sha256_text,
)
from .merging import compose, link_mapping, note_keys, rewrite_links_text
from .notes import Note
from .project import Project, load_notes

SLOW_ENV = "BM_REVIEW_TEST_SLOW_APPLY"
APPLY_ACTIONS = ("update", "merge")


class ApplyError(Exception):
    """The apply cannot start; the message says why. Nothing was written."""


class UndoError(Exception):
    """Undo refused or impossible; the message says why. Nothing was written."""


class SimulatedCrash(BaseException):  # noqa: N818 - BaseException: nothing may clean up
    """Raised by `fail_after` in tests to stop an apply as a crash would."""


# ------------------------------------------------------------------ the plan

@dataclass
class FileChange:
    path: str
    before_sha256: str | None  # None: the file is created
    after: str | None  # None: the file is retired (moved to trash)
    kind: str  # update | merge | retire | links | create
    before: str | None = field(default=None, repr=False)  # text, for diffs
    links: int = 0  # links rewritten in this file
    group_ids: list[str] = field(default_factory=list)

    @property
    def after_sha256(self) -> str | None:
        return None if self.after is None else sha256_text(self.after)


@dataclass
class GroupPlan:
    group_id: str
    action: str
    canonical: str
    retired: list[str]
    changes: list[FileChange]
    kept: list[str] = field(default_factory=list)  # important members left alone

    def to_json(self) -> dict[str, Any]:
        return {"group_id": self.group_id, "action": self.action, "canonical": self.canonical,
                "retired": self.retired, "kept": self.kept}


@dataclass
class Plan:
    groups: list[GroupPlan]
    conflicts: list[dict[str, str]]  # {"group_id", "path", "reason"}
    changes: list[FileChange] = field(default_factory=list)  # composed, one per file
    skipped: list[dict[str, str]] = field(default_factory=list)  # {"group_id", "reason"}

    def summary(self) -> dict[str, Any]:
        return {
            "files_updated": sorted(c.path for c in self.changes
                                    if c.after is not None and c.before_sha256 is not None),
            "files_retired": sorted(c.path for c in self.changes if c.after is None),
            "files_created": sorted(c.path for c in self.changes if c.before_sha256 is None),
            "links_rewritten": [{"path": c.path, "count": c.links}
                                for c in sorted(self.changes, key=lambda c: c.path) if c.links],
            "conflicts": self.conflicts,
            "skipped": self.skipped,
        }

    def diff(self) -> str:
        out: list[str] = []
        for c in sorted(self.changes, key=lambda c: c.path):
            if c.after is None:
                n = len((c.before or "").splitlines())
                out.append(f"--- a/{c.path}\n+++ /dev/null\n"
                           f"@@ retired: moved to the trash ({n} lines), links point to the "
                           f"canonical note @@\n")
                continue
            before = (c.before or "").splitlines(keepends=True)
            after = c.after.splitlines(keepends=True)
            label = f"({c.kind}" + (f", {c.links} link(s) rewritten" if c.links else "") + ")"
            lines = list(difflib.unified_diff(
                before, after, fromfile=f"a/{c.path}" if c.before is not None else "/dev/null",
                tofile=f"b/{c.path} {label}", n=2))
            out.append("".join(ln if ln.endswith("\n") else ln + "\n" for ln in lines))
        return "\n".join(out)


def _conflict(gid: str, path: str, reason: str) -> dict[str, str]:
    return {"group_id": gid, "path": path, "reason": reason}


def _find_original_canonical(g: dict, members: dict[str, str | None],
                             notes: dict[str, Note]) -> str | None:
    """The scan's canonical when a plan names a member as the new canonical.

    Found by content hash, confirmed by the group id (a hash of all its paths).
    """
    sha = g.get("canonical_sha256")
    hits = [p for p, n in notes.items() if n.sha256 == sha and p not in members]
    for p in hits:
        if group_id([*members, p]) == g.get("id"):
            return p
    return hits[0] if len(hits) == 1 else None


def plan_from_document(project: Project, doc: dict) -> Plan:
    """The plan for the groups of a scan document that carry an update/merge action.

    Reads the current files: a group any of whose notes is missing or changed
    since the scan (sha256 in the document) becomes a conflict and changes nothing.
    """
    notes_list, problems = load_notes(project.root)
    notes = {n.path: n for n in notes_list}
    unreadable = {p.path: p.error for p in problems}
    conflicts: list[dict[str, str]] = []
    skipped: list[dict[str, str]] = []
    groups: list[GroupPlan] = []
    used: dict[str, str] = {}
    for g in doc.get("groups") or []:
        action = g.get("action")
        gid = str(g.get("id") or "")
        if action in (None, "", "skip", "distinct"):
            continue
        if action not in APPLY_ACTIONS:
            conflicts.append(_conflict(gid, "", f"unknown action {action!r} "
                                                "(use update, merge, skip or distinct)"))
            continue
        removed = set(g.get("removed") or [])
        members = {m["path"]: m.get("sha256") for m in g.get("members") or []
                   if m.get("path") and m["path"] not in removed}
        canonical = g.get("canonical")
        expected = dict(members)
        if canonical in members:
            original = g.get("original_canonical") or _find_original_canonical(
                g, members, notes)
            if original is None:
                conflicts.append(_conflict(gid, str(canonical),
                                           "the scan's canonical note changed or is gone"))
                continue
            if original not in removed:
                expected[original] = g.get("canonical_sha256")
        elif canonical:
            expected[canonical] = g.get("canonical_sha256")
        else:
            conflicts.append(_conflict(gid, "", "group has no canonical note"))
            continue
        problem = None
        for path, sha in sorted(expected.items()):
            if path in used:
                problem = _conflict(gid, path, f"note is also in group {used[path]}")
            elif path in unreadable:
                problem = _conflict(gid, path, f"cannot be read: {unreadable[path]}")
            elif path not in notes:
                problem = _conflict(gid, path, "note no longer exists")
            elif not sha:
                problem = _conflict(gid, path, "the plan has no sha256 for this note; "
                                               "re-run scan")
            elif notes[path].sha256 != sha:
                problem = _conflict(gid, path, "note changed since the scan; re-scan and "
                                               "review this group again")
            if problem:
                break
        if problem:
            conflicts.append(problem)
            continue
        canon = notes[canonical]
        kept = sorted(p for p in expected if p != canonical and notes[p].important)
        retired = sorted(p for p in expected if p != canonical and not notes[p].important)
        for p in expected:
            used[p] = gid
        if not retired:
            skipped.append({"group_id": gid, "reason": "nothing to retire: the other notes "
                                                       "are important and are left alone"})
            continue
        others = [notes[p] for p in retired]
        after = compose(action, canon, others).text
        changes = [FileChange(p, notes[p].sha256, None, "retire", before=notes[p].text,
                              group_ids=[gid]) for p in retired]
        canon_change = FileChange(canonical, canon.sha256, after, action, before=canon.text,
                                  group_ids=[gid])
        groups.append(GroupPlan(gid, action, canonical, retired, [canon_change, *changes],
                                kept))
    return _compose(project, notes, groups, conflicts, skipped)


def _compose(project: Project, notes: dict[str, Note], groups: list[GroupPlan],
             conflicts: list[dict[str, str]], skipped: list[dict[str, str]]) -> Plan:
    """One change per file: canonical rewrites, retirements, and link rewriting in all notes."""
    retired: dict[str, Note] = {}
    canonical_of: dict[str, Note] = {}
    canon_change: dict[str, FileChange] = {}
    changes: list[FileChange] = []
    for gp in groups:
        canon = notes[gp.canonical]
        for c in gp.changes:
            if c.kind == "retire":
                retired[c.path] = notes[c.path]
                canonical_of[c.path] = canon
                changes.append(c)
            else:
                canon_change[c.path] = c
    protected: set[str] = set()
    for path, note in notes.items():
        if path not in retired:
            protected |= note_keys(note)
    mapping = link_mapping(retired, canonical_of, protected)
    for path, note in notes.items():
        if path in retired:
            continue
        cc = canon_change.get(path)
        base = cc.after if cc is not None and cc.after is not None else note.text
        new, count = rewrite_links_text(base, mapping, self_note=note)
        if cc is not None:
            cc.after, cc.links = new, count
            if new != note.text:
                changes.append(cc)
            else:
                for gp in groups:  # the canonical was already the freshest/complete
                    if cc in gp.changes:
                        gp.changes.remove(cc)
        elif count and new != note.text:
            changes.append(FileChange(path, note.sha256, new, "links", before=note.text,
                                      links=count))
    for c in changes:
        if c.after is not None:
            c.after = _like_original(project.root / c.path, c.after)
    changes.sort(key=lambda c: c.path)
    return Plan(groups, conflicts, changes, skipped)


def _like_original(path: Path, text: str) -> str:
    """Keep a file's CRLF line endings and byte-order mark."""
    try:
        head = path.read_bytes()
    except OSError:
        return text
    if b"\r\n" in head:
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    if head.startswith(b"\xef\xbb\xbf") and not text.startswith("\ufeff"):
        text = "\ufeff" + text
    return text


def decisions_document(project: Project) -> tuple[dict, list[dict[str, str]]]:
    """A plan document from the recorded decisions (update/merge, not yet applied).

    A decision holds every path and hash of its group, its canonical and the
    members taken out, so no re-scan is needed (and none could regroup it
    differently). Returns (document, stale): stale decisions were made on notes
    that changed since, and are reported rather than applied.
    """
    notes_list, _ = load_notes(project.root)
    notes = {n.path: n for n in notes_list}
    store = DecisionStore(project.state)
    groups: list[dict] = []
    stale: list[dict[str, str]] = []
    for gid, d in sorted(store.current().items()):
        if d.action not in APPLY_ACTIONS:
            continue
        if not d.still_valid(notes):
            changed = sorted(p for p, h in d.hashes.items()
                             if p not in notes or notes[p].sha256 != h)
            stale.append(_conflict(gid, changed[0] if changed else "",
                                   "note changed since the decision; review the group again"))
            continue
        paths = [p for p in d.hashes if p not in d.removed]
        canonical = d.canonical if d.canonical in paths else None
        if canonical is None:
            canonical = choose_canonical([notes[p] for p in paths])[0].path
        groups.append({
            "id": gid, "action": d.action, "canonical": canonical,
            "original_canonical": canonical, "canonical_sha256": d.hashes[canonical],
            "members": [{"path": p, "sha256": d.hashes[p]} for p in sorted(paths)
                        if p != canonical],
        })
    return {"project": str(project.root), "groups": groups}, stale


def plan_from_decisions(project: Project) -> Plan:
    doc, stale = decisions_document(project)
    plan = plan_from_document(project, doc)
    plan.conflicts = stale + plan.conflicts
    return plan


# ------------------------------------------------------------------ applying

@dataclass
class ApplyReport:
    apply_id: str | None
    updated: list[str] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)
    links_rewritten: list[dict[str, Any]] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    conflicts: list[dict[str, str]] = field(default_factory=list)
    applied_groups: list[str] = field(default_factory=list)
    skipped: list[dict[str, str]] = field(default_factory=list)
    recovered: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def changed(self) -> bool:
        return bool(self.updated or self.retired or self.created)

    def text(self) -> str:
        lines = []
        if self.apply_id:
            lines.append(f"Applied {self.apply_id}: {len(self.applied_groups)} group(s), "
                         f"{len(self.updated)} file(s) updated, {len(self.retired)} retired, "
                         f"{sum(x['count'] for x in self.links_rewritten)} link(s) rewritten"
                         + (f", {len(self.created)} created" if self.created else "") + ".")
        else:
            lines.append("Nothing to apply.")
        for p in self.updated:
            links = next((x["count"] for x in self.links_rewritten if x["path"] == p), 0)
            lines.append(f"  updated  {p}" + (f" ({links} link(s) rewritten)" if links else ""))
        lines += [f"  created  {p}" for p in self.created]
        lines += [f"  retired  {p}" for p in self.retired]
        for c in self.conflicts:
            lines.append(f"  CONFLICT group {c['group_id']}: {c['path']}: {c['reason']} "
                         "(nothing written for this group)")
        for s in self.skipped:
            lines.append(f"  skipped  group {s['group_id']}: {s['reason']}")
        if self.apply_id:
            lines.append(f"Undo with: bm-review undo {self.apply_id}")
        return "\n".join(lines)


class _Ops:
    """Counts durable file operations; crashes on purpose after `fail_after` (tests)."""

    def __init__(self, fail_after: int | None) -> None:
        self.fail_after = fail_after
        self.done = 0
        slow = os.environ.get(SLOW_ENV, "")
        self.sleep = float(slow) if slow else 0.0

    def tick(self) -> None:
        self.done += 1
        if self.fail_after is not None and self.done >= self.fail_after:
            raise SimulatedCrash(f"simulated crash after {self.done} file operations")
        if self.sleep:
            time.sleep(self.sleep)


def _check_before(root: Path, changes: list[FileChange]) -> list[str]:
    return [c.path for c in changes
            if sha256_file(safe_join(root, c.path)) != c.before_sha256]


def journaled_write(project: Project, changes: list[FileChange], *, label: str,
                    groups: list[dict] | None = None, fail_after: int | None = None
                    ) -> ApplyReport:
    """Write `changes` as one undoable, crash-safe apply. Raises ApplyError if stale."""
    with apply_lock(project.state):
        recovered = _recover(project)
        return _journaled_write(project, changes, label=label, groups=groups or [],
                                fail_after=fail_after, recovered=recovered)


def _journaled_write(project: Project, changes: list[FileChange], *, label: str,
                     groups: list[dict], fail_after: int | None, recovered: list[str]
                     ) -> ApplyReport:
    root = project.root
    seen: set[str] = set()
    for c in changes:
        safe_join(root, c.path)
        if c.path in seen:
            raise ApplyError(f"the plan changes {c.path} twice")
        seen.add(c.path)
    if not changes:
        return ApplyReport(None, recovered=recovered)
    stale = _check_before(root, changes)
    if stale:
        raise ApplyError("files changed since the plan was made (nothing written): "
                         + ", ".join(stale))
    ops = _Ops(fail_after)
    journal = Journal(project.state, {
        "id": new_apply_id(), "label": label, "time": now_iso(), "project": str(root),
        "status": PREPARING, "groups": groups,
        "changes": [{"path": c.path, "kind": c.kind, "before_sha256": c.before_sha256,
                     "after_sha256": c.after_sha256, "links": c.links,
                     "group_ids": c.group_ids} for c in changes],
    })
    journal.save(PREPARING)
    ops.tick()
    for c in changes:
        if c.before_sha256 is None:
            continue
        data = safe_join(root, c.path).read_bytes()
        backup = journal.backup_path(c.path)
        atomic_write_bytes(backup, data)
        if sha256_file(backup) != c.before_sha256:
            raise ApplyError(f"backup of {c.path} does not match; nothing was changed")
        ops.tick()
    journal.save(APPLYING)
    ops.tick()
    try:
        for c in changes:
            target = safe_join(root, c.path)
            if c.after is None:
                remove_file(target)
            else:
                atomic_write_bytes(target, c.after.encode("utf-8"))
            ops.tick()
        journal.save(APPLIED)
    except Exception:
        _rollback(project, journal)  # a real error (disk full...): put everything back
        raise
    ops.tick()
    return _report(journal, recovered)


def _report(journal: Journal, recovered: list[str] | None = None) -> ApplyReport:
    ch = journal.data["changes"]
    return ApplyReport(
        apply_id=journal.id,
        updated=[c["path"] for c in ch if c["after_sha256"] and c["before_sha256"]],
        retired=[c["path"] for c in ch if c["after_sha256"] is None],
        links_rewritten=[{"path": c["path"], "count": c["links"]} for c in ch if c["links"]],
        created=[c["path"] for c in ch if c["before_sha256"] is None],
        applied_groups=[g["group_id"] for g in journal.data.get("groups", [])],
        recovered=recovered or [],
    )


def apply_plan(project: Project, plan: Plan, *, fail_after: int | None = None) -> ApplyReport:
    """Carry out a plan; conflicting groups were already left out of it."""
    groups = [gp.to_json() for gp in plan.groups]
    report = journaled_write(project, plan.changes, label="apply", groups=groups,
                             fail_after=fail_after)
    report.conflicts = list(plan.conflicts)
    report.skipped = list(plan.skipped)
    if report.apply_id:
        store = DecisionStore(project.state)
        for g in groups:
            store.mark_applied(g["group_id"], report.apply_id)
    return report


# ------------------------------------------------------------ undo/recovery

def _restore(project: Project, journal: Journal, *, keep_changed_in: Path | None) -> list[str]:
    """Put every file of a journal back as it was before; returns the paths restored.

    A file that is neither in its before nor its after state was changed by
    someone else: its bytes are kept under `keep_changed_in` before restoring.
    """
    root = project.root
    restored: list[str] = []
    for c in reversed(journal.data["changes"]):
        target = safe_join(root, c["path"])
        clean_temp_files(target)
        current = sha256_file(target)
        before, after = c["before_sha256"], c["after_sha256"]
        if current == before:
            continue
        if current is not None and current != after and keep_changed_in is not None:
            atomic_write_bytes(safe_join(keep_changed_in, c["path"]), target.read_bytes())
        if before is None:
            remove_file(target)
            _prune_empty_dirs(target.parent, root)
        else:
            backup = journal.backup_path(c["path"])
            data = backup.read_bytes()
            if sha256_file(backup) != before:
                raise UndoError(f"backup of {c['path']} is damaged; left as is")
            atomic_write_bytes(target, data)
        restored.append(c["path"])
    return restored


def _prune_empty_dirs(folder: Path, root: Path) -> None:
    while folder != root and folder.is_relative_to(root):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


def _drop_trash(journal: Journal) -> None:
    shutil.rmtree(journal.trash, ignore_errors=True)
    parent = journal.trash.parent
    if parent.is_dir() and not any(parent.iterdir()):
        parent.rmdir()


def _rollback(project: Project, journal: Journal) -> list[str]:
    conflicts_dir = project.state / OVERWRITTEN_DIR / journal.id
    restored = _restore(project, journal, keep_changed_in=conflicts_dir)
    journal.save(ROLLED_BACK)
    _drop_trash(journal)
    return restored


def _landed(project: Project, journal: Journal) -> bool:
    return all(sha256_file(safe_join(project.root, c["path"])) == c["after_sha256"]
               for c in journal.data["changes"])


def _recover(project: Project) -> list[str]:
    messages: list[str] = []
    for journal in journals(project.state):
        if journal.status not in UNFINISHED:
            continue
        if journal.status == UNDOING:
            _finish_undo(project, journal)
            messages.append(f"finished the interrupted undo of {journal.id}")
        elif journal.status == APPLYING and _landed(project, journal):
            for c in journal.data["changes"]:
                clean_temp_files(safe_join(project.root, c["path"]))
            journal.save(APPLIED)
            store = DecisionStore(project.state)
            for g in journal.data.get("groups", []):
                store.mark_applied(g["group_id"], journal.id)
            messages.append(f"finished the interrupted apply {journal.id} "
                            "(all its writes had landed)")
        else:
            restored = _rollback(project, journal)
            messages.append(f"rolled back the interrupted apply {journal.id} "
                            f"({len(restored)} file(s) restored)")
    return messages


def recover_unfinished(project: Project) -> list[str]:
    """Finish or roll back applies/undos a crash interrupted. Returns what was done.

    Skipped (returns []) while another process holds the apply lock: that apply
    is running, not interrupted.
    """
    folder = project.state / "journal"
    if not folder.is_dir():
        return []
    with apply_lock(project.state, blocking=False) as got:
        if not got:
            return []
        return _recover(project)


@dataclass
class UndoReport:
    apply_id: str
    restored: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)  # files the apply had created
    forced: list[str] = field(default_factory=list)  # changed since; kept under overwritten/
    decisions_reopened: list[str] = field(default_factory=list)
    recovered: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def text(self) -> str:
        lines = [f"Undid {self.apply_id}: {len(self.restored)} file(s) restored"
                 + (f", {len(self.deleted)} created file(s) removed" if self.deleted else "")
                 + "."]
        lines += [f"  restored {p}" for p in self.restored]
        lines += [f"  removed  {p}" for p in self.deleted]
        if self.forced:
            lines.append("  --force: these had changed since the apply; their newer content "
                         f"is kept under .bm-review/{OVERWRITTEN_DIR}/{self.apply_id}/:")
            lines += [f"    {p}" for p in self.forced]
        if self.decisions_reopened:
            lines.append(f"  {len(self.decisions_reopened)} decision(s) are pending again "
                         "(change them in the console, or apply to redo)")
        return "\n".join(lines)


def list_applies(project: Project) -> list[dict[str, Any]]:
    """Every apply, newest first: id, time, label, status and counts."""
    out = []
    for j in journals(project.state):
        ch = j.data.get("changes", [])
        out.append({
            "id": j.id, "time": j.data.get("time", ""), "label": j.data.get("label", ""),
            "status": j.status, "groups": len(j.data.get("groups", [])),
            "updated": sum(1 for c in ch if c["after_sha256"] and c["before_sha256"]),
            "retired": sum(1 for c in ch if c["after_sha256"] is None),
            "created": sum(1 for c in ch if c["before_sha256"] is None),
            "links": sum(c.get("links", 0) for c in ch),
        })
    out.reverse()
    return out


def _changed_since(project: Project, journal: Journal) -> list[str]:
    return [c["path"] for c in journal.data["changes"]
            if sha256_file(safe_join(project.root, c["path"])) != c["after_sha256"]]


def _finish_undo(project: Project, journal: Journal) -> UndoReport:
    report = UndoReport(journal.id)
    keep = project.state / OVERWRITTEN_DIR / journal.id
    changed = set(_changed_since(project, journal))
    restored = _restore(project, journal, keep_changed_in=keep)
    by_path = {c["path"]: c for c in journal.data["changes"]}
    for p in restored:
        (report.deleted if by_path[p]["before_sha256"] is None else report.restored).append(p)
    report.forced = sorted(changed & set(journal.data.get("forced", [])))
    journal.save(UNDONE)
    _drop_trash(journal)
    store = DecisionStore(project.state)
    last: dict[str, dict] = {}
    for rec in store.history():
        last[rec["group_id"]] = rec
    for g in journal.data.get("groups", []):
        rec = last.get(g["group_id"])
        if rec and rec.get("action") == "applied" and rec.get("apply_id") == journal.id:
            store.undo(g["group_id"])  # the decision is back in force, pending
            report.decisions_reopened.append(g["group_id"])
    return report


def undo_apply(project: Project, apply_id: str | None = None, *, force: bool = False
               ) -> UndoReport:
    """Restore every file an apply touched, byte for byte (default: the latest apply).

    Refuses when a file changed since the apply, unless `force` (then the newer
    content is kept under `<state>/overwritten/<apply-id>/`).
    """
    with apply_lock(project.state):
        recovered = _recover(project)
        if apply_id is None:
            done = [j for j in journals(project.state) if j.status == APPLIED]
            if not done:
                raise UndoError("there is no apply to undo")
            journal = done[-1]
        else:
            found = load_journal(project.state, apply_id)
            if found is None:
                raise UndoError(f"no apply {apply_id!r} (bm-review undo --list shows them)")
            journal = found
        if journal.status != APPLIED:
            raise UndoError(f"apply {journal.id} is {journal.status.replace('_', ' ')}; "
                            "nothing to undo")
        changed = _changed_since(project, journal)
        if changed and not force:
            raise UndoError(
                f"{len(changed)} file(s) changed since apply {journal.id}: "
                + ", ".join(changed) + ". Nothing was restored. Use --force to restore "
                "anyway (their current content is kept under "
                f".bm-review/{OVERWRITTEN_DIR}/{journal.id}/).")
        later = [j.id for j in journals(project.state)
                 if j.id > journal.id and j.status == APPLIED
                 and {c["path"] for c in j.data["changes"]}
                 & {c["path"] for c in journal.data["changes"]}]
        if later and not force:
            raise UndoError(f"later apply {later[0]} touched the same files; undo it first "
                            "(or use --force)")
        journal.data["forced"] = changed
        journal.save(UNDOING)
        report = _finish_undo(project, journal)
        report.recovered = recovered
        return report
