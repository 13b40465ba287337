"""Odd numbers and dates a merge reads without crashing (a fuzzing pass over the engine
found each): "until 29 Feb" in a note written after it in a leap year (the next 29 February
does not exist), and runs of thousands of digits, which `int` refuses (a count, a list's item
number: CommonMark's ordered marker is 1-9 digits, so a longer run is text). Domain: a tide
mill museum."""

from __future__ import annotations

import pytest
from helpers_merge import check_ledger, dated

from review_app.core.merging import compose

LONG = "1" * 4301


@pytest.mark.parametrize("action", ["merge", "update"])
def test_until_29_february_written_after_it_in_a_leap_year(action: str):
    """Failed before: ValueError (day is out of range for month) in past_events.lapsed."""
    old = dated("mill/tours-old.md", "Mill tours", "mill/tours-old",
                "The old booking line diverts until 29 February, then stops.\n\n"
                "Tours start at the wheel pit.\n", modified="2024-03-01")
    new = dated("mill/tours.md", "Mill tours guide", "mill/tours",
                "Tours start at the wheel pit. Book online.\n", modified="2025-06-01")
    out = compose(action, new, [old], kept=new)
    assert "Tours start at the wheel pit. Book online." in out.text
    check_ledger(out)


@pytest.mark.parametrize("older,newest", [
    (LONG + " sacks\n", "The mill grinds flour.\n"),
    (LONG + ".2\n", "The mill grinds flour.\n"),
    ("The mill grinds flour.\n", LONG + ". Grind the oats.\n"),
    ("Grind the oats\n" + LONG + ". Sieve the flour.\n", "The mill grinds flour.\n"),
    ("1. Grind the oats.\n" + LONG + ". Sieve the flour.\n", "2. Grind the oats.\n"),
], ids=["a count", "a version number", "the newest's item number", "a wrapped line",
        "an older item number"])
@pytest.mark.parametrize("action", ["merge", "update"])
def test_a_run_of_thousands_of_digits_is_text(older: str, newest: str, action: str):
    """Failed before, for merge in every case and for update where an item number is read:
    ValueError (Exceeds the limit for integer string conversion) in recounts.counts,
    facts.counts, pass_references._numbers or document.interrupts."""
    old = dated("mill/log-old.md", "Mill log", "mill/log-old", older, modified="2024-01-01")
    new = dated("mill/log.md", "Mill log 2025", "mill/log", newest, modified="2025-01-01")
    out = compose(action, new, [old], kept=new)
    assert newest.splitlines()[0][-12:] in out.text
    check_ledger(out)
