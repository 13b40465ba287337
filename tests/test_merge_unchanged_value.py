"""Issue 18, "every current fact stated" (round 26, alone_facts): a newest sentence
saying a thing holds unchanged ("Agent commission is unchanged.") without its value
leaves the older unit's value current. It had been held back as a rewrite without the
value, and the 15% lost (merge-BB g11); it is now carried. Domain: a plant nursery (no
other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_a_value_the_newest_says_is_unchanged_is_written():  # failed before
    older = note("nursery/trade-terms.md", fm("Trade terms", "2025-01-10") + (
        "## Terms\n\n- Trade buyers get a 12% trade discount on list prices.\n"
        "- Deliveries within 20 miles are free.\n"))
    newer = note("nursery/trade-terms-2026.md", fm("Trade terms 2026", "2026-02-01") + (
        "## Terms\n\nDeliveries within 25 miles are now free. The trade discount is "
        "unchanged.\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Trade buyers get a 12% trade discount")
    assert e.status == "carried", e
    assert "12% trade discount on list prices" in c.text and "20 miles" not in c.text
    check_ledger(c)
