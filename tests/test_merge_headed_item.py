"""Issue 18 REPEAT (m22f): an older list item "Label: what it says" whose label is a
newest section's heading, and which that section's text says again, is present, not
carried beside it ("- Sound generators: loaned for a 6-week trial, then bought at cost
if helpful." above "## Sound generators" / "Loaned for a 6-week trial; ...", dev
merge-AK g13): a section is its heading and its text. A labelled item the section says
otherwise is still carried. Domain: a window cleaning round (no other test uses it); real
parser, real model. The first test failed before older_only._headed."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 7, 1, 12, 0, 0)

OLDER = note("rounds/round-policies.md", fm("Round policies", "2025-05-01") + (
    "How the window cleaning round takes bookings.\n\n## Decisions\n"
    "- Water-fed poles: lent for a 2-week trial, then bought at cost if helpful.\n"
    "- Conservatory roofs: free on the first visit, then part of every full clean.\n"))

NEWER = note("rounds/round-policies-2026.md", fm("Round policies (2026)", "2026-05-01") + (
    "How the window cleaning round takes bookings.\n\n## Booking\n"
    "Full cleans are booked online; one-off visits only for shop fronts.\n\n"
    "## Water-fed poles\n"
    "Lent for a 2-week trial; if the customer finds them helpful, they can buy them at cost.\n"))


def test_an_item_the_section_of_its_label_says_is_present():
    c = merged(NEWER, OLDER, now=NOW)
    e = entry(c, "Water-fed poles: lent for a 2-week trial")
    assert e.status == "present", e
    assert "- Water-fed poles:" not in c.text


def test_an_item_no_section_of_its_label_says_is_carried():
    c = merged(NEWER, OLDER, now=NOW)
    assert entry(c, "Conservatory roofs: free on the first").status == "carried"
