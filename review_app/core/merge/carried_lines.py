"""Carried units as the lines a merged note writes them in (pass_render, held_blocks)."""

from __future__ import annotations

import re

from .context import MergeContext, Ref

Lines = list[tuple[str, str | None]]  # (line, the member it came from; None: base)
STEP = re.compile(r"^(\s*)(\d{1,9})([.)])(\s+)")


def chunk(ctx: MergeContext, refs: list[Ref]) -> Lines:
    """Carried units as lines: sentences of one paragraph joined, units of one block
    together, blocks apart by a blank line; a table keeps its header."""
    out: Lines = []
    last: tuple[str, int] | None = None
    last_kind = ""
    for r in refs:
        doc = ctx.older_doc(r.path)
        block = doc.blocks[r.unit.block]
        here = (r.path, r.unit.block)
        text = ctx.entries[r.key].written or r.unit.text  # (pass_trimmed)
        if here == last and r.unit.kind == "sentence":
            out[-1] = (f"{out[-1][0]} {text}", r.path)
            continue
        if here != last:
            if out and not (block.kind == last_kind == "list"):
                out.append(("", None))
            if block.kind == "table":
                first_row = block.units[0].start if block.units else block.start
                out += [(ln, r.path) for ln in doc.lines[block.start:first_row]]
        last, last_kind = here, block.kind
        raw = [text] if r.unit.kind == "sentence" else r.unit.raw
        if r.unit.kind == "item" and ctx.entries[r.key].written:  # its own clause only
            raw = [bullet(r.unit.raw[0]) + text]
        out += [(ln, r.path) for ln in raw]
    return out


def bullet(line: str) -> str:
    """A list line's indent, bullet or number and box, for a line written in its own
    words (`written`) in that line's place."""
    return re.match(r"\s*(?:(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?)?",  # type: ignore[union-attr]
                    line).group(0)
