"""Pass (after the person's choices): an older line that says a newest line whole but for
one value, and says more besides, is written in that line's place with the newest's
value ("- Nail trim: £8 (walk-ins welcome Saturday morning)" under the newest's "- Nail
trim: £9": "- Nail trim: £9 (walk-ins welcome Saturday morning)").

Superseded whole, the older line's other fact is lost (merge-BK g08's Saturday
walk-ins); carried beside the newest's, it states the old value. Read by structure:
the two are one-line list items; each gives exactly one figure the other does not (a
price, a time, a count, a code); the older line with the newest's figure in place of its
own holds the newest's line word for word, after which it says at least
Thresholds.revalued_words more content words and no figure or number word but a span
of time (what it says more may tell of the old value: "A-frames: 2 (one aluminium, one
wooden)"). A sentence is left as it was: what prose says more often argues for the old
value ("Drop-off window 8:00 to 8:30 only, so that the morning dogs are all in before
the first bath"). The newest's line stays stated (its words are all written); the older
one is carried with `written`, the line as written, and its reason names the value it
took. The person's "newer" keeps the newest's line alone, "older" writes the older line
as it was."""

from __future__ import annotations

import re
from dataclasses import replace

from .context import MergeContext
from .older_only import bare, content_prefixes

_FIGURE = re.compile(r"(?<![\w£$€.,:])[£$€]?\d(?:[\d,.:]*\d)?(?:%|[a-z]{1,2}\b)?")


def _figures(text: str) -> list[str]:
    return _FIGURE.findall(text)


def _counts(ctx: MergeContext, tail: str) -> bool:
    """What the older line says more holds a figure or a number word other than a span
    of time ("allow two weeks"): it may tell of the old value ("A-frames: 2 (one
    aluminium, one wooden)" under "A-frames: 1")."""
    if _figures(tail):
        return True
    lx = ctx.lexicon
    numbers = {w for w, _ in lx.number_words}
    words = re.findall(r"[a-z]+", tail.lower())
    return any(w in numbers and not (k + 1 < len(words) and words[k + 1] in lx.measure_words)
               for k, w in enumerate(words))


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":
        return
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if e.status != "superseded" or e.chosen or e.by not in ctx.entries \
                    or r.key in ctx.fuller or e.by in ctx.replaced \
                    or r.unit.kind != "item" or len(r.unit.raw) != 1:
                continue
            newer = ctx.entries[e.by]
            if newer.status != "stated" or newer.source != ctx.base.path:
                continue
            b = ctx.ref(e.by)
            if b.unit.kind != r.unit.kind or len(b.unit.raw) != 1:
                continue
            mine, theirs = bare(r.unit.text).strip(), bare(b.unit.text).strip()
            old = [f for f in _figures(mine) if f not in _figures(theirs)]
            new = [f for f in _figures(theirs) if f not in _figures(mine)]
            if len(old) != 1 or len(new) != 1 or mine.count(old[0]) != 1:
                continue
            written = mine.replace(old[0], new[0], 1)
            core = theirs.rstrip(" .")
            if not written.startswith(core):
                continue
            tail = written[len(core):]
            extra = content_prefixes(ctx, tail) - content_prefixes(ctx, core)
            if len(extra) < ctx.thresholds.revalued_words or _counts(ctx, tail):
                continue
            ctx.replaced[b.key] = r.key
            ctx.entries[r.key] = replace(
                e, status="carried", written=written,
                why=f"written in place of the newest's line with its value ({new[0]} for "
                    f"{old[0]}): it says more ({tail.strip(' ,;()')})")
