"""Pass 2: each older section is aligned with at most one base section, by heading
meaning; the title/intro section with the base's. Units are only ever compared with
units of the aligned section, never with a same-looking line elsewhere."""

from __future__ import annotations

from rapidfuzz import fuzz

from ..units import normalise
from .context import MergeContext
from .document import Document


def _intro(doc: Document, k: int) -> bool:
    return doc.sections[k].level <= 1


def run(ctx: MergeContext) -> None:
    th = ctx.thresholds
    base = ctx.base
    heads = {k: normalise(s.title) for k, s in enumerate(base.sections) if not _intro(base, k)}
    for note_path, doc in ((d.path, d) for _, d in ctx.older):
        used: set[int] = set()
        pending: list[int] = []
        for k, sec in enumerate(doc.sections):
            if _intro(doc, k):
                ctx.aligned[(note_path, k)] = next(
                    (j for j in range(len(base.sections)) if _intro(base, j)
                     and base.sections[j].blocks), 1 if len(base.sections) > 1 and
                    base.sections[1].level == 1 else 0)
                continue
            title = normalise(sec.title)
            best, score = None, 0.0
            for j, h in heads.items():
                if j in used:
                    continue
                s = 100.0 if h == title else fuzz.token_set_ratio(h, title)
                if s > score:
                    best, score = j, s
            if best is not None and score >= th.heading_fuzz:
                ctx.aligned[(note_path, k)] = best
                used.add(best)
            else:
                ctx.aligned[(note_path, k)] = None
                pending.append(k)
        free = [j for j in heads if j not in used]
        if pending and free:
            sims = ctx.cosines([doc.sections[k].title for k in pending],
                               [base.sections[j].title for j in free])
            pairs = sorted(((float(sims[a, b]), a, b) for a in range(len(pending))
                            for b in range(len(free))), reverse=True)
            done_a: set[int] = set()
            done_b: set[int] = set()
            for s, a, b in pairs:
                if s < th.heading_cosine:
                    break
                if a in done_a or b in done_b:
                    continue
                ctx.aligned[(note_path, pending[a])] = free[b]
                done_a.add(a)
                done_b.add(b)
