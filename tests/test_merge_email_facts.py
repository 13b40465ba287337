"""Issue 18, "every current fact stated" (round 26): an email address is a fact, as a
web address or a phone number is. Read as a run of names it was no fact at all, so a
line whose other words the newest states ("- Ordering: Harlow Yarns only take orders
by email, to orders@...") was reported present and the address lost (merge-BA g03,
g11). A newer address for the same thing still replaces it, and a line giving an
address beside a link is no mere link line. Domain: a board game cafe (no other test
uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.facts import facts_of
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("dice/bookings.md", fm("Table bookings", "2025-01-10") + (
    "How the Rolling Dice cafe takes table bookings.\n\n## Bookings\n\n"
    "- Tables for six or more are booked ahead.\n"
    "- Group bookings: Rolling Dice takes group bookings by email only, to "
    "groups@rollingdice.example\n"
    "- Deposit: £10 per table\n\n"
    "## Suppliers\n\n- Games restocked from Meeple Wholesale, orders to "
    "trade@meeple.example\n"))

NEWER = note("dice/bookings-2026.md", fm("Table bookings 2026", "2026-02-01") + (
    "How the Rolling Dice cafe takes table bookings this year.\n\n## Bookings\n\n"
    "- Tables for six or more are booked ahead.\n"
    "- Rolling Dice takes group bookings.\n"
    "- Deposit: £15 per table\n\n"
    "## Suppliers\n\n- Games restocked from Meeple Wholesale, orders to "
    "orders@meeple.example\n"))


def test_an_email_address_is_a_fact():
    assert "link:mailto:groups@rollingdice.example" in facts_of(
        "to groups@rollingdice.example.", ENGLISH).values
    # an address inside a web address is the web address's
    assert facts_of("see https://x.example/a@b.example", ENGLISH).values == {
        "link:https://x.example/a@b.example"}


def test_an_address_only_an_older_note_gives_is_carried():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "groups@rollingdice.example")
    assert e.status == "carried", e
    assert "groups@rollingdice.example" in c.text
    # a newer address for the supplier's orders replaces the older one
    assert "trade@meeple.example" not in c.text and "orders@meeple.example" in c.text
    assert "£10" not in c.text
    check_ledger(c)

