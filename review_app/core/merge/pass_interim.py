"""After the carry decision (merge): a passing state an older version stated is held
back.

An older note says how things stood when it was written: "Navy wool order PO-3381 is
overdue.", "U87 #2 is out for repair at Soundtech Services; expected back in May.",
"LBC decision pending - don't start painting until it comes back."
(Lexicon.interim_cues). Such a state ends, and a newer version that no longer says it
was most often written after it ended: on the held-out sets of rounds 24-29 (dev by
then; the cues were chosen on them), all 8 carried lines of this kind their keys name
were stale. Carried, it would tell the reader the order is still overdue. So it is
held back with its flip: the person carries it when it still holds. A unit the newest
itself speaks to never reaches here (it is present or superseded), nor does a step,
row or code line (its block decides), nor a line the person chose.
"""

from __future__ import annotations

from .context import MergeContext
from .lexicon import phrase_cues
from .older_only import set_status
from .pass_units import said

_KINDS = frozenset({"sentence", "item", "obs", "check"})
# No passing state by themselves: a past wait told ("We lost two weeks in March waiting
# on a crown ..."; "still waiting" is one), or a standing choice made for the present
# ("Per-endpoint limits. One global bucket per key is enough for now.").
_NOT_PASSING = frozenset({"waiting_on", "waiting_for", "for_now"})


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":
        return
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind not in _KINDS or e.status != "carried" or e.chosen or e.held \
                    or r.key in ctx.choices:
                continue
            cues = phrase_cues(said(r.unit), ctx.lexicon.interim_cues) - _NOT_PASSING
            if not cues:
                continue
            cue = min(cues).replace("_", " ")
            ctx.entries[r.key] = set_status(
                e, "dropped", held=True, flips=("carry", "drop"),
                why=f"held back: a passing state of an older version ('{cue}'); the "
                    "newest no longer says it, so it may be over: carry it if it still "
                    "holds")
