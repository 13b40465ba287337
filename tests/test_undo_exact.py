"""Undo and rollback give back files exactly (bytes, mode, mtime, symlinks), and files
in the way (read-only, FIFO, folder, a full disk) are reported, never a traceback."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest
from helpers_apply import (
    Hooks,
    files_under,
    group_doc,
    plan_doc,
    rich_kb,
    tree_state,
    write_note,
)
from test_applying import both_groups, kb  # noqa: F401 - fixture reused

from review_app.cli import main as cli_main
from review_app.core import journal as journal_mod
from review_app.core.apply import (
    ApplyError,
    FileChange,
    UndoError,
    apply_plan,
    journaled_write,
    list_applies,
    plan_from_document,
    recover_unfinished,
    undo_apply,
)
from review_app.core.journal import journals
from review_app.core.project import Project


def _mode(p: Path) -> int:
    return stat.S_IMODE(os.lstat(p).st_mode)


def test_backups_keep_mode_and_undo_restores_mode_and_mtime(kb: Path):  # noqa: F811
    root = rich_kb(kb)
    original = tree_state(root)
    private = root / "eng/pgbouncer_notes.md"
    report = apply_plan(Project(root), plan_from_document(Project(root), both_groups(root)))
    backup = root / ".bm-review/trash" / report.apply_id / "eng/pgbouncer_notes.md"
    assert _mode(backup) == 0o600  # never world-readable in the trash
    assert not private.exists()
    assert _mode(root / ".bm-review/trash" / report.apply_id) == 0o700
    undo_apply(Project(root))
    assert tree_state(root) == original  # bytes, modes, mtimes, links
    assert _mode(private) == 0o600


def test_symlinked_notes_are_written_through_and_come_back_as_links(kb: Path):  # noqa: F811
    root = rich_kb(kb)
    original = tree_state(root)
    report = apply_plan(Project(root), plan_from_document(Project(root), both_groups(root)))
    sync = root / "meetings/sync.md"
    assert sync.is_symlink() and os.readlink(sync) == "../.shared/sync.md"  # still a link
    assert "[[Feature flag rules]]" in (root / ".shared/sync.md").read_text()  # written through
    assert "meetings/sync.md" in report.updated
    # the retired symlink went as a link; the file it pointed to is untouched
    assert not os.path.lexists(root / "eng/flags_v2.md")
    assert original[".archive/flags-v2.md"] == tree_state(root)[".archive/flags-v2.md"]
    undo_apply(Project(root))
    assert tree_state(root) == original
    assert os.readlink(root / "eng/flags_v2.md") == "../.archive/flags-v2.md"


def test_a_note_symlinked_by_another_is_not_retired(kb: Path):  # noqa: F811
    os.symlink("pgbouncer_notes.md", kb / "eng/pgbouncer_alias.md")
    plan = plan_from_document(Project(kb), both_groups(kb))
    assert [(c.path, c.reason) for c in plan.conflicts] == [
        ("eng/pgbouncer_notes.md", "eng/pgbouncer_alias.md is a symlink to this note; "
                                   "retiring it would break that note")]


def test_symlinks_leaving_the_project_are_never_written(kb: Path, tmp_path: Path):  # noqa: F811
    outside = tmp_path / "outside.md"
    outside.write_text("---\ntitle: Outside\n---\n\nSecret [[Feature flags v2]].\n")
    before = outside.read_bytes()
    doc = both_groups(kb)
    os.symlink(outside, kb / "eng/outside.md")
    plan = plan_from_document(Project(kb), doc)
    assert "eng/outside.md" not in {c.path for c in plan.changes}  # not even read
    apply_plan(Project(kb), plan)
    assert outside.read_bytes() == before
    from review_app.core.journal import UnsafePath

    with pytest.raises(UnsafePath):
        journaled_write(Project(kb), [FileChange("eng/outside.md", None, "x", "create")],
                        label="x")
    assert outside.read_bytes() == before


def test_read_only_notes_are_conflicts_not_overwritten(kb: Path):  # noqa: F811
    pooled = kb / "eng/pooling.md"
    os.chmod(pooled, 0o444)
    before = pooled.read_bytes()
    plan = plan_from_document(Project(kb), both_groups(kb))
    assert [(c.path, c.reason.split(":")[0]) for c in plan.conflicts] == [
        ("eng/pooling.md", "read-only (mode 0444)")]
    report = apply_plan(Project(kb), plan)
    assert pooled.read_bytes() == before and _mode(pooled) == 0o444
    assert (kb / "eng/pgbouncer_notes.md").exists()  # its group was left alone
    assert "eng/pooling.md" not in report.updated  # a conflict is never listed as updated
    assert report.retired == ["eng/flags_v2.md"]


def test_read_only_linking_note_leaves_that_group_alone(kb: Path):  # noqa: F811
    arch = kb / "eng/architecture.md"  # links to PgBouncer notes and Feature flags v2
    os.chmod(arch, 0o444)
    plan = plan_from_document(Project(kb), both_groups(kb))
    assert {c.group_id for c in plan.conflicts} == {g["id"] for g in both_groups(kb)["groups"]}
    assert all(c.path == "eng/architecture.md" and "read-only" in c.reason
               for c in plan.conflicts)
    assert plan.changes == []


def _apply_one(root: Path, canonical: str, member: str) -> str:
    doc = plan_doc(root, group_doc(root, canonical, [member], "merge", keep=canonical))
    report = apply_plan(Project(root), plan_from_document(Project(root), doc))
    assert report.apply_id
    return report.apply_id


def test_undo_out_of_order_is_refused_even_with_force(kb: Path):  # noqa: F811
    """Two applies rewrote links in eng/architecture.md: undoing the first one first
    would bring back its old bytes under the second's rewrite."""
    original = tree_state(kb)
    first = _apply_one(kb, "eng/pooling.md", "eng/pgbouncer_notes.md")
    second = _apply_one(kb, "eng/flags.md", "eng/flags_v2.md")
    for force in (False, True):
        with pytest.raises(UndoError, match=f"later apply {second}.*architecture.md.*"
                                            f"undo it first"):
            undo_apply(Project(kb), first, force=force)
    undo_apply(Project(kb), second)
    undo_apply(Project(kb), first)
    assert tree_state(kb) == original


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_at_a_journal_path_is_reported_never_opened(kb: Path, capsys):  # noqa: F811
    report = apply_plan(Project(kb), plan_from_document(Project(kb), both_groups(kb)))
    fifo = kb / "eng/pgbouncer_notes.md"  # retired; a FIFO appears in its place
    os.mkfifo(fifo)
    with pytest.raises(UndoError, match="pgbouncer_notes.md is now not a regular file"):
        undo_apply(Project(kb), report.apply_id)
    assert [j.status for j in journals(kb / ".bm-review")] == ["applied"]
    assert cli_main(["undo", str(kb), "--list"]) == 0  # reads only: works
    assert cli_main(["undo", str(kb)]) == 1
    assert "move it away" in capsys.readouterr().err.lower()
    # an interrupted apply over that path: recovery reports it and does not hang
    journal = next(journals(kb / ".bm-review"))
    journal.save("applying")
    messages = recover_unfinished(Project(kb))
    assert len(messages) == 1 and "not a regular file" in messages[0]
    assert cli_main(["undo", str(kb), "--list"]) == 0
    with pytest.raises(ApplyError, match="earlier apply is still unfinished"):
        journaled_write(Project(kb), [FileChange("new.md", None, "# New\n", "create")],
                        label="x")  # never writes into a half-applied project
    assert not (kb / "new.md").exists()
    fifo.unlink()
    assert "rolled back" in recover_unfinished(Project(kb))[0]
    assert (kb / "eng/pgbouncer_notes.md").is_file()


def test_folder_at_a_retired_path_is_reported(kb: Path, capsys):  # noqa: F811
    report = apply_plan(Project(kb), plan_from_document(Project(kb), both_groups(kb)))
    (kb / "eng/flags_v2.md").mkdir()
    (kb / "eng/flags_v2.md/keep.txt").write_text("someone's file")
    for force in ([], ["--force"]):
        assert cli_main(["undo", str(kb), report.apply_id, *force]) == 1
        assert "eng/flags_v2.md is now a folder" in capsys.readouterr().err
    assert [j.status for j in journals(kb / ".bm-review")] == ["applied"]  # not 'undoing'
    assert cli_main(["undo", str(kb), "--list"]) == 0
    assert (kb / "eng/flags_v2.md/keep.txt").read_text() == "someone's file"
    os.remove(kb / "eng/flags_v2.md/keep.txt")
    os.rmdir(kb / "eng/flags_v2.md")
    assert cli_main(["undo", str(kb), report.apply_id]) == 0


class _DiskFills(Hooks):
    """The disk fills up before the second note is written: that write and every new
    file after it fail with ENOSPC; renames and removals still work."""

    def __init__(self, monkeypatch) -> None:
        self.monkeypatch = monkeypatch
        self.writes = 0

    def at(self, phase: str, path: str | None = None) -> None:
        if phase != "write":
            return
        self.writes += 1
        if self.writes == 2:
            real = journal_mod.atomic_write_bytes

            def full(*args, **kwargs):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            self.monkeypatch.setattr(journal_mod, "atomic_write_bytes", full)
            self.monkeypatch.setattr("review_app.core.checked_write._write_all", full)
            self.monkeypatch.setattr("review_app.core.journal.shutil.copy2", full)
            self.restore = real
            full()


def test_disk_full_mid_write_rolls_back_without_new_space(kb: Path, monkeypatch,  # noqa: F811
                                                         capsys):
    root = rich_kb(kb)
    original = tree_state(root)
    plan = plan_from_document(Project(root), both_groups(root))
    with pytest.raises(ApplyError) as err:
        apply_plan(Project(root), plan, hooks=_DiskFills(monkeypatch))
    msg = str(err.value)
    assert "No space left on device" in msg and "rolled back" in msg
    assert tree_state(root) == original  # while the disk is still full
    # the journal could not say so (disk full): later commands still run
    assert [j.status for j in journals(root / ".bm-review")] == ["applying"]
    assert cli_main(["undo", str(root), "--list"]) == 0
    assert "rolled back the interrupted apply" in capsys.readouterr().err
    assert tree_state(root) == original
    monkeypatch.undo()  # space freed: the next command finishes the journal
    recover_unfinished(Project(root))
    assert [j.status for j in journals(root / ".bm-review")] == ["rolled_back"]
    assert files_under(root / ".bm-review/trash") == []
    assert tree_state(root) == original


def test_permission_error_during_apply_says_rolled_back(kb: Path, tmp_path: Path,  # noqa: F811
                                                       capsys):
    import json

    (kb / "meetings").chmod(0o555)  # sync.md in it cannot be replaced
    try:
        if os.access(kb / "meetings", os.W_OK):
            pytest.skip("running as a user that ignores permissions")
        original = tree_state(kb)
        plan = tmp_path / "plan.json"
        plan.write_text(json.dumps(both_groups(kb)))
        assert cli_main(["apply", str(kb), "--plan", str(plan)]) == 1
        err = capsys.readouterr().err
        assert "Permission denied" in err and "rolled back" in err and "Traceback" not in err
        assert tree_state(kb) == original
    finally:
        (kb / "meetings").chmod(0o755)


def test_failed_write_in_process_is_rolled_back_with_exact_files(kb: Path):  # noqa: F811
    class Denied(Hooks):
        def at(self, phase: str, path: str | None = None) -> None:
            if phase == "write" and path == "meetings/sync.md":
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    root = rich_kb(kb)
    original = tree_state(root)
    with pytest.raises(ApplyError, match="could not write meetings/sync.md: Permission denied"
                                         ".*rolled back: no note was changed"):
        apply_plan(Project(root), plan_from_document(Project(root), both_groups(root)),
                   hooks=Denied())
    assert tree_state(root) == original
    assert [a["status"] for a in list_applies(Project(root))] == ["rolled_back"]
    assert files_under(root / ".bm-review/trash") == []


def test_locked_notes_are_never_written_or_retired(kb: Path):  # noqa: F811
    write_note(kb, "eng/flags.md", "Feature flag rules", "# Feature flag rules\n\nOld rules.\n",
               modified="2026-01-01T00:00:00", locked=True)
    locked = (kb / "eng/flags.md").read_bytes()
    plan = plan_from_document(Project(kb), both_groups(kb))
    assert [s.reason.split(" (")[0] for s in plan.skipped] == [
        "locked: basic-memory refuses edits"]
    assert "eng/flags.md" in plan.skipped[0].reason
    doc = both_groups(kb)
    doc["groups"][1]["keep"] = "eng/flags_v2.md"  # kept elsewhere: the locked one stays
    plan = plan_from_document(Project(kb), doc)
    assert [s.reason for s in plan.skipped] == [
        "nothing to retire: the other notes stay (eng/flags.md: locked: basic-memory "
        "refuses edits)"]
    apply_plan(Project(kb), plan)
    assert (kb / "eng/flags.md").read_bytes() == locked


def test_locked_linking_note_leaves_that_group_alone(kb: Path):  # noqa: F811
    write_note(kb, "meetings/sync.md", "Sync",
               "# Sync\n\nSee memory://eng/pgbouncer-notes and [[Feature flags v2]].\n",
               locked=True)
    before = (kb / "meetings/sync.md").read_bytes()
    plan = plan_from_document(Project(kb), both_groups(kb))
    assert len(plan.conflicts) == 2
    assert all(c.path == "meetings/sync.md" and "locked" in c.reason for c in plan.conflicts)
    apply_plan(Project(kb), plan)
    assert (kb / "meetings/sync.md").read_bytes() == before
    assert (kb / "eng/pgbouncer_notes.md").exists() and (kb / "eng/flags_v2.md").exists()
