"""Which word fills a slot: two units that say one thing of one subject with another
filler ("Bookings go through the front desk" / "... the online form"; "The on-call
lead is Marta" / "Kofi is now the on-call lead"; "Head warden: Priya Shah" / "Head
warden: Tomasz Nowak").

The filler is what differs: the content words one unit has and the other lacks. The
frame is the rest, the unit with its filler masked out. Two units refill one slot when
each filler is short (a name, a word or two) and one run of words (words changed
here and there are a rewording), neither is a number (numbers are thing_values' and
pass_carry's), and the filler stands where a value stands: what the unit ends on,
after its subject (its first content word is frame on both sides), or a name on both
sides (a person can be the subject: "Kofi is now ..."). A label names its slot, so
two labels ("VLAN trusted:" / "VLAN lab:") are two slots, and a slot a note fills
several times side by side is a list of siblings (`listed`), not one value. Whether
the frames say the same is the caller's to measure (their cosine), so a reworded
frame counts and an accidental word overlap does not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .context import MergeContext, Ref
from .facts import label_of, stem
from .lexicon import Lexicon
from .pass_units import said

_TOKEN = re.compile(r"[A-Za-z][\w'’\-]*|\d[\w.,:/\-]*")
MASK = "…"
FILLED = frozenset({"sentence", "item", "footnote", "obs"})  # units that fill slots
_TAG = re.compile(r"(?<!\S)#[\w/-]+")  # an observation's tags say where it is filed
# A word is one word to a reader however inflected or shortened ("commits" /
# "committed", "BUs" / "BU"): one stem starts the other, at most this many letters on.
_ENDING = 3


@dataclass(frozen=True)
class Refill:
    older_frame: str  # the older text, its filler masked
    newer_frame: str
    older_filler: tuple[str, ...]  # the filler words as written
    newer_filler: tuple[str, ...]


@dataclass(frozen=True)
class _Token:
    text: str
    key: str  # stemmed, lower case
    start: int
    end: int
    capital: bool  # capitalised where a sentence does not start


@lru_cache(maxsize=1 << 14)
def _tokens(text: str, lexicon: Lexicon) -> tuple[_Token, ...]:
    out: list[_Token] = []
    for m in _TOKEN.finditer(_TAG.sub(lambda t: " " * len(t.group(0)), text)):
        w = m.group(0)
        low = w.lower()
        if low in lexicon.function_words:
            continue
        k = m.start() - 1
        while k >= 0 and text[k] in " *_(\"'-":
            k -= 1
        first = k < 0 or text[k] in ".!?:;"
        out.append(_Token(w, stem(low.strip("'’"), lexicon), m.start(), m.end(),
                          w[:1].isupper() and not first))
    return tuple(out)


def _masked(text: str, filler: list[_Token]) -> str:
    """The text with each filler word replaced by one mark (a run of them by one)."""
    out, at = [], 0
    for t in sorted(filler, key=lambda t: t.start):
        out += [text[at:t.start], MASK]
        at = t.end
    out.append(text[at:])
    joined = re.sub(rf"{MASK}(\s*{MASK})+", MASK, "".join(out))
    return re.sub(r"\s+", " ", joined).strip()


def _name_like(filler: list[_Token], other: list[_Token]) -> bool:
    """Both fillers are names: every word capitalised, and at least one of them where
    no sentence starts (so "Kofi is now ..." is a name when the other says "is Marta")."""
    return all(t.text[:1].isupper() for t in filler + other) and any(
        t.capital for t in filler + other)


@lru_cache(maxsize=1 << 14)
def _near(text: str, lexicon: Lexicon) -> tuple[frozenset[str], frozenset[str]]:
    """The text's word keys, and every prefix of one a word it starts may be (at least 2
    letters, at most _ENDING fewer): _among's look-ups as set membership, built once a
    text instead of a scan of its words for every word of every text it meets."""
    keys = frozenset(t.key for t in _tokens(text, lexicon))
    return keys, frozenset(k[:n] for k in keys
                           for n in range(max(2, len(k) - _ENDING), len(k) + 1))


def _among(key: str, near: tuple[frozenset[str], frozenset[str]]) -> bool:
    """The word is in the other unit, perhaps inflected or shortened ("BUs" / "BU"):
    the same key, or one key starts the other (both at least 2 letters, at most
    _ENDING letters apart)."""
    keys, prefixes = near
    return key in keys or key in prefixes or any(
        key[:n] in keys for n in range(max(2, len(key) - _ENDING), len(key)))


def _one_run(tokens: tuple[_Token, ...], filler: list[_Token]) -> bool:
    """The filler is one run of the unit's content words ("the front desk"), not words
    changed here and there ("Nut products are stored" / "Nuts live ... #allergens")."""
    at = [k for k, t in enumerate(tokens) if t in filler]
    return at == list(range(at[0], at[-1] + 1))


def _unsaid(keys: frozenset[str], near: tuple[frozenset[str], frozenset[str]],
            max_words: int) -> set[str]:
    """Those of `keys` not `_among` the other text's words; empty past `max_words` of
    them (no slot then: looking further would not change that)."""
    out: set[str] = set()
    for k in keys:
        if not _among(k, near):
            out.add(k)
            if len(out) > max_words:
                return set()
    return out


@lru_cache(maxsize=1 << 14)
def refill(older: str, newer: str, lexicon: Lexicon, max_words: int,
           label_chars: int) -> Refill | None:
    """The two texts' frames and fillers when they may state one slot with two
    fillers (the frames' meaning still to be compared), else None."""
    lo, ln = label_of(older, label_chars), label_of(newer, label_chars)
    if lo is not None and ln is not None and lo[0] != ln[0]:
        return None  # two labels: two slots
    near_o, near_n = _near(older, lexicon), _near(newer, lexicon)
    # The filler words, by key: only a key the other text lacks as written needs the
    # inflection look-up; past max_words (or none) there is no slot, whatever else.
    # (Counted up to one past max_words: most pairs of a group are two statements.)
    lost = _unsaid(near_o[0] - near_n[0], near_n, max_words)
    if not lost:
        return None
    gained = _unsaid(near_n[0] - near_o[0], near_o, max_words)
    if not gained:
        return None
    to, tn = _tokens(older, lexicon), _tokens(newer, lexicon)
    mine = [t for t in to if t.key in lost]
    theirs = [t for t in tn if t.key in gained]
    frame = {t.key for t in to if t.key not in lost}
    if not frame:
        return None
    if len(frame) < max(len({t.key for t in mine}), len({t.key for t in theirs})):
        return None  # more filler than frame: two statements, not one slot
    if any(t.text[:1].isdigit() for t in mine + theirs):
        return None  # a number's other value is judged by thing_values and pass_carry
    named = _name_like(mine, theirs)
    if not named and not (to[0].key in frame and tn[0].key in frame):
        return None  # "Lockers are ..." / "Showers are ...": two subjects
    if not (_one_run(to, mine) and _one_run(tn, theirs)):
        return None  # words changed here and there: a rewording, not a slot refilled
    if not named and (to[-1] not in mine or tn[-1] not in theirs):
        return None  # a filler that is not what the unit ends on is no value of it
    return Refill(_masked(older, mine), _masked(newer, theirs),
                  tuple(t.text for t in mine), tuple(t.text for t in theirs))


def siblings(text: str, others: list[str], lexicon: Lexicon, max_words: int,
             label_chars: int) -> bool:
    """Another text beside it fills its slot otherwise ("coached by Ana Ruiz" / "coached
    by Ben Ortiz"): the slot is a list of siblings, each a fact, not one value."""
    return any(o != text and refill(o, text, lexicon, max_words, label_chars) is not None
               for o in others)


def listed(ctx: MergeContext, r: Ref, refs: list[Ref]) -> bool:
    """Its note states this slot several times, side by side in its section ("Lane
    one: sprinters", "Lane three: juniors"): a list of siblings, not one slot."""
    th = ctx.thresholds
    return siblings(said(r.unit), [said(o.unit) for o in refs if o.section == r.section
                                   and o.unit.kind in FILLED],
                    ctx.lexicon, th.filler_words, th.label_chars)


__all__ = ["FILLED", "MASK", "Refill", "listed", "refill", "siblings"]
