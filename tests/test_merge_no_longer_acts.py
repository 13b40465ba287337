""""X no longer <does> Y" ends what X did, not X (ended._acts). Before, the subject was
read as the thing that is over: "Reception no longer pays out petty cash" superseded every
older line naming reception ("Reception opens at 8:30"), "The shop no longer stocks goat's
milk soap" every line of the shop, "Sarah Okoye no longer leads the Tuesday group" all of
Sarah's. Now the thing after the verb is over where the subject is spoken of (the unit,
its section or its note's title names it), and a clause saying when or how much ("Tom no
longer works Saturdays") is a changed value, which ends nothing. Found by a blind reader
of merge-FK ("[petty-cash] Petty cash for small claims" under "Reception no longer pays
out petty cash"). Domain: a city farm's front office, which no other merge test uses."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, dated, entry

from review_app.core.merge.ended import ended
from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 7, 9, 0)

V1 = """How the front office at the city farm works.

## Reception
Reception opens at 8:30 and takes card payments for feed bags.
Reception pays out petty cash for volunteer claims up to £20.

## Observations
- [people] Sarah Okoye leads the Tuesday volunteer group #volunteers
- [people] Sarah Okoye answers newsletter queries on 07700 900456 #newsletter
- [shop] The shop sells eggs from our own hens at £2.50 a half dozen #shop
"""

V2 = """How the front office at the city farm works.

## Reception
Reception no longer pays out petty cash; volunteers claim through the expenses form.

## People
Sarah Okoye no longer leads the Tuesday volunteer group; Priya Nair does.

## Farm shop
The shop no longer stocks goat's milk soap.
"""


def _readings(text: str) -> list[tuple[str, list[str], list[str]]]:
    return [(e.said, sorted(e.words), sorted(e.doer)) for e in ended(text, ENGLISH)]


def test_the_thing_after_the_verb_is_over_where_the_subject_is_spoken_of():
    assert _readings("Reception no longer pays out petty cash.") == [
        ("petty cash", ["cash", "petty"], ["reception"])]
    assert _readings("The shop no longer stocks Dulux paint.") == [
        ("Dulux", ["dulux"], ["shop"])]
    assert _readings("Sarah no longer leads the Tuesday group.") == [
        ("tuesday group", ["group", "tuesday"], ["sarah"])]  # a day naming a group
    # unchanged: the speaker's acts, a thing that is gone, a person who left
    assert _readings("We no longer run a Sunday collection.") == [
        ("sunday collection", ["collection", "sunday"], [])]
    assert _readings("The van no longer exists.") == [("van", ["van"], [])]
    assert _readings("Dave Hollins no longer works here.") == [
        ("Dave Hollins", ["dave", "hollin"], [])]


def test_a_day_or_number_after_the_verb_is_what_is_over_for_the_subject():
    """"Tom no longer works Saturdays": Tom still is; his Saturdays are over, where a text
    names him (before, Tom was over, and every line naming him)."""
    for text, thing, doer in (("Tom no longer works Saturdays.", "Saturdays", ["tom"]),
                              ("The class no longer meets on Tuesdays.", "Tuesdays",
                               ["class"])):
        assert [(e.said, sorted(e.doer)) for e in ended(text, ENGLISH)] == [
            (thing, doer)], text
    old = """The village shop.

## Staff
Tom works Saturdays on the till, 8am to 1pm.
Tom also does the bank run on Fridays; his mobile is 07700 900123.
"""
    new = """The village shop.

## Staff
Tom no longer works Saturdays.
"""
    c = compose("merge", *_pair(old, new, "Shop staff"), now=NOW)
    assert "Tom works Saturdays on the till" not in c.text, c.text  # a third review
    assert "bank run on Fridays; his mobile is 07700 900123" in c.text, c.text  # before: over
    check_ledger(c)


def test_the_subject_s_other_lines_stay():
    c = compose("merge", *_pair(V1, V2), now=NOW)
    for still in ("Reception opens at 8:30", "07700 900456", "eggs from our own hens"):
        assert still in c.text, (still, c.text)  # failed before: superseded
        assert entry(c, still).status == "carried", entry(c, still)
    for over in ("pays out petty cash for volunteer claims",
                 "[people] Sarah Okoye leads the Tuesday"):
        assert over not in c.text, (over, c.text)
    check_ledger(c)


# An adversarial review's cases: a person who left said with "works at / with", a name
# with a number in it, and a note about the subject whose other lines speak of the thing.
def test_a_person_who_no_longer_works_somewhere_is_over():
    assert _readings("Dave Hollins no longer works at the farm.") == [
        ("Dave Hollins", ["dave", "hollin"], [])]
    assert _readings("Sue Park no longer volunteers with us.") == [
        ("Sue Park", ["park", "sue"], [])]
    # a person named whole: their hold on the thing is over (Ended.duty, with the verb:
    # "Coach: Mark Lee"), not the thing; "the under-12s" is a team named with a number,
    # not a changed value
    assert [(e.said, sorted(e.duty)) for e in ended(
        "Mark Lee no longer coaches the under-12s.", ENGLISH)] == [
        ("Mark Lee", ["coach", "under-12"])]
    old = V1.replace("- [people] Sarah Okoye answers", "- [people] Dave Hollins runs the "
                     "tractor rota; call him on 07700 900111 #tractor\n- [people] Sarah "
                     "Okoye answers")
    new = V2.replace("Priya Nair does.", "Priya Nair does.\nDave Hollins no longer works "
                     "at the farm; tractor bookings go to Priya Nair.")
    c = compose("merge", *_pair(old, new), now=NOW)
    assert "07700 900111" not in c.text, c.text
    assert entry(c, "07700 900111").status == "superseded", entry(c, "07700 900111")
    check_ledger(c)


def test_the_thing_s_own_lines_stay_in_a_note_about_the_subject():
    old = """What Sarah Okoye does at the city farm.

## Volunteering
Sarah Okoye leads the Tuesday volunteer group.
The Tuesday volunteer group meets at 10am in the big barn; bring wellies.
"""
    new = """What Sarah Okoye does at the city farm.

## Volunteering
Sarah Okoye no longer leads the Tuesday volunteer group; Priya Nair does.
"""
    c = compose("merge", *_pair(old, new, "Sarah Okoye"), now=NOW)
    assert "meets at 10am in the big barn" in c.text, c.text
    assert "Sarah Okoye leads the Tuesday volunteer group." not in c.text, c.text
    check_ledger(c)


def _pair(old: str, new: str, title: str = "Front office"):
    a = dated("farm/front-office.md", title, "farm/front-office", old, modified="2024-02-01")
    b = dated("farm/front-office-guide.md", f"{title} guide", "farm/front-office-guide",
              new, modified="2025-03-01")
    return b, [a]


# A second review's cases: a person named whole keeps what they no longer run (only their
# hold on it ends), and a verb that says only that the subject happens, or a gone cue
# other than "no longer", leaves the subject as the thing that is over.
def test_a_person_named_whole_no_longer_running_a_thing_leaves_the_thing():
    """And a line naming the hold by its verb ends with it (a third review)."""
    old = """The village shop.

## Shop
The shop opens 9am to 5pm, Tuesday to Saturday; Priya Shah manages it, orders on 07700 900555.

## Contacts
Manager: Priya Shah, 07700 900556.
"""
    new = """The village shop.

## Shop
Priya Shah no longer manages the shop; Tom Reed does.
"""
    c = compose("merge", *_pair(old, new, "Village shop"), now=NOW)
    assert "The shop opens 9am to 5pm, Tuesday to Saturday" in c.text, c.text
    assert "07700 900555" not in c.text, c.text
    assert "Manager: Priya Shah" not in c.text, c.text
    check_ledger(c)


def test_the_subject_is_over_when_the_verb_says_only_that_it_happens():
    assert _readings("The Friday market no longer takes place.") == [
        ("friday market", ["friday", "market"], [])]
    assert _readings("The minibus was sold months ago.") == [("minibus", ["minibus"], [])]


def test_after_but_the_subject_is_the_clause_s():
    """"Sarah still helps at the Sunday open day but no longer plans the weeks": the doer
    is Sarah, not the open day before "but" (merge-EY's ski-school profile wrote the older
    "runs the programme, which means she writes the weekly plan" back as current)."""
    assert [(e.said, sorted(e.doer)) for e in ended(
        "Sarah still helps at the Sunday open day but no longer plans the weeks.",
        ENGLISH)] == [("week", ["sarah"])]
    old = """Who does what at the city farm.

## Volunteers
Sarah writes the weekly feeding plan and orders hay from Harper's.
"""
    new = """Who does what at the city farm.

## Volunteers
Sarah still helps at the Sunday open day but no longer plans the weeks.
"""
    c = compose("merge", *_pair(old, new, "Farm volunteers"), now=NOW)
    assert "writes the weekly feeding plan" not in c.text, c.text
    check_ledger(c)


# A fourth review's cases: a clause whose subject is not read, and a doer of two words.
def test_after_but_with_no_subject_read_nothing_is_over():
    for text in ("Sarah, our volunteer coordinator, still helps out but no longer leads the "
                 "Tuesday group; Priya does.",
                 "He still does the weekday till but no longer works Saturdays."):
        assert ended(text, ENGLISH) == (), text  # failed before: the group, Saturdays over


def test_every_word_of_the_doer_is_named():
    old = """What happens on Saturdays at the city farm.

## Market
The Saturday market sells hot food and local cheese from 9am.

## Café
On Saturdays the café serves hot food from 12 to 3; the kitchen line is 01632 960 777.
"""
    new = """What happens on Saturdays at the city farm.

## Market
The Saturday market no longer sells hot food.
"""
    c = compose("merge", *_pair(old, new, "Farm Saturdays"), now=NOW)
    assert "01632 960 777" in c.text, c.text  # failed before: "Saturday" named the doer
    assert "The Saturday market sells hot food" not in c.text, c.text
    check_ledger(c)
