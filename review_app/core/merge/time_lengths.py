"""How long something takes, as a line says it: minutes, hours, in digits or words.

"about forty minutes", "45 minutes", "an hour and a half", "2 hours", "about an hour":
one measure, read in minutes, so "Allow an hour and a half" and "Allow 2 hours" give two
values of it (facts reads "2 hours" as 2 and "an hour" as no value at all)."""

from __future__ import annotations

import re

from .lexicon import Lexicon
from .worded_values import word_tables

_UNIT = r"(minutes?|mins?|hours?|hrs?)\b"
_DIGITS = re.compile(r"(?<![\d.,:/\-])(\d+(?:\.\d+)?)\s*" + _UNIT, re.I)
_RANGE = re.compile(r"\d\s*(?:-|–|to)\s*\d+(?:\.\d+)?\s*" + _UNIT, re.I)
_WORD = re.compile(r"\b([a-z]+(?:-[a-z]+)?)\s+" + _UNIT, re.I)
_AN_HOUR = re.compile(r"\b(?:an|one)\s+hour\b(?!\s+and\s+a\s+half)", re.I)


def time_lengths(text: str, lexicon: Lexicon) -> list[int] | None:
    """The lengths of time the text gives, in minutes, in order of reading; None when
    it gives a range ("20-30 minutes": no one value)."""
    if _RANGE.search(text):
        return None
    low = text.lower()
    found: list[tuple[int, int]] = []  # (position, minutes)
    taken: list[tuple[int, int]] = []
    for phrase, minutes in sorted(lexicon.duration_phrases, key=lambda p: -len(p[0])):
        for m in re.finditer(rf"\b{re.escape(phrase)}\b", low):
            if not any(a <= m.start() < b for a, b in taken):
                found.append((m.start(), minutes))
                taken.append((m.start(), m.end()))
    for m in _AN_HOUR.finditer(low):
        if not any(a <= m.start() < b for a, b in taken):
            found.append((m.start(), 60))
            taken.append((m.start(), m.end()))
    numbers = word_tables(lexicon).numbers
    for rx, read in ((_DIGITS, float), (_WORD, lambda w: numbers.get(w.lower()))):
        for m in rx.finditer(text):
            if any(a <= m.start() < b for a, b in taken):
                continue
            value = read(m.group(1))
            if value is None:
                continue
            hours = m.group(2).lower().startswith("h")
            found.append((m.start(), round(value * (60 if hours else 1))))
            taken.append((m.start(), m.end()))
    return [minutes for _, minutes in sorted(found)]


__all__ = ["time_lengths"]
