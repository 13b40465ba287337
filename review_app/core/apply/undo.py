"""`bm-review undo` and `undo --list`: restore every file an apply touched, exactly, after
checking nothing changed since; the putting back itself is `recovery`'s."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from ..journal import (
    APPLIED,
    APPLYING,
    OVERWRITTEN_DIR,
    UNDOING,
    Journal,
    apply_lock,
    describe_blocked,
    entry_path,
    file_state,
    is_blocked,
    journals,
    load_journal,
    order_key,
)
from ..project import Project
from ..project_lock import ProjectBusy
from .changes import FileChange, Hooks, UndoError, active_hooks, counts
from .recovery import UndoReport, applied_changes, finish_undo, recover_locked, recover_one


def list_applies(project: Project) -> list[dict[str, Any]]:
    """Every apply, newest first: id, time, label, status and counts. Reads only the
    journals, never the notes."""
    out = []
    for j in journals(project.state):
        try:
            changes = applied_changes(j)
        except (KeyError, TypeError, ValueError):
            changes = []
        by = counts(changes)
        out.append({
            "id": j.id, "time": j.data.get("time", ""), "label": j.data.get("label", ""),
            "status": j.status, "groups": len(j.data.get("groups", [])),
            "updated": len(by["updated"]), "retired": len(by["retired"]),
            "created": len(by["created"]), "links": sum(c.links for c in changes),
        })
    out.reverse()
    return out


def _changed_since(project: Project, journal: Journal) -> tuple[list[str], list[str]]:
    """(paths not in their after state, problems: paths where a non-file stands). A
    note whose mode someone changed since is changed too: the apply kept each note's
    mode, so its backup has the mode it wrote, and putting that back would undo a
    `chmod` without a word (a fuzzing pass)."""
    root = project.root
    changed, blocked = [], []
    for c in applied_changes(journal):
        entry = entry_path(root, c.path)
        state = file_state(entry, root)
        if is_blocked(state):
            blocked.append(f"{c.path} is now {describe_blocked(state or '')}")
        elif state != c.after_sha256 or _mode_changed(journal, c, entry):
            changed.append(c.path)
    return changed, blocked


def _mode_changed(journal: Journal, c: FileChange, entry: Path) -> bool:
    if c.retired or c.before_sha256 is None or c.write_to or c.link:
        return False
    try:
        now = os.lstat(entry)
        then = os.lstat(journal.backup_path(c.path))
    except OSError:
        return False
    return stat.S_IMODE(now.st_mode) != stat.S_IMODE(then.st_mode)


def _touched(journal: Journal) -> set[str]:
    return {p for c in applied_changes(journal) for p in (c.path, c.target)}


def undo_apply(project: Project, apply_id: str | None = None, *, force: bool = False,
               hooks: Hooks | None = None) -> UndoReport:
    """Restore every file an apply touched, exactly (default: the latest apply).

    Refuses when a file changed since the apply, unless `force` (then the newer
    content is kept under `<state>/overwritten/<apply-id>/`). Always refuses while a
    later apply that touched the same files is in force (undo that one first), and
    while a folder or other non-file stands where a note must come back.
    """
    try:
        with apply_lock(project.state, what="undo"):
            return _undo_locked(project, apply_id, force, hooks)
    except ProjectBusy as exc:
        raise UndoError(f"{exc}, so nothing was restored; try again when it is done"
                        ) from None


def _undo_locked(project: Project, apply_id: str | None, force: bool, hooks: Hooks | None
                 ) -> UndoReport:
    recovered, unfinished = recover_locked(project)
    undone: list[UndoReport] = []
    for jid in unfinished if force else []:  # the way out of what cannot finish
        stuck = load_journal(project.state, jid)
        if stuck is None:
            continue
        if stuck.status == UNDOING:
            undone.append(finish_undo(project, stuck, leave=True))
        else:
            recovered.append(recover_one(project, stuck, force=True)[0])
    if force and unfinished:  # the first pass's "could not yet" is history now
        recovered = [m for m in recovered if not any(j in m for j in unfinished)]
    if undone and apply_id in (None, *[r.apply_id for r in undone]):
        report = next(r for r in reversed(undone) if apply_id in (None, r.apply_id))
        report.recovered = recovered
        return report
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
    mine = _touched(journal)
    for later in journals(project.state):
        if (order_key(later) <= order_key(journal)
                or later.status not in (APPLIED, APPLYING, UNDOING)):
            continue
        shared = sorted(mine & _touched(later))
        if shared:
            raise UndoError(f"the later apply {later.id} also changed {', '.join(shared)}; "
                            f"undo it first (bm-review undo {later.id}), then this one. "
                            "Nothing was restored.")
    changed, blocked = _changed_since(project, journal)
    if blocked:
        raise UndoError(f"cannot undo {journal.id}: " + "; ".join(blocked) + ". Move it "
                        "away and run undo again. Nothing was restored.")
    if changed and not force:
        raise UndoError(
            f"{len(changed)} file(s) changed since apply {journal.id}: "
            + ", ".join(changed) + ". Nothing was restored. Use --force to restore "
            "anyway (their current content is kept under "
            f".bm-review/{OVERWRITTEN_DIR}/{journal.id}/).")
    journal.data["forced"] = changed
    journal.save(UNDOING)
    hooks = active_hooks(hooks)
    hooks.at("undoing")
    report = finish_undo(project, journal, hooks)
    report.recovered = recovered
    return report
