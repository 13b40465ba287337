"""Where carried units and carried sections are written: one rule by meaning.

Readers of merged notes named misplaced lines in 5 of 13 groups per set (issue 18):
position heuristics (a witness section, a share of answered units, a minimum count
before a heading is re-created, clear-home exceptions) put a supplier line under
"## Method and weather" and a "## Grain supply" section inside a numbered procedure.
The rule here replaces them:

- A run of carried units (the carried units of one older paragraph or list: it says
  one thing, read whole, its lines the newest states or replaced included) goes to
  the base section its heading aligned with when a heading both notes give is a
  witness; else to the base section whose content (its heading and
  every unit it holds, steps and rows too) is nearest the run in meaning,
  when that section has prose to write it into, is at least Thresholds.place_cosine
  close and is nearer than any other by Thresholds.place_margin (a line as near
  several sections speaks of the note's subject, not of one of them: a care line is
  no line of "## For newcomers" for sharing its bell pads); else under its own older
  heading (the intro's units: in the newest's intro, whose heading is the note's
  title; a heading that decides what its units mean, "Out of scope", is always
  kept). Within that section it goes after its nearest unit (pass_render._anchors).
- A carried section the newest has no counterpart for goes after the base section
  nearest it in meaning, never between two sections that continue one numbered list
  (a section whose list starts past 1 continues the one before it).
"""

from __future__ import annotations

import re

import numpy as np

from .context import MergeContext, Ref
from .lexicon import phrase_cues
from .other_value import in_intro
from .pass_units import decisions_heading
from .section_meaning import UNEMBEDDED, base_section_texts

_STEP = re.compile(r"^\s*(\d{1,9})[.)]\s+")


def _unit(v: np.ndarray) -> np.ndarray:
    return v / (np.linalg.norm(v) or 1.0)


def unit_homes(ctx: MergeContext, refs: list[Ref]) -> dict[str, int | None]:
    """For each carried sentence or list item: the base section it is written in, or
    None: under its own older heading."""
    runs: dict[tuple[str, int], list[Ref]] = {}
    for r in refs:
        runs.setdefault((r.path, r.unit.block), []).append(r)
    # a run means what its whole older paragraph or list says, the lines the newest
    # states or replaced included (an address beside a key-safe line the newest keeps
    # under "## Where things are" is about where things are)
    said = {(r.path, r.unit.block): [u.text for u in ctx.older_doc(
        r.path).blocks[r.unit.block].units
        if u.kind not in UNEMBEDDED] or [r.unit.text] for r in refs}
    texts = _contents(ctx)
    keys = list(texts)
    prose = set(base_section_texts(ctx))  # a numbered list, a table, code: never written into
    every = list(dict.fromkeys([t for ts in said.values() for t in ts]
                               + [t for ts in texts.values() for t in ts]))
    m = np.asarray(ctx.vectors.matrix(every), dtype=np.float64) if every else None
    at = {t: k for k, t in enumerate(every)}
    out: dict[str, int | None] = {}
    th = ctx.thresholds
    whole = _carried_whole(ctx, refs)
    for rs in runs.values():
        first = rs[0]
        aligned = ctx.aligned.get((first.path, first.section))
        lead = in_intro(ctx, first)
        if aligned is not None and not lead and (first.path, first.section) not in ctx.loose:
            home: int | None = aligned  # a heading both notes give is a witness
        else:
            home = aligned if lead else None  # the intro's own heading is the title
            # a heading that decides what its units mean ("Out of scope") is kept
            own = decisions_heading(first.section_title, ctx)
            near: dict[int, float] = {}  # body section -> how near the run is to it
            if keys and m is not None and not own:
                mean = _unit(m[[at[t] for t in said[(first.path, first.unit.block)]]]
                             .mean(axis=0))
                row = np.array([float((m[[at[t] for t in texts[k]]] @ mean).max())
                                for k in keys])
                # nearer one section than the rest of the note, its intro included; the
                # newest's lead is no body section's home
                near = {k: float(row[j]) for j, k in enumerate(keys)
                        if not ctx.base.sections[k].is_intro}
                order = np.argsort(-row, kind="stable")
                best = float(row[order[0]])
                second = float(row[order[1]]) if len(order) > 1 else 0.0
                k = keys[int(order[0])]
                # a section the newest left out altogether was headed on its own by its
                # author: it joins a newest section only where clearly that one's
                margin = th.place_margin_whole if (first.path, first.section) in whole \
                    else th.place_margin
                if best >= th.place_cosine and best - max(second, 0.0) >= margin \
                        and k in prose and (lead or not ctx.base.sections[k].is_intro):
                    home = k
            if home is None and near and not lead:
                home = _siblings_home(ctx, first, prose, near)
            if home is None and aligned is None and not lead and not own \
                    and (first.path, first.section) not in whole:
                home = _heading_home(ctx, first, prose, near)
        for r in rs:
            out[r.key] = home
    return out


def _siblings_home(ctx: MergeContext, r: Ref, prose: set[int], near: dict[int, float]
                   ) -> int | None:
    """The base section holding what became of most of `r`'s older section: the
    newest units that state or replaced more than half of its units (two at least),
    all in that one section with prose. What is left of the section is written there,
    not under its old heading beside it: "Fees are paid by direct debit through
    SwimDesk" had kept "## Fees" beside the newest's "## What it costs", which
    replaced the other three lines of that section. Its author put it in that section,
    so it goes where that section went, unless another body section is nearer it in
    meaning by Thresholds.place_margin (`near`: "Doors open at 19:00" is no line of
    "## What it costs" beside a "## Venue" saying when doors open)."""
    doc = ctx.older_doc(r.path)
    units = [(b, u) for b in doc.sections[r.section].blocks
             for u in doc.blocks[b].units if u.kind not in ("obs", "rel")]
    where = {b.key: b.section for b in ctx.base_refs() if b.unit.kind not in ("obs", "rel")}
    homes = []
    for x in ctx.refs[r.path]:
        e = ctx.entries[x.key]
        if x.section == r.section and x.unit.kind not in ("obs", "rel") \
                and e.status in ("present", "superseded") and e.by in where:
            homes.append(where[e.by])
    if len(homes) < 2 or 2 * len(homes) <= len(units) or len(set(homes)) != 1:
        return None
    k = homes[0]
    if k not in prose or ctx.base.sections[k].is_intro or k not in near:
        return None
    return k if max(near.values()) - near[k] < ctx.thresholds.place_margin else None


def _heading_home(ctx: MergeContext, r: Ref, prose: set[int], near: dict[int, float]
                  ) -> int | None:
    """The base section whose heading `r`'s older heading clearly names, one the
    heading pass left below its bar (Thresholds.heading_home_cosine, nearer than any
    other by heading_home_margin) and not aligned with another section of `r`'s note:
    a line left of an older "## Prices" table belongs under the newest's "## Fees",
    not under a second price heading beside it. The run's content must agree (no
    other body section nearer it: `near`), and a heading naming what is gone
    ("Cancelled classes", Lexicon.gone_cues) names no current section. A section
    most of whose units are carried keeps its author's heading (`_carried_whole`),
    and this is not asked for it."""
    title = ctx.older_doc(r.path).sections[r.section].title
    taken = {b for (path, _), b in ctx.aligned.items() if path == r.path and b is not None}
    keys = [k for k, sec in enumerate(ctx.base.sections)
            if sec.title and not sec.is_intro and not ctx.base.structured_only(k)]
    if not title or not keys or phrase_cues(title, ctx.lexicon.gone_cues):
        return None
    row = ctx.cosines([title], [ctx.base.sections[k].title for k in keys])[0]
    order = np.argsort(-row, kind="stable")
    best = float(row[order[0]])
    second = float(row[order[1]]) if len(order) > 1 else 0.0
    k = keys[int(order[0])]
    th = ctx.thresholds
    if best < th.heading_home_cosine or best - max(second, 0.0) < th.heading_home_margin \
            or k in taken or k not in prose or (near and max(near.values()) > near.get(k, -1.0)):
        return None
    return k


def _carried_whole(ctx: MergeContext, refs: list[Ref]) -> set[tuple[str, int]]:
    """Older sections most units of which are carried (two at least): the newest states
    or replaces at most a minority of them. Such a section joins a newest section only
    by a wider margin (Thresholds.place_margin_whole), else keeps its own heading (a
    "## Rules" paragraph is no line of "## Roles" for naming the same people; three
    hire rules are no steps of "## Booking" because the newest gave the fourth, on
    cancelling, another value there)."""
    carried: dict[tuple[str, int], set[tuple[int, int, str]]] = {}
    for r in refs:
        carried.setdefault((r.path, r.section), set()).add(
            (r.unit.block, r.unit.start, r.unit.text))
    out: set[tuple[str, int]] = set()
    for (path, k), got in carried.items():
        doc = ctx.older_doc(path)
        units = [u for b in doc.sections[k].blocks for u in doc.blocks[b].units
                 if u.kind not in UNEMBEDDED]
        kept = sum((u.block, u.start, u.text) in got for u in units)
        if units and (kept == len(units) or (kept >= 2 and 2 * kept > len(units))):
            out.add((path, k))
    return out


def _contents(ctx: MergeContext) -> dict[int, list[str]]:
    """Each base section's content: its heading (not the intro's: the note's title)
    and every unit it holds, steps and rows too."""
    out: dict[int, list[str]] = {}
    for k, sec in enumerate(ctx.base.sections):
        head = [sec.title] if sec.title and not sec.is_intro else []
        units = [u.text for b in sec.blocks for u in ctx.base.blocks[b].units
                 if u.kind not in UNEMBEDDED]
        if head or units:
            out[k] = head + units
    return out


def _opens_continued_list(ctx: MergeContext, k: int) -> bool:
    """Section `k` opens with a numbered list starting past 1: it continues the list
    of the section before it, and nothing is written between the two."""
    sec = ctx.base.sections[k]
    if not sec.blocks:
        return False
    block = ctx.base.blocks[sec.blocks[0]]
    if block.kind != "numbered" or not block.units or not block.units[0].raw:
        return False
    m = _STEP.match(block.units[0].raw[0])
    return m is not None and int(m.group(1)) > 1


def _older_neighbours(ctx: MergeContext, r: Ref) -> tuple[int | None, int | None]:
    """The base sections aligned with the nearest older sections before and after the
    one `r` is in (its author's order), skipping the intro, loosely aligned sections
    and observation or relation sections."""
    doc = ctx.older_doc(r.path)
    secs = ctx.base.sections

    def aligned(j: int) -> int | None:
        b = ctx.aligned.get((r.path, j))
        if b is None or (r.path, j) in ctx.loose or doc.sections[j].is_intro \
                or secs[b].is_intro or not secs[b].title or ctx.base.structured_only(b):
            return None
        return b

    after = next((b for j in range(r.section - 1, -1, -1)
                  if (b := aligned(j)) is not None), None)
    before = next((b for j in range(r.section + 1, len(doc.sections))
                   if (b := aligned(j)) is not None), None)
    return after, before


def section_spot(ctx: MergeContext, refs: list[Ref], new_at: int, level: int = 2) -> int:
    """The base line a carried section is written before: where its author had it,
    after the base section aligned with the nearest older section before it (else
    before the one aligned with the nearest after it; a blind paired read of 20 dev
    notes preferred that to nearest in meaning 12 to 7); failing both, after the base
    section nearest it in meaning (its units' mean against each section's heading and
    units, best match). Past any section continuing that one's numbered list, before
    the next heading of its level or above (`level`: the carried heading's); after
    the first section when the nearest is the intro (the newest's intro and first
    section lead the note); always before the observations and relations (`new_at`)."""
    texts = [r.unit.text for r in refs if r.unit.kind not in UNEMBEDDED]
    secs = ctx.base.sections
    content = _contents(ctx)
    if not texts or not content:
        return new_at
    first = next((k for k in range(len(secs)) if secs[k].title and not secs[k].is_intro),
                 None)
    after, before = _older_neighbours(ctx, refs[0])
    if after is not None:
        return _past(ctx, after, min(secs[after].level, level), new_at)
    if before is not None and before == first:  # the newest's first section leads
        return _past(ctx, before, min(secs[before].level, level), new_at)
    if before is not None and not _opens_continued_list(ctx, before):
        return min(secs[before].start, new_at)
    every = list(dict.fromkeys(texts + [t for ts in content.values() for t in ts]))
    m = np.asarray(ctx.vectors.matrix(every), dtype=np.float64)
    at = {t: k for k, t in enumerate(every)}
    mean = _unit(m[[at[t] for t in texts]].mean(axis=0))
    best = max(content, key=lambda k: float((m[[at[t] for t in content[k]]] @ mean).max()))
    if secs[best].is_intro and first is not None:
        best = first
    return _past(ctx, best, min(secs[best].level, level), new_at)


def _past(ctx: MergeContext, k: int, level: int, new_at: int) -> int:
    """The line after base section `k`: before the next heading of `level` or above (a
    "##" section is never written between two "###" subsections of another), past any
    section continuing its numbered list, never after the observations (`new_at`)."""
    secs = ctx.base.sections
    while True:
        nxt = next((j for j in range(k + 1, len(secs)) if secs[j].title and (
            level <= 1 or secs[j].level <= level)), None)
        if nxt is None:
            return new_at
        if not _opens_continued_list(ctx, nxt):
            return min(secs[nxt].start, new_at)
        k = nxt
