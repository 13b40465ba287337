"""Pass 2: each older section is aligned with at most one base section, by heading
meaning; the title/intro section with the base's. Units are only ever compared with
units of the aligned section, never with a same-looking line elsewhere. A heading
is a weak witness ("Tiers" / "Terms" look alike, "Tiers" / "Plans and prices" do
not): where most of an older section's units have a near copy (the same table row
key, the same item once values are masked) in one base section and few in the one
its heading chose, its content decides."""

from __future__ import annotations

from rapidfuzz import fuzz

from ..units import normalise
from .context import MergeContext
from .document import Document
from .facts import masked


def _intro(doc: Document, k: int) -> bool:
    return doc.sections[k].level <= 1


def _content_scores(ctx: MergeContext, doc: Document, k: int) -> dict[int, float]:
    """Share of the older section's units with a near copy in each base section."""
    units = [u for b in doc.sections[k].blocks for u in doc.blocks[b].units
             if u.kind not in ("obs", "rel")]
    if len(units) < 2:
        return {}
    hits: dict[int, int] = {}
    for u in units:
        mu = normalise(masked(u.text))
        key = normalise(u.text.split(" | ")[0]) if u.kind == "row" else None
        found: set[int] = set()
        for j, bsec in enumerate(ctx.base.sections):
            for bi in bsec.blocks:
                for b in ctx.base.blocks[bi].units:
                    if b.kind in ("obs", "rel") or j in found:
                        continue
                    if (key is not None and b.kind == "row"
                            and normalise(b.text.split(" | ")[0]) == key) or \
                            fuzz.token_sort_ratio(mu, normalise(masked(b.text))) \
                            >= ctx.thresholds.section_content_fuzz:
                        found.add(j)
        for j in found:
            hits[j] = hits.get(j, 0) + 1
    return {j: n / len(units) for j, n in hits.items() if n >= 2}


def _by_content(ctx: MergeContext) -> None:
    for _, doc in ctx.older:
        for k in range(len(doc.sections)):
            if _intro(doc, k) or not doc.sections[k].title:
                continue
            scores = _content_scores(ctx, doc, k)
            if not scores:
                continue
            best = max(scores, key=lambda j: scores[j])
            now = ctx.aligned.get((doc.path, k))
            if best != now and scores[best] >= 0.5 and not _intro(ctx.base, best) and (
                    now is None or scores.get(now, 0.0) < 0.25):
                ctx.aligned[(doc.path, k)] = best
                ctx.loose.add((doc.path, k))


def run(ctx: MergeContext) -> None:
    _by_heading(ctx)
    _by_content(ctx)


def _by_heading(ctx: MergeContext) -> None:
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
