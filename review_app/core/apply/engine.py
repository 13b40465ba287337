"""The journaled write: every apply (a plan, an upsert) goes through these durable
steps, each complete before the next:

1. under the apply lock, unfinished applies are recovered, and every file's current
   state is checked against the change (a changed file leaves its group out as a
   conflict; a read-only or non-regular file stops the apply with nothing written);
2. the journal `<state>/journal/<id>.json` is written (status "preparing");
3. every existing file it touches is backed up into `<state>/trash/<id>/` as a real
   copy, fsynced, mode and mtime kept (a note with other hard links also keeps one
   link there, so a restore gives its links back);
4. status "applying"; each file is written atomically or removed (retired), but
   only if at that moment it is still the file backed up (`checked_write`): one
   another program changed, moved or removed meanwhile leaves its group out (what
   the group already wrote is put back at once, the edit stays, the report names it);
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

from ..checked_write import Changed, copy_backup, create_checked, remove_checked, replace_checked
from ..decisions import DecisionStore
from ..journal import (
    APPLIED,
    APPLYING,
    OVERWRITTEN_DIR,
    PREPARING,
    ROLLED_BACK,
    Journal,
    UnsafePath,
    apply_lock,
    describe_blocked,
    entry_path,
    file_state,
    is_blocked,
    link_target,
    new_apply_id,
    now_iso,
    owner_cannot_write,
    safe_join,
)
from ..merge.ledger import ledger_lines
from ..project import Project
from ..project_lock import ProjectBusy
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
from .recovery import abandon, drop_trash, recover_locked, restore, rollback
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


def _closure(changes: list[FileChange], seed: set[str]) -> set[str]:
    """Groups that must be left out with `seed`: a file shared with a group (a note
    whose links two groups rewrite) takes that group along."""
    out = set(seed)
    grew = True
    while grew:
        grew = False
        for c in changes:
            gids = set(c.group_ids)
            if gids & out and not gids <= out:
                out |= gids
                grew = True
    return out


def _check_before(root: Path, changes: list[FileChange]) -> dict[str, str]:
    """Refuse blocked or read-only files; return the stale ones (path -> why)."""
    stale: dict[str, str] = {}
    for c in changes:
        state = file_state(entry_path(root, c.path), root)
        if is_blocked(state):
            raise ApplyError(f"{c.path} is {describe_blocked(state or '')}; nothing was "
                             "written")
        if state != c.before_sha256:
            stale[c.path] = ("note no longer exists" if state is None else
                             "changed by another program since the plan was made")
        elif c.before_sha256 is not None and not (c.retired and c.link):
            mode = owner_cannot_write(root / c.target)
            if mode is not None:
                raise ApplyError(f"{c.path} is read-only (mode {mode:04o}); nothing was "
                                 "written")
    return stale


class _Run:
    """One apply's writes: each file re-checked at the moment it is replaced; a file
    found changed leaves its group(s) out, and what that group already wrote is put
    back at once."""

    def __init__(self, project: Project, journal: Journal, changes: list[FileChange],
                 hooks: Hooks) -> None:
        self.project, self.journal, self.changes, self.hooks = project, journal, changes, hooks
        self.root = project.root
        self.want: dict[str, tuple] = {}
        self.dropped: set[str] = set()  # group ids left out
        self.conflicts: list[Conflict] = []
        self.written: set[str] = set()

    def follow(self, c: FileChange) -> bool:
        return not (c.retired and c.link is not None)

    def spot(self, c: FileChange) -> Path:
        return entry_path(self.root, c.path) if not self.follow(c) else self.root / c.target

    def backup(self, c: FileChange) -> None:
        backup = self.journal.backup_path(c.path)
        try:
            ident = copy_backup(self.spot(c), backup, follow=self.follow(c))
        except (Changed, FileNotFoundError):
            self.drop(c, "changed by another program while it was backed up")
            return
        if self.follow(c):
            ok = file_state(backup) == c.before_sha256
            self.want[c.path] = (ident, c.before_sha256)
            if ok and os.stat(self.spot(c)).st_nlink > 1:  # so a restore keeps the links
                twin = self.journal.twin_path(c.path)
                twin.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
                os.link(self.spot(c), twin)
        else:
            ok = link_target(backup) == c.link
            self.want[c.path] = (ident, f"link:{c.link}")
        if not ok:
            self.drop(c, "changed by another program before it was backed up")

    def is_dropped(self, c: FileChange) -> bool:
        return bool(set(c.group_ids) & self.dropped) or (not c.group_ids and "" in
                                                          self.dropped)

    def drop(self, c: FileChange, why: str) -> None:
        """Leave out every group `c` belongs to; a change of no group (an upsert) has
        no one to share the loss with: it fails as stale."""
        if not c.group_ids:
            self.dropped.add("")
            raise StaleFiles([c.path])
        gids = _closure(self.changes, set(c.group_ids)) - self.dropped
        self.dropped |= gids
        self.conflicts += [Conflict(g, c.path, why) for g in sorted(gids)]

    def save_dropped(self, status: str | None = None) -> None:
        for rec, c in zip(self.journal.data["changes"], self.changes, strict=True):
            if self.is_dropped(c):
                rec["dropped"] = True
                rec["written"] = c.path in self.written  # to put back, else never touched
        self.journal.data["conflicts"] = [x.to_json() for x in self.conflicts]
        self.journal.save(status)

    def write(self, c: FileChange) -> None:
        keep = self.project.state / OVERWRITTEN_DIR / self.journal.id
        data = (c.after or "").encode("utf-8")
        try:
            _still_inside(self.root, c)
            if c.before_sha256 is None:
                create_checked(self.root / c.target, data,
                               still=lambda: _still_inside(self.root, c))
            elif c.retired:
                remove_checked(self.spot(c), self.want[c.path], follow=self.follow(c),
                               keep_displaced_in=keep)
            else:
                replace_checked(self.spot(c), data, self.want[c.path], keep)
        except Changed as exc:
            self.drop(c, f"{exc} while bm-review was applying; that edit is kept")
            self.save_dropped()
            out = restore(self.project, self.journal, keep_changed_in=keep,
                          only={x.path for x in self.changes
                                if x.path in self.written and self.is_dropped(x)})
            if out.problems:
                raise ApplyError("; ".join(out.problems)) from None
            # written, then edited, moved or deleted beside us
            for path, said in out.kept_edits.items():
                self.conflicts += [Conflict(g, path, said) for g in next(
                    x.group_ids for x in self.changes if x.path == path)]
            if out.kept_edits:
                self.save_dropped()
            return
        self.written.add(c.path)


def _still_inside(root: Path, c: FileChange) -> None:
    """Changed when a folder of `c` left the project since the plan was checked (moved out
    and replaced by a link, as a `git checkout` or a move to another disk does): no write
    goes through it (a fuzzing pass: notes were written and removed outside the project,
    and undo then refused them). Checked just before each write, so only a move landing
    in that instant slips through."""
    try:
        entry_path(root, c.path)
        if c.target != c.path:
            entry_path(root, c.target)
    except UnsafePath:
        raise Changed("its folder was moved out of the project (or replaced by a link "
                      "leaving it)") from None


def journaled_write(project: Project, changes: list[FileChange], *, label: str,
                    groups: list[dict] | None = None, hooks: Hooks | None = None
                    ) -> ApplyReport:
    """Write `changes` as one undoable, crash-safe apply.

    Each file is re-checked at the moment it is replaced: a group with a file another
    program changed is left out whole (a conflict in the report). Raises StaleFiles
    when a change of no group (an upsert) meets a changed file, and ApplyError when
    the apply cannot be done or a write failed (then it was rolled back): either way
    no note is left changed.
    """
    try:
        with apply_lock(project.state, what=label):
            return _locked_write(project, changes, label=label, groups=groups, hooks=hooks)
    except ProjectBusy as exc:
        raise ApplyError(f"{exc}, so nothing was written; try again when it is done"
                         ) from None


def _locked_write(project: Project, changes: list[FileChange], *, label: str,
                  groups: list[dict] | None, hooks: Hooks | None) -> ApplyReport:
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
    stale = _check_before(root, changes)
    early: list[Conflict] = []
    if stale:
        if any(not c.group_ids for c in changes if c.path in stale):
            raise StaleFiles(sorted(stale))
        gone: set[str] = set()
        for c in changes:
            if c.path in stale:
                new = _closure(changes, set(c.group_ids)) - gone
                gone |= new
                early += [Conflict(g, c.path, stale[c.path]) for g in sorted(new)]
        changes = [c for c in changes if not set(c.group_ids) & gone]
        groups = [g for g in groups if g.get("group_id") not in gone]
        if not changes:
            report = ApplyReport(None)
            report.conflicts = early
            return report
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
    run = _Run(project, journal, changes, hooks)
    run.conflicts = early
    current = ""
    try:
        journal.trash.mkdir(parents=True, exist_ok=True, mode=0o700)
        for c in changes:
            if c.before_sha256 is None or run.is_dropped(c):
                continue
            current = c.path
            run.backup(c)
            hooks.at("backup", c.path)
        run.save_dropped(APPLYING)
    except OSError as exc:
        abandon(journal)
        raise ApplyError(f"could not back up {current or 'the notes'} "
                         f"({exc.strerror or exc}); nothing was changed") from None
    except StaleFiles:
        abandon(journal)
        raise
    hooks.at("applying")
    try:
        for c in changes:
            if run.is_dropped(c):
                continue
            current = c.path
            hooks.at("write", c.path)
            run.write(c)
            if c.path in run.written:
                hooks.at("written", c.path)
        current = "the journal"
        hooks.at("applied")
        if not any(not run.is_dropped(c) for c in changes):
            journal.data["groups"] = []
            run.save_dropped(ROLLED_BACK)
            drop_trash(journal)
            report = ApplyReport(None)
            report.conflicts = run.conflicts
            return report
        journal.data["groups"] = [g for g in journal.data.get("groups", [])
                                  if g.get("group_id") not in run.dropped]
        run.save_dropped(APPLIED)
    except StaleFiles:
        rollback(project, journal)
        raise
    except Exception as exc:  # a real error (disk full, permission): put everything back
        outcome = rollback(project, journal)
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ApplyError(f"could not write {current}: {why}. " + outcome.sentence()) from None
    return report_of(journal)


def report_of(journal: Journal) -> ApplyReport:
    changes = [FileChange.from_record(r) for r in journal.data["changes"]
               if not r.get("dropped")]
    by = counts(changes)
    return ApplyReport(
        apply_id=journal.id, updated=by["updated"], retired=by["retired"],
        links_rewritten=[{"path": c.path, "count": c.links} for c in changes if c.links],
        created=by["created"],
        applied_groups=[g["group_id"] for g in journal.data.get("groups", [])],
        conflicts=[Conflict(**x) for x in journal.data.get("conflicts", [])],
    )


def apply_plan(project: Project, plan: Plan, *, hooks: Hooks | None = None,
               decided: bool = False) -> ApplyReport:
    """Carry out a plan; conflicting groups were already left out of it.

    Groups decided in the console (a pending decision in the log) are marked applied
    there, so undo can reopen them; groups from a plan file are not. `decided`: the
    plan was made from recorded decisions (the console, `apply` without a plan file),
    so each group is checked against the decision log as it is now, under the project
    lock: one decided otherwise meanwhile (another console) is a conflict.
    """
    try:
        with apply_lock(project.state, what="apply"):
            return _apply_plan(project, plan, hooks, decided)
    except ProjectBusy as exc:
        raise ApplyError(f"{exc}, so nothing was written; try again when it is done"
                         ) from None


def _apply_plan(project: Project, plan: Plan, hooks: Hooks | None, decided: bool
                ) -> ApplyReport:
    store = DecisionStore(project.state)
    current = store.current()
    pending = {gid for gid, d in current.items() if d.action in WRITING}
    groups, changes, late = plan.groups, plan.changes, []
    if decided:
        now = {gid: d.action for gid, d in current.items()}
        off = {gp.group_id: ("decided differently since this apply was planned (now: "
                             f"{now.get(gp.group_id, 'undecided or applied')}); nothing "
                             "written for this group")
               for gp in plan.groups if now.get(gp.group_id) != gp.action}
        gone = _closure(plan.changes, set(off))
        kept = {gp.group_id: gp.kept for gp in plan.groups}
        late = [Conflict(g, kept.get(g, ""), off.get(g, "shares a note with a group decided "
                                                       "differently meanwhile"))
                for g in sorted(gone)]
        groups = [gp for gp in plan.groups if gp.group_id not in gone]
        changes = [c for c in plan.changes if not set(c.group_ids) & gone]
    records = []
    for gp in groups:
        rec = {k: v for k, v in gp.to_json().items() if k != "units"}
        rec["decision"] = gp.group_id in pending
        records.append(rec)
    try:
        report = journaled_write(project, changes, label="apply", groups=records,
                                 hooks=hooks)
    except UnsafePath as exc:
        raise ApplyError(str(exc)) from None
    report.conflicts = list(plan.conflicts) + late + report.conflicts
    report.skipped = list(plan.skipped)
    report.groups = [gp.to_json() for gp in groups]
    if report.apply_id:
        done = set(report.applied_groups)
        for rec in records:
            if rec["decision"] and rec["group_id"] in done:
                store.mark_applied(rec["group_id"], report.apply_id)
    return report
