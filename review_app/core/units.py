"""Text of units as the merge compares them: normalised text and sentences of a
paragraph (a note's structure is parsed by merge/document.py)."""

from __future__ import annotations

import functools
import re

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(`*\[])")
# An initial ("J. Smith") is a lone capital after a space; one after a number or a
# symbol is a unit of measure ("at 82 °C.", "200 C.", "5 V.") and ends the sentence.
_ABBREV = re.compile(r"(?:\b(?:e\.g|i\.e|etc|vs|cf|Dr|Mr|Mrs|Ms|Prof|St|No|approx)\.|"
                     r"(?:^|(?<=\s))(?<!\d\s)[A-Z]\.)$")
# A short lowercase word and a dot before a number ("ext. 210", "tel. 0161", "fig. 3",
# "rm. 4") is an abbreviation of what the number is, not a sentence's end.
_NUMBER_ABBREV = re.compile(r"(?:^|\s)[a-z]{1,4}\.$")
_SPACE = re.compile(r"\s+")
_ABBREV_REACH = 16  # characters at a sentence's end `_ABBREV` can need (with lookbehind)

@functools.lru_cache(maxsize=65_536)
def normalise(text: str) -> str:
    """Text for exact comparison: case, spacing, emphasis and end punctuation ignored
    (kept: a compose normalises the same units and headings many times)."""
    text = re.sub(r"[*_`]+", "", text.lower())
    return _SPACE.sub(" ", text).strip().rstrip(".;:,!").strip()


# A bold span is one unit too: split inside, its carried half left "**" open (an FAQ's
# "**I have dietary needs. Can you help?**" was written as "**I have dietary needs.").
_PROTECTED = re.compile(r"`[^`\n]*`|\[\[[^\]]*\]\]|\([^()\n]*\)|https?://\S+"
                        r"|\*\*(?=\S)[^*\n]+?(?<=\S)\*\*|__(?=\S)[^_\n]+?(?<=\S)__")


def split_sentences(text: str) -> list[str]:
    """Sentences of a paragraph; abbreviations, code spans, links, parentheses and bold
    spans never end one."""
    text = _SPACE.sub(" ", text.strip())
    kept: list[str] = []

    def hide(m: re.Match[str]) -> str:
        kept.append(m.group(0))
        return f"\x00{len(kept) - 1}\x01"

    hidden = _PROTECTED.sub(hide, text)
    parts = _SENTENCE_END.split(hidden)
    # Parts are joined once per sentence, and only the end of the last part is looked
    # at for an abbreviation: linear, however long a run of "e.g. A. B. Dr." is.
    groups: list[list[str]] = []
    for part in parts:
        last = groups[-1][-1] if groups else ""
        if groups and (_ABBREV.search(last, max(0, len(last) - _ABBREV_REACH)) or (
                part[:1].isdigit() and _NUMBER_ABBREV.search(last[-6:]))):
            groups[-1].append(part)
        elif part:
            groups.append([part])
    return [re.sub(r"\x00(\d+)\x01", lambda m: kept[int(m.group(1))], " ".join(g))
            for g in groups]
