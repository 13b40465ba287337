"""Pass: an older step or list item that says a newest one word for word and goes on.

"1. Disarm the alarm at the back door. The alarm code is 4471 and you have 30 seconds
before it calls out." against the newest's "1. Disarm the alarm at the back door.": the
newer version shortened the step, it did not change it. Left out with its block (or
superseded as another value of step 1), the code and the rule after the stop were lost
(merge-BL, merge-BN, merge-BE, merge-BT). Such an older unit is written in the newest
unit's place, under the newest's number or bullet, unless the person says newer: a
fuller wording (`older_only.take_fuller`), which a step or a row is never otherwise
given (ledger.NEVER_REWRITTEN: "Glue up the spine with Evacon-R paste" over the
newest's "with paste" put back a material the newest replaced; that is a word added
inside the sentence, not more said after it).

It writes an older fact in place of a shortening the newest may have made on purpose,
so it is narrow. Its shape: its text, cut at a stop (". ", "; ", " (", a dash), is first
the newest unit word for word (articles and "is"/"are" aside: "Never prop the door open"
is not "Prop the door open"), then more of its own. What follows is held back, as
before, when it:
- has fewer than two content words the newest unit lacks;
- shares a content word (its first four letters, the newest unit's own words aside)
  with another unit of the newest, or, giving other figures, of an older version newer
  than its own: the newer notes speak of that again, maybe anew ("Priya Shah is the
  weekday duty manager" over "Dave Morris covers weekdays", "Exit delay: 45 seconds"
  over "You have 30 seconds", "Arm the alarm last" over "then set the alarm", "The
  alarm code is now 4471" over "The alarm code is 1234");
- tells of the version or points at a step by number ("(new step after the March
  incident)", "Updated: 2025-05-01", "fetch the spare from step 4": renumbered);
- speaks of what the newest says is over (ended_text.speaks_of).
One newest unit per older one: among a held-back block's items, only those of the
newest block it was held with, and only where exactly one of them matches. Merge only:
an update writes the newest's units as they are."""

from __future__ import annotations

import re
from dataclasses import replace

from .context import MergeContext, Ref
from .ended import ended
from .ended_text import speaks_of
from .older_only import content_prefixes, take_fuller

_KINDS = frozenset({"step", "item", "check"})
# where a unit goes on with more: the end of a sentence or clause, a bracket, a dash
_STOP = re.compile(r"[.;]\s+|\s+\(|\s+[-\u2013\u2014]\s+")
_WORD = re.compile(r"[a-z0-9]+(?:['\u2019][a-z]+)?")
_DIGITS = re.compile(r"\d+")
# words a shortening may drop without changing what a step says
_SLACK = frozenset({"the", "a", "an", "is", "are"})
# a tail telling of its version or naming a step by its number
_VERSION_TALK = re.compile(
    r"\b(?:step|item|point|decision|no\.?)\s*\d+|\b(?:version|revision|v\d+|added|updated|"
    r"changed|reworded|moved|new\s+step|introduced|amended|edited)\b|\d{4}-\d\d-\d\d",
    re.IGNORECASE)


def _said(text: str) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in _SLACK]


def extension(ctx: MergeContext, r: Ref, b: Ref) -> str | None:
    """What older unit `r` says after base unit `b`'s words, when it is `b` said word
    for word and more (the shape above); else None."""
    if r.unit.kind != b.unit.kind or r.unit.box != b.unit.box:
        return None
    mine = _said(b.unit.text)
    if len(content_prefixes(ctx, b.unit.text)) < 2:
        return None
    for stop in _STOP.finditer(r.unit.text):
        head = _said(r.unit.text[:stop.start()])
        if len(head) > len(mine):
            return None
        if head == mine:
            tail = r.unit.text[stop.start():]
            fresh = content_prefixes(ctx, tail) - content_prefixes(ctx, b.unit.text)
            return tail if len(fresh) >= 2 else None
    return None


def _held(ctx: MergeContext, r: Ref, b: Ref, tail: str, gone: list) -> bool:
    """The tail is one the newer notes may have changed or ended (the list above)."""
    if _VERSION_TALK.search(tail) or any(speaks_of(tail, end, ctx.lexicon) for end in gone):
        return True
    words = content_prefixes(ctx, tail) - content_prefixes(ctx, b.unit.text)
    if any(words & content_prefixes(ctx, o.unit.text) for o in ctx.base_refs()
           if o.key != b.key and o.unit.kind != "rel"):
        return True
    # an older version newer than r's own speaking of it with other figures ("The alarm
    # code is now 4471" over "The alarm code is 1234"); with the same ones it repeats it
    newer = [d.path for _, d in ctx.older]
    figures = set(_DIGITS.findall(tail))
    return any(words & content_prefixes(ctx, o.unit.text)
               and set(_DIGITS.findall(o.unit.text)) ^ figures
               for p in newer[:newer.index(r.path)] for o in ctx.refs[p]
               if o.unit.kind != "rel" and o.unit.text != r.unit.text)


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":  # an update writes the newest's units as they are
        return
    base = {b.key: b for b in ctx.base_refs() if b.unit.kind in _KINDS}
    if not base:
        return
    gone = [end for b in ctx.base_refs() for end in ended(b.unit.text, ctx.lexicon)]
    taken = set(ctx.fuller.values()) | set(ctx.replaced)
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind not in _KINDS or e.held:
                continue
            if r.key in ctx.fuller:  # a fuller step the rules found: held back unless so
                b = base.get(ctx.fuller[r.key])
                pool = [b] if b is not None and b.unit.kind == "step" else []
            elif e.status in ("superseded", "present") and e.by in base:
                pool = [base[e.by]]
            elif e.status == "dropped" and e.block and r.key in ctx.held_with:
                pool = [b for b in base.values() if b.unit.block == ctx.held_with[r.key]]
            else:
                continue
            found = [(b, tail) for b in pool if ctx.entries[b.key].status == "stated"
                     and (r.key in ctx.fuller or b.key not in taken)
                     and (tail := extension(ctx, r, b)) is not None]
            if len(found) != 1 or _held(ctx, r, *found[0], gone):
                continue
            b = found[0][0]
            if r.key not in ctx.fuller:
                take_fuller(ctx, r, b, "the newest's words, then more")
            ctx.entries[r.key] = replace(ctx.entries[r.key], written=r.unit.text)
            ctx.extended.add(r.key)
            taken.add(b.key)
