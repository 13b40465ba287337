"""Pass (after the person's choices): a carried sentence that leans on the one before it
("It should be under 16 MB", "This means the queue drains twice", "Both are checked
weekly", "She does the first interview", "washed in the same bay", "stored there") is
never written without it.

Leaning is read by structure: the sentence opens with a word of
Lexicon.leaning_openers (a pronoun, a demonstrative, "both", "the latter"...) or of
Lexicon.person_pointers ("she", "his"), or points back inside ("the same X", a
non-existential "there": `refers_back`), and what
it leans on is the unit before it in its own note's section. When that unit is carried
too, the leaning one is written right after it (pass_render keeps them together); when
the newest states it (present, with the base unit that states it) and that base unit
ends its block, right after that block; otherwise it is held back: dropped, reported
with the reason, a row the person can flip. A person's own choice is never overridden.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .alone_facts import identifiers
from .context import MergeContext, Ref
from .ended import ended
from .facts import facts_of
from .ledger import ANOTHER_VALUE
from .lexicon import Lexicon
from .older_only import new_facts, stated_facts

_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
# What a sentence can lean on: prose and list entries (not code, rows, observations).
_ANTECEDENTS = frozenset({"sentence", "item", "step", "check"})


def leans(text: str, lexicon: Lexicon) -> bool:
    """The sentence opens with a word that points back ("It", "These", "The latter") or
    with a preposition whose object does ("After that", "Beyond that,")."""
    return leans_by_word(text, lexicon) or _opens_on_what_came_before(text, lexicon)


def leans_by_word(text: str, lexicon: Lexicon) -> bool:
    """The sentence's first word points back ("It", "These", "The latter")."""
    words = _WORD.findall(text[:40].lower())
    if not words:
        return False
    first = re.split(r"['’]", words[0])[0]  # "It's not compulsory": it
    if first == "the" and len(words) > 1:
        first = words[1] if words[1] in ("latter", "former") else first
    if len(words) > 1 and _when(words[1], lexicon):
        return False  # "This year ...", "That Friday ...": it points at a time, not back
    return first in lexicon.leaning_openers


def _opens_on_what_came_before(text: str, lexicon: Lexicon) -> bool:
    """An opening preposition whose object is a demonstrative standing alone ("After
    that the surveyor ...", "Beyond that, £1 per mile"): the demonstrative is followed by
    punctuation, the next clause's opening word (Lexicon.clause_openers) or nothing, not by
    words it names ("After that first visit", "Except for those under 12"). A line
    announcing what follows it ("On top of that:") is a lead-in (pass_lead_in), not this."""
    if text.rstrip().endswith(":"):
        return False
    spans = list(_WORD.finditer(text[:80]))
    words = [m.group(0).lower() for m in spans]
    for phrase in lexicon.leaning_prepositions:
        head = phrase.split()
        k = len(head)
        if words[:k] != head or len(words) <= k or words[k] not in lexicon.demonstratives:
            continue
        if len(words) == k + 1 or text[spans[k].end():spans[k + 1].start()].strip():
            return True  # "Beyond that, £1": punctuation ends the phrase
        return words[k + 1] in lexicon.clause_openers
    return False


def refers_back(text: str, lexicon: Lexicon) -> bool:
    """The sentence reads only after the one before it: it leans (`leans`), or opens
    with a pronoun for a person named before ("She does the first interview"), or
    has "it"/"them" as its opening verb's object ("Use them unless ...", "Lift them a
    quarter turn", "Do not modify it"; a closing one, "... has gone into it", often
    names its antecedent in the sentence) or a demonstrative standing alone there
    ("Announce this in the preamble", not "Announce this year's results"), or
    points at a thing or place named before ("washed in the same bay", "No other
    film base is stored there."). Read by structure, not by topic: a carried
    sentence like this without its antecedent points at nothing (issue 18)."""
    if leans(text, lexicon):
        return True
    words = _WORD.findall(text.lower())
    if not words:
        return False
    if words[0] in lexicon.person_pointers and not _compound_opening(text):
        return True  # "She signs off", not "She-oak racks" / "He-goat milk"
    verb = 1
    while verb < len(words) and words[verb - 1] in lexicon.verb_preludes:
        verb += 1  # "Do not modify it.", "Never move them."
    if len(words) > verb and words[verb] in lexicon.object_pointers:
        return True  # "Use them unless ...": the opening verb's object is named before
    if len(words) > verb and words[verb] in lexicon.demonstrative_objects and (
            len(words) == verb + 1 or words[verb + 1] in lexicon.function_words):
        return True  # "Announce this in the preamble.": "this" stands for what came before
    the, same = lexicon.same_pointer
    for k in range(len(words) - 2):
        if words[k] == the and words[k + 1] == same and (
                k + 3 >= len(words) or words[k + 3] != "as") \
                and not _when(words[k + 2], lexicon) and not _named_before(text, k, lexicon):
            return True  # "the same bay" (not "the same bay as ...", "the same day")
    return any(w == lexicon.place_pointer and k > 0 and (
        k + 1 == len(words) or words[k + 1] not in lexicon.existential_there)
        and not (k == 1 and words[0] in lexicon.existential_there)  # "Is there a ...?"
        and not _named_before(text, k, lexicon) for k, w in enumerate(words))


def _compound_opening(text: str) -> bool:
    """The first word is the head of a hyphenated compound ("She-oak", "He-goat"):
    a noun, no pronoun."""
    first = _WORD.search(text)
    return first is not None and text[first.end():first.end() + 1] == "-"


def _named_before(text: str, k: int, lexicon: Lexicon) -> bool:
    """The sentence gives a value or a name before its `k`th word: the pointer's
    antecedent is in the sentence itself ("kept in drawer 3 ...; return it there")."""
    spans = list(_WORD.finditer(text))
    head = text[:spans[k].start()] if k < len(spans) else text
    return any(not v.startswith("label:") for v in facts_of(head, lexicon).values)


def _when(word: str, lexicon: Lexicon) -> bool:
    return word in lexicon.measure_words or word in lexicon.calendar_words \
        or word in lexicon.weekdays or word in lexicon.months


def run(ctx: MergeContext) -> None:
    base_path = ctx.base.path
    for _, doc in ctx.older:
        refs = ctx.refs[doc.path]
        for i, r in enumerate(refs):
            e = ctx.entries[r.key]
            if r.unit.kind != "sentence" or e.status != "carried" or e.chosen \
                    or r.key in ctx.replaced.values() \
                    or not refers_back(r.unit.text, ctx.lexicon):
                continue
            before = refs[i - 1] if i > 0 else None
            if before is None or before.section != r.section \
                    or before.unit.kind not in _ANTECEDENTS:
                continue  # it leans on its heading, which is written or not with it
            target = _written_with(ctx, before, base_path)
            if target is None and _person_pointer(r.unit.text, ctx.lexicon):
                target = _named_again(ctx, before)
            if target is None:
                target = _paragraph_end(ctx, r, before, base_path)
            if target is not None:
                ctx.leans[r.key] = target
                continue
            a = ctx.entries[before.key]
            if a.status == "present" and not leans_by_word(r.unit.text, ctx.lexicon) \
                    and _opens_on_what_came_before(r.unit.text, ctx.lexicon):
                continue  # "After that, no refunds, but you may transfer ...": what it
                # follows is still said, so it stays where the older note's order puts it
            ctx.entries[r.key] = replace(
                e, status="dropped", held=True, flips=("carry", "drop"),
                why=f"it leans on the unit before it, "
                    f"{_NOT_WRITTEN.get(a.status, 'which is not written')}: {a.text}")


def _paragraph_end(ctx: MergeContext, r: Ref, before: Ref, base_path: str) -> str | None:
    """For a leaning sentence naming something only it gives (alone_facts.identifiers:
    a phone, an account code, an address) whose antecedent the newest states inside a
    paragraph, or for any carried leaning sentence whose antecedent the last unit of a
    newest paragraph replaced (a new value of the same thing): the last unit of that
    paragraph.
    Written there it still follows what it leans on, a sentence or two on; held back, its
    fact is lost to a reader of the note (merge-AI g01: "Their trade desk number is 0161
    496 0732 and our account code is HFC-2291." after the newest's paragraph on the same
    supplier; merge-AX g02: "They need the engine number on every job sheet" after the
    machine shop's paragraph whose lead time replaced the older one). None otherwise."""
    a = ctx.entries[before.key]
    # (not a person pointer: "She is usually in on Saturdays" after a replaced "Treasurer:
    # Margaret Doyle" would read as the new holder, merge-AZ's paired read)
    replaced = a.status == "superseded" and a.by in ctx.entries and a.why == ANOTHER_VALUE \
        and not _person_pointer(r.unit.text, ctx.lexicon)
    if replaced and a.by is not None:
        # the newest's unit that replaced it speaks of the same thing (its body sentence
        # where an observation of the newest did: the observation restates it)
        at: str | None = _body_twin(ctx, a.by)
    elif a.status != "present" or not identifiers(ctx, r, new_facts(ctx, r, stated_facts(ctx))):
        return None
    else:
        at = a.by if a.by in ctx.entries else _nearest_in_section(ctx, before)
    if at is None:
        return None
    by = ctx.entries[at]
    if by.source != base_path or by.status != "stated" or at in ctx.replaced:
        return None
    unit = ctx.ref(at).unit
    block = ctx.base.blocks[unit.block]
    if block.kind != "para" or not block.units:
        return None
    if replaced and unit is not block.units[-1]:
        return None  # after a later sentence it would lean on that one ("These go to ...")
    last = next((b.key for b in ctx.base_refs() if b.unit is block.units[-1]), None)
    return last if last is not None and last not in ctx.replaced else None


def _body_twin(ctx: MergeContext, key: str) -> str | None:
    """`key` itself, or for an observation of the base the first base sentence stating
    its figures ("[lead_time] ... 5 weeks" -> "Lead time about 5 weeks at present")."""
    unit = ctx.ref(key).unit
    if unit.kind != "obs":
        return key
    figures = {v for v in ctx.ref(key).facts.values if v.startswith("n:")}
    return next((b.key for b in ctx.base_refs() if figures and b.unit.kind == "sentence"
                 and figures <= b.facts.values), None)


def _nearest_in_section(ctx: MergeContext, before: Ref) -> str | None:
    """The base sentence nearest in meaning to `before` in the section its own aligned
    with (the newest states its facts, "present", without naming one unit)."""
    k = ctx.aligned.get((before.path, before.section))
    pool = [b for b in ctx.base_refs() if b.section == k and b.unit.kind == "sentence"]
    sims = ctx.cosines([before.unit.text], [b.unit.text for b in pool]) if k is not None \
        else None
    return pool[int(sims[0].argmax())].key if sims is not None else None


def _person_pointer(text: str, lexicon: Lexicon) -> bool:
    words = _WORD.findall(text[:40].lower())
    return bool(words) and words[0] in lexicon.person_pointers and not _compound_opening(text)


def _named_again(ctx: MergeContext, before: Ref) -> str | None:
    """For a sentence opening with a person pointer ("Her direct line is ...") whose
    antecedent is not written: the one base sentence naming the person the antecedent
    names, when it ends its paragraph ("Dr. Ines Valverde remains the curator." for
    "The template, maintained by Ines, ..."): "Her" then reads as that person, as it
    did in the older note. None when no base sentence, or several, name them, or the
    one naming them says they left."""
    fw = ctx.lexicon.function_words
    names = {v for v in facts_of(before.unit.text, ctx.lexicon).values
             if v.startswith("name:") and v[5:] not in fw}
    if not names:
        return None
    hits = []
    for b in ctx.base_refs():
        if b.unit.kind != "sentence" or b.key in ctx.replaced \
                or ctx.entries[b.key].status != "stated" \
                or not names & facts_of(b.unit.text, ctx.lexicon, all_names=True).values:
            continue
        if any(end.person for end in ended(b.unit.text, ctx.lexicon)):
            return None  # it says they left ("Priya Nair moved to the Headingley site"):
            # "She opens on weekdays" after it would state what she no longer does
        block = ctx.base.blocks[b.unit.block]
        hits.append(b.key if block.units and block.units[-1] is b.unit else None)
    return hits[0] if len(hits) == 1 else None


_NOT_WRITTEN = {
    "superseded": "which the newest replaced",
    "present": "which the newest says inside a paragraph (it would follow another sentence)",
    "dropped": "which is not carried",
    "carried": "a list entry written into the newest's list",
}


def _written_with(ctx: MergeContext, before: Ref, base_path: str) -> str | None:
    """The key of the written unit a leaning sentence goes right after: its antecedent
    when carried, the base unit that states its antecedent when that unit ends its
    block (or the carried older unit that does); None: it would be read after another."""
    a = ctx.entries[before.key]
    if a.status == "carried":
        # a carried list entry may join the newest's list mid-way: a sentence after it
        # would split that list, so only a carried sentence takes one along
        ok = before.unit.kind == "sentence" and before.key not in ctx.replaced.values()
        return before.key if ok else None
    if a.status != "present":
        return None
    at = a.by or next((b.key for b in ctx.base_refs() if b.unit.norm == before.unit.norm),
                      None)  # word for word in the newest
    if at is None or at not in ctx.entries:
        return None
    by = ctx.entries[at]
    if by.source != base_path:
        return at if by.status == "carried" and by.kind == "sentence" \
            and at not in ctx.replaced.values() else None
    if by.status != "stated" or at in ctx.replaced:
        return None
    unit = ctx.ref(at).unit
    block = ctx.base.blocks[unit.block]
    return at if block.units and block.units[-1] is unit else None
