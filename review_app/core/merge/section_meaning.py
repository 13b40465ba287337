"""Which section of the newest note an older unit or section speaks of, by meaning:
the judgements pass_render places carried units by (and pass_lead reads), apart from
the writing of lines. A section's vector is the mean of its heading's and its prose
units' vectors, normalised."""

from __future__ import annotations

import numpy as np

from .context import MergeContext, Ref
from .pass_units import decisions_heading

APART = frozenset({"obs", "rel", "footnote"})  # written in their own sections
UNEMBEDDED = frozenset({"obs", "rel", "footnote", "code"})  # code is not warmed ahead
WHOLE_BLOCKS = frozenset({"numbered", "table", "code", "fence"})  # never written into


def base_section_texts(ctx: MergeContext) -> dict[int, list[str]]:
    """Each base section with prose: its heading and prose units' texts. A section
    without prose (only a numbered list, a table or code) is none: nothing is written
    into those."""
    texts: dict[int, list[str]] = {}
    for k, sec in enumerate(ctx.base.sections):
        prose = [u.text for b in sec.blocks for u in ctx.base.blocks[b].units
                 if u.kind not in UNEMBEDDED and ctx.base.blocks[b].kind not in WHOLE_BLOCKS]
        if prose:
            texts[k] = ([sec.title] if sec.title else []) + prose
    return texts


def _mean_rows(m: np.ndarray) -> np.ndarray:
    v = m.mean(axis=0)
    return v / (np.linalg.norm(v) or 1.0)


def older_section_homes(ctx: MergeContext, refs: list[Ref]
                         ) -> dict[tuple[str, int], tuple[int, bool]]:
    """For each older section (of `refs`, carried units of sections with no heading
    counterpart) the newest's section its vector (its heading and every unit it holds,
    carried or not: what its author grouped there) is nearest, the intro aside (the
    newest's lead is no section's new home), and whether at least
    Thresholds.section_counterpart_cosine close: then it is that section's older
    version, and what is carried from it is written there (issue 18: "## Dietary and
    medical" re-created beside "## Catering" reads as two notes pasted together). A
    heading that decides what its units mean ("Out of scope") keeps its own."""
    wanted = sorted({(r.path, r.section) for r in refs})
    texts = {k: ts for k, ts in base_section_texts(ctx).items()
             if not ctx.base.sections[k].is_intro}
    if not wanted or not texts:
        return {}
    own: dict[tuple[str, int], list[str]] = {}
    for path, k in wanted:
        doc = next(d for _, d in ctx.older if d.path == path)
        sec = doc.sections[k]
        if sec.is_intro or decisions_heading(sec.title, ctx):
            continue
        own[(path, k)] = [sec.title] + [u.text for b in sec.blocks for u in doc.blocks[b].units
                                        if u.kind not in UNEMBEDDED]
    if not own:
        return {}
    every = list(dict.fromkeys([t for ts in [*own.values(), *texts.values()] for t in ts]))
    m = np.asarray(ctx.vectors.matrix(every), dtype=np.float64)
    at = {t: k for k, t in enumerate(every)}
    cols = np.stack([_mean_rows(m[[at[t] for t in ts]]) for ts in texts.values()])
    keys = list(texts)
    out: dict[tuple[str, int], tuple[int, bool]] = {}
    for where, ts in own.items():
        row = cols @ _mean_rows(m[[at[t] for t in ts]])
        best = int(np.argmax(row))
        out[where] = (keys[best], float(row[best]) >= ctx.thresholds.section_counterpart_cosine)
    return out


def section_scores(ctx: MergeContext, refs: list[Ref]) -> tuple[np.ndarray, list[int]]:
    """Cosine of each unit with each base section's vector (the mean of its heading's
    and its prose units' vectors, normalised: what the section speaks of), and the
    base sections' indexes, in the matrix's column order (base_section_texts)."""
    texts = base_section_texts(ctx)
    if not refs or not texts:
        return np.zeros((len(refs), 0)), []
    every = list(dict.fromkeys([r.unit.text for r in refs]
                               + [t for ts in texts.values() for t in ts]))
    m = np.asarray(ctx.vectors.matrix(every), dtype=np.float64)
    at = {t: k for k, t in enumerate(every)}
    cols = np.stack([_mean_rows(m[[at[t] for t in ts]]) for ts in texts.values()])
    return m[[at[r.unit.text] for r in refs]] @ cols.T, list(texts)


def homes_by_meaning(ctx: MergeContext, refs: list[Ref]
                      ) -> dict[str, tuple[int | None, bool]]:
    """For each carried sentence or item: the base section whose heading and text it
    is nearest in meaning, when at least Thresholds.section_home_cosine close (else
    None), and whether its own aligned section is that close."""
    scores, sections = section_scores(ctx, refs)
    if not sections:
        return {}
    bar = ctx.thresholds.section_home_cosine
    out: dict[str, tuple[int | None, bool]] = {}
    for i, r in enumerate(refs):
        best = int(np.argmax(scores[i]))
        aligned = ctx.aligned.get((r.path, r.section))
        own = sections.index(aligned) if aligned in sections else None
        out[r.key] = (sections[best] if scores[i, best] >= bar else None,
                      own is not None and scores[i, own] >= bar)
    return out


def near(ctx: MergeContext, r: Ref) -> bool:
    """Some base unit speaks of what the older unit does (a home for it). A code block
    is not compared by meaning: it keeps its heading."""
    if r.unit.kind == "code":
        return False
    base = [b.unit.text for b in ctx.base_refs() if b.unit.kind not in UNEMBEDDED]
    sims = ctx.cosines([r.unit.text], base)
    return sims is not None and float(np.max(sims)) >= ctx.thresholds.home_cosine


def has_counterpart(ctx: MergeContext, path: str, k: int) -> bool:
    """At least half of the older section's prose has a base unit near in meaning
    (Thresholds.counterpart_cosine): the newest speaks of it under another heading, so
    what is carried from it goes there, not under the old heading. A heading that
    decides what its units mean ("Not doing (yet)", "Out of scope") is never left off."""
    doc = next(d for _, d in ctx.older if d.path == path)
    if decisions_heading(doc.sections[k].title, ctx):
        return False
    mine = [u.text for b in doc.sections[k].blocks for u in doc.blocks[b].units
            if u.kind not in APART and u.kind != "code"]  # code embeds poorly as prose
    base = [b.unit.text for b in ctx.base_refs() if b.unit.kind not in UNEMBEDDED]
    if not mine or not base:
        return False
    best = np.asarray(ctx.cosines(mine, base), dtype=np.float64).max(axis=1)
    return float((best >= ctx.thresholds.counterpart_cosine).mean()) >= 0.5

