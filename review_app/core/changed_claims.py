"""Passes that find one claim in two states among units the aligner called new.

The aligner (align.py) judges each member unit against its nearest written unit on
meaning and facts. Some pairs are one claim that changed, yet look unlike enough to
be called new: a thing now said to be over (state_changed), a reworded claim whose
value changed (values_disagree: the rewording and the changed value each lower the
cosine), and one sentence of an older note that joins two claims the written note
states apart ("The band is EUR 78,000 to EUR 92,000, and the role is hybrid..."), an
older code or date whose slot a newer sentence refills, the leftover of a paragraph the
newer note rewrote, and an older list item a newer sentence says is over. Each
pass turns such a pair into a conflict, so the newer version is written once and the
older is reported as superseded; BodyMerger (body_merge.py) runs them after aligning.
"""

from __future__ import annotations

import re
from dataclasses import replace
from difflib import SequenceMatcher
from typing import TYPE_CHECKING

import numpy as np
from rapidfuzz import fuzz

from .align import (
    CLAIM_MASKED_FUZZ,
    NEAR_COSINE,
    SAME_COSINE,
    STATUS_COSINE,
    Match,
    facts_of,
    family,
    hard_facts,
    masked,
    pair_facts,
)
from .notes import Note
from .unit_placement import Loc
from .units import Section, Unit
from .wording import (
    DONE,
    RECURRING,
    STOP,
    clauses_of,
    content_words,
    negated,
    state_changed,
    stem,
    tokens,
)

if TYPE_CHECKING:
    from .align import Aligner


VALUE_COSINE = 0.70


def values_disagree(u: Unit, b: Unit) -> bool:
    """`u` and `b` state one claim with another value: each names a number or a name of
    one kind that the other lacks ("The approved budget is now USD 8,200 for the team" /
    "The travel budget is USD 9,000 for the whole team"; "Marta Silva owns the
    procedure" / "the procedure belongs to Daniel Okafor"), around at least two shared
    subject words that are not values. Used with a cosine >= VALUE_COSINE between mutual
    nearest units: a rewording that also changes a value scores below SAME_COSINE."""
    fu, fb = pair_facts(u, b)
    only_u = {f for f in fu - fb if f.startswith(("num:", "name:"))}
    only_b = {f for f in fb - fu if f.startswith(("num:", "name:"))}
    if not {f.split(":", 1)[0] for f in only_u} & {f.split(":", 1)[0] for f in only_b}:
        return False
    values = {w for f in only_u | only_b for w in re.split(r"[^\w]+", f.split(":", 1)[1]) if w}

    def subject(unit: Unit) -> set[str]:
        return {stem(t) for t in content_words(tokens(unit.text))
                if t not in values and not any(c.isdigit() for c in t)}

    return len(subject(u) & subject(b)) >= 2


def near_claim(u: Unit, b: Unit, cosine: float) -> bool:
    """Close enough to be one claim once a changed value is set aside: cosine >=
    VALUE_COSINE, or the same wording with numbers, dates and code masked
    (CLAIM_MASKED_FUZZ) at a cosine that still says the topic is one (NEAR_COSINE)."""
    return cosine >= VALUE_COSINE or (cosine >= NEAR_COSINE and fuzz.token_set_ratio(
        masked(u.text), masked(b.text)) >= CLAIM_MASKED_FUZZ)


_REASON = re.compile(r":\s+|;\s+|\s+—\s+|\s+--?\s+|,?\s+(?:because|since)\s+|"
                     r",\s+(?:and|but|while|so|which)\s+")


def head_of(text: str) -> str:
    """A sentence's main claim without the reason or aside after it: "We dropped the
    take-home exercise" of "We dropped the take-home exercise: two candidates withdrew"."""
    head = _REASON.split(text, maxsplit=1)[0].strip()
    return head if len(head.split()) >= 3 else text


def reversed_claim(older: Unit, newer: Unit) -> bool:
    """The newer head says the older one's claim is over or negates it ("We decided to
    keep the take-home exercise" / "We dropped the take-home exercise"); meant for heads
    (head_of) whose cosine is >= SAME_COSINE."""
    o = replace(older, text=head_of(older.text))
    n = replace(newer, text=head_of(newer.text))
    return state_changed(o, n) or negated(n, o) or negated(o, n)



class ChangedClaims:
    """The changed-claim half of BodyMerger (see there for the state it keeps)."""

    units: list[Unit]
    locs: dict[int, Loc]
    aligner: Aligner
    facts: set[str]
    _ctx_matches: dict[int, Match]

    def _member_wins(self, loc: Loc, note: Note) -> bool:
        raise NotImplementedError

    def _states_changed(self, matches: list[Match], mapping: dict[int, Section | None],
                        note: Note) -> None:
        """A new member sentence or item that a unit of the same section says is over (or
        that says so of one), per wording.state_changed, is that unit's claim in another
        state, like a checklist item ticked: a conflict, the newer note's is written.
        An older observation of a problem the note now says is over is reported so."""
        for i, m in enumerate(matches):  # said (or richer), but in an older state
            if m.verdict in ("richer", "present") and m.base is not None:
                wins = self._member_wins(self.locs[id(m.base)], note)
                if state_changed(*((m.base, m.unit) if wins else (m.unit, m.base))):
                    matches[i] = self._ctx_matches[id(m.unit)] = replace(m, verdict="conflict")
        # prose and list items within their section; an observation ("[risk] exports
        # time out") against the whole note, but only as the older of the two
        todo = [i for i, m in enumerate(matches) if m.verdict == "new" and (
            m.unit.kind == "obs" or m.unit.kind in ("sentence", "item")
            and mapping.get(m.unit.section))]
        cands = [b for b in self.units if b.kind in ("sentence", "item", "obs")]
        if not todo or not cands:
            return
        vectors = self.aligner.vectors
        texts = [matches[i].unit.text for i in todo]
        vectors.ensure([*texts, *(b.text for b in cands)])
        cos = vectors.matrix(texts) @ vectors.matrix([b.text for b in cands]).T
        for k, i in enumerate(todo):
            u = matches[i].unit
            for j in np.argsort(-cos[k]):
                b = cands[int(j)]
                if cos[k, j] < STATUS_COSINE:
                    break
                loc = self.locs[id(b)]
                wins = self._member_wins(loc, note)
                if (b.kind == "obs") != (u.kind == "obs"):
                    if u.kind != "obs" or wins:
                        continue  # a sentence never replaces an observation, nor back
                elif u.kind != "obs" and loc.section is not mapping[u.section]:
                    continue
                if state_changed(*((b, u) if wins else (u, b))):
                    matches[i] = self._ctx_matches[id(u)] = Match(u, b, "conflict",
                                                                  float(cos[k, j]))
                    break

    def _values_changed(self, matches: list[Match], mapping: dict[int, Section | None]
                        ) -> None:
        """A new member unit and a written unit of its kind that are each other's nearest
        (cosine >= VALUE_COSINE) and state one claim with another value
        (values_disagree) are one fact, two values: a conflict, so the newer is
        written and the older reported. Prose must sit in the aligned section (or in a
        member section with none); an observation must keep its category."""
        fams = ("text", "obs")
        mine = [m for m in matches if family(m.unit) in fams and m.unit.kind != "row"]
        todo = [m for m in mine if m.verdict == "new"]
        written = [b for b in self.units if family(b) in fams and b.kind != "row"]
        if not todo or not written:
            return
        vectors = self.aligner.vectors
        vectors.ensure([*(m.unit.text for m in mine), *(b.text for b in written)])
        cos = vectors.matrix([m.unit.text for m in mine]) @ vectors.matrix(
            [b.text for b in written]).T
        fam_of = np.array([family(b) for b in written])
        taken = {id(m.base) for m in matches if m.base is not None}
        for k, m in enumerate(mine):
            if m.verdict != "new":
                continue
            u = m.unit
            row = np.where(fam_of == family(u), cos[k], -1.0)
            j = int(np.argmax(row))
            b = written[j]
            if id(b) in taken or not near_claim(u, b, float(row[j])):
                continue
            col = [cos[i, j] if family(mine[i].unit) == family(u) else -1.0
                   for i in range(len(mine))]
            if int(np.argmax(col)) != k:
                continue  # another unit of the member is nearer: that one is its pair
            if u.kind == "obs" and u.category != b.category:
                continue
            target = mapping.get(u.section)
            if u.kind != "obs" and target is not None and self.locs[id(b)].section is not target:
                continue
            if values_disagree(u, b):
                new = Match(u, b, "conflict", float(row[j]))
                matches[matches.index(m)] = self._ctx_matches[id(u)] = new
                taken.add(id(b))

    def _clauses_changed(self, matches: list[Match], note: Note) -> None:
        """An older member sentence of two or more clauses, each of which a written
        sentence or item states (the same, or with a newer value, per near_claim and
        values_disagree), is said already: present, or a conflict where a value changed
        (the older sentence is then reported superseded, never written beside them)."""
        todo = [i for i, m in enumerate(matches) if m.verdict == "new"
                and m.unit.kind == "sentence" and len(clauses_of(m.unit.text)) >= 2]
        written = [b for b in self.units if b.kind in ("sentence", "item", "step")
                   and not self._member_wins(self.locs[id(b)], note)]
        if not todo or not written:
            return
        parts = {i: [replace(matches[i].unit, text=c, raw=c, key="")
                     for c in clauses_of(matches[i].unit.text)] for i in todo}
        vectors = self.aligner.vectors
        texts = [c.text for cs in parts.values() for c in cs]
        vectors.ensure([*texts, *(b.text for b in written)])
        cos = vectors.matrix(texts) @ vectors.matrix([b.text for b in written]).T
        row = 0
        for i in todo:
            changed: Unit | None = None
            first: Unit | None = None
            covered = True
            for c in parts[i]:
                j = int(np.argmax(cos[row]))
                b, score = written[j], float(cos[row, j])
                row += 1
                fc, fb = pair_facts(c, b)
                if score >= SAME_COSINE and fc <= fb:
                    first = first or b
                elif near_claim(c, b, score) and values_disagree(c, b):
                    changed = changed or b
                else:
                    covered = False
            if covered and (changed or first) is not None:
                base = changed or first
                assert base is not None
                verdict = "conflict" if changed is not None else "present"
                m = Match(matches[i].unit, base, verdict, 0.0)
                matches[i] = self._ctx_matches[id(m.unit)] = m

    def _claims_reversed(self, matches: list[Match], mapping: dict[int, Section | None],
                         note: Note) -> None:
        """A new member sentence whose main claim (head_of) a written sentence of the
        aligned section states too (cosine >= SAME_COSINE) and the newer of the two says
        is over or negates (reversed_claim): a decision reversed, the newer is
        written, the older reported ("We decided to keep the take-home exercise, because
        ..." / "We dropped the take-home exercise: ...")."""
        todo = [i for i, m in enumerate(matches) if m.verdict == "new"
                and m.unit.kind == "sentence"]
        written = [b for b in self.units if b.kind == "sentence"]
        if not todo or not written:
            return
        vectors = self.aligner.vectors
        heads = [head_of(matches[i].unit.text) for i in todo]
        theirs = [head_of(b.text) for b in written]
        vectors.ensure([*heads, *theirs])
        cos = vectors.matrix(heads) @ vectors.matrix(theirs).T
        taken = {id(m.base) for m in matches if m.base is not None}
        for k, i in enumerate(todo):
            u = matches[i].unit
            target = mapping.get(u.section)
            for j in np.argsort(-cos[k]):
                if cos[k, j] < SAME_COSINE:
                    break
                b = written[int(j)]
                loc = self.locs[id(b)]
                if id(b) in taken or (target is not None and loc.section is not target):
                    continue
                wins = self._member_wins(loc, note)
                if reversed_claim(*((b, u) if wins else (u, b))):
                    matches[i] = self._ctx_matches[id(u)] = Match(u, b, "conflict",
                                                                  float(cos[k, j]))
                    taken.add(id(b))
                    break

    def _slots_refilled(self, matches: list[Match], mapping: dict[int, Section | None],
                        note: Note) -> None:
        """A new sentence or item of an older member that states one code or date alone,
        whose slot (the words leading up to it) a newer written unit of the aligned
        section fills with another value of the kind (slot_refilled): the older value,
        reported superseded, not written beside the newer. One written unit only, else
        the slot is ambiguous and the older sentence stays."""
        for i, m in enumerate(matches):
            u = m.unit
            if m.verdict != "new" or u.kind not in ("sentence", "item"):
                continue
            target = mapping.get(u.section)
            found = [b for b in self.units if b.kind in ("sentence", "item", "step")
                     and (target is None or self.locs[id(b)].section is target)
                     and not self._member_wins(self.locs[id(b)], note)
                     and slot_refilled(u, b, self.facts)]
            if len(found) == 1:
                matches[i] = self._ctx_matches[id(u)] = Match(u, found[0], "conflict", 0.0)

    def _leftovers_restated(self, matches: list[Match], note: Note) -> None:
        """What is left of an older member's rewritten paragraph, or an older observation,
        restated by a newer written unit that nothing else of the member matched: one
        claim in other words (leftover_restates), reported superseded rather than written
        beside its newer version ("The hotel is a ten-minute walk from the Salt Palace"
        / "It is across the street from the Salt Palace"). A paragraph counts as rewritten
        where all its other sentences are said by one written paragraph, one of them with
        a changed value (a conflict); an observation needs the same category and the
        newer wording in one frame (one_slot_reworded)."""
        taken = {id(m.base) for m in matches if m.base is not None}
        free = [b for b in self.units if id(b) not in taken and b.kind in ("sentence", "obs")
                and not self._member_wins(self.locs[id(b)], note)]
        todo: list[tuple[int, list[Unit]]] = []
        for i, m in enumerate(matches):
            u = m.unit
            if m.verdict != "new" or u.kind not in ("sentence", "obs"):
                continue
            if u.kind == "obs":
                todo.append((i, [b for b in free if b.kind == "obs"
                                 and b.category == u.category and one_slot_reworded(u, b)]))
                continue
            rest = [n for n in matches if n.unit.kind == "sentence" and n.unit is not u
                    and (n.unit.section, n.unit.block) == (u.section, u.block)]
            if not rest or any(n.base is None for n in rest) or not any(
                    n.verdict == "conflict" for n in rest):
                continue
            blocks = {id(self.locs[id(n.base)].block) for n in rest if n.base is not None}
            if len(blocks) == 1:
                todo.append((i, [b for b in free if b.kind == "sentence"
                                 and id(self.locs[id(b)].block) in blocks]))
        todo = [(i, c) for i, c in todo if c]
        if not todo:
            return
        vectors = self.aligner.vectors
        texts = [matches[i].unit.text for i, _ in todo]
        vectors.ensure([*texts, *(b.text for _, c in todo for b in c)])
        best: dict[int, tuple[float, int]] = {}  # written unit -> (cosine, nearest todo)
        picks: list[tuple[int, Unit, float]] = []
        for k, (i, cands) in enumerate(todo):
            cos = vectors.matrix([texts[k]]) @ vectors.matrix([b.text for b in cands]).T
            j = int(np.argmax(cos[0]))
            b, score = cands[j], float(cos[0, j])
            if score >= STATUS_COSINE and leftover_restates(matches[i].unit, b):
                picks.append((i, b, score))
                if score > best.get(id(b), (-1.0, -1))[0]:
                    best[id(b)] = (score, i)
        for i, b, score in picks:
            if best[id(b)][1] == i:  # each newer unit restates one older unit at most
                u = matches[i].unit
                matches[i] = self._ctx_matches[id(u)] = Match(u, b, "conflict", score)

    def _items_ended(self, matches: list[Match], note: Note) -> None:
        """A new list item or step of an older member whose head (item_head) a newer
        written sentence names in its main claim as over ("2. Take-home exercise on a
        dbt model" / "We dropped the take-home exercise: ..."), in any section: the item
        is reported superseded by that sentence, not added back to the newer list. One
        such sentence only, else the item stays."""
        written = [b for b in self.units if b.kind == "sentence"
                   and not self._member_wins(self.locs[id(b)], note)]
        for i, m in enumerate(matches):
            u = m.unit
            if m.verdict != "new" or u.kind not in ("item", "step"):
                continue
            head = item_head(u.text)
            if not head or set(tokens(u.text)) & (DONE | RECURRING):
                continue
            found = [b for b in written if says_over(b.text, head)]
            if len(found) == 1:
                matches[i] = self._ctx_matches[id(u)] = Match(u, found[0], "conflict", 0.0)


# Values of one kind that a slot holds: a code (booking HX-44821, ticket OPS-1234) or a
# calendar date (June 2, 2025 / 2 June / 2025-06-02). Month names are a closed class.
_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|"
          r"Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?")
_SLOT_VALUES = {
    "code": re.compile(r"(?<![\w-])[A-Z]{1,6}-?\d{2,}(?:-[A-Z0-9]+)*(?![\w-])"),
    "date": re.compile(rf"\b(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|"
                       rf"\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}(?:\s+\d{{4}})?|"
                       r"\d{4}-\d{2}-\d{2})(?!\w)"),
}
# Nouns that name a slot's kind, not what it is for ("the booking number", "the start
# date"): two slots of one kind share them, so they never make two slots one.
_SLOT_NOUNS = frozenset({"number", "no", "id", "code", "ref", "reference", "date", "day",
                         "time", "value"})
_KEY_SPLIT = re.compile(r"[,;:()—]|\s(?:and|but|while|so|which|because|then)\s")


def slot_values(text: str) -> list[tuple[str, str, frozenset[str]]]:
    """(kind, value, key) for each code or date `text` states, the key being the stems of
    the content words that lead up to it in its clause ("confirmation" for "The
    confirmation number is HX-44821" and for "..., confirmation MX-90317")."""
    out = []
    for kind, rx in _SLOT_VALUES.items():
        for m in rx.finditer(text):
            lead = _KEY_SPLIT.split(text[:m.start()])[-1]
            words = [t for t in content_words(tokens(lead)) if t not in _SLOT_NOUNS
                     and not any(c.isdigit() for c in t)]
            key = frozenset(stem(t) for t in words[-4:])
            out.append((kind, re.sub(r"[\s,.]+", " ", m.group(0)).strip().lower(), key))
    return out


def slot_refilled(older: Unit, newer: Unit, known: set[str]) -> bool:
    """`older` states one code or date alone (every other fact of it is `known`), and
    `newer` gives the slot of that key another value of the kind: "The target start date
    is June 2, 2025." / "... accepted the offer and starts on June 16, 2025."."""
    mine = slot_values(older.text)
    if len(mine) != 1 or not mine[0][2]:
        return False
    kind, value, key = mine[0]
    theirs = [v for k, v, ky in slot_values(newer.text) if k == kind and ky & key]
    if len(theirs) != 1 or theirs[0] == value:
        return False
    rest = _SLOT_VALUES[kind].sub(" ", older.text)
    return hard_facts(facts_of(rest)) <= known


def leftover_restates(older: Unit, newer: Unit) -> bool:
    """`newer` may stand for `older`: it states every fact `older` states (numbers,
    names, links...) and shares at least two of its content words."""
    fo, fn = pair_facts(older, newer)
    if hard_facts(fo) - fn:
        return False
    words = {stem(t) for t in content_words(tokens(older.text))}
    return len(words & {stem(t) for t in content_words(tokens(newer.text))}) >= 2


def one_slot_reworded(older: Unit, newer: Unit) -> bool:
    """The two say one frame with one slot filled in other words: the same words before
    and after, at least two of them content words, around one differing span that holds
    a content word on each side, one side two words or more ("The hotel is ten minutes
    on foot from the venue" / "The hotel is across the street from the venue")."""
    a, b = tokens(older.text), tokens(newer.text)
    ops = SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes()
    if len(ops) != 3 or [o[0] for o in ops] != ["equal", "replace", "equal"]:
        return False
    _, i1, i2, j1, j2 = ops[1]
    frame = a[:i1] + a[i2:]
    # a one-word swap ("a vegan main" / "a fish main") may be two items of a list
    return (len(content_words(frame)) >= 2 and bool(content_words(a[i1:i2]))
            and bool(content_words(b[j1:j2])) and max(i2 - i1, j2 - j1) >= 2)


def item_head(text: str) -> tuple[str, ...]:
    """What a list item is about: its leading run of two or more content words, up to the
    first function word or comma ("take home exercise" of "Take-home exercise on a dbt
    model, about three hours"); () where it opens otherwise."""
    head: list[str] = []
    for t in tokens(_REASON.split(text, maxsplit=1)[0].split(",", 1)[0]):
        if t in STOP or any(c.isdigit() for c in t):
            break
        head.append(t)
    return tuple(head) if len(head) >= 2 and any(len(t) >= 4 for t in head) else ()


def says_over(text: str, head: tuple[str, ...]) -> bool:
    """The main claim of `text` (head_of) names `head`, word for word, as over (a closed
    class of words: dropped, removed, cancelled...) and is no standing rule."""
    words = tokens(head_of(text))
    if not set(words) & DONE or set(words) & RECURRING:
        return False
    n = len(head)
    return any(tuple(words[k:k + n]) == head for k in range(len(words) - n + 1))
