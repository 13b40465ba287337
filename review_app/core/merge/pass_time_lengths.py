"""After the carry decision (merge): an older line whose one new value is how long
something takes, where the newest gives another length of time for it, is superseded.

Writers change durations in other words as often as prices: "A standard empty takes
about forty minutes" / "Allow 45 minutes for a standard tank", "Leave with 90 minutes
spare" / "Set off with at least an hour spare", "Allow an hour and a half" / "Allow 2
hours" (the dev sets merge-CS..CX: six such pairs, each carried beside its replacement).
Facts read "2 hours" as 2 and "an hour" as nothing, and the verb or frame around the
value changes, so neither the value rules nor thing_values see one measure. Here a
length of time is read in minutes (time_lengths), and an older line is superseded by a
newest line when:
- the older line gives exactly one length of time, and every fact it states that the
  newest lacks is that length (a line with a phone, a name or another figure of its
  own is left to the other passes);
- no newest line gives that length;
- the newest line gives exactly one length, another, and the two share a content word
  that is no unit of measure (what it is the length of: "standard", "spare", "set-up").
The person can keep the older (its flip)."""

from __future__ import annotations

from dataclasses import replace

from .context import MergeContext, Ref
from .older_only import content_prefixes, new_facts, stated_facts
from .pass_units import as_written, said
from .time_lengths import time_lengths

_KINDS = frozenset({"sentence", "item", "obs", "check", "step"})


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":
        return
    lx = ctx.lexicon
    measures = {w[:4] for w in lx.measure_words}
    base = [(b, found) for b in ctx.base_refs() if b.unit.kind != "rel"
            and (found := time_lengths(said(b.unit), lx))]
    if not base:
        return
    given = {m for _, found in base for m in found or ()}
    stated = None
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind not in _KINDS or e.status != "carried" or e.chosen \
                    or r.key in ctx.choices:
                continue
            mine = time_lengths(said(r.unit), lx)
            if not mine or len(mine) != 1 or mine[0] in given:
                continue
            length = mine[0]
            if stated is None:
                stated = stated_facts(ctx)
            if not set(new_facts(ctx, r, stated)) <= _spellings(length):
                continue
            words = content_prefixes(ctx, said(r.unit)) - measures
            best: tuple[int, Ref] | None = None
            for b, found in base:
                if found is None or len(found) != 1:
                    continue
                shared = len(words & (content_prefixes(ctx, said(b.unit)) - measures))
                if shared and (best is None or shared > best[0]):
                    best = (shared, b)
            if best is None:
                continue
            b = best[1]
            ctx.entries[r.key] = replace(
                e, status="superseded", by=b.key, by_text=as_written(b).strip(),
                flips=("newer", "older"), held=False,
                why="the newest gives another length of time for it")


def _spellings(minutes: int) -> set[str]:
    """How facts may write the length: its minutes, or its hours ("2 hours": 2)."""
    out = {f"n:{minutes}"}
    if minutes % 60 == 0:
        out.add(f"n:{minutes // 60}")
    elif minutes % 30 == 0:
        out.add(f"n:{minutes / 60:g}")
    return out
