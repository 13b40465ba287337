"""Issue 18, "newer values replacing older ones" in a v1/v2/v3 chain (round 30,
pass_standing): a middle version's "Decision 5 unchanged for now." said v1's item 5
still stood; the newest's renumbered list then gave the same rule another value as its
item 3. The newest is the latest word: v1's item stays superseded by it, however the
newest numbers its list (merge-BQ wrote "3. Takeout orders stop 30 minutes before
close." and "5. Takeout orders stop 45 minutes before close." in one list).
Domain: a cidery (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

V1 = fm("Cidery taproom decisions January", "2026-01-15") + (
    "## Decisions\n"
    "1. Open the taproom on Fridays and Saturdays only.\n"
    "2. Flights are four ciders of a third of a pint.\n"
    "3. Bottles for takeaway come from Glassworks Direct.\n"
    "4. No under-18s after 8 pm.\n"
    "5. Last orders 45 minutes before close.\n")

V2 = fm("Cidery taproom review February", "2026-02-20") + (
    "## Changes to the January list\n"
    "- Decision 1 revised: we also open on Thursdays from March.\n"
    "- Decision 4 stands.\n"
    "- Decision 5 unchanged for now.\n")

V3 = fm("Cidery taproom current decisions", "2026-04-03") + (
    "## Decisions in force\n"
    "1. The taproom opens Thursday to Saturday.\n"
    "2. Flights are five ciders of a third of a pint.\n"
    "3. Last orders 30 minutes before close.\n")


def test_a_middle_versions_unchanged_does_not_outvote_the_newest_value():
    c = compose("merge", note("cidery/current.md", V3),
                [note("cidery/review-feb.md", V2), note("cidery/decisions-jan.md", V1)],
                now=NOW)
    old = entry(c, "5. Last orders 45 minutes before close.")
    assert old.status == "superseded", old  # failed before: carried as still standing
    assert "45 minutes" not in c.text
    assert "3. Last orders 30 minutes before close." in c.text
    assert "No under-18s after 8 pm." in c.text  # decision 4 still stands
    check_ledger(c)
