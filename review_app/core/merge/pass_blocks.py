"""Pass 4: blocks with an order come whole from the newest note that has them.

An older block (numbered list, checklist, table, code block, list) has a counterpart
in the base when the aligned base section has a block of its kind, or, whatever its
heading says, when most of its units are stated, present or superseded by base units
(a table renamed "Tier" -> "Plan", a procedure moved under another heading). It is
then that block's older version: the base's block is written whole and an older
step, row or item it lacks is not spliced in. For a numbered list, checklist, table
or code block the newest version's omission is deliberate: the unit is dropped and
listed with its block, a carry-over candidate the person may flip to carry. An item
of a plain list is left out the same way when the newer list speaks of its topic
(it is a rewording or an older rule); an item on a topic the newer list never
touches is a fact only the older note has and is carried, next to its siblings'
counterparts. A lead-in sentence ending in ":" travels with the block it introduces:
it is carried only when that block is carried."""

from __future__ import annotations

from dataclasses import replace

from .context import MergeContext, Ref
from .facts import value_frames
from .ledger import ORDERED

_NAMES = {"numbered": "numbered list", "checklist": "checklist", "table": "table",
          "fence": "code block", "code": "code block", "list": "list"}
_LISTS = frozenset({"list", "numbered", "checklist"})


def _block_refs(ctx: MergeContext, path: str) -> dict[int, list[Ref]]:
    out: dict[int, list[Ref]] = {}
    for r in ctx.refs[path]:
        if r.unit.kind not in ("obs", "rel"):
            out.setdefault(r.unit.block, []).append(r)
    return out


def _matched_section(ctx: MergeContext, r: Ref) -> int | None:
    """The base section of the base unit an older unit is matched with."""
    e = ctx.entries[r.key]
    if e.status not in ("present", "superseded") or not e.by:
        return None
    base = {b.key: b for b in ctx.base_refs()}
    b = base.get(e.by)
    return b.section if b is not None else None


def run(ctx: MergeContext) -> None:
    base = ctx.base
    th = ctx.thresholds
    for _, doc in ctx.older:
        for bi, refs in _block_refs(ctx, doc.path).items():
            block = doc.blocks[bi]
            if block.kind not in ORDERED and block.kind != "list":
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
            for k, r in enumerate(refs):
                e = ctx.entries[r.key]
                if r.key in spoken and e.status in ("carried", "dropped"):
                    ctx.entries[r.key] = replace(
                        e, status="dropped", block=f"{name}{where}", flips=("carry", "drop"),
                        why=f"left out by the newer version of this {name}: "
                            "a carry-over candidate")
                elif e.status == "carried" and by_content:
                    home = next((h for h in reversed(homes[:k]) if h is not None), None) \
                        or next((h for h in homes[k:] if h is not None), None)
                    if home is not None:
                        ctx.home.setdefault(r.key, home)
    _lead_ins(ctx)


def _spoken_of(ctx: MergeContext, refs: list[Ref], pool: list[Ref],
               cosine: float) -> set[str]:
    """The older items a unit of the newer list speaks to (same topic)."""
    if not refs or not pool:
        return set()
    sims = ctx.cosines([r.unit.text for r in refs], [b.unit.text for b in pool])
    frames = [{f for f in value_frames(b.unit.text, ctx.lexicon) if "=" not in f}
              for b in pool]
    stated = {v for b in ctx.base_refs() for v in b.facts.values}
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


def _lead_ins(ctx: MergeContext) -> None:
    """A carried sentence ending in ':' that introduces the next block of its section
    goes with that block: dropped when none of the block is carried."""
    for _, doc in ctx.older:
        refs = ctx.refs[doc.path]
        by_block: dict[int, list[Ref]] = {}
        for r in refs:
            by_block.setdefault(r.unit.block, []).append(r)
        for r in refs:
            e = ctx.entries[r.key]
            if r.unit.kind != "sentence" or e.status != "carried" or \
                    not r.unit.text.rstrip().endswith(":"):
                continue
            para = by_block[r.unit.block]
            if para[-1].key != r.key:
                continue
            section = doc.sections[r.section].blocks
            pos = section.index(r.unit.block)
            nxt = section[pos + 1] if pos + 1 < len(section) else None
            carried = nxt is not None and any(
                ctx.entries[x.key].status == "carried" for x in by_block.get(nxt, []))
            if not carried:
                ctx.entries[r.key] = replace(
                    e, status="dropped", flips=("carry", "drop"),
                    why="a lead-in to a block that is not carried")
