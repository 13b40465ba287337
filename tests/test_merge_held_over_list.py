"""Issue 18, "a merged note reads as one note" (round 34): steps of older versions carried
after the newest's plain list go on that list, as bullets; items two older versions keep
of one newest block stand under one label, not one label per version. merge-CJ's reader
found "Also from an earlier version:" twice under a rigging checklist, over one bullet
each. Domain: a bus company (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note, section_of

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

FIRST = note("bus/walkround.md", fm("Driver walkround check", "2025-03-01") + (
    "The check every Moorland Buses driver does before leaving the depot.\n\n"
    "## Before leaving\n\n1. Walk round the bus and look for body damage.\n"
    "2. Check tyre tread is at least 3 mm.\n3. Test the wheelchair ramp.\n"
    "4. Sign the defect sheet.\n"))

SECOND = note("bus/walkround-summer.md", fm("Walkround check (summer)", "2025-07-01") + (
    "The check every Moorland Buses driver does before leaving the depot.\n\n"
    "## Before leaving\n\n1. Check tyre tread is at least 3 mm.\n"
    "2. Make sure the fire extinguisher in the cab is in date.\n"
    "3. Test the wheelchair ramp.\n4. Sign the defect sheet.\n"))

NEWEST = note("bus/walkround-2026.md", fm("Walkround check 2026", "2026-02-01") + (
    "The check every Moorland Buses driver does before leaving the depot.\n\n"
    "## Before leaving\n\n- Check tyre tread is at least 2 mm.\n"
    "- Test the wheelchair ramp.\n- Record the check in the Busfleet app.\n"))


def test_older_steps_go_on_the_newest_plain_list():  # failed before
    c = compose("merge", NEWEST, [SECOND, FIRST], now=NOW)
    for line in ("Walk round the bus and look for body damage.",
                 "Make sure the fire extinguisher in the cab is in date."):
        assert entry(c, line).status == "carried", line
        assert f"- {line}" in c.text, line  # a bullet of the list, not a step "1."
        assert section_of(c.text, line) == "## Before leaving", line
    assert "Also from an earlier version" not in c.text
    # one list: the carried bullets follow the newest's last item, no gap between
    assert "- Record the check in the Busfleet app.\n- " in c.text
    assert "3 mm" not in c.text
    check_ledger(c)


def test_two_versions_steps_after_a_numbered_list_stand_under_one_label():  # failed before
    newest = note("bus/walkround-2026.md", fm("Walkround check 2026", "2026-02-01") + (
        "The check every Moorland Buses driver does before leaving the depot.\n\n"
        "## Before leaving\n\n1. Check tyre tread is at least 2 mm.\n"
        "2. Test the wheelchair ramp.\n3. Record the check in the Busfleet app.\n"))
    c = compose("merge", newest, [SECOND, FIRST], now=NOW)
    assert entry(c, "Walk round the bus and look for body damage.").status == "carried"
    assert entry(c, "Make sure the fire extinguisher in the cab is in date.").status \
        == "carried"
    assert "Also from an earlier version" not in c.text
    # the newer version's step first, both as sentences of one paragraph after the list
    assert ("app.\n\nMake sure the fire extinguisher in the cab "
            "is in date.\nWalk round the bus and look for body damage.\n") in c.text
    check_ledger(c)


def test_steps_go_on_the_list_before_a_carried_paragraph_after_it():
    # a tip carried after the list does not come between the list and its carried step
    older = note("bus/walkround-tip.md", fm("Driver walkround check", "2025-03-01") + (
        "The check every Moorland Buses driver does before leaving the depot.\n\n"
        "## Before leaving\n\n1. Check tyre tread is at least 3 mm.\n"
        "2. Top up the screenwash.\n3. Test the wheelchair ramp.\n"
        "4. Record the check in the Busfleet app.\n\n"
        "Spare bulbs for the destination blind are kept in the depot stores.\n"))
    c = compose("merge", NEWEST, [older], now=NOW)
    assert entry(c, "Top up the screenwash.").status == "carried"
    assert entry(c, "Spare bulbs for the destination blind").status == "carried"
    assert ("- Record the check in the Busfleet app.\n- Top up the screenwash."
            "\n\nSpare bulbs for") in c.text
    check_ledger(c)
