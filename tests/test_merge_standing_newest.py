"""Issue 18, "a decision list referenced by number" (round 31, pass_standing): the
newest says "D1 and D5 stand as agreed in March." and, elsewhere, "New trade accounts
under D5 are now approved by Ruth."; that sentence names D5 without giving any figure of
its kind, yet was taken for D5's other value, and "Trade customers get 10% off list" was
lost (merge-BU). Where the newest itself says an item stands, a newest line speaking of
it without such a figure does not change it. And an item two older versions both hold
(March's table row, January's list item) is written once, from the later version, when
that one says all the other says: D1 had been written twice.
Domain: a theatre company (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 12, 1, 9, 0)

JANUARY = fm("Theatre company ticketing decisions", "2025-01-10") + (
    "## Decisions\n\n"
    "1. D1 - Tickets are held for 20 minutes at the box office.\n"
    "2. D2 - Previews are half price.\n"
    "3. D3 - Group bookings of 10 or more get 15% off.\n")

MARCH = fm("Ticketing decisions, March review", "2025-03-14") + (
    "## Decisions\n\n"
    "| # | Decision | Change |\n|---|---|---|\n"
    "| D1 | Tickets are held for 20 minutes at the box office | unchanged |\n"
    "| D2 | Previews are 40% off | changed |\n"
    "| D3 | Group bookings of 10 or more get 15% off | unchanged |\n")

JUNE = fm("Ticketing decisions v3 (June)", "2025-06-20") + (
    "## Decisions\n\n"
    "- D2 - Previews are now £12 flat.\n"
    "- D1 and D3 stand as agreed in March.\n\n"
    "## People\n\n"
    "Group bookings under D3 are now handled by Marta.\n")


def test_an_item_the_newest_says_stands_is_written_once():
    c = merged(note("theatre/decisions-v3.md", JUNE), note("theatre/decisions-march.md", MARCH),
               note("theatre/decisions.md", JANUARY), now=NOW)
    assert c.text.count("Group bookings of 10 or more get 15% off") == 1  # failed before
    assert c.text.count("Tickets are held for 20 minutes") == 1  # written twice before
    row = entry(c, "| D3 | Group bookings")
    assert row.status == "carried", row
    item = entry(c, "3. D3 - Group bookings")
    assert item.status == "dropped" and "carry" in item.flips and "D3 | Group" in item.why, item
    assert "half price" not in c.text and "40% off" not in c.text
