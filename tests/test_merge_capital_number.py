"""A number after a sentence's opening capital is no name: "Arrive 90 minutes before the
first start" read "Arrive 90" as a named number, like "Room 2", so the line stayed carried
as "a fact the newest lacks: 90" while its own note's observation of the same arrival time
was superseded by the newest's "2 hours before" (merge-EK, a blind reader: "contradicts
the newer timing"). Where the replaced observation gives the number as a plain value, the
line restates the value the newest replaced (pass_observed). A number both name ("Room
2") still counts as a name. Domain: a triathlon club's race day."""

from __future__ import annotations

from helpers_merge import check_ledger, dated, entry

from review_app.core.merging import compose

OLDER = """## On the day

- Arrive 90 minutes before the first start.
- Put the transition racks up by the lake car park.

## Observations
- [timing] Marshals arrive 90 minutes before first start #raceday
"""
NEWEST = """Race day for marshals of the Lakeside triathlon.

| Task | When |
|---|---|
| Marshals on site | 2 hours before first start |
| Briefing | 1 hour before first start |

## Observations
- [timing] Marshals on site 2 hours before first start #raceday
"""


def _merged(older: str = OLDER):
    old = dated("tri/race-day.md", "Race day", "tri/race-day", older, modified="2024-05-01")
    new = dated("tri/marshal-race-day.md", "Marshal race day", "tri/marshal-race-day",
                NEWEST, modified="2025-05-01")
    return compose("merge", new, [old], kept=new)


def test_a_line_restating_its_observations_replaced_time_is_superseded():
    """Failed before: carried, "a fact the newest lacks: 90"."""
    out = _merged()
    line = entry(out, "Arrive 90 minutes before")
    assert line.status == "superseded", line.why
    assert "2 hours before first start" in (line.by_text or "")
    assert "Arrive 90 minutes" not in out.text
    check_ledger(out)


def test_a_line_the_newest_does_not_speak_of_is_still_carried():
    """A guard (passes before too)."""
    out = _merged()
    assert entry(out, "transition racks").status == "carried"


def test_a_number_both_name_is_still_a_name():
    """A guard (passes before too): "Rack 4" names a rack in the line and in its
    observation; the newest giving another start time does not make it an old value."""
    older = OLDER.replace("- Put the transition racks up by the lake car park.",
                          "- Rack 4 is kept for the para-triathletes.").replace(
        "- [timing] Marshals arrive 90 minutes before first start #raceday",
        "- [timing] Marshals arrive 90 minutes before first start #raceday\n"
        "- [kit] Rack 4 kept for para-triathletes, set up 90 minutes before #raceday")
    out = _merged(older)
    assert entry(out, "Rack 4 is kept").status == "carried"
