"""Which section of the newest note an older unit or section speaks of, by meaning:
the judgements pass_render places carried units by (and pass_lead reads), apart from
the writing of lines. A unit is compared with a section by its best-matching text
(the heading or any unit it holds, rows and steps too); an older section as a whole
with a newest one by the mean of what remains of it (its lines the newest did not
state or replace) against the mean of that section's texts."""

from __future__ import annotations

import numpy as np

from ..units import normalise
from .context import MergeContext, Ref
from .other_value import in_intro
from .pass_units import decisions_heading

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


def _mean_rows(m: np.ndarray) -> np.ndarray:
    v = m.mean(axis=0)
    return v / (np.linalg.norm(v) or 1.0)


def older_section_homes(ctx: MergeContext, refs: list[Ref]
                         ) -> dict[tuple[str, int], tuple[int, bool, float]]:
    """For each older section (of `refs`, carried units of sections with no heading
    counterpart) the newest's section its vector (its heading and what remains of it:
    every unit its author grouped there but those the newest states or replaced) is
    nearest, the intro aside (the
    newest's lead is no section's new home), whether at least
    Thresholds.section_counterpart_cosine close, and the cosine: then it is that section's older
    version, and what is carried from it is written there (issue 18: "## Dietary and
    medical" re-created beside "## Catering" reads as two notes pasted together). A
    heading that decides what its units mean ("Out of scope") keeps its own."""
    wanted = sorted({(r.path, r.section) for r in refs})
    texts = {k: ts for k, ts in base_section_texts(ctx).items()
             if not ctx.base.sections[k].is_intro}
    if not wanted or not texts:
        return {}
    # what remains of each older section: its heading and its units the newest does not
    # state or replace (AE g01: a "## Booking" whose fee and mileage lines the newest's
    # "## Charges" replaced is no older Charges for its booking sentences); the sections
    # of one heading in several older notes are one section's versions, read together
    remains: dict[str, list[str]] = {}
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if r.unit.kind in UNEMBEDDED or e is None or e.status in ("superseded", "present"):
                continue
            sec = doc.sections[r.section]
            if not sec.is_intro and sec.title:
                remains.setdefault(normalise(sec.title), []).append(r.unit.text)
    own: dict[tuple[str, int], list[str]] = {}
    for path, k in wanted:
        doc = next(d for _, d in ctx.older if d.path == path)
        sec = doc.sections[k]
        if sec.is_intro or decisions_heading(sec.title, ctx):
            continue
        own[(path, k)] = list(dict.fromkeys([sec.title, *remains.get(normalise(sec.title), [])]))
    if not own:
        return {}
    every = list(dict.fromkeys([t for ts in [*own.values(), *texts.values()] for t in ts]))
    m = np.asarray(ctx.vectors.matrix(every), dtype=np.float64)
    at = {t: k for k, t in enumerate(every)}
    cols = np.stack([_mean_rows(m[[at[t] for t in ts]]) for ts in texts.values()])
    keys = list(texts)
    out: dict[tuple[str, int], tuple[int, bool, float]] = {}
    for where, ts in own.items():
        row = cols @ _mean_rows(m[[at[t] for t in ts]])
        best = int(np.argmax(row))
        out[where] = (keys[best], float(row[best]) >= ctx.thresholds.section_counterpart_cosine,
                      float(row[best]))
    return out


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


def run_homes(ctx: MergeContext, refs: list[Ref], target: dict[str, int]) -> None:
    """Carried sentences of one older paragraph (or items of one list) say one thing:
    placed by meaning one by one, they may land in several sections (AG g06: the
    breakdown paragraph's recovery line under "## Lift notes", its hazard-lights line
    under "## When a check fails"). Such a run gets one home, in `target`: the section
    its meaning as a whole (the mean of its units' vectors, scored as section_scores
    scores a unit) is nearest, unless that is below Thresholds.section_home_cosine.
    A unit whose own meaning clearly places it elsewhere (clear_homes) keeps its own."""
    runs: dict[tuple[str, int], list[Ref]] = {}
    for r in refs:
        if r.key in target:
            runs.setdefault((r.path, r.unit.block), []).append(r)
    split = [rs for rs in runs.values() if len({target[r.key] for r in rs}) > 1]
    texts = base_section_texts(ctx)
    if not split or not texts:
        return
    every = list(dict.fromkeys([r.unit.text for rs in split for r in rs]
                               + [t for ts in texts.values() for t in ts]))
    m = np.asarray(ctx.vectors.matrix(every), dtype=np.float64)
    at = {t: k for k, t in enumerate(every)}
    keys = list(texts)
    for rs in split:
        clear = clear_homes(ctx, rs)
        mean = _mean_rows(m[[at[r.unit.text] for r in rs]])
        row = np.array([float((m[[at[t] for t in texts[k]]] @ mean).max()) for k in keys])
        if not any(in_intro(ctx, r) for r in rs):  # the lead is no body section's home
            row[[ctx.base.sections[k].is_intro for k in keys]] = -1.0
        best = int(np.argmax(row))
        if row[best] < ctx.thresholds.section_home_cosine:
            continue
        for r in rs:
            if r.key not in clear or clear[r.key] == keys[best]:
                target[r.key] = keys[best]


def clear_homes(ctx: MergeContext, refs: list[Ref]) -> dict[str, int]:
    """For each unit whose own meaning clearly places it: the base section holding the
    unit nearest it, when that one speaks of it (Thresholds.home_cosine, as `near`
    reads). A witness that homes a whole older section elsewhere (pass_homes,
    older_section_homes) does not overrule it: the section decides for the units its
    words leave open, not for one a section of the newest speaks of."""
    scores, sections = section_scores(ctx, refs)
    if not sections:
        return {}
    out: dict[str, int] = {}
    for i, r in enumerate(refs):
        best = int(np.argmax(scores[i]))
        if scores[i, best] >= ctx.thresholds.home_cosine:
            out[r.key] = sections[best]
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

