"""`bm-review audit`: lookback window, scope, metadata guard, history, reports, exit codes.

Fresh copies give every file an mtime of "now", which would put every note in
any window; the tests set mtimes explicitly (os.utime) so the window is real.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import shutil
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from test_tui_helpers import edit_note

from review_app.cli import main
from review_app.core.audit import (
    AUDITS_FILE,
    METADATA_CONFLICT_FACTOR,
    AuditHistory,
    AuditOptions,
    WindowError,
    anchors_in_window,
    metadata_conflicts,
    parse_window,
    run_audit,
    window_anchor_paths,
)
from review_app.core.audit_report import report_json, report_markdown
from review_app.core.dating import stated_date
from review_app.core.decisions import Decision, DecisionStore
from review_app.core.notes import parse_note
from review_app.core.project import Project, load_notes
from review_app.core.strategies import Target

DATA = Path(__file__).parent / "data" / "audit"
NOW = dt.datetime(2026, 11, 30, 12, 0)
OLD = dt.datetime(2026, 10, 1, 9, 0)  # after every frontmatter date of the demo

POOLING = ("engineering/postgres-connection-pooling.md", "engineering/pgbouncer_setup_notes.md")
BU = ("product/bu-mapping-analysis-2026-08-15.md", "product/reference_bu_product_mapping.md")
PRINCIPLES = ("product/product-principles.md", "product/product_principles_summary.md")


def _ts(when: dt.datetime) -> float:
    return when.replace(tzinfo=dt.UTC).timestamp()


def set_mtimes(root: Path, when: dt.datetime) -> None:
    for f in root.rglob("*.md"):
        if ".bm-review" not in f.parts:
            os.utime(f, (_ts(when), _ts(when)))


def touch(root: Path, rel: str, when: dt.datetime) -> None:
    os.utime(root / rel, (_ts(when), _ts(when)))


def edit(root: Path, rel: str, when: dt.datetime) -> None:
    edit_note(root, rel, when)


def bump_frontmatter_modified(root: Path, rel: str, when: dt.datetime) -> None:
    """An edit that sets frontmatter `modified` but leaves the file mtime old."""
    f = root / rel
    text = f.read_text(encoding="utf-8")
    new, n = re.subn(r"^modified: .*$", f"modified: {when:%Y-%m-%dT%H:%M:%S}", text,
                     count=1, flags=re.MULTILINE)
    assert n == 1
    f.write_text(new, encoding="utf-8")
    touch(root, rel, OLD)


@pytest.fixture
def kb(indexed_demo: Path, tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    shutil.copytree(indexed_demo, root)
    set_mtimes(root, OLD)
    return root


def audit(root: Path, embedder, now: dt.datetime = NOW, **options):
    return run_audit(Project(root), AuditOptions(**options), embedder=embedder, now=now)


def group_sets(report) -> list[set[str]]:
    return [set(g.group.paths) for g in report.new_groups]


# --- lookback ---------------------------------------------------------------------

def test_touching_one_note_reports_exactly_that_group(kb, embedder):
    edit(kb, POOLING[1], NOW - dt.timedelta(hours=2))
    report = audit(kb, embedder, since="1d")
    assert report.anchors == [POOLING[1]]
    assert report.note_count == 60 and report.partition_count == 60
    assert group_sets(report) == [set(POOLING)]
    ag = report.new_groups[0]
    assert ag.above_threshold and ag.group.score >= report.threshold
    # The edit made it the newest: its text is the canonical's; the other note, outside
    # the window, is still found as the match.
    assert ag.group.canonical == POOLING[1]
    assert ag.in_window == [POOLING[1]]
    assert not ag.conflicts


def test_frontmatter_modified_alone_puts_a_note_in_the_window(kb, embedder):
    bump_frontmatter_modified(kb, BU[1], NOW - dt.timedelta(hours=5))
    report = audit(kb, embedder, since="24h")
    assert report.anchors == [BU[1]]
    assert group_sets(report) == [set(BU)]
    # It is now the newest, so the canonical rule keeps it.
    assert report.new_groups[0].group.canonical == BU[1]


def test_the_markdown_report_keeps_the_kept_file(kb, embedder):
    """The postmortem pair: the newer note is the canonical, the copy others link to is the
    file kept; "Keep" names the file that survives, the canonical where its text is from."""
    postmortem = ("engineering/postmortem-2026-07-12-queue-backlog.md",
                  "engineering/postmortem_queue_backlog_copy.md")
    touch(kb, postmortem[0], NOW - dt.timedelta(hours=1))  # in the window by its mtime only
    edit(kb, "engineering/postgres-connection-pooling.md", NOW - dt.timedelta(hours=1))
    report = audit(kb, embedder, since="1d")
    assert report.anchors == ["engineering/postgres-connection-pooling.md"]  # a copy is not
    everything = audit(kb, embedder, record=False)
    [ag] = [g for g in everything.new_groups if set(g.group.paths) == set(postmortem)]
    assert ag.group.canonical == postmortem[0] and ag.group.kept == postmortem[1]
    text = report_markdown(everything)
    assert f"**Keep** `{postmortem[1]}`" in text
    assert f"Its text comes from the canonical, `{postmortem[0]}`" in text


def test_old_notes_alone_are_not_reproposed(kb, embedder):
    report = audit(kb, embedder, since="7d")
    assert report.anchors == [] and report.new_groups == []
    # Without a window the same project has many groups: the window is what hides them.
    everything = audit(kb, embedder, record=False)
    assert len(everything.anchors) == 60
    assert set(POOLING) in group_sets(everything)


def test_since_last_after_an_unchanged_audit_reports_nothing_new(kb, embedder):
    edit(kb, POOLING[1], NOW - dt.timedelta(hours=2))
    first = audit(kb, embedder, since="last")
    assert "no earlier audit" in first.window.note and first.window.since is None
    assert len(first.new_groups) >= 1  # whole history on the first run

    later = NOW + dt.timedelta(hours=1)
    second = audit(kb, embedder, now=later, since="last")
    assert second.window.since == NOW
    assert second.anchors == [] and second.new_groups == []
    pending = {p.id: p for p in second.pending}
    reported = {g.id for g in first.new_groups if g.above_threshold}
    assert set(pending) == reported
    assert all(not p.found_again for p in pending.values())

    # A note changed after the second audit is the only news of the third.
    edit(kb, PRINCIPLES[1], later + dt.timedelta(minutes=30))
    third = audit(kb, embedder, now=later + dt.timedelta(hours=1), since="last")
    assert third.anchors == [PRINCIPLES[1]]
    assert third.new_groups == []  # the whole-history audit already reported it...
    again = [p for p in third.pending if p.found_again]
    assert [set(p.paths) for p in again] == [set(PRINCIPLES)]  # ...so it is pending, found again

    records = AuditHistory(kb / ".bm-review").records()
    assert [r["time"] for r in records] == [
        NOW.isoformat(), later.isoformat(), (later + dt.timedelta(hours=1)).isoformat()]
    assert records[1]["counts"]["anchors"] == 0


def test_decisions_since_the_last_audit_and_decided_groups_leave_pending(kb, embedder):
    edit(kb, POOLING[1], NOW - dt.timedelta(hours=2))
    edit(kb, BU[1], NOW - dt.timedelta(hours=3))
    first = audit(kb, embedder, since="1d")
    by_paths = {frozenset(g.group.paths): g for g in first.new_groups}
    pooling = by_paths[frozenset(POOLING)]
    notes = first.scan.notes
    DecisionStore(kb / ".bm-review").record(Decision(
        pooling.id, "distinct", POOLING[0], {p: notes[p].sha256 for p in POOLING},
        time=(NOW + dt.timedelta(minutes=10)).isoformat()))
    second = audit(kb, embedder, now=NOW + dt.timedelta(hours=1), since="last")
    assert [d["group_id"] for d in second.decisions] == [pooling.id]
    assert {frozenset(p.paths) for p in second.pending} == {frozenset(BU)}


# --- scope ------------------------------------------------------------------------

def test_folder_and_type_scopes(kb, embedder):
    edit(kb, POOLING[1], NOW - dt.timedelta(hours=2))  # engineering, type note
    edit(kb, BU[1], NOW - dt.timedelta(hours=2))  # product, type reference
    product = audit(kb, embedder, since="1d", target=Target(folders=("product",)),
                    record=False)
    assert product.anchors == [BU[1]]
    assert product.partition_count == sum(1 for _ in (kb / "product").glob("*.md"))
    assert group_sets(product) == [set(BU)]

    reference = audit(kb, embedder, since="1d", target=Target(types=("reference",)),
                      record=False)
    assert reference.anchors == [BU[1]] and group_sets(reference) == [set(BU)]
    notes = audit(kb, embedder, since="1d", target=Target(types=("note",)), record=False)
    assert notes.anchors == [POOLING[1]] and group_sets(notes) == [set(POOLING)]
    both = audit(kb, embedder, since="1d", record=False)
    assert sorted(map(sorted, group_sets(both))) == sorted([sorted(BU), sorted(POOLING)])


def test_too_large_partition_is_reported_and_skipped(kb, embedder, capsys):
    edit(kb, BU[1], NOW - dt.timedelta(hours=2))
    report = audit(kb, embedder, since="1d", target=Target(folders=("product",)), max_notes=5)
    assert report.skipped and "more than the limit of 5" in report.skipped
    assert report.new_groups == [] and report.scan is None
    assert "Not audited" in report_markdown(report)
    rec = AuditHistory(kb / ".bm-review").records()[-1]
    assert rec["skipped"] and rec["counts"]["partition"] == report.partition_count > 5
    # A skipped audit is no reference for `last`.
    assert parse_window("last", now=NOW, history=[rec]).since is None

    code = main(["audit", str(kb), "--folder", "product", "--max-notes", "5",
                 "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["skipped"]


def test_last_uses_an_audit_whose_scope_covers_this_one(kb):
    history = [
        {"time": "2026-11-20T10:00:00", "scope": {"folders": [], "types": []}},
        {"time": "2026-11-25T10:00:00", "scope": {"folders": ["product"], "types": []}},
    ]
    assert parse_window("last", now=NOW, history=history,
                        target=Target(folders=("product/sub",))).since == \
        dt.datetime(2026, 11, 25, 10)
    # An audit of product says nothing about engineering: fall back to the whole project one.
    assert parse_window("last", now=NOW, history=history,
                        target=Target(folders=("engineering",))).since == \
        dt.datetime(2026, 11, 20, 10)
    assert parse_window("last", now=NOW, history=history).since == dt.datetime(2026, 11, 20, 10)


# --- metadata guard -----------------------------------------------------------------

def _note(path: str, **fm) -> object:
    lines = ["---"] + [f"{k}: {v}" for k, v in fm.items()] + ["---", "", "Body text."]
    return parse_note(path, "\n".join(lines).encode())


def test_metadata_conflicts_rules():
    a = _note("a.md", title="Jane Doe", type="person", status="active", tags="[x]")
    assert metadata_conflicts(a, _note("b.md", title="Jane", type="project")) == [
        "type: person vs project"]
    # basic-memory's default type claims nothing; keys only one note has are additions.
    assert metadata_conflicts(a, _note("b.md", title="Other", type="note", source="x")) == []
    assert metadata_conflicts(a, _note("b.md", status="Active ")) == []
    assert metadata_conflicts(a, _note("b.md", status="archived", tags="[y]")) == [
        "status: active vs archived"]
    assert metadata_conflicts(_note("a.md", owners="[ann, bob]"),
                              _note("b.md", owners="[bob, ann]")) == []


def write_note(root: Path, rel: str, text: str, when: dt.datetime) -> None:
    f = root / rel
    f.parent.mkdir(parents=True, exist_ok=True)
    f.write_text(text, encoding="utf-8")
    edit(root, rel, when)


def test_metadata_guard_flags_same_title_different_type(tmp_path, embedder):
    root = tmp_path / "kb"
    shutil.copytree(DATA / "kb", root)
    set_mtimes(root, OLD)
    text = (root / "people/grace-hopper.md").read_text(encoding="utf-8")
    write_note(root, "projects/grace-hopper.md",
               text.replace("type: person", "type: project")
                   .replace("permalink: people/grace-hopper", "permalink: projects/grace-hopper"),
               NOW - dt.timedelta(hours=1))
    report = audit(root, embedder, since="1d", record=False)
    assert report.anchors == ["projects/grace-hopper.md"]
    [ag] = report.new_groups
    assert set(ag.group.paths) == {"people/grace-hopper.md", "projects/grace-hopper.md"}
    [member] = ag.group.members
    canon = ag.group.canonical
    types = {"people/grace-hopper.md": "person", "projects/grace-hopper.md": "project"}
    assert ag.conflicts == {member.path: [f"type: {types[canon]} vs {types[member.path]}"]}
    assert member.evidence["metadata_conflict"] == 1.0
    assert any("metadata conflict" in r for r in member.reasons)
    unguarded = next(g for g in report.scan.groups if g.id == ag.id).members[0]
    assert member.score == pytest.approx(unguarded.score * METADATA_CONFLICT_FACTOR, abs=1e-4)
    assert ag.group.score == member.score  # the group ranks lower too
    doc = report_json(report)
    assert doc["new_groups"][0]["members"][0]["metadata_conflicts"] == ag.conflicts[member.path]
    assert "Metadata conflict" in report_markdown(report)

    # Without the type change the same copy is a plain duplicate, not flagged.
    write_note(root, "projects/grace-hopper.md", text, NOW - dt.timedelta(hours=1))
    plain = audit(root, embedder, since="1d", record=False)
    assert [g.conflicts for g in plain.new_groups if "projects/grace-hopper.md" in
            g.group.paths] == [{}]


# --- window parsing, note times -----------------------------------------------------

def test_parse_window():
    assert parse_window("7d", now=NOW).since == NOW - dt.timedelta(days=7)
    assert parse_window("24h", now=NOW).since == NOW - dt.timedelta(hours=24)
    assert parse_window("2w", now=NOW).since == NOW - dt.timedelta(weeks=2)
    assert parse_window("2026-11-01", now=NOW).since == dt.datetime(2026, 11, 1)
    assert parse_window("2026-11-01T10:00:00+02:00", now=NOW).since == \
        dt.datetime(2026, 11, 1, 8)
    assert parse_window(None, now=NOW).since is None
    for bad in ("yesterday", "7x", "2027-01-01"):
        with pytest.raises(WindowError):
            parse_window(bad, now=NOW)


def test_a_note_is_dated_by_its_own_date_and_the_mtime_only_without_one():
    text = b"---\ntitle: A\nmodified: 2026-11-01T00:00:00\n---\nbody\n"
    copied = parse_note("a.md", text, mtime=_ts(dt.datetime(2026, 11, 20)))
    assert stated_date(copied) == dt.datetime(2026, 11, 1)  # a copy or clone's mtime
    bare = parse_note("b.md", b"body\n", mtime=_ts(dt.datetime(2026, 11, 20)))
    assert stated_date(bare) == dt.datetime(2026, 11, 20)


def test_a_fresh_copy_or_clone_changes_no_note(indexed_demo: Path, tmp_path: Path):
    """shutil.copytree without the times, as `cp -r` or `git clone` leave a project: every
    file's mtime is now, and no note's own date moved."""
    root = tmp_path / "clone"
    shutil.copytree(indexed_demo, root, copy_function=shutil.copyfile)
    since = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(days=1)
    notes, _ = load_notes(root)
    assert anchors_in_window(notes, since) == set()
    assert window_anchor_paths(Project(root), since) == set()
    edit(root, POOLING[1], since + dt.timedelta(hours=2))
    assert window_anchor_paths(Project(root), since) == {POOLING[1]}
    assert anchors_in_window(load_notes(root)[0], since) == {POOLING[1]}


def test_quick_anchor_paths_match_the_parsed_notes(kb):
    edit(kb, POOLING[1], NOW - dt.timedelta(hours=2))
    bump_frontmatter_modified(kb, BU[1], NOW - dt.timedelta(hours=5))
    notes, _ = load_notes(kb)
    for since in (None, NOW - dt.timedelta(days=1), dt.datetime(2026, 8, 1), OLD):
        assert window_anchor_paths(Project(kb), since) == anchors_in_window(notes, since)
    assert window_anchor_paths(Project(kb), NOW - dt.timedelta(days=1)) == {POOLING[1], BU[1]}


def test_history_survives_a_torn_line(tmp_path):
    store = AuditHistory(tmp_path)
    store.append({"time": "2026-11-01T00:00:00", "scope": {}})
    with open(tmp_path / AUDITS_FILE, "a", encoding="utf-8") as fh:
        fh.write('{"time": "2026-11-02T00:0')
    assert [r["time"] for r in store.records()] == ["2026-11-01T00:00:00"]


# --- CLI ----------------------------------------------------------------------------

def test_fail_on_new_exit_codes(kb, capsys):
    edit(kb, POOLING[1], dt.datetime.now(dt.UTC).replace(tzinfo=None)
          - dt.timedelta(hours=1))
    assert main(["audit", str(kb), "--since", "1d", "--fail-on-new", "--no-record",
                 "--format", "json"]) == 3
    doc = json.loads(capsys.readouterr().out)
    assert [set([g["canonical"], *(m["path"] for m in g["members"])])
            for g in doc["new_groups"]] == [set(POOLING)]
    assert doc["counts"]["anchors"] == 1
    # The same without --fail-on-new succeeds; a threshold above every score finds nothing.
    assert main(["audit", str(kb), "--since", "1d", "--no-record", "--format", "json"]) == 0
    assert main(["audit", str(kb), "--since", "1d", "--fail-on-new", "--no-record",
                 "--threshold", "1", "--format", "json"]) == 0
    capsys.readouterr()
    # Recorded, then nothing changed: `--since last` has nothing new.
    assert main(["audit", str(kb), "--since", "1d", "--fail-on-new", "--format",
                 "markdown"]) == 3
    assert main(["audit", str(kb), "--since", "last", "--fail-on-new"]) == 0
    out = capsys.readouterr().out
    assert "No new duplicate groups" in out and "Still open" in out
    assert main(["audit", str(kb), "--since", "soon"]) == 2  # a usage error
    assert "--since 'soon'" in capsys.readouterr().err


# --- the markdown report --------------------------------------------------------------

def test_markdown_report_snapshot(tmp_path, embedder):
    """Two audits of a small KB with a fixed clock; the second report is the golden text."""
    root = tmp_path / "kb"
    shutil.copytree(DATA / "kb", root)
    set_mtimes(root, OLD)
    t1 = dt.datetime(2026, 11, 23, 9, 0)
    edit(root, "engineering/deploy-checklist-copy.md", t1 - dt.timedelta(hours=3))
    edit(root, "research/ddia-ch6.md", t1 - dt.timedelta(hours=3))
    first = audit(root, embedder, now=t1, since="7d", strategy="title")
    assert len(first.new_groups) == 2

    notes = first.scan.notes
    held = next(g for g in first.new_groups if not g.above_threshold)
    DecisionStore(root / ".bm-review").record(Decision(
        held.id, "distinct", held.group.canonical,
        {p: notes[p].sha256 for p in held.group.paths}, time="2026-11-24T14:30:00"))
    t2 = dt.datetime(2026, 11, 30, 9, 0)
    edit(root, "people/ada-lovelace-bio.md", t2 - dt.timedelta(days=1))
    edit(root, "product/pricing-tiers-2025.md", t2 - dt.timedelta(hours=2))
    second = audit(root, embedder, now=t2, since="last", strategy="title")
    assert [g.above_threshold for g in second.new_groups] == [True, False]
    text = report_markdown(second).replace(str(root), "<project>")

    golden = DATA / "report.md"
    if os.environ.get("UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")

    # It renders as Markdown: every table parses as a table with its rows.
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    tables = [t for t in tokens if t.type == "table_open"]
    rows = [t for t in tokens if t.type == "tr_open"]
    lines = text.splitlines()
    assert len(tables) == sum(1 for line in lines if line.startswith("|---")) == 5
    assert len(rows) == sum(
        1 for line in lines if line.startswith("| "))
