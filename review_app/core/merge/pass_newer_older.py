"""Pass (merge): of two older notes, the newer one's value of a thing wins, and a value
the newest replaced in one older note is not carried from another.

Older notes are judged against the newest (pass_verdicts), so an older line the
newest never speaks to is carried even when a newer older version gives the same thing
another value: "Minimum order 40 kg" from the first sheet beside the second's "Minimum
order 50 kg (raised in April)", or "Retrieve vehicle: Land Rover Defender 110" beside
"Retrieve: Toyota Hilux with trailer (the old Land Rover was sold)". Such a line is
not written; one key carries it. It runs before pass_observed (an older version's
stale line it drops no longer hides the newer version's line, which pass_observed may
then bring back beside its observation) and again after it and pass_extended (what
they carry is judged too), and before the person's choices, which win."""

from __future__ import annotations

from ..units import normalise
from .alone_facts import identifiers, measure
from .context import MergeContext, Ref
from .facts import coded_values, facts_of, kinds_meet, label_of, masked, stem
from .ledger import ANOTHER_VALUE
from .older_only import named_head, new_facts, stated_facts
from .pass_once import one_heading
from .pass_units import as_written, said
from .pass_units import entry_for as _entry
from .thing_values import ThingValue, equal, other_value, same_thing, thing_values
from .word_overlap import content_words, share


def run(ctx: MergeContext) -> None:
    _newer_older_value(ctx)
    _replaced_elsewhere(ctx)


def _newer_older_value(ctx: MergeContext) -> None:
    """A carried unit of an older note whose thing (_thing) a newer older note gives
    another value is not written. The newer unit counts whatever became of it
    (carried, or itself replaced by the newest): either way the older value is not the
    latest. A head names one thing across sections only where no note of the group
    uses it twice; else within one section only (Poolish's "Water:" is not Final
    dough's), save what a note has one of at a time ("Status:")."""
    things = {r.key: t for _, doc in ctx.older for r in ctx.refs[doc.path]
              if (t := _thing(ctx, r)) is not None}
    twice = _used_twice(ctx, things)
    # newer older units by the key their thing is found by (its words; for what a note
    # has one of, its last word), so a unit meets only units of its own thing
    seen: dict[str, list[tuple[Ref, str]]] = {}
    for _, doc in ctx.older:  # newest first
        mine: list[tuple[Ref, str]] = []
        for r in ctx.refs[doc.path]:
            thing = things.get(r.key)
            if thing is None:
                continue
            mine.append((r, thing))
            e = ctx.entries[r.key]
            if e.status != "carried" or e.chosen:
                continue
            one = _one_valued(ctx, thing)
            newer = next((n for n, t in seen.get(_key(ctx, thing), [])
                          if _one_thing(ctx, r, thing, n, t, twice, one)
                          and (r.unit.norm != n.unit.norm if one else _other_value(ctx, r, n))),
                         None)
            if newer is not None:
                _drop(ctx, r, newer)
        for r, thing in mine:
            seen.setdefault(_key(ctx, thing), []).append((r, thing))
    _newer_measure(ctx)


def _replaced_elsewhere(ctx: MergeContext) -> None:
    """A carried unit whose only facts the newest lacks are values a unit of another
    older note gave of the same thing and the newest replaced ("Deposits must be paid
    by 30 September to the treasurer." / the next version's "deposits by 30
    September", which the newest gives as "deposits close on 10 October"): a value the
    newest changed is old wherever it is said, in any section, so it is not written
    (a row to carry it, beside the newest's line). A value the newest replaced: the
    newest's unit gives another value of its measure ("costs £45" replaced the "£40",
    not the "30 minutes" of "costs £40 and takes 30 minutes"). Of the same thing: a
    share of their content words, the values and the words writing them (a month, a
    unit: "by 30 April", "for 28 days") aside, and where both measure the value, the
    same thing measured ("CCTV footage is kept for 28 days" / "Lost property is kept
    for 28 days"); a number naming something ("Cremation 1") is no value. Two lines of
    one note are two statements, never versions of each other."""
    stated = stated_facts(ctx)
    base = {b.key: b for b in ctx.base_refs()}
    lx = ctx.lexicon
    # each replaced older unit with its replacer, what it speaks of, what it measures
    # and the codes of the two (a code is one value, letters and all: "Grade 4B" is no
    # other "4"), once
    replaced = [(g, b, _thing_words(ctx, said(g.unit)), thing_values(said(g.unit), lx),
                 coded_values(g.unit.text, lx) | coded_values(b.unit.text, lx))
                for _, doc in ctx.older for g in ctx.refs[doc.path]
                if g.unit.kind not in ("rel", "code")
                and (e := ctx.entries[g.key]).status == "superseded"
                and e.why.startswith(ANOTHER_VALUE) and (b := base.get(e.by or "")) is not None]
    if not replaced:
        return
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if e.status != "carried" or e.chosen or r.unit.kind in ("rel", "code"):
                continue
            alone = set(new_facts(ctx, r, stated))
            numbers = {v for v in alone if v.startswith("n:")}
            if not numbers or identifiers(ctx, r, sorted(alone)):
                continue  # (a number naming something, "Cremation 1", is no value of it)
            words = _thing_words(ctx, said(r.unit))
            mine = thing_values(said(r.unit), lx)
            best: tuple[float, Ref, Ref] | None = None
            for g, b, their_words, their_values, codes in replaced:
                if g.path == r.path or not alone <= g.facts.values:
                    continue
                theirs = {measure(v, codes) for v in b.facts.values - g.facts.values}
                if not all(measure(v, codes) in theirs for v in numbers):
                    continue  # the newest changed another of its values
                shared = share(words, their_words)
                if shared < ctx.thresholds.replaced_value_overlap or any(
                        equal(tv, t) and not same_thing(tv, t)
                        for tv in mine for t in their_values):
                    continue
                if best is None or shared > best[0]:
                    best = (shared, g, b)
            if best is not None:
                _, g, b = best
                ctx.entries[r.key] = _entry(
                    r, "dropped", flips=("carry", "drop"),
                    why=f"it restates a value the newest changed: {g.path} gives it "
                        f"({as_written(g)}), the newest another ({as_written(b)})")


def _thing_words(ctx: MergeContext, text: str) -> frozenset[str]:
    """The content words of a unit, its values and the words writing them aside (a
    month, a unit of measure: "by 30 April", "for 28 days"): what it speaks of."""
    lx = ctx.lexicon
    writing = ctx.once("value_writing_words", lambda: frozenset(
        stem(w, lx) for w in lx.months | lx.measure_words | lx.measure_units))
    return frozenset(w for w in content_words(ctx, normalise(masked(text)))
                     if w not in writing)


def _drop(ctx: MergeContext, r: Ref, newer: Ref) -> None:
    ctx.entries[r.key] = _entry(
        r, "dropped", flips=("carry", "drop"),
        why=f"{newer.path}, a newer version, gives it another value: {as_written(newer)}")


def _newer_measure(ctx: MergeContext) -> None:
    """A carried unit measuring a thing (thing_values: a value with its unit, how often)
    a newer older note measures otherwise, in its section or named by the same two words
    or more anywhere ("Ring from Northern Ring Hire, £350" / the next version's
    "Northern Ring Hire, £320"), when no newer note states its value of it: the same
    judgement pass_said_over makes against the newest, made between older versions."""
    measured: list[tuple[Ref, tuple[ThingValue, ...]]] = [
        (b, tvs) for b in ctx.base_refs() if (tvs := _measures(ctx, b))]
    for _, doc in ctx.older:  # newest first: `measured` holds the notes newer than doc
        mine = [(r, tvs) for r in ctx.refs[doc.path] if (tvs := _measures(ctx, r))]
        for r, tvs in mine:
            e = ctx.entries[r.key]
            if e.status != "carried" or e.chosen or _label(ctx, r) is not None:
                continue  # (a labelled line is judged by its label, above: "Late sitting
                # fee: £45" is not "Sitting fee: £35", though a value reads two words)
            newer = next((n for tv in tvs
                          if not any(equal(tv, t) and same_thing(tv, t)
                                     for _, ts in measured for t in ts)
                          for n, ts in measured if n.path != ctx.base.path
                          for t in ts if other_value(tv, t, ctx.lexicon)
                          and tv.things == t.things and (
                              len(tv.things) >= 2 or one_heading(ctx, r, n))), None)
            # (the same words: "Parking for coaches costs £20 a day" measures another
            # thing than "Parking costs £5 a day")
            if newer is not None:
                _drop(ctx, r, newer)
        measured += mine


def _label(ctx: MergeContext, r: Ref) -> tuple[str, str] | None:
    return label_of(r.unit.text.lstrip("-*+ ").strip(), ctx.thresholds.label_chars)


def _measures(ctx: MergeContext, r: Ref) -> tuple[ThingValue, ...]:
    if r.unit.kind in ("obs", "rel", "code", "row"):
        return ()
    return thing_values(r.unit.text, ctx.lexicon)


def _key(ctx: MergeContext, thing: str) -> str:
    return "one:" + thing.split()[-1] if _one_valued(ctx, thing) else thing


def _thing(ctx: MergeContext, r: Ref) -> str | None:
    """What a unit gives a value of, in stemmed words: its label or value head
    (older_only.named_head; a list line's label however long its value, "Crew chief:
    Jo Brennan (Mark has moved to the second balloon); radios on channel 5"), or an
    observation's category when a note has one of it at a time ("[status] ...", as
    "Status: agreed")."""
    if r.unit.kind == "obs":
        cat = r.unit.text.split("]", 1)[0].lstrip("[").strip().lower()
        return stem(cat, ctx.lexicon) if cat in ctx.lexicon.one_valued_categories else None
    if r.unit.kind in ("rel", "code"):
        return None
    return named_head(ctx, r) or None  # ("📞:" has no words to name a thing by)


def _used_twice(ctx: MergeContext, things: dict[str, str]) -> set[str]:
    """The heads some note of the group gives to two of its units."""
    counts: dict[tuple[str, str], int] = {}
    for r in ctx.base_refs():
        if (t := _thing(ctx, r)) is not None:
            counts[("", t)] = counts.get(("", t), 0) + 1
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            if (t := things.get(r.key)) is not None:
                counts[(doc.path, t)] = counts.get((doc.path, t), 0) + 1
    return {t for (_, t), n in counts.items() if n > 1}


def _one_thing(ctx: MergeContext, r: Ref, mine: str, n: Ref, theirs: str, twice: set[str],
               one: bool) -> bool:
    """Two heads name one thing when they are the same words: "Late entry fee:" is
    not "Entry fee:". Across sections only a head of two words or more ("Minimum
    order", "Crew chief"): one word ("Contact:", "Allow 20 minutes") names a thing
    within its section only (the plumber's contact is not the electrician's), as does
    a head a note uses twice, save what a note has one of at a time ("Status:")."""
    if one:  # ("Current status:" and "[status]" give the note's one status)
        return mine.split()[-1] == theirs.split()[-1]
    if mine != theirs:
        return False
    return (len(mine.split()) > 1 and mine not in twice) or one_heading(ctx, r, n)


def _one_valued(ctx: MergeContext, thing: str) -> bool:
    """A head naming what a note has one of at a time (Lexicon.one_valued_categories:
    "Status:", "Current status:", "[owner]"): any other wording is another value
    ("open" / "done")."""
    words = ctx.once("one_valued_stems", lambda: frozenset(
        stem(w, ctx.lexicon) for w in ctx.lexicon.one_valued_categories))
    return thing.split()[-1] in words


def _other_value(ctx: MergeContext, r: Ref, n: Ref) -> bool:
    """`r` gives the thing another value than `n`: each names what the other does not
    ("Retrieve vehicle: Land Rover Defender 110" / "Retrieve: Toyota Hilux"; a name
    right after a label counts), or `n` gives a figure of its own in place of one of
    `r`'s, of its kind. A line saying more (a phone number beside the same contract
    number) is the fuller one, not an older value; the same figure said another way
    ("Advert in the Westmoor Gazette: £180" / "| Westmoor Gazette: £180 | advert |") is
    no other value either."""
    named = [{v for v in facts_of(x.unit.text, ctx.lexicon, all_names=True).values
              if v.startswith("name:")} for x in (r, n)]
    if named[0] - named[1] and named[1] - named[0]:
        return True  # (its figures then are the other thing's: "Defender 110")
    mine = {v for v in r.facts.values if not v.startswith(("label:", "name:"))}
    theirs = {v for v in n.facts.values if not v.startswith(("label:", "name:"))}
    figures, instead = frozenset(mine - theirs), frozenset(theirs - mine)
    if figures:
        return bool(instead) and kinds_meet(figures, instead)
    # a label's value in words ("Meeting point: the church hall" / "... the car park")
    said = [label_of(x.unit.text, ctx.thresholds.label_chars) for x in (r, n)]
    return said[0] is not None and said[1] is not None and not instead and (
        normalise(said[0][1]) != normalise(said[1][1]))
