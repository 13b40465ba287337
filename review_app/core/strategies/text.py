"""Text helpers shared by the strategies: titles as agents write them, content words."""

from __future__ import annotations

import re
import sys
from pathlib import PurePosixPath

from rapidfuzz import fuzz

from ..memo import per_text
from ..notes import Note

DATE_RE = re.compile(
    r"(?<!\d)(?:19|20)\d\d([-_./]?)(?:0[1-9]|1[0-2])\1(?:0[1-9]|[12]\d|3[01])(?!\d)")
"""A calendar date as agents stamp it on titles and file names: 2026-08-15, 2026_08_15,
2026.08.15, 20260815 (one separator used throughout). The only date pattern of the
strategies: a stamp is not part of what a note is (titles are compared without it) and
not a number that names a version (see `title_numbers`)."""
_NUMBER_RE = re.compile(r"(?<![\w.])v?(\d+(?:\.\d+)*)(?![\w.])")
_TOKEN_RE = re.compile(r"[a-z0-9][a-z0-9'+#.]*[a-z0-9+#]|[a-z0-9]")
_STOPWORDS = frozenset([
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "can", "could", "did", "do",
    "does", "for", "from", "had", "has", "have", "how", "i", "if", "in", "into", "is",
    "it", "its", "me", "my", "no", "not", "of", "on", "or", "our", "so", "some", "such",
    "than", "that", "the", "their", "them", "then", "there", "these", "they", "this",
    "to", "too", "was", "we", "were", "what", "when", "where", "which", "who", "why",
    "will", "with", "would", "you", "your", "any", "all", "also", "just", "only", "about",
    "there", "here", "more", "most", "very",
])


def normalise_title(text: str) -> str:
    """Titles as agents write them: snake/kebab case, dates stuck on; compare the words."""
    text = DATE_RE.sub(" ", text)
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    text = re.sub(r"[_\-/.]+", " ", text)
    return re.sub(r"\s+", " ", text).strip().lower()


def note_names(note: Note) -> tuple[str, str]:
    return title_and_stem(note.title, note.path)


@per_text
def title_and_stem(title: str, path: str) -> tuple[str, str]:
    """A note's title and file name, normalised (kept per note for a scan's cue pass)."""
    return normalise_title(title), normalise_title(PurePosixPath(path).stem)


def content_tokens(text: str) -> set[str]:
    # Interned: the word sets of thousands of notes held at once share one string a word.
    return {sys.intern(t) for t in _TOKEN_RE.findall(text.lower()) if t not in _STOPWORDS}


_YEAR_MONTH_RE = re.compile(r"\b(?:19|20)\d\d[-_./](?:0[1-9]|1[0-2])\b")
_YEAR_RE = re.compile(r"^(?:19|20)\d\d$")
_NO_NUMBERS: frozenset[str] = frozenset()


def title_numbers(title: str) -> frozenset[str]:
    """Numbers in a title (versions, chapters, years "y2026"), dates and months left out.

    Leading zeros do not count ("ADR-007" is "ADR 7"). Years are their own kind: a
    year against a version ("April 2026" vs "summary v2") says nothing, a year against
    another year ("plan 2025" vs "plan 2026") does.
    """
    text = _YEAR_MONTH_RE.sub(" ", DATE_RE.sub(" ", title))
    out = set()
    for num in _NUMBER_RE.findall(text):
        if _YEAR_RE.match(num):
            out.add("y" + num)
        else:
            # (int() refuses a run of thousands of digits: such a run is kept as written)
            out.add(".".join(str(int(part)) if len(part) <= 9 else part.lstrip("0") or "0"
                             for part in num.split(".")))
    return frozenset(out) if out else _NO_NUMBERS  # most titles: one shared empty set


def numbers_conflict(a: frozenset[str], b: frozenset[str]) -> bool:
    """Both titles carry numbers of one kind (years, or other numbers) and share none."""
    for year in (True, False):
        ka = {x for x in a if x.startswith("y") == year}
        kb = {x for x in b if x.startswith("y") == year}
        if ka and kb and not ka & kb:
            return True
    return False


def title_similarity(a: Note, b: Note, names: tuple[tuple[str, str], tuple[str, str]] | None = None
                     ) -> float:
    """Best of title and file-name similarity (agents rename files more than titles).

    `names` passes precomputed (title, stem) normalisations of a and b.
    """
    if names is None:
        names = (note_names(a), note_names(b))
    (ta, sa), (tb, sb) = names
    best = max(fuzz.token_set_ratio(ta, tb), fuzz.token_set_ratio(sa, sb)) / 100.0
    # token_set_ratio is 100 when one title's words are a subset of the other's; damp
    # that for very short titles ("Notes" vs "Meeting notes") that say little.
    if min(len(ta.split()), len(tb.split())) <= 1:
        best = min(best, fuzz.ratio(ta, tb) / 100.0)
    return best
