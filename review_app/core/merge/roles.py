"""Who holds a role: a person's name and the slot it fills in a unit.

A slot is what the words nearest the name say the person is or does: the role noun or
label before it ("Shift lead: Beatrice Shaw", "the station manager, Gareth Lewis") or
the verb phrase after it ("Hannah Price reviews suspensions"). When the newest note
puts another name in a slot an older unit fills, the role changed hands: the older
unit is a superseded value, however many other places the newest still names the old
holder in ("Beatrice Shaw now runs the Tuesday session"). A slot the newest fills
with several people is a list of them, not a role that changed hands.

Agents often name a person by one word ("Carmen runs the Tuesday rota", "The current
coordinator is Fiona"). One capitalised word is a name where no sentence starts, or
at a sentence start when a pronoun later in the sentence speaks of a person ("Wes runs
it unless he is away"); else it may be any word ("Rush orders ..."), so it counts
only in the slot a name of the other text fills. A copula joins a name to its role
("Tomasz is now the coordinator" / "the coordinator is Fiona"), and a status word
("current", "new") says when, not which role.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .facts import stem
from .lexicon import Lexicon

_TOKEN = re.compile(r"[A-Za-z][\w'’\-]*|[.;!?()\[\]:]")
_STOP = frozenset(".;!?()[]")  # a slot does not reach across a sentence or a bracket
_ACRONYM = re.compile(r"[A-Z0-9]+s?")  # "BU", "BUs", "API": no one's name
_WINDOW = 4  # tokens looked at on each side of a name
LOWER_WORD = re.compile(r"[a-z][a-z'’\-]*")  # a lower-case word ("chair"; not "x2")


@dataclass(frozen=True)
class Holder:
    name: str  # "beatrice shaw"
    before: frozenset[str]  # the role words before it (stemmed), up to two
    after: frozenset[str]  # what it does, after it (stemmed), up to two
    sure: bool = True  # a name for certain (not one capitalised word opening a sentence)
    head: str = ""  # the role word nearest the name, before it or across a copula
    label: bool = False  # named right after a label and a colon ("Driver: Sian Roberts")


def _capital(token: str, lexicon: Lexicon) -> bool:
    return token[:1].isupper() and token.lower() not in lexicon.function_words \
        and token.lower() not in lexicon.months


def _skip(lexicon: Lexicon) -> frozenset[str]:
    """The words a slot is not named by (built once per lexicon, not per text)."""
    memo = lexicon.memo("holder_skip")
    found = memo.get(None)
    if found is None:
        found = memo[None] = frozenset(
            (lexicon.function_words - lexicon.duty_verbs) | lexicon.months
            | lexicon.title_status_words | lexicon.copulas | {":"})
    return found


@lru_cache(maxsize=1 << 14)
def holders(text: str, lexicon: Lexicon, single: bool = False) -> tuple[Holder, ...]:
    """Every person-like name (two or more capitalised words in a row; with `single`,
    one word too: the module docstring says when it is sure) with its slot; another
    name or a sentence end closes a slot, so each name gets its own words. A name right
    after a word saying where (Lexicon.place_words: "reception staff at Larchfield
    Veterinary Clinic") is a place, not who holds the slot; capitalised words before a
    colon ("Driver: Sian Roberts") are the slot's label, not a name."""
    found = list(_TOKEN.finditer(text))
    tokens = [m.group(0) for m in found]
    # a comma is no token (it neither closes a slot nor counts in one); where one follows
    # a token, a relative clause or a role phrase ends ("Tom Vasey, who is now chair,
    # opens the meeting")
    comma = frozenset(k for k, m in enumerate(found) if text.startswith(",", m.end()))
    spans: list[tuple[int, int]] = []
    k = 0
    while k < len(tokens):
        j = k
        while j < len(tokens) and _capital(tokens[j], lexicon):
            j += 1
        if (j - k >= 2 or (single and j - k == 1 and not _ACRONYM.fullmatch(tokens[k]))) \
                and not (
                k and tokens[k - 1] in lexicon.place_words) \
                and not (j < len(tokens) and tokens[j] == ":"):  # "Driver: ..." a label
            spans.append((k, j))  # (one word in capitals is an acronym: "BU", "API")
        k = max(j, k + 1)
    named = {i for a, b in spans for i in range(a, b)}
    # One capitalised word opening the text or a sentence, right before a role noun,
    # qualifies the role ("Exams officer: Yuki Tanaka", "| Welfare officer | Claire
    # Dunn |"): two officers, not one role of two names
    starts = {a for a, _ in spans}
    qualifier = {a for a, b in spans if b - a == 1 and (a == 0 or tokens[a - 1] in _STOP)
                 and b + 1 < len(tokens) and tokens[b][:1].islower()
                 and (tokens[b + 1] == ":" or b + 1 in starts)}
    skip = _skip(lexicon)

    def side(indices: range, bracketed: bool = False) -> tuple[str, ...]:
        out: list[str] = []
        for i in indices[:_WINDOW]:  # (a range's slice: no list of the whole text)
            t = tokens[i]
            if t == "(" and bracketed and not out:
                continue  # a bracket round the name alone: "the chair (currently
                # Margaret Ellery)"
            if t in _STOP or (i in named and i not in qualifier):
                break
            w = t.lower()
            if w not in skip:
                out.append(stem(w, lexicon))
            if len(out) == 2:
                break
        return tuple(out)

    def sure(a: int, b: int) -> bool:
        if b - a >= 2 or (a and tokens[a - 1] not in _STOP):
            return True  # two words, or one where no sentence starts
        end = next((i for i in range(b, len(tokens)) if tokens[i] in _STOP), len(tokens))
        return any(t.lower() in lexicon.person_pointers for t in tokens[b:end])

    out: list[Holder] = []
    for a, b in spans:
        before = side(range(a - 1, -1, -1), b < len(tokens) and tokens[b] == ")")
        after = side(range(b, len(tokens)))
        if (inside := _bracketed_role(text, found, b)) is not None:  # "Margaret Ellery (chair)":
            before, after = tuple(stem(w.lower(), lexicon) for w in inside[-2:]), ()
        head = before[0] if before else ""
        if (role := _role_after(tokens, b, lexicon, comma)) is not None:  # "Tomasz is now the
            # coordinator": the role is after the copula, its head the last noun of the
            # phrase ("Mark Tilley is fixtures secretary from this season": secretary)
            at, taking = role
            run = [w.lower() for w in _phrase(tokens, at, lexicon, comma if taking else None)
                   if w.lower() not in skip]
            head = stem(run[-1], lexicon) if run else after[0] if after else ""
            # (what "took over as" or "who is" leads to is the role, not those words)
            before = tuple(stem(w, lexicon) for w in run[-2:]) if taking and run else after
        out.append(Holder(" ".join(tokens[a:b]).lower(), frozenset(before), frozenset(after),
                          sure(a, b), head, bool(a) and tokens[a - 1] == ":"))
    return tuple(out)


def _role_after(tokens: list[str], at: int, lexicon: Lexicon,
                comma: frozenset[int]) -> tuple[int, bool] | None:
    """Where the noun phrase a copula joins to the name starts: "is (now) the
    coordinator", or with no article a phrase of two nouns or more ("is fixtures
    secretary"); None for "are booked", "is away on Mondays". A phrase of taking a role
    (Lexicon.role_taking: "became", "took over as") or a relative clause after the name
    (", who is now chair") says the noun after it is a role, one word or more. The flag
    says which of these two."""
    relative = at - 1 in comma and at < len(tokens) \
        and tokens[at].lower() in lexicon.relative_pronouns
    at += 1 if relative else 0
    k = _past_link(tokens, at, lexicon)
    if k is None:
        return None
    taking = relative or tokens[at].lower() not in lexicon.copulas
    while k < len(tokens) and (tokens[k].lower() in lexicon.auxiliary_words
                               or tokens[k].lower() in lexicon.role_taking):
        k += 1
    if k < len(tokens) and tokens[k].lower() in lexicon.determiners:
        if taking and tokens[k].lower() in lexicon.indefinite_articles:
            return None  # "Ana Ruiz, who became a coach in 2019": one of many
        return k + 1, taking
    run = _phrase(tokens, k, lexicon, comma if taking else None)
    if taking and k + len(run) < len(tokens) and tokens[k + len(run)].lower() in \
            lexicon.role_of_words and (k + len(run) - 1) not in comma:
        return None  # "who serves as treasurer of the county league": another body's role
    if len(run) >= (1 if taking else 2) and not any(
            w.lower().endswith(("ly", "ing", "ed")) for w in run):
        return k, taking
    return None


def _bracketed_role(text: str, found: list[re.Match[str]], at: int) -> list[str] | None:
    """The words of a bracket right after a name (token `at`) when it holds one to three
    lower-case words and nothing else, the last not a plural ("Margaret Ellery (chair)";
    not "Kendal (overnight in Kendal)", "Dobsonian (x2)", "Tom Reyes (captain
    2019-2022)", "Ana Ruiz (coaches)"): the person's role, held by one person."""
    if at >= len(found) or found[at].group(0) != "(":
        return None
    close = text.find(")", found[at].end())
    inside = text[found[at].end():close].split() if close > 0 else []
    if not 1 <= len(inside) <= 3 or not all(LOWER_WORD.fullmatch(t) for t in inside) \
            or (inside[-1].endswith("s") and not inside[-1].endswith("ss")):
        return None
    return inside


def _past_link(tokens: list[str], at: int, lexicon: Lexicon) -> int | None:
    """Where the words after a copula or a phrase of taking a role ("is", "became",
    "took over as", Lexicon.role_taking) start; None when `at` opens neither."""
    if at < len(tokens) and tokens[at].lower() in lexicon.copulas:
        return at + 1
    for n in (3, 2, 1):
        if "_".join(t.lower() for t in tokens[at:at + n]) in lexicon.role_taking:
            return at + n
    return None


def _phrase(tokens: list[str], at: int, lexicon: Lexicon,
            comma: frozenset[int] | None = None) -> list[str]:
    """The lower-case content words in a row from `at`: a noun phrase's words (up to a
    comma, where `comma` gives the tokens one follows)."""
    out: list[str] = []
    for k in range(at, len(tokens)):
        t = tokens[k]
        if not t[:1].islower() or t.lower() in lexicon.function_words:
            break
        out.append(t)
        if comma is not None and k in comma:
            break
    return out
_LOWER = re.compile(r"(?<![\w'’\-])[a-z][\w'’\-]*")


def same_slot(a: Holder, b: Holder, lexicon: Lexicon) -> bool:
    """One role: the same role words before both names (the one nearest each name the
    same, the other said by one only: "the coordinator" / "coordinator for volunteer
    shifts"), or the same two words of what each does after it. A label names its
    role whole: "Coxswain: Morag Reid" is not the "deputy coxswain, Isla Frost"."""
    shared = tuple(lexicon.shared_role_marks)
    if any(w.startswith(shared) for h in (a, b) for w in (h.head, *h.before)):
        return False  # a co-chair is one of two: another co-chair replaces no one
    whole = a.label or b.label
    return (bool(a.before) and bool(b.before) and a.head == b.head and (
        a.before == b.before if whole else a.before <= b.before or b.before <= a.before)) or (
        len(a.after) == 2 and a.after == b.after)


def replaced(older: str, newer: list[str], lexicon: Lexicon) -> int | None:
    """The index of the first newer text that puts another person in a slot the older
    text fills (and not the older's holder too), or None. Of two names in one slot,
    at least one is a name for certain (Holder.sure), and a word opening a sentence
    that these texts also write in lower case ("Launches are signed off" / "signs off
    launches") is no name at all."""
    texts = (older, *newer)
    common: dict[str, bool] = {}

    def named(h: Holder) -> bool:  # asked only of a holder in a slot that matters
        if h.sure:
            return True
        if h.name not in common:
            common[h.name] = any(h.name in _lower_words(t) for t in texts)
        return not common[h.name]

    mine = [h for h in holders(older, lexicon, True) if named(h)]
    if not mine:
        return None
    names = {h.name for h in mine}
    index = _newer_index(tuple(newer), lexicon)
    slots = {h: index.of(h) for h in dict.fromkeys(mine)}  # text index -> its slot-mates
    # a slot the newer texts fill with several people side by side is a list of
    # siblings ("coached by Ana Ruiz", "coached by Ben Ortiz"), not one role
    listed = {h for h in mine if len({t.name for ts in slots[h].values() for t in ts
                                      if named(t)}) > 1}
    for k in sorted({k for found in slots.values() for k in found}):
        for h in mine:
            slot = slots[h].get(k, ())
            if h in listed or any(t.name == h.name for t in slot):
                continue  # the newest says the same holder there
            if any(t.name not in names and (h.sure or t.sure) and named(t) for t in slot):
                return k
    return None


def _newer_index(newer: tuple[str, ...], lexicon: Lexicon) -> _SlotIndex:
    """One index over every newer text's holders, built once per set of newer texts: an
    older note's every unit asks it (3,000 headings against 3,000 built 900,000 indexes,
    bench/hostile_input.py merge-headings3000)."""
    memo = lexicon.memo("roles.newer_index")
    found = memo.get(newer)
    if found is None:
        found = memo[newer] = _SlotIndex(
            [(k, h) for k, text in enumerate(newer) for h in holders(text, lexicon, True)],
            lexicon)
    return found


class _SlotIndex:
    """One text's holders by what same_slot compares (the role word nearest the name,
    what they do after it), so a holder's slot-mates are found among a few candidates,
    not among every holder: an older text of 3,500 names against a newer one of 3,500
    asked same_slot 36 million times (bench/hostile_input.py merge-abbrev, 3.4 s)."""

    def __init__(self, found: list[tuple[int, Holder]], lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        self.by_head: dict[str, list[tuple[int, Holder]]] = {}
        self.by_after: dict[frozenset[str], list[tuple[int, Holder]]] = {}
        for k, t in found:
            if t.before:
                self.by_head.setdefault(t.head, []).append((k, t))
            if len(t.after) == 2:
                self.by_after.setdefault(t.after, []).append((k, t))

    def of(self, h: Holder) -> dict[int, list[Holder]]:
        """Per text (its index), the holders in `h`'s slot (same_slot), each once, in
        the text's order kept within each way of meeting it."""
        near = (self.by_head.get(h.head, []) if h.before else []) + (
            self.by_after.get(h.after, []) if len(h.after) == 2 else [])
        out: dict[int, list[Holder]] = {}
        for k, t in dict.fromkeys(near):
            if same_slot(h, t, self.lexicon):
                out.setdefault(k, []).append(t)
        return out


def moved(older: str, newer: list[str], lexicon: Lexicon) -> int | None:
    """The index of the first newer text naming the person an older label names
    ("Assistant: Rachel Lim, runs the beginners' table") under another label ("Head
    coach: Rachel Lim"), when no newer text names anyone under the older label: the
    person moved to another role, and the older one is no longer theirs. A newer text
    still giving the older label someone (or the same person) says the roster kept it."""
    mine = [h for h in holders(older, lexicon) if h.label and h.before]
    if not mine:
        return None
    every = [holders(text, lexicon) for text in newer]
    for h in mine:
        if any(t.label and same_slot(h, t, lexicon) for theirs in every for t in theirs):
            continue  # the older role is still on the roster
        for k, theirs in enumerate(every):
            if any(t.label and t.name == h.name and t.before and not same_slot(h, t, lexicon)
                   for t in theirs):
                return k
    return None


@lru_cache(maxsize=1 << 14)
def _lower_words(text: str) -> frozenset[str]:
    return frozenset(_LOWER.findall(text))


__all__ = ["Holder", "holders", "moved", "replaced", "same_slot"]
