"""Issue 18, "every current fact stated" (round 26, pass_verdicts): two "Label: value"
lines whose labels name two things ("Accommodation booking fee: £45" / "Registration
fee: £75": neither label's words all in the other's) are no two values of one thing,
though both are a fee and their money frames meet. The older fee was superseded by
the newest's registration fee and lost (merge-BB g11). A label the newest gives
another value under is still replaced. Domain: a pet shop (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("pets/grooming-fees.md", fm("Grooming fees (draft)", "2025-01-10") + (
    "## Fees\n\n- Nail clipping fee: £8 per pet\n- Registration fee: £15 (once)\n"
    "- Small dog wash: £25\n"))
NEWER = note("pets/grooming-fees-2026.md", fm("Grooming fees", "2026-02-01") + (
    "## Fees\n\n- Registration fee: £18 (once)\n- Small dog wash: £28\n"
    "- Large dog wash: £40\n"))


def test_a_fee_under_another_label_is_no_other_value():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Nail clipping fee: £8")
    assert e.status == "carried", e
    assert "Nail clipping fee: £8 per pet" in c.text
    assert "£15" not in c.text and "£25" not in c.text
    check_ledger(c)
