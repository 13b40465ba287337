"""How long something takes, changed in other words, is another value of it (issue 18:
no superseded value stated as current). Before, "A standard empty takes about forty
minutes" was carried beside "Allow 45 minutes for a standard tank", and "Leave with 90
minutes spare" beside "Set off with at least an hour spare" (a septic tank service, a
wedding cake maker)."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note

from review_app.core.merge.lexicon import Lexicon
from review_app.core.merge.time_lengths import time_lengths

OLDER = fm("Gospel choir concert day", "2025-04-12") + """\
How the Riverside Gospel Choir runs a concert day. We book the hall by phone. \
A standard sound check takes about forty minutes once the risers are up. \
The warm-up takes 20 minutes and Grace leads it (07700 900 512).

## Travel
The minibus is booked through the church office.
"""

NEWER = fm("Gospel choir concert day (2026)", "2026-03-08") + """\
How a concert day runs from this season. Allow 50 minutes for a standard stage.

## Travel
Doors open 30 minutes before the start. \
The minibus is booked through the church office.
"""


def _composed():
    return merged(note("choir/concert-day-2026.md", NEWER), note("choir/concert-day.md", OLDER))


def test_lengths_of_time_are_read_in_minutes_whatever_the_words():
    lx = Lexicon()
    assert time_lengths("takes about forty minutes", lx) == [40]
    assert time_lengths("with at least an hour spare", lx) == [60]
    assert time_lengths("allow an hour and a half, or 2 hours", lx) == [90, 120]
    assert time_lengths("sessions run 20-30 minutes", lx) is None


def test_an_older_length_of_time_the_newest_changed_is_superseded():
    composed = _composed()
    line = entry(composed, "about forty minutes")
    # got (before): carried ("a fact the newest lacks: 40") beside "Allow 50 minutes"
    assert line.status == "superseded", line.why
    assert line.by_text == "Allow 50 minutes for a standard stage."
    assert line.flips == ("newer", "older")
    assert "forty minutes" not in composed.text


def test_a_line_with_a_fact_of_its_own_or_no_word_in_common_is_left_alone():
    composed = _composed()
    # the warm-up line gives a phone the newest lacks; "Doors open 30 minutes before"
    # is another thing (no word in common with it)
    assert entry(composed, "The warm-up takes 20 minutes").status == "carried"
    assert "Grace leads it (07700 900 512)" in composed.text
