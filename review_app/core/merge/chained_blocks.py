"""An older block that is the older version of the newest's block through a version
between them, for pass_blocks.

In a chain v1 → v2 → v3, v2's procedure is settled as the older version of v3's (its
items close in meaning to v3's), but v1's, worded further from v3 still, may not be: then
it was written whole after v3's checklist, the padlock code and the paper sign-in sheet
v2 had already replaced with them (merge-FH's matchday runbook). Older versions are one
document's history: a block most of whose items are close to a newer older version's
block (Thresholds.block_item_cosine), that block being the older version of a newest
block, is the older version of that newest block too."""

from __future__ import annotations

from dataclasses import dataclass

from .context import MergeContext, Ref

Newest = tuple[int, int, str]
"""The newest's block an older block is the older version of, its number of items or
steps, and what it is ("checklist", "procedure")."""
Settled = dict[tuple[str, int], tuple[Newest, list[Ref]]]
"""(older path, block index) -> (the newest block it is the older version of, its items)."""


@dataclass(frozen=True)
class Through:
    """How an older block reaches the newest's block: the newer older version's items it
    retells (`between`), and each of its own items' counterpart there (or None)."""

    newest: Newest
    between: list[Ref]
    partners: list[Ref | None]


def through_newer(ctx: MergeContext, refs: list[Ref], kinds: frozenset[str],
                  settled: Settled) -> Through | None:
    """The newer older version of the block `refs` belong to, of a kind in `kinds`, most
    of whose items are close to its own (more than half of them, at least one), under a
    heading aligned with the newest block's section or the newer older list's; None when
    no older member between it and the newest has one. Of several, the one it retells most.
    Where each of the two notes holds one numbered list, two close items make them one
    procedure: merge-FH's oldest matchday steps were reworded past the bar in four of
    seven items ("padlock combination 4471" / "the combination changed ...; ask the
    fixtures secretary", 0.41). Not one close item: a closing-up list sharing its
    key-safe step with the setting-up list is another procedure (an adversarial review)."""
    path = refs[0].path
    newer: list[str] = []
    for _, doc in ctx.older:  # newest first: those before this one are newer
        if doc.path == path:
            break
        newer.append(doc.path)
    bar = ctx.thresholds.block_item_cosine
    best: tuple[int, Through] | None = None
    for (p, bi), (newest, items) in settled.items():
        if p not in newer or ctx.older_doc(p).blocks[bi].kind not in kinds:
            continue
        sims = ctx.cosines([r.unit.text for r in refs], [b.unit.text for b in items])
        if sims is None:
            continue
        close = [int(row.argmax()) if float(row.max()) >= bar else None for row in sims]
        n = sum(c is not None for c in close)
        if n == 0 or (best is not None and n <= best[0]):
            continue
        majority = 2 * n > len(refs)
        # (not because the note's lists number on across headings, whatever the heading:
        # a "Packing away" 4-6 after "Setting up" 1-3 has steps close to the setting-up ones
        # it undoes, "Unplug the DCC bus" / "Plug the DCC bus", a third adversarial review)
        if not (_same_place(ctx, refs[0], items[0], newest[0]) and (
                majority or (n >= 2 and _one_list(refs[0], items[0], ctx)))):
            continue
        best = (n, Through(newest, items, [None if c is None else items[c] for c in close]))
    return best[1] if best is not None else None


def _same_place(ctx: MergeContext, a: Ref, b: Ref, newest: int) -> bool:
    """`a`'s section is aligned with the newest's section of block `newest` or with the
    section `b`'s is aligned with: one procedure under one heading, not a packing-away list
    whose steps undo the setting-up ones (an adversarial review)."""
    home = ctx.aligned.get((a.path, a.section))
    return home is not None and home in (ctx.base.blocks[newest].section,
                                         ctx.aligned.get((b.path, b.section)))


def _one_list(a: Ref, b: Ref, ctx: MergeContext) -> bool:
    """Each of the two older members holds exactly one numbered list (`a`'s and `b`'s)."""
    return all(sum(blk.kind == "numbered" for blk in ctx.older_doc(r.path).blocks) == 1
               for r in (a, b))
