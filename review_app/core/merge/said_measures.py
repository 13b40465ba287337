"""What the newest measures otherwise (pass_said_over): another value of the thing an
older unit measures (thing_values.py: "450 kg capacity" / "now holds 500 kg"), or other
hours for the days it gives (schedule.py: "Mon-Fri 09:00-17:00" / "Weekdays from nine
until half past five"). An older unit either gives is superseded by that newest unit."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from .context import MergeContext, Ref
from .ended_text import words_in
from .facts import label_of, labels_apart, stem
from .other_value import STRUCTURED, category
from .pass_units import said
from .schedule import Slot, replace_words, replaced, slots
from .thing_values import ThingValue, equal, other_value, same_thing, thing_values


def obs_category(r: Ref) -> str:
    """An observation's category ("[price] ..." -> "price"); "" for other units."""
    return category(r.unit.text).strip("[] ") if r.unit.kind == "obs" else ""


def values_of(ctx: MergeContext, r: Ref) -> tuple[ThingValue, ...]:
    if r.unit.kind == "row" and r.path == ctx.base.path:
        return _row_values(ctx, r)
    text = said(r.unit)
    label = label_of(text, ctx.thresholds.label_chars)
    return thing_values(text, ctx.lexicon, obs_category(r) or (label[0] if label else ""))


def _row_values(ctx: MergeContext, r: Ref) -> tuple[ThingValue, ...]:
    """A table cell's value is stated for its row's key and its column's heading
    ("| Express | +45% | ..." under "Surcharge": the express surcharge)."""
    header = ctx.base.blocks[r.unit.block].header.split(" | ")
    cells = r.unit.text.split(" | ")
    key = words_in(cells[0], ctx.lexicon)
    out: list[ThingValue] = []
    for k, cell in enumerate(cells[1:], 1):
        head = header[k] if k < len(header) else ""
        out += [replace(tv, things=tv.things | key | words_in(head, ctx.lexicon), category="")
                for tv in thing_values(cell, ctx.lexicon, head or cells[0])]
    return tuple(out)


def measured_otherwise(ctx: MergeContext, r: Ref, scope: list[Ref],
                       values: dict[str, tuple[ThingValue, ...]], base: list[Ref]
                       ) -> Ref | None:
    """The base unit that states another value for a thing an older unit measures,
    when no base unit states the older value for it; a prose unit stating that other
    value is preferred to an observation. A line labelled for another thing measures
    that thing ("Tower tours: 10am-5pm daily" gives no other hours of "Café: 11am-3pm
    daily": facts.labels_apart)."""
    label = label_of(r.unit.text, ctx.thresholds.label_chars)
    scope = [b for b in scope if not labels_apart(
        label[0] if label else None,
        (theirs := label_of(b.unit.text, ctx.thresholds.label_chars)) and theirs[0])]
    for mine in values_of(ctx, r):
        if any(equal(mine, t) and same_thing(mine, t)
               for b in base for t in values.get(b.key, ())):
            continue  # the newest states this value of it too
        hits = [(b, t) for b in scope for t in values.get(b.key, ())
                if other_value(mine, t, ctx.lexicon)]
        if hits:  # the row the unit names, if a table gives the thing for several
            b, t = max(hits, key=lambda h: h[0].unit.kind == "row" and bool(
                words_in(h[0].unit.text.split(" | ")[0], ctx.lexicon)
                & words_in(said(r.unit), ctx.lexicon)))
            prose = [o for o in scope if o.unit.kind not in STRUCTURED
                     and "n:" + t.value in o.facts.values]
            return prose[0] if prose else b
    return None


@dataclass
class BaseHours:
    """The hours the newest gives, by base unit, each qualified by the sentence before
    it when that gives none; read once a compose. `headed`: the same, qualified by
    their headings too (for older sections with no counterpart), made when first asked."""

    ctx: MergeContext
    given: dict[str, tuple[Slot, ...]] = field(init=False)
    _headed: dict[str, tuple[Slot, ...]] | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        ctx = self.ctx
        self.given = {b.key: tuple(replace_words(t, t.words | _lead_words(ctx, b))
                                   for t in found)
                      for b in ctx.base_refs() if (found := slots(said(b.unit), ctx.lexicon))}

    def headed(self) -> dict[str, tuple[Slot, ...]]:
        if self._headed is None:
            by_key = {b.key: b for b in self.ctx.base_refs()}
            self._headed = {key: tuple(replace_words(t, t.words | _heading_words(
                self.ctx, by_key[key].path, by_key[key].section)) for t in found)
                for key, found in self.given.items()}
        return self._headed


def hours_otherwise(ctx: MergeContext, r: Ref, scope: list[Ref], hours: BaseHours,
                    loose: bool) -> Ref | None:
    """The base unit giving an older unit's days other hours, when every slot the older
    unit gives is given anew, qualified alike: in the aligned section; for a unit of a
    section with no counterpart ("## Opening hours" / "## When we're open"), by the unit
    the whole newest gives those hours in, its heading's words qualifying it ("## Café"
    hours are not the "## Shop" hours), when that is one span."""
    mine = slots(said(r.unit), ctx.lexicon) if hours.given else ()
    if not mine:
        return None
    mine = tuple(replace_words(m, m.words | _lead_words(ctx, r)) for m in mine)
    if loose:
        mine = tuple(replace_words(m, m.words | _heading_words(ctx, r.path, r.section))
                     for m in mine)
        given = hours.headed()
        scope = [b for b in ctx.base_refs() if b.key in given]
        if any(len({(t.start, t.end) for ts in given.values() for t in ts
                    if t.words == m.words and m.days & t.days}) > 1 for m in mine):
            return None  # the newest gives those days two spans: which is not said
    else:
        given = hours.given
    if not replaced(mine, [t for b in scope for t in given.get(b.key, ())]):
        return None
    return next(b for b in scope for t in given.get(b.key, ()) for m in mine
                if t.words == m.words and m.days & t.days and (t.start, t.end) != (
                    m.start, m.end))


def _lead_words(ctx: MergeContext, r: Ref) -> frozenset[str]:
    """What the unit just before `r` in its section says, when it gives no hours: it
    qualifies them ("During August we keep shorter hours. Weekdays 10:00-15:00.")."""
    refs = ctx.refs[r.path]
    k = next((i for i, o in enumerate(refs) if o.key == r.key), 0)
    prev = refs[k - 1] if k else None
    if prev is None or prev.section != r.section or prev.unit.kind in STRUCTURED \
            or slots(said(prev.unit), ctx.lexicon):
        return frozenset()
    return _qualifying(ctx, said(prev.unit), ctx.lexicon.hours_words)


def _heading_words(ctx: MergeContext, path: str, section: int) -> frozenset[str]:
    """What a section's heading names besides hours ("## Café hours": café)."""
    member = ctx.older_member(path)
    doc = ctx.base if path == ctx.base.path or member is None else member[1]
    sec = doc.sections[section]
    if sec.is_intro or not sec.title:
        return frozenset()
    return _qualifying(ctx, sec.title, ctx.lexicon.hours_heading_words)


def _qualifying(ctx: MergeContext, text: str, skip: frozenset[str]) -> frozenset[str]:
    """The stemmed words of `text` that qualify a slot: not function words, not `skip`."""
    return frozenset(stem(w, ctx.lexicon) for w in re.findall(r"[a-z]+", text.lower())
                     if w not in ctx.lexicon.function_words and w not in skip and len(w) > 2)


__all__ = ["BaseHours", "hours_otherwise", "measured_otherwise", "obs_category", "values_of"]
