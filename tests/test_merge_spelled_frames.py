"""Issue 18, "newer values replacing older ones" (round 26, facts.value_frames): a
number spelled out before its unit ("two weeks before the show") is a value there as
it is in the unit's facts, so what it measures is read around it. Without it, "Balance
due two weeks before the show" had no frame and was carried beside the newest's
"Balance of £900 due by 7 June" (merge-BB g09). The frame test fails before the
change; the end-to-end note is not written on either (another pass reaches it here).
Domain: a garden centre (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.facts import value_frames
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_a_spelled_number_before_its_unit_has_a_frame():
    assert "<balanc" in value_frames("Balance due two weeks before the fair.", ENGLISH) \
        or "<balance" in value_frames("Balance due two weeks before the fair.", ENGLISH)
    assert value_frames("We have two dogs.", ENGLISH) == set()


def test_a_deadline_given_anew_as_a_date_is_not_written_beside_it():
    older = note("garden/plant-fair.md", fm("Plant fair", "2025-01-10") + (
        "The spring plant fair at Greenhill garden centre.\n\n## Money\n\n"
        "- Deposit: £40 when booking\n- Balance due two weeks before the fair\n"))
    newer = note("garden/plant-fair-2026.md", fm("Plant fair 2026", "2026-02-01") + (
        "The spring plant fair at Greenhill garden centre.\n\n## Money\n\n"
        "- Deposit: £40 when booking\n- Balance of £120 due by 7 June\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Balance due two weeks")
    assert e.status != "carried", e
    assert "two weeks before the fair" not in c.text and "due by 7 June" in c.text
    check_ledger(c)
