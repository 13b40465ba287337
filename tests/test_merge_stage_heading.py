"""Issue 18, "newer values replacing older ones" (round 26, pass_one_valued.
earlier_stage): a unit under a heading that names an earlier stage ("## Proposed dates",
"## Draft notes") speaks of that stage as a unit saying so itself does. Under a newest
whose status closes the stages, a draft's "Count 1: Thursday 6 June" under "## Proposed
dates" was written into the final season summary as still to come (merge-BC g02).
Domain: a soap maker (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_items_under_a_proposed_heading_are_over_once_final():  # failed before
    draft = note("soap/market-plan.md", fm("Christmas market plan", "2025-09-01") + (
        "Status: draft, awaiting the committee.\n\n## Proposed dates\n\n"
        "- First market: Saturday 29 November\n- Second market: Saturday 6 December\n\n"
        "## Contact\n\nPitch bookings go to Ruth Hale, 07700 900612.\n"))
    final = note("soap/market-final.md", fm("Christmas market summary", "2026-01-10") + (
        "Status: final, approved by the committee in December.\n\n## Results\n\n"
        "We sold 325 bars over the two Saturdays, most of them lavender.\n"))
    c = compose("merge", final, [draft], now=NOW)
    e = entry(c, "Second market: Saturday 6 December")
    assert e.status in ("superseded", "dropped"), e
    assert "6 December" not in c.text and "Proposed dates" not in c.text
    assert "07700 900612" in c.text  # what no stage closes is still written
    check_ledger(c)
