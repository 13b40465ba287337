"""Issue 18, "every fact once, in the section where it belongs" (round 34): what is
left of an older section whose other lines the newest states or replaced in one
section of its own is written in that section, not under the old heading beside it.
merge-CH's reader found "## Fees" holding one direct-debit line right above the
newest's "## What it costs", which had replaced the other three lines of "## Fees".
Domain: a drama club (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note, section_of

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("drama/show-tickets.md", fm("Spring show tickets", "2025-11-01") + (
    "Tickets for the Harrow Lane Players spring show.\n\n"
    "## Tickets\n\n- Adults: £12\n- Under-16s: £6\n- Family ticket (two adults, two "
    "children): £30\n\nTickets are sold through TicketSource until noon on the day.\n\n"
    "## Venue\n\nSt Barnabas church hall, doors open at 19:00.\n"))

NEWER = note("drama/show-tickets-2026.md", fm("Spring show 2026: tickets", "2026-02-01") + (
    "Tickets for the Harrow Lane Players spring show 2026.\n\n"
    "## What it costs\n\nAdults pay £14 and under-16s £7. A family ticket for two adults "
    "and two children is £35.\n\n"
    "## Venue\n\nSt Barnabas church hall, doors open at 19:00.\n"))


def test_a_sections_last_line_goes_where_its_siblings_went():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Tickets are sold through TicketSource")
    assert e.status == "carried"
    assert section_of(c.text, "TicketSource") == "## What it costs"
    assert "## Tickets" not in c.text
    assert "£12" not in c.text and "£30" not in c.text
    check_ledger(c)



def test_a_line_nearer_another_section_keeps_its_heading():
    # the doors line is the venue's, not the prices': where its siblings went is no
    # home when another section is clearly nearer in meaning
    older = note("drama/show-tickets.md", fm("Spring show tickets", "2025-11-01") + (
        "Tickets for the Harrow Lane Players spring show.\n\n"
        "## Tickets\n\n- Adults: £12\n- Under-16s: £6\n- Family ticket (two adults, two "
        "children): £30\n\nDoors open at 19:00 and the show starts at 19:30.\n\n"
        "## Venue\n\nSt Barnabas church hall, doors open at 19:00.\n"))
    c = compose("merge", NEWER, [older], now=NOW)
    assert entry(c, "Doors open at 19:00 and the show starts at 19:30.").status == "carried"
    assert section_of(c.text, "the show starts at 19:30") != "## What it costs"
    check_ledger(c)
