"""Inputs tried for pass_carry's model and not shipped: bench/carry_fit.py fits with
and without them, leave one set out (round 22, on the seen sets merge-AC..AJ with
readers' labels: none made a refit carry fewer stale units, bench/README.md). They
are computed only when compose is given no model, as the fit composes, so the shipped
model's inputs and what merge writes are untouched. To ship one, move it to
pass_carry.FEATURES and refit (carry_fit.py --write).
"""

from __future__ import annotations

import re

import numpy as np

from ..notes import Note
from .alone_facts import identifiers
from .context import MergeContext, Ref
from .facts import value_kind, weekdays_named
from .lexicon import Lexicon
from .older_only import new_facts
from .roles import holders
from .title import status_cues

CANDIDATES = ("cos_about", "kind_differs", "identifier", "older_unsettled")


def tried(ctx: MergeContext, r: Ref, base: list[Ref], frames: np.ndarray | None,
          stated: set[str], every: set[str], note: Note) -> list[float]:
    """The CANDIDATES of older unit `r` (of `note`): `frames`, its cosines to `base`
    with values and names taken out; `stated`, the newest's facts."""
    return [*_about(ctx, r, base, frames, stated),
            1.0 if identifiers(ctx, r, new_facts(ctx, r, every)) else 0.0,
            1.0 if unsettled(note, ctx.lexicon) - unsettled(ctx.base_note, ctx.lexicon)
            else 0.0]


def _about(ctx: MergeContext, r: Ref, base: list[Ref], frames: np.ndarray | None,
           stated: set[str]) -> list[float]:
    """What the newest says about the unit's subject, wherever it says it (a rewrite
    often moves a line to another section). cos_about: the cosine to the nearest base
    unit anywhere, both with values and names taken out (facts.unnamed), the round 21
    measure (m21x) that no single cut could use; kind_differs: that cosine when the
    nearest unit holds another value of a kind the unit's own new values have
    (`_other_kind`), else 0: the slot filled in another form, left to the fit to weigh
    against still-true older-only facts."""
    if frames is None or not base:
        return [0.0, 0.0]
    row = np.asarray(frames, dtype=np.float64)
    j = int(row.argmax())
    cos = float(row[j])
    return [cos, cos if _other_kind(ctx, r, base[j], stated) else 0.0]


def _other_kind(ctx: MergeContext, r: Ref, near: Ref, stated: set[str]) -> bool:
    """`near` gives a value of a kind one of the unit's values the newest states
    nowhere has (facts.value_kind: a time, money, a share, a count, a year, a code, a
    label) that the unit does not give, names another person (roles.holders) where
    the unit names one, or another set of weekdays: the same slot, another value."""
    lx = ctx.lexicon
    new = {v for v in r.facts.values if v not in stated and not v.startswith("name:")}
    theirs = {value_kind(v) for v in near.facts.values - r.facts.values
              if not v.startswith("name:")}
    if {value_kind(v) for v in new} & theirs:
        return True
    mine_people = {h.name for h in holders(r.unit.text, lx)}
    if mine_people and {h.name for h in holders(near.unit.text, lx)} - mine_people:
        return True
    days, their_days = weekdays_named(r.unit.text, lx), weekdays_named(near.unit.text, lx)
    return bool(days and their_days and days != their_days)


def unsettled(note: Note, lexicon: Lexicon) -> frozenset[str]:
    """The standing a note gives itself (a `status:` key, a status tag, a status stamp
    in its title) when it is one of the stages before a settled one ("draft",
    "proposed", "under review"; not Lexicon.closing_status_words): a draft's lines
    about itself and its tentative values are the likelier stale once a settled
    version exists."""
    cues = status_cues(f"{note.title} {note.metadata.get('status') or ''}", lexicon) | {
        c for c in (re.sub(r"[\s-]+", "_", t.strip().lower()) for t in note.tags)
        if c in lexicon.status_words}
    return frozenset(cues - lexicon.closing_status_words)
