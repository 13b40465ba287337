"""A value and the thing it is stated for, whatever the sentence around it.

"Furnace 2, 450 kg capacity" and "[capacity] Furnace 2 holds 500 kg"; "to the working
temperature of 1,160 °C" and "working temperature is 1,140 °C": one thing (the
capacity, the working temperature), measured in one unit (kg, °C), two values. The
older unit states an old value of it, however differently the two sentences are built.
A value here is a number with a unit of measure, a currency or a percent sign; its
thing is the content words just before it (within its clause) and the one word right
after its unit ("450 kg capacity"); an observation's category names the thing of its
values too. A span of years is a value too ("Chair for the 2023-2025 term" /
"the 2025-2027 term": one term, two spans); a year alone says when, not how much. Bare
counts are not read here (other_value.recounted judges those). How often a thing is
done is a value too ("every 14 days" / "every Friday": one interval, two values), and
so is the month naming which meeting or season is meant ("the October board meeting").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .facts import as_count, code_letters, stem
from .lexicon import Lexicon

# A span of years ("2023-2025", "2023/24", "2025–27"), not a date ("2011-12-05").
_SPAN = r"(?:19|20)\d\d\s?[-–—/]\s?(?:(?:19|20)\d\d|\d\d)(?![-/.]?\d)"
_TOKEN = re.compile(_SPAN + r"|[$€£¥]?\d+(?:[.,]\d+)*(?:%|[a-zA-Zµ]{1,3}\b)?|[°º][A-Za-z]+|%|"
                    r"[A-Za-z][\w'’\-]*|[;:()\[\]!?]|[.,](?!\d)|/")
_STOP = frozenset(";:()[]!?.,/")
_YEAR = re.compile(r"(?:19|20)\d\d")
_TAG = re.compile(r"(?<!\S)#[\w/-]+")
_MAX_UNIT = 3  # a unit of measure written as a word is short ("kg", "ppl", "mm")


@dataclass(frozen=True)
class ThingValue:
    value: str  # "1160"
    unit: str  # "°c", "kg", "money:eur", "%", "°c/hour"
    things: frozenset[str]  # stemmed content words the value is stated for
    category: str = ""  # an observation's category (or a label), stemmed


def _is_number(t: str) -> bool:
    return t[:1].isdigit() or (t[:1] in "$€£¥" and t[1:2].isdigit())


def _unit_word(t: str, lexicon: Lexicon) -> bool:
    low = t.lower()
    return t[:1] in "°º%" or t in lexicon.unit_symbols or (t.isalpha() and t.islower() and (
        low in lexicon.measure_words or (len(t) <= _MAX_UNIT and low not in
                                         lexicon.function_words and low not in
                                         lexicon.auxiliary_words and low not in
                                         lexicon.bound_words)))


def _unit(token: str) -> str:
    """One spelling per unit: "litres" and "litre", "º" and "°"."""
    low = token.lower().replace("º", "°")
    return low[:-1] if len(low) > 3 and low.endswith("s") else low


@dataclass(frozen=True)
class _Words:
    """The lexicon's word sets the readers below look words up in, built once per
    lexicon (kept in its memo): `_frequencies` built its calendar units for every text,
    a tenth of a first compose."""

    skip: frozenset[str]  # function, auxiliary and bound words
    skip_months: frozenset[str]  # function and auxiliary words (_named_months)
    calendar: frozenset[str]
    calendar_units: frozenset[str]  # calendar and each word of it as a unit
    spelled: dict[str, int]  # dict(number_words)
    times: dict[str, int]  # dict(times_words)


def _words(lexicon: Lexicon) -> _Words:
    memo = lexicon.memo("thing_words")
    found = memo.get(None)
    if found is None:
        calendar = lexicon.measure_words | lexicon.weekdays | lexicon.calendar_words
        found = memo[None] = _Words(
            frozenset(lexicon.function_words | lexicon.auxiliary_words
                      | lexicon.bound_words),
            frozenset(lexicon.function_words | lexicon.auxiliary_words),
            frozenset(calendar), frozenset(calendar | {_unit(c) for c in calendar}),
            dict(lexicon.number_words), dict(lexicon.times_words))
    return found


_VALUE = re.compile(r"([$€£¥]?)(\d+(?:[.,]\d+)*)(%|[a-zA-Zµ]{1,3})?")
_SPAN_PARTS = re.compile(r"((?:19|20)\d\d)\s?[-–—/]\s?(\d{2,4})")


@lru_cache(maxsize=1 << 14)
def thing_values(text: str, lexicon: Lexicon, category: str = "") -> tuple[ThingValue, ...]:
    tokens = _spelled(_TOKEN.findall(_TAG.sub(" ", text)), lexicon)
    skip = _words(lexicon).skip
    out: list[ThingValue] = []
    used: set[int] = set()  # tokens read as a unit of a value before
    for k, t in enumerate(tokens):
        if not _is_number(t):
            continue
        unit, j = "", k + 1
        before = tokens[k - 1] if k else ""
        span = _span(t)
        m = _VALUE.fullmatch(t)
        if span is None and m is None:
            continue
        sign, number, suffix = m.groups() if m is not None else ("", "", "")
        value = span or number.replace(",", "")
        if _YEAR.fullmatch(value) and not suffix:
            continue  # a year says when, not how much
        if before.lower() in lexicon.condition_words or (
                k > 1 and before.lower() in lexicon.currencies
                and tokens[k - 2].lower() in lexicon.condition_words):
            continue  # a bound a rule applies beyond ("repairs over 24 hours get a loan
            # phone"), no value of the thing
        if span is not None:
            unit = "years"  # a term, a season, a tenure: the span is the value
        elif sign or before.lower() in lexicon.currencies:
            unit = "money:" + (sign or before.lower())
        elif suffix and code_letters(suffix, lexicon):
            value, unit = value + suffix.lower(), "code"  # "Grade 4B": one grade named
        elif suffix:
            unit = _unit(suffix)
        elif j < len(tokens) and _unit_word(tokens[j].rstrip("'’"), lexicon):
            unit, j = _unit(tokens[j].rstrip("'’")), j + 1
        if not unit:
            continue
        if j + 1 < len(tokens) and tokens[j].lower() in ("per", "/") \
                and tokens[j + 1][:1].isalpha():
            unit, j = f"{unit}/{_unit(tokens[j + 1])}", j + 2
        used.update(range(k + 1, j))
        things: list[str] = []
        i = k - 1 - (1 if unit.startswith("money:") and not sign else 0)
        if i >= 0 and tokens[i] == ":":  # "after discount: EUR 42.50": the label's words
            i -= 1
        verb = False  # a verb tying the value to its subject was passed
        while i >= 0 and len(things) < 2:
            w = tokens[i]
            if w in _STOP or _is_number(w) or i in used or (
                    w.lower() in lexicon.value_verbs and (things or verb)):
                break  # another value or its unit ("25 °C per hour up to 1,000 °C"), or a
                # verb after the words naming the thing ("the boiler is kept at 60 °C")
            if w.lower() in lexicon.value_verbs:
                verb = True  # "Check sheets are kept 15 months": the sheets are what is
                # kept, not the keeping ("backups" and "logs" are both kept)
            elif w.lower() not in skip and w[:1].isalpha():
                things.append(_root(w, lexicon))
            i -= 1
        while j < len(tokens) and tokens[j].lower() in lexicon.value_then_words:
            j += 1  # "EUR 44.00 after discount"
        if j < len(tokens) and tokens[j][:1].isalpha() and tokens[j].lower() not in skip \
                and tokens[j].lower() not in lexicon.value_verbs:
            things.append(_root(tokens[j], lexicon))  # "450 kg capacity"
        if things or category:
            out.append(ThingValue(value, unit, frozenset(things),
                                  _root(category, lexicon) if category else ""))
    out += _frequencies(tokens, lexicon, category)
    out += _named_months(tokens, lexicon)
    return tuple(out)


def _spelled(tokens: list[str], lexicon: Lexicon) -> list[str]:
    """A number spelled out before its unit as its digits ("Loans last four weeks" /
    "for 3 weeks": one unit, two values)."""
    spelled = _words(lexicon).spelled
    return [str(spelled[t.lower()]) if t.lower() in spelled and k + 1 < len(tokens)
            and tokens[k + 1].rstrip("'’").lower() in lexicon.measure_words
            and not (k and tokens[k - 1].lower() in spelled) else t  # ("twenty five")
            for k, t in enumerate(tokens)]


def _named_months(tokens: list[str], lexicon: Lexicon) -> list[ThingValue]:
    """A month naming which one of a recurring thing is meant is a value of it: "set
    at the October board meeting" / "Revised at the March board meeting" (unit
    "month", stated for the head of the words after it: meeting). A day or a year
    beside the month makes it a date, which says when, not which."""
    out: list[ThingValue] = []
    skip = _words(lexicon).skip_months
    for k, t in enumerate(tokens):
        if not (t[:1].isupper() and t.lower() in lexicon.months) or (
                k and _is_number(tokens[k - 1])):
            continue
        words: list[str] = []
        j = k + 1
        while j < len(tokens) and len(words) < 3 and tokens[j][:1].isalpha() \
                and tokens[j].lower() not in skip and tokens[j].lower() not in lexicon.months:
            words.append(tokens[j])
            j += 1
        if words and not (j < len(tokens) and _is_number(tokens[j])):
            out.append(ThingValue(t.lower(), "month", frozenset({stem(words[-1].lower(),
                                                                      lexicon)})))
    return out


def _frequencies(tokens: list[str], lexicon: Lexicon, category: str) -> list[ThingValue]:
    """How often a thing is done is a value of its interval: "every 14 days", "every
    Friday afternoon", "weekly" (unit "every"), stated for the words before it ("Clean
    the rain gauge funnel every 14 days" / "... every Friday afternoon")."""
    out: list[ThingValue] = []
    sets = _words(lexicon)
    skip = sets.skip
    calendar = sets.calendar
    calendar_units = sets.calendar_units
    spelled = sets.spelled  # "every three months" is every 3 months
    for k, t in enumerate(tokens):
        low = t.lower()
        times = _times_per(tokens, k, lexicon)
        if times is not None:  # "twice a week": 2/week
            value, end = times
        elif low in lexicon.frequency_words:
            value, end = low, k + 1
        elif low in lexicon.every_words:
            words: list[str] = []
            end = k + 1
            while end < len(tokens) and len(words) < 3 and (
                    _is_number(tokens[end]) or tokens[end].lower() in calendar
                    or tokens[end].lower() in spelled and end + 1 < len(tokens)
                    and _unit(tokens[end + 1]) in calendar_units
                    or tokens[end].lower() in lexicon.frequency_modifiers):
                low_end = tokens[end].lower()
                words.append(str(spelled[low_end]) if low_end in spelled else
                             _unit(tokens[end]) if tokens[end][:1].isalpha() else tokens[end])
                end += 1
                if end + 1 < len(tokens) and tokens[end].lower() == "and" and \
                        tokens[end + 1].lower().removesuffix("s") in lexicon.weekdays:
                    end += 1  # "every Monday and Thursday": two days, one value
            if not any(w[:1].isdigit() or w in calendar or _unit(w) in calendar
                       or w + "s" in calendar for w in words):
                continue  # "each pupil", "every member": no recurrence
            value = " ".join(words)
            if k >= 2 and tokens[k - 1].lower() == "of" and _ORDINAL.fullmatch(tokens[k - 2]):
                # "on the 1st of each month": which day of each is part of how often
                value, k = f"{tokens[k - 2].lower()} {value}", k - 2
        else:
            continue
        things: list[str] = []
        i = k - 1
        while i >= 0 and len(things) < 2:
            w = tokens[i]
            if w in _STOP or _is_number(w) or w.lower() in lexicon.value_verbs:
                break
            if w.lower() not in skip and w[:1].isalpha():
                things.append(_root(w, lexicon))
            i -= 1
        if things or category:
            out.append(ThingValue(_interval(value, lexicon), "every", frozenset(things),
                                  _root(category, lexicon) if category else ""))
    return out


def _interval(value: str, lexicon: Lexicon) -> str:
    """One spelling per interval, so "weekly", "every week" and "once a week" are one
    value ("1/week") and only another interval is another value."""
    low = value.lower()
    if low in lexicon.frequency_words:  # "weekly" -> week, "daily" -> day
        unit = dict(lexicon.frequency_units).get(low)
        return f"1/{unit}" if unit else low
    if low in _words(lexicon).calendar_units and not low.endswith("s") \
            and low not in lexicon.weekdays:
        return f"1/{_unit(low)}"  # "every week"
    return low


def _same_interval(a: str, b: str, lexicon: Lexicon) -> bool:
    """Once a week and every Monday are one interval: the weekday says which day,
    not how often."""
    days = lexicon.weekdays
    return {a, b} & {"1/week"} != set() and any(
        sum(w in days for w in v.split()) == 1 for v in (a, b) if v != "1/week")


_ORDINAL = re.compile(r"\d{1,2}(?:st|nd|rd|th)", re.IGNORECASE)


def _times_per(tokens: list[str], k: int, lexicon: Lexicon) -> tuple[str, int] | None:
    """("2/week", the token after it) when token k opens "twice a week", "once per
    month", "3 times a day", "three times each year" (Lexicon.times_words), else None."""
    low = [t.lower() for t in tokens[k:k + 4]]
    if not low:
        return None
    if low[0] in _words(lexicon).times:
        n, j = _words(lexicon).times[low[0]], 1
    elif len(low) > 1 and low[1] == "times" and (
            as_count(low[0]) is not None or low[0] in _words(lexicon).spelled):
        count = as_count(low[0])
        n, j = count if count is not None else _words(lexicon).spelled[low[0]], 2
    else:
        return None
    if len(low) > j + 1 and low[j] in lexicon.per_words and \
            _unit(low[j + 1]) in _words(lexicon).calendar_units:
        return f"{n}/{_unit(low[j + 1])}", k + j + 2
    if len(low) > j and (unit := dict(lexicon.frequency_units).get(low[j])):
        return f"{n}/{unit}", k + j + 1  # "twice weekly"
    return None


def _root(word: str, lexicon: Lexicon) -> str:
    """A thing's word as its stem, a noun made of a verb as the verb's: "collection"
    and "collects" name one thing (Lexicon.action_noun_suffixes), so do "bookings" and
    "book" (a plural of a noun made with -ing or -ed, stemmed again)."""
    low = word.lower()
    found = stem(low, lexicon)
    if found != low and low.endswith("s") and found.endswith(("ing", "ed")):
        found = stem(found, lexicon)
    for end in lexicon.action_noun_suffixes:
        if found.endswith(end) and len(found) - len(end) >= 4:
            return found[: -len(end)]
    return found


def _span(token: str) -> str | None:
    """A span of years as "2023-2025" ("2023/24" and "2023–2024" alike), or None; a
    span that ends before it starts is no span ("2019-12": a month)."""
    m = _SPAN_PARTS.fullmatch(token)
    if m is None:
        return None
    start, end = m.group(1), m.group(2)
    end = start[:2] + end if len(end) == 2 else end
    return f"{start}-{end}" if len(end) == 4 and end > start else None


def same_thing(mine: ThingValue, theirs: ThingValue) -> bool:
    """One value is stated for the thing the other is: every word naming one is among
    the other's words or its category ("450 kg capacity" / "[capacity] ... holds 500
    kg"). Two categories alone say nothing ("[fact]" and "[fact]"); one shared word of
    several does not either ("hot desk plan for EUR 139" / "Hot desk stays at EUR 205")."""
    return bool(mine.things) and mine.things <= theirs.things | {theirs.category} or \
        bool(theirs.things) and theirs.things <= mine.things | {mine.category}


def equal(mine: ThingValue, theirs: ThingValue) -> bool:
    """One value in one unit. (Spans in two units of time are not compared: "open 24
    hours" is a day's, "open 7 days" a week's.)"""
    return mine.unit == theirs.unit and mine.value == theirs.value


def other_value(mine: ThingValue, theirs: ThingValue, lexicon: Lexicon | None = None
                ) -> bool:
    """The two state another value of one thing in one unit."""
    return mine.unit == theirs.unit and not equal(mine, theirs) \
        and same_thing(mine, theirs) and not (
            mine.unit == "every" and lexicon is not None
            and _same_interval(mine.value, theirs.value, lexicon))


def thing_word(word: str, lexicon: Lexicon) -> str:
    """A word as thing_values names things with it ("Admission" -> "admiss")."""
    return _root(word, lexicon)


__all__ = ["ThingValue", "equal", "other_value", "same_thing", "thing_values", "thing_word"]
