"""Issue 18, item 4 (round 24): an older rule is said over by a newest unit sharing few
of its words only when their figures count the same thing. A figure alone is no
evidence: "within 3 feet of the kiln door" is not an older value of "at least 1 inch
clearance from the wall", nor "4 finished practice panels in the previous 90 days" of
"12 panels". A round 23 blind read found such rules lost ("Never install within 3 feet
of a radiator" said over by "at least 1 inch clearance from the soundboard"). Still
superseded: a figure of the
same count in few shared words ("grout bath is held at 20 °C" / "Grout water is kept at
18 °C"). Domain: a mosaic workshop (no other test uses it); real parser, real model."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("mosaic/studio-rules.md", fm("Mosaic studio rules", "2025-04-01") + (
    "House rules of the Tessera mosaic workshop.\n\n## Setting up\n\n"
    "- Never set out a mosaic panel within 3 feet of the kiln door; move the panel first.\n"
    "- An apprentice needs 4 finished practice panels in the previous 90 days before "
    "setting a commission.\n"
    "- The grout bath is held at 20 °C so that the grout cures evenly.\n"))

NEWER = note("mosaic/studio-rules-2026.md", fm("Mosaic studio rules 2026", "2026-03-01") + (
    "House rules of the Tessera mosaic workshop, from March 2026.\n\n## Setting up\n\n"
    "1. Set the mosaic panel on the easel near the window, level, with at least 1 inch "
    "clearance from the wall.\n"
    "2. Panel commission \"Harbour\": Venetian smalti, 12 panels.\n"
    "3. Grout water is kept at 18 °C.\n"))


def test_a_rule_with_a_figure_of_another_count_stays():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    for fragment in ("within 3 feet of the kiln door", "4 finished practice panels"):
        e = entry(c, fragment)
        assert e.status == "carried", e
        assert fragment in c.text
    check_ledger(c)


def test_a_figure_of_the_same_count_is_still_said_over():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "grout bath is held at 20")
    assert e.status == "superseded" and "18 °C" in (e.by_text or ""), e
    assert "20 °C" not in c.text
