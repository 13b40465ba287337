"""Which section of the newest note an older unit speaks of, by meaning (read by
placement, pass_lead and pass_once): a unit is compared with a section by its
best-matching text (the heading or any unit it holds, rows and steps too)."""

from __future__ import annotations

import numpy as np

from .context import MergeContext, Ref
from .other_value import in_intro

APART = frozenset({"obs", "rel", "footnote"})  # written in their own sections
UNEMBEDDED = frozenset({"obs", "rel", "footnote", "code"})  # code is not warmed ahead
WHOLE_BLOCKS = frozenset({"numbered", "table", "code", "fence"})  # never written into


def base_section_texts(ctx: MergeContext) -> dict[int, list[str]]:
    """Each base section with prose: its heading and every unit it holds, table rows
    and numbered steps too (a section's meaning is all it holds: AE g09's "## Sourcing
    by part" is its table of suppliers). The intro's heading is the note's title, which
    names the note, not what its lead says: left out. A section without prose (only a
    numbered list, a table or code) is none: nothing is written into those."""
    texts: dict[int, list[str]] = {}
    for k, sec in enumerate(ctx.base.sections):
        blocks = [ctx.base.blocks[b] for b in sec.blocks]
        if not any(u.kind not in UNEMBEDDED and b.kind not in WHOLE_BLOCKS
                   for b in blocks for u in b.units):
            continue
        texts[k] = ([sec.title] if sec.title and not sec.is_intro else []) + [
            u.text for b in blocks for u in b.units if u.kind not in UNEMBEDDED]
    return texts


def section_scores(ctx: MergeContext, refs: list[Ref]) -> tuple[np.ndarray, list[int]]:
    """Cosine of each unit with each base section: with its best-matching text (its
    heading or a unit it holds, base_section_texts), not with their mean (a mean blurs
    a section into its common words: AE g01's booking lines were nearer the mean of
    "## Aftercare" than of the section holding the steps they come before), and the
    base sections' indexes, in the matrix's column order. A unit of an older body
    section scores -1 with the newest's lead."""
    texts = base_section_texts(ctx)
    if not refs or not texts:
        return np.zeros((len(refs), 0)), []
    every = list(dict.fromkeys([r.unit.text for r in refs]
                               + [t for ts in texts.values() for t in ts]))
    m = np.asarray(ctx.vectors.matrix(every), dtype=np.float64)
    at = {t: k for k, t in enumerate(every)}
    mine = m[[at[r.unit.text] for r in refs]]
    scores = np.stack([(mine @ m[[at[t] for t in ts]].T).max(axis=1)
                       for ts in texts.values()], axis=1)
    # the newest's lead introduces the note: no home for an older body section's unit
    # (AE g01: "Bookings still come in on the fitting line" written as a second intro)
    lead = [j for j, k in enumerate(texts) if ctx.base.sections[k].is_intro]
    body = [i for i, r in enumerate(refs) if not in_intro(ctx, r)]
    if lead and body:
        scores[np.ix_(body, lead)] = -1.0
    return scores, list(texts)


def clear_homes(ctx: MergeContext, refs: list[Ref]) -> dict[str, int]:
    """For each unit whose own meaning clearly places it: the base section holding the
    unit nearest it, when that one speaks of it (Thresholds.home_cosine). Read by
    pass_lead and pass_once; where carried units are written is placement.py's."""
    scores, sections = section_scores(ctx, refs)
    if not sections:
        return {}
    out: dict[str, int] = {}
    for i, r in enumerate(refs):
        best = int(np.argmax(scores[i]))
        if scores[i, best] >= ctx.thresholds.home_cosine:
            out[r.key] = sections[best]
    return out
