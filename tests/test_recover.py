"""Backups nothing else can write, and a way out of every journal state: `undo
--force` and `bm-review recover` say exactly what they restored and what they left."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from helpers_apply import Counting, FailAfter, SimulatedCrash, group_doc, plan_doc, tree_state
from test_applying import both_groups, kb  # noqa: F401 - fixture reused

from review_app.cli import main as cli_main
from review_app.core.apply import (
    FileChange,
    apply_plan,
    journaled_write,
    plan_from_document,
    recover_unfinished,
)
from review_app.core.journal import journals
from review_app.core.project import Project


def _statuses(root: Path) -> list[str]:
    return [j.status for j in journals(root / ".bm-review")]


def test_a_retired_note_hard_linked_outside_comes_back_after_its_twin_is_edited(
        kb: Path, tmp_path: Path, capsys):  # noqa: F811
    """The backup is a copy: editing the outside twin in place cannot change it."""
    note = kb / "eng/pgbouncer_notes.md"
    twin = tmp_path / "outside.md"
    os.link(note, twin)
    before = note.read_bytes()
    apply_plan(Project(kb), plan_from_document(Project(kb), both_groups(kb)))
    assert not note.exists()
    with open(twin, "r+b") as f:  # an editor, in place
        f.seek(0, 2)
        f.write(b"\nedited outside\n")
    assert cli_main(["undo", str(kb)]) == 0, capsys.readouterr().err
    assert note.read_bytes() == before
    assert twin.read_bytes().endswith(b"edited outside\n")
    assert _statuses(kb) == ["undone"]


def test_a_hard_linked_kept_note_keeps_its_link_after_undo_and_rollback(
        kb: Path, tmp_path: Path):  # noqa: F811
    note = kb / "eng/pooling.md"
    twin = tmp_path / "twin.md"
    os.link(note, twin)
    src = tmp_path / "src"
    shutil.copytree(kb, src)
    os.link(src / "eng/pooling.md", tmp_path / "src-twin.md")
    apply_plan(Project(kb), plan_from_document(Project(kb), both_groups(kb)))
    assert cli_main(["undo", str(kb)]) == 0
    assert os.stat(note).st_ino == os.stat(twin).st_ino
    # rolled back after a crash right after the kept note was written
    steps = Counting()
    ref = tmp_path / "ref"
    shutil.copytree(src, ref)
    apply_plan(Project(ref), plan_from_document(Project(ref), both_groups(ref)), hooks=steps)
    n = steps.phases.index(("written", "eng/pooling.md")) + 1
    with pytest.raises(SimulatedCrash):
        apply_plan(Project(src), plan_from_document(Project(src), both_groups(src)),
                   hooks=FailAfter(n))
    assert recover_unfinished(Project(src))
    assert os.stat(src / "eng/pooling.md").st_ino == os.stat(tmp_path / "src-twin.md").st_ino


def test_rollback_leaves_a_retired_symlink_to_the_kept_note_alone(kb: Path):  # noqa: F811
    (kb / "eng/zz_alias.md").symlink_to("pooling.md")
    doc = plan_doc(kb, group_doc(kb, "eng/pooling.md", ["eng/zz_alias.md"], "merge",
                                 keep="eng/pooling.md"))
    original = tree_state(kb)
    steps = Counting()
    ref = kb.parent / "ref"
    shutil.copytree(kb, ref, symlinks=True)
    apply_plan(Project(ref), plan_from_document(Project(ref), doc | {"project": str(ref)}),
               hooks=steps)
    # the kept note gains nothing from its own alias: nothing is written into it, and the
    # crash comes as the link is about to go
    assert ("write", "eng/pooling.md") not in steps.phases
    n = steps.phases.index(("write", "eng/zz_alias.md"))
    with pytest.raises(SimulatedCrash):
        apply_plan(Project(kb), plan_from_document(Project(kb), doc), hooks=FailAfter(n))
    assert os.path.islink(kb / "eng/zz_alias.md")  # crashed before the link went
    assert "rolled back" in recover_unfinished(Project(kb))[0]
    assert tree_state(kb) == original
    assert not (kb / ".bm-review/overwritten").exists()  # nothing taken for a foreign edit


def test_an_undo_that_cannot_finish_has_a_way_out(kb: Path, tmp_path: Path,  # noqa: F811
                                                  capsys):
    project = Project(kb)
    original = tree_state(kb)
    report = apply_plan(project, plan_from_document(project, both_groups(kb)))
    copy = tmp_path / "copy"
    shutil.copytree(kb, copy, symlinks=True)
    for root in (kb, copy):
        (root / f".bm-review/trash/{report.apply_id}/eng/flags.md").unlink()  # damaged
        assert cli_main(["undo", str(root)]) == 1
        err = capsys.readouterr().err
        assert "backup of eng/flags.md is missing" in err and "Restored so far:" in err
        assert "Nothing else was changed" not in err and "bm-review recover" in err
        assert _statuses(root) == ["undoing"]
    # the way out, 1: bm-review recover
    assert cli_main(["recover", str(kb)]) == 0
    out = capsys.readouterr().out
    assert f"finished the interrupted undo of {report.apply_id}" in out
    assert "left: the backup of eng/flags.md is missing or damaged" in out
    assert _statuses(kb) == ["undone"]
    now = tree_state(kb)
    assert {k: v for k, v in now.items() if k != "eng/flags.md"} == {
        k: v for k, v in original.items() if k != "eng/flags.md"}
    assert "New rules" in (kb / "eng/flags.md").read_text()  # left as the apply wrote it
    journaled_write(Project(kb), [FileChange("new.md", None, "# New\n", "create")], label="x")
    assert cli_main(["recover", str(kb)]) == 0
    assert "Nothing to recover" in capsys.readouterr().out
    # the way out, 2: undo --force
    assert cli_main(["undo", str(copy), "--force"]) == 0
    out = capsys.readouterr().out
    assert f"Undid {report.apply_id}" in out and "left     the backup of eng/flags.md" in out
    assert _statuses(copy) == ["undone"]


def test_undo_force_does_not_recreate_a_kept_note_moved_away(kb: Path, capsys):  # noqa: F811
    project = Project(kb)
    before = (kb / "eng/pooling.md").read_bytes()
    report = apply_plan(project, plan_from_document(project, both_groups(kb)))
    os.rename(kb / "eng/pooling.md", kb / "eng/pooling-moved.md")
    assert cli_main(["undo", str(kb)]) == 1
    capsys.readouterr()
    assert cli_main(["undo", str(kb), "--force"]) == 0
    out = capsys.readouterr().out
    assert not (kb / "eng/pooling.md").exists()  # the note does not exist twice
    assert (kb / "eng/pooling-moved.md").exists()
    # said once, as it is (a fuzzing pass: it was also listed as "newer content kept",
    # which the folder did not hold)
    assert "--force:" not in out
    assert "eng/pooling.md was moved or deleted since the apply" in out
    kept = kb / f".bm-review/overwritten/{report.apply_id}/eng/pooling.md"
    assert kept.read_bytes() == before
    assert (kb / "eng/pgbouncer_notes.md").exists()  # the rest restored
