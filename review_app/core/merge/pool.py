"""Which base units each older unit is compared with, bounded for huge notes.

Normally an older unit meets every base unit of its aligned section (every base unit
for an observation, a relation or a unit of an unaligned section). Beyond
`Thresholds.pool_budget` base units that is quadratic, so a unit meets only the
`pool_window` base units on either side of where its neighbours matched word for
word: an edited copy keeps its order. Every unit still gets a verdict; the ledger
names each part judged this way (`MergeContext.bounded`)."""

from __future__ import annotations

from bisect import bisect_left

from .context import MergeContext, Ref

STRUCTURED = frozenset({"obs", "rel"})


def pools(ctx: MergeContext) -> dict[str, list[Ref]]:
    """Older ref key -> the base refs it is compared with."""
    th = ctx.thresholds
    base = ctx.base_refs()
    by_section: dict[int, list[Ref]] = {}
    for b in base:
        by_section.setdefault(b.section, []).append(b)
    out: dict[str, list[Ref]] = {}
    for _, doc in ctx.older:
        refs = ctx.refs[doc.path]
        parts: list[int | None] = []
        for r in refs:
            aligned = ctx.aligned.get((doc.path, r.section))
            parts.append(None if r.unit.kind in STRUCTURED or aligned is None else aligned)
        totals: dict[int | None, int] = {}
        for part in parts:
            totals[part] = totals.get(part, 0) + 1
        seen: dict[int | None, int] = {}
        anchor: dict[int | None, int] = {}
        positions: dict[int | None, dict[str, list[int]]] = {}
        for r, part in zip(refs, parts, strict=True):
            pool = base if part is None else by_section.get(part, [])
            if len(pool) <= th.pool_budget:
                out[r.key] = pool
                continue
            if part not in positions:
                index: dict[str, list[int]] = {}
                for k, b in enumerate(pool):
                    index.setdefault(b.unit.norm, []).append(k)
                positions[part] = index
                where = "the whole note" if part is None else \
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
