"""Last: the written body: the base's lines as they are, with each carried unit
written whole (its own lines) after the content of its aligned section, older
observations after the base's last observation, relations after its last relation,
units of an unaligned section under that section's heading at the end (before the
base's observation and relation sections), and base units the person replaced by an
older one swapped in place."""

from __future__ import annotations

from .context import MergeContext, Ref
from .document import Document

Lines = list[tuple[str, str | None]]  # (line, the member it came from; None: base)


def _structured_only(doc: Document, k: int) -> bool:
    units = [u for b in doc.sections[k].blocks for u in doc.blocks[b].units]
    return bool(units) and all(u.kind in ("obs", "rel") for u in units)


def _chunk(ctx: MergeContext, refs: list[Ref]) -> Lines:
    """Carried units as lines: sentences of one paragraph joined, units of one block
    together, blocks apart by a blank line; a table keeps its header."""
    out: Lines = []
    last: tuple[str, int] | None = None
    last_kind = ""
    for r in refs:
        doc = next(d for _, d in ctx.older if d.path == r.path)
        block = doc.blocks[r.unit.block]
        here = (r.path, r.unit.block)
        if here == last and r.unit.kind == "sentence":
            out[-1] = (f"{out[-1][0]} {r.unit.text}", r.path)
            continue
        if here != last:
            if out and not (block.kind == last_kind == "list"):
                out.append(("", None))
            if block.kind == "table":
                first_row = block.units[0].start if block.units else block.start
                out += [(ln, r.path) for ln in doc.lines[block.start:first_row]]
        last, last_kind = here, block.kind
        raw = [r.unit.text] if r.unit.kind == "sentence" else r.unit.raw
        out += [(ln, r.path) for ln in raw]
    return out


def run(ctx: MergeContext) -> Lines:
    base = ctx.base
    after: dict[int, Lines] = {}  # base line index -> lines inserted before it
    carried = [r for _, d in ctx.older for r in ctx.refs[d.path]
               if ctx.entries[r.key].status == "carried" and r.key not in ctx.replaced.values()]
    base_refs = ctx.base_refs()
    last_obs = max((r.unit.end for r in base_refs if r.unit.kind == "obs"), default=None)
    last_rel = max((r.unit.end for r in base_refs if r.unit.kind == "rel"), default=None)
    per_section: dict[int, list[Ref]] = {}
    new_sections: dict[str, list[Ref]] = {}
    obs: list[Ref] = []
    rels: list[Ref] = []
    notes: list[Ref] = []
    for r in carried:
        if r.unit.kind == "obs":
            obs.append(r)
            continue
        if r.unit.kind == "rel":
            rels.append(r)
            continue
        if r.unit.kind == "footnote":  # definitions close the note, after its relations
            notes.append(r)
            continue
        aligned = ctx.home.get(r.key, ctx.aligned.get((r.path, r.section)))
        if aligned is None:
            doc = next(d for _, d in ctx.older if d.path == r.path)
            sec = doc.sections[r.section]
            line = doc.lines[sec.start] if r.section_title else ""
            if line and not line.lstrip().startswith("#"):  # a setext heading, in ATX
                line = f"{'#' * sec.level} {sec.title}"
            new_sections.setdefault(line, []).append(r)
        else:
            per_section.setdefault(aligned, []).append(r)
    tail_at = len(base.lines)
    while tail_at > 0 and not base.lines[tail_at - 1].strip():
        tail_at -= 1
    structured = [k for k in range(len(base.sections)) if base.sections[k].title
                  and _structured_only(base, k)]
    new_at = base.sections[structured[0]].start if structured else tail_at

    def put(at: int, lines: Lines, gap: bool) -> None:
        block = ([("", None)] if gap else []) + lines
        if at == new_at and at < tail_at:
            block = block[1:] + [("", None)] if gap else block
        after.setdefault(at, []).extend(block)

    for k, refs in per_section.items():
        blocks = base.sections[k].blocks
        last_kind = base.blocks[blocks[-1]].kind if blocks else None
        first = next(d for _, d in ctx.older if d.path == refs[0].path).blocks[
            refs[0].unit.block]
        # an item after a list of items continues it; anything else is a block apart
        put(base.sections[k].end, _chunk(ctx, refs), not (last_kind == first.kind == "list"))
    for heading, refs in new_sections.items():
        put(new_at, ([(heading, refs[0].path), ("", None)] if heading else [])
            + _chunk(ctx, refs), True)
    for refs, last, title in ((obs, last_obs, "## Observations"),
                              (rels, last_rel, "## Relations")):
        if not refs:
            continue
        lines = [(ln, r.path) for r in refs for ln in r.unit.raw]
        if last is not None:
            after.setdefault(last, []).extend(lines)
        else:
            after.setdefault(tail_at, []).extend([("", None), (title, None), ("", None),
                                                  *lines])
    swaps = {ctx.ref(b).unit.start: (ctx.ref(b), ctx.ref(o))
             for b, o in ctx.replaced.items()}
    gone = {ctx.ref(k).unit.start for k, e in ctx.entries.items()
             if e.source == base.path and e.status == "dropped"}
    out: Lines = []
    i = 0
    while i <= len(base.lines):
        out += after.get(i, [])
        if i == len(base.lines):
            break
        if i in swaps:
            newer, older = swaps.pop(i)
            if newer.unit.kind == "sentence":
                para = " ".join(ln.strip() for ln in base.lines[newer.unit.start:
                                                               newer.unit.end])
                out.append((para.replace(newer.unit.text, older.unit.text, 1), older.path))
            else:
                out += [(ln, older.path) for ln in older.unit.raw]
            i = newer.unit.end
            continue
        if i not in gone:
            out.append((base.lines[i], None))
        i += 1
    if notes:
        while out and not out[-1][0].strip():
            out.pop()
        out += [("", None)] + [(ln, r.path) for r in notes for ln in r.unit.raw]
    return out
