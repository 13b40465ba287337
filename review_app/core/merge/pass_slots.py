"""After the carry decision: an older observation whose slot the newest restates is held
back for the person.

An observation's category and tags are its writer's own name for what it records:
"- [records] Refusals written on the whiteboard in the prep room #records" and the
newest's "- [records] Log refusals in ShelterBuddy under the feeding tab #records" fill
one slot, the place refusals are recorded. The older line shares no fact with the newer
one and no words the verdicts could pair, so it was carried as "an observation the
newest lacks", and the merged note said both. Read by hand on the nineteen seen sets,
about three in four carried observations in a slot the newest restates were the older
value of it ("Paper sign-in sheet by the door" / "Tablet check-in at the welcome desk");
the rest were another item of a list slot ("[eligibility] Written landlord permission
if you rent" beside "Anyone aged 18 or over"). Neither words nor cosine told the two
apart, so the engine does not decide: the line is held back with its flip, and the
person carries it when it still holds.

A slot is the category and a tag in common (case aside); an untagged observation has
none, since a category alone ("decision", "process") is too broad to name one thing.
Each newest observation of the slot answers at most one older observation of each
older note: those of the note the verdicts already paired with the newest (present,
superseded, dropped as reworded) use up their share first, and of the carried ones
left, those nearest the slot's newest observations are held, as many as the newest
has left. Nothing the person chose is touched.
"""

from __future__ import annotations

from ..notes import parse_observation
from .context import MergeContext, Ref
from .older_only import HELD, set_status
from .pass_units import said

Slot = tuple[str, frozenset[str]]


def _slot(r: Ref) -> Slot | None:
    o = parse_observation(r.unit.raw[0]) if r.unit.raw else None
    if o is None or not o.tags:
        return None
    return o.category.casefold(), frozenset(t.casefold() for t in o.tags)


def _meets(a: Slot, b: Slot) -> bool:
    return a[0] == b[0] and bool(a[1] & b[1])


def run(ctx: MergeContext) -> None:
    newest = [(r, s) for r in ctx.base_refs() if r.unit.kind == "obs"
              and (s := _slot(r)) is not None]
    if newest:
        for _, doc in ctx.older:
            _one_note(ctx, newest, [(r, s) for r in ctx.refs[doc.path]
                                    if r.unit.kind == "obs" and (s := _slot(r)) is not None])


def _one_note(ctx: MergeContext, newest: list[tuple[Ref, Slot]],
              obs: list[tuple[Ref, Slot]]) -> None:
    held: set[str] = set()  # held here: each answers its newest line like a verdict

    def settled(o: Ref) -> bool:
        e = ctx.entries[o.key]
        return e.status != "carried" and (not e.held or o.key in held)

    def open_(o: Ref) -> bool:
        e = ctx.entries[o.key]
        return e.status == "carried" and not e.chosen and o.key not in ctx.choices

    for r, s in obs:
        if not open_(r):
            continue
        news = [b for b, t in newest if _meets(s, t)]
        mates = [o for o, t in obs if _meets(s, t)]
        left = len(news) - sum(map(settled, mates))
        if left <= 0:
            continue
        ask = [o for o in mates if open_(o)]
        sims = ctx.cosines([said(o.unit) for o in ask], [said(b.unit) for b in news])
        for i in sorted(range(len(ask)), key=lambda i: -float(sims[i].max()))[:left]:
            b = news[int(sims[i].argmax())]
            held.add(ask[i].key)
            ctx.entries[ask[i].key] = set_status(
                ctx.entries[ask[i].key], "dropped", held=True, flips=("carry", "drop"),
                why=f"{HELD} the newest fills its slot ([{s[0]}]) with "
                    f"'{said(b.unit)}': this may be the value that replaced it")
