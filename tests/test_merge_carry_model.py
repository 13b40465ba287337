"""Issue 18, point 4 (merge15a): the carry decision on older prose, refitted on the dev
sets with features saying "the newest speaks to this" without sharing a value, and one
rule for an older unit written in place of a newest one (older_only.fuller_than).

- A still-true older-only fact (a supplier with its address and order line) is carried.
- An older line the newest replaced in other words (a contractor the newest says the
  contract with ended) is not written: superseded or held back, a row in the ledger.
  Only the refitted model does this (xfail until its weights ship, see the marker).
- An older sentence saying a newest sentence whole "and more", where the more is an old
  value of a thing the newest gives anew in another sentence (a depth in cm, a short
  number with a unit of measure), is not written in its place: the newest's sentence
  stands and the older one is superseded by the unit giving the new value. One whose
  more is a fact the newest gives no value of is still written in its place.
Domain: a trout hatchery (no other test uses it); real parser, real model."""

from __future__ import annotations

import datetime as dt

import pytest
from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

OLDER = note("trout/hatchery-routine.md", fm("Hatchery routine", "2025-03-01") + (
    "Daily routine of the Glenmoss trout hatchery.\n\n## Visitors\n\n"
    "Saturday: closed to visitors all day.\n"
    "School groups book through the office.\n\n"
    "## Feed\n\n"
    "Feed pellets come from Aquafeed Ltd, 14 Mill Lane, Perth; order line 01632 960587.\n"
    "Fry are fed six times a day.\n\n"
    "## Tanks\n\n"
    "Tank depth 75 cm, dissolved oxygen above 9 mg/l.\n"
    "Hatchery gates open at 07:30, and the night alarm code is 4471.\n"
    "Hatching trays are rinsed with river water.\n\n"
    "## Waste\n\n"
    "Tayside Sludge collects the settled waste every second Friday.\n"))

NEWER = note("trout/hatchery-routine-2026.md", fm("Hatchery routine 2026", "2026-02-01") + (
    "Daily routine of the Glenmoss trout hatchery.\n\n## Visitors\n\n"
    "Open to visitors on Saturdays 10-14 from April.\n"
    "School groups book through the office.\n\n"
    "## Feed\n\n"
    "Fry are fed five times a day.\n\n"
    "## Tanks\n\n"
    "The tanks were deepened to 90 cm in the refit.\n"
    "Dissolved oxygen above 9 mg/l.\n"
    "Hatchery gates open at 07:30.\n\n"
    "## Waste\n\n"
    "Collections moved to Highland Organics after the Tayside Sludge contract ended "
    "in March.\n"))


def _merged():
    return compose("merge", NEWER, [OLDER], now=NOW)


def test_a_still_true_older_supplier_and_address_is_carried():
    c = _merged()
    line = "Feed pellets come from Aquafeed Ltd, 14 Mill Lane, Perth; order line 01632 960587."
    assert entry(c, "Aquafeed Ltd").status == "carried"
    assert line in c.text
    check_ledger(c)


@pytest.mark.xfail(strict=True, reason=(
    "the refitted carry model holds this line back (p 0.02), but its nearest newest unit "
    "is below Thresholds.carry_hold_cosine, and a unit nothing in the newest is that near "
    "is carried whatever the model says (round 15: holding those back lost still-true "
    "older-only facts in 8 merge tests)"))
def test_an_older_line_the_newest_replaced_in_other_words_is_not_written():
    c = _merged()
    e = entry(c, "Tayside Sludge collects")
    assert "Tayside Sludge collects" not in c.text
    if e.status == "superseded":
        assert e.flips == ("newer", "older") and e.by_text, e
    else:  # held back: a row the person can flip to carry it
        assert e.status == "dropped" and e.held and e.flips == ("carry", "drop"), e
    check_ledger(c)


def test_a_fuller_older_sentence_with_an_old_measure_is_not_written_in_place():
    c = _merged()
    assert "75 cm" not in c.text
    assert "Dissolved oxygen above 9 mg/l." in c.text
    assert "The tanks were deepened to 90 cm in the refit." in c.text
    e = entry(c, "Tank depth 75 cm")
    assert e.status == "superseded" and e.flips == ("newer", "older"), e
    assert e.by_text == "The tanks were deepened to 90 cm in the refit.", e
    check_ledger(c)


def test_a_fuller_older_sentence_with_a_new_fact_is_written_in_place():
    c = _merged()
    assert "Hatchery gates open at 07:30, and the night alarm code is 4471." in c.text
    assert "Hatchery gates open at 07:30.\n" not in c.text
    e = entry(c, "night alarm code")
    assert e.status == "carried" and e.why.startswith("written instead of"), e
    assert e.flips == ("newer", "older"), e
    newer = compose("merge", NEWER, [OLDER], now=NOW, choices={e.key: "newer"})
    assert "Hatchery gates open at 07:30." in newer.text and "4471" not in newer.text
