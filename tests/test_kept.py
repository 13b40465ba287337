"""The kept file (the established note survives) and a "newer" that survives a copy."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import time
from pathlib import Path

from review_app.core.dating import apply_file_dates
from review_app.core.grouping import build_groups, linkers_by_path
from review_app.core.notes import Note, parse_note
from review_app.core.strategies import Candidate

REWRITE_KB = Path(__file__).parent / "data" / "rewrite_kb"
DRAFT = "crate/adr-007-release-automation.md"
ACCEPTED = "crate/adr-7-release-automation-accepted.md"


def note(path: str, text: str, *, mtime: float = 0.0) -> Note:
    parsed = parse_note(path, text.encode(), mtime=mtime)
    assert isinstance(parsed, Note)
    return parsed


def fixed_score(x: Note, y: Note) -> Candidate:
    return Candidate(x.path, y.path, 0.9)


def kafka_kb() -> dict[str, Note]:
    """An established note that others link to in every form, and an agent's dated copy."""
    notes = [
        note("engineering/kafka-consumer-lag-alerting.md",
             "---\ntitle: Kafka consumer lag alerting\ncreated: 2025-11-02\n---\nAlert at 5 min."),
        note("engineering/consumer-lag-monitoring-setup-2026-04-10.md",
             "---\ntitle: Consumer lag monitoring setup 2026-04-10\ncreated: 2026-04-10\n"
             "---\nAlert at 10 min.\n- relates_to [[Kafka consumer lag alerting]]\n"),
        note("ops/runbook.md", "---\ntitle: Runbook\n---\nSee [[Kafka consumer lag alerting]]."),
        note("ops/oncall.md", "---\ntitle: On-call\n---\nSee [[kafka consumer lag alerting|lag]]."),
        note("ops/dash.md", "---\ntitle: Dashboards\n---\n"
                            "- documents [[engineering/kafka-consumer-lag-alerting]]\n"),
        note("ops/slo.md", "---\ntitle: SLOs\n---\n"
                           "memory://engineering/kafka-consumer-lag-alerting has the rule."),
        note("ops/new.md", "---\ntitle: New\n---\n[[Consumer lag monitoring setup 2026-04-10]]"),
    ]
    return {n.path: n for n in notes}


def test_kept_is_the_most_linked_to_member_and_canonical_stays_the_newer():
    notes = kafka_kb()
    old, new = ("engineering/kafka-consumer-lag-alerting.md",
                "engineering/consumer-lag-monitoring-setup-2026-04-10.md")
    linkers = linkers_by_path(notes)
    # title, alias, permalink path form and memory:// URL all resolve to the note
    assert linkers[old] == {new, "ops/runbook.md", "ops/oncall.md", "ops/dash.md",
                            "ops/slo.md"}
    [group] = build_groups([Candidate(old, new, 0.9)], notes, 0.5, fixed_score,
                           linkers=linkers)
    assert group.canonical == new and group.canonical_reason.startswith("newer: created")
    # the link from inside the group does not count: 4 from outside against 1
    assert (group.kept, group.kept_reason) == (old, "linked from 4 notes")


def test_keep_override_is_the_persons_choice_and_is_independent_of_canonical():
    notes = kafka_kb()
    old, new = ("engineering/kafka-consumer-lag-alerting.md",
                "engineering/consumer-lag-monitoring-setup-2026-04-10.md")
    gid = build_groups([Candidate(old, new, 0.9)], notes, 0.5, fixed_score)[0].id
    [group] = build_groups([Candidate(old, new, 0.9)], notes, 0.5, fixed_score,
                           canonical_overrides={gid: old}, keep_overrides={gid: new})
    assert (group.canonical, group.canonical_reason) == (old, "chosen by you")
    assert (group.kept, group.kept_reason) == (new, "chosen by you")


def test_an_undated_title_is_kept_only_where_notes_link_to_it():
    """An undated title is an established name where other notes use it; one nothing
    links to is an older version's name, and the file of the body written is kept
    (round 36: blind readers took the older unlinked title for a fault)."""
    notes = {n.path: n for n in (
        note("a/dbt-model-naming-conventions.md",
             "---\ntitle: dbt model naming conventions\n---\nstg_ prefix."),
        note("a/dbt-style-guide-2026-05.md",
             "---\ntitle: dbt style guide 2026-05\nmodified: 2026-05-02\n---\nstg_ prefix."),
        note("a/readme.md", "---\ntitle: Readme\n---\nSee [[dbt model naming conventions]] "
             "and [[dbt style guide 2026-05]]."),
    )}
    pair = Candidate("a/dbt-model-naming-conventions.md", "a/dbt-style-guide-2026-05.md", 0.9)
    unlinked = {p: n for p, n in notes.items() if p != "a/readme.md"}
    [group] = build_groups([pair], unlinked, 0.5, fixed_score)
    assert group.canonical == group.kept == "a/dbt-style-guide-2026-05.md"
    linked = build_groups([pair], notes, 0.5, fixed_score,
                          linkers=linkers_by_path(notes))
    [group] = [g for g in linked if "a/dbt-style-guide-2026-05.md" in g.paths]
    assert group.kept == "a/dbt-model-naming-conventions.md"
    assert "no date or version stamp" in group.kept_reason


def test_own_dates_come_before_the_mtime_and_say_so():
    later_mtime = time.time()
    n = note("x.md", "---\ntitle: X\ncreated: 2026-03-02\n---\nbody", mtime=later_mtime)
    assert (n.modified, n.modified_source) == (dt.datetime(2026, 3, 2), "created")
    n = note("x.md", "---\ntitle: X\ncreated: 2026-03-02\nupdated: 2026-03-05\n---\nb")
    assert (n.modified, n.modified_source) == (dt.datetime(2026, 3, 5), "updated")
    n = note("x.md", "---\ntitle: X\nmodified: 2026-03-09\nupdated: 2026-03-05\n---\nb")
    assert n.modified_source == "modified"
    bare = note("y.md", "---\ntitle: Y\n---\nbody", mtime=later_mtime)
    assert bare.modified_source == "file mtime"
    # basic-memory's record of the file dates what carries no date of its own
    bm = {"y.md": dt.datetime(2026, 1, 5, 12, tzinfo=dt.UTC), "x.md": dt.datetime(2027, 1, 1)}
    assert apply_file_dates([bare, n], bm) == 1
    assert (bare.modified, bare.modified_source) == (dt.datetime(2026, 1, 5, 12), "basic-memory")
    assert n.modified == dt.datetime(2026, 3, 9)


def copied_kb(tmp_path: Path) -> Path:
    """rewrite_kb as a git clone leaves it: every mtime "now", in checkout order, so the
    ADR's first draft happens to be written last."""
    root = tmp_path / "clone"
    shutil.copytree(REWRITE_KB, root, copy_function=shutil.copy)
    now = time.time()
    for i, f in enumerate(sorted(root.rglob("*.md"))):
        os.utime(f, (now + i, now + i))
    os.utime(root / DRAFT, (now + 1000, now + 1000))
    return root


def test_clone_keeps_the_accepted_adr_canonical_and_the_linked_draft_file(
        tmp_path: Path, scan_project):
    result = scan_project(copied_kb(tmp_path))
    group = next(g for g in result.groups if DRAFT in g.paths)
    assert set(group.paths) == {DRAFT, ACCEPTED}
    # content: the accepted rewrite (created later), not the draft the clone touched last
    assert group.canonical == ACCEPTED
    assert group.canonical_reason == "newer: created 2026-03-20 vs 2026-03-02"
    # file: the draft, which ADR-008 and a meeting note link to by title
    assert (group.kept, group.kept_reason) == (DRAFT, "linked from 2 notes")
    doc = json.loads(json.dumps(result.to_json()))
    g = next(x for x in doc["groups"] if x["id"] == group.id)
    assert (g["keep"], g["keep_reason"], g["canonical"]) == (DRAFT, "linked from 2 notes",
                                                              ACCEPTED)
    gid = group.id
    again = result.regroup(result.threshold, keep_overrides={gid: ACCEPTED})
    assert next(x for x in again if x.id == gid).kept == ACCEPTED


def test_newer_reason_names_each_dates_source():
    from review_app.core.grouping import choose_canonical

    edited = note("a.md", "---\ntitle: A\nmodified: 2026-08-15\n---\nbody")
    first = note("b.md", "---\ntitle: B\ncreated: 2026-08-01\n---\nbody")
    best, why = choose_canonical([first, edited])
    assert best is edited and why == "newer: modified 2026-08-15 vs created 2026-08-01"
    bare = note("c.md", "---\ntitle: C\n---\nbody", mtime=dt.datetime(2026, 9, 1).timestamp())
    best, why = choose_canonical([first, bare])
    assert best is bare and why.startswith("newer: file mtime 2026-09-0")
    assert why.endswith("vs created 2026-08-01")
