"""Whom the newest replaced in a role is gone from the note also where an older line
names them by their first name alone (issue 18: a stale role is no current fact).
Before, "If Geoff is not on site, the duty driver signs off" was carried under the
newest's "the shed foreman, now Priya Okafor" (a loco disposal procedure)."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note

OLDER = fm("Handball kit room", "2025-02-03") + """\
How the Riverside Handball Club keeps its kit room.

## Who
Kit steward: Dorota Nowak (07700 900 318).
If Dorota is away, the team captain locks the kit room after training.

## Rules
- Balls are pumped to 0.5 bar before each session.
- On the first Monday of the month Dorota checks the first-aid kit.
- Match balls come from Dorota Sports Ltd in Leeds.
"""

NEWER = fm("Handball kit room (2026)", "2026-01-12") + """\
How the kit room runs this season.

## Who
The kit steward, now Sam Reid, holds the only key.

## Rules
- Balls are pumped to 0.5 bar before each session.
- Bibs are washed by whoever takes them home.
"""


def _composed(newer: str = NEWER):
    return merged(note("handball/kit-room-2026.md", newer), note("handball/kit-room.md", OLDER))


def test_a_line_naming_a_replaced_holder_by_first_name_is_superseded():
    composed = _composed()
    line = entry(composed, "If Dorota is away")
    # got (before): carried, "If Dorota is away, ..." under "The kit steward, now Sam Reid"
    assert line.status == "superseded", line.why
    assert line.flips == ("newer", "older")
    assert "If Dorota" not in composed.text and "Dorota checks" not in composed.text


def test_a_first_name_the_newest_still_writes_is_someone_it_names():
    assert entry(_composed(), "Dorota checks the first-aid kit").status == "superseded"
    # the newest names a Dorota (as its secretary): the line may mean her
    newer = NEWER.replace("holds the only key.",
                          "holds the only key. Dorota Ellis is club secretary.")
    composed = _composed(newer)
    assert entry(composed, "Dorota checks the first-aid kit").status == "carried"
    assert "Monday of the month Dorota checks the first-aid kit" in composed.text


def test_a_given_name_inside_another_name_is_not_the_holder():
    # "Dorota Sports Ltd" is a supplier, not Dorota Nowak
    composed = _composed()
    assert entry(composed, "Dorota Sports Ltd").status == "carried"
    assert "- Match balls come from Dorota Sports Ltd in Leeds." in composed.text


def test_a_given_name_opening_a_line_is_a_word_not_the_holder():
    # "Mark the kit book" is an instruction; Mark Evans was the kit steward before
    older = OLDER.replace("Dorota Nowak", "Mark Evans").replace("Dorota", "Mark") + \
        "- Mark the kit book after every session.\n"
    composed = merged(note("handball/kit-room-2026.md", NEWER),
                      note("handball/kit-room.md", older))
    assert entry(composed, "If Mark is away").status == "superseded"
    assert entry(composed, "Mark the kit book").status == "carried"
