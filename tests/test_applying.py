"""Journaled apply and undo on real note folders (small ones and copies of the demo)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers_apply import files_under, group_doc, notes_of, plan_doc, tree_hashes, write_note

from review_app.core.apply import (
    ApplyError,
    FileChange,
    UndoError,
    apply_plan,
    journaled_write,
    list_applies,
    plan_from_decisions,
    plan_from_document,
    undo_apply,
)
from review_app.core.decisions import Decision, DecisionStore
from review_app.core.journal import UnsafePath, sha256_text
from review_app.core.notes import Note, parse_note
from review_app.core.project import Project

EXPECTED = json.loads((Path(__file__).parent / "data" / "demo_expected.json").read_text())


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    write_note(root, "eng/pooling.md", "Postgres connection pooling",
               "# Postgres connection pooling\n\nPgBouncer in transaction mode.\n\n"
               "## Observations\n- [decision] transaction pooling #pgbouncer\n\n"
               "## Relations\n- relates_to [[Architecture]]\n",
               tags=["postgres"], modified="2026-07-18T11:00:00")
    write_note(root, "eng/pgbouncer_notes.md", "PgBouncer notes",
               "# PgBouncer notes\n\nPgBouncer in transaction mode.\n\nMigrations bypass it.\n\n"
               "## Observations\n- [decision] transaction pooling #pgbouncer\n"
               "- [rule] migrations use 5432\n",
               tags=["pgbouncer"], modified="2026-06-01T10:00:00",
               permalink="eng/pgbouncer-notes")
    write_note(root, "eng/flags.md", "Feature flag rules", "# Feature flag rules\n\nOld rules.\n",
               modified="2026-01-01T00:00:00")
    write_note(root, "eng/flags_v2.md", "Feature flags v2",
               "# Feature flags v2\n\nNew rules: snake_case names.\n",
               modified="2026-08-01T00:00:00", permalink="eng/flags-v2")
    write_note(root, "eng/architecture.md", "Architecture",
               "# Architecture\n\nPooling: [[PgBouncer notes|pooling]]; flags: "
               "[[Feature flags v2]].\n\n- relates_to [[eng/pgbouncer-notes]]\n")
    write_note(root, "meetings/sync.md", "Sync",
               "# Sync\n\nSee memory://eng/pgbouncer-notes and [[Feature flags v2]].\n")
    return root


def both_groups(root: Path) -> dict:
    """Two groups whose kept file is their canonical (named: links would choose the
    other note by default)."""
    return plan_doc(root,
                    group_doc(root, "eng/pooling.md", ["eng/pgbouncer_notes.md"], "merge",
                              keep="eng/pooling.md"),
                    group_doc(root, "eng/flags_v2.md", ["eng/flags.md"], "update",
                              keep="eng/flags.md"))


def test_merge_update_retire_and_link_rewrite(kb: Path):
    project = Project(kb)
    original = tree_hashes(kb)
    plan = plan_from_document(project, both_groups(kb))
    assert not plan.conflicts
    by_path = {c.path: c for c in plan.changes}
    # Two groups rewrite links in the same third files: one change per file.
    assert sorted(by_path) == ["eng/architecture.md", "eng/flags.md", "eng/flags_v2.md",
                               "eng/pgbouncer_notes.md", "eng/pooling.md", "meetings/sync.md"]
    assert by_path["eng/architecture.md"].links == 3
    assert by_path["meetings/sync.md"].links == 2
    assert "+++ /dev/null" in plan.diff() and "-PgBouncer in transaction" not in plan.diff()
    assert tree_hashes(kb) == original  # planning writes nothing

    report = apply_plan(project, plan)
    assert report.apply_id
    assert sorted(report.retired) == ["eng/flags_v2.md", "eng/pgbouncer_notes.md"]
    assert sorted(report.applied_groups) == sorted(g.group_id for g in plan.groups)
    assert not (kb / "eng/pgbouncer_notes.md").exists()
    notes = notes_of(kb)
    pooled = notes["eng/pooling.md"]
    assert pooled.title == "Postgres connection pooling" and pooled.tags == ["postgres",
                                                                             "pgbouncer"]
    assert [o.category for o in pooled.observations] == ["decision", "rule"]
    assert pooled.body.count("PgBouncer in transaction mode.") == 1
    # a fact of the subject its own note's carried observation summarises is written in
    # the body once, beside that observation, not only as it (issue 18, round 29: a fact
    # only an observation states is one a reader of the body never meets)
    assert pooled.body.count("Migrations bypass it.") == 1
    assert any(e.text == "Migrations bypass it." and e.status == "carried"
               for g in plan.groups for e in g.composed.ledger.entries)
    flags = notes["eng/flags.md"]
    assert flags.title == "Feature flag rules" and flags.permalink == "eng/flags"
    assert "New rules: snake_case names." in flags.body and "Old rules" not in flags.body
    arch = (kb / "eng/architecture.md").read_text()
    assert "[[Postgres connection pooling|pooling]]" in arch
    assert "[[Feature flag rules]]" in arch and "relates_to [[Postgres connection pooling]]" in arch
    sync = (kb / "meetings/sync.md").read_text()
    assert "memory://eng/pooling " in sync and "[[Feature flag rules]]" in sync
    # Every link in the result resolves to a note that exists.
    titles = {n.title.lower() for n in notes.values()} | {n.permalink for n in notes.values()}
    for n in notes.values():
        for target in n.links:
            assert target.lower() in titles or target in titles, (n.path, target)
    # Backups and journal were written; retired files are in the trash.
    state = kb / ".bm-review"
    trash = files_under(state / "trash" / report.apply_id)
    assert "eng/pgbouncer_notes.md" in trash and "eng/architecture.md" in trash
    journal = json.loads((state / "journal" / f"{report.apply_id}.json").read_text())
    assert journal["status"] == "applied"
    assert {c["path"] for c in journal["changes"]} == set(by_path)

    # one change record: the plan, the report and the journal listing agree
    summary = plan.summary()
    listed = list_applies(Project(kb))[0]
    assert (listed["updated"], listed["retired"], listed["created"]) == (
        len(summary["files_updated"]), len(summary["files_retired"]),
        len(summary["files_created"]))
    assert sorted(report.updated) == summary["files_updated"]
    undo = undo_apply(Project(kb))
    assert undo.apply_id == report.apply_id
    assert tree_hashes(kb) == original  # byte-identical
    assert files_under(state / "trash") == []
    assert list_applies(Project(kb))[0]["status"] == "undone"


def test_conflict_leaves_the_changed_group_alone_and_applies_the_rest(kb: Path):
    doc = both_groups(kb)
    edited = kb / "eng/pgbouncer_notes.md"
    edited.write_text(edited.read_text() + "\nEdited after the scan.\n")
    edited_bytes = edited.read_bytes()
    plan = plan_from_document(Project(kb), doc)
    assert [c.path for c in plan.conflicts] == ["eng/pgbouncer_notes.md"]
    assert "changed since the scan" in plan.conflicts[0].reason
    report = apply_plan(Project(kb), plan)
    assert report.conflicts == plan.conflicts
    assert edited.read_bytes() == edited_bytes
    assert (kb / "eng/pooling.md").read_text().count("Migrations") == 0
    assert not (kb / "eng/flags_v2.md").exists()
    arch = (kb / "eng/architecture.md").read_text()
    assert "[[PgBouncer notes|pooling]]" in arch and "[[Feature flag rules]]" in arch


def test_missing_note_and_stale_plan_are_conflicts(kb: Path):
    doc = both_groups(kb)
    (kb / "eng/flags_v2.md").unlink()
    plan = plan_from_document(Project(kb), doc)
    assert [(c.path, c.reason) for c in plan.conflicts] == [
        ("eng/flags_v2.md", "note no longer exists")]
    # A file edited between planning and applying: its group (the only one left) is a
    # conflict, nothing written.
    before = tree_hashes(kb)
    arch = kb / "eng/architecture.md"
    arch.write_text(arch.read_text() + "late edit\n")
    report = apply_plan(Project(kb), plan)
    assert report.apply_id is None and not report.changed
    assert ("eng/architecture.md", "changed by another program since the plan was made") in [
        (c.path, c.reason) for c in report.conflicts]
    before["eng/architecture.md"] = tree_hashes(kb)["eng/architecture.md"]
    assert tree_hashes(kb) == before
    assert list_applies(Project(kb)) == []


def test_canonical_override_and_skip_distinct(kb: Path):
    doc = both_groups(kb)
    doc["groups"][0]["canonical"] = "eng/pgbouncer_notes.md"  # a member chosen instead
    del doc["groups"][0]["keep"]  # kept by default: the note others link to
    doc["groups"][1]["action"] = "distinct"
    plan = plan_from_document(Project(kb), doc)
    assert not plan.conflicts
    assert [(g.canonical, g.kept, g.retired) for g in plan.groups] == [
        ("eng/pgbouncer_notes.md", "eng/pgbouncer_notes.md", ["eng/pooling.md"])]
    assert plan.groups[0].kept_reason == "linked from 2 notes"
    apply_plan(Project(kb), plan)
    assert not (kb / "eng/pooling.md").exists()
    assert (kb / "eng/flags_v2.md").exists()
    assert notes_of(kb)["eng/pgbouncer_notes.md"].title == "PgBouncer notes"


def test_undo_refuses_changed_files_unless_forced(kb: Path):
    report = apply_plan(Project(kb), plan_from_document(Project(kb), both_groups(kb)))
    pooled = kb / "eng/pooling.md"
    pooled.write_text(pooled.read_text() + "\nA later edit.\n")
    later = pooled.read_bytes()
    after_apply = tree_hashes(kb)
    with pytest.raises(UndoError, match="eng/pooling.md"):
        undo_apply(Project(kb), report.apply_id)
    assert tree_hashes(kb) == after_apply  # refused: nothing restored
    undone = undo_apply(Project(kb), report.apply_id, force=True)
    assert undone.forced == ["eng/pooling.md"]
    kept = kb / ".bm-review" / "overwritten" / report.apply_id / "eng/pooling.md"
    assert kept.read_bytes() == later  # the later edit is not lost
    assert "A later edit" not in pooled.read_text()
    with pytest.raises(UndoError, match="undone"):
        undo_apply(Project(kb), report.apply_id)


def test_journaled_write_creates_and_undo_removes(kb: Path):
    original = tree_hashes(kb)
    text = "---\ntitle: New\n---\n\n# New\n"
    report = journaled_write(Project(kb), [FileChange("new/dir/new.md", None, text, "create")],
                             label="upsert")
    assert report.created == ["new/dir/new.md"]
    assert (kb / "new/dir/new.md").read_text() == text
    undo_apply(Project(kb), report.apply_id)
    assert tree_hashes(kb) == original
    assert not (kb / "new").exists()
    with pytest.raises(UnsafePath):
        journaled_write(Project(kb), [FileChange("../escape.md", None, text, "create")],
                        label="x")
    with pytest.raises(ApplyError, match="changed since"):
        journaled_write(Project(kb), [FileChange("eng/flags.md", sha256_text("x"), text,
                                                 "update")], label="x")


def test_crlf_and_bom_are_kept(kb: Path):
    arch = kb / "eng/architecture.md"
    arch.write_bytes(b"\xef\xbb\xbf" + arch.read_bytes().replace(b"\n", b"\r\n"))
    apply_plan(Project(kb), plan_from_document(Project(kb), both_groups(kb)))
    raw = arch.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\r\n" in raw and b"\n" not in raw.replace(
        b"\r\n", b"")
    assert b"[[Postgres connection pooling|pooling]]" in raw


def test_recorded_decisions_apply_and_come_back_after_undo(kb: Path):
    project = Project(kb)
    notes = notes_of(kb)
    store = DecisionStore(project.state)
    g1 = group_doc(kb, "eng/pooling.md", ["eng/pgbouncer_notes.md"], None)
    g2 = group_doc(kb, "eng/flags.md", ["eng/flags_v2.md"], None)
    store.record(Decision(g1["id"], "merge", "eng/pooling.md",
                          {p: notes[p].sha256 for p in ("eng/pooling.md",
                                                        "eng/pgbouncer_notes.md")}))
    store.record(Decision(g2["id"], "skip", "eng/flags.md",
                          {p: notes[p].sha256 for p in ("eng/flags.md", "eng/flags_v2.md")}))
    plan = plan_from_decisions(project)
    assert [g.group_id for g in plan.groups] == [g1["id"]]
    report = apply_plan(project, plan)
    assert g1["id"] not in store.current()  # applied: no longer a pending decision
    assert store.current()[g2["id"]].action == "skip"
    assert plan_from_decisions(project).changes == []
    undo = undo_apply(project)
    assert undo.decisions_reopened == [g1["id"]]
    assert store.current()[g1["id"]].action == "merge"
    assert g1["id"] in store.valid(notes_of(kb))
    assert report.apply_id and not files_under(kb / ".bm-review" / "trash")


def test_important_members_are_never_retired(kb: Path):
    write_note(kb, "eng/pinned_copy.md", "Pooling pinned",
               "# Pooling pinned\n\nPgBouncer in transaction mode.\n", tags=["pinned"])
    doc = plan_doc(kb, group_doc(kb, "eng/pooling.md",
                                 ["eng/pgbouncer_notes.md", "eng/pinned_copy.md"], "merge",
                                 keep="eng/pooling.md"),
                   group_doc(kb, "eng/flags.md", ["eng/flags_v2.md"], None))
    plan = plan_from_document(Project(kb), doc)
    assert plan.groups[0].left == {"eng/pinned_copy.md": "important: never retired"}
    assert plan.groups[0].retired == ["eng/pgbouncer_notes.md"]
    pinned = (kb / "eng/pinned_copy.md").read_bytes()
    apply_plan(Project(kb), plan)
    assert (kb / "eng/pinned_copy.md").read_bytes() == pinned


# -------------------------------------------------------------- demo copies

def _kept(spec: dict) -> str:
    """The file a labelled demo group is kept in: its important note, else its canonical
    (the labels say where links go)."""
    important = [p for p in [spec["canonical"], *spec["members"]]
                 if p in EXPECTED["important"]]
    return important[0] if important else spec["canonical"]


def _demo_group(root: Path, spec: dict, action: str) -> dict:
    return group_doc(root, spec["canonical"], spec["members"], action, keep=_kept(spec))


def _spec(path: str) -> dict:
    return next(g for g in EXPECTED["groups"] if path in [g["canonical"], *g["members"]])


def test_demo_every_expected_group_merged_then_undone(demo_kb: Path):
    original = tree_hashes(demo_kb)
    before = notes_of(demo_kb)
    groups = [_demo_group(demo_kb, g, "merge" if i % 2 else "update")
              for i, g in enumerate(EXPECTED["groups"])]
    plan = plan_from_document(Project(demo_kb), plan_doc(demo_kb, *groups))
    assert not plan.conflicts
    report = apply_plan(Project(demo_kb), plan)
    after = notes_of(demo_kb)  # every file still parses
    retired = {m for g in EXPECTED["groups"] for m in [g["canonical"], *g["members"]]
               if m != _kept(g)}
    assert set(report.retired) == retired
    assert retired.isdisjoint(after)
    for imp in EXPECTED["important"]:
        assert imp in after
    # Every note that linked to a retired one now links to its canonical instead.
    canonical_of = {m: _kept(g) for g in EXPECTED["groups"]
                    for m in [g["canonical"], *g["members"]]}
    rewritten = {x["path"] for x in report.links_rewritten}
    for old, linkers in EXPECTED["links_to_retired"].items():
        # the kept file's written title: the newest's when its own names another
        # issue (merge/title.py); a link by the retired note's title may already name it
        new_title = after[canonical_of[old]].title
        for linker in linkers:
            if before[old].title.lower() != new_title.lower():
                assert linker in rewritten
                assert f"[[{before[old].title}" not in after[linker].body, (linker, old)
            assert new_title.lower() in {t.lower() for t in after[linker].links}
    # No link that resolved before is left dangling.
    def resolvable(notes: dict[str, Note]) -> set[str]:
        keys = set()
        for n in notes.values():
            keys |= {n.title.lower(), n.permalink.lower(), n.path[:-3].lower()}
        return keys
    ok_before, ok_after = resolvable(before), resolvable(after)
    for n in after.values():
        for target in n.links:
            if target.lower() in ok_before:
                assert target.lower() in ok_after, (n.path, target)
    undo_apply(Project(demo_kb), report.apply_id)
    assert tree_hashes(demo_kb) == original
    assert files_under(demo_kb / ".bm-review" / "trash") == []


def test_demo_important_kept_file_keeps_its_frontmatter(demo_kb: Path):
    spec = _spec("engineering/database-migration-policy.md")
    path = demo_kb / _kept(spec)
    head = path.read_text().split("\n---\n")[0]
    plan = plan_from_document(Project(demo_kb), plan_doc(demo_kb, _demo_group(
        demo_kb, spec, "update")))
    apply_plan(Project(demo_kb), plan)
    text = path.read_text()
    # Frontmatter byte for byte, but for `modified:`, which apply refreshes in its own style,
    # and the title, the newest's: "Database Migration Policy" is the newest's "Database
    # migration policy (v2)" without its version stamp (merge/title.py)
    stamp = re.compile(r"(?m)^modified: .*$")
    titled = re.compile(r"(?m)^title: .*$")
    assert titled.search(text).group(0) == "title: Database migration policy (v2)"
    assert titled.sub("title:", stamp.sub("modified:", text.split("\n---\n")[0])) == \
        titled.sub("title:", stamp.sub("modified:", head))
    assert stamp.search(text).group(0) != stamp.search(head).group(0)
    note = parse_note(_kept(spec), text.encode())
    assert isinstance(note, Note) and note.important
    assert not (demo_kb / spec["canonical"]).exists()  # the newer copy, its base, retired
