"""A scan reads titles holding a run of thousands of digits ("Plan v111...1") without
crashing: `int` refuses such a run (title numbers, version stamps, natural order of
stamps), and one note's title must not stop a scan of the project. Domain: a tide mill
museum."""

from __future__ import annotations

from pathlib import Path

from review_app.core.stamps import version
from review_app.core.strategies.series import versions_of_one
from review_app.core.strategies.text import title_numbers

LONG = "1" * 4301


def test_title_readers_take_a_run_of_thousands_of_digits():
    """Failed before: ValueError (Exceeds the limit for integer string conversion)."""
    assert title_numbers(f"Mill log {LONG}") == frozenset({LONG})
    assert title_numbers("ADR-007 sluice gate") == frozenset({"7"})  # as before
    assert version(f"Mill log v{LONG}") is None
    assert version("Mill log v2") == (2,)
    assert versions_of_one(f"Mill log v{LONG}", "Mill log v2") == f"v2 and v{LONG}"


def test_a_scan_of_notes_titled_with_huge_numbers(tmp_path: Path, scan_project):
    """Failed before: the scan raised on the first such title."""
    kb = tmp_path / "kb" / "mill"
    kb.mkdir(parents=True)
    titles = [f"Mill log v{LONG}", "Mill log v2", f"Sluice report {LONG}", "Sluice report 3",
              "Wheel pit tours"]
    for i, title in enumerate(titles):
        (kb / f"n{i}.md").write_text(
            f"---\ntitle: \"{title}\"\nmodified: 2025-01-0{i + 1}\n---\n\n# {title}\n\n"
            f"The tide mill grinds on the ebb. Tours meet at the wheel pit at {i + 10}:00.\n",
            encoding="utf-8")
    res = scan_project(tmp_path / "kb", state_dir=tmp_path / "state")
    assert len(res.notes) == len(titles)
    assert not res.problems
