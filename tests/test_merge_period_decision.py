"""Issue 18, "no stale or superseded line stated as current" (round 29, other_value.
framed_period): an older intro sentence placing its note in an earlier year than the
newest's title ("Fees for the 2023 season, as agreed at last year's AGM." under
"Membership Fees 2024 (Agreed at AGM)", merge-BP) was carried: its own decision form
and the AGM the newest names only in its title counted as facts the newest lacks.
Domain: a fabric shop (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_an_older_years_framing_agreed_at_a_meeting_is_not_carried():  # failed before
    older = note("fabric/prices-2023.md", fm("Fabric prices 2023", "2023-02-10") + (
        "What we charge at the cutting table.\n\n"
        "Cutting prices for the 2023 season, as agreed at last year's AGM.\n\n"
        "## Prices\n\n- Cotton poplin: £9 per metre\n- Linen: £18 per metre\n\n"
        "Remnants under half a metre go in the basket by the door.\n"))
    newer = note("fabric/prices-2024.md", fm("Fabric Prices 2024 (Agreed at AGM)",
                                             "2024-02-12") + (
        "Status: approved on 9 February 2024.\n\n"
        "## Prices\n\n- Cotton poplin: £10 per metre\n- Linen: £19 per metre\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Cutting prices for the 2023 season")
    assert e.status == "dropped" and "period" in e.why, e
    assert "2023 season" not in c.text
    assert "Remnants under half a metre go in the basket by the door." in c.text
    check_ledger(c)
