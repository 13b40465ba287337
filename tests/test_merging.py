"""Planning of update/merge text and link rewriting (pure functions, real parser)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from helpers_merge import REWRITES, rewrite_groups
from helpers_merge import body as body_of

from review_app.core.merging import (
    compose,
    observation_key,
    relation_key,
    rewrite_links,
    split_frontmatter,
)
from review_app.core.notes import Note, parse_note
from review_app.core.project import load_notes


def merged_text(canonical: Note, others: list[Note]) -> str:
    return compose("merge", canonical, others).text


def updated_text(canonical: Note, others: list[Note]) -> str:
    return compose("update", canonical, others).text

CANON = """\
---
title: Postgres connection pooling
type: note
permalink: engineering/postgres-connection-pooling
tags: [postgres, infra]
owner: "tom"   # who keeps this current
created: 2026-07-18T11:00:00
modified: 2026-07-18T11:35:00
---

# Postgres connection pooling

PgBouncer runs in **transaction** mode next to the database.

## Setup
- `default_pool_size = 40`
- API connects on 6432.

## Observations
- [decision] PgBouncer in transaction pooling mode #pgbouncer
- [fact] Pool size is 40

## Relations
- relates_to [[Architecture overview]]
- supersedes [[PgBouncer setup notes]]
"""

OTHER = """\
---
title: PgBouncer setup notes
type: decision
permalink: engineering/pgbouncer-setup-notes
tags:
- postgres
- pgbouncer
reviewed_by: priya
created: 2026-06-03T14:20:00
modified: 2026-06-05T10:05:00
---

# PgBouncer setup notes

PgBouncer runs in transaction mode next to the database.

PgBouncer sits next to the database, in transaction mode.

## Setup
- API connects on 6432.
- Migrations bypass PgBouncer and use 5432.

## Things that broke
- asyncpg prepared statements; fixed with `statement_cache_size=0`.

```ini
[pgbouncer]
pool_mode = transaction
```

## Observations
- [Decision]  PgBouncer in transaction pooling mode.  #pgbouncer
- [fix] asyncpg statement_cache_size=0 behind PgBouncer (found in May)

## Relations
- relates_to [[Architecture overview]]
- relates_to [[Observability stack]]
- duplicate_of [[Postgres connection pooling]]
"""


def note(path: str, text: str, mtime: float = 0.0) -> Note:
    result = parse_note(path, text.encode(), mtime=mtime)
    assert isinstance(result, Note), result
    return result


@pytest.fixture
def canon() -> Note:
    return note("engineering/postgres-connection-pooling.md", CANON)


@pytest.fixture
def other() -> Note:
    return note("engineering/pgbouncer_setup_notes.md", OTHER)


def obs_keys(n: Note) -> set[str]:
    return {observation_key(o.category, o.content) for o in n.observations}


def rel_keys(n: Note) -> set[str]:
    return {relation_key(r.type, r.target) for r in n.relations}


def test_merge_adds_only_what_is_missing_and_keeps_frontmatter(canon: Note, other: Note):
    text = merged_text(canon, [other])
    merged = note(canon.path, text)
    head, body = split_frontmatter(text)
    # Frontmatter: the canonical's text kept line for line (comment, quoting, flow
    # style of other keys), tags unioned, the missing key copied from the member.
    assert head.startswith(split_frontmatter(CANON)[0].split("tags:")[0])
    assert 'owner: "tom"   # who keeps this current' in head
    assert "reviewed_by: priya" in head
    assert merged.title == canon.title and merged.permalink == canon.permalink
    assert merged.type == "note"  # identity keys never come from a member
    assert merged.tags == ["postgres", "infra", "pgbouncer"]
    assert merged.metadata["created"] == canon.metadata["created"]
    # Observations/relations de-duplicated by normalised text.
    assert obs_keys(merged) == obs_keys(canon) | {
        observation_key("fix", "asyncpg statement_cache_size=0 behind PgBouncer")}
    assert len(merged.observations) == 3
    assert relation_key("relates_to", "Observability stack") in rel_keys(merged)
    assert body.count("relates_to [[Architecture overview]]") == 1
    # A member's relation to the group itself is not carried over.
    assert "duplicate_of" not in body
    # Prose: the emphasis-only difference is the same paragraph; the new one is added once.
    assert body.count("next to the database") == 1
    # a paragraph with no fact the base lacks is reported dropped, not written (issue 18)
    assert "PgBouncer sits next to the database" not in body
    # Items go into the matching section, new sections before Observations.
    setup = body.split("## Setup")[1].split("##")[0]
    assert "Migrations bypass PgBouncer and use 5432." in setup
    assert setup.count("API connects on 6432.") == 1
    assert body.index("## Things that broke") < body.index("## Observations")
    assert "pool_mode = transaction" in body  # fenced code kept as one block
    assert body.count("# PgBouncer setup notes") == 0  # the member's title heading is not copied


def test_merge_with_itself_or_a_copy_changes_nothing(canon: Note):
    assert merged_text(canon, [canon]) == CANON
    copy = note("x/copy.md", CANON)
    assert merged_text(canon, [copy]) == CANON


def test_merge_on_every_demo_note_with_itself_is_identity():
    notes, _ = load_notes(Path(__file__).parent.parent / "review_app" / "demo" / "kb")
    assert len(notes) >= 50
    for n in notes:
        assert merged_text(n, [n]) == n.text, n.path


LINKER = """\
---
title: Ops sync
permalink: meetings/ops-sync
---

# Ops sync

- See [[PgBouncer setup notes]] and [[PgBouncer setup notes|the pooling notes]].
- Path form [[engineering/PgBouncer setup notes]], permalink [[engineering/pgbouncer-setup-notes]].
- File form [[engineering/pgbouncer_setup_notes.md]], anchored [[PgBouncer setup notes#Setup]].
- Memory URL memory://engineering/pgbouncer-setup-notes.
- Unrelated [[Architecture overview]] and memory://engineering/architecture-overview

```
[[PgBouncer setup notes]] in code stays
```

## Relations
- relates_to [[PgBouncer setup notes]] (pool settings)
"""


def test_rewrite_links_every_form(canon: Note, other: Note):
    linker = note("meetings/ops-sync.md", LINKER)
    text, count = rewrite_links(linker, {other.path: other}, canon)
    assert count == 8
    assert "[[Postgres connection pooling]] and [[Postgres connection pooling|the pooling " \
           "notes]]" in text
    assert "Path form [[Postgres connection pooling]], permalink [[Postgres connection " \
           "pooling]]" in text
    assert "[[Postgres connection pooling#Setup]]" in text
    assert "memory://engineering/postgres-connection-pooling." in text
    assert "memory://engineering/architecture-overview" in text
    assert "[[PgBouncer setup notes]] in code stays" in text
    assert "- relates_to [[Postgres connection pooling]] (pool settings)" in text
    assert split_frontmatter(text)[0] == split_frontmatter(LINKER)[0]
    reparsed = note(linker.path, text)
    assert relation_key("relates_to", "Postgres connection pooling") in rel_keys(reparsed)
    # nothing to rewrite: text unchanged, count 0
    assert rewrite_links(linker, {"x/other.md": note("x/other.md", "# nope\n")}, canon) == (
        LINKER, 0)


def test_rewrite_on_the_canonical_drops_relations_to_itself(canon: Note, other: Note):
    text, count = rewrite_links(canon, {other.path: other}, canon)
    assert count == 1
    assert "supersedes" not in text
    assert "relates_to [[Architecture overview]]" in text


# ------------------------------------------- merge by meaning: the acceptance cases
# Each case is a pair of real-looking notes (an older one and a later rewrite) in a
# domain the demo does not cover; `older` is written first, `newer` has the later date.

def pair(older_body: str, newer_body: str, *, older_meta: str = "", newer_meta: str = ""
         ) -> tuple[Note, Note]:
    older = note("kb/older-note.md", f"---\ntitle: Older note\npermalink: kb/older-note\n"
                 f"created: 2025-01-02T10:00:00\nmodified: 2025-01-02T10:00:00\n{older_meta}"
                 f"---\n\n# Older note\n\n{older_body}")
    newer = note("kb/newer-note-2025-06.md", f"---\ntitle: Newer note 2025-06\npermalink: "
                 f"kb/newer-note-2025-06\ncreated: 2025-06-01T09:00:00\nmodified: "
                 f"2025-06-01T09:30:00\n{newer_meta}---\n\n# Newer note 2025-06\n\n{newer_body}")
    return older, newer


def test_reworded_paragraph_is_not_added():
    older, newer = pair(
        "Our office plants are watered every Monday by whoever opens the office. The ficus "
        "in the meeting room only needs water every second week.\n",
        "Whoever opens the office on Monday waters the office plants. The meeting room "
        "ficus needs water only every other week.\n")
    composed = compose("merge", newer, [older])
    assert composed.text == newer.text  # nothing new: the canonical is written as it was
    assert composed.added == [] and not composed.ledger.by_status("superseded")


def test_reordered_sections_keep_the_base_order_and_add_nothing_twice():
    older, newer = pair(
        "## Costs\n\nThe van costs EUR 85 per day.\n\n## Pickup\n\nPickup is at the depot on "
        "Harbour Road from 08:00.\n",
        "## Pickup\n\nWe collect the van from the Harbour Road depot, opening at 08:00.\n\n"
        "## Costs\n\nRenting the van is EUR 85 a day.\n")
    composed = compose("merge", newer, [older])
    assert composed.text == newer.text
    assert composed.present == 2


def test_changed_number_newer_value_written_older_reported_superseded():
    older, newer = pair(
        "The kiln is fired to 1240 °C for stoneware glazes.\n\n## Observations\n"
        "- [fact] Stoneware firing at 1240 °C #kiln\n",
        "The kiln is fired to 1260 °C for stoneware glazes since the new elements went in.\n\n"
        "## Observations\n- [fact] Stoneware firing at 1260 °C #kiln\n")
    composed = compose("merge", newer, [older])
    assert "1240" not in composed.text
    assert composed.text.count("1260") == 2
    olds = {s.old.text for s in composed.superseded}
    assert "The kiln is fired to 1240 °C for stoneware glazes." in olds
    assert "- [fact] Stoneware firing at 1240 °C #kiln" in olds
    assert all(s.old.source == older.path for s in composed.superseded)


def test_checklist_done_in_the_newer_note_is_one_done_item():
    older, newer = pair(
        "## Move-in\n\n- [x] Sign the lease\n- [ ] Transfer the deposit\n"
        "- [ ] Book the elevator for moving day\n",
        "## Move-in\n\n- [x] Sign the lease\n- [x] Transfer the deposit\n"
        "- [ ] Book the elevator for moving day\n- [ ] Register the new address\n")
    composed = compose("merge", newer, [older])
    body = body_of(composed.text)
    assert body.count("Transfer the deposit") == 1 and "- [x] Transfer the deposit" in body
    assert [s.old.text for s in composed.superseded] == ["- [ ] Transfer the deposit"]


def test_relation_to_one_target_under_two_names_is_one_relation():
    older, newer = pair("## Relations\n- owned_by [[Finance team]]\n"
                        "- part_of [[Newer note 2025-06]]\n- relates_to [[Travel policy]]\n",
                        "## Relations\n- owned_by [[people/finance-team]]\n")
    body = body_of(compose("merge", newer, [older]).text)
    rels = [ln for ln in body.splitlines() if ln.startswith("- ")]
    # one owner, the member's link to the merged note itself dropped, the new one added
    assert rels == ["- owned_by [[people/finance-team]]", "- relates_to [[Travel policy]]"]


def test_identical_code_block_once_changed_code_block_newer_wins():
    old_code = "```bash\nrsync -a --delete /srv/photos/ nas:/backup/photos/\n```\n"
    new_code = ("```bash\nrsync -a --delete --exclude '*.tmp' /srv/photos/ "
                "nas:/backup/photos/\n```\n")
    older, newer = pair(f"Nightly copy:\n\n{old_code}", f"Nightly copy:\n\n{old_code}")
    assert compose("merge", newer, [older]).text == newer.text
    older, newer = pair(f"Nightly copy:\n\n{old_code}", f"Nightly copy:\n\n{new_code}")
    composed = compose("merge", newer, [older])
    assert composed.text.count("rsync") == 1 and "--exclude" in composed.text
    assert composed.superseded[0].old.text == old_code.strip()


def test_frontmatter_keys_kept_identity_and_modified_refresh():
    import datetime as dt

    older = note("kb/team-offsite.md", "---\ntitle: Team offsite\ntype: event\npermalink: "
                 "kb/team-offsite\nbudget_code: OPS-7   # finance asked for it\ncreated: "
                 "2025-01-10\nmodified: 2025-01-12\n---\n\n# Team offsite\n\nThe offsite is in "
                 "Porto.\n")
    newer = note("kb/team-offsite-2025-05.md", "---\ntitle: Team offsite 2025-05\ntype: event"
                 "\npermalink: kb/team-offsite-2025-05\ntags: [travel]\ncreated: 2025-05-02\n"
                 "modified: 2025-05-03\nvenue: 'Casa do Rio'\n---\n\n# Team offsite 2025-05\n\n"
                 "The offsite is in Porto, at Casa do Rio.\n")
    now = dt.datetime(2025, 6, 7, 15, 4, 5)
    composed = compose("merge", newer, [older], kept=older, now=now)
    written = note(older.path, composed.text)
    head = split_frontmatter(composed.text)[0]
    # the kept file's identity (its title follows the newest's when it is that title
    # without its stamp: merge/title.py); the canonical's keys; keys only the kept had
    assert written.title == "Team offsite 2025-05" and written.permalink == "kb/team-offsite"
    assert "budget_code: OPS-7   # finance asked for it" in head
    assert "venue: 'Casa do Rio'" in head and written.tags == ["travel"]
    assert "modified: 2025-06-07\n" in head  # date-only stays date-only
    assert "# Team offsite 2025-05\n" in composed.text and "# Team offsite\n" not in composed.text
    assert composed.ledger.title == ("Team offsite", "Team offsite 2025-05")
    assert "Casa do Rio." in composed.text and composed.text.count("Porto") == 1
    # nothing to write: no new date, no key added; now=None: not refreshed
    bare = note("kb/bare.md", "---\ntitle: Bare\n---\n\nJust text.\n")
    assert compose("merge", bare, [bare], now=now).text == bare.text
    assert compose("merge", newer, [newer], now=now).text == newer.text
    more = note("kb/more.md", newer.text.replace("Casa do Rio.", "Casa do Rio. Bus at 8.")
                .replace("modified: 2025-05-03", "modified: 2025-05-01"))
    assert compose("merge", newer, [more]).text.count("modified: 2025-05-03") == 1
    stamped = compose("merge", newer, [more], now=now).text
    assert "Bus at 8" in stamped and "modified: 2025-06-07\n" in stamped
    timed = note("kb/t.md", "---\ntitle: T\nmodified: '2025-05-03T10:00:00Z'\n---\n\nx\n")
    later = note("kb/t2.md", "---\ntitle: T\nmodified: '2025-05-01T10:00:00Z'\n---\n\nx\n\n"
                 "The bus leaves at 8:15.\n")
    assert "modified: '2025-06-07T15:04:05Z'" in compose("merge", timed, [later], now=now).text


def test_update_keeps_the_graph_and_lists_what_it_drops():
    older, newer = pair(
        "The backup disk is a 4 TB WD Red in the NAS. Restores were last tested in March.\n\n"
        "See [[Restore drill]] for the procedure.\n\n## Observations\n"
        "- [fact] Backup disk is a 4 TB WD Red #storage\n- [risk] Only one offsite copy\n\n"
        "## Relations\n- part_of [[Home lab]]\n- relates_to [[Restore drill]]\n",
        "The backups go to an 8 TB WD Red in the NAS.\n\n## Observations\n"
        "- [fact] Backup disk is an 8 TB WD Red #storage\n\n## Relations\n- part_of [[Home lab]]\n")
    composed = compose("update", newer, [older], kept=older)  # the newest is the base
    body = body_of(composed.text)
    assert body.startswith("\n# Older note\n\nThe backups go to an 8 TB WD Red in the NAS.")
    assert "- [risk] Only one offsite copy" in body  # a fact the fresh note lacks survives
    assert "relates_to [[Restore drill]]" in body
    assert "4 TB" not in body  # the newer value of the same fact
    assert "Restores were last tested in March." not in body
    assert "Restores were last tested in March." in {u.text for u in composed.dropped}


def test_merge_with_nothing_new_returns_the_canonical_text_exactly():
    root = Path(__file__).parent / "data" / "rewrites"
    notes = {n.path: n for n in load_notes(root)[0]}
    for n in notes.values():
        assert compose("merge", n, [n]).text == n.text
        assert compose("update", n, [n]).text == n.text
        composed = compose("merge", n, [note("copy/" + n.path, n.text)])
        assert composed.text == n.text and composed.added == []


# ------------------------------------------------ the rewrite groups, read as a user

@pytest.mark.parametrize("group", rewrite_groups(), ids=lambda g: g["name"])
@pytest.mark.parametrize("action", ["merge", "update"])
def test_rewrite_group_states_no_old_value_and_accounts_for_every_unit(group, action,
                                                                        rewrite_notes):
    newer = rewrite_notes[group["newer"]]
    members = [rewrite_notes[p] for p in group["members"]]
    oldest = min(members, key=lambda n: n.modified)
    for kept in (newer, oldest):
        composed = compose(action, newer, members, kept=kept, now=dt.datetime(2026, 1, 1))
        text = composed.text
        written = note(kept.path, text)
        # the kept title stays, unless it names another issue than the newest's body
        # (merge/title.py): "ADR 007: event bus" over "ADR 007 event bus (accepted)", or
        # the newest renamed the note: "Raft paper notes" / "Raft consensus summary",
        # "Observability vendor contract" / "Lumen contract summary 2025" (round 41)
        retitled = kept is oldest and group["name"] in (
            "ADR draft -> accepted", "research reading note, sections reordered",
            "vendor contract summary, amended terms")
        assert written.title == (newer.title if retitled else kept.title)
        assert written.permalink == kept.permalink
        for old, new in group["changed"]:
            assert old not in text, (old, kept.path)
            assert new in text, (new, kept.path)
        # the ledger: every unit of every member, and the text agrees with it
        ledger = composed.ledger
        assert ledger.base == newer.path
        for n in [newer, *members]:
            assert any(e.source == n.path for e in ledger.entries), n.path
            assert set(n.tags) <= set(written.tags)
        for e in ledger.entries:
            if e.status in ("stated", "carried"):
                assert (e.written or e.text) in text, (e.status, e.text)
            if e.status == "superseded":
                assert e.text not in text, e.text
        # the base's body is written as it is
        base_body = split_frontmatter(newer.text)[1].split("\n")
        body_lines = split_frontmatter(text)[1].split("\n")
        kept_lines = [ln for ln, src in zip(body_lines, composed.line_sources[
            len(split_frontmatter(text)[0].splitlines()):], strict=False) if src is None]
        gone = {e.text for e in ledger.entries if e.source == newer.path
                and e.status == "dropped"}  # its relation to a member: to itself now
        assert [ln for ln in kept_lines if ln.strip() and not ln.startswith("# ")] == [
            ln for ln in base_body if ln.strip() and not ln.startswith("# ")
            and ln.strip() not in gone]
        assert len(composed.line_sources) == len(text.splitlines())
        # one note: no unit written twice
        lines = [ln.strip() for ln in split_frontmatter(text)[1].splitlines() if ln.strip()]
        assert len(lines) == len(set(lines))


def test_upsert_update_with_a_short_rewrite_keeps_the_runbook_graph(rewrite_notes):
    from review_app.core.upsert import merged_note_text, updated_note_text

    runbook = rewrite_notes["ops/tls-certificate-renewal.md"]
    proposed = note(".proposed/ops/tls.md", "---\ntitle: TLS renewal\n---\n\n# TLS renewal\n\n"
                    "Renewal is automatic; certificates are valid for 90 days.\n")
    text = updated_note_text(runbook, proposed)
    written = note(runbook.path, text)
    assert written.title == runbook.title and "# TLS certificate renewal runbook" in text
    assert "Renewal is automatic" in text
    assert {(r.type, r.target) for r in runbook.relations} <= {
        (r.type, r.target) for r in written.relations}
    # what the proposal states anew ("valid for 90 days") is present, not repeated
    assert "[fact] Certificates expire every 90 days" not in text
    assert {o.category for o in runbook.observations} - {"fact"} <= {
        o.category for o in written.observations}
    head = split_frontmatter(text)[0]  # the kept identity; modified: refreshed
    assert re.sub(r"modified: .*", "", head) == re.sub(
        r"modified: .*", "", split_frontmatter(runbook.text)[0])
    # merge: the proposal is the newer version where the two disagree
    ticked = note(".proposed/ops/tls.md", runbook.text.replace(
        "- [ ] Renewal also copies", "- [x] Renewal also copies"))
    merged = merged_note_text(runbook, ticked)
    assert "- [x] Renewal also copies" in merged and "- [ ] Renewal also copies" not in merged


def test_an_important_canonical_keeps_its_values_against_a_newer_copy():
    older, newer = pair("The kiln is fired to 1240 °C for stoneware glazes.\n",
                        "The kiln is fired to 1260 °C for stoneware glazes.\n",
                        older_meta="important: true\n")
    composed = compose("merge", older, [newer])
    assert "1240 °C" in composed.text and "1260" not in composed.text
    assert [(s.old.text, s.new.source) for s in composed.superseded] == [
        ("The kiln is fired to 1260 °C for stoneware glazes.", older.path)]


@pytest.mark.parametrize("action", ["merge", "update"])
def test_apply_writes_what_compose_previews(tmp_path, action):
    """The text a preview shows (compose) is the text apply writes into the kept file.

    `modified:` lines are left out of the comparison: apply stamps its own time."""
    import shutil

    from helpers_apply import group_doc, plan_doc

    from review_app.core.apply import apply_plan, plan_from_document
    from review_app.core.project import Project

    root = tmp_path / "kb"
    shutil.copytree(REWRITES, root, ignore=shutil.ignore_patterns("groups.json"))
    group = next(g for g in rewrite_groups() if len(g["members"]) == 2)
    notes = {n.path: n for n in load_notes(root)[0]}
    preview = compose(action, notes[group["newer"]], [notes[p] for p in group["members"]])
    doc = plan_doc(root, group_doc(root, group["newer"], group["members"], action,
                                   keep=group["newer"]))
    report = apply_plan(Project(root), plan_from_document(Project(root), doc))
    assert not report.conflicts
    written = (root / group["newer"]).read_text(encoding="utf-8")

    def strip(text: str) -> str:
        return re.sub(r"(?m)^modified:.*\n", "", text)

    assert strip(written) == strip(preview.text)
    assert preview.added or preview.superseded or preview.dropped
