"""An older table no block of the newest is the newer version of is not written whole
beside what the newest says of the same things in another form (issue 18, item 3):
its rows nothing in the newest settled are held back ("carry?") with their table,
and flipped to carry they come back with their header as one block. Domain no other
test uses: a paintball arena's marshal pay."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

OLDER = note("paintball/marshal-pay.md", fm("Paintball arena marshal pay", "2024-01-10") + (
    "Pay for the field marshals.\n\n## Pay grid\n\n"
    "| Qualification | Hourly rate |\n|---|---|\n"
    "| Safety card holder | €14.50 |\n| First aid holder | €17.00 |\n"
    "\n## Payment\n\n- Paid monthly by bank transfer.\n"))
NEWER = note("paintball/marshal-pay-v3.md", fm("Paintball arena marshal pay v3",
                                               "2025-02-01") + (
    "Pay for the field marshals from March 2025.\n\n## Rates\n\n"
    "- Level 1: base €15.20, senior €16.00\n- Level 2: base €17.60, senior €18.60\n"
    "\n## Payment\n\n- Paid monthly by bank transfer.\n"))


def test_an_older_table_the_newest_has_no_version_of_is_held_not_written_whole() -> None:
    c = compose("merge", NEWER, [OLDER], now=NOW)
    assert "| Qualification | Hourly rate |" not in c.text
    assert "€14.50" not in c.text and "€17.00" not in c.text
    e = entry(c, "Safety card holder")
    assert e.status == "dropped" and e.held and e.flips == ("carry", "drop")
    assert e.block == "table under 'Pay grid'"
    check_ledger(c)


def test_held_rows_flipped_to_carry_are_written_with_their_header() -> None:
    c = compose("merge", NEWER, [OLDER], now=NOW)
    keys = {entry(c, t).key: "carry" for t in ("Safety card holder", "First aid holder")}
    carried = compose("merge", NEWER, [OLDER], now=NOW, choices=keys)
    table = ("| Qualification | Hourly rate |\n|---|---|\n"
             "| Safety card holder | €14.50 |\n| First aid holder | €17.00 |")
    assert table in carried.text
    check_ledger(carried)
