"""Pass: an older step or list item that says a newest one in its words and goes on.

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

Its shape: its text, cut at a stop (". ", "; ", " (", a dash), is first the newest
unit's content words, no more and no fewer (function words aside), then more of its
own; what follows tells something the newest does not: at least two content words the
newest unit lacks, not all of them said by one other newest unit; no figure the newest
gives another value of (older_only.other_values); nothing the newest says is over
(ended.speaks_of), no figure measuring what the newest unit's figures measure. Merge
only: an update writes the newest's units as they are."""

from __future__ import annotations

import re
from dataclasses import replace

from .context import MergeContext, Ref
from .ended import ended, speaks_of
from .facts import facts_of
from .older_only import other_values, take_fuller

_KINDS = frozenset({"step", "item", "check"})
# where a unit goes on with more: the end of a sentence or clause, a bracket, a dash
_STOP = re.compile(r"[.;]\s+|\s+\(|\s+[-\u2013\u2014]\s+")
_FIGURE = re.compile(r"([£$€]?)\s?(\d[\d.,:]*)\s*([a-z°%]*)")
_WORD = re.compile(r"[a-z0-9]+(?:['\u2019][a-z]+)?")


def _content(ctx: MergeContext, text: str) -> frozenset[str]:
    return frozenset(w for w in _WORD.findall(text.lower())
                     if w not in ctx.lexicon.function_words)


def extension(ctx: MergeContext, r: Ref, b: Ref) -> str | None:
    """What older unit `r` says after base unit `b`'s words, when it is `b` said and
    more (the shape above); else None."""
    if r.unit.kind != b.unit.kind or r.unit.kind not in _KINDS or r.unit.box != b.unit.box:
        return None
    mine = _content(ctx, b.unit.text)
    if len(mine) < 2:
        return None
    for stop in _STOP.finditer(r.unit.text):
        head, tail = r.unit.text[:stop.start()], r.unit.text[stop.start():]
        words = _content(ctx, head)
        if words != mine:
            if len(words) > len(mine):
                return None
            continue
        return tail if len(_content(ctx, tail) - mine) >= 2 else None
    return None


def _tells_more(ctx: MergeContext, r: Ref, b: Ref, tail: str, gone: list) -> bool:
    words = _content(ctx, tail)
    if any(words <= _content(ctx, o.unit.text) for o in ctx.base_refs()):
        return False  # another newest unit says it
    if other_values(ctx, r, set(facts_of(tail, ctx.lexicon).values)):
        return False
    # a figure measuring what the unit's own figure measures is its earlier value
    # ("72 hours notice ... Too many late cancellations at 48 hours")
    own = _figures(b.unit.text)
    return not any(d not in own and what and what in own.values()
                   for d, what in _figures(tail).items()) \
        and not any(speaks_of(tail, end, ctx.lexicon) for end in gone)


def _figures(text: str) -> dict[str, str]:
    """A figure's digits -> what it is of: the currency before it or the word after it
    ("60 seconds", "£12"); measures_in reads units of measure and counted nouns only."""
    out: dict[str, str] = {}
    for cur, num, word in _FIGURE.findall(text.lower()):
        out[re.sub(r"\D", "", num)] = cur or word
    return out


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
            if r.unit.kind not in _KINDS or e.chosen or e.held:
                continue
            if r.key in ctx.fuller:  # a fuller step the rules found: held back unless so
                pool = [b for k in (ctx.fuller[r.key],) if (b := base.get(k)) is not None
                        and b.unit.kind == "step"]
            elif e.status in ("superseded", "present") and e.by in base:
                pool = [base[e.by]]
            elif e.status == "dropped" and e.block:
                pool = list(base.values())
            else:
                continue
            for b in pool:
                if ctx.entries[b.key].status != "stated" or (
                        r.key not in ctx.fuller and b.key in taken):
                    continue
                tail = extension(ctx, r, b)
                if tail is not None and _tells_more(ctx, r, b, tail, gone):
                    if r.key not in ctx.fuller:
                        take_fuller(ctx, r, b, "the newest's words, then more")
                    ctx.entries[r.key] = replace(ctx.entries[r.key], written=r.unit.text)
                    ctx.extended.add(r.key)
                    taken.add(b.key)
                    break
