"""Pass 4c (merge): an older section the newest dropped, whose content the newest
states with new values elsewhere.

The newest often drops a whole older section ("## Winter timetable", "## Old
escalation path") and says what it held in other sections with other values: another
hour, another person for the same duty. Inside aligned sections the engine compares a
unit only with its section's counterpart (issue 18, point 2), and the bars that judge
"the same thing" there (Thresholds.thing_fuzz, thing_cosine) are set for a rewording
of one line in place; a line restated in another section, in other words, falls below
them and the older line was carried beside the new one.

So for each older section with no heading counterpart (unaligned, or aligned only by
content), each unit the rules would carry that gives a value the newest states
nowhere is compared with every unit of the newest: the unit nearest in meaning
(at least Thresholds.dropped_section_cosine) that gives another value of the same
kind is what replaced it - a number of the same shape ("09:30" / "10:00"), a value of
the same unit of measure for the same thing (thing_values), or another person
(roles.holders: "Glen Harper runs the winch" / "The winch driver is Aled Morgan"; not
one of another role: "Wholesaler: Smiths News" / "Rep is Nadia Fenn").
Such a unit is superseded by it (a pair the person can flip). The rest of the section
stays a carry candidate as before: a value nothing in the newest gives another of is
carried.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .context import MergeContext, Ref
from .facts import condition_kept, value_shape, weekdays_named
from .ledger import Choice
from .lexicon import Lexicon
from .older_only import heads_apart, new_facts, stated_facts
from .pass_units import as_written, said
from .roles import Holder, holders
from .thing_values import other_value, thing_values

_JUDGED = frozenset({"sentence", "item", "check", "footnote"})
_FLIP_PAIR: tuple[Choice, ...] = ("newer", "older")
_DAYS = "days:"


def _days(days: frozenset[str]) -> str:
    """A set of days of the week as one value ("days:saturday sunday")."""
    return _DAYS + " ".join(sorted(days))


def _gone(ctx: MergeContext, path: str, section: int, level: int) -> bool:
    """The older section has no heading counterpart in the newest."""
    if level <= 1:
        return False  # the title section always has the newest's
    return ctx.aligned.get((path, section)) is None or (path, section) in ctx.loose


def _another(ctx: MergeContext, r: Ref, fresh: list[str], b: Ref) -> bool:
    """Base unit `b` gives another value of the kind of one of `fresh` (r's values
    the newest states nowhere)."""
    if heads_apart(ctx, r, b, any_label=True):
        return False  # two labelled lines on two things
    theirs = b.facts.values - r.facts.values
    if condition_kept(frozenset(fresh), said(r.unit), theirs, said(b.unit), ctx.lexicon):
        return False  # a bound is no other value of a price ("over £500" / "from £180")
    shapes = {value_shape(v) for v in fresh} - {None}
    if shapes & {value_shape(v) for v in theirs}:
        return True
    if any(v.startswith(_DAYS) for v in fresh) and (
            days := weekdays_named(said(b.unit), ctx.lexicon)) and _days(days) not in fresh:
        return True  # another set of days ("Wednesday, Saturday and Sunday" / "Saturday
        # and Sunday only"): a set of days is one value, as an hour is
    mine_tv = thing_values(said(r.unit), ctx.lexicon)
    their_tv = thing_values(said(b.unit), ctx.lexicon)
    if any(other_value(m, t, ctx.lexicon) for m in mine_tv for t in their_tv):
        return True
    names = {v[5:] for v in fresh if v.startswith("name:")}
    mine = [h for h in holders(r.unit.text, ctx.lexicon) if set(h.name.split()) & names]
    others = [h for h in holders(b.unit.text, ctx.lexicon)
              if h.name not in r.unit.text.lower()]
    return any(not _roles_apart(m, o) for m in mine for o in others) \
        and not same_party(r.unit.text, b.unit.text, ctx.lexicon)


def _roles_apart(mine: Holder, other: Holder) -> bool:
    """Each name is held for a role named before it, and neither role word is among
    the words before the other: two roles, not two holders of one ("Wholesaler: Smiths
    News" / "Rep is Nadia Fenn")."""
    return bool(mine.head and other.head) and mine.head not in other.before \
        and other.head not in mine.before


def same_party(older: str, newer: str, lexicon: Lexicon) -> bool:
    """`newer` names a party `older` names too (a capitalised word of it, four letters or
    more, anywhere in `older`: "Clayworks Supply | $31.50" / "Clayworks rep: Janelle
    Ortiz"; "Ask PropWorks for a quote" / "theo@propworks.example"): it speaks of that
    party, not of another holder of the older one's role."""
    mine = older.lower()
    return any(w.lower() in mine for w in re.findall(r"\b[A-Z][\w&'’-]{3,}", newer)
               if w.lower() not in lexicon.function_words)


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":
        return
    todo: list[tuple[Ref, list[str]]] = []
    stated: set[str] | None = None
    base_days: set[frozenset[str]] | None = None  # the sets of days the newest states
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is None or e.status != "carried" or e.chosen or r.unit.kind not in _JUDGED \
                    or not _gone(ctx, r.path, r.section, doc.sections[r.section].level):
                continue
            if stated is None:
                stated = stated_facts(ctx)
            fresh = [v for v in new_facts(ctx, r, stated) if v.startswith(("n:", "name:"))]
            if days := weekdays_named(said(r.unit), ctx.lexicon):
                if base_days is None:
                    base_days = {weekdays_named(said(b.unit), ctx.lexicon)
                                 for b in ctx.base_refs()}
                if days not in base_days:
                    fresh.append(_days(days))  # a set of days the newest states nowhere
            if fresh:
                todo.append((r, fresh))
    base = [b for b in ctx.base_refs() if b.unit.kind not in ("rel", "code")]
    if not todo or not base:
        return
    if len(todo) + len(base) > ctx.thresholds.embed_budget:
        ctx.bounded.append(f"{len(todo)} units of sections the newest dropped against "
                           f"{len(base)} base units, so they were not compared by meaning "
                           f"(budget {ctx.thresholds.embed_budget})")
        return
    sims = ctx.cosines([said(r.unit) for r, _ in todo], [said(b.unit) for b in base])
    for i, (r, fresh) in enumerate(todo):
        ranked = sorted(range(len(base)), key=lambda j: -float(sims[i, j]))
        for j in ranked:
            if float(sims[i, j]) < ctx.thresholds.dropped_section_cosine:
                break
            b = base[j]
            if _another(ctx, r, fresh, b):
                e = ctx.entries[r.key]
                ctx.entries[r.key] = replace(
                    e, status="superseded", by=b.key, by_text=as_written(b).strip(),
                    flips=_FLIP_PAIR, why=f"its section '{r.section_title}' is gone from the "
                    "newest, which states another value for it elsewhere")
                ctx.section_gone[r.key] = b.key
                break
