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
    return [(e.said, sorted(e.words), sorted(e.duty)) for e in ended(text, ENGLISH)]


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


def test_when_or_how_much_after_the_verb_is_a_value_not_an_end():
    for text in ("Tom no longer works Saturdays.", "The class no longer meets on Tuesdays.",
                 "The café no longer serves breakfast after 11.",
                 "The bus no longer stops at 9pm."):
        assert ended(text, ENGLISH) == (), text  # failed before: the subject was over


def test_the_subject_s_other_lines_stay():
    old = dated("farm/front-office.md", "Front office", "farm/front-office", V1,
                modified="2024-02-01")
    new = dated("farm/front-office-guide.md", "Front office guide", "farm/front-office-guide",
                V2, modified="2025-03-01")
    c = compose("merge", new, [old], kept=new, now=NOW)
    for still in ("Reception opens at 8:30", "07700 900456", "eggs from our own hens"):
        assert still in c.text, (still, c.text)  # failed before: superseded
        assert entry(c, still).status == "carried", entry(c, still)
    for over in ("pays out petty cash for volunteer claims",
                 "[people] Sarah Okoye leads the Tuesday"):
        assert over not in c.text, (over, c.text)
    check_ledger(c)
