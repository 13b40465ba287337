"""Names no note should have, and caches that break: listed as problems, never a crash.

A file name that is not valid UTF-8, a note name of 248 bytes, a truncated vector
cache, a plan nested 100,000 levels deep."""

from __future__ import annotations

import json
import os
from pathlib import Path

from helpers_apply import group_doc, plan_doc, tree_state, write_note

from review_app.cli import main as cli_main
from review_app.core.apply import apply_plan, plan_from_document, undo_apply
from review_app.core.project import Project, load_notes

BAD = b"ci-pipeline-\xff.md"


def _with_bad_name(root: Path) -> Path:
    write_note(root, "ci.md", "CI pipeline", "# CI pipeline\n\nRuns on push.\n")
    write_note(root, "ci_notes.md", "CI pipeline notes", "# CI pipeline notes\n\nRuns on "
               "push.\n\nCaches wheels.\n")
    return _add_bad_name(root)


def _add_bad_name(root: Path) -> Path:
    with open(os.path.join(os.fsencode(root), BAD), "wb") as f:
        f.write(b"---\ntitle: CI pipeline\n---\n\n# CI pipeline\n\nRuns on push.\n")
    return root


def test_a_name_that_is_not_utf8_is_a_problem_everywhere(tmp_path: Path, capsys):
    root = tmp_path / "kb"
    write_note(root, "ci.md", "CI pipeline", "# CI pipeline\n\nRuns on push.\n")
    write_note(root, "ci_notes.md", "CI pipeline notes", "# CI pipeline notes\n\nRuns on "
               "push.\n\nCaches wheels.\n")
    plan = plan_doc(root, group_doc(root, "ci_notes.md", ["ci.md"], "merge",
                                    keep="ci_notes.md"))
    _add_bad_name(root)
    notes, problems = load_notes(root)
    assert sorted(n.path for n in notes) == ["ci.md", "ci_notes.md"]
    assert [p.path for p in problems] == ["ci-pipeline-\ufffd.md"]
    assert "not valid UTF-8" in problems[0].error
    assert cli_main(["scan", str(root), "--strategy", "title", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert any("not valid UTF-8" in p["error"] for p in doc["problems"])
    assert cli_main(["audit", str(root), "--strategy", "title", "--no-record"]) == 0
    assert "not valid UTF-8" in capsys.readouterr().out
    report = apply_plan(Project(root), plan_from_document(Project(root), plan))
    assert report.retired == ["ci.md"]
    assert os.path.exists(os.path.join(os.fsencode(root), BAD))  # never touched


def test_a_248_byte_note_name_is_written_and_undone(tmp_path: Path):
    root = tmp_path / "kb"
    long = "n" * 245 + ".md"
    assert len(long.encode()) == 248
    write_note(root, long, "Deploy steps", "# Deploy steps\n\nRun make deploy.\n")
    write_note(root, "deploy.md", "Deploy steps v2", "# Deploy steps v2\n\nRun make "
               "deploy, then smoke tests.\n")
    original = tree_state(root)
    plan = plan_from_document(Project(root), plan_doc(root, group_doc(
        root, "deploy.md", [long], "update", keep=long)))
    report = apply_plan(Project(root), plan)
    assert report.apply_id and "smoke tests" in (root / long).read_text()
    undo_apply(Project(root))
    assert tree_state(root) == original


def test_a_truncated_vector_cache_is_rebuilt_with_one_line(tmp_path: Path, capsys,
                                                            embedder):
    from review_app.core.pipeline import INDEX_FILE, ScanOptions, scan

    root = _with_bad_name(tmp_path / "kb")
    project = Project(root)
    first = scan(project, ScanOptions(), embedder=embedder)
    db = project.state / INDEX_FILE
    data = db.read_bytes()
    db.write_bytes(data[:len(data) // 3])
    for extra in ("-wal", "-shm"):
        Path(f"{db}{extra}").unlink(missing_ok=True)
    again = scan(project, ScanOptions(), embedder=embedder)
    assert [n for n in again.notices if "damaged" in n] == [
        f"the vector cache {db} was damaged (database disk image is malformed); it was "
        "rebuilt, so every note is embedded again"]
    assert [g.paths for g in again.groups] == [g.paths for g in first.groups]


def test_a_plan_nested_100000_deep_is_refused_cleanly(tmp_path: Path, capsys):
    root = _with_bad_name(tmp_path / "kb")
    plan = tmp_path / "deep.json"
    plan.write_text('{"groups": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert cli_main(["apply", str(root), "--plan", str(plan)]) == 1
    err = capsys.readouterr().err
    assert "nested too deeply" in err and "Traceback" not in err


def test_upsert_keeps_crlf_and_the_byte_order_mark(tmp_path: Path, embedder):
    from review_app.core.upsert import upsert_note

    root = tmp_path / "kb"
    root.mkdir()
    text = ("---\ntitle: Cache policy\ntype: note\npermalink: cache-policy\n---\n\n"
            "# Cache policy\n\nEntries live five minutes in Redis.\n\n## Observations\n"
            "- [rule] ttl is five minutes #cache\n")
    # the file the title names: the same note written again (acted on whatever the score)
    note = root / "Cache policy.md"
    note.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    write_note(root, "other.md", "Deploy steps", "# Deploy steps\n\nRun make deploy.\n")
    result = upsert_note("Cache policy", "# Cache policy\n\nEntries live five minutes in "
                         "Redis.\n\nEvictions are logged.\n", "", root, on_match="merge",
                         embedder=embedder)
    assert result["action"] == "merged_existing" and result["path"] == "Cache policy.md"
    raw = note.read_bytes()
    assert b"Evictions are logged." in raw
    assert raw.startswith(b"\xef\xbb\xbf")
    assert raw.count(b"\n") == raw.count(b"\r\n")  # every line ending is still CRLF
