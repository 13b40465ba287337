"""Issue 18, "no stale line stated as current" (round 24): an older draft's settled
to-do ("- [x] Casting fee agreed at 12%") whose figures the newest states is done, and
what it settled is the newest's to say: reported present, not carried into an "Open
questions" section of the merged note (merge-AS g05, dev: "[x] Gold rate agreed at
3.5%" written under "Open questions"). A settled to-do giving a figure the newest lacks
is still carried. Domain: a sculpture foundry (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("foundry/commission-terms.md", fm("Commission terms (draft)", "2025-05-01") + (
    "Terms for bronze commissions at the Hollins foundry.\n\n## Terms\n\n"
    "The casting fee is 10% of the quote.\n\n## Open questions\n\n"
    "- [x] Casting fee agreed at 12%\n- [x] Patina samples kept for 6 months\n"))

NEWER = note("foundry/commission-terms-2026.md", fm("Commission terms", "2026-01-10") + (
    "Terms for bronze commissions at the Hollins foundry, as agreed in January.\n\n"
    "## Bronze work\n\n- Interest on late payment: 2% per month\n- Casting: 12% of the quote\n"
    "- Delivery within 40 miles is free\n"))


def test_a_settled_todo_the_newest_states_is_not_carried():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Casting fee agreed at 12%")
    assert e.status == "present", e
    assert "agreed at 12%" not in c.text
    assert "Patina samples kept for 6 months" in c.text  # a figure the newest lacks
    check_ledger(c)
