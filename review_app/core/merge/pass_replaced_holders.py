"""Whom the newest replaced in a role and never names is gone from the note."""

from __future__ import annotations

import re
from dataclasses import replace

from .context import MergeContext
from .ledger import ROLE_REPLACED, Choice
from .pass_units import said
from .roles import holders

_FLIP_PAIR: tuple[Choice, ...] = ("newer", "older")


def _parts(ctx: MergeContext, name: str, named: str) -> list[str]:
    """The parts of a gone holder's name a line may name them by alone."""
    if " " not in name:
        return []
    lx = ctx.lexicon
    return [p for p in name.split() if len(p) >= 3 and p not in lx.function_words
            and p not in lx.months and not re.search(rf"\b{re.escape(p)}\b", named)]


def run(ctx: MergeContext) -> None:
    """Whom the newest replaced in a role and never names is gone from the note, like
    a person who left: an older line naming them ("Boots Hillcrest supplies our monthly
    cycle." once "Pharmacy is Boots Hillcrest" gave way to Hillcrest Pharmacy) is
    superseded by what replaced them, not written beside it (merge-BF g05). Run after
    the passes that judge a line's own stage or value, so only what they still carry
    is asked."""
    base = ctx.base_refs()
    named = " ".join(b.unit.text.lower() for b in base)
    gone: dict[str, tuple[str, str]] = {}  # name -> (newest key, its text)
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is None or e.status != "superseded" or not e.by \
                    or not (e.why or "").startswith(ROLE_REPLACED):
                continue
            for h in holders(said(r.unit), ctx.lexicon):
                if h.sure and h.name not in named:
                    gone.setdefault(h.name, (e.by, e.by_text or ""))
    if not gone:
        return
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is None or e.status != "carried" or r.unit.kind == "rel":
                continue
            text = said(r.unit)
            low = text.lower()
            who = next((n for n in gone if re.search(rf"\b{re.escape(n)}\b", low)
                        or any(re.search(rf"\b{re.escape(p.title())}\b", text)
                               for p in _parts(ctx, n, named))), None)
            if who is not None:
                by, by_text = gone[who]
                ctx.entries[r.key] = replace(
                    e, status="superseded", by=by, by_text=by_text, flips=_FLIP_PAIR,
                    why=f"the newest names another in {who.title()}'s role")
