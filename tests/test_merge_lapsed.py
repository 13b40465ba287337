"""What an older note held until a day now past is over, and a day it booked is past
(issue 18: nothing stale stated as current; past_events): "The old number diverts until
the end of April, then stops." in a March note is not written into an August one
(merge-BG g02), and "Tasting booked for 20 April" is an event over by June (merge-BG
g11: "for 20" had been read as a month and a day, so no date was found). "After 30
April" is a deadline that comes back, not a past event. Domains: a tack shop and a
guest house, which no other test uses."""

from __future__ import annotations

import datetime as dt

from review_app.core.merge.past_events import _dates
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_a_day_and_month_after_another_number_is_read() -> None:  # failed before
    assert _dates("Tasting booked for 20 April", dt.date(2024, 1, 5)) == [dt.date(2024, 4, 20)]


def test_a_state_held_until_a_past_day_is_not_carried() -> None:  # failed before
    older = dated("tack-shop/contacts-march.md", "Tack shop contacts (March)",
                  "tack-shop-contacts-march",
                  "## Phones\n- Shop mobile: 07700 900 318\n"
                  "- The old landline diverts until the end of April, then stops.\n"
                  "- Saddle fitter: Ruth Ames, Tuesdays only\n",
                  modified="2024-03-15")
    newest = dated("tack-shop/contacts-august.md", "Tack shop contacts (August)",
                   "tack-shop-contacts-august",
                   "## Phones\n- Shop mobile: 07700 900 318\n",
                   modified="2024-08-06")
    composed = compose("merge", newest, [older])
    assert entry(composed, "The old landline diverts").status == "dropped"
    assert "diverts until" not in composed.text
    assert "Saddle fitter: Ruth Ames" in composed.text
    check_ledger(composed)


def test_a_booked_day_now_past_is_not_carried_but_a_deadline_is() -> None:  # failed before
    older = dated("guest-house/season-plan.md", "Season plan", "guest-house-season-plan",
                  "## Jobs\n- Boiler service booked for 20 April\n"
                  "- Rooms not paid in full are released after 30 April\n",
                  modified="2024-01-10", created="2024-01-05")
    newest = dated("guest-house/season-plan-june.md", "Season plan (June)",
                   "guest-house-season-plan-june",
                   "## Jobs\n- Window cleaner every second Friday\n",
                   modified="2024-06-21")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Boiler service booked").status == "dropped"
    assert "Boiler service booked" not in composed.text
    assert "released after 30 April" in composed.text
    check_ledger(composed)
