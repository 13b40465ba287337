"""Issue 18, "newer values replacing older ones" (round 26, ended.py): one capitalised
word opening a sentence before a leaving cue is someone's name ("Owen has left for
university", "Lukasz left us in May"), as a pronoun after it would show (roles.py), and
a person who left is gone from the whole note, not one section's scope. "Driver: Owen
on Thursdays" had been written beside "Owen has left for university" (merge-BD g13;
round 25's merge-AX had "Lukasz left"). An older line names the person only where no
sentence starts ("Driver: Owen"), and "Everyone left early" or "Turn left at the gate"
name no one. Domain: a glass-blowing studio (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.ended import ended
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_one_word_before_a_leaving_cue_is_a_name():
    assert [(e.said, e.person) for e in ended("Owen has left for university.", ENGLISH)] \
        == [("Owen", True)]
    assert ended("Everyone left early.", ENGLISH) == ()
    assert ended("Turn left at the gate.", ENGLISH) == ()


def test_a_one_name_leaver_is_gone_from_every_section():  # failed before
    older = note("glass/studio-rota.md", fm("Studio rota", "2025-01-10") + (
        "## Furnace\n\n- Furnace minder: Tomasz on Mondays, lights it at 07:00.\n"
        "- Glory hole checked before every session.\n\n"
        "## Shop\n\n- Shop open Thursday to Sunday.\n"))
    newer = note("glass/studio-rota-2026.md", fm("Studio rota 2026", "2026-02-01") + (
        "## Shop\n\n- Shop open Wednesday to Sunday.\n\n"
        "## Team news\n\nTomasz has left for a studio in Bristol. Priya now lights the "
        "furnace.\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Furnace minder: Tomasz")
    assert e.status in ("superseded", "dropped"), e
    assert "Tomasz on Mondays" not in c.text
    assert "Glory hole checked before every session" in c.text
    check_ledger(c)


def test_a_sentence_opening_with_the_leavers_name_speaks_of_them():  # failed before
    # round 27 (merge-BE g02: "Dennis keeps the spare key blanks in the blue drawer."
    # written beside "Dennis retired"); a sail loft, which no other test uses. A word a
    # sentence opens with ("Will", "May") is no such name.
    older = note("sail-loft/loft-notes.md", fm("Loft notes", "2025-03-01") + (
        "## Locking up\n\nThe last one out sets the alarm; the panel is by the door. "
        "Marek keeps the spare needles in the tin above the bench. The cutting table "
        "is cleared every night.\n"))
    newer = note("sail-loft/loft-notes-2025.md", fm("Loft notes 2025", "2025-10-01") + (
        "## Team\n\nMarek retired at the end of September after twenty years. Ines "
        "now runs the repairs bench.\n\n"
        "## Locking up\n\nThe last one out sets the alarm; the panel is by the door.\n"))
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "Marek keeps the spare needles").status in ("superseded", "dropped")
    assert "Marek keeps" not in c.text
    assert "The cutting table is cleared every night." in c.text
    check_ledger(c)
