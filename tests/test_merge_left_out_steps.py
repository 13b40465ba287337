"""Issue 18, items 3 and 4 (round 24): a step the newer version of a procedure left out,
that nothing in the newest speaks of, is a fact only the older note has. It is carried,
written after the newest's list as a list of its own (never spliced into it), and the
person can drop it with one key. Held back still: a step whose place the newer list
fills with a step of its own (a swap), a step whose nearest newest unit tells what
holds now, and a step the newest says was dropped. On round 23's seen merge sets the
held-back steps nothing spoke of held 17 still-true facts and 0 old values.
Domain: a carousel restoration workshop (no other test uses it); real parser, model."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("carousel/horse-lift.md", fm("Lifting a carousel horse", "2025-03-02") + (
    "How the Gallopers workshop takes a horse off the platform.\n\n## Procedure\n\n"
    "1. Wear cotton gloves; skin oils lift the gold leaf.\n"
    "2. Unbolt the brass pole at the crank end.\n"
    "3. Oil the crank bearing by hand.\n"
    "4. Lift the horse with two people, never by the ears or the tail.\n"
    "5. Stand the horse on the padded trestle in bay 2.\n"))

NEWER = note("carousel/horse-lift-2026.md", fm("Carousel horse lift (2026)", "2026-02-10") + (
    "How the Gallopers workshop takes a horse off the platform, from February 2026.\n\n"
    "## Steps\n\n"
    "1. Unbolt the brass pole at the crank end.\n"
    "2. Lift the horse with two people, never by the ears or the tail.\n"
    "3. Stand the horse on the padded trestle in bay 2.\n\n"
    "We no longer oil the crank bearing by hand: the sealed bearings fitted in January "
    "need none.\n"))

STEPS = ("1. Unbolt the brass pole at the crank end.\n"
         "2. Lift the horse with two people, never by the ears or the tail.\n"
         "3. Stand the horse on the padded trestle in bay 2.\n")


def test_a_left_out_step_nothing_speaks_of_is_carried_after_the_list():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(c, "Wear cotton gloves")
    assert e.status == "carried" and e.block and "carry" in e.flips, e
    text = body(c.text)
    assert STEPS in text  # the newest's list as it is: never renumbered or spliced into
    assert text.index("Wear cotton gloves") > text.index(STEPS) + len(STEPS)
    check_ledger(c)


def test_a_left_out_step_the_newest_says_was_dropped_is_not_carried():
    c = compose("merge", NEWER, [OLDER], now=NOW)
    assert entry(c, "Oil the crank bearing").status != "carried"
    assert "Oil the crank bearing by hand." not in c.text


def test_the_person_drops_a_carried_step_with_one_key():
    first = compose("merge", NEWER, [OLDER], now=NOW)
    e = entry(first, "Wear cotton gloves")
    c = compose("merge", NEWER, [OLDER], now=NOW, choices={e.key: "drop"})
    assert "Wear cotton gloves" not in c.text
    assert entry(c, "Wear cotton gloves").chosen


def test_a_step_swapped_for_another_in_its_place_stays_held_back():
    newer = note("carousel/horse-lift-2026.md", fm("Carousel horse lift (2026)",
                                                   "2026-02-10") + (
        "## Steps\n\n"
        "1. Unbolt the brass pole at the crank end.\n"
        "2. Check the organ is switched off at the isolator.\n"
        "3. Lift the horse with two people, never by the ears or the tail.\n"
        "4. Stand the horse on the padded trestle in bay 2.\n"))
    older = note("carousel/horse-lift.md", fm("Lifting a carousel horse", "2025-03-02") + (
        "## Procedure\n\n"
        "1. Unbolt the brass pole at the crank end.\n"
        "2. Chalk the horse's number inside the saddle.\n"
        "3. Lift the horse with two people, never by the ears or the tail.\n"
        "4. Stand the horse on the padded trestle in bay 2.\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Chalk the horse's number")
    assert e.status == "dropped" and "carry" in e.flips, e
    assert "Chalk" not in c.text
