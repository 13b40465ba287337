"""The parser on real-world markdown, every bad-input class, and arbitrary bytes."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from review_app.core.notes import (
    MAX_NOTE_BYTES,
    Note,
    NoteProblem,
    parse_note,
    parse_tags,
    permalink_for_path,
    render_note,
)

DATA = Path(__file__).parent / "data" / "notes"


def parse_file(name: str) -> Note:
    note = parse_note(name, (DATA / name).read_bytes(), mtime=1_700_000_000)
    assert isinstance(note, Note), note
    return note


def test_real_world_note_fields():
    note = parse_file("real_world.md")
    assert note.title == "Search ranking – notes from the Q3 offsite"
    assert note.type == "meeting"
    assert note.permalink == "meetings/search-ranking-offsite"
    assert note.tags == ["search", "ranking", "offsite"]
    # aware datetimes are converted to naive UTC so every date compares
    assert note.created == dt.datetime(2026, 9, 12, 7, 30)
    assert note.modified == dt.datetime(2026, 9, 14)
    assert note.metadata["status"] == "draft"
    assert not note.important


def test_observations_relations_and_links():
    note = parse_file("real_world.md")
    cats = [o.category for o in note.observations]
    assert cats == ["decision", "risk", "idea"]  # checkboxes and fenced code are not observations
    decision = note.observations[0]
    assert decision.tags == ("search", "ranking")
    assert decision.context == "agreed by all"
    assert [(r.type, r.target) for r in note.relations] == [
        ("part_of", "Q3 Offsite"),
        ("relates_to", "Search Architecture"),
        ("implements", "search/hybrid-ranking"),
    ]
    assert note.relations[1].context == "background"
    assert note.links == ["Q3 Offsite", "Search Architecture", "search/hybrid-ranking",
                          "Ranking Experiments", "research/bm25-baseline"]
    assert note.richness[0] == 6


def test_windows_line_endings_and_comma_tags():
    note = parse_file("windows_crlf.md")
    assert note.title == "Windows note"
    assert note.tags == ["ops", "windows"]
    assert "\r" not in note.body
    assert [o.content for o in note.observations] == ["CRLF endings parse #windows"]
    assert note.relations[0].target == "Other Note"
    # the hash is of the raw bytes, so a CRLF file is not confused with its LF twin
    lf = parse_note("w.md", (DATA / "windows_crlf.md").read_bytes().replace(b"\r\n", b"\n"))
    assert isinstance(lf, Note) and lf.sha256 != note.sha256


def test_bom_and_missing_frontmatter():
    bom = parse_file("bom.md")
    assert bom.title == "BOM note"
    plain = parse_file("no_frontmatter.md")
    assert plain.title == "no_frontmatter"  # file stem when no title
    assert plain.permalink == "no-frontmatter"
    assert plain.links == ["Somewhere Else"]
    assert not plain.has_frontmatter
    # no `modified`: the file's mtime stands in
    assert plain.modified == dt.datetime(2023, 11, 14, 22, 13, 20)


def test_important_flag_variants():
    for fm in ("important: true", "important: yes", "tags: [pinned]", "tags: Important, x"):
        note = parse_note("a.md", f"---\ntitle: A\n{fm}\n---\nbody\n".encode())
        assert isinstance(note, Note) and note.important, fm
    note = parse_note("a.md", b"---\ntitle: A\nimportant: false\n---\nbody\n")
    assert isinstance(note, Note) and not note.important


def test_unicode_titles_and_permalinks():
    note = parse_note("Notes/Café Überblick.md", "# Überblick\n\nÄÖÜ 日本語 ✓\n".encode())
    assert isinstance(note, Note)
    assert note.title == "Café Überblick"
    assert note.permalink == "notes/café-überblick"
    assert permalink_for_path("engineering/Deploy_Runbook v2.md") == "engineering/deploy-runbook-v2"


def test_parse_tags_forms():
    assert parse_tags("a, b c,#d") == ["a", "b", "c", "d"]
    assert parse_tags(["x", "#y", "x"]) == ["x", "y"]
    assert parse_tags(None) == []
    assert parse_tags(7) == ["7"]


def problem(raw: bytes) -> str:
    result = parse_note("bad.md", raw)
    assert isinstance(result, NoteProblem), result
    assert result.path == "bad.md"
    return result.error


def test_broken_yaml_is_a_problem():
    assert problem(b"---\ntitle: [unclosed\n---\nbody\n").startswith("invalid YAML frontmatter")
    assert "not a mapping" in problem(b"---\n- a\n- b\n---\nbody\n")


def test_binary_and_non_utf8_are_problems():
    assert "binary" in problem(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert "UTF-8" in problem("caf\xe9 latin-1 text".encode("latin-1"))


def test_huge_file_is_a_problem():
    assert "too large" in problem(b"a" * (MAX_NOTE_BYTES + 1))


def test_odd_yaml_scalars_do_not_crash():
    # a date-shaped value YAML cannot build raises ValueError inside the loader
    err = problem(b"---\ncreated: 2026-13-45\n---\nx\n")
    assert err.startswith("invalid YAML frontmatter")


def test_render_round_trip():
    note = parse_file("real_world.md")
    again = parse_note("x.md", render_note(note.metadata, note.body).encode())
    assert isinstance(again, Note)
    assert (again.title, again.tags, again.permalink) == (note.title, note.tags, note.permalink)
    assert again.observations == note.observations
    assert again.relations == note.relations


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=2048))
def test_parsing_never_raises_on_arbitrary_bytes(raw: bytes):
    result = parse_note("fuzz.md", raw)
    assert isinstance(result, Note | NoteProblem)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=400))
def test_parsing_never_raises_on_frontmatter_shaped_text(text: str):
    result = parse_note("fuzz.md", f"---\n{text}\n---\n{text}".encode("utf-8", "surrogatepass"))
    assert isinstance(result, Note | NoteProblem)


def test_frontmatter_read_by_libyaml_as_by_the_pure_parser():
    """libyaml scans frontmatter (the pure-Python scanner was most of reading 100k notes);
    every value is what the pure parser gives, and a bad block keeps its message."""
    import yaml

    from review_app.core import notes as notes_module

    if not yaml.__with_libyaml__:
        import pytest

        pytest.skip("PyYAML built without libyaml")
    assert notes_module._LOADER is not notes_module._BoundedLoader
    roots = [DATA, Path(notes_module.__file__).parent.parent / "demo" / "kb",
             Path(__file__).parent / "data" / "hard_kb"]
    blocks = 0
    for root in roots:
        for path in sorted(root.rglob("*.md")):
            text = path.read_text(encoding="utf-8", errors="replace").strip()
            if not text.startswith("---"):
                continue
            fm = text.split("---", 2)[1]
            try:
                pure = notes_module._load_with(notes_module._BoundedLoader, fm)
            except Exception as exc:  # noqa: BLE001 - both must fail alike
                pure = repr(exc)
            try:
                fast = notes_module.load_frontmatter_yaml(fm)
            except Exception as exc:  # noqa: BLE001
                fast = repr(exc)
            assert fast == pure, path
            blocks += 1
    assert blocks >= 60
    bad = parse_note("bad.md", b"---\ntitle: a\n b: c\n---\nbody\n")
    assert isinstance(bad, NoteProblem)
    assert "mapping values are not allowed here" in bad.error and "^" in bad.error


def test_a_parsed_note_holds_its_body_once():
    """A scan keeps every note parsed: the text is framed around the body, not a second
    copy of it (10 KB of 2.3 KB notes at 100k was 230 MB twice)."""
    import gc
    import tracemalloc

    body = "\n".join(f"Line {i} of a long body about replica lag and failover." for i in range(400))
    raw = f"---\ntitle: Long\ntype: note\n---\n\n{body}\n\n".encode()
    gc.collect()
    tracemalloc.start()
    try:
        note = parse_note("long.md", raw)
        held, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert isinstance(note, Note)
    assert note.text == raw.decode() and note.body == body
    assert held < 1.5 * len(body), held
    import dataclasses

    other = dataclasses.replace(note, body="changed")  # a body not inside the text
    assert other.text == raw.decode() and other.body == "changed"


def test_notes_share_their_frontmatter_keys_types_and_tags():
    """100k notes each holding its own copy of "permalink", "type: note" and its tags was
    tens of MB: equal short frontmatter strings are one object across notes."""
    text = "---\ntitle: {t}\ntype: meeting-notes\npermalink: {t}\ntags: [postgres-ops, infra]\n" \
           "status: in-review\n---\n\n# {t}\n\nBody.\n"
    a = parse_note("a.md", text.format(t="alpha-note").encode())
    b = parse_note("b.md", text.format(t="beta-note").encode())
    assert isinstance(a, Note) and isinstance(b, Note)
    for key_a, key_b in zip(a.metadata, b.metadata, strict=True):
        assert key_a == key_b and key_a is key_b
    assert a.metadata["status"] is b.metadata["status"] and a.type is b.type
    assert a.tags == b.tags == ["postgres-ops", "infra"]
    assert all(x is y for x, y in zip(a.tags, b.tags, strict=True))
    assert a.metadata["tags"][0] is b.metadata["tags"][0]
    assert a.metadata["title"] == "alpha-note" and a.metadata["permalink"] == "alpha-note"
