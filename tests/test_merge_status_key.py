"""Issue 18, "a status change" (round 30, pass_one_valued.one_status): with no status
line in its body, the newest's `status:` key is its status (the kept file's frontmatter
says it). An older "Status: open." carried into the body contradicted `status: closed`
(merge-BR: "Status: open. SecureGate have visited twice." after "the fault is
closed"). Dropped, naming the key, with its flip. Domain: a hat shop (no other test
uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Hat shop steamer fault", "2025-03-01", "status: open\n") + (
    "## Fault\n\nThe block steamer trips the fuse.\n\nStatus: open.\n\n"
    "## Done\n\n- [x] Owner approved the repair\n\n"
    "## Contact\n\nRepairs by Millinery Supplies Ltd, 0161 496 0555.\n")

NEWER = fm("Hat shop steamer fault (fixed)", "2025-06-01", "status: closed\n") + (
    "## Fault\n\nThe block steamer was rewired in May and the fault is fixed.\n")


def test_an_older_status_line_against_the_newest_status_key_is_dropped():
    c = compose("merge", note("hats/steamer-fixed.md", NEWER),
                [note("hats/steamer.md", OLDER)], now=NOW)
    e = entry(c, "Status: open.")
    assert e.status == "dropped" and "closed" in e.why and "carry" in e.flips, e
    assert "Status: open." not in c.text  # failed before: carried into the body
    assert "0161 496 0555" in c.text  # a fact of its own still carried
    assert "Owner approved the repair" in c.text  # a step done, no status line
    assert "status: closed" in c.text  # the kept frontmatter
    check_ledger(c)
