"""A dated event of an older note's own period: "Theme day on 31 October" in the autumn
term's menu is over by the time the spring term's note was written, so it is no fact
of now and is not carried (reported dropped, with its flip)."""

from __future__ import annotations

import datetime as dt
import re

from ..notes import Note

_MONTH_NUMBERS = {name: k for k, names in enumerate((
    ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"),
    ("may",), ("jun", "june"), ("jul", "july"), ("aug", "august"),
    ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
    ("dec", "december")), start=1) for name in names}
# each read on its own: "booked for 20 April" is "20 April", though "for 20" reads as a
# month and a day first
_DAY_MONTH = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\b")
_MONTH_DAY = re.compile(r"\b([A-Za-z]{3,9})\s+(\d{1,2})(?:st|nd|rd|th)?\b")
_ISO = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# Words that make a date come back ("every 31 October", "each year on 1 March") or
# look ahead ("until", "from", "by"): such a date is no event that is over. So does
# "after" or "before" right before a date: a deadline ("moved to the back row after 30
# April"), not "sent on 2 March after the full survey".
_BOUND = re.compile(r"\b(?:after|before)\s+(?:\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]{3,9}"
                    r"|[A-Za-z]{3,9}\s+\d{1,2}\b)", re.I)
_LASTING = frozenset(("every", "each", "annually", "yearly", "annual", "until", "till",
                      "from", "by", "since", "due", "deadline", "expires", "expiry",
                      "valid", "renew", "renews", "renewal"))


def _dates(text: str, written: dt.date) -> list[dt.date] | None:
    """The calendar days a unit names by day and month alone, each the first one on or
    after the day its note was written; None when it names a year too (a dated record,
    "council vote, 12 March 2024", stays a fact)."""
    if _ISO.search(text) or _YEAR.search(text):
        return None
    out: list[dt.date] = []
    day_month = list(_DAY_MONTH.finditer(text))
    found = [(m.start(), m.group(1), m.group(2)) for m in day_month
             if m.group(2).lower() in _MONTH_NUMBERS]
    taken = {m.start(2) for m in day_month}  # "5 May 10am": one date
    found += [(m.start(), m.group(2), m.group(1)) for m in _MONTH_DAY.finditer(text)
              if m.start(1) not in taken]
    for _, day, month in sorted(found):
        number = _MONTH_NUMBERS.get(month.lower())
        if number is None:
            continue
        try:
            when = dt.date(written.year, number, int(day))
            if when < written:
                when = when.replace(year=when.year + 1)
        except ValueError:
            continue
        out.append(when)
    return out


def past_event(text: str, older: Note, base: Note) -> bool:
    """Every date the older unit names falls after its note was written and before the
    newest note was: an event of the older period, over by now."""
    words = set(re.findall(r"[a-z]+", text.lower()))
    if words & _LASTING or _BOUND.search(text):
        return False
    written = (older.created or older.modified).date()
    newest = base.modified.date()
    dates = _dates(text, written)
    return bool(dates) and all(d < newest for d in dates or ())


_UNTIL = re.compile(r"\b(?:until|till)\s+(?:the\s+end\s+of\s+)?(?:(\d{1,2})(?:st|nd|rd|th)?\s+)?"
                    r"([A-Za-z]{3,9})\b(?:\s+(\d{4})\b)?", re.I)


def _month_end(year: int, month: int) -> dt.date:
    return dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1)


def lapsed(text: str, older: Note, base: Note) -> bool:
    """The older unit says how things are until a day ("The old number diverts until the
    end of April, then stops.") that came before the newest note was written: what it
    held is over (a month alone, or "the end of" one, lasts to its last day; without a
    year, the first such day on or after the older note was written)."""
    m = _UNTIL.search(text)
    if m is None:
        return False
    number = _MONTH_NUMBERS.get(m.group(2).lower())
    if number is None:
        return False
    written = (older.created or older.modified).date()
    year = int(m.group(3)) if m.group(3) else written.year
    try:
        when = _month_end(year, number) if m.group(1) is None \
            else dt.date(year, number, int(m.group(1)))
    except ValueError:
        return False
    if m.group(3) is None and when < written:
        if m.group(1) is None:
            when = _month_end(year + 1, number)
        else:  # "until 29 February" written after it in a leap year: next year's last day
            when = dt.date(year + 1, number, min(when.day, _month_end(year + 1, number).day))
    return when < base.modified.date()


_FROM = re.compile(r"\b(?:from|as\s+of|starting|with\s+effect\s+from)\s+"
                   r"(?:(\d{1,2})(?:st|nd|rd|th)?\s+)?([A-Za-z]{3,9})\b"
                   r"(?:\s+(\d{1,2})(?:st|nd|rd|th)?\b)?(?:,?\s+(\d{4})\b)?", re.I)
_UP_DOWN = frozenset(("up", "down"))
_UNTIL_AFTER = re.compile(r"\s*(?:to|until|till|through|-|–)\s", re.I)


def announced_change(text: str, change_verbs: frozenset[str]) -> str | None:
    """What a dated announcement says changes ("From 1 July the adult return goes up":
    "the adult return"; "From 14 April the senior session moves half an hour later", "As
    of March fees will be raised"): the words between "from <date>" and a present, future
    or passive form of one of `change_verbs` (Lexicon: their past forms) or "goes up /
    down"; None when it announces no such change."""
    m = _FROM.search(text)
    if m is None or _UNTIL_AFTER.match(text, m.end()):
        return None  # ("From March to May the session moves ...": a period, not a change)
    words = re.findall(r"[a-z]+", text[m.end():].lower())
    for k, w in enumerate(words[:12]):
        verb = (w in ("go", "goes") and words[k + 1:k + 2] != [] and words[k + 1] in _UP_DOWN) \
            or (w.endswith("s") and bool({w[:-1] + "d", w[:-1] + "ed", w[:-2] + "ed"}
                                         & change_verbs)) \
            or (k > 0 and words[k - 1] in ("will", "to") and bool({w + "d", w + "ed"}
                                                                   & change_verbs)) \
            or (k > 0 and words[k - 1] in ("is", "are", "be") and w in change_verbs)
        if verb:
            after = text[m.end():].lower()
            if re.search(rf"\b{re.escape(w)}\b(?:\s+(?:up|down))?\s+to\s+(?![$€£¥\d])", after):
                return None  # "moves to the sports hall", "is changed to run with ...":
                # it names where or what it becomes, which the newest may not say
            return " ".join(words[:k])
    return None


def took_effect(text: str, older: Note, base: Note) -> bool:
    """The day a change the older unit announces takes effect ("From 1 July 2025 ...")
    came before the newest note was written: it is in effect, and the newest says what
    holds now (without a year, the first such day on or after the older note was
    written)."""
    m = _FROM.search(text)
    if m is None:
        return False
    number = _MONTH_NUMBERS.get(m.group(2).lower())
    day = m.group(1) or m.group(3)
    if number is None:
        return False
    # (without a year, read from when the older note was last written: a note created
    # in 2023 and edited in December 2025 means the coming 5 January)
    written = older.modified.date()
    year = int(m.group(4)) if m.group(4) else written.year
    try:
        when = dt.date(year, number, int(day) if day else 1)
        if m.group(4) is None and when < written.replace(day=1):
            when = dt.date(year + 1, number, int(day) if day else 1)
    except ValueError:  # (a day its month lacks, "29 February" of the next year)
        return False
    return when < base.modified.date()


_DAY_MONTH_YEAR = re.compile(
    r"\b(?:(\d{1,2})(?:st|nd|rd|th)?\s+)?([A-Za-z]{3,9})\s+((?:19|20)\d\d)\b")
_ISO_DATE = re.compile(r"\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b")


def days_named(text: str) -> set[str]:
    """The day numbers the unit gives beside a month ("9 May", "March 14"), as written."""
    out = {m.group(1) for m in _DAY_MONTH.finditer(text) if m.group(2).lower() in _MONTH_NUMBERS}
    return out | {m.group(2) for m in _MONTH_DAY.finditer(text)
                  if m.group(1).lower() in _MONTH_NUMBERS}


def names_a_day_ahead(text: str, base: Note) -> bool:
    """The unit names a calendar day with its year ("1 March 2025", "March 2025" for
    its first day, "2025-03-01") after the newest note was written: a change or an
    event still ahead then, no date of an older version."""
    newest = base.modified.date()
    found: list[tuple[int, int, int]] = []
    for m in _DAY_MONTH_YEAR.finditer(text):
        month = _MONTH_NUMBERS.get(m.group(2).lower())
        if month is not None:
            found.append((int(m.group(3)), month, int(m.group(1) or 1)))
    found += [(int(m.group(1)), int(m.group(2)), int(m.group(3)))
              for m in _ISO_DATE.finditer(text)]
    for year, month, day in found:
        try:
            if dt.date(year, month, day) > newest:
                return True
        except ValueError:
            continue
    return False


__all__ = ["announced_change", "days_named", "lapsed", "names_a_day_ahead", "past_event",
           "took_effect"]
