"""An apply that dies at any point leaves a project that recovers to fully-applied or
fully-original, with nothing lost: in process (a crash after every durable step) and
as a real `bm-review apply` killed with SIGKILL at each journal phase."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers_apply import (
    Counting,
    FailAfter,
    SimulatedCrash,
    files_under,
    group_doc,
    plan_doc,
    rich_kb,
    tree_hashes,
    tree_state,
)
from test_applying import EXPECTED, both_groups, kb  # noqa: F401 - fixture reused

from review_app.cli import main as cli_main
from review_app.core.apply import (
    apply_plan,
    plan_from_document,
    recover_unfinished,
    undo_apply,
)
from review_app.core.journal import UNDOING, journals
from review_app.core.project import Project

TMP_LEFTOVER = ".bmr-tmp"
# One apply time for every plan a test compares: `modified:` is refreshed to it.
NOW = dt.datetime(2026, 11, 30, 12, 0, tzinfo=dt.UTC)
CRASH_CLI = Path(__file__).parent / "crash_cli.py"


def _leftovers(root: Path) -> list[str]:
    return [p.name for p in root.rglob(f"*{TMP_LEFTOVER}")]


def _fully_applied(src: Path, doc_for) -> tuple[dict[str, str], int]:
    """The tree after an uninterrupted apply, and how many file operations it took."""
    ref = src.parent / "reference"
    shutil.copytree(src, ref, symlinks=True)
    plan = plan_from_document(Project(ref), doc_for(ref), now=NOW)
    steps = Counting()
    apply_plan(Project(ref), plan, hooks=steps)
    return tree_state(ref), len(steps.phases)


def _crash_everywhere(src: Path, doc_for, *, full_check: bool = True) -> list[str]:
    original = tree_state(src)
    applied, total = _fully_applied(src, doc_for)
    assert applied != original
    outcomes = []
    # Plans hold relative paths and hashes: one plan serves every identical copy.
    plan = plan_from_document(Project(src), doc_for(src), now=NOW)
    for n in range(1, total + 1):
        root = src.parent / f"crash-{n}"
        shutil.copytree(src, root, symlinks=True)
        project = Project(root)
        with pytest.raises(SimulatedCrash):
            apply_plan(project, plan, hooks=FailAfter(n))
        messages = recover_unfinished(project)
        now = tree_state(root)
        if now != original:  # landed: the copy's mtimes of written files are new
            assert _content(now) == _content(applied), f"crash at step {n}: mixed tree"
        assert not _leftovers(root)
        assert all(j.status in ("applied", "rolled_back") for j in journals(project.state))
        assert recover_unfinished(project) == []  # nothing left to recover
        outcomes.append("original" if now == original else "applied")
        if not full_check:
            shutil.rmtree(root)
            continue
        if now == original:
            assert files_under(project.state / "trash") == []
            # the project is usable: the same plan applies cleanly now
            apply_plan(project, plan)
            assert _content(tree_state(root)) == _content(applied)
        else:
            assert messages, f"crash at step {n}: landed without a recovery message"
        # and whatever happened, undo gets back the original: bytes, modes, mtimes, links
        undo_apply(project)
        assert tree_state(root) == original
        shutil.rmtree(root)
    return outcomes


def _content(state: dict[str, tuple]) -> dict[str, tuple]:
    """A tree state without mtimes (written files get new ones)."""
    return {k: v[:3] for k, v in state.items()}


def test_crash_after_every_file_operation_small(kb: Path):  # noqa: F811
    outcomes = _crash_everywhere(rich_kb(kb), both_groups)
    assert outcomes[0] == "original" and outcomes[-1] == "applied"
    assert "original" in outcomes[len(outcomes) // 2:]  # crashes mid-write were rolled back


def _demo_doc(root: Path, kinds: tuple[str, ...] = ()) -> dict:
    return plan_doc(root, *[group_doc(root, g["canonical"], g["members"], "merge",
                                      keep=g["canonical"])
                            for g in EXPECTED["groups"] if not kinds or g["kind"] in kinds])


def test_crash_after_every_file_operation_demo(demo_kb: Path):
    # three-way merge, important canonical and a near-exact copy: ~30 crash points
    def doc(root: Path) -> dict:
        return _demo_doc(root, ("three-way", "important-vs-copy", "near-exact-copy"))

    outcomes = _crash_everywhere(demo_kb, doc, full_check=False)
    assert len(outcomes) > 25
    assert outcomes.count("original") > 20 and outcomes[-1] == "applied"


def test_interrupted_undo_is_finished(kb: Path):  # noqa: F811
    project = Project(kb)
    original = tree_hashes(kb)
    report = apply_plan(project, plan_from_document(project, both_groups(kb)))
    # Simulate a crash midway through an undo: status written, one file restored.
    journal = next(j for j in journals(project.state) if j.id == report.apply_id)
    journal.save(UNDOING)
    first = journal.data["changes"][0]["path"]
    shutil.copy2(journal.backup_path(first), kb / first)
    assert tree_hashes(kb) != original
    assert recover_unfinished(project) == [f"finished the interrupted undo of {report.apply_id}"]
    assert tree_hashes(kb) == original
    assert files_under(project.state / "trash") == []


PHASES = [("preparing", 1), ("backup", 2), ("applying", 1), ("written", 2), ("applied", 1)]


def _kill_at(root: Path, plan_file: Path | None, phase: str, nth: int, tmp: Path) -> None:
    """Run `bm-review apply` (or `undo` without a plan) in a subprocess, SIGKILL it when
    it reaches the phase."""
    signal_file = tmp / f"reached-{root.name}-{phase}-{nth}"
    command = ["apply", str(root), "--plan", str(plan_file)] if plan_file else ["undo",
                                                                              str(root)]
    proc = subprocess.Popen([sys.executable, str(CRASH_CLI), phase, str(nth), str(signal_file),
                             "--", *command], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while not signal_file.exists():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, f"apply never reached {phase}"
            time.sleep(0.01)
        # While it runs, recovery must not touch it (it holds the apply lock).
        assert recover_unfinished(Project(root)) == []
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL


def test_sigkill_at_every_journal_phase(kb: Path, tmp_path: Path, capsys):  # noqa: F811
    """A real apply killed at each phase; the next command repairs; undo gives back the
    tree exactly: bytes, modes, mtimes and symlinks."""
    src = rich_kb(kb)
    doc = both_groups(src)  # paths and hashes: fits every copy
    original = tree_state(src)
    for phase, nth in PHASES:
        root = tmp_path / f"copy-{phase}"
        shutil.copytree(src, root, symlinks=True)
        plan_file = tmp_path / f"plan-{phase}.json"
        plan_file.write_text(json.dumps({**doc, "project": str(root)}))
        _kill_at(root, plan_file, phase, nth, tmp_path)
        state = root / ".bm-review"
        assert [j.status for j in journals(state)] == [
            "preparing" if phase in ("preparing", "backup") else "applying"]
        assert cli_main(["undo", str(root), "--list"]) == 0  # the next command recovers
        err = capsys.readouterr().err
        status = [j.status for j in journals(state)]
        if phase == "applied":  # every write had landed: finished, not rolled back
            assert status == ["applied"] and "finished the interrupted apply" in err
            assert tree_state(root) != original
            assert cli_main(["undo", str(root)]) == 0
        else:
            assert status == ["rolled_back"] and "rolled back" in err, (phase, err)
        assert tree_state(root) == original, phase
        assert not _leftovers(root) and files_under(state / "trash") == []
        assert os.path.islink(root / "eng/flags_v2.md") and os.path.islink(
            root / "meetings/sync.md")


def test_sigkill_during_undo_is_finished_by_the_next_command(kb: Path, tmp_path: Path,  # noqa: F811
                                                              capsys):
    src = rich_kb(kb)
    original = tree_state(src)
    for phase, nth in (("undoing", 1), ("restored", 1), ("restored", 3)):
        root = tmp_path / f"undo-{phase}-{nth}"
        shutil.copytree(src, root, symlinks=True)
        apply_plan(Project(root), plan_from_document(Project(root), both_groups(root), now=NOW))
        _kill_at(root, None, phase, nth, tmp_path)
        assert [j.status for j in journals(root / ".bm-review")] == ["undoing"]
        assert cli_main(["undo", str(root), "--list"]) == 0
        assert "finished the interrupted undo" in capsys.readouterr().err
        assert tree_state(root) == original, (phase, nth)
        assert files_under(root / ".bm-review/trash") == []


def test_crash_at_every_step_of_an_undo(kb: Path, tmp_path: Path):  # noqa: F811
    src = rich_kb(kb)
    original = tree_state(src)
    ref = tmp_path / "ref"
    shutil.copytree(src, ref, symlinks=True)
    apply_plan(Project(ref), plan_from_document(Project(ref), both_groups(ref), now=NOW))
    steps = Counting()
    undo_apply(Project(ref), hooks=steps)
    assert tree_state(ref) == original
    assert len(steps.phases) > 5
    for n in range(1, len(steps.phases) + 1):
        root = tmp_path / f"undo-crash-{n}"
        shutil.copytree(src, root, symlinks=True)
        apply_plan(Project(root), plan_from_document(Project(root), both_groups(root), now=NOW))
        with pytest.raises(SimulatedCrash):
            undo_apply(Project(root), hooks=FailAfter(n))
        assert recover_unfinished(Project(root)) == [
            f"finished the interrupted undo of {next(journals(root / '.bm-review')).id}"]
        assert tree_state(root) == original, n
        shutil.rmtree(root)


def test_every_command_recovers_first(demo_kb: Path):
    """scan (not only apply/undo) finishes or rolls back an interrupted apply."""
    import json as _json

    project = Project(demo_kb)
    before = {p: p.read_bytes() for p in demo_kb.rglob("*.md")}
    expected = _json.loads((Path(__file__).parent / "data" / "demo_expected.json").read_text())
    group = expected["groups"][0]
    from review_app.core.grouping import group_id
    from review_app.core.notes import sha256_bytes

    doc = {"project": str(demo_kb), "groups": [{
        "id": group_id([group["canonical"], *group["members"]]), "action": "merge",
        "canonical": group["canonical"],
        "canonical_sha256": sha256_bytes((demo_kb / group["canonical"]).read_bytes()),
        "members": [{"path": m, "sha256": sha256_bytes((demo_kb / m).read_bytes())}
                    for m in group["members"]]}]}
    # crash at the first point where the notes on disk are already half-changed
    for fail_after in range(1, 50):
        try:
            apply_plan(project, plan_from_document(project, doc), hooks=FailAfter(fail_after))
        except SimulatedCrash:
            pass
        else:
            raise AssertionError("the apply finished before the notes changed")
        if {p: p.read_bytes() for p in demo_kb.rglob("*.md")} != before:
            break
        assert cli_main(["undo", str(demo_kb), "--list"]) in (0, 1)  # recovers, nothing left
    assert {p: p.read_bytes() for p in demo_kb.rglob("*.md")} != before
    assert cli_main(["scan", str(demo_kb), "--strategy", "title", "--format", "json"]) == 0
    after = {p: p.read_bytes() for p in demo_kb.rglob("*.md")}
    assert after == before  # rolled back to fully original
