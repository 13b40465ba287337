"""Issue 18 point 3, "blocks with an order are taken whole" (round 32, pass_blocks
._one_procedure): two versions of one note that each hold one numbered list hold one
procedure. When the newest rewrote most steps past the closeness a step-by-step match
needs, the older list was no one's older version and was written whole under its old
heading beside the newest's (merge-BZ: a retired locomotive's steps and an old chief
engineer's number; merge-BY: a second voicing runbook). Now its steps are read against
the newest's list: the same step is present, a step the newest dropped a carry-over
candidate, nothing is numbered twice. A note with two numbered lists keeps the
step-by-step match.
Domain: a leisure centre (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Pool plant room morning checks", "2025-02-01") + (
    "## Steps\n\n"
    "1. Unlock the plant room with the red key from the duty office.\n"
    "2. Read the free chlorine on the Palintest meter and write it on the board.\n"
    "3. Backwash filter B if its pressure gauge is over 1.2 bar.\n"
    "4. Phone Aquaserve on 01632 960 118 if the dosing pump alarm is lit.\n"
    "5. Check the UV lamp hours counter is under 9,000.\n"
    "6. Empty the hair and lint strainer on pump 2.\n")

NEWER = fm("Pool plant checks 2026", "2026-02-01") + (
    "## Who does it\n\n"
    "The first duty manager on shift, before 06:30.\n\n"
    "## Plant room\n\n"
    "1. Unlock the plant room with the red key from the duty office.\n"
    "2. Test free chlorine with the new Lovibond photometer; log it in the app.\n"
    "3. Check the balance tank level and top up if needed.\n"
    "4. Sign the plant room log before the pool opens.\n")


def test_a_rewritten_procedure_is_the_newest_ones_older_version():
    c = merged(note("leisure/plant-2026.md", NEWER), note("leisure/plant.md", OLDER), now=NOW)
    assert "## Steps" not in c.text  # failed before: the old procedure written whole
    assert "Palintest" not in c.text
    backwash = entry(c, "Backwash filter B")
    assert backwash.block and "carry" in backwash.flips
    assert c.text.count("Unlock the plant room") == 1
    assert backwash.held


def test_a_note_with_two_procedures_keeps_the_step_by_step_match():
    newer = NEWER + ("\n## Closing\n\n1. Switch the pool covers on.\n"
                     "2. Set the dosing pumps to night mode.\n")
    c = merged(note("leisure/plant-2026.md", newer), note("leisure/plant.md", OLDER), now=NOW)
    assert "Backwash filter B" in c.text  # which list it belongs to is not known
