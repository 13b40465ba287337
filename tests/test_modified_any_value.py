"""`modified:` is the apply's date on every write, whatever the value it held: a
member's "March 5, 2026" (no ISO date) was copied into a kept file that had none and
left as it was, so basic-memory read the note written today as written in March (a
fuzzing pass). A kept file dated only by `updated:` or `created:` kept a member's older day
the same way, so the next scan took another version as newer than the note written today
(a second fuzzing pass). Domain: a bike shed."""

from __future__ import annotations

import datetime as dt

from review_app.core.dating import stated_date
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


def test_the_key_that_dates_the_note_is_the_one_refreshed():
    assert refresh_modified("title: x\nupdated: 2025-01-02T08:00\n", NOW) == \
        "title: x\nupdated: 2026-12-07T09:30\n"  # no `modified:`: `updated:` dates it
    both = "title: x\nmodified: 2025-01-02\nupdated: 2025-03-01\n"
    assert refresh_modified(both, NOW) == "title: x\nmodified: 2026-12-07\nupdated: 2025-03-01\n"
    assert refresh_modified("---\ntitle: x\ncreated: 2025-01-02\ntags: [a]\n---\n", NOW) == \
        "---\ntitle: x\ncreated: 2025-01-02\ntags: [a]\nmodified: 2026-12-07\n---\n"
    assert refresh_modified("title: x\n", NOW) == "title: x\nmodified: 2026-12-07T09:30:05\n"
    block = "title: x\nmodified:\n  - a\n"
    assert refresh_modified(block, NOW) == block  # never a second `modified:` key
    assert refresh_modified("title: x\nmodified:\n", NOW) == \
        "title: x\nmodified: 2026-12-07T09:30:05\n"


def test_a_date_edit_never_changes_another_key():
    """An adversarial review's cases: each was written wrongly or left on the old day."""
    own_line = "---\ncreated:\n  2024-02-01\ntags: [home]\n---\n"  # value on its own line
    assert refresh_modified(own_line, NOW) == \
        "---\ncreated:\n  2024-02-01\ntags: [home]\nmodified: 2026-12-07\n---\n"
    revisions = "---\ncreated: 2024-02-01\nupdated: [2025-03-01, 2025-05-01]\n---\n"
    assert refresh_modified(revisions, NOW) == (  # no date to refresh: `modified:` added
        "---\ncreated: 2024-02-01\nupdated: [2025-03-01, 2025-05-01]\nmodified: 2026-12-07\n---\n")
    quoted = '---\ncreated: 2024-02-01\n"modified": 2025-05-01\n---\n'
    assert refresh_modified(quoted, NOW) == quoted.replace("2025-05-01", "2026-12-07")
    crlf = "---\r\ntitle: x\r\ncreated: 2024-02-01\r\n---\r\n"
    assert refresh_modified(crlf, NOW) == \
        "---\r\ntitle: x\r\ncreated: 2024-02-01\r\nmodified: 2026-12-07\r\n---\r\n"


def _shed(path: str, title: str, dates: str, body: str):
    return note(path, f"---\ntitle: {title}\n{dates}---\n\n# {title}\n\n{body}\n")


def test_a_merge_of_notes_dated_by_updated_or_created_is_dated_today():
    for key in ("updated", "created"):
        kept = _shed("home/bike-shed.md", "Bike shed", f"{key}: 2025-05-01\n",
                     "The shed key hangs by the back door. The pump is on the left shelf.")
        base = _shed("home/bike-shed-notes.md", "Bike shed notes", f"{key}: 2026-03-04\n",
                     "The shed key hangs by the back door. The pump is now on the right shelf.")
        c = compose("merge", base, [kept], kept=kept, now=NOW)
        written = note(kept.path, c.text)
        assert stated_date(written) == dt.datetime(2026, 12, 7), (key, c.text)
        assert stated_date(written) > stated_date(base) and c.dated
        same = compose("merge", kept, [kept], kept=kept, now=NOW)
        assert same.text == kept.text and not same.dated  # nothing written: no new date
