"""What an older unit adds to the newest, whatever its shape (merge only; pass_carry
calls these around its carry decision).

- Repeats: an older list item, checklist item or sentence is compared with the newest
  by its facts and its words, not by its shape. One that says a base unit of its kind
  whole (every fact of it and every content word of it, however worded: "Amateur
  violist" / "Plays viola (amateur, Oslo Chamber Players)") and adds a fact the newest
  states nowhere and gives no other value of is its fuller wording: written in that
  unit's place (`fuller`), the person may keep the newer. `fuller_than` is that one
  rule, for items here, for pass_carry's sentences and for alone_facts. One whose
  only new "fact" is a label whose words a base unit states ("[x]
  Daily collection in the spring flush: agreed" / "Collection: daily in the spring
  flush ...") is present. A code block whose lines the newest already gives word for
  word (a CSV example of the columns the newest lists) is held back, not written.
- Left out: an older unit the newest rewrote (superseded) or whose block the newest
  rewrote (left out) can still hold a fact nothing in the newest states ("Fe2O3 <
  0.02%", "GBP 12", "Holstein-Friesian"). Such a fact is never dropped silently: the
  unit is held back (a row "held back: carry?" naming the fact) when nothing in the
  unit that replaced it gives another value of that shape; else it stays superseded
  and its reason names the fact it alone states, so the person sees it.
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
from rapidfuzz import fuzz

from .context import MergeContext, Ref
from .facts import (
    counts,
    facts_of,
    label_of,
    labels_apart,
    masked,
    plain_name,
    stem,
    unnamed,
    value_frames,
    value_head,
    value_shape,
)
from .ledger import SAID_ITS_WAY, WORDING_ONLY, LedgerEntry
from .lexicon import Lexicon
from .thing_values import thing_values

HELD = "held back: carry?"
PROSE = frozenset({"sentence", "item", "check", "footnote"})
# A list item or checklist item says one thing: one that holds a base item whole says
# it more fully. A sentence holding a base sentence ("Personnel manager: Ines Bauer.")
# says more besides (an older version's history): only pass_carry's verdict on it.
_WHOLE = frozenset({"item", "check"})


def base_values(ctx: MergeContext) -> frozenset[str]:
    """Every value the newest's units give, as their facts parse them (stated_facts
    also reads names loosely); worked out once a compose."""
    return ctx.once("base_values", lambda: frozenset(
        v for b in ctx.base_refs() for v in b.facts.values))


def stated_facts(ctx: MergeContext) -> set[str]:
    """Every fact the newest states anywhere (a capitalised first word is a name too;
    a possessive names the same one: "Jonas's" is Jonas)."""
    out: set[str] = set()
    for b in ctx.base_refs():
        out |= b.facts.values | facts_of(b.unit.text, ctx.lexicon, all_names=True).values
    for sec in ctx.base.sections:
        out |= {f"name:{w.lower()}" for w in re.findall(r"[A-Za-z][\w-]*", sec.title)}
    return out


def _plain(value: str) -> str:
    return re.sub(r"['’]s$", "", value)


def new_facts(ctx: MergeContext, r: Ref, stated: set[str]) -> list[str]:
    """The unit's facts the newest states nowhere (labels and decisions aside: they
    name what a unit is about, not a value; a name the newest gives in full is
    stated: "Jonas" of "Jonas Ekberg")."""
    return unstated(r.facts.values, stated)


def unstated(values: frozenset[str] | set[str], stated: set[str]) -> list[str]:
    """Of `values`, the ones the newest states nowhere (new_facts' test)."""
    out = [v for v in values if v not in stated and _plain(v) not in stated
           and plain_name(v) not in stated and not v.startswith(("label:", "decision:"))]
    if any(v.startswith("name:") for v in out):  # the newest's name words, only then
        # (called per older unit with one `stated`: building them for every call was a
        # tenth of a compose)
        words = {w for v in stated if v.startswith("name:") for w in v[5:].split()}
        out = [v for v in out
               if not (v.startswith("name:") and set(_plain(v)[5:].split()) <= words)]
    return sorted(out)


def _valued(values: frozenset[str]) -> frozenset[str]:
    """The values a unit gives, not what it names its label or decision."""
    return frozenset(v for v in values if not v.startswith(("label:", "decision:")))


def content_prefixes(ctx: MergeContext, text: str) -> set[str]:
    """Content words by their first four letters: "viola" / "violist", "orders" /
    "ordering" are one word to a reader."""
    fw = ctx.lexicon.function_words
    return {w[:4] for w in re.findall(r"[a-z][a-z'-]*", masked(text).lower())
            if w not in fw and len(w) > 2}


def frame_prefixes(ctx: MergeContext, text: str) -> frozenset[str]:
    """The words a unit says a thing with, its values left out: content words (first
    four letters) of `facts.unnamed(text)` that are no month, weekday, number word or
    capitalised name within the sentence ("The log yard is raked on Tuesdays" -> log,
    yard, rake). Two units sharing most of them speak of one thing."""
    lx = ctx.lexicon
    memo = lx.memo("frame_prefixes")
    found = memo.get(text)
    if found is not None:
        return found
    values = lx.months | lx.weekdays | {w for w, _ in lx.number_words}
    names = {w.lower() for w in re.findall(r"(?<=[\w,;)] )[A-Z][\w'’\-]*", text)}
    out = frozenset(w[:4] for w in re.findall(r"[a-z][a-z'-]*", unnamed(text, lx).lower())
                    if w not in lx.function_words and len(w) > 2 and w not in names
                    and w not in values and stem(w, lx) not in values
                    and not any(p in values for p in w.split("-")))
    memo[text] = out
    return out


def _word_forms(ctx: MergeContext, text: str) -> dict[str, frozenset[str]]:
    """Each content word's first four letters, and those of its stem, negation words
    aside: "Nobody dyes at the cutting table" says nothing "Dyeing ... happen at the
    finishing bench only; never at the cutting table" does not ("dyes" / "dyeing";
    whether either is negated is pass_polarity's)."""
    lx = ctx.lexicon
    memo = lx.memo("word_forms")  # (kept: asked of every base unit per older unit)
    found = memo.get(text)
    if found is None:
        skip = lx.function_words | lx.negation_words
        found = memo[text] = {
            w[:4]: frozenset((w[:4], stem(w, lx)[:4]))
            for w in re.findall(r"[a-z][a-z'-]*", masked(text).lower())
            if w not in skip and len(w) > 2}
    return found


def unsaid_words(ctx: MergeContext, text: str, base: list[Ref]) -> set[str]:
    """The content words of an older unit that the base unit saying most of them does
    not say: what it tells that the newest does not, numbers or none ("Inks are stored
    in the metal cabinet by the back door" states no value, yet a reader would miss
    it). Empty when one base unit says nearly all of it (`Thresholds.thing_fuzz`). A
    word is said in any of its forms (`_word_forms`)."""
    mine = _word_forms(ctx, text)
    if not mine:
        return set()

    def unsaid(theirs: dict[str, frozenset[str]]) -> set[str]:
        said_forms = frozenset().union(*theirs.values())
        return {w for w, forms in mine.items() if not forms & said_forms}

    best = min((unsaid(_word_forms(ctx, b.unit.text)) for b in base
                if b.unit.kind not in ("obs", "rel", "code")), key=len, default=set(mine))
    if 100 * (len(mine) - len(best)) >= ctx.thresholds.thing_fuzz * len(mine):
        return set()
    return best


def says_whole(ctx: MergeContext, r: Ref, b: Ref) -> bool:
    """The older unit says all of base unit `b`: every fact and every content word."""
    if not _valued(b.facts.values) <= r.facts.values or len(b.unit.norm) >= len(r.unit.norm):
        return False
    if fuzz.partial_ratio(b.unit.norm, r.unit.norm) >= ctx.thresholds.same_fuzz:
        return True
    mine, theirs = content_prefixes(ctx, r.unit.text), content_prefixes(ctx, b.unit.text)
    return len(theirs) >= 2 and theirs <= mine


def fuller_units(ctx: MergeContext) -> None:
    """An older item or checklist item that says a base unit of its kind whole and
    more (`fuller_than`) is written in its place. Taken from units the rules
    carried, left out with their block, or superseded by that very unit (the newest
    dropped a detail, it gave no other value)."""
    stated = stated_facts(ctx)
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind not in _WHOLE or e.chosen \
                    or r.key in ctx.fuller or e.held:
                continue
            if e.status not in ("carried", "dropped", "superseded") or (
                    e.status == "dropped" and not e.block):
                continue
            b = next((b for b in ctx.base_refs() if (e.status != "superseded" or e.by == b.key)
                      and fuller_than(ctx, r, b, stated)), None)
            if b is not None:
                take_fuller(ctx, r, b)


def fuller_than(ctx: MergeContext, r: Ref, b: Ref, stated: set[str], *,
                whole: bool | None = None) -> bool:
    """The one rule for an older unit written in place of a newest unit: it says `b`
    whole (`holds_whole`) and what it adds is a fact or more the newest states nowhere
    and gives no other value of (`other_values`: one unit of measure, shape, counted
    noun or label). Else it would say one thing more fully and another with its old
    value ("Target thickness 32 mm, surface temperature -5" in place of "Surface
    temperature -5" where the newest made the thickness 38 mm: `old_value_over`).
    Names added aside: a name is one word of many, never another value. `whole`:
    holds_whole(ctx, r, b), when the caller knows it."""
    if not (holds_whole(ctx, r, b) if whole is None else whole):
        return False
    extra = _extra(r, b)
    fresh = set(new_facts(ctx, r, stated))
    return bool(fresh) and {v for v in extra if not v.startswith("label:")} <= fresh \
        and not other_values(ctx, r, extra)


def old_value_over(ctx: MergeContext, r: Ref, b: Ref, stated: set[str], *,
                   whole: bool | None = None) -> Ref | None:
    """The base unit giving another value of what older unit `r` adds to `b`, which
    it says whole, when every fact it adds that the newest states nowhere is such an
    old value: `r` restates `b` with an old value of a thing the newest states anew
    elsewhere, so that unit supersedes it (never written beside either). One adding
    a fact besides (a phone number next to old hours) is the carry model's to weigh:
    superseded, that fact would be dropped unseen. `whole` as for fuller_than."""
    if not (holds_whole(ctx, r, b) if whole is None else whole):
        return None
    extra = _extra(r, b)
    others = other_values(ctx, r, extra)
    fresh = {v for v in new_facts(ctx, r, stated) if v in extra and not v.startswith("label:")}
    if not others or not fresh <= set(others):
        return None
    return next(iter(others.values()))


def holds_whole(ctx: MergeContext, r: Ref, b: Ref) -> bool:
    """Older unit `r` says base unit `b` of its kind whole, and is longer
    (`says_whole`); a sentence also word for word (a sentence holding another's
    words in other words says more besides)."""
    if r.unit.kind != b.unit.kind or r.unit.kind == "footnote" or b.unit.box != r.unit.box \
            or b.key in ctx.fuller.values() or b.key in ctx.replaced:
        return False
    if r.unit.kind not in _WHOLE and not (
            b.facts.values <= r.facts.values
            and _partial_ratio(ctx, b.unit.norm, r.unit.norm) >= ctx.thresholds.same_fuzz):
        return False
    return says_whole(ctx, r, b)


def _partial_ratio(ctx: MergeContext, a: str, b: str) -> float:
    """fuzz.partial_ratio kept by the lexicon (a pure function of the two texts):
    fuller_than and old_value_over ask it of the same pairs, and every compose of the
    group (load, follow-up, warm-up, preview) again."""
    memo = ctx.lexicon.memo("partial_ratio")
    found = memo.get((a, b))
    if found is None:
        found = memo[(a, b)] = fuzz.partial_ratio(a, b)
    return found


def _extra(r: Ref, b: Ref) -> set[str]:
    return {v for v in r.facts.values - b.facts.values
            if not v.startswith(("name:", "decision:"))}


def other_values(ctx: MergeContext, r: Ref, values: set[str]) -> dict[str, Ref]:
    """Those of `values` (facts of older unit `r`) the newest gives another value of,
    with the base unit giving it: a number of one unit of measure ("32 mm" / "38 mm",
    however short), one shape ("17:45" / "18:30", "0142" / "0177"), or counting one
    noun ("4 van visits" / "6 van visits"); a label with another value ("Status:
    draft" / "Status: adopted")."""
    mine = measures_in(r.unit.text, ctx.lexicon)
    index = _given_measures(ctx)
    out: dict[str, Ref] = {}
    for v in sorted(values):
        measures = _what_measures(v, mine)
        # the first base unit, in the note's order, giving a value r does not state
        hit = next((b for m in sorted(measures) for b, given in index.get(m, ())
                    if not given <= r.facts.values), None)
        if hit is not None:
            out[v] = hit
    return out


def _given_measures(ctx: MergeContext) -> dict[str, list[tuple[Ref, frozenset[str]]]]:
    """What the newest's units measure -> (unit, the values of it giving that measure),
    in the note's order. Worked out once per compose: walking the whole newest note for
    each pair of older and newest unit held whole was 40% of a 400-sentence section's
    compose."""
    if ctx.given_measures is None:
        index: dict[str, dict[str, tuple[Ref, set[str]]]] = {}
        for b in ctx.base_refs():
            given = measures_in(b.unit.text, ctx.lexicon)
            for v in b.facts.values:
                for m in _what_measures(v, given):
                    index.setdefault(m, {}).setdefault(b.key, (b, set()))[1].add(v)
        ctx.given_measures = {m: [(b, frozenset(vs)) for b, vs in by.values()]
                              for m, by in index.items()}
    return ctx.given_measures


def _what_measures(value: str, measures: dict[str, set[str]]) -> set[str]:
    """What a fact of a unit measures, given its unit's `measures_in`: for a number its
    unit, counted noun or shape; for a label its name; nothing for other facts."""
    if value.startswith("n:"):
        return measures.get(digits_of(value), set()) | _shaped(value)
    if value.startswith("label:"):
        return {value.split("=", 1)[0]}
    return set()


def _shaped(value: str) -> set[str]:
    shape = value_shape(value)
    return {"shape:" + shape} if shape is not None else set()


def digits_of(value: str) -> str:
    return re.sub(r"\D", "", value)


def measures_in(text: str, lexicon: Lexicon) -> dict[str, set[str]]:
    """A number's digits -> what it measures in `text`: its unit of measure, currency
    or percent sign (thing_values), or the noun it counts (facts.counts)."""
    memo = lexicon.memo("measures")
    found = memo.get(text)
    if found is not None:
        return found
    out: dict[str, set[str]] = {}
    for tv in thing_values(text, lexicon):
        if tv.unit not in ("every", "month"):
            out.setdefault(digits_of(tv.value), set()).add("unit:" + tv.unit)
    for n, noun in counts(text, lexicon):
        if noun not in lexicon.measure_words:
            out.setdefault(str(n), set()).add("count:" + noun)
    memo[text] = out
    return out


def take_fuller(ctx: MergeContext, r: Ref, b: Ref, named: str = "") -> None:
    """Write older unit `r` in place of base unit `b` unless the person says newer."""
    ctx.fuller[r.key] = b.key
    ctx.entries[r.key] = set_status(ctx.entries[r.key], "superseded", by=b.key,
                                    by_text=text_of(b), flips=("newer", "older"),
                                    why="it says all the newest's unit says, and more"
                                        + (f": {named}" if named else ""))


def label_stated(ctx: MergeContext) -> None:
    """A carried item or checklist item whose only new fact is its label, every
    content word of which one base unit states, says what that unit says ("[x] Daily
    collection in the spring flush: agreed" beside "Collection: daily in the spring
    flush"): present. So is one whose label (a long value too) is a newest section's
    heading when, read after it, a unit of that section says the same (_headed)."""
    stated = stated_facts(ctx)
    base = [b for b in ctx.base_refs() if b.unit.kind not in ("obs", "rel", "code")]
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind not in ("item", "check") or e.status != "carried" or e.chosen \
                    or new_facts(ctx, r, stated):
                continue
            why = "the newest states what it is about"
            words = content_prefixes(ctx, r.facts.label) if r.facts.label is not None \
                else set()
            hit = next((b for b in base if len(words) >= 2
                        and words <= content_prefixes(ctx, b.unit.text)), None)
            if hit is None:  # (a long value is no label to facts_of: read it here)
                labelled = label_of(bare(r.unit.text), ctx.thresholds.label_chars)
                hit = _headed(ctx, r, content_prefixes(ctx, labelled[0]), base) \
                    if labelled is not None else None
                if hit is not None:
                    why = f"the newest's section '{ctx.base.sections[hit.section].title}' says it"
            if hit is not None:
                ctx.entries[r.key] = set_status(e, "present", by=hit.key, by_text=text_of(hit),
                                                why=why)


def bare(text: str) -> str:
    """An item's text without its bullet or checkbox."""
    return re.sub(r"^\s*[-*+]\s+(?:\[.\]\s+)?", "", text)


def _headed(ctx: MergeContext, r: Ref, words: set[str], base: list[Ref]) -> Ref | None:
    """The unit of a newest section whose heading is the item's label ("## Sound
    generators" for "- Sound generators: loaned for a 6-week trial, ...") that, read
    after that heading, says what the item says (Thresholds.same_cosine): a section is
    its heading and its text, so the item restates it."""
    if not words:
        return None
    mine = [b for b in base if (title := ctx.base.sections[b.section].title)
            and not ctx.base.sections[b.section].is_intro
            and content_prefixes(ctx, title) == words]
    if not mine:
        return None
    sims = ctx.cosines([bare(r.unit.text)],
                       [f"{ctx.base.sections[b.section].title}: {b.unit.text}" for b in mine])
    k = int(np.argmax(np.asarray(sims[0])))
    return mine[k] if float(sims[0][k]) >= ctx.thresholds.same_cosine else None


def said_again(ctx: MergeContext) -> None:
    """A carried item or sentence every fact of which the newest states (a
    possessive is its name: "under Jonas's sign-off" names Jonas) and that a unit of
    its aligned section (any, without one), or a clause of one, speaks to
    (Thresholds.thing_cosine) adds nothing but wording: present, not carried
    ("Ordering rental parts from publishers, under Jonas's sign-off" / "Orders rental
    parts from publishers; can sign orders up to EUR 2,000"). A clause counts because a
    newest sentence saying two things says each: its whole is further in meaning from
    an older sentence restating one of them ("Dr. Ines Moreau leads the project." /
    "Dr. Ines Moreau leads the project, and Karim Haddad builds the pipeline."). A unit
    with no fact shares none to anchor it: it is present only when a unit or clause
    says the same thing (Thresholds.same_cosine: "Owners' own food takes priority" /
    "Owners' own food still takes priority, and soaked biscuits are offered to
    seniors"; issue 18 REPEAT)."""
    stated = stated_facts(ctx)
    refs = [r for _, d in ctx.older for r in ctx.refs[d.path]
            if r.unit.kind in ("item", "sentence")
            and _restates(ctx.entries[r.key]) and not new_facts(ctx, r, stated)]
    base = [b for b in ctx.base_refs() if b.unit.kind not in ("obs", "rel", "code")]
    if not refs or not base:
        return
    parts = [(j, c) for j, b in enumerate(base) for c in clauses(b.unit.text)]
    sims = ctx.cosines([r.unit.text for r in refs], [c for _, c in parts])
    for i, r in enumerate(refs):
        where = ctx.home.get(r.key, ctx.aligned.get((r.path, r.section)))
        mine = [k for k, (j, _) in enumerate(parts) if where is None
                or base[j].section == where]
        if not mine:
            continue
        k = max(mine, key=lambda k: float(sims[i, k]))
        # with no fact to share, only saying the same thing is saying it again
        if float(sims[i, k]) >= (ctx.thresholds.thing_cosine if r.facts.values
                                 else ctx.thresholds.same_cosine):
            b = base[parts[k][0]]
            ctx.entries[r.key] = set_status(
                ctx.entries[r.key], "present", by=b.key, by_text=text_of(b),
                why=f"{WORDING_ONLY}; the newest says it: {text_of(b)}")


def _restates(e: LedgerEntry) -> bool:
    """Carried, or superseded only for being said another way: said_again's to judge."""
    return not e.chosen and (e.status == "carried" or (
        e.status == "superseded" and e.why == SAID_ITS_WAY))


_CLAUSE = re.compile(r"\s*(?:[;:—–]|,(?=\s))\s+")


def clauses(text: str) -> list[str]:
    """The text, and its clauses of at least three words when it has several."""
    parts = [p for p in _CLAUSE.split(text) if len(p.split()) >= 3]
    return [text, *parts] if len(parts) > 1 else [text]


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]{2,}")


def code_stated(ctx: MergeContext) -> None:
    """A carried code block each of whose worded lines the newest's text already gives
    word for word (a CSV header the newest lists as its columns; its example rows
    aside) is held back: written, it repeats the newest."""
    said = " ".join(b.unit.text for b in ctx.base_refs()).lower()
    words = set(re.findall(r"[a-z_][a-z0-9_]*", said))
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind != "code" or e.status != "carried" or e.chosen:
                continue
            lines = [_IDENT.findall(ln) for ln in r.unit.text.split("\n")]
            # (a line with digits is a row of values: an example, not what it lists)
            worded = [ids for ids, ln in zip(lines, r.unit.text.split("\n"), strict=True)
                      if len(ids) >= 2 and not re.search(r"\d", ln)]
            if worded and all(i.lower() in words for ids in worded for i in ids):
                ctx.entries[r.key] = set_status(
                    e, "dropped", flips=("carry", "drop"), held=True,
                    why=f"{HELD} (the newest gives its lines: {', '.join(worded[0][:5])})")


def stale_intro(ctx: MergeContext) -> None:
    """A carried sentence of an older version's intro giving another number of a
    measure the newest's intro gives of the same thing ("Furnace 2, 450 kg capacity"
    under "Furnace 2 ... now holds 500 kg") is that version's second intro with its
    old value: held back."""
    lex = ctx.lexicon
    units = {">" + stem(w, lex) for w in lex.measure_words} | {">kg", ">t"}
    intro = [b for b in ctx.base_refs() if ctx.base.sections[b.section].is_intro
             and b.unit.kind not in ("obs", "rel")]
    theirs = [(b, value_frames(b.unit.text, lex) & units) for b in intro]
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind != "sentence" or e.status != "carried" or e.chosen \
                    or not doc.sections[r.section].is_intro:
                continue
            mine = value_frames(r.unit.text, lex) & units
            # of one thing: a value in common names it ("Furnace 2"), and a number
            # of one measure differs ("kept for 30 days" of backups is no other value
            # of "kept for 90 days" of logs)
            hit = next((b for b, frames in theirs if mine & frames
                        and _valued(r.facts.values) & b.facts.values and any(
                            v.startswith("n:") for v in r.facts.values - b.facts.values)),
                       None)
            if hit is not None:
                ctx.entries[r.key] = set_status(
                    e, "dropped", flips=("carry", "drop"), held=True,
                    why=f"{HELD} (an older version's intro; the newest's gives another "
                        f"value: {text_of(hit)[:80]})")


def set_status(e: LedgerEntry, status: str, **kw) -> LedgerEntry:  # noqa: ANN003
    kw.setdefault("by", None)
    kw.setdefault("by_text", None)
    kw.setdefault("flips", ())
    return replace(e, status=status, **kw)  # type: ignore[arg-type]


def text_of(r: Ref) -> str:
    return r.unit.text if r.unit.kind == "sentence" else "\n".join(r.unit.raw).strip()


def label_unsaid(ctx: MergeContext, r: Ref, b: Ref) -> bool:
    """An older line's label names its thing, however long its value ("- Technical
    rehearsal: Sunday 15 March at The Quay, from 10am"): a newest line gives another value
    of it only when it names that thing too: its own label shares a word with the label,
    or, unlabelled, it or its section's heading says every word of it, units of measure
    aside ("Opening hours: 9 to 5" / "We open at 8:30"; "Any fire: call ext. 310" / "Call
    ext. 314" under "## If fire breaks out"). "Dress rehearsal is Tuesday 17 March" gives
    no other date of the technical rehearsal, nor "a minimum commission of £25 per lot"
    another price of "Photography: £3 per lot" (merge-CS: still-true facts lost as old
    values). Asked where a line is found another value by its words or meaning
    (pass_verdicts, pass_carry)."""
    if r.unit.kind not in ("sentence", "item", "step", "check"):
        return False
    chars = ctx.thresholds.label_chars
    mine = label_of(r.unit.text, chars)
    lx = ctx.lexicon
    if mine is None or set(re.findall(r"[a-z]+", mine[0])) & (
            lx.version_nouns | lx.self_nouns | lx.document_nouns):
        return False  # ("Changes since spring: ..." names no thing: a change log's lead)
    words = _label_words(ctx, mine[0])
    if not words:
        return False
    theirs = label_of(b.unit.text, chars) if b.unit.kind != "obs" else None
    if theirs is not None:
        return not words & _label_words(ctx, theirs[0])
    return not words <= content_prefixes(ctx, b.unit.text) | content_prefixes(
        ctx, ctx.base.sections[b.section].title)


def _label_words(ctx: MergeContext, label: str) -> set[str]:
    measures = {w[:4] for w in ctx.lexicon.measure_words}
    return content_prefixes(ctx, label) - measures


def heads_apart(ctx: MergeContext, a: Ref, b: Ref, *, any_label: bool = False) -> bool:
    """The two units give values of two things by what they are headed with (their
    label, a table row's first cell, the words before a label-less line's first figure:
    facts.value_head): "Quiet hours 10pm to 7am" is no older value of "| Reception hours
    | 4pm to 8pm |". A label with a long or mixed value ("Park office: 01766 770 455 (new
    line ...)") counts only with `any_label` (an older section the newest dropped, where
    labels are what is left to tell two things apart: "Out of hours emergency: 07700 ...");
    within aligned sections such a line heads nothing."""
    return labels_apart(_priced(ctx, _head(ctx, a, any_label)),
                        _priced(ctx, _head(ctx, b, any_label)))


def named_head(ctx: MergeContext, r: Ref) -> str | None:
    """What a unit gives a value of, by its label however long its value, a table row's
    first cell or the words before its first figure; a price noun read as one."""
    return _priced(ctx, _head(ctx, r, True))


def _priced(ctx: MergeContext, head: str | None) -> str | None:
    """A head with its word for what a sum is read as one (Lexicon.price_nouns)."""
    if head is None:
        return None
    prices = ctx.once("price_stems", lambda: frozenset(
        stem(w, ctx.lexicon) for w in ctx.lexicon.price_nouns))  # (asked per unit pair)
    return " ".join("price" if w in prices else w for w in head.split())


def _head(ctx: MergeContext, r: Ref, any_label: bool) -> str | None:
    """heads_apart's head of one unit in stemmed words ("Deposits: ..." and "Deposit: ..."
    name one thing), once per text (a unit meets every unit of its pool)."""
    memo = ctx.lexicon.memo("unit_head")
    chars = ctx.thresholds.label_chars
    key = (r.unit.text, r.unit.kind, any_label, chars)
    if key not in memo:
        label = r.facts.label
        found = label_of(r.unit.text, chars) if label is None else None
        if found is not None:  # a label with a long or mixed value
            label = found[0] if any_label else None
        if label is not None:
            memo[key] = " ".join(stem(w, ctx.lexicon)
                                 for w in re.findall(r"[a-z0-9]+", label.lower()))
        else:
            memo[key] = None if found is not None else value_head(
                r.unit.text, r.unit.kind, ctx.lexicon)
    return memo[key]
