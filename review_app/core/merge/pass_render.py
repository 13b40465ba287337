"""Last: the written body: the base's lines as they are, with each carried unit
written whole (its own lines) in the base section it belongs to, after the base unit
there closest to it in meaning. Which section, and where a carried section goes, is
placement.py's one rule (a heading witness, the section restating its paragraph, else
the section clearly nearest in meaning, else its own older heading); pass 4's home for
a list's sibling items comes first. Within it (after that unit's block: a paragraph,
a numbered list, a table or a checklist is never split; a unit not of a numbered list,
table or code goes after the nearest prose of its section instead, when it has some;
an item joins a plain list at its end, never between two of its items; a step after
the base's numbered list continues it, numbered as its next item), older observations
after the base's last observation, relations after its last relation, footnote
definitions after the base's footnotes (before its observations and relations),
carried sections before the base's observation and relation sections, and base units
the person replaced by an older one swapped in place."""

from __future__ import annotations

import re
from collections import Counter

import numpy as np

from .carried_lines import Lines, bullet, chunk
from .context import MergeContext, Ref
from .document import Block, Document
from .held_blocks import held_over
from .other_value import in_intro
from .placement import section_spot, unit_homes
from .section_meaning import UNEMBEDDED, WHOLE_BLOCKS
from .step_numbers import numbered_end, numbered_on, renumbered
from .version_talk import SCOPE_LINE, version_talk


def _empty_observations(ctx: MergeContext) -> int | None:
    """The line after the newest's "Observations" heading (past one blank line) when that
    section holds nothing: carried observations go under it, not under a second one."""
    base = ctx.base
    for sec in base.sections:
        if sec.is_intro or sec.title.strip().lower() != "observations" or any(
                base.blocks[b].units for b in sec.blocks):
            continue
        at = sec.start + 1
        if at < len(base.lines) and not base.lines[at].strip():
            at += 1
        return at
    return None


def _relations_heading(ctx: MergeContext) -> int | None:
    """The line of the heading over the newest's first relation, if it has one."""
    base = ctx.base
    first = min((r.unit.start for r in ctx.base_refs() if r.unit.kind == "rel"), default=None)
    if first is None:
        return None
    k = max((j for j, s in enumerate(base.sections) if s.start <= first), default=None,
            key=lambda j: base.sections[j].start)
    # (a section of relations only, under its own heading: never the note's intro)
    if k is None or not base.sections[k].title or base.sections[k].is_intro \
            or not base.structured_only(k):
        return None
    start = base.sections[k].start
    return start if base.lines[start].lstrip().startswith("#") else None


def run(ctx: MergeContext) -> Lines:
    base = ctx.base
    after: dict[int, Lines] = {}  # base line index -> lines inserted before it
    every = [r for _, d in ctx.older for r in ctx.refs[d.path]
             if ctx.entries[r.key].status == "carried" and r.key not in ctx.replaced.values()]
    # A sentence leaning on the unit before it (pass_leaning) is written right after the
    # unit it leans on, wherever that goes; after a base unit's block when the base states it.
    followers: dict[str, list[Ref]] = {}
    for r in every:
        if r.key in ctx.leans:
            followers.setdefault(ctx.leans[r.key], []).append(r)
    carried = [r for r in every if r.key not in ctx.leans]

    def expand(refs: list[Ref]) -> list[Ref]:
        out: list[Ref] = []
        for r in refs:
            out += [r, *expand(followers.get(r.key, []))]
        return out
    base_refs = ctx.base_refs()
    last_obs = max((r.unit.end for r in base_refs if r.unit.kind == "obs"), default=None)
    last_rel = max((r.unit.end for r in base_refs if r.unit.kind == "rel"), default=None)
    anchored: dict[tuple[int, int], list[Ref]] = {}  # (base line, _CONTINUES..) -> units
    new_sections: dict[str, list[Ref]] = {}
    obs: list[Ref] = []
    rels: list[Ref] = []
    notes: list[Ref] = []
    inline: list[Ref] = []
    # Placement by meaning embeds the carried units and the base's: beyond the budget a
    # carried unit goes at the end of its aligned section, or under its own heading.
    by_meaning = len(carried) + len(base_refs) <= ctx.thresholds.embed_budget
    if not by_meaning:
        ctx.bounded.append(f"{len(carried)} carried units against {len(base_refs)} base "
                           f"units, so each was written at the end of its aligned section, "
                           f"not after its nearest unit (budget "
                           f"{ctx.thresholds.embed_budget})")
    held: dict[tuple[int, str], list[Ref]] = {}  # (base block, older note) -> its items
    # carried prose key -> the base section it goes in (placement.unit_homes: by its
    # heading or its meaning; None: under its own older heading)
    target: dict[str, int] = {}
    homes = unit_homes(ctx, [r for r in carried if r.unit.kind in _PLACED
                             and r.key not in ctx.home and r.key not in ctx.held_with]) \
        if by_meaning else {}
    for r in carried:
        if r.key in ctx.held_with:  # an older version's item: after the newest's block
            held.setdefault((ctx.held_with[r.key], r.path), []).append(r)
            continue
        if r.unit.kind == "obs":
            obs.append(r)
            continue
        if r.unit.kind == "rel":
            rels.append(r)
            continue
        if r.unit.kind == "footnote":  # with the base's footnotes (_footnotes_at)
            notes.append(r)
            continue
        aligned = ctx.home.get(r.key, ctx.aligned.get((r.path, r.section)))
        if r.unit.kind == "check" and (checklist := _checklist_of(ctx, r)) is not None:
            anchored.setdefault((checklist, _LIST), []).append(r)  # with the checklist
            continue
        if r.key in homes:
            aligned = homes[r.key]
            if aligned is not None:
                target[r.key] = aligned
        if r.unit.kind == "check" or aligned is None:
            # (a checklist item the newest has no checklist for stays with its own)
            home, at = ctx.home_of(r.path, r.section)  # a kin section: under the newer's
            doc = ctx.older_doc(home)
            sec = doc.sections[at]
            line = doc.lines[sec.start] if r.section_title else ""
            if line and not line.lstrip().startswith("#"):  # a setext heading, in ATX
                line = f"{'#' * sec.level} {sec.title}"
            new_sections.setdefault(line, []).append(r)
        else:
            inline.append(r)
    prose = [r for r in inline if r.unit.kind != "code"] if by_meaning else []
    spots = dict(zip((r.key for r in prose), _anchors(ctx, prose, target), strict=True))
    _keep_blocks_together(ctx, prose, spots, target)
    for r in inline:  # a code block goes at the end of its aligned section
        spot = spots.get(r.key) or _section_end(ctx, r, target)
        anchored.setdefault(spot, []).append(r)
    tail_at = len(base.lines)
    while tail_at > 0 and not base.lines[tail_at - 1].strip():
        tail_at -= 1
    structured = [k for k in range(len(base.sections)) if base.sections[k].title
                  and base.structured_only(k)]
    new_at = base.sections[structured[0]].start if structured else tail_at

    headings = {sec.start for sec in base.sections if sec.title}

    def put(at: int, lines: Lines, gap: bool) -> None:
        block = ([("", None)] if gap else []) + lines
        if (at == new_at and at < tail_at) or (gap and at in headings and lines
                                               and lines[0][0].lstrip().startswith("#")):
            block = block[1:] + [("", None)] if gap else block
        after.setdefault(at, []).extend(block)

    for (at, join), refs in sorted(anchored.items()):  # a continued paragraph first
        first = ctx.older_doc(refs[0].path).blocks[refs[0].unit.block]
        marker = numbered_end(ctx, at)
        if marker is not None and all(r.unit.kind == "step" for r in refs):
            put(at, renumbered(chunk(ctx, expand(refs)), *marker), False)
            continue
        # an item after an item of a list continues it; anything else is a block apart
        joins_list = join == _LIST and (first.kind == "list"
                                        or all(r.unit.kind == "check" for r in refs))
        if join == _LEADS:
            put(at, [*chunk(ctx, expand(refs)), ("", None)], False)
            continue
        lines = chunk(ctx, expand(refs))
        if all(r.unit.kind == "step" for r in refs):
            lines = numbered_on(ctx, refs, lines)  # as under its heading
        put(at, lines, join != _CONTINUES and not joins_list)
    puts, on_list = held_over(ctx, held, expand)
    for at, lines, blank in puts:
        put(at, lines, blank)
    for at, lines in on_list.items():  # right under the list's last item, before what
        after[at] = lines + after.get(at, [])  # else was written after it (a carried tip)
    spaced = _spaced_headings(base)
    for heading, refs in new_sections.items():
        level = len(heading) - len(heading.lstrip("#"))
        at = section_spot(ctx, refs, new_at, level) if heading and by_meaning else new_at
        lines = numbered_on(ctx, refs, chunk(ctx, expand(refs)))
        put(at, ([(heading, refs[0].path)] + ([("", None)] if spaced else []) if heading
                 else []) + lines, True)
    for key, refs in followers.items():
        if ctx.entries[key].source == base.path:  # after the base block stating it
            put(base.blocks[ctx.ref(key).unit.block].end, chunk(ctx, expand(refs)), True)
    if notes:
        notes_at, joined = _footnotes_at(ctx, tail_at, new_at)
        put(notes_at, [(ln, r.path) for r in notes for ln in r.unit.raw], not joined)
    for refs, last, title in ((obs, last_obs, "## Observations"),
                              (rels, last_rel, "## Relations")):
        if not refs:
            continue
        lines = [(ln, r.path) for r in refs for ln in r.unit.raw]
        if last is not None:
            after.setdefault(last, []).extend(lines)
        elif refs is obs and (obs_at := _empty_observations(ctx)) is not None:
            # under the newest's own "## Observations" heading, empty as it left it
            if obs_at >= tail_at:  # the note ends with it: before anything put at the end
                after.setdefault(tail_at, [])[0:0] = [("", None), *lines]
            else:
                after.setdefault(obs_at, []).extend([*lines, ("", None)])
        elif refs is obs and (rel_at := _relations_heading(ctx)) is not None:
            # a note's observations come before its relations (basic-memory's order), at
            # its heading's level and spaced as it is written
            head = base.lines[rel_at].lstrip()
            level = len(head) - len(head.lstrip("#"))
            gap = [("", None)] if rel_at + 1 < len(base.lines) \
                and not base.lines[rel_at + 1].strip() else []
            after.setdefault(rel_at, []).extend([(f"{'#' * level} Observations", None),
                                                 *gap, *lines, ("", None)])
        else:
            after.setdefault(tail_at, []).extend([("", None), (title, None), ("", None),
                                                  *lines])
    # several sentences of one paragraph may each be swapped ("older" on an intro and
    # on a value in the same lead): keyed by their first line, all are kept
    swaps: dict[int, list[tuple[Ref, Ref]]] = {}
    for b, o in ctx.replaced.items():
        swaps.setdefault(ctx.ref(b).unit.start, []).append((ctx.ref(b), ctx.ref(o)))
    gone = {ctx.ref(k).unit.start for k, e in ctx.entries.items()
             if e.source == base.path and e.status == "dropped"}
    # headings of the newest's observation or relation sections whose lines are all gone
    emptied = {base.sections[k].start for k in range(len(base.sections))
               if base.sections[k].title and base.structured_only(k)
               and all(b_unit.start in gone for b in base.sections[k].blocks
                       for b_unit in base.blocks[b].units)}
    heads: list[int] = []
    out: Lines = []
    i = 0
    while i <= len(base.lines):
        out += after.get(i, [])
        if i == len(base.lines):
            break
        if i in swaps:
            pairs = swaps.pop(i)
            newer, older = pairs[0]
            if newer.unit.kind == "sentence":
                end = max(p.unit.end for p, _ in pairs)
                # a swapped sentence starting on a line this one spans joins it
                while more := [j for j in swaps if i < j < end
                               and swaps[j][0][0].unit.kind == "sentence"]:
                    for j in more:
                        pairs += swaps.pop(j)
                    end = max(p.unit.end for p, _ in pairs)
                para = " ".join(ln.strip() for ln in base.lines[i:end])
                for was, now in pairs:
                    para = para.replace(was.unit.text, ctx.entries[now.key].written
                                        or now.unit.text, 1)
                out.append((para, older.path))
                i = end
            else:
                written = ctx.entries[older.key].written  # (pass_revalued)
                # (in the newest's line's place: its indent and bullet)
                raw = [bullet(newer.unit.raw[0]) + written] if written else older.unit.raw
                out += [(ln, older.path) for ln in raw]
                i = newer.unit.end
            continue
        if i not in gone:
            if i in emptied:
                heads.append(len(out))
            out.append((base.lines[i], None))
        i += 1
    return _without_empty(out, heads)


def _without_empty(out: Lines, heads: list[int]) -> Lines:
    """`out` without the headings at `heads` (observations or relations sections of the
    newest whose every line was dropped) that nothing was written under: a "## Relations"
    heading left over a dropped "supersedes [[...]]" line to a member is no section."""
    drop: set[int] = set()
    for h in heads:
        j = h + 1
        while j < len(out) and not out[j][0].strip():
            j += 1
        if j == len(out) or out[j][0].lstrip().startswith("#"):
            drop |= set(range(h, j))
    if not drop:
        return out
    kept = [ln for k, ln in enumerate(out) if k not in drop]
    while kept and not kept[-1][0].strip():
        kept.pop()  # (no blank tail where the last section went)
    return kept + ([("", None)] if out and not out[-1][0].strip() else [])



def _spaced_headings(doc: Document) -> bool:
    """Whether the note leaves a blank line under its prose sections' headings (most of them
    do, or it has none): a carried heading is written the way the note writes its own."""
    heads = [sec.start for k, sec in enumerate(doc.sections) if sec.title
             and not sec.is_intro and not doc.structured_only(k)  # its prose's headings
             and sec.start + 1 < len(doc.lines)]
    blank = sum(not doc.lines[h + 1].strip() for h in heads)
    return not heads or 2 * blank >= len(heads)


def _footnotes_at(ctx: MergeContext, tail_at: int, new_at: int) -> tuple[int, bool]:
    """Where carried footnote definitions go: after the base's own, else before its
    observations and relations (a footnote is the body's), else at the end. True:
    right after another definition (no blank line between)."""
    base = ctx.base_refs()
    defs = [r.unit.end for r in base if r.unit.kind == "footnote"]
    if defs:
        return max(defs), True
    structured = [ctx.base.blocks[r.unit.block].start for r in base
                  if r.unit.kind in ("obs", "rel")]
    return min([new_at, *structured]) if structured or new_at < tail_at else tail_at, False




def _anchors(ctx: MergeContext, refs: list[Ref], target: dict[str, int]
             ) -> list[tuple[int, int]]:
    """For each carried unit, the base line it is written before: after its nearest
    base unit by meaning (within the section pass 4 homed it in, or the one meaning
    chose (`target`), or the section its heading aligned with, if any; anywhere
    otherwise), after that unit's block unless both are items of plain lists; at the
    chosen section's end when it has no prose. With it, how it is written there
    (_CONTINUES: a sentence whose nearest base unit is in that paragraph, at least
    Thresholds.home_cosine close, goes on it as the paragraph's next line, not as a
    one-line paragraph of its own; _LIST: it joins a list; else a block apart)."""
    base = [b for b in ctx.base_refs() if b.unit.kind not in UNEMBEDDED]
    if not refs:
        return []
    if not base:
        end = max((s.end for s in ctx.base.sections), default=len(ctx.base.lines))
        return [(end, _APART_BLOCK)] * len(refs)
    sims = np.asarray(ctx.cosines([r.unit.text for r in refs], [b.unit.text for b in base]),
                      dtype=np.float64)
    out = []
    carried = Counter((r.path, r.unit.block) for r in refs)  # units carried per block
    for i, r in enumerate(refs):
        home = target.get(r.key, ctx.home.get(r.key))
        aligned = ctx.aligned.get((r.path, r.section))
        own = ctx.older_doc(r.path).blocks[r.unit.block]
        row = sims[i].copy()
        if home is not None:
            row[[b.section != home for b in base]] = -2.0
            if not (row > -2.0).any():  # a heading and lists, tables or code only
                out.append(_section_end(ctx, r, target))
                continue
        if aligned is not None and home is None and (r.path, r.section) not in ctx.loose:
            mine = [b.section == aligned for b in base]
            if any(mine):  # a heading that matched says where it belongs
                row[[not m for m in mine]] = -2.0
        # never into or right after a list, table or code it is not part of: after the
        # nearest prose (of its section, if it has one: else the section's end)
        whole = [row[k] > -2.0 and ctx.base.blocks[b.unit.block].kind in WHOLE_BLOCKS
                 and ctx.base.blocks[b.unit.block].kind != own.kind
                 for k, b in enumerate(base)]
        if any(row[k] > -2.0 and not whole[k] for k in range(len(base))):
            row[whole] = -3.0
        if r.unit.kind == "item" and own.kind == "list":
            # an item among items: with the nearest item of a plain list where it goes,
            # not a one-item list after a paragraph
            items = [row[k] > -2.0 and ctx.base.blocks[b.unit.block].kind == "list"
                     and b.unit.kind == "item" for k, b in enumerate(base)]
            if any(items):
                row[[not x for x in items]] = -3.0
        b = base[int(row.argmax())]
        block = ctx.base.blocks[b.unit.block]
        if block.kind == "list":  # at its end: the newest's list is read whole, an
            # older item never spliced between two of its items (issue 18 item 3)
            out.append((block.end, _LIST))
        elif _leads(ctx, r, b, block):  # what the note is, before its version's occasion
            out.append((block.start, _LEADS))
        elif (led := _led_in(ctx, b.unit.block)) is not None:
            out.append((ctx.base.blocks[led].end, _APART_BLOCK))  # after what it leads in
        else:  # a sentence near the paragraph's own continues it, else a paragraph apart
            # (an older paragraph carried whole was a paragraph of its author's: it
            # stays one, not run on into another's)
            near = r.unit.kind == "sentence" and block.kind == "para" \
                and float(row.max()) >= ctx.thresholds.home_cosine \
                and carried[(r.path, r.unit.block)] < len(own.units)
            out.append((block.end, _CONTINUES if near else _APART_BLOCK))
    return out


def _led_in(ctx: MergeContext, bi: int) -> int | None:
    """The block a paragraph ending in ":" leads in ("... they have changed how they
    batch deliveries:" and its table, AE g02): nothing is written between the two, so
    the index of that block (the next of its section), else None."""
    block = ctx.base.blocks[bi]
    if block.kind != "para" or not ctx.base.lines[block.end - 1].rstrip().endswith(":"):
        return None
    nxt = bi + 1
    if nxt < len(ctx.base.blocks) and ctx.base.blocks[nxt].section == block.section:
        return nxt
    return None


# How a carried unit is written at its spot (sorted: a continued paragraph first)
_CONTINUES, _APART_BLOCK, _LIST, _LEADS = 0, 1, 2, 3


def _leads(ctx: MergeContext, r: Ref, b: Ref, block: Block) -> bool:
    """An older intro's sentence saying what the note is ("Who to call about each league
    at Strike Zone Lanes.") goes before the newest's intro paragraph when that paragraph
    opens with its version's occasion ("Updated roster for the spring season.",
    "Revised after the band meeting on 4 March."): a reader meets the note's subject
    first, then what changed in it."""
    if r.unit.kind != "sentence" or block.kind != "para" or not in_intro(ctx, r) \
            or not ctx.base.sections[b.section].is_intro:
        return False
    first = next((u for u in block.units if u.kind == "sentence"), None)
    talk = version_talk(r.unit.text, ctx.lexicon, True)
    if first is None or talk is not None and talk != SCOPE_LINE:
        return False
    opening = re.findall(r"[a-z]+", first.text.lower())[:1]
    occasion = version_talk(first.text, ctx.lexicon, True)
    return occasion is not None and occasion != SCOPE_LINE \
        or bool(opening) and opening[0] in ctx.lexicon.change_verbs
# Blocks read as one whole (an ordered list, a table, code): nothing else joins them.


def _keep_blocks_together(ctx: MergeContext, refs: list[Ref],
                          spots: dict[str, tuple[int, int]], target: dict[str, int]) -> None:
    """Units of one older block placed in one section of the newest stay one block:
    all go where its first unit goes, after the whole base block there (an older
    "Benefits" list homed in "What members pay" follows the fee list, its items not
    interleaved with the fees; a paragraph's carried sentences are one paragraph, not
    one-line paragraphs each beside its own nearest unit)."""
    firsts: dict[tuple[str, int, int | None], tuple[int, int]] = {}
    count: dict[tuple[str, int, int | None], int] = {}

    def run_of(r: Ref) -> tuple[str, int, int | None]:
        where = target.get(r.key, ctx.home.get(r.key, ctx.aligned.get((r.path, r.section))))
        return r.path, r.unit.block, where

    for r in refs:
        count[run_of(r)] = count.get(run_of(r), 0) + 1
    for r in refs:
        block = run_of(r)
        if count[block] < 2 or r.key not in spots:
            continue
        if block not in firsts:
            at, join = spots[r.key]
            if join == _LIST:  # after an item: after its list instead
                at = next((b.end for b in ctx.base.blocks if b.start < at <= b.end), at)
            firsts[block] = (at, join)
        spots[r.key] = firsts[block]


def _checklist_of(ctx: MergeContext, r: Ref) -> int | None:
    """Where a carried checklist item goes: after the newest's checklist (its aligned
    section's, else the one whose items are nearest in meaning); None when the newest
    has no checklist. A checklist item is never written loose in prose."""
    lists = [b for b in ctx.base.blocks if b.kind == "checklist" and b.units]
    if not lists:
        return None
    aligned = ctx.home.get(r.key, ctx.aligned.get((r.path, r.section)))
    own = [b for b in lists if b.section == aligned]
    if own:
        return own[-1].end
    items = [u for b in lists for u in b.units]
    sims = ctx.cosines([r.unit.text], [u.text for u in items])
    best = items[int(np.argmax(sims))] if sims is not None else items[-1]
    return ctx.base.blocks[best.block].end


def _section_end(ctx: MergeContext, r: Ref, target: dict[str, int]) -> tuple[int, int]:
    """The end of the base section a carried unit goes in (by meaning, else the one
    its section is aligned with)."""
    k = target.get(r.key, ctx.home.get(r.key, ctx.aligned.get((r.path, r.section))))
    sec = ctx.base.sections[k or 0]
    last = ctx.base.blocks[sec.blocks[-1]].kind if sec.blocks else None
    return sec.end, _LIST if last == "list" else _APART_BLOCK


_PLACED = frozenset({"sentence", "item"})  # placed by the meaning of their section
