"""Who holds a role: a person's name and the slot it fills in a unit.

A slot is what the words nearest the name say the person is or does: the role noun or
label before it ("Shift lead: Beatrice Shaw", "the station manager, Gareth Lewis") or
the verb phrase after it ("Hannah Price reviews suspensions"). When the newest note
puts another name in a slot an older unit fills, the role changed hands: the older
unit is a superseded value, however many other places the newest still names the old
holder in ("Beatrice Shaw now runs the Tuesday session"). A slot the newest fills
with several people is a list of them, not a role that changed hands.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .facts import stem
from .lexicon import Lexicon

_TOKEN = re.compile(r"[A-Za-z][\w'’\-]*|[.;!?()\[\]]")
_STOP = frozenset(".;!?()[]")  # a slot does not reach across a sentence or a bracket
_WINDOW = 4  # tokens looked at on each side of a name


@dataclass(frozen=True)
class Holder:
    name: str  # "beatrice shaw"
    before: frozenset[str]  # the role words before it (stemmed), up to two
    after: frozenset[str]  # what it does, after it (stemmed), up to two


def _capital(token: str, lexicon: Lexicon) -> bool:
    return token[:1].isupper() and token.lower() not in lexicon.function_words \
        and token.lower() not in lexicon.months


@lru_cache(maxsize=1 << 14)
def holders(text: str, lexicon: Lexicon) -> tuple[Holder, ...]:
    """Every person-like name (two or more capitalised words in a row) with its slot;
    another name or a sentence end closes a slot, so each name gets its own words. A
    name right after a word saying where (Lexicon.place_words: "reception staff at
    Larchfield Veterinary Clinic") is a place, not who holds the slot."""
    tokens = _TOKEN.findall(text)
    spans: list[tuple[int, int]] = []
    k = 0
    while k < len(tokens):
        j = k
        while j < len(tokens) and _capital(tokens[j], lexicon):
            j += 1
        if j - k >= 2 and not (k and tokens[k - 1] in lexicon.place_words):
            spans.append((k, j))
        k = max(j, k + 1)
    named = {i for a, b in spans for i in range(a, b)}

    def side(indices: range) -> frozenset[str]:
        out: list[str] = []
        for i in indices[:_WINDOW]:  # (a range's slice: no list of the whole text)
            t = tokens[i]
            if t in _STOP or i in named:
                break
            w = t.lower()
            if w not in lexicon.function_words and w not in lexicon.months:
                out.append(stem(w, lexicon))
            if len(out) == 2:
                break
        return frozenset(out)

    return tuple(Holder(" ".join(tokens[a:b]).lower(), side(range(a - 1, -1, -1)),
                        side(range(b, len(tokens)))) for a, b in spans)


def same_slot(a: Holder, b: Holder) -> bool:
    """One role: the same role words before both names, or the same two words of
    what each does after it."""
    return (bool(a.before) and a.before == b.before) or (
        len(a.after) == 2 and a.after == b.after)


def replaced(older: str, newer: list[str], lexicon: Lexicon) -> int | None:
    """The index of the first newer text that puts another person in a slot the older
    text fills (and not the older's holder too), or None."""
    mine = holders(older, lexicon)
    if not mine:
        return None
    names = {h.name for h in mine}
    every = [holders(text, lexicon) for text in newer]
    # a slot the newer texts fill with several people side by side is a list of
    # siblings ("coached by Ana Ruiz", "coached by Ben Ortiz"), not one role
    listed = {h for h in mine if len({t.name for theirs in every for t in theirs
                                      if same_slot(h, t)}) > 1}
    for k, theirs in enumerate(every):
        for h in mine:
            if h in listed or any(same_slot(h, t) and t.name == h.name for t in theirs):
                continue  # the newest says the same holder there
            if any(same_slot(h, t) and t.name not in names for t in theirs):
                return k
    return None


__all__ = ["Holder", "holders", "replaced", "same_slot"]
