"""Plans are data: a malformed one is refused naming the group and field, a plan for
another folder never chooses where apply writes, and what a group will write (kept
file, units, modified:) is planned and reported before anything is written."""

from __future__ import annotations

import copy
import datetime as dt
import json
from pathlib import Path

import pytest
from helpers_apply import group_doc, notes_of, plan_doc, tree_hashes, write_note
from test_applying import both_groups, kb  # noqa: F401 - fixture reused

from review_app.cli import main as cli_main
from review_app.core.apply import (
    PlanError,
    apply_plan,
    plan_from_decisions,
    plan_from_document,
)
from review_app.core.apply import plan as plan_mod
from review_app.core.decisions import Decision, DecisionStore
from review_app.core.project import Project


def _broken(doc: dict, edit) -> dict:
    out = copy.deepcopy(doc)
    edit(out)
    return out


def _set(path: list, value):
    def edit(doc: dict) -> None:
        obj = doc
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value
    return edit


BROKEN = [
    ("member is a string", _set(["groups", 0, "members", 0], "eng/pgbouncer_notes.md"),
     "group 1 (id '{g0}'): \"members\"[0] must be an object with \"path\" and \"sha256\", "
     "not a string"),
    ("group is a list", _set(["groups", 1], ["eng/flags.md"]),
     "group 2: must be an object, not a list"),
    ("group is null", _set(["groups", 1], None), "group 2: must be an object, not null"),
    ("list as path", _set(["groups", 0, "members", 0, "path"], ["a.md"]),
     "\"members\"[0].path must be a note path (a string), not a list"),
    ("removed is a number", _set(["groups", 1, "removed"], 5),
     "group 2 (id '{g1}'): \"removed\" must be a list of note paths, not a number"),
    ("dict as canonical", _set(["groups", 0, "canonical"], {"path": "x.md"}),
     "\"canonical\" must be a note path (a string), not an object"),
    ("missing sha256", lambda d: d["groups"][0]["members"][0].pop("sha256"),
     "\"members\"[0].sha256 must be the note's sha256 from the scan, not missing"),
    ("action is a list", _set(["groups", 0, "action"], ["merge"]),
     "\"action\" must be one of update, merge, skip, distinct, not a list"),
    ("path leaves the project", _set(["groups", 0, "members", 0, "path"], "../../etc/passwd"),
     "'../../etc/passwd' is not a path inside the project"),
    ("members missing", lambda d: d["groups"][1].pop("members"),
     "\"members\" must be a list of objects, not null"),
    # JSON's "\ud800" escape is a lone surrogate: no file, journal or report can hold it
    # (a plan with one in group 2's path wrote group 1, then died printing its report)
    ("lone surrogate in a path", _set(["groups", 1, "members", 0, "path"], "eng/fl\ud800.md"),
     "the plan['groups'][1]['members'][0]['path'] holds a character that is not valid text"),
    ("lone surrogate in a text", _set(["groups", 0, "text"], "ok \udc80 done"),
     "the plan['groups'][0]['text'] holds a character that is not valid text"),
    ("lone surrogate in an id", _set(["groups", 0, "id"], "\ud800"),
     "the plan['groups'][0]['id'] holds a character that is not valid text"),
]


@pytest.mark.parametrize("name,edit,message", BROKEN, ids=[b[0] for b in BROKEN])
def test_malformed_plans_name_the_group_and_field(kb: Path, tmp_path: Path,  # noqa: F811
                                                  capsys, name, edit, message):
    good = both_groups(kb)
    doc = _broken(good, edit)
    expected = message.format(g0=good["groups"][0]["id"], g1=good["groups"][1]["id"])
    with pytest.raises(PlanError) as err:
        plan_from_document(Project(kb), doc)
    assert expected in str(err.value)
    before = tree_hashes(kb, include_state=True)
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(doc))
    assert cli_main(["apply", str(kb), "--plan", str(plan)]) == 1
    captured = capsys.readouterr()
    assert expected in captured.err and "Traceback" not in captured.err
    assert tree_hashes(kb, include_state=True) == before


def test_a_plan_for_another_folder_is_refused_and_creates_nothing_there(
        kb: Path, tmp_path: Path, monkeypatch, capsys):  # noqa: F811
    other = tmp_path / "some" / "other"
    other.mkdir(parents=True)
    doc = {**both_groups(kb), "project": str(other)}
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(doc))
    # named project: refused, naming both
    assert cli_main(["apply", str(kb), "--plan", str(plan)]) == 1
    err = capsys.readouterr().err
    assert str(other) in err and str(kb) in err and "nothing was applied" in err
    # no PROJECT: the default project is used, never the plan's
    config = tmp_path / "bm-config"
    config.mkdir()
    (config / "config.json").write_text(json.dumps(
        {"projects": {"main": {"path": str(kb)}}, "default_project": "main"}))
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(config))
    for extra in ([], ["--dry-run"]):
        assert cli_main(["apply", "--plan", str(plan), *extra]) == 1
        assert str(other) in capsys.readouterr().err
    assert list(other.rglob("*")) == []  # not even .bm-review/apply.lock
    assert (kb / "eng/pgbouncer_notes.md").exists()
    # with no "project" in the plan, the default project is what it acts on
    plan.write_text(json.dumps({k: v for k, v in doc.items() if k != "project"}))
    assert cli_main(["apply", "--plan", str(plan)]) == 0
    assert not (kb / "eng/pgbouncer_notes.md").exists()
    assert list(other.rglob("*")) == []


def test_undo_of_a_plan_apply_says_how_to_redo_it(kb: Path, tmp_path: Path,  # noqa: F811
                                                  capsys):
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(both_groups(kb)))
    assert cli_main(["apply", str(kb), "--plan", str(plan)]) == 0
    capsys.readouterr()
    assert cli_main(["undo", str(kb)]) == 0
    out = capsys.readouterr().out
    assert "pending again" not in out
    assert "2 group(s) came from a plan file: run 'bm-review apply --plan FILE' again" in out
    assert cli_main(["apply", str(kb), "--plan", str(plan)]) == 0  # which redoes them
    assert "Applied" in capsys.readouterr().out


def test_undo_of_console_decisions_reopens_them_and_apply_redoes(kb: Path,  # noqa: F811
                                                                capsys):
    notes = notes_of(kb)
    store = DecisionStore(Project(kb).state)
    for g in both_groups(kb)["groups"]:
        paths = [g["canonical"], *(m["path"] for m in g["members"])]
        store.record(Decision(g["id"], g["action"], g["canonical"],
                              {p: notes[p].sha256 for p in paths}, keep=g["keep"]))
    assert cli_main(["apply", str(kb)]) == 0
    capsys.readouterr()
    assert cli_main(["undo", str(kb)]) == 0
    assert "2 decision(s) are pending again" in capsys.readouterr().out
    assert cli_main(["apply", str(kb)]) == 0
    assert "Applied" in capsys.readouterr().out and not (kb / "eng/flags_v2.md").exists()


def test_kept_file_defaults_to_the_note_linked_from_outside_the_group(kb: Path):  # noqa: F811
    """pgbouncer_notes is linked from two notes outside its group; pooling is the
    canonical (its content wins) but the result is written into pgbouncer_notes."""
    write_note(kb, "eng/pooling.md", "Postgres connection pooling",
               "# Postgres connection pooling\n\nPgBouncer in transaction mode.\n\n"
               "See [[PgBouncer notes]] and [[PgBouncer notes]] again.\n",
               modified="2026-07-18T11:00:00")
    doc = plan_doc(kb, group_doc(kb, "eng/pooling.md", ["eng/pgbouncer_notes.md"], "merge"))
    plan = plan_from_document(Project(kb), doc)
    gp = plan.groups[0]
    assert (gp.canonical, gp.kept, gp.retired) == (
        "eng/pooling.md", "eng/pgbouncer_notes.md", ["eng/pooling.md"])
    assert gp.kept_reason == "linked from 2 notes"  # architecture and sync; not pooling
    report = apply_plan(Project(kb), plan)
    assert report.retired == ["eng/pooling.md"]
    arch = (kb / "eng/architecture.md").read_text()
    # the newest renamed the note: the kept file takes its title, and links follow
    assert "title: Postgres connection pooling" in (kb / "eng/pgbouncer_notes.md").read_text()
    assert "[[Postgres connection pooling|pooling]]" in arch
    assert "eng/pgbouncer_notes.md" in report.updated


def test_keep_in_a_plan_and_in_a_decision_chooses_the_kept_file(kb: Path):  # noqa: F811
    doc = plan_doc(kb, group_doc(kb, "eng/flags.md", ["eng/flags_v2.md"], "update",
                                 keep="eng/flags_v2.md"))
    plan = plan_from_document(Project(kb), doc)
    assert (plan.groups[0].kept, plan.groups[0].retired) == ("eng/flags_v2.md",
                                                             ["eng/flags.md"])
    bad = copy.deepcopy(doc)
    bad["groups"][0]["keep"] = "eng/architecture.md"
    assert plan_from_document(Project(kb), bad).conflicts[0].reason.startswith(
        "\"keep\" names a note that is not in the group")
    notes = notes_of(kb)
    g = doc["groups"][0]
    DecisionStore(Project(kb).state).record(Decision(
        g["id"], "update", "eng/flags.md",
        {p: notes[p].sha256 for p in ("eng/flags.md", "eng/flags_v2.md")},
        keep="eng/flags_v2.md"))
    plan = plan_from_decisions(Project(kb))
    assert (plan.groups[0].kept, plan.groups[0].retired) == ("eng/flags_v2.md",
                                                             ["eng/flags.md"])


def test_compose_gets_canonical_kept_and_the_apply_time(kb: Path, monkeypatch):  # noqa: F811
    calls = []
    real = plan_mod.compose

    def spy(action, canonical, others, *, kept=None, now=None, targets=None, vectors=None,
            **_choices):
        calls.append((action, canonical.path, sorted(o.path for o in others), kept.path, now))
        assert targets and targets.get("eng/pooling") == "eng/pooling.md"  # project notes
        return real(action, canonical, others, kept=kept, now=now, targets=targets,
                    vectors=vectors)

    monkeypatch.setattr(plan_mod, "compose", spy)
    when = dt.datetime(2026, 12, 1, 9, 30, tzinfo=dt.UTC)
    doc = both_groups(kb)
    plan_from_document(Project(kb), doc, now=when)
    assert calls == [
        ("merge", "eng/pooling.md", ["eng/pgbouncer_notes.md"], "eng/pooling.md", when),
        # the kept file's own text is among the others: it is overwritten
        ("update", "eng/flags_v2.md", ["eng/flags.md"], "eng/flags.md", when)]
    calls.clear()
    plan_from_document(Project(kb), both_groups(kb))
    assert all(isinstance(c[-1], dt.datetime) and c[-1].tzinfo for c in calls)


def test_dry_run_reports_each_group_and_its_units(kb: Path, tmp_path: Path,  # noqa: F811
                                                  capsys):
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(both_groups(kb)))
    before = tree_hashes(kb, include_state=True)
    assert cli_main(["apply", str(kb), "--plan", str(plan), "--dry-run"]) == 0
    out = capsys.readouterr().out
    gid = both_groups(kb)["groups"][0]["id"]
    assert (f"group {gid} (merge): writes eng/pooling.md (chosen by you); retires "
            "eng/pgbouncer_notes.md") in out
    assert "units: " in out and " already present, " in out and " superseded, " in out
    assert cli_main(["apply", str(kb), "--plan", str(plan), "--dry-run", "--format",
                     "json"]) == 0
    dry = json.loads(capsys.readouterr().out)
    groups = {g["group_id"]: g for g in dry["groups"]}
    assert groups[gid]["kept"] == "eng/pooling.md"
    assert set(groups[gid]["units"]) == {"added", "present", "superseded", "dropped", "ledger"}
    assert tree_hashes(kb, include_state=True) == before
    assert cli_main(["apply", str(kb), "--plan", str(plan), "--format", "json"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert {g["group_id"] for g in done["groups"]} == set(groups)
    assert done["conflicts"] == [] and done["retired"]


def test_a_kept_file_named_as_the_default_keeps_its_reason(kb: Path):  # noqa: F811
    """The console names the kept file in every plan; naming the one the tool would keep
    anyway is no choice ("chosen by you" in the dry run read as if the person had made it)."""
    default = group_doc(kb, "eng/pooling.md", ["eng/pgbouncer_notes.md"], "merge")
    auto = plan_from_document(Project(kb), plan_doc(kb, default)).groups[0]
    named = group_doc(kb, "eng/pooling.md", ["eng/pgbouncer_notes.md"], "merge",
                      keep=auto.kept)
    plan = plan_from_document(Project(kb), plan_doc(kb, named)).groups[0]
    assert (plan.kept, plan.kept_reason) == (auto.kept, auto.kept_reason)
    assert plan.kept_reason != "chosen by you"
    other = "eng/pooling.md" if auto.kept != "eng/pooling.md" else "eng/pgbouncer_notes.md"
    chosen = group_doc(kb, "eng/pooling.md", ["eng/pgbouncer_notes.md"], "merge", keep=other)
    plan = plan_from_document(Project(kb), plan_doc(kb, chosen)).groups[0]
    assert (plan.kept, plan.kept_reason) == (other, "chosen by you")


def test_a_plan_from_the_decisions_reads_the_project_once(kb: Path, monkeypatch):  # noqa: F811
    calls = []
    real = plan_mod.load_notes

    def counting(root):
        calls.append(root)
        return real(root)

    monkeypatch.setattr(plan_mod, "load_notes", counting)
    notes = notes_of(kb)
    paths = ["eng/pooling.md", "eng/pgbouncer_notes.md"]
    DecisionStore(Project(kb).state).record(Decision(
        "g1", "merge", paths[0], {p: notes[p].sha256 for p in paths}))
    plan = plan_from_decisions(Project(kb))
    assert [g.group_id for g in plan.groups] == ["g1"] and len(calls) == 1


def test_a_canonical_from_outside_the_scanned_group_is_refused(kb: Path):  # noqa: F811
    """A plan naming, as a group's canonical, a note the scan did not put in that group
    (with that note's own sha256) would retire it and write its text over a member: the
    group id (a hash of its notes' paths) says which notes the scan grouped. Refused as
    a conflict, as a "keep" outside the group is; the other group still applies."""
    doc = both_groups(kb)
    doc["groups"][0]["canonical"] = "meetings/sync.md"
    doc["groups"][0]["canonical_sha256"] = notes_of(kb)["meetings/sync.md"].sha256
    doc["groups"][0].pop("keep")
    plan = plan_from_document(Project(kb), doc, plan_file=True)
    [conflict] = plan.conflicts
    assert conflict.path == "meetings/sync.md" and "not the ones the scan grouped" in \
        conflict.reason
    assert [g.group_id for g in plan.groups] == [doc["groups"][1]["id"]]
    assert not any(c.path == "meetings/sync.md" and c.retired for c in plan.changes)
    # through the command line, which reads a user's plan file
    before = (kb / "meetings/sync.md").read_bytes()
    path = kb.parent / "plan.json"
    path.write_text(json.dumps(doc))
    cli_main(["apply", str(kb), "--plan", str(path)])
    assert (kb / "meetings/sync.md").exists() and (kb / "eng/pgbouncer_notes.md").exists()
    assert not (kb / "eng/flags_v2.md").exists() or not (kb / "eng/flags.md").exists()
    assert b"Postgres connection pooling" not in (kb / "meetings/sync.md").read_bytes() \
        or b"Postgres connection pooling" in before
