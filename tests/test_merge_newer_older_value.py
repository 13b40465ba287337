"""Issue 18, "newer values replacing older ones" among older versions (round 32,
pass_newer_older): of three versions, the newest may not speak of a thing the middle
one changed. The first's "- Minimum print order 20 copies" was carried beside the
middle's "- Minimum print order 30 copies (raised in March)" (merge-BY's supplier
sheet: "Minimum order 40 kg" beside "Minimum order 50 kg (raised in April)"), and a
kit list's "Backdrop supplier: Colorama" beside the middle's "Backdrop supplier:
Savage Widetone, ordered by the roll". The newer version's value wins whatever
section either sits in, for a head of two words or more; a one-word head ("Contact:")
or one a note uses twice names one thing per section.
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
    "- Backdrop supplier: Savage Widetone, ordered by the roll\n")

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


def test_a_label_of_two_words_is_one_thing_in_any_section():
    c = _merge()
    assert "Backdrop supplier: Savage Widetone" in c.text
    assert "Backdrop supplier: Colorama" not in c.text  # failed before
    assert "Elinchrom ELC 500" in c.text


def test_a_qualified_label_or_a_one_word_one_elsewhere_is_another_thing():
    """"Late sitting fee:" is not "Sitting fee:", and the lab's "Contact:" under
    "## Lab" is not the framer's under "## Framing" (a round-32 review's repros)."""
    first = fm("Photo studio fees", "2025-01-10") + (
        "## Fees\n\n- Sitting fee: £30\n- Late sitting fee: £45 after 6pm\n\n"
        "## Lab\n\n- Contact: Harlow Photo Lab, 01632 960 501\n")
    middle = fm("Photo studio fees v2", "2025-06-02") + (
        "## Fees\n\n- Sitting fee: £35\n\n"
        "## Framing\n\n- Contact: Frame Works, 01632 960 777\n")
    newest = fm("Photo studio fees 2026", "2026-02-20") + (
        "## Lab\n\nProofs are emailed within 3 days.\n\n"
        "## Framing\n\nFrames take two weeks.\n")
    c = merged(note("studio/fees-2026.md", newest), note("studio/fees.md", first),
               note("studio/fees-v2.md", middle), now=NOW)
    assert "Late sitting fee: £45" in c.text and "Sitting fee: £35" in c.text
    assert "Sitting fee: £30" not in c.text
    assert "01632 960 501" in c.text and "01632 960 777" in c.text


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


def test_lines_a_round_32_review_found_the_rule_misread():
    """A leading verb is no thing ("Allow 20 minutes ..." is not "Allow 5 hours ..."), a
    label with no letters is no thing (it crashed), and one line's older figure in one
    section is still carried once, the newer one."""
    first = fm("Photo studio shoot day", "2025-01-10") + (
        "## Getting there\n\n- Allow 20 minutes from the station\n"
        "- Parking on Mill Road costs £3 after 6pm.\n\n"
        "## Contact\n\n- 📞: 07700 900111\n")
    middle = fm("Photo studio shoot day v2", "2025-06-02") + (
        "## On location\n\n- Allow 2 hours for the beach set\n\n"
        "## Getting there\n\n- Parking on Mill Road costs £4 after 6pm.\n")
    newest = fm("Photo studio shoot day 2026", "2026-02-20") + (
        "## Plan\n\n- Call time 09:00 at the studio\n")
    c = merged(note("studio/shoot-2026.md", newest), note("studio/shoot.md", first),
               note("studio/shoot-v2.md", middle), now=NOW)
    assert "Allow 20 minutes" in c.text and "Allow 2 hours" in c.text
    assert "07700 900111" in c.text
    assert "costs £4" in c.text and "costs £3" not in c.text
