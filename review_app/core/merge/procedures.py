"""How a note writes one procedure beyond a single numbered list, for pass_blocks: lists
whose numbers run on across sections (`numbered_on`), or steps written as numbered
headings (`procedure`); and whether an older numbered list tells a headed procedure's
steps (`retells`)."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from .context import MergeContext, Ref
from .document import Block, Document

_STEP_NUMBER = re.compile(r"\s*(\d+)[.)]")
# "1. Weather first", "Step 2 - Check-in", "Step 3 Radio"; not "1 March" (a dated log)
_HEADING_STEP = re.compile(r"\s*(?:step\s+(\d{1,2})\s*[.):\-\u2013\u2014]?"
                           r"|(\d{1,2})\s*[.):\-\u2013\u2014])\s+\S", re.IGNORECASE)
MIN_HEADING_STEPS = 3


def numbered_on(blocks: list[Block]) -> bool:
    """The numbered lists are one procedure: one list, or lists under several headings
    whose numbers run on from each other ("## Power down" opening at 4 after "## Before
    you touch any power" ends at 3: merge-FC's closing routine, whose older 6-step list
    was written whole above the newest's 11 steps)."""
    numbers = []
    for block in blocks:
        found = [m.group(1) for u in block.units if u.raw
                 and (m := _STEP_NUMBER.match(u.raw[0])) is not None]
        if not found:
            return False
        numbers.append((int(found[0]), int(found[-1])))
    return all(nxt[0] == prev[1] + 1 for prev, nxt in itertools.pairwise(numbers))


def heading_steps(doc: Document) -> list[int]:
    """The sections of a procedure whose steps are headings ("## 1. Weather first" ...
    "## 8. Record", "### Step 2 - Induction evening"): the longest run of headings of one
    level numbered on from one another, at least MIN_HEADING_STEPS of them, with the
    deeper sections inside each step; [] when the note has none. Such a note writes its
    procedure as sections, so an older version's numbered list of the same steps is that
    procedure's older version (merge-FB's pre-sailing checks: the older 10- and 11-step
    lists were written beside the newest's eight numbered sections)."""
    best: list[int] = []
    run: list[int] = []
    level, last, steps = 0, 0, 0
    for k, sec in enumerate(doc.sections):
        m = _HEADING_STEP.match(sec.title) if sec.title else None
        if run and sec.level > level:
            run.append(k)  # inside the step
            continue
        if run and m is not None and sec.level == level and _step_no(m) == last + 1:
            run.append(k)
            last, steps = last + 1, steps + 1
            continue
        if steps >= MIN_HEADING_STEPS and len(run) > len(best):
            best = run
        run, steps = ([k], 1) if m is not None and sec.title else ([], 0)
        level, last = sec.level, _step_no(m) if m is not None else 0
    if steps >= MIN_HEADING_STEPS and len(run) > len(best):
        best = run
    return best


def _step_no(m: re.Match[str]) -> int:
    return int(m.group(1) or m.group(2))


@dataclass(frozen=True)
class Procedure:
    """A procedure written as numbered headings: each of its sections (subsections
    included) -> the step heading's section it belongs to, and the steps in order."""

    step_of: dict[int, int]
    steps: tuple[int, ...]

    def end_block(self, doc: Document) -> int:
        """The block after which what older versions keep of it is written: the last
        step's own last block, before any subsection of it ("### Who to call")."""
        own = [b for b in doc.sections[self.steps[-1]].blocks if doc.blocks[b].units]
        return max(own or [b for k in self.step_of for b in doc.sections[k].blocks
                           if doc.blocks[b].units])


def procedure(doc: Document) -> Procedure | None:
    """The note's procedure written as numbered headings (heading_steps), or None."""
    sections = heading_steps(doc)
    if not sections:
        return None
    top = doc.sections[sections[0]].level
    step_of: dict[int, int] = {}
    for k in sections:
        step_of[k] = k if doc.sections[k].level == top else step_of[k - 1]
    return Procedure(step_of, tuple(dict.fromkeys(step_of.values())))


def retells(ctx: MergeContext, refs: list[Ref], proc: Procedure) -> bool:
    """An older numbered list tells the steps the newest gives as numbered headings: more
    than half of its items land on a step (the section nearest in meaning speaks of it at
    all, Thresholds.home_cosine: a step rewritten as a section is a paragraph, 0.49-0.56
    from its older item on merge-EX's onboarding, none at block_item_cosine), on at least
    half as many steps as the shorter of the two has, in their order (one item out of
    order at most); and of its note's numbered lists it is the one most of whose items
    land, unless they number on from one another under several headings (one procedure).
    A report's "1. Context ... 4. Consequences" is numbered too: of an older list of
    risks two of four landed, on two of its sections (a review's decision record); and a
    troubleshooting list beside the older steps is not their older version."""
    if 2 * sum("?" in r.unit.text for r in refs) >= len(refs):
        return False  # open questions about the steps are no older version of them
    pool = [b for b in ctx.base_refs() if b.section in proc.step_of
            and b.unit.kind not in ("obs", "rel")]
    bar = ctx.thresholds.home_cosine

    def landed(units: list[Ref]) -> list[int]:
        sims = ctx.cosines([r.unit.text for r in units], [b.unit.text for b in pool])
        if sims is None:
            return []
        return [proc.step_of[pool[int(row.argmax())].section] for row in sims
                if float(row.max()) >= bar]

    mine = landed(refs)
    if 2 * len(mine) <= len(refs) or 2 * len(set(mine)) < min(len(refs), len(proc.steps)) \
            or len(set(mine)) < 2 or sum(b < a for a, b in itertools.pairwise(mine)) > 1:
        return False
    doc = ctx.older_doc(refs[0].path)
    lists = [bi for bi, block in enumerate(doc.blocks) if block.kind == "numbered"]
    if numbered_on([doc.blocks[bi] for bi in lists]):
        return True  # its lists number on from one another: one procedure (merge-FB)
    for bi in lists:
        if bi != refs[0].unit.block:
            others = [r for r in ctx.refs[doc.path] if r.unit.block == bi]
            if len(landed(others)) * len(refs) >= len(mine) * len(others):
                return False  # another list of the note lands as well: neither is sure
    return True
