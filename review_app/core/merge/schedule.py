"""Opening hours and time slots: which days a line gives which hours.

"Mon-Fri 09:00-17:00", "Weekdays from nine until half past five", "Saturdays we open
at eight and close at two": each gives a set of days one span of the clock. Two lines
giving one day two spans, and qualified alike, are two values of one slot however
each is written (digits, words, "5.30pm", a range of days or a day's name).

What a clause names besides its days and hours ("Summer", "May-September", "Yoga
classes", "Workshop", "evening") qualifies its slot; two slots are one only when
their qualifiers are the same words. A clause saying "closed" gives no opening hours
("Closed 13:00-14:00 weekdays" is a lunch break). A clause naming no day takes the
days of the clause before it, or of the next one when that names days and no span.
What is not a clock is no time: an amount of money, a date ("12.05"), a count in words
("two to three volunteers"); an hour in words is one only after "at", "from",
"until" or "till", or before "till"/"until".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .facts import stem
from .lexicon import Lexicon
from .worded_values import in_ranges, later_clock, word_tables, word_times


def _clauses(lexicon: Lexicon) -> re.Pattern[str]:
    """Clauses end at a stop or a comma, not before another day of a list ("Mon, Wed,
    Fri 10:00-12:00"), and at "and" between a span and the next day's ("Mon-Fri
    08:00-17:30 and Sat 08:00-14:00"), not in "Saturday and Sunday 10:00-16:00". Built
    once per lexicon (its week's days, by their first three letters)."""
    memo = lexicon.memo("schedule_clauses")
    found = memo.get(None)
    if found is None:
        day = "(?:" + "|".join(re.escape(d[:3]) for d in lexicon.week) + ")[a-z]*"
        found = memo[None] = re.compile(
            rf"[.;](?:\s+|$)|,\s+(?!{day}\b)|(?<=\d)\s+and\s+(?={day}\b)", re.IGNORECASE)
    return found


_MONEY = re.compile(r"[£$€¥]\s?\d[\d.,]*")
_TOKEN = re.compile(r"\d{1,2}(?::\d\d(?:\s?[ap]\.?m\.?)?|\.\d\d\s?[ap]\.?m\.?|\s?[ap]\.?m\.?)"
                    r"(?![\d:])|\d+(?:[.:/]\d+)*|[A-Za-z]+|[-–]")
_CLOCK = re.compile(r"(\d{1,2})(?::(\d\d)|\.(\d\d))?\s?(?:([ap])\.?m\.?)?$", re.IGNORECASE)

@dataclass(frozen=True)
class Slot:
    days: frozenset[str]  # full day names, lower case
    start: int  # minutes after midnight
    end: int  # (after `start`; past midnight, more than 24 hours' worth)
    words: frozenset[str]  # what qualifies it: the clause's other content words, stemmed


def _days(tokens: list[str], lexicon: Lexicon) -> tuple[frozenset[str], set[int]]:
    """The days a clause names and the token indexes naming them: a capitalised day
    ("Sat", "Sundays"), a range of days ("mon-fri", "Monday through Friday"),
    "weekdays", "weekends", "daily"."""
    week = lexicon.week
    out: set[str] = set()
    used: set[int] = set()
    k = 0
    while k < len(tokens):
        low = tokens[k].lower()
        d = lexicon.day(tokens[k])
        ranged = d is not None and k + 2 < len(tokens) \
            and tokens[k + 1].lower() in lexicon.range_words \
            and (e := lexicon.day(tokens[k + 2])) is not None
        if low in lexicon.all_days_words:
            out |= set(week)
            used.add(k)
        elif low in lexicon.working_days_words:
            out |= set(week[:5])
            used.add(k)
        elif low in lexicon.weekend_words:
            out |= set(week[5:])
            used.add(k)
        elif ranged and d is not None:
            i, j = week.index(d), week.index(e)
            out |= set(week[i:j + 1] if i <= j else week[i:] + week[:j + 1])
            used |= {k, k + 1, k + 2}
            k += 2
        elif d is not None and tokens[k][:1].isupper() and not tokens[k][:3].isupper():
            # ("SATs" is an exam, "MON" a code)
            out.add(d)
            used.add(k)
        k += 1
    return frozenset(out), used


def _clock(token: str) -> tuple[int, bool] | None:
    """(minutes after midnight, read on the 24-hour clock) of a clock in digits
    ("09:00", "17:30", "5.30pm", "9am"); a bare number, "9.30" or "12.05" is none."""
    m = _CLOCK.match(token.replace(" ", ""))
    if m is None:
        return None
    hour, colon, dot, half = int(m.group(1)), m.group(2), m.group(3), m.group(4)
    if not (colon or half) or (dot and not half):
        return None
    minute = int(colon or dot or 0)
    if half:
        hour = hour % 12 + (12 if half.lower() == "p" else 0)
    if hour > 24 or minute >= 60:
        return None
    fixed = bool(half) or hour >= 13 or m.group(1).startswith("0") or hour == 0
    return hour * 60 + minute, fixed


def _times(tokens: list[str], lexicon: Lexicon) -> tuple[list[int], set[int]]:
    """The clock times of a clause in order, as minutes; an end read after its start
    on the 12-hour clock unless written on the 24-hour one or with am/pm; an end before
    its start on the 24-hour clock is past midnight."""
    hours = word_tables(lexicon).hours
    out: list[int] = []
    used: set[int] = set()
    unsure = False
    for k, t in enumerate(tokens):
        low = t.lower()
        read = _clock(t)
        if read is None and low in hours:
            before = tokens[k - 1].lower() if k else ""
            after = tokens[k + 1].lower() if k + 1 < len(tokens) else ""
            if before in lexicon.hour_after_words or after in lexicon.hour_before_words:
                minutes = hours[low] * 60
                if {w.lower() for w in tokens[k + 1:k + 4]} & lexicon.later_half_words \
                        and minutes < 12 * 60:
                    minutes += 12 * 60  # "until ten in the evening"
                read = (minutes, minutes >= 12 * 60)
        if read is None:
            continue
        minutes, fixed = read
        if not out and not fixed and minutes < 7 * 60:
            unsure = True  # "from six until midnight": six in the evening, or morning?
        if out and minutes <= out[-1]:
            if not fixed and minutes < 12 * 60:
                h, m = divmod(minutes, 60)
                later = later_clock(f"{h}:{m:02d}", out[-1] // 60)
                minutes = int(later.split(":")[0]) * 60 + int(later.split(":")[1])
            if minutes <= out[-1]:
                minutes += 24 * 60  # "Fri 18:00-02:00", "9am-1am"
        out.append(minutes)
        used.add(k)
    return ([] if unsure else out), used


def _digits(text: str, lexicon: Lexicon) -> str:
    """The text with money taken out and its times said in words written as clocks
    ("from nine until half past five" -> "from 9:00 until 17:30"; worded_values)."""
    text = _MONEY.sub(" ", text)
    found = [t for t in in_ranges(text, word_times(text, lexicon), lexicon) if ":" in t[2]]
    for start, end, clock in sorted(found, reverse=True):
        text = text[:start] + clock + text[end:]
    return text


def slots(text: str, lexicon: Lexicon) -> tuple[Slot, ...]:
    """Every (days, span of the clock, qualifier) the text gives, clause by clause."""
    read: list[tuple[frozenset[str], list[int], frozenset[str], bool]] = []
    for clause in _clauses(lexicon).split(_digits(text, lexicon)):
        tokens = _TOKEN.findall(clause)
        named, at_days = _days(tokens, lexicon)
        times, at_times = _times(tokens, lexicon)
        shut = any(t.lower() in lexicon.shut_words for t in tokens)
        words = frozenset(
            stem(t.lower(), lexicon) for k, t in enumerate(tokens)
            if k not in at_days and k not in at_times and t[:1].isalpha()
            and t.lower() not in lexicon.function_words
            and t.lower() not in lexicon.hours_words and t.lower() not in lexicon.range_words)
        read.append((named, times, words, shut))
    out: list[Slot] = []
    days: frozenset[str] = frozenset()
    for k, (named, times, words, shut) in enumerate(read):
        days = named or days
        if len(times) != 2 or shut:
            continue
        when = days or (read[k + 1][0] if k + 1 < len(read) and not read[k + 1][1]
                        else frozenset())
        if when:
            out.append(Slot(when, times[0], times[1], words))
    return tuple(out)


def replace_words(slot: Slot, words: frozenset[str]) -> Slot:
    return Slot(slot.days, slot.start, slot.end, words)


def replaced(mine: tuple[Slot, ...], theirs: list[Slot]) -> bool:
    """Every slot of `mine` is given its days by a slot of `theirs` qualified alike, and
    one of them with another span: the older hours are not the latest. A slot whose
    days nothing newer gives (Saturday beside a newer weekday span) still holds."""
    other = False
    for m in mine:
        alike = [t for t in theirs if t.words == m.words and m.days & t.days]
        if not alike or not m.days <= frozenset().union(*(t.days for t in alike)):
            return False
        if not any((t.start, t.end) == (m.start, m.end) for t in alike):
            other = True  # (a newer line restating this span says it holds)
    return other


__all__ = ["Slot", "replace_words", "replaced", "slots"]
