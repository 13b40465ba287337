"""Issue 18, "every fact once" (round 32, facts._in_ranges): a value is a fact
whatever its spelling, and a time said in words ends a range on the clock a reader
reads: "from nine until half past five" is 9:00 to 17:30, as "9am to 5.30pm" and
"09:00-17:30" are. Read on the 12-hour clock alone, "half past five" was 5:30, so an
older "Doors: 9am to 5.30pm" seemed to give the newest's hours another value (and,
where its section stayed, a fact the newest lacked, written beside it: merge-BY's office
hours).
Domain: a soup kitchen (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.facts import facts_of

NOW = dt.datetime(2026, 12, 1, 9, 0)


def _times(text: str) -> set[str]:
    return {v for v in facts_of(text, ENGLISH, all_names=True).values
            if v.startswith("n:") and ":" in v[2:]}


def test_one_range_of_times_in_three_spellings():
    assert _times("Open from nine until half past five.") == {"n:9:00", "n:17:30"}
    assert _times("Open 9am to 5.30pm.") == {"n:9:00", "n:17:30"}
    assert _times("Open 09:00-17:30.") == {"n:9:00", "n:17:30"}
    assert _times("Closes at half past five.") == {"n:5:30"}  # no range: as before
    assert _times("Allow two to three weeks.") == set()  # a count, not times


def test_an_older_line_saying_the_newest_hours_another_way_is_not_written_again():
    older = fm("Soup kitchen volunteer info", "2025-02-01") + (
        "## Hours\n\n- Doors: 9am to 5.30pm, Monday to Friday\n")
    newer = fm("Soup kitchen volunteers 2026", "2026-02-01") + (
        "## When we are open\n\nWe are open Monday to Friday from nine until half past five.\n")
    c = merged(note("kitchen/volunteers-2026.md", newer), note("kitchen/volunteers.md", older),
               now=NOW)
    assert "5.30pm" not in c.text
    e = entry(c, "Doors: 9am")  # failed before: "superseded", another value
    assert e.status == "present" and "with its numbers" in e.why, e


def test_what_a_review_found_the_range_rule_misread():
    """Noon and midnight keep their hours, a range across midnight is not moved to the
    afternoon, a price or a count before "until" opens no range, and a clock in digits
    ends a range as one in words does."""
    assert _times("Open from noon until midnight.") == {"n:12:00", "n:0:00"}
    assert _times("The late bar runs 9pm until half past one.") == {"n:21:00", "n:1:30"}
    assert _times("A day pass is £10.50 until quarter to nine.") == {"n:8:45"}
    assert _times("Group one until half past ten.") == {"n:10:30"}
    assert _times("Open 9am to 5:30.") == {"n:9:00", "n:17:30"}
