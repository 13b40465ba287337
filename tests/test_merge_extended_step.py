"""Issue 18, "every fact accounted for" inside ordered blocks (round 31,
pass_extended): a newer version that shortened a step ("1. Disarm the alarm at the back
door.") did not change it; the older step said it and went on ("The alarm code is 4471
and you have 30 seconds ..."). Held back with its block, the code was lost (merge-BL,
merge-BN, merge-BT: 11 facts on the dev sets). The older step is written in the newest
step's place, under the newest's number, unless the person says newer; a step whose
extra words sit inside the sentence (a material the newest replaced), or go on with an
earlier figure or a thing the newest says is over, is not.
Domain: a nail bar (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, merged, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Nail bar opening routine", "2025-05-01") + (
    "## Opening\n\n"
    "1. Switch on the extraction fans.\n"
    "2. Wipe the desks with Barbicide spray.\n"
    "3. Sterilise the metal tools in the autoclave. The cycle is 134°C for 3 minutes "
    "and the log sheet is signed.\n"
    "4. Check the UV lamps; each lamp cures gel in 60 seconds. The old lamps took 90 seconds.\n"
    "5. Book the next appointments at the desk; write each one in the paper diary.\n")

NEWER = fm("Nail bar opening routine 2026", "2026-04-01") + (
    "## Opening\n\n"
    "1. Unlock and switch off the alarm.\n"
    "2. Sterilise the metal tools in the autoclave.\n"
    "3. Wipe the desks with spray.\n"
    "4. Check the UV lamps; each lamp cures gel in 60 seconds.\n"
    "5. Book the next appointments at the desk.\n\n"
    "The paper diary is no longer used; bookings live in Fresha.\n")


def _compose(action: str = "merge", **kw):
    return compose(action, note("nails/opening-2026.md", NEWER),
                   [note("nails/opening.md", OLDER)], now=NOW, **kw)


def test_an_older_step_saying_the_newest_step_and_more_is_written_in_its_place():
    c = _compose()
    check_ledger(c)
    assert ("2. Sterilise the metal tools in the autoclave. The cycle is 134°C for 3 "
            "minutes and the log sheet is signed.\n3. Wipe") in c.text  # failed before
    assert "3. Sterilise" not in c.text
    e = entry(c, "The cycle is 134°C")
    assert e.status == "carried" and "newer" in e.flips and not e.chosen
    # words inside the sentence are another wording, not more said after it
    assert "3. Wipe the desks with spray." in c.text and "Barbicide" not in c.text
    # an earlier figure of what the step measures, a thing the newest says is over
    assert "90 seconds" not in c.text
    assert "4. Check the UV lamps; each lamp cures gel in 60 seconds.\n" in c.text
    assert "write each one in the paper diary" not in c.text


def test_the_person_keeps_the_newer_step_and_an_update_writes_it_as_it_is():
    e = entry(_compose(), "The cycle is 134°C")
    assert "newer" in e.flips
    kept = _compose(choices={e.key: "newer"})
    check_ledger(kept)
    assert "2. Sterilise the metal tools in the autoclave.\n" in kept.text
    assert "134°C" not in kept.text
    assert "134°C" not in _compose("update").text


def test_a_reversed_step_or_a_tail_the_newest_speaks_of_again_is_not_written():
    older = fm("Nail bar closing routine", "2025-05-01") + (
        "## Closing\n\n"
        "1. Leave the extraction fans on; the fumes take an hour to clear.\n"
        "2. Lock the back door; then set the alarm at the front panel.\n"
        "3. Empty the bins. Jade takes the sharps box to the clinic on Fridays.\n"
        "4. Wipe the lamps (new step after the March audit).\n")
    newer = fm("Nail bar closing routine 2026", "2026-04-01") + (
        "## Closing\n\n"
        "1. Never leave the extraction fans on.\n"
        "2. Lock the back door.\n"
        "3. Empty the bins.\n"
        "4. Wipe the lamps.\n"
        "5. Arm the alarm last, from the keypad by the front door.\n\n"
        "Priya takes the sharps box to the clinic now.\n")
    c = merged(note("nails/closing-2026.md", newer), note("nails/closing.md", older), now=NOW)
    assert "1. Never leave the extraction fans on.\n" in c.text
    assert "fumes take an hour" not in c.text  # "Never ..." is not the older step's words
    assert "2. Lock the back door.\n" in c.text and "front panel" not in c.text
    assert "Jade takes the sharps box" not in c.text
    assert "4. Wipe the lamps.\n" in c.text and "March audit" not in c.text
