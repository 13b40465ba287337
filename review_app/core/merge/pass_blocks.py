"""Pass 4: blocks with an order come whole from the newest note that has them.

An older step, row, checklist item or code block that would be carried while the
aligned base section has a block of that kind is not spliced in: it is dropped and
listed with its block, a carry-over candidate the person may flip to carry (it is
then written after the section's content, never inside the block)."""

from __future__ import annotations

from dataclasses import replace

from .context import MergeContext
from .ledger import ORDERED

_NAMES = {"numbered": "numbered list", "checklist": "checklist", "table": "table",
          "fence": "code block", "code": "code block"}


def run(ctx: MergeContext) -> None:
    base = ctx.base
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            block = doc.blocks[r.unit.block]
            if e.status not in ("carried", "dropped") or block.kind not in ORDERED:
                continue
            aligned = ctx.aligned.get((doc.path, r.section))
            kinds = {base.blocks[b].kind for b in base.sections[aligned].blocks} \
                if aligned is not None else set()
            if block.kind in kinds or (block.kind in ("fence", "code")
                                       and kinds & {"fence", "code"}):
                name = _NAMES[block.kind]
                where = f" under '{r.section_title}'" if r.section_title else ""
                ctx.entries[r.key] = replace(
                    e, status="dropped", block=f"{name}{where}", flips=("carry", "drop"),
                    why=f"the newest note's {name} lacks it: a carry-over candidate")
