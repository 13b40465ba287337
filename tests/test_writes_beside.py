"""Another writer acting at the exact moment bm-review writes (a fuzzing pass that timed
real processes with inotify; here the apply's and undo's own hooks act at that moment):

- a folder renamed while an apply wrote into it: the group was dropped as a conflict and
  its rollback skipped the written note now gone from its folder, then the trash went with
  its only backup; nothing of the note as it was before survived;
- an edit saved just after an undo checked a note: the backup was put over it, and undo said
  everything was restored;
- a folder moved out of the project and replaced by a link to where it went, mid-apply:
  notes were written and removed outside the project, and undo then refused them.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from pathlib import Path

from helpers_apply import group_doc, plan_doc
from test_applying import kb  # noqa: F401 - fixture reused

from review_app.core.apply import apply_plan, plan_from_document, undo_apply
from review_app.core.apply.changes import Hooks
from review_app.core.journal import sha256_file
from review_app.core.project import Project

MERGE = ("eng/pooling.md", ["eng/pgbouncer_notes.md"])


class At(Hooks):
    """Runs `act` once, at the first `phase` step for `path`."""

    def __init__(self, phase: str, path: str, act) -> None:
        self.phase, self.path, self.act, self.done = phase, path, act, False

    def at(self, phase: str, path: str | None = None) -> None:
        if not self.done and phase == self.phase and path == self.path:
            self.done = True
            self.act()


def _plan(root: Path) -> dict:
    return plan_doc(root, group_doc(root, MERGE[0], MERGE[1], "merge", keep=MERGE[0]))


def _everything(root: Path) -> set[str]:
    """sha256 of every file under root, the state folder too."""
    return {sha256_file(p) for p in root.rglob("*") if p.is_file() and not p.is_symlink()}


def test_a_folder_renamed_mid_apply_keeps_the_note_as_it_was(kb: Path):  # noqa: F811
    """The apply writes eng/architecture.md (a link rewrite), then the folder is renamed;
    the next write of the group finds its note gone and the group is left out."""
    project = Project(kb)
    before = sha256_file(kb / "eng/architecture.md")
    hook = At("written", "eng/architecture.md",
              lambda: (kb / "eng").rename(kb / "engineering"))
    report = apply_plan(project, plan_from_document(project, _plan(kb)), hooks=hook)
    assert hook.done and report.conflicts
    assert before in _everything(kb), "the note as it was before the apply is gone"
    assert not (kb / "eng").exists()  # the person's rename is not half undone
    assert (kb / "engineering/pgbouncer_notes.md").is_file()


def test_an_edit_saved_as_undo_puts_a_note_back_is_kept(kb: Path, monkeypatch):  # noqa: F811
    import review_app.core.apply.recovery as recovery

    project = Project(kb)
    report = apply_plan(project, plan_from_document(project, _plan(kb)))
    edit = "---\ntitle: Postgres connection pooling\n---\n\nMy edit, saved just now.\n"
    real, saved = recovery.file_state, []

    def looked(path: Path, *args):  # an editor saves right after undo looked at the note
        got = real(path, *args)
        if Path(path) == kb / MERGE[0] and not saved:
            saved.append(True)
            (kb / MERGE[0]).write_text(edit, encoding="utf-8")
        return got

    monkeypatch.setattr(recovery, "file_state", looked)
    out = undo_apply(project, report.apply_id)
    assert saved
    assert (kb / MERGE[0]).read_text(encoding="utf-8") == edit
    assert any("changed after the apply wrote it" in x for x in out.left), out.left


def test_a_folder_moved_out_mid_apply_gets_no_write(kb: Path, tmp_path: Path):  # noqa: F811
    project = Project(kb)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    before = {p.name: p.read_bytes() for p in (kb / "eng").iterdir()}

    def move_out() -> None:
        shutil.move(str(kb / "eng"), outside / "eng")
        os.symlink(outside / "eng", kb / "eng")

    hook = At("applying", None, move_out)  # type: ignore[arg-type]
    report = apply_plan(project, plan_from_document(project, _plan(kb)), hooks=hook)
    assert hook.done and report.conflicts
    assert {p.name: p.read_bytes() for p in (outside / "eng").iterdir()} == before


def test_the_rename_is_named_in_the_apply_report(kb: Path):  # noqa: F811
    project = Project(kb)
    hook = At("written", "eng/architecture.md",
              lambda: (kb / "eng").rename(kb / "engineering"))
    report = apply_plan(project, plan_from_document(project, _plan(kb)), hooks=hook)
    said = [c.reason for c in report.conflicts if c.path == "eng/architecture.md"]
    assert said and "moved or deleted since the apply wrote it" in said[0], report.conflicts


def test_an_edit_to_a_symlinked_note_saved_as_undo_puts_it_back_is_kept(
        kb: Path, monkeypatch):  # noqa: F811
    import review_app.core.apply.recovery as recovery

    store = kb / "store"
    store.mkdir()
    (kb / MERGE[0]).rename(store / "pooling.md")
    (kb / MERGE[0]).symlink_to("../store/pooling.md")
    project = Project(kb)
    report = apply_plan(project, plan_from_document(project, _plan(kb)))
    edit = "---\ntitle: Postgres connection pooling\n---\n\nEdited through the link.\n"
    real, saved = recovery.file_state, []

    def looked(path: Path, *args):
        got = real(path, *args)
        if Path(path) == kb / MERGE[0] and not saved:
            saved.append(True)
            (store / "pooling.md").write_text(edit, encoding="utf-8")
        return got

    monkeypatch.setattr(recovery, "file_state", looked)
    out = undo_apply(project, report.apply_id)
    assert saved and (store / "pooling.md").read_text(encoding="utf-8") == edit
    assert (kb / MERGE[0]).is_symlink()
    assert any("changed after the apply wrote it" in x for x in out.left), out.left


def test_a_note_created_as_its_folder_moves_out_is_taken_back(tmp_path: Path):
    from review_app.core.checked_write import Changed, create_checked

    root, outside = tmp_path / "kb", tmp_path / "elsewhere"
    (root / "research").mkdir(parents=True)
    outside.mkdir()
    calls = []

    def still() -> None:
        calls.append(True)
        if len(calls) == 1:  # the move lands between the check and the link
            shutil.move(str(root / "research"), outside / "research")
            os.symlink(outside / "research", root / "research")
            return
        if not (root / "research").resolve().is_relative_to(root.resolve()):
            raise Changed("its folder was moved out of the project")

    try:
        create_checked(root / "research" / "Zebra.md", b"# Zebra\n", still=still)
    except Changed:
        pass
    else:
        raise AssertionError("created outside the project without a word")
    assert list((outside / "research").iterdir()) == []


def test_undo_brings_back_a_retired_note_whose_folder_is_gone(kb: Path):  # noqa: F811
    """A retired note has no other copy: its folder is made again (an adversarial review:
    the folder rule for written notes left it only under overwritten/)."""
    (kb / "inbox").mkdir()
    (kb / "eng/pgbouncer_notes.md").rename(kb / "inbox/pgbouncer_notes.md")
    before = (kb / "inbox/pgbouncer_notes.md").read_bytes()
    project = Project(kb)
    doc = plan_doc(kb, group_doc(kb, MERGE[0], ["inbox/pgbouncer_notes.md"], "merge",
                                 keep=MERGE[0]))
    report = apply_plan(project, plan_from_document(project, doc))
    (kb / "inbox").rmdir()  # emptied by the merge, removed by the person
    out = undo_apply(project, report.apply_id)
    assert (kb / "inbox/pgbouncer_notes.md").read_bytes() == before, out.left


def test_a_crash_as_undo_puts_a_note_back_leaves_the_backup_whole(kb: Path,  # noqa: F811
                                                                    monkeypatch):
    """Killed between the swap and the clean-up, the backup is still the note as it was,
    so the next command finishes the undo (an adversarial review: it reported a damaged
    backup and held every later apply)."""
    import review_app.core.checked_write as cw
    from review_app.core.apply import recover_unfinished

    project = Project(kb)
    original = (kb / MERGE[0]).read_bytes()
    report = apply_plan(project, plan_from_document(project, _plan(kb)))
    real_unlink = os.unlink

    def killed(path, *a, **kw):  # the note is back; the next clean-up: the process dies
        if Path(path) != kb / MERGE[0] and (kb / MERGE[0]).read_bytes() == original:
            raise KeyboardInterrupt
        return real_unlink(path, *a, **kw)

    monkeypatch.setattr(cw.os, "unlink", killed)
    with contextlib.suppress(KeyboardInterrupt):
        undo_apply(project, report.apply_id)
    monkeypatch.undo()
    (kb / MERGE[0]).write_text((kb / MERGE[0]).read_text(encoding="utf-8") + "\nLater.\n",
                               encoding="utf-8")  # an edit after the crash
    said = recover_unfinished(project)
    assert not any("damaged" in x for x in said), said
    assert (kb / MERGE[0]).read_bytes() == original + b"\nLater.\n"
    assert apply_plan(project, plan_from_document(project, _plan(kb))) is not None
