"""Issue 18, "newer values replacing older ones" (round 29, pass_polarity): an older line
saying the place is closed on days the newest gives hours for ("Closed Monday to
Wednesday except for private hire." under a new "- Wednesday 17:00 to 22:00") was
carried beside them (merge-BO's taproom). Days and hours are values no embedding
compares; the line is superseded by the newest line giving hours on such a day.
Domain: a waffle house (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Waffle house hours", "2025-02-01") + (
    "## Hours\n\n- Thursday 16:00 to 21:00\n- Friday 16:00 to 22:00\n"
    "- Saturday and Sunday 10:00 to 22:00\n\n"
    "Closed Monday to Wednesday except for parties. The batter is mixed fresh each "
    "morning.\n")


def _newer(hours: str):  # noqa: ANN202
    return note("waffle/hours-2026.md", fm("Waffle house hours 2026", "2026-03-01") + (
        f"From March we open more evenings.\n\n## Hours\n\n{hours}"
        "- Friday 16:00 to 23:00\n- Saturday and Sunday 10:00 to 22:00\n"))


def test_closed_days_the_newest_opens_on_are_superseded():  # failed before
    c = compose("merge", _newer("- Wednesday 17:00 to 21:00\n- Thursday 16:00 to 21:00\n"),
                [note("waffle/hours.md", OLDER)], now=NOW)
    e = entry(c, "Closed Monday to Wednesday")
    assert e.status == "superseded" and "wednesday" in e.why, e
    assert e.by_text == "- Wednesday 17:00 to 21:00"
    assert "Closed Monday to Wednesday" not in c.text
    assert "The batter is mixed fresh each morning." in c.text  # its own fact stays
    check_ledger(c)


def test_closed_days_the_newest_keeps_closed_stay():
    c = compose("merge", _newer("- Thursday 16:00 to 21:00\n"),
                [note("waffle/hours.md", OLDER)], now=NOW)
    assert "Closed Monday to Wednesday" in c.text
    check_ledger(c)


def test_what_is_no_closure_of_the_place_on_whole_days_stays():
    older = note("waffle/notes.md", fm("Waffle house notes", "2025-02-01") + (
        "## Notes\n\nThe leak ticket was closed on Monday by the landlord.\n\n"
        "Closed the first Saturday of each month for stocktake.\n\n"
        "The kitchen is closed on Friday mornings for deep cleaning.\n\n"
        "## Bins\n\nClosed Tuesday and Wednesday.\n"))
    newer = note("waffle/notes-2026.md", fm("Waffle house notes 2026", "2026-03-01") + (
        "## Hours\n\n- Monday 09:30 to 17:00\n- Friday 16:00 to 23:00\n"
        "- Saturday 10:00 to 16:00\n\nBins go out on Wednesday at 07:00.\n"))
    c = compose("merge", newer, [older], now=NOW)
    for line in ("The leak ticket was closed on Monday", "Closed the first Saturday",
                 "closed on Friday mornings", "Closed Tuesday and Wednesday."):
        assert "which this says is closed" not in entry(c, line).why, line
    check_ledger(c)
