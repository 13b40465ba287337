"""Issue 18, "newer values replacing older ones" inside a carried sentence (round 31,
pass_trimmed._stale_value_clauses): an older "Harder & Steenbeck Ultra airbrushes,
0.2 mm needle, compressors set to 20 psi for base coats." is carried for the needle only
it states, and carried whole it stated 20 psi beside the newest's "15 psi for base
coats" (merge-BU). It is written without the part giving the older figure; a figure of
the same unit said of something else ("30 minutes from the top station" beside "within
10 minutes") stays.
Domain: a cable car (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Cable car cabin checks", "2025-02-01") + (
    "## Cabin kit\n\n"
    "Doppelmayr eight-seat cabins, 12 mm door seals, doors tested at 40 newtons closing force, "
    "rescue hut 30 minutes from the top station.\n")

NEWER = fm("Cable car cabin checks 2026", "2026-02-01") + (
    "## Equipment\n\n"
    "Same Doppelmayr eight-seat cabins. Doors are now tested at 35 newtons closing force.\n\n"
    "## Rescue\n\n"
    "The rescue team reaches a stopped cabin within 10 minutes.\n")


def test_a_carried_sentence_is_written_without_its_older_figure():
    c = merged(note("cablecar/checks-2026.md", NEWER), note("cablecar/checks.md", OLDER), now=NOW)
    assert ("Doppelmayr eight-seat cabins, 12 mm door seals, rescue hut 30 minutes from the "
            "top station.") in c.text  # failed before
    assert "40 newtons" not in c.text
    e = entry(c, "12 mm door seals")
    assert e.status == "carried" and "40 newtons" in e.why and "carry" in e.flips, e
    whole = compose("merge", note("cablecar/checks-2026.md", NEWER),
                    [note("cablecar/checks.md", OLDER)], now=NOW, choices={e.key: "carry"})
    assert "doors tested at 40 newtons closing force, rescue hut" in whole.text  # the person's key
