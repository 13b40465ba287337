"""How a language writes values: days, months, currencies, shares, numbers and times
in words. Read by facts.py and worded_values.py (a value is a fact whatever its
spelling) and by the passes through the Lexicon, which extends this: one object still
holds every word list."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property


def word_set(text: str) -> frozenset[str]:
    """The words of a whitespace-separated list ("_" joins the words of one cue)."""
    return frozenset(text.split())


@dataclass(frozen=True)
class ValueWords:
    # The days of the week in order (a range "Fri-Mon" wraps). Among `function_words`
    # (a capitalised "Sunday" is no name), yet they tell one thing from another ("the
    # Sunday collection", "weekday collections").
    week: tuple[str, ...] = ("monday", "tuesday", "wednesday", "thursday", "friday",
                             "saturday", "sunday")
    # Months, so "March 2026" reads as a date.
    months: frozenset[str] = field(default_factory=lambda: word_set("""
        jan feb mar apr jun jul aug sep sept oct nov dec january february march april may
        june july august september october november december
        """))
    # Currency codes, so "EUR 250" reads as money.
    currencies: frozenset[str] = field(default_factory=lambda: word_set("""
        eur usd gbp chf jpy cad aud sek nok dkk pln czk
        """))
    # A share written in words after its number ("forty percent" is 40%,
    # worded_values.spelled_numbers; "per cent" is read as two words there).
    share_words: frozenset[str] = field(default_factory=lambda: word_set("""
        percent
        """))
    # A share said as a fraction word ("half up front" is 50% up front,
    # worded_values.spelled_numbers): read so only in what the newest states, where "half" is one
    # more way of saying a value an older "50%" gives.
    share_fractions: tuple[tuple[str, int], ...] = (("half", 50),)
    # ... and the words after such a fraction in one hyphenated word that make it a share
    # of a price ("half-price", "half-fare"): "half-term", "half-marathon" are no share.
    share_compound_heads: frozenset[str] = field(default_factory=lambda: word_set("""
        price prices rate fare fares fee fees cost off
        """))
    # Numbers written as words (worded_values.spelled_numbers: "thirty-two" is 32).
    number_words: tuple[tuple[str, int], ...] = (
        ("zero", 0), ("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5),
        ("six", 6), ("seven", 7), ("eight", 8), ("nine", 9), ("ten", 10), ("eleven", 11),
        ("twelve", 12), ("thirteen", 13), ("fourteen", 14), ("fifteen", 15),
        ("sixteen", 16), ("seventeen", 17), ("eighteen", 18), ("nineteen", 19),
        ("twenty", 20), ("thirty", 30), ("forty", 40), ("fifty", 50), ("sixty", 60),
        ("seventy", 70), ("eighty", 80), ("ninety", 90))
    # Times of day said in words (worded_values.word_times): "half seven" and "half past
    # seven" are 7:30, "quarter to nine" 8:45, "seven o'clock" 7:00, "midnight" 0:00,
    # so an older "[schedule] disco runs half seven to half nine" and a newest "20:00 to
    # 22:00" give two values of one time. The hour is read on the 12-hour clock, as a
    # bare "7:30" is.
    clock_fractions: tuple[tuple[str, int], ...] = (("quarter", 15), ("half", 30))
    clock_past_words: frozenset[str] = field(default_factory=lambda: word_set("""
        past after
        """))
    clock_to_words: frozenset[str] = field(default_factory=lambda: word_set("""
        to before
        """))
    clock_hour_words: frozenset[str] = field(default_factory=lambda: word_set("""
        o'clock o’clock oclock
        """))
    clock_named: tuple[tuple[str, str], ...] = (("midnight", "0:00"), ("noon", "12:00"),
                                               ("midday", "12:00"))
    # Spans of time said in words, in minutes, as "20 minutes" states 20 (worded_values.
    # word_times): "Arrive a quarter of an hour early" / "Arrive 20 minutes early".
    duration_phrases: tuple[tuple[str, int], ...] = (
        ("three quarters of an hour", 45), ("quarter of an hour", 15),
        ("half an hour", 30), ("half hour", 30), ("an hour and a half", 90))

    @cached_property
    def weekdays(self) -> frozenset[str]:
        return frozenset(self.week)

    def day(self, word: str) -> str | None:
        """The day a word names, in full, short or plural ("Mon", "Tues", "Thurs",
        "Sundays"); None for any other word. The one reader of a day's name."""
        low = word.lower().removesuffix("s")
        if len(low) < 3:
            return None
        return next((d for d in self.week if d.startswith(low)), None)
