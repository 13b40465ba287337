"""Date, version and period stamps in titles: the one rule the kept-file choice
(grouping.choose_kept) and the series cue (strategies/series.py) both read.

A stamp is what names one issue of a note rather than its subject: a year or date
("2026", "2025-06-12", "2025-26"), a version or revision ("v2", "version 3",
"rev 2", "Rev B"), a month, and a period: a quarter or half ("Q3", "H1"), a week
("week 4", "2024-W18"), a season or
school/university term ("autumn term", "spring 2026", "term 2", "semester 1").
"Fall" and "May" count only beside a year or a term word: both are common words.
"""

from __future__ import annotations

import re

from .memo import per_text

_MONTHS = ("jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|"
           "april|june|july|august|september|october|november|december"
           r"|may(?=[\s_-]*(?:19|20)\d\d)")
_TERM = r"(?:term|semester|trimester|half[\s_-]?term)"
_SEASONS = (rf"(?:spring|summer|autumn|winter|michaelmas|lent|trinity"
            rf"|fall(?=[\s_-]*(?:(?:19|20)\d\d|{_TERM}\b)))(?:[\s_-]+{_TERM})?")
_STAMP = re.compile(
    # two-digit months and days are tried first: "2024-11-02" is one date, not "2024-1-1"
    # and a stray "02"
    r"\b(?:(?:19|20)\d\d(?:[-_./]?(?:1[0-2]|0?[1-9]))?(?:[-_./]?(?:3[01]|[12]\d|0?[1-9]))?"
    r"|q[1-4]|h[12]|w(?:ee)?k ?\d{1,2}|(?<=\d[\s_-])w\d{1,2}"  # ISO week: "2024-W18"
    r"|v\d+(?:\.\d+)*|version \d+(?:\.\d+)*"
    r"|rev(?:ision)?[\s_-]?\d{1,3}(?:\.\d+)*|rev(?:ision)?[\s_-][a-z]"  # "Rev B"
    rf"|{_TERM}[\s_-]?[1-6]|{_SEASONS}|(?:{_MONTHS}))\b",
    re.IGNORECASE)
_SEP = re.compile(r"[\s_\-./:,()]+")


def _folded(stamp: str) -> str:
    # one date however written: "2026-06-30" and "20260630" are the same stamp
    folded = _SEP.sub("-", stamp)
    digits = folded.replace("-", "")
    return digits if digits.isdigit() else folded


def stamps(text: str) -> tuple[str, ...]:
    """The stamps of `text`, lowercased, separators folded to '-' (a date's dropped)."""
    return tuple(_folded(m.group(0)) for m in _STAMP.finditer(text.lower()))


def has_stamp(title: str) -> bool:
    """A date, version or period stamp in a title ("... 2026-04-10", "dbt guide v2",
    "Canteen menu - autumn term")."""
    return bool(_STAMP.search(title))


@per_text
def stamped(text: str) -> tuple[str, tuple[str, ...]]:
    """(the text with its stamps taken out, normalised; the stamps, lowercased)."""
    low = text.lower()
    rest = _SEP.sub(" ", _STAMP.sub(" ", low)).strip()
    return rest, stamps(low)


_VERSION = re.compile(r"\b(?:v|version |rev(?:ision)?[\s_-]?)(\d{1,9}(?:\.\d{1,9})*)\b",
                      re.IGNORECASE)  # (a longer run of digits is no version int() reads)


def version(title: str) -> tuple[int, ...] | None:
    """The version or revision a title names ("v2" -> (2,), "rev 1.3" -> (1, 3)), or None."""
    m = _VERSION.search(title)
    return tuple(int(x) for x in m.group(1).split(".")) if m else None


@per_text
def unstamped(text: str) -> str:
    """The text without its stamps, whitespace folded: equal for a copy under a new year."""
    return " ".join(_STAMP.sub(" ", text.lower()).split())
