"""Issue 18, "no superseded unit stated as current" (round 30, alone_facts): an older
line the newest rewrote without the phone it gives was carried for that phone, though
the newest says the way it names is over ("Bookings are online only; the shop phone no
longer takes bookings" over "Booking via phone on 01637 880 412, or in the shop.",
merge-BR). The phone is the way that ended: the line stays superseded, with its flip.
Domain: a chiropodist (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Chiropody clinic appointments", "2025-01-10") + (
    "## Booking\n\n"
    "Appointments are booked by phone on 01632 960 214 or at the front desk. A first "
    "visit takes 45 minutes.\n")

NEWER = fm("Chiropody clinic appointments 2026", "2026-01-12") + (
    "## Booking\n\n"
    "Appointments are booked online only through the clinic website; the front desk "
    "phone no longer takes bookings. A first visit takes 45 minutes.\n")


def test_a_phone_for_a_way_the_newest_says_ended_is_not_carried():
    c = compose("merge", note("chiropody/appointments-2026.md", NEWER),
                [note("chiropody/appointments.md", OLDER)], now=NOW)
    e = entry(c, "booked by phone on 01632 960 214")
    assert e.status == "superseded", e  # failed before: carried for its phone
    assert "01632 960 214" not in c.text
    assert "newer" in e.flips or "older" in e.flips
    check_ledger(c)
