"""Opening hours and time slots: which days a line gives which hours.

"Mon-Fri 09:00-17:00", "Weekdays from nine until half past five", "Saturdays we open
at eight and close at two", "Sparring now happens only on Saturdays, ten till eleven":
each gives a set of days one span of the clock. Two lines giving one day two spans are
two values of one slot, however each is written (digits, words, "5.30pm", a range of
days or a day's name), so the older span is not the latest. A clause naming no day
takes the days of the clause before it in the same line ("on Saturdays, ten till
eleven"). What else a clause names ("Summer (May-September)", "Late shift") qualifies
its slot: the newer line must name it too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .facts import stem
from .lexicon import Lexicon
from .worded_values import in_ranges, later_clock, word_tables, word_times

_DAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
# Clauses end at a stop, or at "and" before a day and its hours ("Mon-Fri 08:00-17:30
# and Sat 08:00-14:00": two slots), not at "Friday and Saturday: 12:00-23:00".
_CLAUSE = re.compile(r"[.;,](?:\s+|$)|\s+and\s+(?=(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*"
                     r"\s+\d)", re.IGNORECASE)
_TOKEN = re.compile(r"\d{1,2}(?:[:.]\d\d)?\s?(?:[ap]\.?m\.?)?(?![\d:])|[A-Za-z]+|[-–]")
_CLOCK = re.compile(r"(\d{1,2})(?:[:.](\d\d))?\s?([ap])?\.?m?\.?$", re.IGNORECASE)
_JOINS = frozenset({"to", "until", "till", "til", "-", "–", "and"})


@dataclass(frozen=True)
class Slot:
    days: frozenset[str]  # full day names, lower case
    start: int  # minutes after midnight
    end: int
    words: frozenset[str]  # the clause's other content words, stemmed


def _day(word: str) -> str | None:
    """The day a word names, in full or short ("Mon", "Tues", "Thurs", "Sundays")."""
    low = word.lower().removesuffix("s")
    if len(low) < 3:
        return None
    return next((d for d in _DAYS if d.startswith(low)), None)


def _days(tokens: list[str], lexicon: Lexicon) -> tuple[frozenset[str], set[int]]:
    """The days a clause names and the token indexes naming them."""
    out: set[str] = set()
    used: set[int] = set()
    k = 0
    while k < len(tokens):
        low = tokens[k].lower()
        if low in lexicon.all_days_words:
            out |= set(_DAYS)
            used.add(k)
        elif low in ("weekdays", "weekday"):
            out |= set(_DAYS[:5])
            used.add(k)
        elif low in ("weekends", "weekend"):
            out |= set(_DAYS[5:])
            used.add(k)
        elif (d := _day(tokens[k])) is not None and tokens[k][:1].isupper():
            used.add(k)
            if k + 2 < len(tokens) and tokens[k + 1].lower() in ("-", "–", "to") and \
                    (e := _day(tokens[k + 2])) is not None:
                i, j = _DAYS.index(d), _DAYS.index(e)
                out |= set(_DAYS[i:j + 1] if i <= j else _DAYS[i:] + _DAYS[:j + 1])
                used |= {k + 1, k + 2}
                k += 2
            else:
                out.add(d)
        k += 1
    return frozenset(out), used


def _clock(token: str) -> int | None:
    """Minutes after midnight of a clock in digits ("09:00", "5.30pm", "9am"); a bare
    number is no clock."""
    m = _CLOCK.match(token.replace(" ", ""))
    if m is None or not (m.group(2) or m.group(3)):
        return None
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if m.group(3):
        hour = hour % 12 + (12 if m.group(3).lower() == "p" else 0)
    return hour * 60 + minute if hour <= 24 and minute < 60 else None


def _times(tokens: list[str], lexicon: Lexicon) -> tuple[list[int], set[int]]:
    """The clock times of a clause in order, as minutes: in digits, or an hour word
    next to a joiner or after "at" ("ten till eleven", "open at eight and close at
    two", "until ten in the evening"); an end read after its start on the 12-hour
    clock (worded_values.later_clock)."""
    hours = word_tables(lexicon).hours
    out: list[int] = []
    used: set[int] = set()
    for k, t in enumerate(tokens):
        low = t.lower()
        minutes = _clock(t)
        if minutes is None and low in hours:
            near = {tokens[j].lower() for j in (k - 1, k + 1) if 0 <= j < len(tokens)}
            if near & (_JOINS | {"at", "from"}):
                minutes = hours[low] * 60
                after = {w.lower() for w in tokens[k + 1:k + 4]}
                if after & lexicon.later_half_words and minutes < 12 * 60:
                    minutes += 12 * 60  # "until ten in the evening"
        if minutes is None:
            continue
        if out and minutes < out[-1] and minutes < 12 * 60:
            h, m = divmod(minutes, 60)
            later = later_clock(f"{h}:{m:02d}", out[-1] // 60)
            minutes = int(later.split(":")[0]) * 60 + int(later.split(":")[1])
        out.append(minutes)
        used.add(k)
    return out, used


def _digits(text: str, lexicon: Lexicon) -> str:
    """The text with its times said in words written as clocks ("from nine until half
    past five" -> "from 9:00 until 17:30"; worded_values)."""
    found = [t for t in in_ranges(text, word_times(text, lexicon), lexicon) if ":" in t[2]]
    for start, end, clock in sorted(found, reverse=True):
        text = text[:start] + clock + text[end:]
    return text


def slots(text: str, lexicon: Lexicon) -> tuple[Slot, ...]:
    """Every (days, span of the clock) the text gives, clause by clause; a clause with
    a span and no day takes the days of the clause before it, or of the next one when
    that names days and no span ("from half seven until six, Monday to Friday")."""
    read: list[tuple[frozenset[str], list[int], frozenset[str]]] = []
    for clause in _CLAUSE.split(_digits(text, lexicon)):
        tokens = _TOKEN.findall(clause)
        named, at_days = _days(tokens, lexicon)
        times, at_times = _times(tokens, lexicon)
        words = frozenset(
            stem(t.lower(), lexicon) for k, t in enumerate(tokens)
            if k not in at_days and k not in at_times and t[:1].isalpha()
            and t.lower() not in lexicon.function_words
            and t.lower() not in lexicon.hours_words and t.lower() not in lexicon.months
            and t.lower() not in _JOINS)
        read.append((named, times, words))
    out: list[Slot] = []
    days: frozenset[str] = frozenset()
    for k, (named, times, words) in enumerate(read):
        days = named or days
        if len(times) != 2 or times[1] <= times[0]:
            continue
        when = days or (read[k + 1][0] if k + 1 < len(read) and not read[k + 1][1]
                        else frozenset())
        if when:
            out.append(Slot(when, times[0], times[1], words))
    return tuple(out)


def other_hours(mine: Slot, theirs: Slot) -> bool:
    """`theirs` gives a day of `mine` another span, and names what qualifies `mine`."""
    return bool(mine.days & theirs.days) and (mine.start, mine.end) != (
        theirs.start, theirs.end) and mine.words <= theirs.words


__all__ = ["Slot", "other_hours", "slots"]
