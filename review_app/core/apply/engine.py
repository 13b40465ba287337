"""The journaled write: every apply (a plan, an upsert) goes through these durable
steps, each complete before the next:

1. under the apply lock, unfinished applies are recovered, and every file's current
   state is checked against the change (a changed, read-only or non-regular file
   stops the apply with nothing written);
2. the journal `<state>/journal/<id>.json` is written (status "preparing");
3. every existing file it touches is backed up into `<state>/trash/<id>/` as a hard
   link (mode and mtime kept; a copy only across filesystems);
4. status "applying"; each file is written atomically or removed (retired);
5. status "applied".

A write that fails (disk full, permission) is rolled back at once by renaming the
backups into place, which needs no new space. A crash is repaired by the next
command (`recovery.recover_unfinished`). A note that is a symlink inside the project
is written through to its target, so the link stays a link; a retired symlink is
removed as the link, its target untouched.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..decisions import DecisionStore
from ..journal import (
    APPLIED,
    APPLYING,
    PREPARING,
    Journal,
    UnsafePath,
    apply_lock,
    atomic_write_bytes,
    backup_entry,
    describe_blocked,
    entry_path,
    file_state,
    is_blocked,
    link_target,
    new_apply_id,
    now_iso,
    owner_cannot_write,
    remove_file,
    safe_join,
)
from ..merge.ledger import ledger_lines
from ..project import Project
from .changes import (
    ApplyError,
    Conflict,
    FileChange,
    Hooks,
    Skip,
    StaleFiles,
    active_hooks,
    counts,
)
from .plan import Plan
from .recovery import abandon, recover_locked, rollback
from .validate import WRITING


@dataclass
class ApplyReport:
    apply_id: str | None
    updated: list[str] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)
    links_rewritten: list[dict[str, Any]] = field(default_factory=list)
    created: list[str] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    applied_groups: list[str] = field(default_factory=list)
    skipped: list[Skip] = field(default_factory=list)
    recovered: list[str] = field(default_factory=list)
    groups: list[dict[str, Any]] = field(default_factory=list)  # per group, with its units

    def to_json(self) -> dict[str, Any]:
        return {"apply_id": self.apply_id, "updated": self.updated, "retired": self.retired,
                "links_rewritten": self.links_rewritten, "created": self.created,
                "conflicts": [c.to_json() for c in self.conflicts],
                "applied_groups": self.applied_groups,
                "skipped": [s.to_json() for s in self.skipped],
                "recovered": self.recovered, "groups": self.groups}

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
        lines += [f"  {c.text()} (nothing written for this group)" for c in self.conflicts]
        lines += [f"  skipped  group {s.group_id}: {s.reason}" for s in self.skipped]
        for g in self.groups:
            ledger = (g.get("units") or {}).get("ledger")
            if ledger and self.apply_id:
                lines.append(f"  group {g.get('group_id')} ({g.get('action')}), "
                             f"written into {g.get('kept')}:")
                lines += [f"    {ln}" for ln in ledger_lines(ledger)]
        if self.apply_id:
            lines.append(f"Undo with: bm-review undo {self.apply_id}")
        return "\n".join(lines)


def _prepare(root: Path, changes: list[FileChange]) -> None:
    """Refuse unsafe or doubled paths; note which changes write through a symlink."""
    seen: dict[str, str] = {}
    for c in changes:
        entry = entry_path(root, c.path)
        if os.path.islink(entry):
            c.link = link_target(entry)
            if not c.retired:
                real = safe_join(root, c.path).resolve()  # UnsafePath when it leaves root
                c.write_to = real.relative_to(root.resolve()).as_posix()
        else:
            c.write_to = None
            safe_join(root, c.path)
        key = c.path if c.retired else c.target
        if c.path in seen.values() or key in seen:
            other = seen.get(key, c.path)
            raise ApplyError(f"the plan changes {c.path} twice" if other == c.path else
                             f"{c.path} and {other} are the same file; nothing was written")
        seen[key] = c.path


def _check_before(root: Path, changes: list[FileChange]) -> None:
    stale: list[str] = []
    for c in changes:
        state = file_state(entry_path(root, c.path), root)
        if is_blocked(state):
            raise ApplyError(f"{c.path} is {describe_blocked(state or '')}; nothing was "
                             "written")
        if state != c.before_sha256:
            stale.append(c.path)
        elif c.before_sha256 is not None and not (c.retired and c.link):
            mode = owner_cannot_write(root / c.target)
            if mode is not None:
                raise ApplyError(f"{c.path} is read-only (mode {mode:04o}); nothing was "
                                 "written")
    if stale:
        raise StaleFiles(stale)


def journaled_write(project: Project, changes: list[FileChange], *, label: str,
                    groups: list[dict] | None = None, hooks: Hooks | None = None
                    ) -> ApplyReport:
    """Write `changes` as one undoable, crash-safe apply.

    Raises StaleFiles when a file changed since the changes were planned, and
    ApplyError when the apply cannot be done or a write failed (then it was rolled
    back): either way no note is left changed.
    """
    with apply_lock(project.state):
        recovered, unfinished = recover_locked(project)
        if unfinished:
            raise ApplyError("an earlier apply is still unfinished, so nothing was written: "
                             + "; ".join(recovered))
        report = _journaled_write(project, changes, label=label, groups=groups or [],
                                  hooks=active_hooks(hooks))
        report.recovered = recovered
        return report


def _journaled_write(project: Project, changes: list[FileChange], *, label: str,
                     groups: list[dict], hooks: Hooks) -> ApplyReport:
    root = project.root
    _prepare(root, changes)
    if not changes:
        return ApplyReport(None)
    _check_before(root, changes)
    journal = Journal(project.state, {
        "id": new_apply_id(), "label": label, "time": now_iso(), "started_ns": time.time_ns(),
        "project": str(root),
        "status": PREPARING, "groups": groups, "changes": [c.to_record() for c in changes],
    })
    try:
        journal.save(PREPARING)
    except OSError as exc:
        raise ApplyError(f"cannot write the apply journal ({exc.strerror or exc}); "
                         "nothing was changed") from None
    hooks.at("preparing")
    current = ""
    try:
        journal.trash.mkdir(parents=True, exist_ok=True, mode=0o700)
        for c in changes:
            if c.before_sha256 is None:
                continue
            current = c.path
            _backup(root, journal, c)
            hooks.at("backup", c.path)
        journal.save(APPLYING)
    except OSError as exc:
        abandon(journal)
        raise ApplyError(f"could not back up {current or 'the notes'} "
                         f"({exc.strerror or exc}); nothing was changed") from None
    hooks.at("applying")
    try:
        for c in changes:
            current = c.path
            hooks.at("write", c.path)
            if c.retired:
                remove_file(entry_path(root, c.path))
            else:
                atomic_write_bytes(root / c.target, (c.after or "").encode("utf-8"))
            hooks.at("written", c.path)
        current = "the journal"
        hooks.at("applied")
        journal.save(APPLIED)
    except Exception as exc:  # a real error (disk full, permission): put everything back
        outcome = rollback(project, journal)
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ApplyError(f"could not write {current}: {why}. " + outcome.sentence()) from None
    return report_of(journal)


def _backup(root: Path, journal: Journal, c: FileChange) -> None:
    backup = journal.backup_path(c.path)
    if c.retired and c.link is not None:  # the link itself
        backup_entry(entry_path(root, c.path), backup)
        ok = link_target(backup) == c.link
    else:
        backup_entry(root / c.target, backup)
        ok = file_state(backup) == c.before_sha256
    if not ok:
        raise OSError(f"the backup of {c.path} does not match the note")


def report_of(journal: Journal) -> ApplyReport:
    changes = [FileChange.from_record(r) for r in journal.data["changes"]]
    by = counts(changes)
    return ApplyReport(
        apply_id=journal.id, updated=by["updated"], retired=by["retired"],
        links_rewritten=[{"path": c.path, "count": c.links} for c in changes if c.links],
        created=by["created"],
        applied_groups=[g["group_id"] for g in journal.data.get("groups", [])],
    )


def apply_plan(project: Project, plan: Plan, *, hooks: Hooks | None = None) -> ApplyReport:
    """Carry out a plan; conflicting groups were already left out of it.

    Groups decided in the console (a pending decision in the log) are marked applied
    there, so undo can reopen them; groups from a plan file are not.
    """
    store = DecisionStore(project.state)
    pending = {gid for gid, d in store.current().items() if d.action in WRITING}
    records = []
    for gp in plan.groups:
        rec = {k: v for k, v in gp.to_json().items() if k != "units"}
        rec["decision"] = gp.group_id in pending
        records.append(rec)
    try:
        report = journaled_write(project, plan.changes, label="apply", groups=records,
                                 hooks=hooks)
    except UnsafePath as exc:
        raise ApplyError(str(exc)) from None
    report.conflicts = list(plan.conflicts)
    report.skipped = list(plan.skipped)
    report.groups = [gp.to_json() for gp in plan.groups]
    if report.apply_id:
        for rec in records:
            if rec["decision"]:
                store.mark_applied(rec["group_id"], report.apply_id)
    return report
