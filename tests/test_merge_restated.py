"""Issue 18, merge12c: an older sentence the newest restates in other words is present,
not carried as a repeat: a time written on the other clock ("7:30pm" / "19:30"), a
number spelled out ("6 months" / "six months"), or a newest sentence that says it as
one of its clauses ("X leads the project." / "X leads the project, and Y ..."). An
older sentence with a fact of its own stays carried. Domain: a brass band (no other
test uses it); real parser, real model. The first three tests failed before."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)


def pair(older: str, newer: str):
    return (note("band/rehearsals.md", fm("Rehearsal plan", "2025-03-01") + (
        "How the Thornbury brass band rehearses.\n\n## Rehearsals\n\n" + older)),
            note("band/rehearsals-2025-11.md", fm("Rehearsal plan (Nov 2025)", "2025-11-10") + (
                "How the Thornbury brass band rehearses.\n\n## Rehearsals\n\n" + newer)))


NEWER = ("Every Tuesday the band meets in the Methodist hall from 19:30 to 21:30.\n"
         "For the first six months a new player borrows an instrument from the band.\n"
         "Gwen Price conducts the band, and Owain Jones keeps the music library.\n"
         "Tea break is at 8:30pm.\n")


def test_a_time_on_the_other_clock_is_the_same_fact():
    older, newer = pair("Rehearsals run from 7:30pm to 9:30pm every Tuesday in the "
                        "Methodist hall.\n", NEWER)
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Rehearsals run from 7:30pm")
    assert e.status == "present" and not e.held, e
    assert "7:30pm" not in c.text
    check_ledger(c)


def test_a_number_the_newest_spells_out_is_the_same_fact():
    older, newer = pair("New players get a loan instrument for their first 6 months.\n", NEWER)
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "first 6 months").status == "present"
    assert "first 6 months" not in c.text
    check_ledger(c)


def test_an_older_sentence_a_newest_clause_says_is_present():
    older, newer = pair("Gwen Price conducts the band.\n", NEWER)
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Gwen Price conducts the band.")
    assert e.status == "present" and "Owain Jones" in (e.by_text or ""), e
    assert body(c.text).count("Gwen Price conducts the band") == 1
    check_ledger(c)


def test_an_older_sentence_with_a_fact_of_its_own_stays_carried():
    older, newer = pair("The coach to contests leaves the hall at 6pm.\n", NEWER)
    c = compose("merge", newer, [older], now=NOW)
    assert entry(c, "The coach to contests").status == "carried"
    assert "The coach to contests leaves the hall at 6pm." in c.text
