"""How a note says when and how often: intervals ("every 14 days", "twice a week",
"weekly"), opening hours (days in order, ranges, hours in words) and phrases saying when
("this year"). Read by thing_values.py, schedule.py and ended.py through the Lexicon,
which extends this: one object still holds every word list."""

from __future__ import annotations

from dataclasses import dataclass, field

from .note_words import NoteWords
from .value_words import word_set


@dataclass(frozen=True)
class TimeWords(NoteWords):
    # Words opening a phrase that says when, with one of calendar_words, measure_words
    # or when_nouns after them ("this year", "any more", "next season").
    when_determiners: frozenset[str] = field(default_factory=lambda: word_set("""
        this next last any
        """))
    when_nouns: frozenset[str] = field(default_factory=lambda: word_set("""
        more longer time
        """))
    # How often a thing is done (thing_values): "every 14 days", "each Friday
    # afternoon", "every other week", "weekly" are values of one interval.
    every_words: frozenset[str] = field(default_factory=lambda: word_set("""
        every each
        """))
    frequency_words: frozenset[str] = field(default_factory=lambda: word_set("""
        hourly daily nightly weekly fortnightly monthly quarterly yearly annually
        biweekly
        """))
    # The interval each of frequency_words says ("weekly": once a week).
    frequency_units: tuple[tuple[str, str], ...] = (
        ("hourly", "hour"), ("daily", "day"), ("nightly", "night"), ("weekly", "week"),
        ("fortnightly", "fortnight"), ("monthly", "month"), ("quarterly", "quarter"),
        ("yearly", "year"), ("annually", "year"))
    # Opening hours (schedule.py): words meaning every day; words of opening and
    # closing that qualify no slot ("we open at eight"); words putting an hour after
    # noon ("until ten in the evening"); words making a span a closure, no hours.
    all_days_words: frozenset[str] = field(default_factory=lambda: word_set("""
        daily everyday
        """))
    hours_words: frozenset[str] = field(default_factory=lambda: word_set("""
        open opens opened opening close closes closing hours now
        """))
    later_half_words: frozenset[str] = field(default_factory=lambda: word_set("""
        evening afternoon night pm
        """))
    shut_words: frozenset[str] = field(default_factory=lambda: word_set("""
        closed
        """))
    # The words naming the working days and the weekend (the days: ValueWords.week).
    working_days_words: frozenset[str] = field(default_factory=lambda: word_set("""
        weekdays weekday
        """))
    weekend_words: frozenset[str] = field(default_factory=lambda: word_set("""
        weekends weekend
        """))
    # Words joining the two ends of a range of days or hours ("Mon-Fri", "Monday
    # through Friday", "nine till five"), and those an hour in words follows or comes
    # before ("at eight", "from nine", "ten till eleven").
    range_words: frozenset[str] = field(default_factory=lambda: word_set("""
        - – to through thru till until
        """))
    hour_after_words: frozenset[str] = field(default_factory=lambda: word_set("""
        at from until till til
        """))
    hour_before_words: frozenset[str] = field(default_factory=lambda: word_set("""
        until till til
        """))
    # Words of a heading that say only that its section gives hours ("## Opening
    # times", "## When we're open"): what else a heading names qualifies its hours.
    hours_heading_words: frozenset[str] = field(default_factory=lambda: word_set("""
        hours hour opening open times time when schedule timetable
        """))
    # How many times in a period ("twice a week", "once per month"): with per_words.
    times_words: tuple[tuple[str, int], ...] = (("once", 1), ("twice", 2), ("thrice", 3))
    per_words: frozenset[str] = field(default_factory=lambda: word_set("""
        a an per each every
        """))
    frequency_modifiers: frozenset[str] = field(default_factory=lambda: word_set("""
        other second third few couple
        """))
    # A title naming one of these names a part of its year ("Christmas Opening Times
    # 2024"), not a new name for a note of every season (title._renamed_dated).
    holiday_words: frozenset[str] = field(default_factory=lambda: word_set("""
        christmas xmas easter halloween festive holiday holidays new_year ramadan eid
        diwali hanukkah passover advent lent thanksgiving term terms semester trimester
        """))
    # A dated title whose words name the record of one occasion ("Safeguarding Review
    # 2025", "Fire Risk Assessment 2025", "Fete Planning 2027") is that occasion's
    # note, not a new name for the standing note (title._renamed_dated).
    occasion_record_words: frozenset[str] = field(default_factory=lambda: word_set("""
        review reviews report reports minutes results audit assessment postmortem
        post-mortem debrief retrospective retro amendment amendments increase update
        updates plan plans planning proposal inspection survey
        """))
    calendar_words: frozenset[str] = field(default_factory=lambda: word_set("""
        morning mornings afternoon afternoons evening evenings night nights weekend
        weekends weekday weekdays fortnight fortnights term terms season seasons quarter
        quarters shift shifts
        """))
