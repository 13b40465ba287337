"""Issue 18, fourth round: what belongs to the older note's period and what the older
note says more fully. A day-and-month event of the older period, over before the newest
note was written, is not carried (dropped, with its flip); a dated record with a year
stays a fact. An older list item under the newest's label that says all the newest says
and names more is written in its place; a body rule about things the newest names is
carried when the newest does not say it. Domains: a scout troop, a letterpress print shop
(no other merge test uses them); each test fails on the engine before it."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)


AUTUMN = note("scouts/programme-autumn.md", fm("Troop programme", "2025-08-30",
                                               created="2025-08-28") + (
    "## Meetings\n\n- Tuesday: knots and lashings (ropes from the Harlow Scout Shop)\n"
    "- Friday: patrol games\n\n"
    "## Notes\n\n- Campfire night on 5 November: bring a mug.\n"
    "- Hall hire renewed at the council meeting of 12 September 2025.\n"
    "- Subs are collected every 1 September and 1 January.\n"))
SPRING = note("scouts/programme-spring.md", fm("Troop programme", "2026-01-06",
                                               created="2026-01-04") + (
    "## Meetings\n\n- Tuesday: knots and lashings\n- Friday: orienteering\n\n"
    "## Notes\n\n- Parents' evening is in March.\n"))


def test_an_event_of_the_older_period_is_not_carried_a_dated_record_is():
    c = compose("merge", SPRING, [AUTUMN], now=NOW)
    e = entry(c, "Campfire night on 5 November")
    assert e.status == "dropped" and "carry" in e.flips
    assert "Campfire night" not in c.text
    assert "council meeting of 12 September 2025" in c.text  # a record with its year
    assert "every 1 September and 1 January" in c.text  # it comes back every year


def test_an_older_item_that_names_more_under_the_same_label_is_written_in_its_place():
    c = compose("merge", SPRING, [AUTUMN], now=NOW)
    assert "- Tuesday: knots and lashings (ropes from the Harlow Scout Shop)" in c.text
    assert c.text.count("Tuesday:") == 1
    assert "- Friday: orienteering" in c.text and "patrol games" not in c.text


def test_a_body_rule_about_things_the_newest_names_is_carried_when_it_says_something_new():
    older = note("letterpress/press-room.md", fm("Press room rules", "2025-01-10",
                                                 created="2025-01-08") + (
        "Rules for the press room at Millbrook Letterpress.\n\n## Using Press B\n\n"
        "Book Press B on the Studio Board a day ahead.\n"
        "Food is never allowed near Press B; drinks only with a lid.\n"))
    newer = note("letterpress/press-room-2025.md", fm("Press room rules 2025", "2025-09-10",
                                                      created="2025-09-08") + (
        "Rules for the press room at Millbrook Letterpress.\n\n## Press B\n\n"
        "Press B is booked on the Studio Board at least a day ahead.\n"
        "Only trained members load Press B.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "Food is never allowed").status == "carried"
    assert "Food is never allowed near Press B; drinks only with a lid." in c.text
    assert entry(c, "Book Press B").status == "present"  # the newest says it
    assert "Book Press B" not in c.text
