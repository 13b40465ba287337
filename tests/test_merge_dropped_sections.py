"""Issue 18, merge12d: an older section the newest dropped, whose content the newest
states elsewhere with other values (another hour, another person for the same duty),
is not carried beside the newest's; what nothing in the newest speaks to still is.
Domain: a gliding club's airfield operations (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

OLDER = note("gliding/airfield-ops.md", fm("Airfield operations", "2024-09-01") + (
    "How flying days run at Kestrel Ridge Gliding Club.\n\n"
    "## Flying days\n\n"
    "- The club flies on Saturdays, Sundays and Wednesdays.\n"
    "- Members sign the daily log before their first launch.\n\n"
    "## Winter timetable\n\n"
    "- Gates unlocked at 09:30 from November.\n"
    "- No launches after 15:00.\n"
    "- Glen Harper runs the winch on winter weekends.\n"
    "- Hot drinks are in the briefing hut.\n\n"
    "## Old escalation path\n\n"
    "- Phone Maureen Tully (CFI) after any launch failure.\n"
    "- Weather calls are made by the duty pilot at 08:00.\n"
    "- Damage to a glider goes in the red incident book.\n"))
NEWER = note("gliding/airfield-ops-2025.md", fm("Airfield operations 2025", "2025-10-01") + (
    "How flying days run at Kestrel Ridge Gliding Club.\n\n"
    "## Flying days\n\n"
    "- The club flies on Saturdays, Sundays and Wednesdays.\n"
    "- Members sign the daily log before their first launch.\n"
    "- In the cold months the airfield opens at 10:00 and the last launch is at 14:30.\n\n"
    "## Crew\n\n"
    "- The winch driver for winter weekends is Aled Morgan.\n"
    "- Weather calls are made by the duty instructor at 07:30.\n\n"
    "## Incidents\n\n"
    "- After a launch failure, call the safety officer, Dev Sandhu.\n"))


def test_a_dropped_sections_lines_restated_elsewhere_with_other_values_are_superseded():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    for old, new in (("Gates unlocked at 09:30", "airfield opens at 10:00"),
                     ("Glen Harper runs the winch", "Aled Morgan"),
                     ("Phone Maureen Tully", "Dev Sandhu")):
        assert old not in c.text, old
        e = entry(c, old)
        assert e.status == "superseded" and new in (e.by_text or ""), (old, e.status)
        assert e.flips == ("newer", "older")  # the person can keep the older one
    check_ledger(c)


def test_a_dropped_sections_facts_the_newest_never_speaks_to_are_still_carried():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    for kept in ("Hot drinks are in the briefing hut.",
                 "Damage to a glider goes in the red incident book."):
        assert kept in c.text, kept
        assert entry(c, kept).status == "carried"
    check_ledger(c)


def test_choosing_the_older_line_writes_it_again():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Glen Harper runs the winch")
    assert e.status == "superseded"
    key = e.key
    chosen = compose("merge", NEWER, [OLDER], now=NOW, choices={key: "older"})
    assert "Glen Harper runs the winch on winter weekends." in chosen.text
    check_ledger(chosen)
