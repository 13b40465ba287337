"""An apply that dies at any point leaves a project that recovers to fully-applied or
fully-original, with nothing lost."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers_apply import files_under, group_doc, plan_doc, tree_hashes
from test_applying import EXPECTED, both_groups, kb  # noqa: F401 - fixture reused

from review_app.core.applying import (
    SLOW_ENV,
    SimulatedCrash,
    apply_plan,
    plan_from_document,
    recover_unfinished,
    undo_apply,
)
from review_app.core.journal import UNDOING, journals
from review_app.core.project import Project

TMP_LEFTOVER = ".bmr-tmp"


def _leftovers(root: Path) -> list[str]:
    return [p.name for p in root.rglob(f"*{TMP_LEFTOVER}")]


def _fully_applied(src: Path, doc_for) -> tuple[dict[str, str], int]:
    """The tree after an uninterrupted apply, and how many file operations it took."""
    ref = src.parent / "reference"
    shutil.copytree(src, ref)
    plan = plan_from_document(Project(ref), doc_for(ref))
    n = 1 + sum(1 for c in plan.changes if c.before_sha256) + 1 + len(plan.changes) + 1
    apply_plan(Project(ref), plan)
    return tree_hashes(ref), n


def _crash_everywhere(src: Path, doc_for, *, full_check: bool = True) -> list[str]:
    original = tree_hashes(src)
    applied, total = _fully_applied(src, doc_for)
    assert applied != original
    outcomes = []
    # Plans hold relative paths and hashes: one plan serves every identical copy.
    plan = plan_from_document(Project(src), doc_for(src))
    for n in range(1, total + 1):
        root = src.parent / f"crash-{n}"
        shutil.copytree(src, root)
        project = Project(root)
        with pytest.raises(SimulatedCrash):
            apply_plan(project, plan, fail_after=n)
        messages = recover_unfinished(project)
        now = tree_hashes(root)
        assert now in (original, applied), f"crash after {n} ops left a mixed tree"
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
            assert tree_hashes(root) == applied
        else:
            assert n >= total - 1 or messages
        # and whatever happened, undo gets back the original bytes
        undo_apply(project)
        assert tree_hashes(root) == original
        shutil.rmtree(root)
    return outcomes


def test_crash_after_every_file_operation_small(kb: Path):  # noqa: F811
    outcomes = _crash_everywhere(kb, both_groups)
    assert outcomes[0] == "original" and outcomes[-1] == "applied"
    assert "original" in outcomes[len(outcomes) // 2:]  # crashes mid-write were rolled back


def _demo_doc(root: Path, kinds: tuple[str, ...] = ()) -> dict:
    return plan_doc(root, *[group_doc(root, g["canonical"], g["members"], "merge")
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


def test_kill_9_mid_apply_then_recover(demo_kb: Path, tmp_path: Path):
    original = tree_hashes(demo_kb)
    plan_file = tmp_path / "plan.json"
    plan_file.write_text(json.dumps(_demo_doc(demo_kb)))
    env = {**os.environ, SLOW_ENV: "0.1"}
    proc = subprocess.Popen([sys.executable, "-m", "review_app", "apply", str(demo_kb),
                             "--plan", str(plan_file)], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    state = demo_kb / ".bm-review"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline, "apply never started writing notes"
            status = [j.status for j in journals(state)]
            if status == ["applying"] and tree_hashes(demo_kb) != original:
                break
            time.sleep(0.05)
        # While it runs, recovery must not touch it (it holds the apply lock).
        assert recover_unfinished(Project(demo_kb)) == []
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    assert [j.status for j in journals(state)] == ["applying"]
    half = tree_hashes(demo_kb)
    assert half != original
    messages = recover_unfinished(Project(demo_kb))
    assert len(messages) == 1 and "rolled back" in messages[0]
    assert tree_hashes(demo_kb) == original
    assert not _leftovers(demo_kb)
    # The next run applies the same plan in full.
    done = subprocess.run([sys.executable, "-m", "review_app", "apply", str(demo_kb), "--plan",
                           str(plan_file), "--format", "json"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert len(json.loads(done.stdout)["retired"]) == 10


def test_every_command_recovers_first(demo_kb: Path):
    """scan (not only apply/undo) finishes or rolls back an interrupted apply."""
    import json as _json

    from review_app.cli import main as cli_main
    from review_app.core.applying import SimulatedCrash, apply_plan, plan_from_document
    from review_app.core.project import Project

    project = Project(demo_kb)
    before = {p: p.read_bytes() for p in demo_kb.rglob("*.md")}
    expected = _json.loads((Path(__file__).parent / "data" / "demo_expected.json").read_text())
    group = expected["groups"][0]
    from review_app.core.notes import sha256_bytes

    doc = {"project": str(demo_kb), "groups": [{
        "id": "g1", "action": "merge", "canonical": group["canonical"],
        "canonical_sha256": sha256_bytes((demo_kb / group["canonical"]).read_bytes()),
        "members": [{"path": m, "sha256": sha256_bytes((demo_kb / m).read_bytes())}
                    for m in group["members"]]}]}
    # crash at the first point where the notes on disk are already half-changed
    for fail_after in range(1, 50):
        try:
            apply_plan(project, plan_from_document(project, doc), fail_after=fail_after)
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
