"""`bm-review apply` / `bm-review undo` end to end on demo copies."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers_apply import (
    FailAfter,
    SimulatedCrash,
    files_under,
    group_doc,
    notes_of,
    plan_doc,
    tree_hashes,
)
from test_applying import EXPECTED, both_groups, kb  # noqa: F401 - fixture reused

from review_app import cli
from review_app.core.apply import apply_plan, plan_from_document
from review_app.core.decisions import Decision, DecisionStore
from review_app.core.project import Project


def bm(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "review_app", *args], capture_output=True,
                          text=True, input=stdin, timeout=600)


def _kept(spec: dict) -> str:
    important = [p for p in [spec["canonical"], *spec["members"]]
                 if p in EXPECTED["important"]]
    return important[0] if important else spec["canonical"]


def _paths(group: dict) -> frozenset[str]:
    return frozenset([group["canonical"], *(m["path"] for m in group["members"])])


def test_scan_edit_plan_dry_run_apply_rescan_undo(demo_kb: Path, tmp_path: Path, scan_project):
    scan = bm("scan", str(demo_kb), "--format", "json")
    assert scan.returncode == 0, scan.stderr
    doc = json.loads(scan.stdout)
    expected = {frozenset([g["canonical"], *g["members"]]): g for g in EXPECTED["groups"]}
    actions = {"agent-rewrite": "merge", "important-vs-copy": "update", "three-way": "update",
               "near-exact-copy": "skip"}
    chosen: dict[str, dict] = {}
    for g in doc["groups"]:
        spec = expected.get(_paths(g))
        if spec and spec["kind"] in actions:
            g["action"] = actions[spec["kind"]]
            g["canonical"] = spec["canonical"]  # the labelled canonical (an override if the
            g["keep"] = _kept(spec)             # scan picked another); an important note's
            chosen[g["id"]] = spec              # file is kept (issue 18)
    applied = {gid: s for gid, s in chosen.items() if actions[s["kind"]] != "skip"}
    assert len(applied) >= 4, "the scan should find most labelled groups"
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(doc))
    before = tree_hashes(demo_kb, include_state=True)

    dry = bm("apply", str(demo_kb), "--plan", str(plan), "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "Nothing was written" in dry.stdout and "+++ /dev/null" in dry.stdout
    assert "\n+" in dry.stdout  # a real diff
    assert tree_hashes(demo_kb, include_state=True) == before

    done = bm("apply", str(demo_kb), "--plan", str(plan), "--format", "json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    retired = {m for s in applied.values() for m in [s["canonical"], *s["members"]]
               if m != _kept(s)}
    assert set(report["retired"]) == retired
    assert set(report["applied_groups"]) == set(applied)
    assert report["links_rewritten"] and not report["conflicts"]
    notes = notes_of(demo_kb)  # everything re-parses
    assert retired.isdisjoint(notes)
    for imp in EXPECTED["important"]:
        assert imp in notes and notes[imp].important
    for old in retired:
        for linker in EXPECTED["links_to_retired"][old]:
            assert linker in notes
            assert not any(t.lower() == old[:-3].lower() for t in notes[linker].links)

    rescan = scan_project(demo_kb)
    proposed = {frozenset(g.paths) for g in rescan.groups}
    assert not any(p & retired for p in proposed)
    assert not {g.id for g in rescan.groups} & set(applied)

    listed = bm("undo", str(demo_kb), "--list")
    assert report["apply_id"] in listed.stdout and "applied" in listed.stdout
    undone = bm("undo", str(demo_kb), report["apply_id"], "--format", "json")
    assert undone.returncode == 0, undone.stderr
    assert len(json.loads(undone.stdout)["restored"]) == len(report["updated"]) + len(retired)
    assert tree_hashes(demo_kb) == {k: v for k, v in before.items()
                                    if not k.startswith(".bm-review/")}
    assert files_under(demo_kb / ".bm-review" / "trash") == []
    back = {frozenset(g.paths) for g in scan_project(demo_kb).groups}
    assert {frozenset([s["canonical"], *s["members"]]) for s in applied.values()} <= back


def test_apply_recorded_decisions_and_undo_by_id(kb: Path, capsys):  # noqa: F811
    doc = both_groups(kb)
    notes = notes_of(kb)
    store = DecisionStore(Project(kb).state)
    for g in doc["groups"]:
        paths = [g["canonical"], *(m["path"] for m in g["members"])]
        store.record(Decision(g["id"], g["action"], g["canonical"],
                              {p: notes[p].sha256 for p in paths}, keep=g["keep"]))
    assert cli.main(["apply", str(kb)]) == 0
    out = capsys.readouterr().out
    assert "2 group(s)" in out and "retired  eng/pgbouncer_notes.md" in out
    apply_id = out.split("bm-review undo ")[1].strip()
    assert cli.main(["apply", str(kb)]) == 0
    assert "Nothing to apply." in capsys.readouterr().out
    assert cli.main(["undo", str(kb), "--list", "--format", "json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [(a["id"], a["status"], a["retired"]) for a in listed] == [(apply_id, "applied", 2)]
    assert cli.main(["undo", str(kb), apply_id]) == 0
    assert "2 decision(s) are pending again" in capsys.readouterr().out
    assert (kb / "eng/pgbouncer_notes.md").exists()
    assert cli.main(["undo", str(kb)]) == 1
    assert "no apply to undo" in capsys.readouterr().err


def test_conflicts_and_bad_plans_are_reported(kb: Path, tmp_path: Path, capsys):  # noqa: F811
    doc = both_groups(kb)
    (kb / "eng/flags.md").write_text((kb / "eng/flags.md").read_text() + "edit\n")
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(doc))
    assert cli.main(["apply", str(kb), "--plan", str(plan)]) == 0
    out = capsys.readouterr().out
    assert "CONFLICT group" in out and "eng/flags.md: note changed since the scan" in out
    assert "retired  eng/pgbouncer_notes.md" in out
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert cli.main(["apply", str(kb), "--plan", str(bad)]) == 1
    assert "is not JSON" in capsys.readouterr().err
    bad.write_text(json.dumps({"groups": [{"id": "x", "action": "explode",
                                           "canonical": "eng/flags.md", "members": []}]}))
    assert cli.main(["apply", str(kb), "--plan", str(bad), "--format", "json"]) == 0
    assert "unknown action" in json.loads(capsys.readouterr().out)["conflicts"][0]["reason"]


def test_commands_recover_an_interrupted_apply_first(kb: Path, tmp_path: Path,  # noqa: F811
                                                     capsys):
    original = tree_hashes(kb)
    doc = both_groups(kb)
    plan = plan_from_document(Project(kb), doc)
    with pytest.raises(SimulatedCrash):
        apply_plan(Project(kb), plan, hooks=FailAfter(len(plan.changes) + 4))
    assert tree_hashes(kb) != original
    # A dry run writes nothing, not even a recovery.
    assert cli.main(["apply", str(kb), "--dry-run", "--plan", _write(tmp_path, doc)]) == 0
    capsys.readouterr()
    assert cli.main(["apply", str(kb), "--plan", _write(tmp_path, doc)]) == 0
    captured = capsys.readouterr()
    assert "rolled back the interrupted apply" in captured.err
    assert "retired  eng/flags_v2.md" in captured.out


def _write(tmp_path: Path, doc: dict) -> str:
    path = tmp_path / "plan.json"
    path.write_text(json.dumps(doc))
    return str(path)


def test_demo_flag_and_stdin_plan(tmp_path: Path, monkeypatch, capsys):
    monkeypatch.setenv("BM_REVIEW_DATA_DIR", str(tmp_path / "data"))
    assert cli.main(["undo", "--demo", "--list"]) == 0
    assert "No applies yet." in capsys.readouterr().out
    demo = tmp_path / "data" / "demo"
    spec = next(g for g in EXPECTED["groups"] if g["kind"] == "near-exact-copy")
    doc = plan_doc(demo, group_doc(demo, spec["canonical"], spec["members"], "merge",
                                   keep=spec["canonical"]))
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(doc)))
    assert cli.main(["apply", "--demo", "--plan", "-", "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["retired"] == spec["members"]
    assert not (demo / spec["members"][0]).exists()
