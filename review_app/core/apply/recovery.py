"""Putting files back: rollback of a failed or interrupted apply, crash recovery, and
the restore and finish an undo share (`undo.py` decides what to undo).

Restoring renames each backup back into place, so a restored note is the file it
was (bytes, mode, mtime; a symlink comes back as the same link) and a rollback
needs no new disk space. Restoring is idempotent: a file already back in its
before state is left alone, so an interrupted rollback or undo is finished by
running it again. Nothing here raises for one bad path (a folder or FIFO where a
note was): it is reported, the journal keeps its status, and every later command
still runs and says what is in the way.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..decisions import DecisionStore
from ..journal import (
    APPLIED,
    APPLYING,
    OVERWRITTEN_DIR,
    PREPARING,
    ROLLED_BACK,
    UNDOING,
    UNDONE,
    UNFINISHED,
    Journal,
    UnsafePath,
    apply_lock,
    clean_temp_files,
    describe_blocked,
    entry_path,
    file_state,
    is_blocked,
    journals,
    link_target,
    move_aside,
    remove_file,
    restore_entry,
    safe_join,
)
from ..project import Project
from .changes import NO_HOOKS, FileChange, Hooks, UndoError


@dataclass
class Outcome:
    """What a restore did, and what stood in its way."""

    restored: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)  # files the apply had created
    moved_aside: list[str] = field(default_factory=list)  # changed by others, kept
    problems: list[str] = field(default_factory=list)
    journal_error: str = ""

    def sentence(self) -> str:
        if self.problems:
            return ("The rollback is incomplete (" + "; ".join(self.problems) + "); the next "
                    "bm-review command retries it.")
        done = "Everything was rolled back: no note was changed."
        if self.journal_error:
            done += (f" (The journal could not be updated: {self.journal_error}; the next "
                     "command does that.)")
        return done


def journal_changes(journal: Journal) -> list[FileChange]:
    return [FileChange.from_record(r) for r in journal.data.get("changes", [])]


def _spots(root: Path, c: FileChange) -> tuple[Path, Path]:
    """(the path as the notes name it, the entry whose bytes the backup replaces)."""
    entry = entry_path(root, c.path)
    if c.write_to and not (c.retired and c.link):
        return entry, entry_path(root, c.write_to)
    return entry, entry


def _is_before(root: Path, c: FileChange, entry: Path, state: str | None) -> bool:
    if state != c.before_sha256:
        return False
    return not (c.retired and c.link is not None and link_target(entry) != c.link)


def restore(project: Project, journal: Journal, *, keep_changed_in: Path | None,
            hooks: Hooks = NO_HOOKS) -> Outcome:
    """Put every file of a journal back as it was before.

    A file that is neither in its before nor its after state was changed by someone
    else: it is moved under `keep_changed_in` before the backup is put back.
    """
    root = project.root
    out = Outcome()
    for c in reversed(journal_changes(journal)):
        try:
            entry, spot = _spots(root, c)
            clean_temp_files(spot)
            state = file_state(entry, root)
            if _is_before(root, c, entry, state):
                continue
            if is_blocked(state):
                out.problems.append(f"{c.path} is now {describe_blocked(state or '')}; move "
                                    "it away")
                continue
            backup = journal.backup_path(c.path)
            if c.before_sha256 is not None:
                ok = (link_target(backup) == c.link if c.retired and c.link
                      else file_state(backup) == c.before_sha256)
                if not ok:
                    out.problems.append(f"the backup of {c.path} is missing or damaged; "
                                        "left as is")
                    continue
            if state is not None and state != c.after_sha256 and keep_changed_in is not None:
                move_aside(spot, safe_join(keep_changed_in, c.path))
                out.moved_aside.append(c.path)
            if c.before_sha256 is None:
                remove_file(spot)
                _prune_empty_dirs(spot.parent, root)
                out.deleted.append(c.path)
            else:
                restore_entry(backup, spot)
                out.restored.append(c.path)
            hooks.at("restored", c.path)
        except (OSError, UnsafePath) as exc:
            out.problems.append(f"{c.path}: {getattr(exc, 'strerror', None) or exc}")
    return out


def _prune_empty_dirs(folder: Path, root: Path) -> None:
    while folder != root and folder.is_relative_to(root):
        try:
            folder.rmdir()
        except OSError:
            return
        folder = folder.parent


def drop_trash(journal: Journal) -> None:
    shutil.rmtree(journal.trash, ignore_errors=True)
    parent = journal.trash.parent
    try:
        if parent.is_dir() and not any(parent.iterdir()):
            parent.rmdir()
    except OSError:
        pass


def _finish(journal: Journal, status: str, out: Outcome) -> None:
    try:
        journal.save(status)
    except OSError as exc:
        out.journal_error = exc.strerror or str(exc)
        return
    drop_trash(journal)


def abandon(journal: Journal) -> Outcome:
    """End an apply that failed before any note was written: only the backups go."""
    out = Outcome()
    _finish(journal, ROLLED_BACK, out)
    return out


def rollback(project: Project, journal: Journal) -> Outcome:
    """Put back every note an unfinished apply wrote; the journal says rolled back
    once all are back."""
    if journal.status == PREPARING:
        return abandon(journal)  # no note was written yet; never touch them
    out = restore(project, journal,
                  keep_changed_in=project.state / OVERWRITTEN_DIR / journal.id)
    if not out.problems:
        _finish(journal, ROLLED_BACK, out)
    return out


def _landed(project: Project, journal: Journal) -> bool:
    root = project.root
    for c in journal_changes(journal):
        try:
            if file_state(entry_path(root, c.path), root) != c.after_sha256:
                return False
        except UnsafePath:
            return False
    return True


def recover_locked(project: Project) -> tuple[list[str], list[str]]:
    """Finish or roll back what a crash interrupted (the apply lock held).

    Returns (messages, ids of journals still unfinished).
    """
    messages: list[str] = []
    unfinished: list[str] = []
    for journal in journals(project.state):
        if journal.status not in UNFINISHED:
            continue
        try:
            msg, done = _recover_one(project, journal)
        except (OSError, UnsafePath, UndoError, KeyError, TypeError, ValueError) as exc:
            msg, done = f"could not recover apply {journal.id} yet: {exc}", False
        messages.append(msg)
        if not done:
            unfinished.append(journal.id)
    return messages, unfinished


def _recover_one(project: Project, journal: Journal) -> tuple[str, bool]:
    if journal.status == UNDOING:
        try:
            finish_undo(project, journal)
        except UndoError as exc:
            return str(exc), False
        return f"finished the interrupted undo of {journal.id}", True
    if journal.status == APPLYING and _landed(project, journal):
        for c in journal_changes(journal):
            clean_temp_files(project.root / c.target)
        journal.save(APPLIED)
        _mark_applied(project, journal)
        return (f"finished the interrupted apply {journal.id} (all its writes had landed)",
                True)
    out = rollback(project, journal)
    if out.problems:
        return (f"could not roll back the interrupted apply {journal.id} yet: "
                + "; ".join(out.problems), False)
    msg = (f"rolled back the interrupted apply {journal.id} "
           f"({len(out.restored) + len(out.deleted)} file(s) restored)")
    if out.journal_error:
        msg += f"; its journal could not be updated ({out.journal_error}), retried next time"
    return msg, True


def _mark_applied(project: Project, journal: Journal) -> None:
    store = DecisionStore(project.state)
    for g in journal.data.get("groups", []):
        if g.get("decision", True):
            store.mark_applied(g["group_id"], journal.id)


def recover_unfinished(project: Project) -> list[str]:
    """Finish or roll back applies/undos a crash interrupted. Returns what was done.

    Never raises for a file in the way (the message says what to move). Skipped
    (returns []) while another process holds the apply lock: that apply is
    running, not interrupted.
    """
    folder = project.state / "journal"
    if not folder.is_dir():
        return []
    try:
        with apply_lock(project.state, blocking=False) as got:
            if not got:
                return []
            return recover_locked(project)[0]
    except OSError as exc:
        return [f"could not check for interrupted applies: {exc.strerror or exc}"]


@dataclass
class UndoReport:
    apply_id: str
    restored: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)  # files the apply had created
    forced: list[str] = field(default_factory=list)  # changed since; kept under overwritten/
    decisions_reopened: list[str] = field(default_factory=list)
    plan_groups: list[str] = field(default_factory=list)  # applied from a plan file
    recovered: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"apply_id": self.apply_id, "restored": self.restored, "deleted": self.deleted,
                "forced": self.forced, "decisions_reopened": self.decisions_reopened,
                "plan_groups": self.plan_groups, "recovered": self.recovered}

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
                         "(change them in the console, or run 'bm-review apply' to redo)")
        if self.plan_groups:
            lines.append(f"  {len(self.plan_groups)} group(s) came from a plan file: run "
                         "'bm-review apply --plan FILE' again to redo them")
        return "\n".join(lines)


def finish_undo(project: Project, journal: Journal, hooks: Hooks = NO_HOOKS) -> UndoReport:
    out = restore(project, journal,
                  keep_changed_in=project.state / OVERWRITTEN_DIR / journal.id, hooks=hooks)
    if out.problems:
        raise UndoError(f"the undo of {journal.id} is incomplete: " + "; ".join(out.problems)
                        + ". Nothing else was changed; run 'bm-review undo' again after "
                          "that (every bm-review command retries it)")
    report = UndoReport(journal.id, out.restored, out.deleted, sorted(out.moved_aside))
    journal.save(UNDONE)
    drop_trash(journal)
    store = DecisionStore(project.state)
    last: dict[str, dict] = {}
    for entry in store.history():
        last[entry["group_id"]] = entry
    for g in journal.data.get("groups", []):
        rec = last.get(g["group_id"])
        if rec and rec.get("action") == "applied" and rec.get("apply_id") == journal.id:
            store.undo(g["group_id"])  # the decision is back in force, pending
            report.decisions_reopened.append(g["group_id"])
        else:
            report.plan_groups.append(g["group_id"])
    return report
