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

A note's names (its title and headings, stamps and numbers out) say what it is about where
its body says nothing: "How do I reset a git password?" over "hmm?" names a subject, while
"2026-03-04" or "Daily log 2026-03-05" over "No entries." names only a day. A name is
generic where it is empty once stamps are out, or recurs as a whole in many notes ("Daily
log", "Session", "## Tasks"): the name of a series, not of a subject.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from hashlib import blake2b

import numpy as np

from ..memo import per_text
from ..stamps import stamped

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
MIN_NAMED = 3
"""A name (title or heading, stamps out) carried by at least max(MIN_NAMED, SHARE x notes
read) notes names a series ("Daily log", "Session"), not a subject. Three, not MIN_NOTES: an
agent's daily notes are a handful where its vault is young, and a whole title recurring three
times is a series' name (two notes of one name and stamp are the series cue's, series.py)."""

_NUMBER = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")
_NAME_WORD = re.compile(r"[^\W\d_]+")


def _digest(line: str) -> int | None:
    """A line's 64-bit digest, numbers masked; None for a heading, blank or short line."""
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    text = _SPACE.sub(" ", _NUMBER.sub("#", text.lower()))
    if len(text) < MIN_LINE:
        return None
    return int.from_bytes(blake2b(text.encode(), digest_size=8).digest(), "little",
                          signed=True)


def note_lines(body: str) -> np.ndarray:
    """The note's lines, each as a 64-bit digest (sorted, unique): a scan holds these for
    every note a listing can reach, so 8 bytes a line, not the text."""
    out = {d for d in map(_digest, (body or "").splitlines()) if d is not None}
    return np.array(sorted(out), dtype=np.int64)


def own_chars(pieces: list[str], template: AbstractSet[int]) -> np.ndarray:
    """Each piece's characters less those of its boilerplate lines (the template's): text
    pasted into many notes (a tool preamble, a signature) says nothing about which two are
    one note, so coverage weighs a piece by what is its own. All zero (a note of nothing but
    boilerplate): the pieces' full lengths, as the stub cue speaks for such a note."""
    out = np.asarray([len(p) for p in pieces], np.float32)
    if not template:
        return out
    own = out.copy()
    for i, piece in enumerate(pieces):
        for line in piece.splitlines():
            if _digest(line) in template:
                own[i] -= len(line) + 1
    own = np.maximum(own, 0.0)
    return own if own.sum() > 0 else out


def template_lines(notes_lines: Iterable[np.ndarray]) -> np.ndarray:
    """The lines recurring in many of these notes (each note's lines counted once)."""
    parts = list(notes_lines)
    if not parts:
        return np.zeros(0, dtype=np.int64)
    lines, counts = np.unique(np.concatenate(parts), return_counts=True)
    return lines[counts >= max(MIN_NOTES, int(SHARE * len(parts)))]


@per_text
def note_names(title: str, body: str) -> frozenset[str]:
    """The note's title and headings, each lowercased with its stamps and numbers out ("" for
    one that is only a date or a number)."""
    heads = [ln.strip().lstrip("#") for ln in (body or "").splitlines()
             if ln.strip().startswith("#")]
    return frozenset(" ".join(_NAME_WORD.findall(stamped(text)[0])) for text in [title, *heads])


def generic_names(notes_names: Iterable[frozenset[str]]) -> frozenset[str]:
    """The names that name no subject: empty once stamps are out, or carried by many of
    these notes."""
    parts = list(notes_names)
    counts = Counter(name for names in parts for name in names)
    least = max(MIN_NAMED, int(SHARE * len(parts)))
    return frozenset({""} | {name for name, n in counts.items() if n >= least})


def no_own_content(lines: np.ndarray, template: np.ndarray,
                   names: frozenset[str] | None = None,
                   generic: frozenset[str] = frozenset({""})) -> bool:
    """A template and nothing else: every line of the note is the template's, a heading or a
    short line (an unfilled template, a pasted instruction block under a dated header), and
    either some line is the template's or every name of the note is generic (an empty daily
    note: "# 2026-03-04" over "No entries."). Such a note says nothing another note could
    restate, so it is no one's duplicate unless it is that note's copy (cues.py holds it below
    the likely band). A note with no long line but a name of its own is not one: its title
    says what it is about (a SemEval question whose body is "hmm?" duplicates another by its
    title)."""
    if not np.isin(lines, template, assume_unique=True).all():
        return False
    return bool(len(lines)) or (names is not None and names <= generic)


def template_only(a: np.ndarray, b: np.ndarray, template: np.ndarray) -> int:
    """How many lines the two share where every one is the template's (else 0)."""
    return template_shared(frozenset(a.tolist()), frozenset(b.tolist()),
                           frozenset(template.tolist()))


def template_shared(a: AbstractSet[int], b: AbstractSet[int], template: AbstractSet[int]) -> int:
    """`template_only` of the lines as sets (a scan's cue pass holds each note's once)."""
    shared = a & b
    if len(shared) < MIN_SHARED or not shared <= template:
        return 0
    return len(shared)
