"""Pass (last before render, merge only): an older section whose heading found no
counterpart in the newest, but whose units the newest replaced or restates in one
of its sections, is that section's older version: what is carried from it is written
there, not under the old heading beside it ("## Personal protection" with the gloves
and overalls after the newest's "## Protective equipment", whose P3 sentence replaced
its P2 one; issue 18: two sections on one subject read as two notes pasted together).

The witness is the verdicts' own `by` (the base unit an older unit is superseded by or
present in): structure the engine already decided, not a new reading of meaning. A
section whose replaced units point into several base sections stays as render places
it. A unit homed already (pass_blocks, pass_lead) or leaning on another
(pass_leaning) keeps its place, and so do the units of a heading that decides what
they mean ("Out of scope": pass_render never leaves it off); only sentences and plain
list items are homed."""

from __future__ import annotations

from .context import MergeContext
from .pass_units import decisions_heading
from .section_meaning import clear_homes

_HOMED = frozenset({"sentence", "item"})
_APART = frozenset({"obs", "rel", "footnote"})


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":
        return
    base_path = ctx.base.path
    # the base's prose only: an observation or relation restating an older sentence
    # sits in a section of structured lines, no home for prose
    section_of = {r.key: r.section for r in ctx.base_refs() if r.unit.kind not in _APART}
    for _, doc in ctx.older:
        answered: dict[int, set[int]] = {}  # older section -> base sections answering it
        witnesses: dict[int, int] = {}  # older section -> how many of its units answered
        units: dict[int, int] = {}  # older section -> how many prose units it has
        said: set[int] = set()  # older blocks with a unit the newest states or replaced
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if ctx.aligned.get((r.path, r.section)) is not None or r.unit.kind in _APART:
                continue
            units[r.section] = units.get(r.section, 0) + 1
            if e.status in ("superseded", "present") and e.by in section_of \
                    and ctx.entries[e.by].source == base_path:
                answered.setdefault(r.section, set()).add(section_of[e.by])
                witnesses[r.section] = witnesses.get(r.section, 0) + 1
                said.add(r.unit.block)
        for k, sections in answered.items():
            if len(sections) != 1:
                continue
            if witnesses[k] < ctx.thresholds.home_section_share * units[k]:
                continue  # one answered unit of a "## General" does not make it "## Moisture"
            (home,) = sections
            if ctx.base.sections[home].is_intro:
                continue  # the intro is the newest's lead, no section's new home
            if decisions_heading(doc.sections[k].title, ctx):
                continue  # "Out of scope" decides what its units mean: never left off
            todo = [r for r in ctx.refs[doc.path]
                    if r.section == k and r.unit.kind in _HOMED and r.key not in ctx.home
                    and r.key not in ctx.leans and ctx.entries[r.key].status == "carried"]
            if not todo:
                continue
            # the witnesses decide the section, not every unit in it: one whose own
            # meaning is clearly elsewhere (section_meaning.clear_homes) is left to
            # pass_render. An older "## Booking" whose fee and mileage lines the newest's
            # "## Charges" replaced keeps its "take the horse's details" sentence out of
            # Charges (AE g01); a hearing-test line no section speaks of goes with the
            # ear-defender line its "## Noise" shared
            # A paragraph says one thing: a sentence whose own paragraph the newest
            # restates there goes with it, whatever words it shares with another section
            # (AG g06: "The van is kept at the depot: Unit 9 ..." of the paragraph whose
            # key-safe sentence the newest's "## Where things are" states is no line of
            # "## When a check fails" for its "keeps the van in the depot")
            clear = clear_homes(ctx, [r for r in todo if r.unit.block not in said])
            for r in todo:
                if clear.get(r.key, home) != home:
                    continue
                ctx.home[r.key] = home
