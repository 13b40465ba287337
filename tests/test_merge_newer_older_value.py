"""Issue 18, "newer values replacing older ones" among older versions (round 32,
pass_newer_older): of three versions, the newest may not speak of a thing the middle
one changed. The first's "- Minimum print order 20 copies" was carried beside the
middle's "- Minimum print order 30 copies (raised in March)" (merge-BY's supplier
sheet: "Minimum order 40 kg" beside "Minimum order 50 kg (raised in April)"), and a
kit list's "Backdrop supplier: Colorama" beside the middle's "Backdrop: Savage
Widetone, ordered by the roll". The newer version's value wins whatever
section either sits in, save a label a note uses twice (one thing per section then).
Domain: a photo studio (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 12, 1, 9, 0)

FIRST = fm("Photo studio print orders", "2025-01-10") + (
    "## Lab terms\n\n"
    "- Minimum print order 20 copies\n"
    "- Lab account number PX-5521\n\n"
    "## Kit\n\n"
    "- Backdrop supplier: Colorama\n"
    "- Flash heads: two Elinchrom ELC 500\n")

MIDDLE = fm("Photo studio prints and kit", "2025-06-02") + (
    "## Ordering\n\n"
    "- Minimum print order 30 copies (raised in March)\n\n"
    "## Equipment\n\n"
    "- Backdrop: Savage Widetone, ordered by the roll\n")

NEWEST = fm("Photo studio - prints 2026", "2026-02-20") + (
    "Prints go through Harlow Photo Lab; proofs are emailed within 3 days.\n\n"
    "## Prices\n\n"
    "- 8x10 print: £6\n"
    "- 12x16 print: £14\n")


def _merge():
    return merged(note("studio/prints-2026.md", NEWEST), note("studio/prints.md", FIRST),
                  note("studio/prints-kit.md", MIDDLE), now=NOW)


def test_the_middle_versions_value_wins_over_the_first_ones():
    c = _merge()
    assert "Minimum print order 30 copies" in c.text
    assert "20 copies" not in c.text  # failed before: carried beside the 30
    e = entry(c, "Minimum print order 20 copies")
    assert e.status == "dropped" and "carry" in e.flips, e
    assert "a newer version" in e.why and "30 copies" in e.why
    assert "PX-5521" in c.text  # a fact no newer version speaks to stays


def test_a_label_held_by_a_shorter_one_is_one_thing():
    c = _merge()
    assert "Savage Widetone" in c.text
    assert "Backdrop supplier: Colorama" not in c.text  # failed before
    assert "Elinchrom ELC 500" in c.text


def test_the_person_can_carry_the_older_value():
    first = note("studio/prints.md", FIRST)
    c = _merge()
    key = entry(c, "Minimum print order 20 copies").key
    from review_app.core.merging import compose

    again = compose("merge", note("studio/prints-2026.md", NEWEST),
                    [first, note("studio/prints-kit.md", MIDDLE)], now=NOW,
                    choices={key: "carry"})
    assert "Minimum print order 20 copies" in again.text


def test_a_label_a_note_uses_twice_is_one_thing_per_section():
    """"Doors open:" under both "## Weekdays" and "## Weekends" of one version names two
    times: the middle's weekday time is no newer value of the first's weekend one."""
    first = fm("Photo studio opening", "2025-01-10") + (
        "## Weekdays\n\n- Doors open: 09:00\n\n## Weekends\n\n- Doors open: 10:30\n")
    middle = fm("Photo studio opening v2", "2025-06-02") + (
        "## Weekdays\n\n- Doors open: 08:30\n")
    newest = fm("Photo studio sittings 2026", "2026-02-20") + (
        "## Bookings\n\n- Sittings last 45 minutes\n- Book at least 2 days ahead\n")
    c = merged(note("studio/open-2026.md", newest), note("studio/open.md", first),
               note("studio/open-v2.md", middle), now=NOW)
    assert "08:30" in c.text and "10:30" in c.text
    assert "09:00" not in c.text


def test_the_same_figure_said_another_way_is_no_other_value():
    first = fm("Photo studio open day", "2025-01-10") + (
        "## Budget\n\n- Advert in the Harlow Star: £180.\n")
    middle = fm("Photo studio open day v2", "2025-06-02") + (
        "## Costs\n\n- Harlow Star: £180, runs two weeks\n- Balloons: £25\n")
    newest = fm("Photo studio open day 2026", "2026-02-20") + (
        "## Plan\n\n- Doors at 10:00, free mini portraits\n")
    c = merged(note("studio/open-day-2026.md", newest), note("studio/open-day.md", first),
               note("studio/open-day-v2.md", middle), now=NOW)
    assert "a newer version" not in entry(c, "Advert in the Harlow Star").why
