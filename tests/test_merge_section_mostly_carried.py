"""Issue 18, "every fact in the section where it belongs" (round 26, placement): an
older section most of which is carried keeps its own heading, as one every unit of
which is (round 25), unless clearly one newest section's. The newest gave one of a
hire note's four "## Rules" another value inside its "## Booking" steps; the other
three rules then joined "## Booking" as if they were booking steps (merge-BB g10).
Domain: a bridge club (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("bridge/room-hire.md", fm("Card room hire terms", "2025-01-10") + (
    "Terms for outside groups (chess, quiz, craft) renting our card room when no "
    "sessions are running.\n\n"
    "## Rates\n\n- Card room (large, 60 m²): £28 per hour\n- Side room (20 m²): £15 per hour\n\n"
    "## Keys and alarm\n\n"
    "Keys are collected from the bar, or out of hours from the keyholder Ann Rudd, "
    "01632 960711. Alarm code 5512; set it when you leave if you are the last out.\n\n"
    "## Rules\n\n"
    "- No food on the card tables; drinks on the side shelf only.\n"
    "- No outdoor shoes on the new carpet.\n"
    "- Cancellation needs 48 hours' notice or the full fee is charged.\n"
    "- Hirers must hold their own public liability insurance (minimum £5 million).\n"))

NEWER = note("bridge/room-hire-2026.md", fm("card room hire rates 2026", "2026-02-01") + (
    "Rates reviewed by the committee in January.\n\n"
    "## Rates from 1 February\n\n"
    "| Room | Size | Per hour |\n|---|---|---|\n| Card room | 60 m² | £32 |\n"
    "| Side room | 20 m² | £17 |\n\n"
    "## Booking\n\n"
    "1. Email the secretary with date, time and room.\n"
    "2. The secretary confirms and sends the invoice.\n"
    "3. Pay within 7 days to hold the slot.\n"
    "4. Cancellation needs 72 hours' notice or the full fee is charged.\n\n"
    "Keys are still collected from the bar or from Ann Rudd out of hours.\n"))


def test_the_rest_of_a_section_keeps_its_heading():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    assert "## Rules" in c.text
    rules = c.text.split("## Rules", 1)[1]
    for line in ("No food on the card tables", "No outdoor shoes on the new carpet",
                 "public liability insurance"):
        assert line in rules, c.text
    assert "48 hours" not in c.text and "72 hours" in c.text
    check_ledger(c)
