"""Putting files back: rollback of a failed or interrupted apply, undo, crash recovery.

Restoring renames each backup back into place, so a restored note is the file it
was (bytes, mode, mtime; a symlink comes back as the same link) and a rollback
needs no new disk space. Restoring is idempotent: a file already back in its
before state is left alone, so an interrupted rollback or undo is finished by
running it again. Nothing here raises for one bad path (a folder or FIFO where a
note was): it is reported, the journal keeps its status, and every later command
still runs and says what is in the way.
"""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..checked_write import Changed, Identity, current, put_back_checked, remove_checked
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
    fsync_dir,
    is_blocked,
    journals,
    link_target,
    move_aside,
    remove_file,
    restore_entry,
    safe_join,
)
from ..project import Project
from ..project_lock import ProjectBusy
from .changes import NO_HOOKS, FileChange, Hooks, UndoError


@dataclass
class Outcome:
    """What a restore did, and what stood in its way."""

    restored: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)  # files the apply had created
    moved_aside: list[str] = field(default_factory=list)  # changed by others, kept
    # changed by others and left in place: path -> what `left` says of it
    kept_edits: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)  # not put back, and why
    journal_error: str = ""

    def sentence(self) -> str:
        if self.problems:
            return ("The rollback is incomplete (" + "; ".join(self.problems) + "); the next "
                    "bm-review command retries it.")
        done = ("Everything was rolled back: no note was changed." if not self.left else
                "Everything else was rolled back; left as they are: " + "; ".join(self.left)
                + ".")
        if self.journal_error:
            done += (f" (The journal could not be updated: {self.journal_error}; the next "
                     "command does that.)")
        return done


def applied_changes(journal: Journal) -> list[FileChange]:
    """The changes an apply made (not those of groups it left out as conflicts)."""
    return [FileChange.from_record(r) for r in journal.data.get("changes", [])
            if not r.get("dropped")]


def _all_changes(journal: Journal) -> list[tuple[FileChange, str]]:
    """Every change with what became of it: "" (made), "written" (its group was left
    out after this file was written: to put back), "untouched" (never written)."""
    out = []
    for r in journal.data.get("changes", []):
        fate = "" if not r.get("dropped") else "written" if r.get("written") else "untouched"
        out.append((FileChange.from_record(r), fate))
    return out


def _spots(root: Path, c: FileChange) -> tuple[Path, Path]:
    """(the path as the notes name it, the entry whose bytes the backup replaces)."""
    entry = entry_path(root, c.path)
    if c.write_to and not (c.retired and c.link):
        return entry, entry_path(root, c.write_to)
    return entry, entry


def _is_before(root: Path, c: FileChange, entry: Path, state: str | None) -> bool:
    if c.retired and c.link is not None:  # the link itself, wherever it points
        return link_target(entry) == c.link
    return state == c.before_sha256


def restore(project: Project, journal: Journal, *, keep_changed_in: Path | None,
            hooks: Hooks = NO_HOOKS, only: set[str] | None = None,
            leave: bool = False, move: Collection[str] = ()) -> Outcome:
    """Put every file of a journal back as it was before.

    A file that is neither in its before nor its after state was changed by someone
    else since the apply wrote it: that edit stays where it is, listed (`Outcome.left`,
    `kept_edits`), and its content before the apply goes under `keep_changed_in`
    (".before"), unless its path is in `move`, the files `undo --force` was told to
    restore anyway: then the edit is moved there and the backup put back. A recovery
    after a crash never moves an edit someone made since (a fuzzing pass: an edit made
    between a killed apply and the next `scan` was moved aside without a word). A file
    of a group the apply left out is put back only if it holds what the apply wrote
    (else it is someone else's edit, the reason the group was left out). A written note
    someone moved or deleted since, or whose folder is gone (renamed: its notes live on
    under the new name), is not re-created (it would exist twice): its old content goes
    under `keep_changed_in`. Each file is put back only while it still holds what was
    checked (`_put_back`): an edit saved in between stays, listed. A file whose backup
    is gone and which no longer holds what the apply wrote was put back already by an
    interrupted undo and edited since: left as it is, no problem. `leave`: what cannot
    be put back (a missing backup, a folder in the way) is left as it is and listed, not
    a problem.
    """
    root = project.root
    out = Outcome()
    for c, dropped in reversed(_all_changes(journal)):
        if only is not None and c.path not in only:
            continue
        try:
            entry, spot = _spots(root, c)
            clean_temp_files(spot)
            state = file_state(entry, root)
            if _is_before(root, c, entry, state):
                continue
            backup = journal.backup_path(c.path)
            edited = state is not None and state != c.after_sha256
            if dropped == "written" and edited and not is_blocked(state):
                # written, then edited beside us: the edit stays, the note as it was
                # before the apply is kept
                _leave_edit(project, c, backup, keep_changed_in, out)
                continue
            if dropped == "untouched" or (dropped and state is not None
                                          and state != c.after_sha256):
                continue  # someone else's edit, the reason the group was left out
            # (written, then moved or deleted with its folder: put aside below, its backup
            # kept; skipped, the backup went with the trash: a fuzzing pass)
            if is_blocked(state):
                if not leave:
                    out.problems.append(f"{c.path} is now {describe_blocked(state or '')}; "
                                        "move it away")
                    continue
                kept = ""
                if keep_changed_in is not None and os.path.lexists(backup):
                    move_aside(backup, safe_join(keep_changed_in, c.path + ".before"))
                    kept = (f"; its content before the apply is kept under "
                            f"{_shown(project, keep_changed_in)}")
                out.left.append(f"{c.path} is now {describe_blocked(state or '')}, left as it "
                                f"is{kept}")
                continue
            if c.before_sha256 is not None:
                ok = (link_target(backup) == c.link if c.retired and c.link
                      else file_state(backup) == c.before_sha256)
                if not ok and edited and _kept_before(c, keep_changed_in):
                    _leave_edit(project, c, backup, keep_changed_in, out)  # a retry
                    continue
                if not ok and edited and (not os.path.lexists(backup) and journal.status
                                          == UNDOING or _one_file(backup, spot)):
                    # put back already (the backup is gone, or is the note itself: a crash
                    # came before its second name went), then edited
                    said = (f"{c.path} changed after the undo had put it back, so it is left "
                            "as it is")
                    out.left.append(said)
                    out.kept_edits[c.path] = said
                    continue
                if not ok:
                    (out.left if leave else out.problems).append(
                        f"the backup of {c.path} is missing or damaged; {c.path} is left "
                        "as it is")
                    continue
            # a written note's folder moved or deleted meanwhile: its notes live on there
            # (a retired note has no other copy: its folder is made again, as before)
            gone = not c.retired and not spot.parent.is_dir()
            if c.before_sha256 is not None and (gone or (state is None and not c.retired)):
                if keep_changed_in is not None:
                    move_aside(backup, safe_join(keep_changed_in, c.path))
                what = f"{c.path}: its folder was" if gone else f"{c.path} was"
                said = (f"{what} moved or deleted since the apply wrote it, so it is not "
                        "re-created; its content before the apply is kept under "
                        f"{_shown(project, keep_changed_in)}")
                out.left.append(said)
                if dropped == "written":  # the apply's report names it (a fuzzing pass)
                    out.kept_edits[c.path] = said
                continue
            if edited and c.path not in move:
                _leave_edit(project, c, backup, keep_changed_in, out)
                continue
            expected = state
            if (edited or c.path in move) and state is not None \
                    and keep_changed_in is not None:  # (in `move`: its mode may be all)
                move_aside(spot, safe_join(keep_changed_in, c.path))
                out.moved_aside.append(c.path)
                expected = None
            keep = keep_changed_in or journal.trash
            try:
                if c.before_sha256 is None:
                    if expected is not None and not os.path.islink(spot):
                        _remove_checked(spot, expected, keep)
                    else:
                        remove_file(spot)
                    _prune_empty_dirs(spot.parent, root)
                    out.deleted.append(c.path)
                else:
                    twin = journal.twin_path(c.path)
                    use = twin if file_state(twin) == c.before_sha256 else backup
                    # the twin: the hard link to another file is back; a note written
                    # through its symlink is put back in its target, checked the same way
                    _put_back(use, spot, expected, keep, same_inode=use == twin)
                    out.restored.append(c.path)
            except Changed:  # an edit landed as it was put back: it stays
                _leave_edit(project, c, backup, keep_changed_in, out)
                continue
            hooks.at("restored", c.path)
        except (OSError, UnsafePath) as exc:
            out.problems.append(f"{c.path}: {getattr(exc, 'strerror', None) or exc}")
    return out


def _one_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _put_back(src: Path, spot: Path, expected: str | None, keep: Path, *,
              same_inode: bool = False) -> None:
    """Move `src` (a backup) to `spot` only while `spot` holds `expected` (a sha256; None:
    nothing there); Changed, leaving both, when it does not. An edit saved while an undo
    put the note back was replaced by the backup and lost: a fuzzing pass."""
    if expected is None:
        spot.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.link(src, spot, follow_symlinks=False)  # never over a file that appeared
        except FileExistsError:
            raise Changed("created by another program") from None
        except OSError as exc:
            if exc.errno not in (errno.EXDEV, errno.EPERM, errno.EOPNOTSUPP, errno.EMLINK):
                raise
            restore_entry(src, spot)  # no hard links here: the check above is the last look
            return
        os.unlink(src)
        fsync_dir(spot.parent)
        return
    put_back_checked(src, spot, _holding(spot, expected), keep, same_inode=same_inode)


def _remove_checked(spot: Path, expected: str, keep: Path) -> None:
    """Remove a note the apply created, only while it still holds `expected`."""
    remove_checked(spot, _holding(spot, expected), follow=True, keep_displaced_in=keep)


def _holding(spot: Path, expected: str) -> tuple[Identity, str]:
    """What `spot` is now (identity, sha256), when it holds `expected`; else Changed."""
    want = current(spot)
    if want is None or want[1] != expected:
        raise Changed("changed by another program")
    return want


def _kept_before(c: FileChange, keep: Path | None) -> Path | None:
    """Where `_leave_edit` keeps a note as it was before the apply, when it is there."""
    if keep is None or c.before_sha256 is None:
        return None
    spot = safe_join(keep, c.path + ".before")
    return spot if os.path.lexists(spot) else None


def _leave_edit(project: Project, c: FileChange, backup: Path, keep: Path | None,
                out: Outcome) -> None:
    """Leave a note someone edited after the apply wrote it as it is, keeping its
    content from before the apply (the backup) under `keep` as ".before". Run again
    (a retry after something else stopped the rollback), it finds that copy there."""
    if c.before_sha256 is not None and keep is not None and os.path.lexists(backup):
        move_aside(backup, safe_join(keep, c.path + ".before"))
    kept = _kept_before(c, keep)
    said = (f"{c.path} changed after the apply wrote it (an edit made beside bm-review), so "
            f"it is left as it is"
            + (f"; its content before the apply is kept under {_shown(project, keep)}"
               f"{c.path}.before" if kept is not None else ""))
    out.left.append(said)
    out.kept_edits[c.path] = said


def _shown(project: Project, folder: Path | None) -> str:
    if folder is None:
        return "the trash"
    try:
        return str(folder.relative_to(project.root)) + "/"
    except ValueError:
        return str(folder) + "/"


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


def rollback(project: Project, journal: Journal, *, leave: bool = False) -> Outcome:
    """Put back every note an unfinished apply wrote; the journal says rolled back
    once all are back (with `leave`, once all that can be are: the rest is listed)."""
    if journal.status == PREPARING:
        return abandon(journal)  # no note was written yet; never touch them
    out = restore(project, journal,
                  keep_changed_in=project.state / OVERWRITTEN_DIR / journal.id, leave=leave)
    if not out.problems:
        journal.data["left"] = out.left
        _finish(journal, ROLLED_BACK, out)
    return out


def _landed(project: Project, journal: Journal) -> bool:
    root = project.root
    for c in applied_changes(journal):
        try:
            if file_state(entry_path(root, c.path), root) != c.after_sha256:
                return False
        except UnsafePath:
            return False
    return True


def recover_locked(project: Project, *, force: bool = False) -> tuple[list[str], list[str]]:
    """Finish or roll back what a crash interrupted (the apply lock held). `force`
    (`bm-review recover`, `undo --force`): what cannot be put back is left as it is
    and named, and the journal is closed.

    Returns (messages, ids of journals still unfinished).
    """
    messages: list[str] = []
    unfinished: list[str] = []
    for journal in journals(project.state):
        if journal.status not in UNFINISHED:
            continue
        try:
            msg, done = recover_one(project, journal, force)
        except (OSError, UnsafePath, UndoError, KeyError, TypeError, ValueError) as exc:
            msg, done = f"could not recover apply {journal.id} yet: {exc}", False
        messages.append(msg)
        if not done:
            unfinished.append(journal.id)
    return messages, unfinished


def recover_one(project: Project, journal: Journal, force: bool = False
                 ) -> tuple[str, bool]:
    if journal.status == UNDOING:
        try:
            report = finish_undo(project, journal, leave=force)
        except UndoError as exc:
            return str(exc), False
        detail = _detail(report.restored, report.deleted, report.forced, report.left)
        return (f"finished the interrupted undo of {journal.id}"
                + (detail if force or report.left else "")), True
    if journal.status == APPLYING and _landed(project, journal):
        for c in applied_changes(journal):
            clean_temp_files(project.root / c.target)
        left_out = {c.path for c, fate in _all_changes(journal) if fate == "written"}
        if left_out:
            out = restore(project, journal, only=left_out,
                          keep_changed_in=project.state / OVERWRITTEN_DIR / journal.id)
            if out.problems:
                return (f"could not finish the interrupted apply {journal.id} yet: "
                        + "; ".join(out.problems), False)
        journal.save(APPLIED)
        _mark_applied(project, journal)
        return (f"finished the interrupted apply {journal.id} (all its writes had landed)",
                True)
    out = rollback(project, journal, leave=force)
    if out.problems:
        return (f"could not roll back the interrupted apply {journal.id} yet: "
                + "; ".join(out.problems) + ". Run 'bm-review recover' to finish it, leaving "
                "those files as they are", False)
    msg = (f"rolled back the interrupted apply {journal.id} "
           f"({len(out.restored) + len(out.deleted)} file(s) restored)")
    if force or out.left:
        msg += _detail(out.restored, out.deleted, out.moved_aside, out.left)
    if out.journal_error:
        msg += f"; its journal could not be updated ({out.journal_error}), retried next time"
    return msg, True


def _detail(restored: list[str], deleted: list[str], kept: list[str], left: list[str]
            ) -> str:
    """Exactly what a recovery did, for a person to check."""
    parts = []
    if restored:
        parts.append("restored " + ", ".join(restored))
    if deleted:
        parts.append("removed the created " + ", ".join(deleted))
    if kept:
        parts.append("newer content kept under .bm-review/overwritten/: " + ", ".join(kept))
    parts += [f"left: {x}" for x in left]
    return (": " + "; ".join(parts)) if parts else ": nothing needed restoring"


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


def recover_all(project: Project) -> tuple[list[str], list[str]]:
    """`bm-review recover`: finish every unfinished apply or undo, leaving what cannot
    be put back as it is. Returns (what was done, per journal; ids still unfinished)."""
    try:
        with apply_lock(project.state, what="recover"):
            return recover_locked(project, force=True)
    except ProjectBusy as exc:
        return [], [f"{exc}; run recover again when it is done"]


@dataclass
class UndoReport:
    apply_id: str
    restored: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)  # files the apply had created
    forced: list[str] = field(default_factory=list)  # changed since; kept under overwritten/
    decisions_reopened: list[str] = field(default_factory=list)
    plan_groups: list[str] = field(default_factory=list)  # applied from a plan file
    recovered: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)  # not put back, and why

    def to_json(self) -> dict[str, Any]:
        return {"apply_id": self.apply_id, "restored": self.restored, "deleted": self.deleted,
                "forced": self.forced, "decisions_reopened": self.decisions_reopened,
                "plan_groups": self.plan_groups, "recovered": self.recovered,
                "left": self.left}

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
        lines += [f"  left     {x}" for x in self.left]
        if self.decisions_reopened:
            lines.append(f"  {len(self.decisions_reopened)} decision(s) are pending again "
                         "(change them in the console, or run 'bm-review apply' to redo)")
        if self.plan_groups:
            lines.append(f"  {len(self.plan_groups)} group(s) came from a plan file: run "
                         "'bm-review apply --plan FILE' again to redo them")
        return "\n".join(lines)


def finish_undo(project: Project, journal: Journal, hooks: Hooks = NO_HOOKS, *,
                 leave: bool = False) -> UndoReport:
    out = restore(project, journal,
                  keep_changed_in=project.state / OVERWRITTEN_DIR / journal.id, hooks=hooks,
                  leave=leave, move=journal.data.get("forced") or ())
    if out.problems:
        done = out.restored + out.deleted
        # (an undo a crash interrupted may have put files back before this run)
        raise UndoError(f"the undo of {journal.id} is incomplete: " + "; ".join(out.problems)
                        + ". " + (f"Restored so far: {', '.join(done)}. " if done else
                                  "No file was restored this time. ")
                        + "Fix that and run 'bm-review undo' again, or run 'bm-review "
                          "recover' to finish the undo leaving those files as they are")
    report = UndoReport(journal.id, out.restored, out.deleted, sorted(out.moved_aside),
                        left=out.left)
    journal.data["left"] = out.left
    journal.save(UNDONE)
    drop_trash(journal)
    store = DecisionStore(project.state)
    last: dict[str, dict] = {}
    for rec in store.history():
        last[rec["group_id"]] = rec
    for g in journal.data.get("groups", []):
        latest = last.get(g["group_id"])
        if latest and latest.get("action") == "applied" and latest.get("apply_id") == journal.id:
            store.undo(g["group_id"])  # the decision is back in force, pending
            report.decisions_reopened.append(g["group_id"])
        else:
            report.plan_groups.append(g["group_id"])
    return report
