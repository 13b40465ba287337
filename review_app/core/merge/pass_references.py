"""After the carry decision: an older unit that names an item of its note's numbered
list by number ("the trigger for decision 1", "repeat step 3") is written only when
the newest note's list has that item under that number. Where the newest renumbered
it, or no longer lists it, the unit as written would point at another item: it is
held back (a carry-over candidate the person may carry and edit), its reason naming
the item and the newest's number for it. The words are never rewritten by the engine:
the ledger accounts for every unit as its note has it."""

from __future__ import annotations

import re
from dataclasses import replace

from .context import MergeContext
from .document import Block, Document
from .list_items import MARKER, item_nouns, singular
from .pass_carry import HELD

_REFERENCE = re.compile(r"\b([A-Za-z]+)\s+(?:no\.\s*|#)?(\d+)\b")


def _numbers(block: Block) -> dict[int, tuple[str, str]]:
    """Item number -> (its normalised text, its text), as the list numbers it."""
    out: dict[int, tuple[str, str]] = {}
    for u in block.units:
        if m := MARKER.match(u.raw[0] if u.raw else ""):
            out.setdefault(int(m.group(1)), (u.norm, u.text))
    return out


def _lists(ctx: MergeContext, doc: Document
           ) -> list[tuple[int, set[str], dict[int, tuple[str, str]]]]:
    """The note's numbered lists: (section, the nouns that name an item, numbers)."""
    return [(b.section, item_nouns(ctx, doc, b.section), _numbers(b))
            for b in doc.blocks if b.kind == "numbered"]


def run(ctx: MergeContext) -> None:
    if not any(b.kind == "numbered" for b in ctx.base.blocks):
        return
    base_lists = _lists(ctx, ctx.base)
    for _, doc in ctx.older:
        mine = _lists(ctx, doc)
        if not mine:
            continue
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if e.status != "carried" or e.chosen:
                continue
            for noun, number in _REFERENCE.findall(r.unit.text):
                noun, n = singular(noun), int(number)
                named = [(k, items) for k, nouns, items in mine if noun in nouns and n in items]
                if not named:
                    continue
                k, items = named[0]
                aligned = ctx.aligned.get((doc.path, k))
                theirs = [items_b for j, _, items_b in base_lists if j == aligned] or \
                    [items_b for _, nouns_b, items_b in base_lists if noun in nouns_b]
                same, said = items[n]
                if not theirs or theirs[0].get(n, ("", ""))[0] == same:
                    continue
                now = [m for m, (t, _) in theirs[0].items() if t == same]
                where = f"the newest numbers it {now[0]}" if now else \
                    "the newest's list no longer has it"
                ctx.entries[r.key] = replace(
                    e, status="dropped", flips=("carry", "drop"), held=True,
                    why=f"{HELD} (it names {noun} {n}, '{said}'; {where})")
                break

