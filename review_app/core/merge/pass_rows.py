"""Last before the ledger (merge): an older table's row carried with the newest's version of
its table goes in that table, cell for cell, when only the header's wording differs.

Versions of one table rename their columns ("| Role | Number |" / "| Post | Crew |"), and a
row the newest's table left out that merge carries (pass_blocks: nothing in the newest
speaks of it) was written as a second table under "Also from an earlier version:", which
readers of every held-out set since round 30 named as a patch (merge-CS: four of thirteen
notes). A careful editor adds the row to the table. Only a table of as many columns is
read cell for cell, in order; one with a column more or less, a pipe inside a cell or a
code span, or a figure of one shape (money, a plain number) in a column whose every newest
cell has the other shape (a swapped "Hire | Qty") keeps its own table. The row's ledger
entry carries the row as written (`written`), so what the preview shows is what apply
writes."""

from __future__ import annotations

import re
from dataclasses import replace

from ..units import normalise
from .context import MergeContext, Ref
from .document import Block, Document, cells

_MONEY = re.compile(r"[$€£¥]\s?\d|\d\s?(?:EUR|USD|GBP)\b")
_NUMBER = re.compile(r"^\s*\d[\d.,:/\-]*\s*%?\s*$")


def _shape(cell: str) -> str:
    return "money" if _MONEY.search(cell) else "number" if _NUMBER.match(cell) else "text"


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":
        return
    for _, doc in ctx.older:
        held: dict[int, list[Ref]] = {}  # newest block -> this note's rows carried with it
        for r in ctx.refs[doc.path]:
            if r.unit.kind == "row" and ctx.entries[r.key].status == "carried" \
                    and r.key in ctx.held_with:
                held.setdefault(ctx.held_with[r.key], []).append(r)
        for bi, refs in held.items():
            block = ctx.base.blocks[bi]
            if block.kind != "table" or any(
                    ctx.entries[r.key].written for r in refs) or all(
                    doc.blocks[r.unit.block].header == block.header for r in refs) \
                    or _ends_in_total(ctx, block):
                continue  # (the same header: held_blocks puts them on as they are)
            rows = [in_columns(ctx, block, doc, r) for r in refs]
            if all(row is not None for row in rows):  # all of them or none: they are
                # written together (held_blocks.continued), in the table or under a label
                for r, row in zip(refs, rows, strict=True):
                    ctx.entries[r.key] = replace(ctx.entries[r.key], written=row)


def _ends_in_total(ctx: MergeContext, block: Block) -> bool:
    first = cells(ctx.base.lines[block.end - 1])[0].strip("* ").lower()
    return bool(set(first.split()) & ctx.lexicon.total_labels)


def in_columns(ctx: MergeContext, block: Block, doc: Document, r: Ref) -> str | None:
    """The older row in the newest table's columns, or None when it cannot be read cell
    for cell into them."""
    rows = [cells(ln) for u in block.units for ln in u.raw if u.kind == "row"]
    raw = r.unit.raw[0]
    if not rows or "\\|" in raw or "`" in raw:
        return None  # (a pipe inside a cell or a code span is no cell bound)
    width = len(rows[0])
    mine = cells(raw)
    if len(mine) != width:
        return None  # (a column more or less: which one is not known)
    theirs = [normalise(c) for c in block.header.split(" | ")]
    ours = [normalise(c) for c in doc.blocks[r.unit.block].header.split(" | ")]
    if any(h and h in theirs and theirs.index(h) != k for k, h in enumerate(ours)):
        return None  # a column both name sits elsewhere ("Name | Phone | Role" / "Name |
        # Role | Phone"): the order was not kept
    for k, cell in enumerate(mine):
        shapes = {_shape(row[k]) for row in rows if k < len(row) and row[k]}
        if len(shapes) == 1 and (kind := next(iter(shapes))) != "text" \
                and _shape(cell) not in ("text", kind):
            return None
    return "|" + "".join(f" {c} |" if c else " |" for c in mine)
