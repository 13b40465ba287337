"""Issue 18, "every fact once" (round 24): when two older versions would both carry a
line (a sentence or a list item) and the newer one cut a clause off it ("Drivers sign
the defect book before taking a bus out." / "..., and the fitter countersigns it by
noon."), the fuller line is carried once and the shorter reported as said in it:
written both, the rule reads twice (a round 23 blind read: "Two forms of ID, one with a
photo" twice); the shorter alone loses the clause. A rewording one word apart
("Organic (Soil Association) certificate sent") still goes by the newer version
(test_merge_carried_place). Domain: a bus depot (no other test uses it); real parser,
real model."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

FIRST = note("depot/daily-checks.md", fm("Depot daily checks", "2024-02-01") + (
    "How the Eastgate bus depot starts the day.\n\n## Rules\n\n"
    "- Drivers sign the defect book before taking a bus out, and the fitter "
    "countersigns it by noon.\n"
    "- Fuel cards are kept in the duty office safe.\n"))

SECOND = note("depot/daily-checks-v2.md", fm("Depot daily checks v2", "2025-02-01") + (
    "How the Eastgate bus depot starts the day (second version).\n\n## Still applies\n\n"
    "- Drivers sign the defect book before taking a bus out.\n"
    "- Fuel cards are kept in the duty office safe.\n"))

NEWEST = note("depot/daily-checks-2026.md", fm("Depot daily checks 2026", "2026-02-01") + (
    "How the Eastgate bus depot starts the day, from February 2026.\n\n## Yard\n\n"
    "- Buses leave the yard from 05:10.\n- The wash runs from 22:00.\n"))


def test_the_fuller_older_line_is_carried_once():  # failed before
    c = compose("merge", NEWEST, [SECOND, FIRST], now=NOW)
    assert c.text.count("Drivers sign the defect book") == 1, c.text
    assert "the fitter countersigns it by noon" in c.text
    short = entry(c, "taking a bus out.")
    assert short.status == "present" and "countersigns" in (short.by_text or ""), short
    assert c.text.count("Fuel cards are kept in the duty office safe.") == 1
    check_ledger(c)


def test_one_thing_said_by_two_older_versions_in_other_shapes_is_carried_once():
    # failed before: a sentence and a list item (and two observations) of two older
    # versions saying one thing were both written
    first = note("depot/fleet-rules.md", fm("Depot fleet rules", "2024-03-01") + (
        "## Fleet\n\n- Bus 14 is for school runs only - never put it on the airport "
        "route, its luggage racks are out.\n\n## Observations\n\n"
        "- [rule] Never leave a bus unlocked above 10 minutes #security\n"))
    second = note("depot/fleet-rules-v2.md", fm("Depot fleet rules v2", "2025-03-01") + (
        "## Notes\n\nBus 14 stays on school runs only.\n\n## Observations\n\n"
        "- [rule] No bus left unlocked more than 10 minutes #security\n"))
    newest = note("depot/fleet-2026.md", fm("Depot fleet 2026", "2026-03-01") + (
        "## Yard\n\n- Buses leave the yard from 05:10.\n- The wash runs from 22:00.\n"))
    c = compose("merge", newest, [second, first], now=NOW)
    assert c.text.count("Bus 14") == 1 and "luggage racks are out" in c.text, c.text
    assert c.text.count("10 minutes") == 1, c.text
    check_ledger(c)
