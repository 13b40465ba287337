"""Which base units each older unit is compared with, bounded for huge notes.

Normally an older unit meets every base unit of its aligned section (every base unit
for an observation, a relation or a unit of an unaligned section; the base's prose for
a sentence of an intro or of a section aligned by content, since an observation's
money is another thing). Beyond
`Thresholds.pool_budget` base units that is quadratic, so a unit meets only the
`pool_window` base units on either side of where its neighbours matched word for
word: an edited copy keeps its order. Every unit still gets a verdict; the ledger
names each part judged this way (`MergeContext.bounded`)."""

from __future__ import annotations

from bisect import bisect_left

from .context import MergeContext, Ref

STRUCTURED = frozenset({"obs", "rel"})
PROSE = -1  # the base's prose, wherever it sits
Part = int | None  # an aligned base section, PROSE, or None for the whole base


def _part(ctx: MergeContext, path: str, level: int, r: Ref) -> Part:
    aligned = ctx.aligned.get((path, r.section))
    if r.unit.kind in STRUCTURED or aligned is None:
        return None
    if (path, r.section) in ctx.loose or level <= 1:
        return PROSE  # an intro's sentence, or a section aligned by content
    return aligned


def pools(ctx: MergeContext) -> dict[str, list[Ref]]:
    """Older ref key -> the base refs it is compared with."""
    th = ctx.thresholds
    base = ctx.base_refs()
    prose = [b for b in base if b.unit.kind not in STRUCTURED]
    by_section: dict[int, list[Ref]] = {}
    for b in base:
        by_section.setdefault(b.section, []).append(b)
    out: dict[str, list[Ref]] = {}
    for _, doc in ctx.older:
        refs = ctx.refs[doc.path]
        parts: list[Part] = [_part(ctx, doc.path, doc.sections[r.section].level, r)
                             for r in refs]
        totals: dict[Part, int] = {}
        for part in parts:
            totals[part] = totals.get(part, 0) + 1
        seen: dict[Part, int] = {}
        anchor: dict[Part, int] = {}
        positions: dict[Part, dict[str, list[int]]] = {}
        for r, part in zip(refs, parts, strict=True):
            pool = base if part is None else prose if part == PROSE else by_section.get(part, [])
            if len(pool) <= th.pool_budget:
                out[r.key] = pool
                continue
            if part not in positions:
                index: dict[str, list[int]] = {}
                for k, b in enumerate(pool):
                    index.setdefault(b.unit.norm, []).append(k)
                positions[part] = index
                where = "the whole note" if part is None else "the note's prose" \
                    if part == PROSE else \
                    f"'{ctx.base.sections[part].title or 'the title section'}'"
                ctx.bounded.append(
                    f"{doc.path} against {where}: {len(pool)} base units, so each unit "
                    f"was compared with the {2 * th.pool_window + 1} around where its "
                    f"neighbours matched (budget {th.pool_budget})")
            n = seen.get(part, 0)
            seen[part] = n + 1
            p = anchor.get(part, n * len(pool) // max(totals[part], 1))
            hits = positions[part].get(r.unit.norm)
            if hits:
                k = bisect_left(hits, p)
                p = hits[min(k, len(hits) - 1)]
                anchor[part] = p
            out[r.key] = pool[max(0, p - th.pool_window): p + th.pool_window + 1]
    return out
