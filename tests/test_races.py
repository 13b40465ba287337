"""Another program writes a note while `bm-review apply` runs (basic-memory's sync by
temp file + rename, an editor in place, a delete, a move): the apply, a real
process paused between the backup and the replacement of that note, must leave
the edit where it is, report the group as a conflict (exit status 3), apply the
other group, and `undo` must restore the rest exactly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers_apply import group_doc, plan_doc, tree_state, write_note

from review_app.cli import main as cli_main
from review_app.core.journal import journals

CRASH_CLI = Path(__file__).parent / "crash_cli.py"
EDIT = "\nEdited by another program at the dangerous moment.\n"


@pytest.fixture
def two_groups(tmp_path: Path) -> Path:
    """Two groups that share no file: a conflict in one leaves the other to apply."""
    root = tmp_path / "kb"
    write_note(root, "a/one.md", "Cache policy", "# Cache policy\n\nEntries live 5 min.\n\n"
               "## Observations\n- [rule] ttl is 5 minutes #cache\n")
    write_note(root, "a/two.md", "Cache policy notes", "# Cache policy notes\n\nEntries "
               "live 5 min.\n\nRedis backs it.\n\n## Observations\n- [fact] redis #cache\n")
    write_note(root, "b/three.md", "Deploy steps", "# Deploy steps\n\nRun make deploy.\n")
    write_note(root, "b/four.md", "Deploy steps v2", "# Deploy steps v2\n\nRun make "
               "deploy, then smoke tests.\n")
    write_note(root, "c/index.md", "Index", "# Index\n\nSee [[Cache policy notes]].\n")
    old = 1_700_000_000
    for p in sorted(root.rglob("*.md")):
        os.utime(p, (old, old))
        old += 60
    return root


def _plan(root: Path, tmp: Path) -> Path:
    doc = plan_doc(root, group_doc(root, "a/one.md", ["a/two.md"], "merge", keep="a/one.md"),
                   group_doc(root, "b/four.md", ["b/three.md"], "update", keep="b/three.md"))
    plan = tmp / "plan.json"
    plan.write_text(json.dumps(doc))
    return plan


def _pause_before(at: str):
    """The write hook fires in path order: index of `at` among the changes."""
    order = ["a/one.md", "a/two.md", "b/four.md", "b/three.md", "c/index.md"]
    return order.index(at) + 1


def _rename_over(path: Path) -> None:  # basic-memory's sync: temp file + rename
    tmp = path.with_name(".sync-tmp")
    tmp.write_text(path.read_text() + EDIT)
    os.replace(tmp, path)


def _in_place(path: Path) -> None:  # an editor writing the same file
    with open(path, "r+") as f:
        text = f.read()
        f.seek(0)
        f.write(text + EDIT)


def _delete(path: Path) -> None:
    path.unlink()


def _move(path: Path) -> None:
    os.rename(path, path.with_name("moved.md"))


@pytest.mark.parametrize("at", ["a/one.md", "a/two.md"])
@pytest.mark.parametrize("edit", [_rename_over, _in_place, _delete, _move])
def test_a_note_written_between_backup_and_replacement_is_a_conflict(
        two_groups: Path, tmp_path: Path, at: str, edit):
    root = two_groups
    original = tree_state(root)
    plan = _plan(root, tmp_path)
    signal = tmp_path / "reached"
    proc = subprocess.Popen([sys.executable, str(CRASH_CLI), "write", str(_pause_before(at)),
                             str(signal), "--resume", "--", "apply", str(root), "--plan",
                             str(plan)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        deadline = time.monotonic() + 60
        while not signal.exists():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert signal.read_text().split() == ["write", at]
        edit(root / at)
        edited = {k: v for k, v in tree_state(root).items() if k in (at, "a/moved.md")}
        # group a as it was, with the other program's edit
        expected_a = {k: v for k, v in original.items() if k.startswith("a/") and k != at}
        expected_a |= edited
        signal.with_name(signal.name + ".go").write_text("")
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 3, (out, err)
    assert "CONFLICT group" in out and at in out and "Traceback" not in err
    now = tree_state(root)
    # group a: nothing written, the edit where the other program put it
    assert {k: v for k, v in now.items() if k.startswith("a/")} == expected_a
    # group b applied
    assert "b/four.md" not in now and "retired  b/four.md" in out
    assert "c/index.md" in now and now["c/index.md"] == original["c/index.md"]
    assert [j.status for j in journals(root / ".bm-review")] == ["applied"]
    # undo restores the rest exactly and leaves the edit alone
    assert cli_main(["undo", str(root)]) == 0
    after = tree_state(root)
    assert {k: v for k, v in after.items() if not k.startswith("a/")} == {
        k: v for k, v in original.items() if not k.startswith("a/")}
    assert {k: v for k, v in after.items() if k.startswith("a/")} == expected_a
