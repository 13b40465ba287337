"""After the carry decision (merge): an observation and the body line it sums up are
one fact, with one verdict.

An older note's observations restate its body ("[weather] Cancelled on Met Office ice
warnings" / "The ride is cancelled if the Met Office shows ice warnings for the area;
post the cancellation on Instagram by 7:00"). The two are judged apart, so the engine
could carry the observation (nothing in the newest states its fact) while holding back
the body line (the carry model unsure) or superseding it only because its section is
gone and some newest line elsewhere gives a value of its kind. The fact then reached
the merged note only as an observation, which readers of every held-out set since
round 24 named as a fact lost from the body ("survives only as an observation").

The carried observation is the witness: nothing in the newest states that fact. So a
body sentence or list item of the same note that the observation sums up is carried
too, placed like any carried line; the person can drop it. "Sums up": the two are
Thresholds.prose_as_observation_cosine close and the observation carries a value the
line states, or states every value the line gives that the newest lacks, or, neither
giving such a value, shares most of its words (pass_once.covers). Only a line held
back or superseded for its section alone: one superseded by a newest line that speaks
of it (another value, the opposite, said over) keeps its verdict. Not an intro
sentence about its note (its history, provenance, what it is:
other_value.about_its_note; the newest's lead introduces the note), nor a line the
person has a choice on, nor a table row or a done checklist item (what was done then),
nor a line the newest nearly says or a carried line of another version says
(Thresholds.same_cosine: "Keys are collected from reception, or out of hours from the
keyholder Bev Marsh, 01632 960455" under "Keys are still collected from reception or
from Bev Marsh out of hours" says it twice).

The other way round too: a body line carried for a value its own note's observation
gives, where the newest superseded that observation with another value, states the value
the newest replaced ("Allow about ninety minutes from arrival on shed" beside "[time]
Disposal takes about ninety minutes", which "Budget 105 minutes" replaced). It is
superseded by the same newest unit when every number it gives that the newest lacks is
one the observation gives, the two are Thresholds.prose_as_observation_cosine close or
measure it alike and speak of one thing (a value frame and a content word in common:
"Sales ... on the second Wednesday" / "[schedule] Sales on the second Wednesday, start
10am"; not "Couples ... second membership 10% off" / "[discount] Students 10% off"), and it
names no number the newest lacks (a phone, an account: alone_facts.identifiers). An
observation sums up one line: when two carried lines of its note give its value, both
stay.

A step or open checklist item the newest's block left out is held back with its block
(issue 18 point 3); its note's observation carried, it is that fact in the body
("- [ ] Set the alarm: code 4471, then exit through the back door within 45 seconds"
beside "[security] Alarm code is 4471", merge-BQ): carried, it is written after the
newest's block under the held-over line (held_blocks), never spliced into it.
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet

from .alone_facts import identifiers, named_tokens
from .context import MergeContext, Ref
from .facts import facts_of, value_frames
from .older_only import base_values, content_prefixes, set_status
from .other_value import about_its_note, in_intro
from .pass_interim import passing_state
from .pass_once import covers
from .pass_units import as_written, said

_BODY = frozenset({"sentence", "item", "step", "check"})


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":
        return
    _observation_replaced(ctx)
    carried = [r for _, doc in ctx.older for r in ctx.refs[doc.path]
               if ctx.entries[r.key].status == "carried"]
    for _, doc in ctx.older:
        obs = [r for r in ctx.refs[doc.path]
               if r.unit.kind == "obs" and ctx.entries[r.key].status == "carried"]
        held = [r for r in ctx.refs[doc.path] if _held(ctx, r)]
        if not obs or not held:
            continue
        stated = base_values(ctx)
        # what each observation carries: its values the newest lacks
        gives = [_values(ctx, said(o.unit)) for o in obs]
        new = [g - stated for g in gives]
        sims = ctx.cosines([r.unit.text for r in held], [o.unit.text for o in obs])
        # a line the newest nearly says, or another version's carried line says, would
        # be said twice
        written = [b.unit.text for b in ctx.base_refs() if b.unit.kind not in ("obs", "rel")] \
            + [r.unit.text for r in carried if r.unit.kind != "obs"]
        again = ctx.cosines([r.unit.text for r in held], written) if written else None
        for i, r in enumerate(held):
            words = content_prefixes(ctx, r.unit.text)
            mine = _values(ctx, r.unit.text)
            hits = [j for j, o in enumerate(obs)
                    if float(sims[i, j]) >= ctx.thresholds.prose_as_observation_cosine and (
                        _one_fact(new[j], mine, stated, gives[j]) if new[j] or (mine - stated)
                        else covers(ctx, o, words))]
            if not hits:
                continue
            if again is not None and float(again[i].max()) >= ctx.thresholds.same_cosine:
                continue
            o = obs[max(hits, key=lambda j: float(sims[i, j]))]
            ctx.entries[r.key] = set_status(
                ctx.entries[r.key], "carried", flips=("carry", "drop"), held=False,
                why=f"its note's observation of it is carried ({as_written(o).strip()}): "
                    "nothing in the newest states it, so the body says it too")
            carried.append(r)


def _observation_replaced(ctx: MergeContext) -> None:
    """A carried body line whose only new numbers are the old value of its own note's
    observation, which the newest superseded with another value, is superseded too; and
    a carried observation whose only new numbers are the old value of its own note's body
    line the newest replaced ("[timing] Transit damage reported within 48 hours" beside
    "report it within 48 hours", which "Tell us within 72 hours" replaced)."""
    _sums_up_replaced(ctx, ("obs",), ("sentence", "item"), "its note's observation of it")
    _sums_up_replaced(ctx, ("sentence", "item"), ("obs",), "the line of its note it sums up",
                      most_words=True)


def _sums_up_replaced(ctx: MergeContext, gone_kinds: tuple[str, ...],
                      kept_kinds: tuple[str, ...], told: str, *,
                      most_words: bool = False) -> None:
    """`most_words`: the carried unit sums up the replaced one only when most of its own
    words, measures aside, are that unit's ("[refunds] Entry fees refunded if you
    withdraw 14 days before the show" sums up no "Entries must reach the show secretary
    14 days before the show")."""
    measures = {w[:4] for w in ctx.lexicon.measure_words}
    stated = base_values(ctx)
    for _, doc in ctx.older:
        refs = ctx.refs[doc.path]
        gone = [o for o in refs if o.unit.kind in gone_kinds and o.key not in ctx.choices
                and (e := ctx.entries[o.key]).status == "superseded" and e.by is not None
                and ctx.section_gone.get(o.key) != e.by]  # (not for its section alone)
        lines = [r for r in refs if r.unit.kind in kept_kinds
                 and r.key not in ctx.choices and ctx.entries[r.key].status == "carried"]
        if not gone or not lines:
            continue
        olds = [{v for v in _values(ctx, said(o.unit)) if v.startswith("n:")} - stated
                for o in gone]
        sims = ctx.cosines([said(r.unit) for r in lines], [said(o.unit) for o in gone])
        found: dict[int, list[int]] = {}  # replaced unit -> the carried units it may be
        for i, r in enumerate(lines):
            new = sorted(_values(ctx, said(r.unit)) - stated)
            numbers = {v for v in new if v.startswith("n:")}
            if not numbers:
                continue
            # a number read as naming something ("Room 2") names it where the replaced unit
            # names it too; where that unit gives it as a plain value, the line's name was
            # only its opening capital ("Arrive 90 minutes before the first start" beside
            # "[procedure] Organiser arrives 90 minutes before first start")
            ids = identifiers(ctx, r, new)
            if ids and most_words:  # (an observation's capital opens no sentence)
                continue
            named = named_tokens(said(r.unit), ctx.lexicon) if ids else set()
            frames = value_frames(said(r.unit), ctx.lexicon)
            words = content_prefixes(ctx, said(r.unit))
            own = words - measures
            hits = [j for j, old in enumerate(olds) if numbers <= old and not (
                named and named & named_tokens(said(gone[j].unit), ctx.lexicon)
                or named and not named & _plain_numbers(said(gone[j].unit))) and (
                float(sims[i, j]) >= ctx.thresholds.prose_as_observation_cosine
                or frames & value_frames(said(gone[j].unit), ctx.lexicon)
                and words & content_prefixes(ctx, said(gone[j].unit))) and (
                not most_words
                or 2 * len(own & content_prefixes(ctx, said(gone[j].unit))) > len(own))]
            if hits:
                found.setdefault(max(hits, key=lambda j: float(sims[i, j])), []).append(i)
        for j, which in found.items():
            if len(which) > 1:
                continue  # an observation sums up one line: of two giving its value, which
                # is not known ("Allow ninety minutes" and "the briefing lasts ninety
                # minutes"), and both stay
            r, o = lines[which[0]], gone[j]
            e = ctx.entries[o.key]
            ctx.entries[r.key] = set_status(
                ctx.entries[r.key], "superseded", by=e.by, by_text=e.by_text,
                flips=("newer", "older"),
                why=f"{told} ({as_written(o).strip()}) gives the value the newest replaced")


def _plain_numbers(text: str) -> set[str]:
    """The numbers a unit writes, as written ("90" of "arrives 90 minutes")."""
    return set(re.findall(r"\d+(?:[.,]\d+)?", text))


def _held(ctx: MergeContext, r: Ref) -> bool:
    """A body line the engine held back, or superseded only for its section; not one
    the person has a choice on (pass_choices applies it after this pass) nor an intro
    sentence about its note."""
    e = ctx.entries[r.key]
    if r.unit.kind not in _BODY or r.unit.kind == "check" and r.unit.box != " " \
            or r.key in ctx.choices or r.key in ctx.fuller or (
            in_intro(ctx, r) and about_its_note(ctx, r)) or passing_state(ctx, r):
        return False  # (a passing state is held back for itself: pass_interim)
    return (e.status == "dropped" and e.held) or (
        e.status == "superseded" and e.by is not None
        and ctx.section_gone.get(r.key) == e.by)


def _values(ctx: MergeContext, text: str) -> set[str]:
    """A line's values and names (labels are no value)."""
    return {v for v in facts_of(text, ctx.lexicon, all_names=True).values
            if not v.startswith("label:")}


def _one_fact(theirs: set[str], mine: set[str], stated: AbstractSet[str],
              gives: set[str]) -> bool:
    """The observation carries a value the line states (`theirs`: its values the newest
    lacks), a figure when it gives any ("[maintenance] Acid bottles are replaced every 6
    months" sums up no "Acid test the streak with 10k, 14k and 18k bottles": a name in
    common, no figure), or states every value the line gives that the newest lacks."""
    shared = theirs & mine
    figures = any(v.startswith("n:") for v in theirs)
    return (bool(shared) and (not figures or any(v.startswith("n:") for v in shared))) \
        or (bool(mine - stated) and mine - stated <= gives)
