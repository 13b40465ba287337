"""Older drafts' open questions (issue 18, item 4): an older unit the verdicts would
carry that asks or leaves a thing to do states no fact, so it is reported dropped with
a flip instead of written into the note whose newest version settled it (the reading of
a question itself: questions.py)."""

from __future__ import annotations

from .context import MergeContext
from .ledger import OPEN_QUESTION
from .pass_units import entry_for
from .questions import open_question

_FLIP_CARRY = ("carry", "drop")


def drop_open_questions(ctx: MergeContext) -> None:
    """An older unit the verdicts would carry that asks or leaves a thing to do
    (questions.py) states no fact: dropped, the person may carry it. One whose facts
    the newest states keeps its verdict (present), whatever its section is called. An
    item of a list led in by a line saying questions follow ("**Open questions:**")
    is one too. A question answered by the next sentence of its paragraph is not."""
    for _note, doc in ctx.older:
        refs = ctx.refs[doc.path]
        first: dict[int, int] = {}  # block -> index of its first unit
        for k, r in enumerate(refs):
            first.setdefault(r.unit.block, k)
        for k, r in enumerate(refs):
            e = ctx.entries[r.key]
            if e.status != "carried":
                continue
            nxt = refs[k + 1] if k + 1 < len(refs) else None
            then = nxt.unit.text if nxt is not None and nxt.unit.block == r.unit.block \
                and nxt.unit.kind == r.unit.kind == "sentence" else None
            at = first[r.unit.block]
            lead = refs[at - 1] if r.unit.kind == "item" and at else None
            led = lead is not None and lead.section == r.section and \
                lead.unit.kind == "sentence" and lead.unit.text.rstrip("*_ ").endswith(
                    ":") and open_question(lead.unit.text, "", "sentence", None, ctx.lexicon)
            if led or open_question(r.unit.text, r.section_title, r.unit.kind, r.unit.box,
                                    ctx.lexicon, then):
                ctx.entries[r.key] = entry_for(r, "dropped", flips=_FLIP_CARRY,
                                               why=OPEN_QUESTION)
