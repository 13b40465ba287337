"""A value the newest replaced is old wherever an older version says it (issue 18: no
superseded value stated as current). pass_verdicts judges each older line against the
newest alone, so the oldest version's line with a value the middle version also gave,
and the newest changed, was carried beside the newest's value: "Subs must be paid by 30
April" under "subs close on 15 May" (merge-CN, a caving dinner's deposit deadline)."""

from __future__ import annotations

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

OLDEST = fm("Ukulele Club Handbook", "2025-01-12", created="2025-01-10") + """\
How the Tuesday strummers run their season.

## Sessions
- Tuesdays 19:30-21:00 in the Quaker meeting house.
- Loan ukuleles go back after 3 months.

## Money
Subs must be paid by 30 April to the treasurer.
"""

MIDDLE = fm("Ukulele club season guide", "2025-03-02", created="2025-03-01") + """\
## Sessions
- Tuesdays 19:30-21:00 in the Quaker meeting house.

## Subs and fees
A £5 songbook fee per player; subs by 30 April.
Membership runs 3 months at a time, £20.
"""

NEWEST = fm("Ukulele club season guide 2025", "2025-04-20", created="2025-04-18") + """\
## Sessions
- Tuesdays 19:30-21:00 in the Quaker meeting house.

## Subs and fees
A £5 songbook fee per player; subs close on 15 May.
Membership runs 6 months at a time, £20.
"""


def _three(name: str, oldest: str, middle: str, newest: str, **kw):
    """The merge of three versions of one note, oldest first."""
    return compose("merge", note(f"ukulele/{name}-2025.md", newest),
                   [note(f"ukulele/{name}.md", oldest), note(f"ukulele/{name}-v2.md", middle)],
                   **kw)


def _composed():
    return _three("season-guide", OLDEST, MIDDLE, NEWEST)


def test_an_older_line_restating_a_value_the_newest_changed_is_not_written():
    # (as on merge-CN, the two lines share exactly a quarter of their words: "subs")
    composed = _composed()
    # got (before): "Subs must be paid by 30 April to the treasurer." carried under
    # "subs close on 15 May"
    assert "30 April" not in composed.text, composed.text
    assert "subs close on 15 May" in composed.text
    e = entry(composed, "Subs must be paid by 30 April")
    assert e.status == "dropped" and "15 May" in e.why, e
    assert "restates a value the newest changed" in e.why
    check_ledger(composed)


def test_carrying_it_back_writes_it_beside_the_newests_line():
    """From a review: one key brings the line back; the newest's line, and the fee it
    gives, stay (a "newer / older" flip wrote it in place of the newest's)."""
    e = entry(_composed(), "Subs must be paid by 30 April")
    assert e.flips == ("carry", "drop"), e
    carried = _three("season-guide", OLDEST, MIDDLE, NEWEST, choices={e.key: "carry"})
    assert "Subs must be paid by 30 April to the treasurer." in carried.text, carried.text
    assert "A £5 songbook fee per player; subs close on 15 May." in carried.text
    check_ledger(carried)


def test_two_lines_of_one_note_are_two_statements():
    """From a review: a line of the same note at the same date ("Gig bag orders must be
    in by 30 April.") is no version of the line whose date the newest moved."""
    older = note("ukulele/orders.md", fm("Ukulele Club Orders", "2025-01-12") + """\
## Strings
Club string orders must be in by 30 April for June delivery.

## Gig bags
Gig bag orders must be in by 30 April.
""")
    newest = note("ukulele/orders-2025.md", fm("Ukulele club orders 2025", "2025-04-20") + """\
## Strings
Club string orders must be in by 15 May for June delivery.
""")
    composed = compose("merge", newest, [older])
    # (a quarter of their words alike: only the rule that they are one note's keeps it)
    assert "Gig bag orders must be in by 30 April." in composed.text, composed.text
    check_ledger(composed)


def test_a_line_sharing_only_the_values_unit_is_another_thing():
    """"3 months" of a loan is not the membership term the newest changed to 6 months:
    the two lines share the unit of the value, not what they speak of."""
    composed = _composed()
    assert "Loan ukuleles go back after 3 months." in composed.text, composed.text
    assert entry(composed, "Loan ukuleles").status == "carried"
    check_ledger(composed)


LESSONS_OLDEST = fm("Ukulele Lessons", "2025-01-12", created="2025-01-10") + """\
## Lessons
A lesson takes 45 minutes with the tutor.
Loan ukuleles are kept for 28 days.
"""

LESSONS_MIDDLE = fm("Ukulele lessons and lost property", "2025-03-02",
                    created="2025-03-01") + """\
## Lessons
A group lesson costs £8 and takes 45 minutes.
Lost songbooks are kept at the hall for 28 days.
"""

LESSONS_NEWEST = fm("Ukulele lessons 2025", "2025-04-20", created="2025-04-18") + """\
## Lessons
A group lesson costs £10.
Lost songbooks are kept at the hall for 14 days.
"""


def test_only_the_value_the_newest_replaced_is_old():
    """From a review: the middle line gave two values and the newest replaced one (the
    price); the oldest line's other value (45 minutes), and a line of another thing
    at the same value ("Loan ukuleles are kept for 28 days" / lost songbooks' 28
    days), are still true."""
    composed = _three("lessons", LESSONS_OLDEST, LESSONS_MIDDLE, LESSONS_NEWEST)
    assert "45 minutes" in composed.text, composed.text
    assert "Loan ukuleles are kept for 28 days." in composed.text, composed.text
    assert "Lost songbooks are kept at the hall for 28 days." not in composed.text
    check_ledger(composed)


GUARD_OLDEST = fm("Ukulele Club Calendar", "2025-01-12", created="2025-01-10") + """\
## Dates
Songbooks arrive 30 April.
Subs must be paid by 30 April to the treasurer; late payers add £3.
"""

GUARD_MIDDLE = fm("Ukulele club calendar 2025", "2025-03-02", created="2025-03-01") + """\
## Dates
Hall bookings close 30 April.
Subs by 30 April, please.
"""

GUARD_NEWEST = fm("Ukulele club calendar 2025 (final)", "2025-04-20",
                  created="2025-04-18") + """\
## Dates
Hall bookings close 15 May.
Subs by 15 May, please.
"""


def test_a_line_sharing_only_the_month_or_adding_a_fact_is_not_old():
    """From a review, each guard on its own line: "Songbooks arrive 30 April" shares
    only the date's month with "Subs by 30 April" (counted as a word, it made a quarter
    of their words alike); "late payers add £3" is a fact beside the replaced date."""
    composed = _three("calendar", GUARD_OLDEST, GUARD_MIDDLE, GUARD_NEWEST)
    assert "Songbooks arrive 30 April." in composed.text, composed.text
    assert "late payers add £3" in composed.text, composed.text
    check_ledger(composed)
