"""Planning of update/merge text and link rewriting (pure functions, real parser)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from review_app.core.merging import (
    merged_text,
    normalise,
    observation_key,
    relation_key,
    rewrite_links,
    split_frontmatter,
    updated_text,
)
from review_app.core.notes import Note, parse_note, render_note
from review_app.core.project import load_notes

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

A new paragraph only this note has.

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
    assert body.count("A new paragraph only this note has.") == 1
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


def test_update_takes_freshest_body_keeps_canonical_frontmatter(canon: Note, other: Note):
    # canonical is the freshest: nothing changes
    assert updated_text(canon, [other]) == CANON
    # a fresher member: its body, the canonical's frontmatter byte for byte
    fresh = note("engineering/pgbouncer_setup_notes.md",
                 OTHER.replace("modified: 2026-06-05T10:05:00", "modified: 2026-09-01T10:00:00"))
    text = updated_text(canon, [fresh])
    head, body = split_frontmatter(text)
    assert head == split_frontmatter(CANON)[0]
    assert "A new paragraph only this note has." in body
    assert "# Postgres connection pooling\n" in body  # title heading follows the kept title
    assert "# PgBouncer setup notes" not in body
    reparsed = note(canon.path, text)
    assert reparsed.title == canon.title and reparsed.permalink == canon.permalink


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


# ------------------------------------------------------------------ properties

_word = st.sampled_from(["pool", "postgres", "flag", "rollout", "cache", "queue", "deploy",
                         "Retry", "limit", "owner", "v2", "api"])
_words = st.lists(_word, min_size=1, max_size=5).map(" ".join)
_category = st.sampled_from(["fact", "decision", "rule", "Fix", "idea"])
_tag = st.sampled_from(["postgres", "infra", "flags", "ops", "api", "draft"])
_target = st.sampled_from(["Architecture overview", "Observability stack", "Team map",
                           "Group A", "Group B"])


@st.composite
def _note_text(draw, title: str) -> str:
    obs = draw(st.lists(st.tuples(_category, _words, st.lists(_tag, max_size=2)), max_size=6))
    rels = draw(st.lists(st.tuples(st.sampled_from(["relates_to", "depends_on", "part_of"]),
                                   _target), max_size=4))
    paras = draw(st.lists(_words, max_size=3))
    sections = draw(st.lists(st.tuples(_words, st.lists(_words, min_size=1, max_size=3)),
                             max_size=2))
    lines = [f"# {title}", ""]
    for p in paras:
        lines += [p.capitalize() + ".", ""]
    for heading, items in sections:
        lines += [f"## {heading}"] + [f"- {i}" for i in items] + [""]
    if obs:
        lines.append("## Observations")
        for cat, content, tags in obs:
            lines.append(f"- [{cat}] {content}" + "".join(f" #{t}" for t in tags))
        lines.append("")
    if rels:
        lines.append("## Relations")
        lines += [f"- {t} [[{target}]]" for t, target in rels]
    meta = {"title": title, "type": "note", "permalink": title.lower().replace(" ", "-"),
            "tags": draw(st.lists(_tag, max_size=3, unique=True))}
    if draw(st.booleans()):
        meta["status"] = draw(_word)
    return render_note(meta, "\n".join(lines))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_note_text("Group A"), st.lists(_note_text("Group B"), min_size=1, max_size=3))
def test_property_merge_never_drops_observation_relation_or_tag(canon_text, other_texts):
    canonical = note("a/group-a.md", canon_text)
    others = [note(f"b/group-b-{i}.md", t) for i, t in enumerate(other_texts)]
    text = merged_text(canonical, others)
    merged = parse_note(canonical.path, text.encode())
    assert isinstance(merged, Note)  # still a valid note
    group = {"group a", "group b"}
    for member in [canonical, *others]:
        assert obs_keys(member) <= obs_keys(merged)
        assert {relation_key(r.type, r.target) for r in member.relations
                if normalise(r.target) not in group} <= rel_keys(merged)
        assert set(member.tags) <= set(merged.tags)
        for key in member.metadata:
            assert key in merged.metadata
    assert merged.title == canonical.title and merged.permalink == canonical.permalink
    assert merged_text(merged, [merged]) == text
    assert merged_text(canonical, [canonical]) == canonical.text
    # merging is idempotent: merging the same members again adds nothing
    assert merged_text(merged, others) == text
