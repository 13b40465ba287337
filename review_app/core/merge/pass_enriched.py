"""An older observation or relation the newest repeats without its tags or its
"(context)" ("[payment] Council tax by direct debit #bills #direct-debit (from April)"
beside the newest's "[payment] Council tax by direct debit #bills"; "paid_to [[Borough
Council]] (account 5512)" beside "paid_to [[Borough Council]]") is the same line saying
more: the newest's line is written with the tags it lacks and, where it has none, the
older context (basic-memory indexes both; a fuzzing pass found them lost from every
merge and update). The older unit is written in the newest's place (pass_choices, as
a fuller wording is), so the person keeps the newest's line as it was with "newer"."""

from __future__ import annotations

from dataclasses import replace

from ..notes import parse_observation, parse_relation
from ..units import normalise
from .context import MergeContext, Ref
from .ledger import Choice

_FLIP_PAIR: tuple[Choice, ...] = ("newer", "older")


def _untagged(content: str) -> str:
    return normalise(" ".join(w for w in content.split() if not w.startswith("#")))


def _same(ctx: MergeContext, r: Ref) -> tuple[Ref, str] | None:
    """The newest's unit saying `r`'s observation or relation without some of its tags
    or its context, and the line the two make (no bullet); None when there is none."""
    line = r.unit.raw[0] if r.unit.raw else ""
    for b in ctx.base_refs():
        if b.unit.kind != r.unit.kind or not b.unit.raw:
            continue
        mine = b.unit.raw[0]
        if r.unit.kind == "obs":
            o, n = parse_observation(line), parse_observation(mine)
            if o is None or n is None or normalise(o.category) != normalise(n.category):
                continue
            if _untagged(o.content) != _untagged(n.content):
                continue
            tags = [t for t in o.tags if t.lower() not in {x.lower() for x in n.tags}]
            context = o.context if o.context and not n.context else None
            if not tags and not context:
                return None
            text = f"[{n.category}] {n.content}" + "".join(f" #{t}" for t in tags) \
                + (f" ({n.context or context})" if n.context or context else "")
            return b, text
        o_rel, n_rel = parse_relation(line), parse_relation(mine)
        if o_rel is None or n_rel is None or normalise(o_rel.type) != normalise(n_rel.type) \
                or normalise(o_rel.target) != normalise(n_rel.target):
            continue
        if not o_rel.context or n_rel.context:
            return None
        head = mine.strip().lstrip("-*").strip()
        return b, f"{head} ({o_rel.context})"
    return None


def run(ctx: MergeContext) -> None:
    taken: set[str] = set()
    for _, doc in ctx.older:  # newest first: a newer version's context wins
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is None or r.unit.kind not in ("obs", "rel") or e.status == "carried" \
                    or e.chosen:
                continue
            found = _same(ctx, r)
            if found is None or found[0].key in taken or found[0].key in ctx.fuller.values():
                continue
            b, text = found
            taken.add(b.key)
            ctx.fuller[r.key] = b.key
            ctx.entries[r.key] = replace(
                e, status="superseded", by=b.key, by_text=" ".join(b.unit.raw).strip(),
                flips=_FLIP_PAIR, written=text,
                why="the newest says it without the tags or context this one adds")
