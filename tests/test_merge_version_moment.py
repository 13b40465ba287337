"""Issue 18, "a merged note reads as one note" (round 34): an older version's lines telling
that version's moment (what it changed, what it left as it was, who agreed it and on what
occasion) are not written beside the newest's intro, facts and all: the month prices
went up and who agreed the old list are that version's history. merge-CH's and merge-CG's
readers called "Main change: new form and new box colour.", "Winter price review by
Howard Penhale." and "Other prices are unchanged for now; ..." stacked intros. Domain: a
bed and breakfast (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

FIRST = note("bnb/room-rates.md", fm("Room rates", "2025-04-01") + (
    "Room rates at Gull Cottage B&B.\n\nAgreed at the March owners' meeting.\n\n"
    "Breakfast is served from 7:30 to 9:30 in the garden room.\n\n"
    "## Rooms\n\n- Double: £95 a night\n- Single: £70 a night\n"))

SECOND = note("bnb/room-rates-summer.md", fm("Room rates (summer)", "2025-06-01") + (
    "Room rates at Gull Cottage B&B for the summer.\n\n"
    "Main change: the double went up for the season.\n\n"
    "Laundry costs went up in May so the double moved; everything else unchanged from "
    "April.\n\n## Rooms\n\n- Double: £105 a night\n- Single: £70 a night\n"))

NEWEST = note("bnb/room-rates-2026.md", fm("Room rates 2026", "2026-02-01") + (
    "Room rates at Gull Cottage B&B from February, agreed by Fiona Marr on 2 February.\n\n"
    "## Rooms\n\n- Double: £110 a night\n- Single: £75 a night\n"))


def test_an_older_versions_moment_is_not_written():  # failed before
    c = compose("merge", NEWEST, [SECOND, FIRST], now=NOW)
    for line in ("Agreed at the March owners' meeting.", "Main change: the double went up",
                 "everything else unchanged from April"):
        e = entry(c, line)
        assert e.status == "dropped", line
        assert e.flips == ("carry", "drop"), line  # one key writes it back
        assert line not in c.text, line
    # a standing fact of an older intro is still carried
    assert entry(c, "Breakfast is served from 7:30 to 9:30").status == "carried"
    assert "7:30 to 9:30" in c.text
    check_ledger(c)


STANDING = ("A £50 deposit secures the booking; the rest is due before arrival.",
            "Changes to a booking: call 01234 567890 at least 48 hours ahead.",
            "Approved by the council for 30 pitches.",
            "Review by the manager every March.",
            "Agreed by both parties in writing, refunds within 14 days.")


def test_standing_rules_that_read_like_a_moment_are_kept():
    # in an older intro, where a version's moment is read: each is a rule of now
    older = note("bnb/booking-terms.md", fm("Booking terms", "2025-04-01") + (
        "Booking terms at Gull Cottage B&B.\n\n" + "\n\n".join(STANDING)
        + "\n\n## Check-in\n\nCheck-in is from 15:00.\n"))
    newer = note("bnb/booking-terms-2026.md", fm("Booking terms 2026", "2026-02-01") + (
        "Booking terms at Gull Cottage B&B.\n\n## Check-in\n\nCheck-in is from 16:00.\n"))
    c = compose("merge", newer, [older], now=NOW)
    for line in STANDING:
        assert entry(c, line).status == "carried", line
        assert line in c.text, line


def test_an_occasion_and_what_was_left_are_the_versions_moment():
    older = note("bnb/breakfast.md", fm("Breakfast", "2025-04-01") + (
        "Breakfast at Gull Cottage B&B.\n\nUpdate after the owners' meeting on 8 May.\n\n"
        "Eggs now come from Hill Farm; the rest is as before.\n\n"
        "## Times\n\nBreakfast is 7:30 to 9:30.\n"))
    newer = note("bnb/breakfast-2026.md", fm("Breakfast 2026", "2026-02-01") + (
        "Breakfast at Gull Cottage B&B.\n\n## Times\n\nBreakfast is 8:00 to 9:30.\n"))
    c = compose("merge", newer, [older], now=NOW)
    for line in ("Update after the owners' meeting on 8 May.",
                 "Eggs now come from Hill Farm; the rest is as before."):
        assert entry(c, line).status == "dropped", line
        assert line not in c.text, line


def test_a_standing_rule_about_changes_is_kept():
    # a rule on changes (a version noun heading the subject's own changes) is no talk
    # about the note's version
    older = note("bnb/house-rules.md", fm("House rules", "2025-04-01") + (
        "House rules at Gull Cottage B&B.\n\n## Bookings\n\n"
        "Changes to a booking must be made 48 hours ahead.\n\nCheck-in is from 15:00.\n"))
    newer = note("bnb/house-rules-2026.md", fm("House rules 2026", "2026-02-01") + (
        "House rules at Gull Cottage B&B.\n\n## Bookings\n\nCheck-in is from 16:00.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "Changes to a booking must be made 48 hours ahead.").status == "carried"
