"""Issue 18, intros of versions stacked (round 30, pass_lead): when the newest note has
no intro, an older version's lead that frames that version ("Notes from the staff
meeting on March 3 about the repair counter.", "Review of the spring prices after six
weeks.") would introduce the merged note as that version; merge-BQ's takeout note
opened with two such lines from two versions. Dropped, its title names the note; an
older intro about the subject still introduces it. Domain: a shoe shop (no other test
uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.other_value import describes_note
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

V1 = fm("Shoe shop repair counter", "2026-03-03") + (
    "Notes from the staff meeting on March 3 about the repair counter.\n\n"
    "## Repairs\n"
    "- Heels: £14 a pair, ready in 2 days\n"
    "- Soles: £32 a pair, ready in 5 days\n"
    "- Repairs go to Cobble & Stitch in Dalton Street.\n")

V2 = fm("Shoe shop repair counter review", "2026-04-20") + (
    "Mid-season update, written after the April stocktake.\n\n"
    "## Repairs\n"
    "- Heels: £15 a pair, ready in 2 days\n")

V3 = fm("Shoe shop repair counter 2026", "2026-06-01") + (
    "## Repairs\n"
    "- Heels: £16 a pair, ready in 2 days\n"
    "- Soles: £35 a pair, ready in 5 days\n")


def test_older_version_framing_is_not_the_merged_notes_intro():
    c = compose("merge", note("shoes/repairs-2026.md", V3),
                [note("shoes/repairs-review.md", V2), note("shoes/repairs.md", V1)], now=NOW)
    for framing in ("Notes from the staff meeting", "Mid-season update"):
        e = entry(c, framing)
        assert e.status == "dropped" and "carry" in e.flips, e  # failed before: carried
        assert framing not in c.text
    assert "Repairs go to Cobble & Stitch in Dalton Street." in c.text  # a fact, carried
    check_ledger(c)
    kept = compose("merge", note("shoes/repairs-2026.md", V3),
                   [note("shoes/repairs-review.md", V2), note("shoes/repairs.md", V1)],
                   now=NOW, choices={entry(c, "Notes from the staff").key: "carry"})
    assert "Notes from the staff meeting on March 3" in kept.text  # the person's key


def test_an_older_intro_about_the_subject_still_introduces_it():
    v1 = note("shoes/brands.md", fm("Shoe shop brands", "2025-05-01") + (
        "Which brands the shop stocks and who supplies them.\n\n"
        "## Brands\n- Walking boots: Fellstride\n"))
    v2 = note("shoes/brands-2026.md", fm("Shoe shop brands 2026", "2026-05-01") + (
        "## Brands\n- Walking boots: Fellstride and Ridgeway\n"))
    c = compose("merge", v2, [v1], now=NOW)
    assert "Which brands the shop stocks and who supplies them." in c.text
    assert not describes_note("Update both when anything changes.", ENGLISH)
    assert describes_note("Review of the spring prices after six weeks.", ENGLISH)
    # "review" and "update" name events too: a dated one is a fact, not the note's name
    assert not describes_note("Rent review on 1 June 2026.", ENGLISH)
