"""Pass 4: blocks with an order come whole from the newest note that has them.

An older numbered list, checklist or table is the older version of the newest's block
most of whose items are close in meaning to its own (Thresholds.block_item_cosine),
whatever either heading says ("## Routine" renamed "## Checklist", a procedure
renumbered, a step reworded). The newest's block is written whole: an older item
with a close counterpart there is present (its newer wording stands), and one
without (a retired step, a dropped row) or whose counterpart gives another value is
held back with its block, never spliced in or written over a step; unless nothing in
the newest speaks of it and no newest item took its place (_unspoken,
_replaced_in_place): a fact only the older note has, carried. Carried or flipped to
carry, the items of one older block are written right after the newest's block as a
list (or table) of their own under Lexicon.held_over_line (held_blocks), so no
numbering continues and no step lands loose in the prose. Failing that match, an
older block (a code block too) has a counterpart when the aligned base section has a
block of its kind, or when most of its units are stated, present or superseded by
base units; its items the base lacks are held back the same way. An older block no
newest block matches, in a section the newest lacks, is no one's older version: it
is carried whole, under its own heading; but a table's rows nothing in the newest
settled are held back with their table (an older rate grid beside the newest's rates
given as a list would state two grids), and carried, come back under their header.
An item of a plain list is left out the same way when the newer list speaks of its
topic (it is a rewording or an older rule); an item on a topic the newer list never
touches is a fact only the older note has and is carried, next to its siblings'
counterparts. A lead-in sentence ending in ":" travels with the block it introduces
(pass_lead_in, once the block's items are settled).

A procedure the newest writes as numbered headings ("## 1. Weather first" ...,
procedures.procedure) is such a block too: an older numbered list that tells its steps
in their order (procedures.retells) is its older version, its items held back with it
or, nothing in the newest speaking of them, carried after the last step's own text as a
labelled list."""

from __future__ import annotations

import re
from dataclasses import replace

from .chained_blocks import Settled, Through, through_newer
from .context import MergeContext, Ref
from .document import cells
from .facts import counts, unnamed, value_frames, value_head
from .ledger import ORDERED
from .older_only import (
    HELD,
    base_values,
    content_prefixes,
    frame_prefixes,
    heads_apart,
    says_whole,
)
from .pass_units import said
from .procedures import numbered_on, procedure, retells
from .said_in_frame import read, row_as_read

_NAMES = {"numbered": "numbered list", "checklist": "checklist", "table": "table",
          "fence": "code block", "code": "code block", "list": "list"}
_LISTS = frozenset({"list", "numbered", "checklist"})
# What an older block may be an older version of, by meaning: a procedure may become a
# checklist (or the reverse) or a plain list; a table stays a table.
_VERSIONS = {"numbered": _LISTS, "checklist": _LISTS, "table": frozenset({"table"})}


def _block_refs(ctx: MergeContext, path: str) -> dict[int, list[Ref]]:
    out: dict[int, list[Ref]] = {}
    for r in ctx.refs[path]:
        if r.unit.kind not in ("obs", "rel"):
            out.setdefault(r.unit.block, []).append(r)
    return out


def _matched_section(ctx: MergeContext, r: Ref) -> int | None:
    """The base section of the base unit an older unit is matched with; none where that
    unit is an observation or a relation (a body line is never written among them:
    "- Wheel cleaner: acid-free only" had joined "## Observations" after its sibling's
    new value there)."""
    e = ctx.entries[r.key]
    if e.status not in ("present", "superseded") or not e.by:
        return None
    base = {b.key: b for b in ctx.base_refs()}
    b = base.get(e.by)
    return b.section if b is not None and b.unit.kind not in ("obs", "rel") else None


def run(ctx: MergeContext) -> None:
    base = ctx.base
    th = ctx.thresholds
    versions: Settled = {}
    for _, doc in ctx.older:
        for bi, refs in _block_refs(ctx, doc.path).items():
            block = doc.blocks[bi]
            if block.kind not in ORDERED and block.kind != "list":
                continue
            newest = _by_meaning(ctx, block.kind, refs, versions) \
                if block.kind in _VERSIONS else None
            if newest is not None:
                _counted(ctx, doc.path, refs, *newest)
                continue
            aligned = ctx.aligned.get((doc.path, refs[0].section))
            kinds = {base.blocks[b].kind for b in base.sections[aligned].blocks} \
                if aligned is not None else set()
            homes = [_matched_section(ctx, r) for r in refs]
            settled = sum(1 for r in refs if ctx.entries[r.key].status != "carried")
            by_content = any(h is not None for h in homes) and 2 * settled >= len(refs) \
                and len(refs) >= 2
            by_kind = block.kind in kinds or (
                block.kind in ("fence", "code") and kinds & {"fence", "code"}) or (
                block.kind in _LISTS and block.kind != "list" and block.kind in kinds)
            if not (by_kind or by_content):
                if block.kind == "table":
                    _hold_rows(ctx, refs)
                continue
            name = _NAMES[block.kind]
            where = f" under '{refs[0].section_title}'" if refs[0].section_title else ""
            leftover = [r for r in refs if ctx.entries[r.key].status in ("carried", "dropped")]
            if block.kind == "list":
                # the newer list's topics are those of the sections it is aligned or
                # matched with, never a same-looking item of another section
                where_in = None if aligned is None or (doc.path, refs[0].section) in \
                    ctx.loose else {aligned, *(h for h in homes if h is not None)}
                pool = [b for b in ctx.base_refs() if b.unit.kind not in ("obs", "rel")
                        and (where_in is None or b.section in where_in)]
                spoken = _spoken_of(ctx, [r for r in leftover
                                          if ctx.entries[r.key].status == "carried"], pool,
                                    th.left_out_cosine)
            else:
                spoken = {r.key for r in leftover}
            newer = _newer_block(ctx, block.kind, aligned, homes)
            unspoken = _unspoken(ctx, [r for r in leftover if ctx.entries[r.key].status
                                       == "carried"]) if block.kind != "list" \
                and newer is not None else set()
            for k, r in enumerate(refs):
                e = ctx.entries[r.key]
                if e.status in ("carried", "dropped") and not e.chosen and \
                        newer is not None and _by_column(ctx, r, newer):
                    continue
                if r.key in unspoken and not e.chosen and newer is not None:
                    ctx.entries[r.key] = replace(
                        e, block=f"{name}{where}", flips=("carry", "drop"),
                        why=f"left out by the newer version of this {name}, and nothing "
                            "in the newest speaks of it: carried after that block")
                    ctx.held_with[r.key] = newer
                elif r.key in spoken and e.status in ("carried", "dropped"):
                    ctx.entries[r.key] = replace(
                        e, status="dropped", block=f"{name}{where}", flips=("carry", "drop"),
                        why=f"left out by the newer version of this {name}: "
                            "a carry-over candidate")
                    if newer is not None:
                        ctx.held_with[r.key] = newer
                elif e.status == "carried" and by_content:
                    home = next((h for h in reversed(homes[:k]) if h is not None), None) \
                        or next((h for h in homes[k:] if h is not None), None)
                    if home is not None:
                        ctx.home.setdefault(r.key, home)


def _by_meaning(ctx: MergeContext, kind: str, refs: list[Ref], settled: Settled
                ) -> tuple[int, int, str] | None:
    """Settle an older numbered list, checklist or table as the older version of the
    base block most of whose items are close to its own, or of the base's procedure
    written as numbered headings (procedures.procedure), or of the newest block a newer
    older version of it was settled as (chained_blocks): the base block its items are held
    after (the procedure's last), how many steps or items the newer version has, and
    what it is; None when nothing is. What it settles goes in `settled`."""
    proc = procedure(ctx.base) if kind == "numbered" else None
    steps = proc.step_of if proc is not None else {}
    pool = [b for b in ctx.base_refs() if b.unit.kind not in ("obs", "rel") and (
        ctx.base.blocks[b.unit.block].kind in _VERSIONS[kind] or b.section in steps)]
    sims = ctx.cosines([r.unit.text for r in refs], [b.unit.text for b in pool])
    if sims is None:
        return None
    bar = ctx.thresholds.block_item_cosine
    # each newer version an older block may be: a block of its kind, or the procedure
    # whose steps are headings (held after its last block), by the pool's columns
    versions = {bi: [j for j, b in enumerate(pool) if b.unit.block == bi
                     and ctx.base.blocks[bi].kind in _VERSIONS[kind]]
                for bi in dict.fromkeys(b.unit.block for b in pool)}
    versions = {bi: cols for bi, cols in versions.items() if cols}
    best: tuple[int, int] | None = None  # (items close to it, base block)
    for bi, cols in versions.items():
        close = int((sims[:, cols].max(axis=1) >= bar).sum())
        if best is None or close > best[0]:
            best = (close, bi)
    if best is not None and best[0] > 0 and 2 * best[0] < len(refs):
        best = _one_procedure(ctx, kind, refs, best)
    headed = [j for j, b in enumerate(pool) if b.section in steps]
    if proc is not None and headed and (best is None or 2 * best[0] < len(refs)
                                        or best[0] == 0) and retells(ctx, refs, proc):
        versions[_HEADED] = headed
        best = (len(refs), _HEADED)
    if best is None or 2 * best[0] < len(refs) or best[0] == 0:
        through = through_newer(ctx, refs, _VERSIONS[kind], settled)
        return _by_chain(ctx, kind, refs, through, settled) if through is not None else None
    cols = versions[best[1]]
    name = _NAMES[kind]
    if best[1] == _HEADED and proc is not None:
        bi = proc.end_block(ctx.base)
        ctx.after_steps.add(bi)
        first, last = (ctx.base.sections[k].title for k in (proc.steps[0], proc.steps[-1]))
        where = f" (the newest's steps under its headings '{first}' to '{last}')"
        n_new, newer_name = len(proc.steps), "procedure"
    else:
        bi = best[1]
        newest = ctx.base.blocks[bi]
        title = ctx.base.sections[newest.section].title
        where = f" (the newest's {_NAMES[newest.kind]}" + (
            f" under '{title}')" if title else ")")
        n_new, newer_name = len(newest.units), _NAMES[newest.kind]
    stated = base_values(ctx)
    partners: list[Ref | None] = []
    claimed = _claimed(ctx, refs, [pool[c] for c in cols]) if kind == "table" else {}
    for i, r in enumerate(refs):
        if r.key in claimed:  # the newest row naming the same thing
            partners.append(claimed[r.key])
            continue
        # (a newest row another older row names is that row's, not this one's: "| Cast
        # iron |" is no older "| Light iron / mixed steel |" beside the older one)
        taken = {b.key for b in claimed.values()}
        free = [c for c in cols if pool[c].key not in taken]
        if not free:
            partners.append(None)
            continue
        j = max(free, key=lambda c: float(sims[i, c]))
        # its counterpart: the nearest item, close in meaning or said whole in it
        # (a step section is a paragraph: near in meaning, it may still lack the item's
        # detail, "Anna's linen couche fixed it" beside "Shape on floured linen")
        near = float(sims[i, j]) >= bar and best[1] != _HEADED
        partners.append(pool[j] if near else next(
            (pool[c] for c in free if says_whole(ctx, r, pool[c])), None))
    unspoken = _unspoken(ctx, [r for r in refs if ctx.entries[r.key].status == "carried"])
    if best[1] != _HEADED:  # (a step section answers no older item one to one)
        unspoken -= _replaced_in_place(refs, partners, [pool[c] for c in cols])
    for i, r in enumerate(refs):
        if _settled_already(ctx, r, bi, name):
            continue
        e, b, label = ctx.entries[r.key], partners[i], _label(name, r)
        fresh = [v for v in r.facts.values if v.startswith("n:") and v not in stated]
        if b is None and _by_column(ctx, r, bi):
            continue
        if b is not None and not fresh:
            ctx.entries[r.key] = replace(
                e, status="present", by=b.key, by_text=ctx.entries[b.key].text, block=label,
                flips=(), held=False, why=f"the newer version of this {name}{where} says it")
        elif b is None and r.key in unspoken:
            ctx.entries[r.key] = replace(
                e, block=label, flips=("carry", "drop"),
                why=f"left out by the newer version of this {name}{where}, and nothing in "
                    "the newest speaks of it: carried after that block")
        else:  # (one with a counterpart and more in it: older_only may find it fuller)
            said = f": its counterpart there says {ctx.entries[b.key].text}" if b else ""
            ctx.entries[r.key] = replace(
                e, status="dropped", by=None, by_text=None, block=label, held=b is None,
                flips=("carry", "drop"),
                why=f"left out by the newer version of this {name}{where}: a carry-over "
                    f"candidate held back with its block{said}")
    settled[(refs[0].path, refs[0].unit.block)] = ((bi, n_new, newer_name), refs)
    return bi, n_new, newer_name


def _label(name: str, r: Ref) -> str:
    return f"{name} under '{r.section_title}'" if r.section_title else name


def _settled_already(ctx: MergeContext, r: Ref, bi: int, name: str) -> bool:
    """Hold an item of an older version of base block `bi` with that block; True when
    nothing more is to settle: it says a newest item more fully (pass_choices settles
    it), or it is superseded, present or chosen already."""
    if r.key in ctx.fuller:
        return True
    ctx.held_with[r.key] = bi
    e = ctx.entries[r.key]
    if e.status in ("superseded", "present") or e.chosen:
        ctx.entries[r.key] = replace(e, block=_label(name, r))
        return True
    return False


def _by_chain(ctx: MergeContext, kind: str, refs: list[Ref], through: Through,
              settled: Settled) -> tuple[int, int, str]:
    """Settle an older block as the older version of the newest's block through a newer
    older version of it (chained_blocks): an item that version retells is held back with
    the newest's block (its newer wording there was settled already), an item it lacks
    is carried after that block when nothing in the newest speaks of it (_unspoken) and
    that version fills its place with no item of its own (_replaced_in_place), else held
    back too; never written whole beside the newest's block."""
    bi, n_new, newer_name = through.newest
    name = _NAMES[kind]
    middle = ctx.older_member(through.between[0].path)
    title = middle[0].title if middle is not None else through.between[0].path
    unspoken = _unspoken(ctx, [r for r in refs if ctx.entries[r.key].status == "carried"])
    unspoken -= _replaced_in_place(refs, through.partners, through.between)
    for r, b in zip(refs, through.partners, strict=True):
        if _settled_already(ctx, r, bi, name):
            continue
        e, label = ctx.entries[r.key], _label(name, r)
        if b is None and r.key in unspoken:
            ctx.entries[r.key] = replace(
                e, block=label, flips=("carry", "drop"),
                why=f"left out by the newer versions of this {name}, and nothing in the "
                    f"newest speaks of it: carried after the newest's {newer_name}")
            continue
        said = f", which says {ctx.entries[b.key].text}" if b is not None else ""
        ctx.entries[r.key] = replace(  # held either way: its partner is not written
            e, status="dropped", by=None, by_text=None, block=label, held=True,
            flips=("carry", "drop"),
            why=f"left out by the newer versions of this {name} ('{title}' has its newer "
                f"version{said}, itself an older version of the newest's {newer_name}): a "
                "carry-over candidate held back with its block")
    settled[(refs[0].path, refs[0].unit.block)] = ((bi, n_new, newer_name), refs)
    return bi, n_new, newer_name


def _by_column(ctx: MergeContext, r: Ref, bi: int) -> bool:
    """An older table row the newest's table, turned on its side, gives another value
    of: its label (first cell) names a column of the newest's table ("Early (1 March)"
    / "Early (by 1 March)": the words they say it with shared, Thresholds.frame_share)
    whose cells give values the row lacks; superseded by the newest row nearest it as
    read after the headings (said_in_frame.read). True when it is."""
    if r.unit.kind != "row" or ctx.base.blocks[bi].kind != "table":
        return False
    own = cells(r.unit.text)
    label = frame_prefixes(ctx, own[0]) if len(own) >= 2 else frozenset()
    if not label or not any(v.startswith("n:") for v in r.facts.values):
        return False
    block = ctx.base.blocks[bi]
    heads = cells(block.header)
    share = ctx.thresholds.frame_share
    cols = [k for k, h in enumerate(heads) if k > 0 and (p := frame_prefixes(ctx, h))
            and 2 * len(label & p) >= share * (len(label) + len(p))]
    rows = [b for b in ctx.base_refs() if b.unit.block == bi and b.unit.kind == "row"]
    mine = set(own[1:])
    valued = [b for b in rows if any(
        k < len(c := cells(b.unit.text)) and any(ch.isdigit() for ch in c[k])
        and c[k] not in mine for k in cols)]
    if len(cols) != 1 or not valued:
        return False
    sims = ctx.cosines([row_as_read(
        ctx.older_doc(r.path).blocks[r.unit.block].header, r.unit.text)],
                       [read(ctx, b) for b in valued])
    b = valued[int(sims[0].argmax())] if sims is not None else valued[0]
    ctx.entries[r.key] = replace(
        ctx.entries[r.key], status="superseded", by=b.key,
        by_text=ctx.entries[b.key].text, flips=("newer", "older"), held=False,
        why=f"the newest's table gives another value under '{heads[cols[0]]}'")
    return True


def _hold_rows(ctx: MergeContext, refs: list[Ref]) -> None:
    """An older table no newest block is the newer version of: its rows nothing in the
    newest settled (present or superseded) are held back with their table, not written
    whole beside what the newest says of the same things in another form (a rate grid
    beside the newest's list of rates); flipped to carry, they are written with their
    header as one block under their own heading."""
    where = f"table under '{refs[0].section_title}'" if refs[0].section_title else "table"
    for r in refs:
        e = ctx.entries[r.key]
        if e.status != "carried" or e.chosen:
            continue
        ctx.entries[r.key] = replace(
            e, status="dropped", by=None, by_text=None, block=where, held=True,
            flips=("carry", "drop"),
            why=f"{HELD} (a row of an older table the newest has no version of: "
                "a carry-over candidate held back with its table)")


def _counted(ctx: MergeContext, path: str, refs: list[Ref], newest: int, n_new: int,
             name: str) -> None:
    """An older observation or sentence counting the older version of a block by its
    number of items ("[procedure] Seven steps from power on to power off") when the
    newest's block has another number: superseded by the newest unit counting the same
    thing by that block's number ("Eight-step checklist"; spelled numbers are values), else,
    when it is near the older block in meaning, held back (the count is no longer
    true, the rest of it may be)."""
    n_old = len(refs)
    if n_old == n_new:
        return
    inside = {r.key for r in refs}
    others = [b for b in ctx.base_refs() if b.unit.block != newest]
    for r in ctx.refs[path]:
        e = ctx.entries[r.key]
        if r.key in inside or r.unit.kind not in ("obs", "sentence") or e.chosen or \
                e.status not in ("carried", "present"):
            continue
        things = {noun for n, noun in counts(said(r.unit), ctx.lexicon) if n == n_old}
        if not things:
            continue
        newer = [b for b in others if any(noun in things and n == n_new for n, noun in
                                          counts(said(b.unit), ctx.lexicon))]
        if newer:
            b = newer[0]
            ctx.entries[r.key] = replace(
                e, status="superseded", by=b.key, by_text=ctx.entries[b.key].text,
                flips=("newer", "older"), held=False,
                why=f"it counts the older version of the newest's {name} ({n_old}); "
                    "the newest counts it anew")
            continue
        sims = ctx.cosines([said(r.unit)], [x.unit.text for x in refs])
        if sims is not None and float(sims.max()) >= ctx.thresholds.home_cosine:
            ctx.entries[r.key] = replace(
                e, status="dropped", by=None, by_text=None, held=True,
                flips=("carry", "drop"),
                why=f"{HELD} (it counts the older version of the newest's {name}, "
                    f"{n_old}; the newest's has {n_new})")


def _newer_block(ctx: MergeContext, kind: str, aligned: int | None,
                 homes: list[int | None]) -> int | None:
    """The base block an older ordered block matched by kind or content is the older
    version of: the last block of its kind in the aligned section, else in the section
    its settled units were matched in. None for a plain list (its items join it)."""
    if kind not in ORDERED:
        return None
    family = _VERSIONS.get(kind, frozenset({"fence", "code"}) if kind in ("fence", "code")
                           else frozenset({kind}))
    for k in (aligned, *(h for h in homes if h is not None)):
        if k is None:
            continue
        mine = [b for b in ctx.base.sections[k].blocks if ctx.base.blocks[b].kind in family]
        if mine:
            return mine[-1]
    return None


def _claimed(ctx: MergeContext, refs: list[Ref], rows: list[Ref]) -> dict[str, Ref]:
    """Older rows naming their thing in their first cell (facts.value_head), each with
    the newest row naming the same thing: a row has one older version."""
    out: dict[str, Ref] = {}
    headed = [b for b in rows if b.unit.kind == "row"
              and value_head(b.unit.text, "row", ctx.lexicon) is not None]
    same = {value_head(b.unit.text, "row", ctx.lexicon): b for b in reversed(headed)}
    for r in refs:
        head = value_head(r.unit.text, "row", ctx.lexicon) if r.unit.kind == "row" else None
        if head is None:
            continue
        # (the same head first: one look-up, not a walk over a long table's rows)
        hit = same.get(head) or (next((b for b in headed if not heads_apart(ctx, r, b)),
                                      None) if len(headed) <= ctx.thresholds.pool_budget
                                 else None)
        if hit is not None:
            out[r.key] = hit
    return out


def _one_procedure(ctx: MergeContext, kind: str, refs: list[Ref], best: tuple[int, int]
                   ) -> tuple[int, int] | None:
    """Two versions of one note that each hold one numbered list hold one procedure:
    the older list is the newest's older version even when most of its steps were
    rewritten past Thresholds.block_item_cosine, as long as one step is that close
    (merge-BZ's pre-run procedure and merge-BY's voicing runbook were written whole,
    as a second "Steps" section, beside the newest's rewrite)."""
    if kind != "numbered":
        return None
    mine = [b for b in ctx.older_doc(refs[0].path).blocks if b.kind == "numbered"]
    if len(mine) != 1:
        return None
    theirs = [k for k, b in enumerate(ctx.base.blocks) if b.kind == "numbered"]
    if best[1] not in theirs or not numbered_on([ctx.base.blocks[k] for k in theirs]):
        return None
    return (len(refs), best[1])


_HEADED = -1  # _by_meaning's key for the newest's procedure written as numbered headings


def _replaced_in_place(refs: list[Ref], partners: list[Ref | None],
                       newest: list[Ref]) -> set[str]:
    """The older items without a counterpart whose place the newer version fills with
    an item of its own: between the newest counterparts of their nearest older
    neighbours that have one sits a newest item no older item answers to (step 3 "Test
    the emergency brake" where the newer list has step 3 "Check the wind gauge"). The
    newer version swapped it out: a replacement, held back, never carried beside it."""
    answered = {b.key for b in partners if b is not None}
    at = {b.key: k for k, b in enumerate(newest)}
    out: set[str] = set()
    for i, r in enumerate(refs):
        if partners[i] is not None:
            continue
        before = next((at[p.key] for p in reversed(partners[:i]) if p is not None
                       and p.key in at), -1)
        after = next((at[p.key] for p in partners[i + 1:] if p is not None
                      and p.key in at), len(newest))
        if any(newest[k].key not in answered for k in range(before + 1, after)):
            out.add(r.key)
    return out


def _unspoken(ctx: MergeContext, refs: list[Ref]) -> set[str]:
    """The older steps, rows and open checklist items nothing in the newest speaks of:
    no unit of it (its relations aside) is Thresholds.home_cosine close, as written or
    with values and names taken out. The newer version of their block left them out
    without saying anything else of them ("No bare feet or open sandals on the range",
    "Glaze chemicals come from Sierra Ceramic Materials"): a fact only the older note
    has, carried after that block (held_blocks), never spliced into it. A done
    checklist item is what was done then, not a standing fact. Nor is one whose nearest
    newest unit tells what holds now (Lexicon.now_words: "Fuel is now included in the
    session price" over "Take the £12 fuel charge"): the newer version changed it."""
    mine = [r for r in refs if r.unit.kind in ("step", "row")
            or (r.unit.kind == "check" and r.unit.box == " ")]
    base = [b for b in ctx.base_refs() if b.unit.kind != "rel"]
    if not mine or not base:
        return {r.key for r in mine}
    # A row naming its thing in its first cell is spoken of by a newest row naming the
    # same thing, not by any row of the same shape ("| Cast iron | £150 |" beside "|
    # Light iron / mixed steel | £120 |"), or by a newest line that is no row.
    rows = [b for b in base if b.unit.kind == "row"]
    headed = {r.key for r in mine if r.unit.kind == "row"
              and value_head(r.unit.text, "row", ctx.lexicon) is not None}
    bar = ctx.thresholds.home_cosine
    raw = ctx.cosines([r.unit.text for r in mine], [b.unit.text for b in base])
    bare = ctx.cosines([unnamed(said(r.unit), ctx.lexicon) for r in mine],
                       [unnamed(said(b.unit), ctx.lexicon) for b in base])
    now = ctx.lexicon.now_words
    out: set[str] = set()
    taken_by: dict[str, set[str]] = {}  # older note -> the newest rows its rows name
    for i, r in enumerate(mine):
        if r.key in headed:
            if any(value_head(b.unit.text, "row", ctx.lexicon) is not None
                   and not heads_apart(ctx, r, b) for b in rows):
                continue
            # other lines speak of it by its name ("Copper and brass went up"), not by
            # a shape ("[price] HMS up to £180" is no word on cast iron); a row, unless
            # another older row of its note names that row's thing (then it is that
            # one's: "| Weekdays |" may be "| Mon-Fri |", not "| Light iron |")
            thing = content_prefixes(ctx, r.unit.text.split(" | ")[0])
            if r.path not in taken_by:
                taken_by[r.path] = {b.key for b in _claimed(
                    ctx, [o for o in ctx.refs[r.path] if o.unit.kind == "row"], rows).values()}
            free = {b.key for b in rows} - taken_by[r.path]
            near = [k for k, b in enumerate(base) if b.key in free or (
                b.unit.kind != "row" and thing <= content_prefixes(ctx, b.unit.text))]
        else:
            near = list(range(len(base)))
        if not near:
            out.add(r.key)
            continue
        k = max(near, key=lambda j: float(raw[i, j]))
        if max(float(raw[i, j]) for j in near) < bar and max(
                float(bare[i, j]) for j in near) < bar and not now & set(
                re.findall(r"[a-z]+", base[k].unit.text.lower())):
            out.add(r.key)
    return out


def _spoken_of(ctx: MergeContext, refs: list[Ref], pool: list[Ref],
               cosine: float) -> set[str]:
    """The older items a unit of the newer list speaks to (same topic)."""
    if not refs or not pool:
        return set()
    sims = ctx.cosines([r.unit.text for r in refs], [b.unit.text for b in pool])
    frames = [{f for f in value_frames(b.unit.text, ctx.lexicon) if "=" not in f}
              for b in pool]
    stated = base_values(ctx)
    out: set[str] = set()
    for i, r in enumerate(refs):
        mine = {f for f in value_frames(r.unit.text, ctx.lexicon) if "=" not in f}
        # two value frames in common ("60 days ahead" / "90 days ahead"): another value
        other_value = any(len(mine & f) >= 2 and any(
            v.startswith("n:") and v not in r.facts.values for v in b.facts.values)
            for f, b in zip(frames, pool, strict=True))
        # the same topic: left out, unless it adds a number or date the newest lacks
        # ("$35 per hour (board vote, 18 November 2024)")
        same_topic = float(sims[i].max()) >= cosine and not any(
            v.startswith("n:") and v not in stated for v in r.facts.values)
        if other_value or same_topic:
            out.add(r.key)
        elif float(sims[i].max()) >= cosine:  # carried beside what it speaks of
            ctx.home[r.key] = pool[int(sims[i].argmax())].section
    return out
