"""Issue 18, "every fact accounted for" (round 30, pass_blocks._hold_rows): an older
table no newest block is the newer version of was held back row by row, lest it state
a second grid beside the newest's rates given in another form. A table most of whose
rows are on things nothing in the newest speaks of is no second grid: merge-BR lost a
dairy's "Quality targets" table (Bactoscan, SCC, butterfat) under an update note that
only names SCC once. Such rows are carried with their header; a grid the newest gives
again as a list stays held back. Domain: a bus company (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Bus depot standards", "2025-03-01") + (
    "## Fleet\n\nThe depot runs 42 buses on 9 routes.\n\n"
    "## Cleaning standards\n\n"
    "| Check | Standard |\n|---|---|\n"
    "| Interior sweep | every night |\n"
    "| Window wash | twice a week |\n"
    "| Seat fabric shampoo | every 6 weeks |\n\n"
    "## Fares\n\n"
    "| Ticket | Price |\n|---|---|\n"
    "| Single | £2.00 |\n| Day rider | £5.50 |\n")

NEWER = fm("Bus depot update 2026", "2026-02-01") + (
    "## Fleet\n\nThe depot now runs 45 buses on 10 routes. The window wash moved to "
    "the new bay.\n\n"
    "## Fares\n\n- Single: £2.20\n- Day rider: £6.00\n- Weekly: £22.00\n")


def test_a_table_on_things_the_newest_never_speaks_of_is_carried_with_its_header():
    c = compose("merge", note("bus/depot-2026.md", NEWER), [note("bus/depot.md", OLDER)],
                now=NOW)
    row = entry(c, "| Seat fabric shampoo | every 6 weeks |")
    assert row.status == "carried", row  # failed before: held back with its table
    assert "| Check | Standard |" in c.text and "| Interior sweep | every night |" in c.text
    assert "£2.00" not in c.text and "£5.50" not in c.text  # the old fares stay out
    check_ledger(c)
