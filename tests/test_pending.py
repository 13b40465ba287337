"""The pending-review queue: append, read, resolve, survive restarts and concurrent agents."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from review_app.core.pending import (
    PendingQueue,
    Proposal,
    QueueError,
    new_proposal_id,
    now_iso,
)
from review_app.core.project_lock import HOLDER_FILE, ProjectBusy, project_lock


def make(title: str, **kw) -> Proposal:
    return Proposal(id=new_proposal_id(), title=title, content=f"# {title}\n\nBody of {title}.\n",
                    directory="notes", path=f"notes/{title}.md",
                    matches=[{"path": "notes/a.md", "title": "A", "score": 0.8,
                              "evidence": {"cosine": 0.9}, "reasons": ["x"],
                              "important": False}],
                    created=now_iso(), caller=kw.pop("caller", "test"), **kw)


def test_append_items_resolve_and_restart(tmp_path: Path):
    q = PendingQueue(tmp_path / "state")
    assert q.items() == []
    a, b = q.append(make("Alpha")), q.append(make("Beta"))
    assert [p.id for p in q.items()] == [a.id, b.id]
    got = PendingQueue(tmp_path / "state").items()[0]  # a new queue object: a restart
    assert got == a and got.best["path"] == "notes/a.md"

    rec = q.resolve(a.id, "discarded", by="tester")
    assert rec["resolved"] == a.id and rec["by"] == "tester"
    assert [p.id for p in PendingQueue(tmp_path / "state").items()] == [b.id]
    assert [h["resolved"] for h in q.history()] == [a.id]
    with pytest.raises(QueueError, match="already decided"):
        q.resolve(a.id, "created")
    with pytest.raises(ValueError, match="outcome"):
        q.resolve(b.id, "exploded")
    _assert_released(tmp_path / "state")


def _assert_released(state: Path) -> None:
    assert not (state / HOLDER_FILE).exists()
    code = ("import sys\nfrom review_app.core.project_lock import project_lock\n"
            "with project_lock(__import__('pathlib').Path(sys.argv[1]), 'check', wait=0):\n"
            "    pass\n")
    assert subprocess.run([sys.executable, "-c", code, str(state)]).returncode == 0


def test_unicode_and_newlines_stay_one_line(tmp_path: Path):
    q = PendingQueue(tmp_path)
    p = q.append(make("Ünïcode — 日本語", extra={"tags": ["a"]}))
    raw = (tmp_path / "pending.jsonl").read_bytes()
    assert raw.count(b"\n") == 1
    assert q.items()[0].title == "Ünïcode — 日本語" and q.items()[0].content == p.content


def test_corrupt_line_is_reported_not_fatal(tmp_path: Path):
    q = PendingQueue(tmp_path)
    good = q.append(make("Good"))
    with open(tmp_path / "pending.jsonl", "ab") as f:
        f.write(b'{"id": "half-writ')  # a crash mid-line
    later = q.append(make("Later"))  # appends after a torn line still parse
    ids = [p.id for p in q.items()]
    assert ids == [good.id, later.id]  # the torn line costs nothing but itself
    assert len(q.problems) == 1 and "line 2" in q.problems[0]


def test_a_lock_held_by_a_killed_process_is_free(tmp_path: Path):
    code = ("import sys, time\nfrom pathlib import Path\n"
            "from review_app.core.project_lock import project_lock\n"
            "with project_lock(Path(sys.argv[1]), 'apply'):\n"
            "    print('held', flush=True)\n    time.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)],
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    with pytest.raises(ProjectBusy, match=f"apply, process {proc.pid}"), \
            project_lock(tmp_path, "test", wait=0):
        pass  # held: the refusal names the holder
    proc.kill()
    proc.wait()
    q = PendingQueue(tmp_path)
    q.append(make("After crash"))
    assert [p.title for p in q.items()] == ["After crash"]


_WORKER = r"""
import sys
from review_app.core.pending import PendingQueue, Proposal, new_proposal_id, now_iso
state, worker, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
q = PendingQueue(state)
for i in range(count):
    big = ("lorem ipsum " * 800) + f" w{worker}-{i}"   # ~10 KB: larger than a pipe buffer
    q.append(Proposal(id=f"{worker}-{i}", title=f"T {worker} {i}", content=big,
                      directory="", path=f"T {worker} {i}.md", matches=[],
                      created=now_iso(), caller=f"agent-{worker}"))
"""


def test_concurrent_processes_lose_and_corrupt_nothing(tmp_path: Path):
    state = tmp_path / "state"
    workers, each = 6, 25
    procs = [subprocess.Popen([sys.executable, "-c", _WORKER, str(state), str(w), str(each)])
             for w in range(workers)]
    assert [p.wait(timeout=120) for p in procs] == [0] * workers
    q = PendingQueue(state)
    items = q.items()
    assert q.problems == []
    assert sorted(p.id for p in items) == sorted(f"{w}-{i}" for w in range(workers)
                                                 for i in range(each))
    for p in items:
        assert p.content.endswith(f" w{p.id}") and p.caller == f"agent-{p.id.split('-')[0]}"
    lines = (state / "pending.jsonl").read_bytes().split(b"\n")
    assert lines[-1] == b"" and all(json.loads(line) for line in lines[:-1])
    _assert_released(state)


def test_concurrent_resolve_of_one_proposal_succeeds_once(tmp_path: Path):
    state = tmp_path / "state"
    q = PendingQueue(state)
    p = q.append(make("Contended"))
    code = ("import sys\nfrom review_app.core.pending import PendingQueue, QueueError\n"
            "try:\n    PendingQueue(sys.argv[1]).resolve(sys.argv[2], 'discarded')\n"
            "except QueueError:\n    sys.exit(3)\n")
    procs = [subprocess.Popen([sys.executable, "-c", code, str(state), p.id]) for _ in range(4)]
    codes = sorted(proc.wait(timeout=60) for proc in procs)
    assert codes == [0, 3, 3, 3]
    assert [h["resolved"] for h in q.history()] == [p.id]


def test_undoing_a_decision_puts_its_proposal_back(tmp_path: Path):
    """A proposal decided into a note (console or decide_pending) is open again after
    `bm-review undo` of that write; deciding it again works; a discard stays decided."""
    from review_app.core.apply import undo_apply
    from review_app.core.project import Project
    from review_app.core.upsert import decide_pending

    root = tmp_path / "kb"
    (root / "notes").mkdir(parents=True)
    original = "---\ntitle: A\n---\n\n# A\n\nThe greenhouse vents open at 24 °C.\n"
    (root / "notes" / "a.md").write_text(original, encoding="utf-8")
    queue = PendingQueue(Project(root).state)
    merged, dropped = make("Greenhouse"), make("Noise")
    merged.content = "# Greenhouse\n\n- [rule] Close the vents when wind exceeds 40 km/h\n"
    queue.append(merged)
    queue.append(dropped)

    first = decide_pending(root, merged.id, "merge")
    assert first["apply_id"] and "40 km/h" in (root / "notes/a.md").read_text("utf-8")
    decide_pending(root, dropped.id, "discard")
    assert queue.items() == []
    undo_apply(Project(root), first["apply_id"])
    assert (root / "notes/a.md").read_text(encoding="utf-8") == original
    assert [p.id for p in queue.items()] == [merged.id]  # back; the discard stays decided
    again = decide_pending(root, merged.id, "create")
    assert again["action"] == "created" and queue.items() == []
    assert [h["resolved"] for h in queue.history()] == [merged.id, dropped.id, merged.id]
