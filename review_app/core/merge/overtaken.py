"""A change an older version announced that took effect before the newest note was
written: the newest's own figure for that thing is what holds now ("From 1 July 2025
the adult return goes up" under the newest's "| Adult return | £19.50 |")."""

from __future__ import annotations

import re

from ..notes import Note
from .context import MergeContext, Ref
from .older_only import content_prefixes
from .past_events import announced_change, took_effect


def overtaken_by(ctx: MergeContext, r: Ref, own: Note) -> Ref | None:
    """The newest unit giving a value of what the older sentence `r` (of `own`) announced
    a change of, once that change is in effect (past_events). What changes is named by two
    of its words (one, if it has one) in a unit of the newest that gives a figure: a thing
    the newest no longer speaks of keeps the sentence ("From 1 March the gym opens at 6am"
    states the opening time)."""
    thing = announced_change(r.unit.text, ctx.lexicon.change_verbs)
    if not thing or not took_effect(r.unit.text, own, ctx.base_note):
        return None
    words = _slot_words(ctx, thing)
    if not words:
        return None
    need = min(2, len(words))
    best: tuple[int, Ref] | None = None
    for b in ctx.base_refs():
        if b.unit.kind == "rel" or not any(v.startswith("n:") for v in b.facts.values):
            continue
        shared = len(words & _slot_words(ctx, b.unit.text))
        if shared >= need and (best is None or shared > best[0]):
            best = (shared, b)
    return best[1] if best is not None else None


def _slot_words(ctx: MergeContext, text: str) -> set[str]:
    """Content words by their first four letters, a weekday among them: "the Monday
    senior session" is the newest's "Monday 20:30-22:00: Seniors"."""
    return content_prefixes(ctx, text) | {
        w[:4] for w in re.findall(r"[a-z]+", text.lower()) if w in ctx.lexicon.weekdays}
