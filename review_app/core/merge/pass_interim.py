"""After the carry decision (merge): a passing state an older version stated is held
back.

An older note says how things stood when it was written: "Navy wool order PO-3381 is
overdue.", "U87 #2 is out for repair at Soundtech Services; expected back in May.",
"LBC decision pending - don't start painting until it comes back."
(Lexicon.passing_cues). Such a state ends, and a newer version that no longer says it
was most often written after it ended: on the held-out sets of rounds 24-29 (dev by
then; the cues were chosen on them), all 6 carried lines of this kind their keys name
were stale. Carried, it would tell the reader the order is still overdue. So it is
held back with its flip: the person carries it when it still holds. A unit the newest
itself speaks to never reaches here (it is present or superseded), nor does a step,
row or code line (its block decides), nor a line the person chose; and none is held
while the newest tells passing states of its own ("still overdue"): then the other
passes judge each line against it.
"""

from __future__ import annotations

import re

from .alone_facts import identifiers
from .context import MergeContext, Ref
from .lexicon import phrase_cues
from .older_only import bare, set_status, stated_facts
from .pass_one_valued import dated_state
from .pass_units import said

_KINDS = frozenset({"sentence", "item", "obs", "check"})


def passing_state(ctx: MergeContext, r: Ref) -> str | None:
    """The passing state the unit tells (its cue), or None. Not a rule: a line with a
    condition, a rule word or a generic subject ("If an invoice is overdue, we add 2%",
    "A broken bench tool is tagged out of use until fixed"), nor one giving a figure
    other than a date or a code ("Repairs awaiting collection are kept for 90 days")."""
    lx = ctx.lexicon
    text = said(r.unit)
    cues = phrase_cues(text, lx.passing_cues)
    first = re.findall(r"[a-z]+", bare(text).lower())[:1]  # (after a bullet or checkbox)
    if not cues or set(re.findall(r"[a-z]+", text.lower())) & lx.general_words \
            or first and first[0] in lx.generic_openers:
        return None
    stated = stated_facts(ctx)
    figures = [v for v in r.facts.values if v.startswith("n:") and v not in stated]
    named = set(identifiers(ctx, r, figures))  # "PO-3381", "pitch 2", a phone
    if any(v not in named and not dated_state(ctx, {v}) for v in figures):
        return None  # a measure or a count of its own: a rule ("kept for 90 days")
    return min(cues).replace("_", " ")


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":
        return
    if any(set(re.findall(r"[a-z]+", said(b.unit).lower())) & ctx.lexicon.open_state_words
           for b in ctx.base_refs()):
        return  # the newest tells passing states of its own ("still overdue"): the other
        # passes judge ours against them
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind not in _KINDS or e.status != "carried" or e.chosen or e.held \
                    or r.key in ctx.choices:
                continue
            cue = passing_state(ctx, r)
            if cue is None:
                continue
            ctx.entries[r.key] = set_status(
                e, "dropped", held=True, flips=("carry", "drop"),
                why=f"held back: a passing state of an older version ('{cue}'); the "
                    "newest no longer says it, so it may be over: carry it if it still "
                    "holds")
