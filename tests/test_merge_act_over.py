"""An older line telling the reader to do what the newest says is over is held back for
the person, whatever number it gives (alone_facts._act_over, ended_text.opens_with_act),
not carried back; held, not superseded, since the ended thing loses its qualifiers ("over
the phone"): "Book weekday trips with the office" opens with it too when only Saturday
bookings ended (a review of round 53). Before,
"Please book by phone to the office on 01632 960 210" was carried back because the
rewrite left the office's number out, right after the newest's "bookings are no longer
taken over the phone" (a blind reader of merge-FU: a line a reader would act on). A line
that only names the office's number is still a fact the rewrite left out. Domain: a
dial-a-ride service."""

from __future__ import annotations

import pytest
from helpers_merge import entry, fm, merged, note

OLDER = note("ride/booking.md", fm("Dial-a-ride booking", "2024-04-01") + """\
How members book the dial-a-ride bus.

## Booking

Please book by phone to the office on 01632 960 210, Monday to Friday, 9am to 4pm.
Questions about a trip go to the office on 01632 960 210.
Trips must be booked two days ahead.
""")

NEWEST = note("ride/booking-2025.md", fm("Dial-a-ride booking 2025", "2025-05-01") + """\
How members book the dial-a-ride bus.

## Booking

Members book in the RideLink app.
The office still answers questions, but bookings are no longer taken over the phone.
Trips must be booked two days ahead.
""")


def test_a_line_telling_to_do_what_ended_is_not_carried_back():
    c = merged(NEWEST, OLDER)
    e = entry(c, "Please book by phone")
    assert e.status == "dropped" and e.held and e.flips == ("carry", "drop"), e
    assert "Please book by phone" not in c.text
    assert "no longer" in e.why, e.why
    # the office's number, for what the newest keeps, is still written
    assert entry(c, "Questions about a trip").status == "carried"
    assert "Questions about a trip go to the office on 01632 960 210." in c.text


@pytest.mark.parametrize(("older_line", "newest_line"), [
    # the way the newest keeps: its helpline is still a fact the rewrite left out
    ("Please book in the RideLink app; the app helpline is 01632 960 999 if it will not load.",
     "Please book in the RideLink app, as bookings are no longer taken over the phone."),
    # only Saturday bookings ended
    ("Book weekday trips with the office on 01632 960 210, Monday to Friday.",
     "Weekday trips are booked with the office. We no longer take bookings on Saturdays."),
])
def test_a_line_telling_the_way_that_still_holds_is_carried(older_line, newest_line):
    """Review of round 53: the ended thing keeps no qualifier, so only a line naming the
    way that ended ("phone", "Saturdays") is held."""
    older = note("ride/trips.md", fm("Dial-a-ride trips", "2024-04-01")
                 + f"## Booking\n\n{older_line}\n")
    newest = note("ride/trips-2025.md", fm("Dial-a-ride trips 2025", "2025-05-01")
                  + "## Booking\n\n" + newest_line.replace(". ", ".\n") + "\n")
    c = merged(newest, older)
    number = older_line.split(" on ")[-1].split(",")[0] if " on 0" in older_line \
        else "01632 960 999"
    assert number in c.text, (number, entry(c, older_line[:20]))
