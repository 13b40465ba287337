"""Issue 18, merge12c: a slot refilled with a word or a name. An older unit that says
what a newest unit says with another filler in one slot ("Bookings go through the
front desk" / "... the online form"; "The on-call lead is Marta" / "Kofi is now the
on-call lead") is superseded by it, with its flip; a slot the newest fills several
times side by side is a list of siblings (an older sibling is a carry-over candidate,
never an old value), and a unit about another subject is no slot refilled. Domain: a
velodrome (no other test uses it); real parser, real model. The first three tests
failed before slot_fillers.py."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

OLDER = note("velodrome/track-nights.md", fm("Track nights", "2025-03-01") + (
    "How race nights run at the Kelsall velodrome.\n\n## Bookings\n\n"
    "Bookings go through the front desk.\n"
    "The on-call lead is Marta.\n"
    "Track sessions last 90 minutes and cost £12 per rider.\n"))

NEWER = note("velodrome/track-nights-2025-11.md", fm("Track nights (Nov 2025)", "2025-11-10") + (
    "How race nights run at the Kelsall velodrome.\n\n## Bookings\n\n"
    "Bookings go through the online form.\n"
    "Kofi is now the on-call lead.\n"
    "Track sessions last 90 minutes and cost £12 per rider.\n"
    "Refunds still go through the front desk.\n"))


def test_an_older_filler_of_a_slot_the_newest_fills_otherwise_is_superseded():
    for kept in (NEWER, OLDER):
        c = compose("merge", NEWER, [OLDER], kept=kept, now=NOW)
        e = entry(c, "Bookings go through the front desk.")
        assert e.status == "superseded", e
        assert e.by_text == "Bookings go through the online form." and e.flips == ("newer", "older")
        e = entry(c, "The on-call lead is Marta.")
        assert e.status == "superseded", e
        assert e.by_text == "Kofi is now the on-call lead."
        assert "Bookings go through the front desk." not in c.text
        assert "Marta" not in c.text and "Kofi is now the on-call lead." in c.text
        check_ledger(c)
    # the person can keep the older filler with one key
    c = compose("merge", NEWER, [OLDER], now=NOW,
                choices={entry(compose("merge", NEWER, [OLDER], now=NOW),
                               "The on-call lead is Marta.").key: "older"})
    assert "The on-call lead is Marta." in c.text and "Kofi is now" not in c.text


def test_an_older_observation_the_newest_body_fills_otherwise_is_superseded_in_update():
    older = note("velodrome/track-nights.md", fm("Track nights", "2025-03-01") + (
        "How race nights run at the Kelsall velodrome.\n\n## Observations\n\n"
        "- [booking] Bookings go through the front desk #bookings\n"))
    c = compose("update", NEWER, [older], now=NOW)
    e = entry(c, "Bookings go through the front desk")
    assert e.status == "superseded" and e.by_text == "Bookings go through the online form."
    assert "front desk #bookings" not in c.text


def test_a_slot_the_newest_lists_side_by_side_is_siblings_and_stays_carried():
    older = note("velodrome/open-sessions.md", fm("Open sessions", "2025-03-01") + (
        "Who coaches the open sessions at the Kelsall velodrome.\n\n## Coaches\n\n"
        "- Open sessions are coached by Carys Lloyd.\n"))
    newer = note("velodrome/open-sessions-2025-11.md", fm("Open sessions (Nov 2025)",
                                                         "2025-11-10") + (
        "Who coaches the open sessions at the Kelsall velodrome.\n\n## Coaches\n\n"
        "- Open sessions are coached by Ana Ruiz.\n"
        "- Open sessions are coached by Ben Ortiz.\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Carys Lloyd")
    # one more of the list the newest left out: a carry-over candidate, not an old value
    assert e.status in ("carried", "dropped") and e.flips == ("carry", "drop"), e
    check_ledger(c)
    # the newest names one coach: the slot is refilled
    one = note(newer.path, newer.text.replace("- Open sessions are coached by Ben Ortiz.\n", ""))
    c = compose("merge", one, [older], now=NOW)
    assert entry(c, "Carys Lloyd").status == "superseded"
    assert "Carys Lloyd" not in c.text


def test_another_subject_with_the_same_words_is_no_slot_refilled():
    older = note("velodrome/changing-rooms.md", fm("Changing rooms", "2025-03-01") + (
        "The Kelsall velodrome changing rooms.\n\n## Rooms\n\n"
        "Lockers are beside the ground floor stairs.\n"))
    newer = note("velodrome/changing-rooms-2025-11.md", fm("Changing rooms (Nov 2025)",
                                                          "2025-11-10") + (
        "The Kelsall velodrome changing rooms.\n\n## Rooms\n\n"
        "Showers are beside the ground floor stairs.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "Lockers are beside").status != "superseded"
