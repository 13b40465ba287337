"""Pass 6: the person's choices (ledger key -> carry | drop | newer | older) override
the engine's verdicts; a key that names no choosable entry is ignored."""

from __future__ import annotations

from dataclasses import replace

from .context import MergeContext
from .ledger import NEVER_REWRITTEN
from .older_only import HELD

_OWN_PLACE = frozenset({"obs", "rel"})


def run(ctx: MergeContext) -> None:
    for key, by in ctx.fuller.items():  # the engine's default: the fuller wording
        if ctx.entries[by].kind in NEVER_REWRITTEN and key not in ctx.extended:
            # "6. Fit the new Delignit block ..."
            longer = ctx.entries[key]
            ctx.entries[key] = replace(longer, status="dropped", by=None, by_text=None, held=True,
                                       flips=("carry", "drop"),
                                       why=f"{HELD} (the newest's own "
                                       f"{ctx.entries[by].kind} says it shorter: "
                                       f"{ctx.entries[by].text})")
            continue
        if ctx.choices.get(key) != "newer" and by not in ctx.replaced:
            _older(ctx, key, chosen=False)
    for key, choice in ctx.choices.items():
        e = ctx.entries.get(key)
        if e is None or choice not in e.flips:
            continue
        if choice == "carry" and e.status == "dropped":
            ctx.entries[key] = replace(e, status="carried", chosen=True)
        elif choice == "drop" and e.status == "carried":
            ctx.entries[key] = replace(e, status="dropped", chosen=True)
        elif choice == "older" and e.status == "superseded" and e.by in ctx.entries:
            _older(ctx, key, chosen=True)
        elif choice in ("carry", "drop", "newer"):
            ctx.entries[key] = replace(e, chosen=True)


def _older(ctx: MergeContext, key: str, *, chosen: bool) -> None:
    """Write the older unit `key` in place of the base unit that superseded it."""
    e = ctx.entries[key]
    newer = ctx.entries[e.by]  # type: ignore[index]
    if newer.status != "stated" or e.by in ctx.replaced:
        if chosen:
            # a base unit is replaced by one older unit at most; another the person
            # chose over it (an older intro and an older value both superseded by one
            # lead sentence) is written beside it, not silently left out; so is one
            # a newer older version superseded (v2's "Dave Hollins moved to the
            # Manchester branch" over v1's "our rep is Dave Hollins"), no base unit
            ctx.entries[key] = replace(e, status="carried", chosen=True,
                                       why=f"written beside (not instead of): {newer.text}")
        return
    if (e.kind in _OWN_PLACE) != (newer.kind in _OWN_PLACE):
        # An observation or relation lives in its own section and a body unit in the
        # prose: neither can take the other's place, so the older one is written in
        # its own place and the base unit stays (the person edits it with `e`).
        ctx.entries[key] = replace(e, status="carried", chosen=chosen,
                                   why=f"written beside (not instead of): {newer.text}")
        return
    ctx.replaced[e.by] = key  # type: ignore[index]
    ctx.entries[key] = replace(e, status="carried", chosen=chosen,
                               why=f"written instead of: {newer.text}")
    ctx.entries[e.by] = replace(newer, status="superseded", by=key,  # type: ignore[index]
                                by_text=e.text, chosen=chosen)
