"""Frontmatter values no text can hold are reported, not a crash of the scan (a fuzzing
pass found each): half of a surrogate pair from a YAML escape (`title: "\\ud83d"`, which
the embedding model's tokenizer refuses), a number of thousands of digits (`title: 0xfff...`,
`tags: 0b111...`, which `str` refuses), and a date with a time zone at the edge of the
calendar (`created: 0001-01-01T00:00:00+05:00`, before year 1 in UTC: no date)."""

from __future__ import annotations

from pathlib import Path

import pytest

from review_app.core.dating import to_datetime
from review_app.core.notes import Note, NoteProblem, parse_note

HUGE = "0x" + "f" * 4000


@pytest.mark.parametrize("frontmatter,why", [
    ('title: "\\ud83d"', "half of a surrogate pair"),
    ('title: "Tide \\ud83d mill"', "half of a surrogate pair"),
    ('aliases: ["ok", "\\udc00"]', "half of a surrogate pair"),
    (f"title: {HUGE}", "thousands of digits"),
    (f"permalink: {HUGE}", "thousands of digits"),
    (f"type: {HUGE}", "thousands of digits"),
    (f"tags: {HUGE}", "thousands of digits"),
    ("title: 0b" + "1" * 15000, "thousands of digits"),
    ("extra:\n  nested: [" + HUGE + "]", "thousands of digits"),
])
def test_a_value_no_text_can_hold_is_a_problem_not_a_crash(frontmatter: str, why: str):
    """Failed before: a crash in the scan (TypeError in the tokenizer, ValueError in str)."""
    got = parse_note("mill/a.md", f"---\n{frontmatter}\n---\n\nThe wheel turns.\n".encode())
    assert isinstance(got, NoteProblem)
    assert why in got.error and "left untouched" in got.error


def test_ordinary_values_still_parse():
    """A guard (passes before too): a big but ordinary number, an emoji, a date."""
    got = parse_note("mill/a.md", "---\ntitle: Tide mill 😀\nvisitors: 123456789012345678901\n"
                                  "modified: 2025-03-01T10:00:00+01:00\n---\n\nText.\n".encode())
    assert isinstance(got, Note)
    assert got.title == "Tide mill 😀"
    assert got.modified.isoformat() == "2025-03-01T09:00:00"


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00"])
def test_a_date_its_time_zone_moves_off_the_calendar_is_no_date(value: str):
    """Failed before: OverflowError (date value out of range)."""
    assert to_datetime(value) is None
    got = parse_note("mill/a.md", f"---\ncreated: {value}\nmodified: {value}\n---\n\nText.\n"
                     .encode())
    assert isinstance(got, Note)  # dated by its file instead


def test_a_scan_reports_such_a_note_and_reads_the_rest(tmp_path: Path, scan_project):
    """Failed before: the scan raised."""
    kb = tmp_path / "kb"
    kb.mkdir()
    (kb / "bad.md").write_text('---\ntitle: "\\ud83d"\n---\n\nThe wheel turns.\n')
    (kb / "huge.md").write_text(f"---\ntitle: {HUGE}\n---\n\nThe wheel turns.\n")
    (kb / "good.md").write_text("---\ntitle: Tide mill tours\n---\n\nTours meet at the pit.\n")
    res = scan_project(kb, state_dir=tmp_path / "state")
    assert sorted(res.notes) == ["good.md"]
    assert sorted(p.path for p in res.problems) == ["bad.md", "huge.md"]
