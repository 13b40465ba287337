"""Pass (after the person's choices): a carried older sentence that holds a still-true
fact and, in a clause of its own, speaks of something the newest says is gone ("Tests
are done at the Carver Street clinic (14 Carver Street, phone 0114 496 0877); book
through Callum, and the studio pays." where the newest says "Callum left in May") is
written without that clause (issue 18 item 4: carry what is still true, not what is
stale). Carried whole it brings the gone person back; dropped whole it loses the
address and phone.

The cut is at clause bounds only (";", ", and", ", but"; parentheses stay with what
they follow), never the sentence's first clause (its subject), so what is written
still reads as a sentence. The ledger entry keeps the whole sentence as its text,
`written` the trimmed one, and `why` the cut part and the newest's unit that made it
stale; the person's "carry" restores the whole sentence, "drop" drops it (a chosen
entry is never trimmed).
"""

from __future__ import annotations

import re
from dataclasses import replace

from .context import MergeContext
from .ended import Ended, ended
from .pass_units import as_written

# Where a sentence's clauses meet: a semicolon, or a comma before "and"/"but".
_BOUND = re.compile(r";\s+|,\s+(?:and|but)\s+")
_WORD = re.compile(r"[A-Za-z][\w'-]*")


def clause_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each clause of `text`, cut at _BOUND outside parentheses."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _BOUND.finditer(text):
        if text[:m.start()].count("(") != text[:m.start()].count(")"):
            continue  # inside "(14 Carver Street, phone ...)"
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return spans


def _speaks_of(clause: str, end: Ended) -> bool:
    """The clause names the thing gone by every name token of it ("Callum")."""
    words = set(_WORD.findall(clause))
    return bool(end.names) and end.names <= words


def trimmed(text: str, ends: list[Ended]) -> tuple[str, str] | None:
    """(the sentence without its clauses speaking of a thing gone, the cut part), or
    None when no clause but the first does, or the first does itself."""
    spans = clause_spans(text)
    if len(spans) < 2:
        return None
    stale = [any(_speaks_of(text[a:b], e) for e in ends) for a, b in spans]
    if stale[0] or not any(stale):
        return None
    kept = [k for k, s in enumerate(stale) if not s]
    out = text[spans[0][0]:spans[0][1]]
    for prev, k in zip(kept, kept[1:], strict=False):
        # the bound the sentence wrote after the clause before it (";", ", and")
        out += text[spans[prev][1]:spans[prev + 1][0]] + text[spans[k][0]:spans[k][1]]
    end = text.rstrip()[-1:]
    out = out.rstrip(" ,;.") + (end if end in (".", "!", "?") else ".")
    cut = "; ".join(text[a:b].strip(" ,;.") for (a, b), s in zip(spans, stale, strict=True)
                    if s)
    return out, cut


def run(ctx: MergeContext) -> None:
    gone = [(b, e) for b in ctx.base_refs() for e in ended(b.unit.text, ctx.lexicon)
            if e.kind == "gone" and e.names]
    if not gone:
        return
    ends = [end for _, end in gone]
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind != "sentence" or e.status != "carried" or e.chosen:
                continue
            cut = trimmed(r.unit.text, ends)
            # what is left must still hold a still-true value (a number: an address, a phone)
            if cut is None or not re.search(r"\d", cut[0]):
                continue
            by, end = next((b, end) for b, end in gone if _speaks_of(cut[1], end))
            ctx.entries[r.key] = replace(
                e, written=cut[0],
                why=f"{e.why}; written without '{cut[1]}': the newest says {end.said} is "
                    f"gone ({as_written(by).strip()[:100]})")
