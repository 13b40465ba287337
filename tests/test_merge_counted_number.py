"""A number after a bound word ("Maximum 12 customers", "Up to 8") names nothing, though
the sentence capitalises the word before it: a count, not a name such as "Room 4" or
"Platform 2". Read as a name, the older count the newest rewrote ("Ten customers at
most") was carried back beside it as a fact only it states."""

from __future__ import annotations

from helpers_merge import check_ledger, fm, note

from review_app.core.merging import compose

OLDER = fm("Juice Bar House Rules", "2025-03-04", created="2025-03-01") + """\
Rules for the Green Press juice bar on Mill Lane.

## Inside
- Maximum 12 customers, so everyone gets a seat at the counter
- Bikes go in the rack outside, never against the window.

## Payment
- Cards only; we stopped taking cash in January.
"""

NEWEST = fm("Green Press house rules 2026", "2026-02-10", created="2026-02-09") + """\
## Inside
- Ten customers at most, so everyone has a stool to themselves.

## Payment
- Cards only.
"""


def test_an_older_count_the_newest_rewrote_is_not_carried_back():
    newest = note("juice-bar/house-rules-2026.md", NEWEST)
    older = note("juice-bar/house-rules.md", OLDER)
    composed = compose("merge", newest, [older])
    # got (before): "- Maximum 12 customers, ..." right under the newest's "- Ten
    # customers at most, ..." ("the newest rewrote it without the number naming it: 12")
    assert "Maximum 12 customers" not in composed.text, composed.text
    assert "Bikes go in the rack outside" in composed.text
    check_ledger(composed)


def test_a_number_a_capital_names_is_still_a_name():
    """From two reviews: "Room 4 seats 12 people" and "Studio 2 hours are 9am to 6pm" name a
    room and a studio, whatever word follows the number (a measure word too); the newest
    rewriting such a line without the number keeps it written."""
    older = note("juice-bar/rooms.md", fm("Back Rooms", "2025-05-02") + """\
## Rooms
- Room 4 seats 12 people and has the projector.
- Studio 2 hours are 9am to 6pm on weekdays, and it must be booked at reception.
- Book rooms in the shared calendar.
""")
    newest = note("juice-bar/rooms-2026.md", fm("Back rooms 2026", "2026-01-20") + """\
## Rooms
- The big meeting room seats twelve and has the projector.
- The small studio's hours are 9am to 6pm on weekdays, and it must be booked at reception.
- Book rooms in the shared calendar.
""")
    composed = compose("merge", newest, [older])
    assert "Room 4" in composed.text, composed.text
    assert "Studio 2" in composed.text, composed.text
    check_ledger(composed)
