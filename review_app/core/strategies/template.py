"""Template evidence: two notes whose only common lines are the project's template.

Agents fill one template again and again (a receipt, a calendar alert, a hub's TIMELINE
stub, a daily log's fixed lines): two such notes share those lines word for word and
their vectors sit close, yet each says something of its own. A line that recurs in many
notes of the project says nothing about *these* two being one note, as a word every
document holds says nothing in IDF. So where every line two notes share recurs in many
other notes (at least `MIN_NOTES`, or one in `SHARE` of the notes read), the pair is two
fillings of one template, not a rewrite: held below the likely band like a series
(cues.py). A rewrite shares no line, or some line of its own; a copy shares all of its own.

Lines are compared with their numbers masked (a date or count filled into a template line
is still the template's line); headings and short lines are left out (every note of a
knowledge base may have "## Observations").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from hashlib import blake2b

import numpy as np

MIN_LINE = 12
"""Characters a line needs (numbers masked) to count: shorter ones are structure."""
MIN_NOTES = 5
SHARE = 1 / 200
"""A line in at least max(MIN_NOTES, SHARE x notes read) notes is the template's. Over the
labeled pairs of two real agent vaults, the hard sets, rewrite_kb and the demo (514;
bench/pooled_fit.py) no duplicate pair shares only such lines; 34 related or unrelated pairs
of the vaults do (dated runs of one report, consecutive receipts, calendar alerts)."""
MIN_SHARED = 2
"""Fewer shared lines than this is no evidence either way."""

_NUMBER = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")


def note_lines(body: str) -> np.ndarray:
    """The note's lines, each as a 64-bit digest (sorted, unique): a scan holds these for
    every note a listing can reach, so 8 bytes a line, not the text."""
    out = set()
    for line in (body or "").splitlines():
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        text = _SPACE.sub(" ", _NUMBER.sub("#", text.lower()))
        if len(text) >= MIN_LINE:
            out.add(int.from_bytes(blake2b(text.encode(), digest_size=8).digest(), "little",
                                   signed=True))
    return np.array(sorted(out), dtype=np.int64)


def template_lines(notes_lines: Iterable[np.ndarray]) -> np.ndarray:
    """The lines recurring in many of these notes (each note's lines counted once)."""
    parts = list(notes_lines)
    if not parts:
        return np.zeros(0, dtype=np.int64)
    lines, counts = np.unique(np.concatenate(parts), return_counts=True)
    return lines[counts >= max(MIN_NOTES, int(SHARE * len(parts)))]


def no_own_content(lines: np.ndarray, template: np.ndarray) -> bool:
    """A template and nothing else: the note has template lines, and every other line is a
    heading or a short line (an unfilled template, a pasted instruction block under a dated
    header). Such a note says nothing another note could restate, so it is no one's
    duplicate unless it is that note's copy (cues.py holds it below the likely band). A note
    with no long line at all is not one: its title says what it is about (a SemEval question
    whose body is "hmm?" duplicates another by its title)."""
    return bool(len(lines)) and bool(np.isin(lines, template, assume_unique=True).all())


def template_only(a: np.ndarray, b: np.ndarray, template: np.ndarray) -> int:
    """How many lines the two share where every one is the template's (else 0)."""
    shared = np.intersect1d(a, b, assume_unique=True)
    if len(shared) < MIN_SHARED or not np.isin(shared, template, assume_unique=True).all():
        return 0
    return len(shared)
