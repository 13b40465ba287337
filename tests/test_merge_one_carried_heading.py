"""Issue 18, "a merged note reads as one note" (round 34): two older versions' sections on
one topic, neither of which the newest has, are written as one section under the newer
version's heading. merge-CG's reader found "## Repairs" and, right under it, "## Parts
and repairs" holding one line. Domain: an MOT test centre (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note, section_of

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

FIRST = note("mot/garage-prices.md", fm("Garage prices", "2025-03-01") + (
    "Prices at Lindley MOT Centre.\n\n## Tests\n\n- Class 4 MOT: £50\n\n"
    "## Parts and repairs\n\n- Wiper blades fitted: £18 a pair\n"))

SECOND = note("mot/garage-prices-autumn.md", fm("Garage prices (autumn)", "2025-09-01") + (
    "Prices at Lindley MOT Centre this autumn.\n\n## Tests\n\n- Class 4 MOT: £54.85\n\n"
    "## Repairs\n\n- Headlamp bulb replaced: £12 plus the bulb\n"
    "- Brake fluid change: £45\n"))

NEWEST = note("mot/mot-prices-2026.md", fm("MOT prices 2026", "2026-02-01") + (
    "Prices at Lindley MOT Centre from February.\n\n## Tests\n\n- Class 4 MOT: £54.85\n"
    "- Class 7 MOT (vans up to 3,500 kg): £58.60\n\n"
    "## Booking\n\nBook online or call 01484 555 210; retests within 10 working days are free.\n"))


def test_two_older_sections_on_one_topic_are_one_section():  # failed before
    c = compose("merge", NEWEST, [SECOND, FIRST], now=NOW)
    for line in ("Headlamp bulb replaced", "Brake fluid change", "Wiper blades fitted"):
        assert entry(c, line).status == "carried", line
        assert section_of(c.text, line) == "## Repairs", line
    assert "## Parts and repairs" not in c.text
    assert c.text.count("## Repairs") == 1
    check_ledger(c)
