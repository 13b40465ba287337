"""Issue 18, "never lose a fact" (round 24): of two older versions' lines saying one
thing, the one reported present must have all its figures in the one written. A line
giving a figure the other lacks ("- Lift engineer: Kessler Lifts, contract KL-5521,
01632 960 447" beside a newer "- Lift engineer: Kessler Lifts, contract KL-5521") is
the fuller one, carried; one saying the thing otherwise keeps its own line. A blind
paired read of round 24's final set found an alarm company's phone number lost this way.
Domain: a gondola lift (no other test uses it); real parser, real model."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

FIRST = note("gondola/contacts.md", fm("Gondola contacts", "2024-03-01") + (
    "## Contacts\n\n- Lift engineer: Kessler Lifts, contract KL-5521, 01632 960 447\n"
    "- Ticket desk supervisor: Ana Ruiz\n"))
SECOND = note("gondola/contacts-v2.md", fm("Gondola contacts v2", "2025-03-01") + (
    "## Who to call\n\n- Lift engineer: Kessler Lifts, contract KL-5521\n"
    "- Ticket desk supervisor: Ana Ruiz\n"))
NEWEST = note("gondola/contacts-2026.md", fm("Gondola contacts 2026", "2026-03-01") + (
    "## Operations\n\n- Cabins run from 08:30 to 17:30.\n- Wind hold above 60 km/h.\n"))


def test_the_line_with_the_phone_number_is_the_one_carried():  # failed before
    c = compose("merge", NEWEST, [SECOND, FIRST], now=NOW)
    assert "01632 960 447" in c.text, c.text
    assert c.text.count("KL-5521") == 1, c.text
    check_ledger(c)
