"""Issue 18, "no stale line stated as current" (round 25, version_talk): an older
version's "Supersedes the March note for day-to-day use." or "Same as rev 1, but ..."
speaks of another version of the note (Lexicon.version_reference_cues then a document
noun), not of its subject: written in the merged note it names a note that is gone
(merge-AW g01 and g04, a blind reader's STALE). A line replacing a thing, not a note
("The new fryer replaces the old gas one"), is no such talk. Domain: an ice cream van
round (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.version_talk import version_talk
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("icecream/rounds-2025.md", fm("Van rounds 2025", "2025-06-01") + (
    "Supersedes the March note for weekday rounds.\n\n## Rounds\n\n"
    "- Monday: Northfield estate, 15:30 to 17:00.\n- Freezer is defrosted every Sunday.\n"))

NEWER = note("icecream/rounds-2026.md", fm("Van rounds 2026", "2026-05-01") + (
    "Weekday rounds for the Mr Frost van.\n\n## Rounds\n\n"
    "- Monday: Northfield estate, 16:00 to 17:30.\n- Tuesday: Hill Park, 15:30 to 17:00.\n"))


def test_a_line_superseding_an_older_note_is_version_talk():
    assert version_talk("Supersedes the March note for day-to-day use.", ENGLISH, True)
    assert version_talk("Same as rev 1, but the rope goes up to 250 m.", ENGLISH, False)
    assert version_talk("The new fryer replaces the old gas one.", ENGLISH, True) is None


def test_it_is_not_written_in_the_merged_note():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Supersedes the March note")
    assert e.status == "dropped", e
    assert "Supersedes" not in c.text
    assert "Freezer is defrosted every Sunday." in c.text
    check_ledger(c)
