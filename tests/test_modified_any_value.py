"""`modified:` is the apply's date on every write, whatever the value it held: a
member's "March 5, 2026" (no ISO date) was copied into a kept file that had none and
left as it was, so basic-memory read the note written today as written in March (a
fuzzing pass). Domain: a bike shed."""

from __future__ import annotations

import datetime as dt

from review_app.core.frontmatter_edit import refresh_modified, split_frontmatter
from review_app.core.merging import compose
from tests.helpers_merge import note

NOW = dt.datetime(2026, 12, 7, 9, 30, 5)


def test_a_modified_value_no_parser_reads_is_written_anew():
    assert refresh_modified('title: x\nmodified: "March 5, 2026"\n', NOW) == \
        "title: x\nmodified: 2026-12-07T09:30:05\n"
    assert refresh_modified("title: x\nmodified: 2025-01-02\n", NOW) == \
        "title: x\nmodified: 2026-12-07\n"  # an ISO value keeps its style
    block = "title: x\nmodified:\n  - a\n"
    assert refresh_modified(block, NOW) == block  # a block is no date to refresh


def test_a_kept_file_without_modified_gets_the_apply_date_not_a_members_words():
    kept = note("home/bike-storage.md", "---\ntitle: Bike storage\ncreated: 2025-05-01\n---\n\n"
                "# Bike storage\n\nThe bikes live in the shed on the wall hooks.\n")
    base = note("home/bike-storage-notes.md",
                '---\ntitle: Bike storage notes\ncreated: 2026-03-04\nmodified: "March 5, 2026"'
                "\n---\n\n# Bike storage notes\n\nThe bikes live in the shed on the wall hooks."
                " A spare key is with Ann.\n")
    c = compose("merge", base, [kept], kept=kept, now=NOW)
    head = split_frontmatter(c.text)[0]
    assert "modified: 2026-12-07T09:30:05" in head and "March" not in head, head
