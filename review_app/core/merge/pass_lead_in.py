"""Pass (after pass_leaning): a carried sentence that announces the blocks after it in
its section is never written without them. It announces them when it ends its
paragraph and either ends in ":" ("Three things changed:", the block right after), is a
bold label alone ("**Machines**" over a list: a heading by another name), or counts
them: the one number it gives is how many blocks follow it in its section, or how many
items the list right after it holds ("There are three ways to use the studio." before
three paragraphs, one per way). When the newest states or replaced any of those, what it
announces is the newest's now, written in the newest's places: the sentence would be
written with nothing (or part of it) after it to introduce (AG g02: "There are three
ways to use the studio." left as the last line of "## Eligibility" once the newest's
rates replaced two of the three ways): it is held back, dropped with the reason, a row
the person can flip. A label is held back too when nothing of its block is carried
(merge-FG's closing checklist wrote "**Machines**" and "**Office and building**" with
nothing under them), and a sentence ending in ":" is dropped then (the one rule for
lead-ins: pass_blocks kept a second until round 51, which ran before the passes that
settle the block). A person's own choice is never overridden."""

from __future__ import annotations

import re

from .context import MergeContext
from .document import Document
from .facts import as_count
from .older_only import set_status

_WORD = re.compile(r"[^\W\d_]+|\d+")
_LABEL = re.compile(r"(\*\*|__)[^*_\n]+\1:?")


def run(ctx: MergeContext) -> None:
    words = dict(ctx.lexicon.number_words)
    for _, doc in ctx.older:
        units = {(r.unit.block, r.unit.start): r for r in ctx.refs[doc.path]}
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind != "sentence" or e.status != "carried" or e.chosen:
                continue
            block = doc.blocks[r.unit.block]
            if block.units[-1].start != r.unit.start:
                continue  # it does not end its paragraph: what follows is its own text
            after = _announced(doc, r.unit.block, r.unit.text, words)
            if not after:
                continue
            told = [units.get((b, u.start)) for b in after for u in doc.blocks[b].units]
            states = [ctx.entries[t.key].status for t in told if t is not None]
            label = _LABEL.fullmatch(r.unit.text.strip()) is not None
            if any(s in ("present", "superseded") for s in states):
                ctx.entries[r.key] = set_status(
                    e, "dropped", flips=("carry", "drop"), held=True,
                    why="it introduces what follows it in its note, which the newest says "
                        "in its own words: written alone it would introduce nothing")
            elif "carried" not in states and (label or r.unit.text.rstrip().endswith(":")):
                ctx.entries[r.key] = set_status(
                    e, "dropped", flips=("carry", "drop"), held=label,
                    why="a lead-in to a block that is not carried")


def _announced(doc: Document, bi: int, text: str, words: dict[str, int]) -> list[int]:
    """The blocks after block `bi` in its section the sentence `text` (ending it)
    announces: the next block when it ends in ":" or that block is a list of as many
    items as its one number; all of them when that number is their count; else none."""
    sec = doc.sections[doc.blocks[bi].section]
    after = [b for b in sec.blocks if b > bi]
    if not after:
        return []
    if text.rstrip().endswith(":") or _LABEL.fullmatch(text.strip()):
        return after[:1]  # a colon or a label introduces what comes right after it
    numbers = [as_count(w) if w.isdecimal() else words[w]
               for w in _WORD.findall(text.lower()) if w.isdecimal() or w in words]
    if len(numbers) != 1 or numbers[0] is None:
        return []
    n = numbers[0]
    if n == len(after) and n > 1:
        return after
    nxt = doc.blocks[after[0]]
    if nxt.kind in ("list", "numbered", "checklist") and len(nxt.units) == n > 1:
        return after[:1]
    return []
