"""How often a thing is done, however it is said (issue 18: nothing stale stated as
current; thing_values.py): "twice a week", "once per month" and "3 times a day" are
intervals as "every Monday" and "weekly" are; "weekly", "every week" and "once a week"
are one interval, and "every Friday" is once a week on a named day, no other interval;
"on the 1st of each month" says how often, as "every quarter" does. merge-BY g08 kept
"prices are reviewed every Monday morning" under "now reviews prices twice a week";
merge-CA g07 "Gate code changes on the 1st of each month" under "now changes every
quarter". Domain: a jet ski hire, which no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.thing_values import other_value, thing_values
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def _every(text: str):
    return next(tv for tv in thing_values(text, ENGLISH) if tv.unit == "every")


def test_intervals_read_in_words() -> None:  # failed before
    assert _every("Life jackets are inspected twice a week.").value == "2/week"
    assert _every("Life jackets are inspected 3 times a day.").value == "3/day"
    weekly = {_every(f"Life jackets are inspected {w}.").value
              for w in ("weekly", "every week", "once a week")}
    assert weekly == {"1/week"}
    assert _every("The kill cords are replaced on the 1st of each month.").value == "1st month"


def test_a_named_day_is_no_other_interval_than_once_a_week() -> None:  # failed before
    friday = _every("Fuel is checked every Friday.")
    once = _every("Fuel is checked once a week.")
    twice = _every("Fuel is checked twice a week.")
    assert not other_value(friday, once, ENGLISH)
    assert other_value(friday, twice, ENGLISH)


def test_an_older_interval_goes_under_the_newest_one() -> None:  # (passed before too)
    older = dated("jet-ski-hire/checks.md", "Safety checks", "safety-checks",
                  "## Checks\n"
                  "- Life jackets are inspected every Monday morning.\n"
                  "- The kill cords are replaced on the 1st of each month.\n"
                  "- Fuel is checked every Friday by the duty mechanic.\n",
                  modified="2025-04-01")
    newest = dated("jet-ski-hire/checks-2025.md", "Safety checks 2025", "safety-checks-2025",
                   "## Checks\n"
                   "- Life jackets are now inspected twice a week.\n"
                   "- The kill cords are now replaced every quarter.\n"
                   "- Fuel is checked once a week.\n",
                   modified="2025-08-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "inspected every Monday").status == "superseded"
    assert entry(composed, "on the 1st of each month").status != "carried"
    assert "every Monday morning" not in composed.text
    assert "1st of each month" not in composed.text
    assert entry(composed, "Fuel is checked every Friday").status != "superseded"
    check_ledger(composed)


def test_two_days_a_week_and_twice_weekly() -> None:  # a review's repros
    assert _every("We clean the brushes twice weekly.").value == "2/week"
    two_days = _every("Fuel is checked every Monday and Thursday.")
    assert other_value(two_days, _every("Fuel is checked once a week."), ENGLISH)
    # spans in two units of time are not compared: a day's hours are no week's days
    day = next(tv for tv in thing_values("The gym is open 24 hours.", ENGLISH))
    week = next(tv for tv in thing_values("The gym is open 7 days.", ENGLISH))
    assert not other_value(day, week, ENGLISH)
