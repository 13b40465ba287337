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
_DAY_MONTH = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\b"
                        r"|\b([A-Za-z]{3,9})\s+(\d{1,2})(?:st|nd|rd|th)?\b")
_ISO = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# Words that make a date come back ("every 31 October", "each year on 1 March") or
# look ahead ("until", "from", "by"): such a date is no event that is over.
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
    for m in _DAY_MONTH.finditer(text):
        day, month = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
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
    if words & _LASTING:
        return False
    written = (older.created or older.modified).date()
    newest = base.modified.date()
    dates = _dates(text, written)
    return bool(dates) and all(d < newest for d in dates or ())


__all__ = ["past_event"]
