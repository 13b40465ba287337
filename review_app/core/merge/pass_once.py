"""Pass 5: a unit two older notes would both carry is carried once, from the newer
of them; the other is reported present ("carried from ..."). A carried sentence
whose new facts a carried observation states too (an intro's "written after the July
losses in R3 and R7" and "[lesson] R3 and R7 were lost in July 2024") is carried
once, as the observation."""

from __future__ import annotations

from rapidfuzz import fuzz

from .context import MergeContext, Ref
from .facts import facts_of
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
    _prose_an_observation_states(ctx)


def _prose_an_observation_states(ctx: MergeContext) -> None:
    carried = [r for _, doc in ctx.older for r in ctx.refs[doc.path]
               if ctx.entries[r.key].status == "carried"]
    obs = [r for r in carried if r.unit.kind == "obs"]
    prose = [r for r in carried if r.unit.kind == "sentence"]
    if not obs or not prose:
        return
    stated = {v for b in ctx.base_refs() for v in b.facts.values}
    said = {o.key: facts_of(o.unit.text.split("]", 1)[-1], ctx.lexicon, all_names=True).values
            for o in obs}
    sims = ctx.cosines([p.unit.text for p in prose], [o.unit.text for o in obs])
    for i, p in enumerate(prose):
        new = {v for v in p.facts.values if v not in stated and not v.startswith("label:")}
        hits = [j for j, o in enumerate(obs) if new and new <= said[o.key]
                and float(sims[i, j]) >= ctx.thresholds.prose_as_observation_cosine]
        if hits:
            o = obs[max(hits, key=lambda j: float(sims[i, j]))]
            ctx.entries[p.key] = _entry(p, "present", by=o.key, by_text=as_written(o),
                                        why=f"carried as an observation from {o.path}")
