"""Issue 18, "every fact accounted for" (round 34): two prices in one unit, stated for
things no word of which is shared, are no older and newer value of one thing.
merge-CG's reader found "Toning sticks can be hired for £1 per class" lost, set over by
"Drop-in: £8 per class", and "New suspension spring: £18" set over by "Bench rate now
£52 an hour" because its section was gone from the newest. Domain: a tap dance school
(no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("tap/class-prices.md", fm("Tap class prices", "2025-09-01") + (
    "Prices at the Shuffle Step tap school.\n\n"
    "## Prices\n\n- Drop-in: £9 per class\n- Tap shoes can be borrowed for £2 per class\n"
    "- Ten-class card: £80\n\n"
    "## Shop and repairs\n\n- Practice boards: £25\n- Shoe repair: from £55\n"))

NEWER = note("tap/class-prices-2026.md", fm("Tap class prices 2026", "2026-02-01") + (
    "Prices at the Shuffle Step tap school from February.\n\n"
    "## Prices\n\n- Drop-in: £10 per class\n- Ten-class card: £90\n\n"
    "## Observations\n\n- [pricing] Shoe repairs now £30 an hour at the bench #prices\n"))


def test_a_price_of_another_thing_is_carried():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    assert entry(c, "Tap shoes can be borrowed for £2 per class").status == "carried"
    assert "Tap shoes can be borrowed for £2 per class" in c.text
    # a section the newest dropped: a price of boards is no older repair rate
    assert entry(c, "Practice boards: £25").status == "carried"
    assert "Practice boards: £25" in c.text
    # the same thing's older price is still replaced, in words shared or in its label
    assert entry(c, "Shoe repair: from £55").status == "superseded"
    assert entry(c, "Drop-in: £9 per class").status == "superseded"
    assert "£9 per class" not in c.text and "£80" not in c.text
    check_ledger(c)
