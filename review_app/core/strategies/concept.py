"""Concept evidence: two fillings of one note template about two different things.

Agent-written concept vaults fill one template for every concept ("What it is", "Why it
matters", "Key facts", "Related concepts"). Two notes about neighbouring concepts - a
product and its category, a technique and its sibling, a protocol and its next version -
share the template's headings, the domain's words and most of their vectors, and section
by section each restates the other. A rewrite of one concept keeps its *subject* (its
title names the same thing) and its *distinctive content* (the rare words of the project
it uses: its example, names, figures). So a pair whose headings are one template's is
about different things (held below the likely band, cues.py) when, its titles not naming
one subject (a plural, an acronym, an ID one carries and the other mentions, the other's
acronym in one's first paragraph):
- their titles differ only by a number, version or ID ("RIPv1" / "RIPv2", "RIP" /
  "RIPv2", "T1046" / "T1083");
- one links the other (a plain [[link]], as a "Related concepts" line does): the note
  itself calls the other another concept;
- their distinctive content does not cover each other: under `DISTINCT` of either note's
  rare words (in at most `RARE` of the notes read) appear in the other, each having at
  least `MIN_DISTINCT` (fewer is too little to tell: a generated rewrite with 1-6 rare
  words may share none).
No duplicate pair of the hard sets, rewrite_kb or the other real vaults is filled from one
template by this test (their template is two or three basic-memory headings around
headings of their own); see bench/concept_check.py for the counts on every labeled pair.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from hashlib import blake2b

import numpy as np

from ..memo import per_text
from ..notes import Note
from .series import link_types
from .template import MIN_NOTES, SHARE

MIN_HEADINGS = 3
"""Template headings two notes must share to be fillings of one template."""
OWN_HEADINGS = 0.75
"""Share of each note's headings that must be the template's: a note with headings of its
own (a runbook's steps, a plan's sections) is not a filled template."""
RARE = 0.01
"""A word in at most max(3, RARE x notes read) notes is distinctive."""
DISTINCT = 0.05
"""Shared distinctive words (of either note's) below this: the contents do not cover each
other. On the third real vault's labeled pairs one duplicate ("egress firewall" / "Egress
Filtering", reworded) sits at 0.059 and eight related pairs at or below 0.049 (tuned-on)."""

MIN_DISTINCT = 10
"""Distinctive words each note needs for their share to count (VIRGIL's concept notes
have 12-50; bench/gen_project.py's notes 1-6, where a rewrite may share none of them)."""

_HEADING = re.compile(r"^\s{0,3}#{2,6}\s+(.*?)\s*#*\s*$")
_NUMBER = re.compile(r"\d+")
_WORD = re.compile(r"[^\W_]+(?:[.\-][^\W_]+)*")
_PART = re.compile(r"[^\W\d_]+|\d+")
_CODE = re.compile(r"\b[a-z]{1,5}-?\d{2,}(?:[.\-]\d+)*\b|\b\d{3,}(?:[.\-]\d+)*\b")
_MINOR = frozenset({"a", "an", "and", "as", "for", "in", "of", "on", "or", "the", "to",
                    "vs", "with"})
_VERSION = frozenset({"v", "ver", "version", "rev", "release", "r"})


def _digest(text: str) -> int:
    return int.from_bytes(blake2b(text.encode(), digest_size=8).digest(), "little",
                          signed=True)


def note_headings(body: str) -> np.ndarray:
    """The note's headings (level 2 and below, numbers masked) as sorted unique digests."""
    out = set()
    for line in (body or "").splitlines():
        m = _HEADING.match(line)
        if m and m.group(1):
            out.add(_digest(_NUMBER.sub("#", m.group(1).lower())))
    return np.array(sorted(out), dtype=np.int64)


@per_text
def words(text: str) -> frozenset[str]:
    return frozenset(w.lower() for w in _WORD.findall(text or ""))


def _singular(w: str) -> str:
    return w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w


@per_text
def _title_tokens(title: str) -> list[str]:
    return [_singular(w.lower()) for w in _WORD.findall(title)]


@per_text
def _initials(title: str, minor: bool) -> str:
    parts = [p for p in re.split(r"[\W_]+", title.lower()) if p]
    return "".join(p[0] for p in parts if minor or p not in _MINOR)


@per_text
def _opening(body: str) -> str:
    """The note's first paragraph (headings aside): where a concept note defines itself."""
    text = "\n".join(ln for ln in body.splitlines() if not ln.lstrip().startswith("#"))
    return next((p for p in re.split(r"\n\s*\n", text) if p.strip()), "")


@per_text
def _squashed(title: str) -> str:
    return re.sub(r"[\W_]+", "", title.lower())


@per_text
def _opening_words(body: str) -> frozenset[str]:
    """The words of the note's first paragraph (`_opening`), as written."""
    return frozenset(re.findall(r"\w+", _opening(body)))


def _one_subject(a: Note, b: Note) -> bool:
    """Whether the titles name one thing: the same words (plural aside), one the other's
    acronym, an ID in one title that the other note carries, or one note's first paragraph
    calling it by the other's acronym ("EPR, often called EDR")."""
    ta, tb = _title_tokens(a.title), _title_tokens(b.title)
    if ta == tb:
        return True
    for short, long_ in ((a.title, b.title), (b.title, a.title)):
        s = _squashed(short)
        if 2 <= len(s) <= 8 and len(_title_tokens(short)) == 1 and s in (
                _initials(long_, True), _initials(long_, False)):
            return True
    for x, y in ((a, b), (b, a)):
        acronym = _initials(y.title, False).upper()
        if (len(_title_tokens(y.title)) >= 2 and len(acronym) >= 2
                and acronym != _initials(x.title, False).upper()
                and acronym in _opening_words(x.body)):  # a whole word of it
            return True
    for x, y in ((a, b), (b, a)):
        codes = _codes(x.title)
        if not codes:
            continue
        text = _lowered(y.title, y.body)
        if any(re.search(rf"(?<![\w.-]){re.escape(c)}(?![\w-])", text) for c in codes):
            return True
    return False


@per_text
def _codes(title: str) -> frozenset[str]:
    """IDs and codes in a title ("t1046", "2026-03")."""
    return frozenset(_CODE.findall(title.lower()))


@per_text
def _lowered(title: str, body: str) -> str:
    return f"{title}\n{body}".lower()


_VMARK = re.compile(r"(?<=[a-z])v(?=\d)")


def _parts(title: str) -> list[str]:
    """Words and numbers of a title, a version mark split off ("ripv2": rip, v, 2)."""
    return _PART.findall(_VMARK.sub(" v ", title.lower()))


_MARKED = re.compile(r"(?<=[a-z])v\d|\d+\.\d")


def versions_only(a: str, b: str) -> bool:
    """Titles that differ only by numbers or version marks ("RIPv1" / "RIPv2", "FIN5" /
    "FIN6", "RIP" / "RIPv2", "BlackByte" / "BlackByte 2.0"): the words left are the same,
    the numbers are not. Where one title alone has a number it must read as a version
    ("v2", "2.0"): a bare number added to a title ("Forum decision 128") is how an agent
    may file its copy."""
    pa, pb = _parts(a), _parts(b)
    wa = [p for p in pa if not p.isdigit() and p not in _VERSION]
    wb = [p for p in pb if not p.isdigit() and p not in _VERSION]
    na = [p for p in pa if p.isdigit()]
    nb = [p for p in pb if p.isdigit()]
    if not wa or wa != wb or na == nb:
        return False
    if na and nb:
        return True
    return bool(_MARKED.search((a if na else b).lower()))


class ConceptIndex:
    """The template headings and word counts of the notes a listing can reach."""

    def __init__(self, notes: list[Note], rows: Iterable[int]) -> None:
        self.notes = notes
        self.rows = list(rows)
        self._heads = {r: note_headings(notes[r].body) for r in self.rows}
        if self._heads:
            lines, counts = np.unique(np.concatenate(list(self._heads.values())),
                                      return_counts=True)
            self.template = lines[counts >= max(MIN_NOTES, int(SHARE * len(self.rows)))]
        else:
            self.template = np.zeros(0, dtype=np.int64)
        self._words: dict[int, frozenset[str]] = {}
        self._df: Counter[str] | None = None
        self._filled: dict[int, frozenset[int] | None] = {}
        self._rare: dict[int, frozenset[str]] = {}
        # word ids for word_share's counts: each note's words (in their set's order) as
        # ids into one vocabulary, so a pair's document frequencies are one bincount
        self._vocab: dict[str, int] = {}
        self._ids: dict[int, tuple[list[str], np.ndarray]] = {}

    def _template_heads(self, row: int) -> frozenset[int] | None:
        """The note's headings that are the template's, where they are at least
        OWN_HEADINGS of its headings (else None: not a filled template), once per note."""
        if row not in self._filled:
            heads = self._heads.get(row)
            filled = None
            if heads is not None and len(heads) and len(self.template):
                mask = np.isin(heads, self.template, assume_unique=True)
                if mask.mean() >= OWN_HEADINGS:
                    filled = frozenset(heads[mask].tolist())
            self._filled[row] = filled
        return self._filled[row]

    def same_template(self, i: int, j: int) -> bool:
        ha, hb = self._template_heads(i), self._template_heads(j)
        return ha is not None and hb is not None and len(ha & hb) >= MIN_HEADINGS

    def words(self, row: int) -> frozenset[str]:
        if row not in self._words:
            self._words[row] = words(self.notes[row].body)
        return self._words[row]

    def distinct_shared(self, i: int, j: int) -> float:
        """The smaller of the two shares of each note's distinctive words found in the
        other (title words left out: both name their subject)."""
        if self._df is None:
            self._df = Counter(w for r in self.rows for w in self.words(r))
        title = words(self.notes[i].title) | words(self.notes[j].title)
        ra, rb = self._rare_words(i) - title, self._rare_words(j) - title
        if len(ra) < MIN_DISTINCT or len(rb) < MIN_DISTINCT:
            return 1.0  # too little distinctive to compare: no evidence
        both = len(ra & rb)
        return min(both / len(ra), both / len(rb))

    def word_share(self, i: int, j: int, around: Iterable[int]) -> float:
        """How far note i's words sit inside note j's: the share of i's words found in j,
        each weighed by its IDF over the notes `around` the pair (their neighbours: a word
        the notes of their topic hold says nothing about these two). A condensed copy
        restates the values, names and terms of the note it was cut from in fewer, other
        sentences: its words sit inside even where its sentences match none."""
        rows = set(around) | {i, j}
        n = len(rows)
        wi, wj = self.words(i), self.words(j)
        order, ids = self._word_ids(i)
        counts = np.bincount(np.concatenate([self._word_ids(r)[1] for r in rows]),
                             minlength=len(self._vocab))
        weight = {w: math.log(n / df) for w, df in zip(order, counts[ids].tolist(),
                                                     strict=True)}
        total = sum(weight.values())
        return sum(weight[w] for w in wi & wj) / total if total > 0 else 0.0

    def _word_ids(self, row: int) -> tuple[list[str], np.ndarray]:
        """The note's words in their set's order and their vocabulary ids, once per note."""
        if row not in self._ids:
            order = list(self.words(row))
            vocab = self._vocab
            self._ids[row] = (order, np.array([vocab.setdefault(w, len(vocab)) for w in order],
                                              dtype=np.int64))
        return self._ids[row]

    def _rare_words(self, row: int) -> frozenset[str]:
        """The note's distinctive words (in at most max(3, RARE x notes read) notes)."""
        if row not in self._rare:
            assert self._df is not None
            df, cut = self._df, max(3, RARE * len(self.rows))
            self._rare[row] = frozenset(w for w in self.words(row) if df[w] <= cut)
        return self._rare[row]

    def cue(self, i: int, j: int) -> str:
        """Why the pair is two fillings of one template about different things ("")."""
        a, b = self.notes[i], self.notes[j]
        if not self.same_template(i, j) or _one_subject(a, b):
            return ""
        linked = "links_to" in link_types(a, b) | link_types(b, a)
        about = f"same template, about different things: {a.title} vs {b.title}"
        if versions_only(a.title, b.title):
            return f"{about} (titles differ only by a number, version or ID)"
        if linked:
            return f"{about} (one lists the other as another concept)"
        shared = self.distinct_shared(i, j)
        if shared < DISTINCT:
            return f"{about} (they share {shared:.0%} of their distinctive words)"
        return ""
