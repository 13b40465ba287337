"""Pass 5: a unit two older notes would both carry is carried once, from the newer
of them; the other is reported present ("carried from ...")."""

from __future__ import annotations

from rapidfuzz import fuzz

from .context import MergeContext, Ref
from .pass_units import as_written
from .pass_verdicts import entry_for as _entry
from .pass_verdicts import relation_of as _target


def run(ctx: MergeContext) -> None:
    carried: list[Ref] = []
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            if ctx.entries[r.key].status != "carried":
                continue
            same = next((c for c in carried if c.unit.kind == r.unit.kind and (
                c.unit.norm == r.unit.norm or (r.unit.kind == "rel" and _target(
                    ctx, c.unit.raw[0]) == _target(ctx, r.unit.raw[0])) or
                fuzz.token_sort_ratio(c.unit.norm, r.unit.norm) >= ctx.thresholds.same_fuzz
            )), None)
            if same is None:
                carried.append(r)
            else:
                ctx.entries[r.key] = _entry(r, "present", by=same.key,
                                            by_text=as_written(same),
                                            why=f"carried from {same.path}")


