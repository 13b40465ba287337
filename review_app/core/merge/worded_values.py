"""Values said in words: numbers ("thirty-two", "forty percent") and times of day ("half
seven", "from nine until half past five"), read as facts.py reads digits, so a value is
one fact whatever its spelling. The word lists are the Lexicon's (value_words.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .lexicon import Lexicon


@dataclass(frozen=True)
class _Tables:
    """The lexicon's word lists as the fact readers look them up, built once per
    lexicon (kept in its memo): building them for every unit was a tenth of reading
    its facts."""

    numbers: dict[str, int]  # number word -> its value (dict(number_words))
    fractions: dict[str, int]  # dict(share_fractions)
    hours: dict[str, int]  # number words from one to twelve
    clock_fractions: dict[str, int]
    clock_named: dict[str, str]
    spans: list[tuple[tuple[str, ...], str]]  # duration_phrases as word tuples, in order
    # the same by their first word (None when a phrase has no words: then every word
    # starts one and word_times tries `spans` whole, as it always did)
    spans_by_first: dict[str, list[tuple[tuple[str, ...], str]]] | None
    before_named: frozenset[str]  # adverbial_words | clock_to_words


def word_tables(lexicon: Lexicon) -> _Tables:
    memo = lexicon.memo("fact_tables")
    found = memo.get(None)
    if found is None:
        spans = [(tuple(p.split()), str(n)) for p, n in lexicon.duration_phrases]
        by_first: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for p, n in spans:
            by_first.setdefault(p[0] if p else "", []).append((p, n))
        found = memo[None] = _Tables(
            dict(lexicon.number_words), dict(lexicon.share_fractions),
            {w: n for w, n in lexicon.number_words if 1 <= n <= 12},
            dict(lexicon.clock_fractions), dict(lexicon.clock_named), spans,
            None if "" in by_first else by_first,
            frozenset(lexicon.adverbial_words | lexicon.clock_to_words))
    return found


_SPELLED = re.compile(r"[A-Za-z]+(?:-[A-Za-z]+)?")


def spelled_numbers(text: str, lexicon: Lexicon, *, measured: bool = False) -> set[str]:
    """The numbers a text spells out ("six months", "thirty-two players"): what the
    newest states, read as a reader reads it, so "6 months" restates "six months". A
    share in words is a share ("forty percent" is 40%, as "40%" is). `measured`: only
    those a unit of measure follows ("twenty metres", "forty percent"): a quantity, a
    value of something, where "two people" or "one of the vans" counts in passing.
    Not `measured` (the newest's reading), a fraction word is its share (Lexicon.
    share_fractions: "half" is 50%)."""
    out: set[str] = set()
    tables = word_tables(lexicon)
    table = tables.numbers
    fractions = tables.fractions if not measured else {}
    words = [m.lower() for m in _SPELLED.findall(text)]
    for k, low in enumerate(words):
        if (share := fractions.get(_share_head(low, lexicon))) is not None:
            # "half up front", "half-price entry": 50% (what the newest states), as the
            # same words apart ("half price") already were
            out.add(f"n:{share}%")
            continue
        if "-" not in low:  # (one part: most words, and most are no number)
            value = table.get(low)
            if value is None:
                continue
            values: list[int | None] = [value]
        else:
            values = [table.get(p) for p in low.split("-")]
            if not all(v is not None for v in values):
                continue
        nxt = words[k + 1] if k + 1 < len(words) else ""
        share = nxt in lexicon.share_words or (
            nxt == "per" and k + 2 < len(words) and words[k + 2] == "cent")
        if measured and not (share or nxt in lexicon.measure_words):
            continue
        out.add("n:" + str(sum(v for v in values if v is not None)) + ("%" if share else ""))
    return out


def _share_head(word: str, lexicon: Lexicon) -> str:
    """The fraction a word says a share with: itself, or the first part of a hyphenated
    price word ("half-price"; not "half-term", "half-marathon")."""
    head, _, rest = word.partition("-")
    return head if rest in lexicon.share_compound_heads else word


_CLOCK_TOKEN = re.compile(r"[A-Za-z][A-Za-z'’]*|\d{1,2}(?![\d:.,])")


def word_times(text: str, lexicon: Lexicon) -> list[tuple[int, int, str]]:
    """The times of day a text says in words, as (start, end, "H:MM" on the 12-hour
    clock, as facts._num spells a bare "7:30"): "half seven", "quarter past 8",
    "quarter to nine", "seven o'clock", "by midnight" (Lexicon.clock_*; a named time
    after a word saying when: "midday supervisors" name no time). An hour is a
    number word from one to twelve (or 1-12 before "o'clock" or after "past"/"to"), so
    "half the stock" is no time. A span of time said in words is its minutes
    (Lexicon.duration_phrases: "a quarter of an hour", 15), as "20 minutes" is 20."""
    memo = lexicon.memo("word_times")
    found = memo.get(text)
    if found is not None:
        return found
    tables = word_tables(lexicon)
    hours = tables.hours
    fractions = tables.clock_fractions
    named = tables.clock_named
    tokens = [(m.start(), m.end(), m.group(0).lower()) for m in _CLOCK_TOKEN.finditer(text)]

    def hour(k: int, digits: bool) -> int | None:
        if k >= len(tokens):
            return None
        w = tokens[k][2]
        if w.isdigit():
            return int(w) if digits and 1 <= int(w) <= 12 else None
        return hours.get(w)

    by_first = tables.spans_by_first
    out: list[tuple[int, int, str]] = []
    k = 0
    while k < len(tokens):
        start, _, w = tokens[k]
        value, end = None, k
        spans = tables.spans if by_first is None else by_first.get(w)
        span = None
        if spans:  # (only phrases this word starts can match)
            words = tuple(t[2] for t in tokens[k:k + 5])
            span = next(((len(p), n) for p, n in spans if words[:len(p)] == p), None)
        if span is not None:  # "a quarter of an hour": 15 (minutes)
            value, end = span[1], k + span[0] - 1
        elif w in named and k and tokens[k - 1][2] in tables.before_named:
            value = named[w]  # "by midnight", "from noon": not "midday supervisors"
        elif w in fractions:
            minutes = fractions[w]
            nxt = tokens[k + 1][2] if k + 1 < len(tokens) else ""
            if nxt in lexicon.clock_past_words and (h := hour(k + 2, True)) is not None:
                value, end = f"{h}:{minutes:02d}", k + 2
            elif nxt in lexicon.clock_to_words and (h := hour(k + 2, True)) is not None:
                value, end = f"{(h - 2) % 12 + 1}:{60 - minutes:02d}", k + 2
            elif (h := hour(k + 1, False)) is not None:  # "half seven": half past seven
                value, end = f"{h}:{minutes:02d}", k + 1
        elif (h := hour(k, True)) is not None and k + 1 < len(tokens) \
                and tokens[k + 1][2] in lexicon.clock_hour_words:
            value, end = f"{h}:00", k + 1
        if value is not None:
            out.append((start, tokens[end][1], value))
        k = end + 1
    memo[text] = out
    return out


# What joins the two ends of a range of times ("from nine until half past five")
_RANGE_JOIN = r"\s*(?:until|till|til|to|and|-|–)\s*"
_RANGE_START = re.compile(  # a clock just before a joiner: "9am", "09:00", "9.30am"
    r"(?<![\d£$€¥.,:])(\d{1,2})(?:[:.](\d\d))?\s?([ap]m)?" + _RANGE_JOIN + "$", re.IGNORECASE)
_WORD_START = re.compile(r"\b(?:from|between)\s+([A-Za-z]+)" + _RANGE_JOIN + "$", re.IGNORECASE)


def in_ranges(text: str, times: list[tuple[int, int, str]], lexicon: Lexicon
               ) -> list[tuple[int, int, str]]:
    """Times said in words read on the 12-hour clock; one that ends a range after an
    earlier time of day is the later one ("from nine until half past five" closes at
    17:30, as "09:00-17:30" does), and an hour word opening such a range after "from"
    or "between" is a time ("nine" there is 9:00; "two to three weeks" has none)."""
    out: list[tuple[int, int, str]] = []
    last: tuple[int, int, str] | None = None  # the time said just before, in words
    for start, end, clock in times:
        if ":" not in clock:  # a span of minutes ("a quarter of an hour")
            out.append((start, end, clock))
            continue
        before = range_start(text, start, last, lexicon)
        if before is not None:
            if before[1] is not None:
                out.append(before[1])
            clock = later_clock(clock, before[0])
        last = (start, end, clock)
        out.append(last)
    return sorted(out)


def later_clock(clock: str, before: int) -> str:
    """`clock` ("H:MM", read on the 12-hour clock) as the end of a range starting at
    hour `before`: in the afternoon when that is after the start and the morning is
    not ("9" to "5:30" is 17:30); noon, midnight and a range across midnight ("9pm
    until half past one") keep theirs."""
    hour, minute = clock.split(":")
    h = int(hour)
    return f"{h + 12}:{minute}" if 0 < h < 12 and h < before < h + 12 else clock


def range_start(text: str, at: int, last: tuple[int, int, str] | None, lexicon: Lexicon
                   ) -> tuple[int, tuple[int, int, str] | None] | None:
    """The hour of the time of day a range joiner links to the one starting at `at`
    (the time in words just before it, a clock in digits, "9am", "09:00", or an hour
    word after "from", "from nine"), with the last as a time found anew."""
    if last is not None and last[1] <= at and re.fullmatch(_RANGE_JOIN, text[last[1]:at],
                                                           re.IGNORECASE):
        return int(last[2].split(":")[0]), None
    head = text[max(0, at - 40):at]  # (a range's start is next to its joiner)
    offset = max(0, at - 40)
    m = _RANGE_START.search(head)
    if m is not None and (m.group(2) or m.group(3)):
        hour = int(m.group(1))
        if m.group(3):
            hour = hour % 12 + (12 if m.group(3).lower() == "pm" else 0)
        return (hour, None) if hour <= 23 else None
    w = _WORD_START.search(head)
    word = word_tables(lexicon).hours.get(w.group(1).lower()) if w is not None else None
    if w is None or word is None:
        return None  # "two to three" is a count, not times
    return word, (offset + w.start(1), offset + w.end(1), f"{word}:00")
