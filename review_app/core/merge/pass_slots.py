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
none, since a category alone ("decision", "process") is too broad to name one thing,
and neither is a tag on more than half of a note's observations (three or more): the
note's subject ("#acme" on every line), not one thing of it. Each newest observation
answers at most one older observation of each older note, over all its tags: those the
verdicts already paired with the newest (present, superseded, dropped as reworded) and
those the person chose on use up their share first, and of the carried ones left, the
pairs nearest in meaning are held, one newest line each.
"""

from __future__ import annotations

from collections import Counter

from ..notes import parse_observation
from .context import MergeContext, Ref
from .older_only import HELD, set_status
from .pass_units import said

Slot = tuple[str, frozenset[str]]


def _slots(refs: list[Ref]) -> list[tuple[Ref, Slot]]:
    """Each tagged observation of a note with its slot; a tag on more than half of the
    note's tagged observations (three or more) names no slot."""
    parsed = [(r, o) for r in refs if r.unit.kind == "obs" and r.unit.raw
              and (o := parse_observation(r.unit.raw[0])) is not None and o.tags]
    seen = Counter(t for _, o in parsed for t in {t.casefold() for t in o.tags})
    wide = {t for t, n in seen.items() if n >= 3 and 2 * n > len(parsed)}
    return [(r, (o.category.casefold(), tags)) for r, o in parsed
            if (tags := frozenset(t.casefold() for t in o.tags) - wide)]


def _meets(a: Slot, b: Slot) -> bool:
    return a[0] == b[0] and bool(a[1] & b[1])


def run(ctx: MergeContext) -> None:
    newest = _slots(ctx.base_refs())
    if newest:
        for _, doc in ctx.older:
            _one_note(ctx, newest, _slots(ctx.refs[doc.path]))


def _one_note(ctx: MergeContext, newest: list[tuple[Ref, Slot]],
              obs: list[tuple[Ref, Slot]]) -> None:
    used: set[str] = set()  # newest lines that answer an older line of this note
    ask: list[tuple[Ref, Slot]] = []
    for r, s in obs:
        e = ctx.entries[r.key]
        chosen = e.chosen or r.key in ctx.choices
        if e.status == "carried" and not chosen:
            ask.append((r, s))
        elif chosen or (e.status != "carried" and not e.held):
            mine = [b for b, t in newest if _meets(s, t) and b.key not in used]
            if mine:  # its own counterpart where the verdict named one
                used.add(next((b.key for b in mine if b.key == e.by), mine[0].key))
    pairs = [(o, b, s[1] & t[1]) for o, s in ask for b, t in newest
             if _meets(s, t) and b.key not in used]
    if not pairs:
        return
    texts = list(dict.fromkeys(said(r.unit) for o, b, _ in pairs for r in (o, b)))
    rows = dict(zip(texts, ctx.vectors.matrix(texts), strict=True))
    near = [float(rows[said(o.unit)] @ rows[said(b.unit)]) for o, b, _ in pairs]
    held: set[str] = set()
    for k in sorted(range(len(pairs)), key=lambda k: -near[k]):
        o, b, shared = pairs[k]
        if o.key in held or b.key in used:
            continue
        held.add(o.key)
        used.add(b.key)
        ctx.entries[o.key] = set_status(
            ctx.entries[o.key], "dropped", held=True, flips=("carry", "drop"),
            why=f"{HELD} the newest gives its own {' '.join(f'#{t}' for t in sorted(shared))}"
                f" observation, '{said(b.unit)}': this may be the value it replaced")
