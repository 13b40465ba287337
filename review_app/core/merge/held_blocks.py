"""What older versions keep of a block the newest has its own version of (pass_blocks
holds them with it), written after that block: on its end as its own items where the
block has no order to break (a checklist, a plain list, a table under the same header),
else as sentences of their own where each is one (`as_prose`), else as a list of their own
under Lexicon.held_over_line, one label a block."""

from __future__ import annotations

import re
from collections.abc import Callable

from .carried_lines import STEP, Lines, chunk
from .context import MergeContext, Ref
from .document import Block, cells, item_marker

Put = tuple[int, Lines, bool]  # (base line written before, lines, a blank line first)


def held_over(ctx: MergeContext, held: dict[tuple[int, str], list[Ref]],
              expand: Callable[[list[Ref]], list[Ref]]) -> tuple[list[Put], dict[int, Lines]]:
    """For each (base block, older note) and its held items: what to write after the
    block, in order, and the bullets going on a newest plain list (written right under
    its last item, before anything else carried there). The items two older versions
    keep of one block stand under one label, the newer version's first."""
    base = ctx.base
    older_at = {doc.path: k for k, (_, doc) in enumerate(ctx.older)}  # newest first
    puts: list[Put] = []
    labelled: dict[int, Lines] = {}
    said: dict[int, list[Ref]] = {}  # the refs under each label, in its order
    on_list: dict[int, Lines] = {}  # a list's end -> bullets going on that list
    for (bi, path), refs in sorted(held.items(), key=lambda kv: (kv[0][0], older_at[kv[0][1]])):
        end = base.blocks[bi].end
        if all(r.key in ctx.standing for r in refs):  # named by number: as numbered
            puts.append((end, chunk(ctx, expand(refs)), True))
            continue
        steps = bi in ctx.after_steps  # (a labelled list of its own: no step's list)
        if not steps and (lines := continued(ctx, base.blocks[bi], refs, expand(refs))
                          ) is not None:
            puts.append((end, lines, False))
            continue
        lines = own_list(chunk(ctx, expand(refs)))
        if not steps and _goes_on(base.blocks[bi], base.lines, lines):
            on_list.setdefault(end, []).extend(lines)
            continue
        mine = labelled.setdefault(bi, [(ctx.lexicon.held_over_line, path), ("", None)])
        if len(mine) > 2 and not _goes_on_lines(mine[-1][0], lines):
            mine.append(("", None))
        mine += lines
        said.setdefault(bi, []).extend(expand(refs))
    for bi, lines in labelled.items():
        # (after a step of a procedure written as numbered headings, procedures.
        # heading_steps, sentences would read as that step's own)
        prose = as_prose(ctx, said[bi]) if bi not in ctx.after_steps else None
        puts.append((base.blocks[bi].end, lines if prose is None else prose, True))
    return puts, on_list


_ENDED = re.compile(r"[.!?][)\"'’”*]*$")


def as_prose(ctx: MergeContext, refs: list[Ref]) -> Lines | None:
    """Steps or items carried after a numbered list, each a sentence, written as plain
    sentences a line each (one paragraph) rather than bullets under
    Lexicon.held_over_line: blind readers of merge-ER read that label as a tool's
    leftover in three of thirteen notes, and a sentence after a procedure reads as an
    editor's note on it, never as a step of its order. Each one's `written` is the
    sentence as written. None (the labelled list) unless every one is a single-line step
    or item of three words or more opening on a capital or a number; one that ends on a
    word, number or bracket gets a full stop, any other ending (":" before sub-items,
    ",") keeps the list."""
    out: list[tuple[Ref, str]] = []
    for r in refs:
        u = r.unit
        if u.kind not in ("item", "step") or len(u.raw) != 1 or u.raw[0][:1].isspace():
            return None
        text = (ctx.entries[r.key].written or u.text).strip()
        if len(text.split()) < 3 or not (text[:1].isupper() or text[:1].isdigit()
                                         or text.startswith("**")):
            return None
        if not _ENDED.search(text):
            if not (text[-1].isalnum() or text[-1] in ")%"):
                return None
            text += "."
        out.append((r, text))
    for r, text in out:
        ctx.entries[r.key].written = text
    return [(text, r.path) for r, text in out]


def continued(ctx: MergeContext, block: Block, refs: list[Ref], whole: list[Ref]
               ) -> Lines | None:
    """An older version's checklist items, plain list items or table rows carried with
    the newest's block of their kind go on at its end, as the block's own: a checklist
    or a list has no order to break, and a row under the same header (or written in its
    columns by pass_rows) is one more row (readers of every held-out set found a second
    list under "Also from an earlier version:" odd). Steps (an order), rows pass_rows
    could not write in the newest's columns or after a total row, and items of another
    marker or level keep a list of their own."""
    kinds = {r.unit.kind for r in whole}
    if whole != refs or len(kinds) != 1:
        return None
    kind = kinds.pop()
    if (kind, block.kind) not in (("check", "checklist"), ("item", "list"), ("row", "table")):
        return None
    last = ctx.base.lines[block.end - 1]
    if kind == "row":
        # under the same header as written; under another, in the newest's columns
        # (pass_rows wrote each such row out as `written`)
        if any(ctx.older_doc(r.path).blocks[r.unit.block].header != block.header
               and not ctx.entries[r.key].written for r in refs):
            return None
        first = cells(last)[0].strip("* ").lower()
        return None if set(first.split()) & ctx.lexicon.total_labels else [
            (ctx.entries[r.key].written or ln, r.path) for r in refs for ln in r.unit.raw]
    # one level and one bullet: an item goes on the list, not under its last item
    marker = item_marker(last)
    if marker is None or marker[0] or marker[1] not in "-*+" or any(
            item_marker(r.unit.raw[0]) != marker for r in refs):
        return None
    return [(ln, r.path) for r in refs for ln in r.unit.raw]


def _goes_on_lines(last: str, lines: Lines) -> bool:
    """Every line is an item of `last`'s level and bullet: they go on its list."""
    marker = item_marker(last)
    return marker is not None and not marker[0] and marker[1] in "-*+" and bool(lines) \
        and all(item_marker(ln) == marker for ln, _ in lines)


def _goes_on(block: Block, base_lines: list[str], lines: Lines) -> bool:
    """Steps of an older version carried after the newest's plain list, as bullets
    (_own_list), go on that list: the newest's author wrote it with no order to break,
    and a second list under a label for one or two items read oddly (merge-CJ's rigging
    checks)."""
    return block.kind == "list" and _goes_on_lines(base_lines[block.end - 1], lines)


def own_list(lines: Lines) -> Lines:
    """Steps carried after the newest's version of their list are a list of their own
    under Lexicon.held_over_line, each a bullet: no number of the older order (an older
    "7." alone reads as a list missing six steps, and two older "3."s as one step
    twice) and none continuing the newest's order, which never had them (a blind
    paired read found a list restarting at 1 awkward). A block of no numbered steps (a
    table, a checklist) is left as written."""
    marks = [m for ln, _ in lines if (m := STEP.match(ln))]
    if not marks:
        return lines
    indent = min((m.group(1) for m in marks), key=len)
    out: Lines = []
    for ln, src in lines:
        m = STEP.match(ln)
        out.append((f"{indent}- {ln[m.end():]}" if m and m.group(1) == indent else ln, src))
    return out
