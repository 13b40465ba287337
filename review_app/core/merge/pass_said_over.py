"""Pass 4b: an older unit the rules would carry, that the newest contradicts without
a value of the same shape, is superseded (the ledger names the newest unit; the
person can flip it like any superseded pair). It runs after pass 4 has matched the
older blocks with the base's, so the unit that says a thing is over never counts as
where an older list went.

Two ways the newest says it:
- in words (ended.py): the newest unit nearest in meaning says the thing the older
  unit states is gone, replaced, moved or done ("no deposit is taken any more" over
  "[cost] Deposit is EUR 250"; "Annealer D replaced Annealer C" over "Three annealers
  A, B, C"; "the contract (signed ...)" over "[status] Contract negotiation open";
  "The catalogue moved to Koha" over the older unit saying where it was, "The
  catalogue lives in a spreadsheet", not over "The catalogue has 4,000 records").
  A person the newest says left or retired needs no nearness: whatever an older unit
  has them do is over ("Owen Pryce left" over "Audit lead: Owen Pryce"). What the
  writers say they moved or switched to ("since we moved to the Zettle reader")
  replaces the older arrangement of that thing ("The SumUp reader lives in the cash
  tin": moved_from).
- with another value for the thing a value is stated for, or other hours for the days
  a line gives (said_measures.py: thing_values.py, schedule.py): "450 kg
  capacity" under "now holds 500 kg" / "[capacity] ... 500 kg"; "the working
  temperature of 1,160 °C" under "working temperature is 1,140 °C", in sentences of
  any shape.
  How often a thing is done is a value of it ("every 14 days" / "every Friday"), a
  table cell's value is stated for its row and column ("| Express | +45% |" under
  "Surcharge"), and a month names which meeting is meant ("the October board
  meeting" / "the March board meeting").
"We no longer X" names X after the cue; "no longer X on a fixed weekly schedule" ends
only the older units stating how often X is done. A handover ("Ines Carvalho took over
costume repairs from Tomas Lindqvist") ends the old holder's hold on what changed hands.
An older intro placing its note in a year under the newest's later year ("Fees for the
2025 season" / title "Pitch fees 2026") frames the older version's period: dropped,
with its flip.
An older unit is compared with the base units of its aligned section, the title
section and the observations (an observation or relation, a unit of an intro, or a
unit of a section without a counterpart: the whole base).

An older observation still carried then goes through the rule pass_carry applies to
prose (issue 18 item 4), for both actions, since update writes older observations
too: it is compared by meaning (values and names taken out) with every unit of the
newest (sentences, items, rows, observations) and judged against the nearest. It
gives a value the newest states nowhere and the nearest gives another of that kind
(number, date, money, name): superseded. One of the two denies and the other does
not (Lexicon.negation_words): superseded ("Guests are not allowed" under "Guests are
allowed when ..."; an open to-do asserts nothing, so it contradicts nothing). Every
fact it gives is stated and the nearest says most of its words: present, the same
fact said again. Else it stays carried.
It runs before pass 5, so a sentence is never reported as said by an observation
that is not written.

Last, any older sentence, list item or observation still carried is judged against
the newest unit that says the same thing otherwise (said_in_frame, issue 18 item 4):
whatever the kind of the value that changed ("on Wednesdays and Saturdays" / "after
every session", "in cash" / "by card", who keeps the keys), an older unit the newest
rewrote is superseded by the unit that rewrote it, not written beside it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

import numpy as np

from .context import MergeContext, Ref
from .ended import Ended, ended, for_a_while, is_open
from .ended_text import (
    by_modifier,
    mentions,
    names_in,
    opens_with,
    places,
    speaks_of,
    words_in,
)
from .facts import label_of, same_kind, unnamed
from .ledger import Choice, LedgerEntry
from .moved_to import moved_to
from .negation import negated
from .older_only import content_prefixes, frame_prefixes, new_facts, stated_facts
from .other_value import STRUCTURED, framed_period, is_history
from .pass_polarity import forbids_other_act
from .pass_units import as_written, said
from .past_events import past_event
from .recounts import recounted
from .said_in_frame import FRAMED, SAYS, said_in_frame
from .said_measures import (
    BaseHours,
    hours_otherwise,
    measured_otherwise,
    obs_category,
    values_of,
)
from .said_scope import SaidScope
from .thing_values import (
    thing_values,
)

_COUNTING = frozenset({"sentence", "item", "check", "footnote"})
_JUDGED = frozenset({"sentence", "item", "check", "footnote", "obs", "rel", "step"})
_FLIP_PAIR: tuple[Choice, ...] = ("newer", "older")


def _about(ctx: MergeContext, r: Ref) -> str:
    """What the unit speaks of: its text, and for a status ("Current status: open",
    "[status] ...") its note's title too, whose state it gives."""
    text = said(r.unit) if r.unit.kind != "obs" else r.unit.text
    label = label_of(text, ctx.thresholds.label_chars)
    kinds = ctx.lexicon.one_valued_categories
    if obs_category(r).lower() in kinds or (label is not None and set(
            label[0].split()) & kinds):
        member = ctx.older_member(r.path)
        if member is not None:
            return f"{text} {member[0].title}"
    return text


def _title(ctx: MergeContext, r: Ref) -> str:
    member = ctx.older_member(r.path)
    return member[0].title if member is not None else ""


def _over(ctx: MergeContext, r: Ref, about: str, end: Ended) -> bool | None:
    """The older unit states as current what `end` says is over: True when it names the
    thing whole, None when only by the word that tells it from others of its kind
    (ended_text.by_modifier: the two must agree in meaning more), else False."""
    whole = speaks_of(about, end, ctx.lexicon) or _row_of(ctx, r, about, end)
    if not whole and not by_modifier(about, end, ctx.lexicon):
        return False
    if end.how and not end.how & {tv.unit for tv in thing_values(
            said(r.unit), ctx.lexicon, "how")}:
        return False  # only how often it was done is over: what else it says holds
    if end.duty and not mentions(
            f"{about} {_title(ctx, r)} {r.section_title}", end.duty, ctx.lexicon):
        return False  # a handover ends the old holder's hold on what changed hands
        # (the unit, its section or its note's title names it: "Responsible: Tomas
        # Lindqvist" in "Wardrobe repairs"), not all else he does; so does a role left
        # ("stood down as chair") and a place no longer used for an act ("We no longer
        # pick up at Asda Kingsway" under "## Pick-ups")
    if end.kind == "done":
        return is_open(about, ctx.lexicon)
    if end.kind == "moved" and not places(said(r.unit), end, ctx.lexicon):
        return False  # what else it says of the thing still holds where it moved
    if end.kind == "moved" and not end.names and len(end.words) == 1 \
            and not _opens_with(ctx, r, end):
        return False  # a thing of one word moves where it is the subject ("The match
        # is held at Hill Farm"), not where it names another ("on the match field")
    own = ended(said(r.unit), ctx.lexicon)  # it tells the change itself: history
    if any(o.words & end.words and (whole or o.kind != "done") for o in own):
        return False  # (named by one word: "orders are accepted" tells no change)
    return True if whole else None


def _row_of(ctx: MergeContext, r: Ref, about: str, end: Ended) -> bool:
    """A table row names the thing by the word that tells it from the table's other rows;
    its note's title says what they all are ("| Family (2 adults + children) | £95 |" of
    "Membership subscriptions" is the family membership "Family membership has been
    discontinued" ends). At least one word of the thing is the row's own (its first cell,
    brackets aside), and it names no other word of the title."""
    if r.unit.kind != "row" or end.names:
        return False
    own = words_in(re.sub(r"\([^)]*\)", " ", about.split(" | ")[0]), ctx.lexicon)
    title = words_in(_title(ctx, r), ctx.lexicon)
    # the row names no other thing of the title's ("| Family swim session |" of
    # "Membership and session prices" is a session; "| Draught ale |" of "Cider and ale
    # prices" is ale, not the draught cider that ended)
    return bool(end.words & own) and not (own & title) - end.words and speaks_of(
        f"{about} {_title(ctx, r)}", end, ctx.lexicon)


def run(ctx: MergeContext) -> None:
    base = [b for b in ctx.base_refs() if b.unit.kind != "code"]
    if not base:
        return
    scopes = SaidScope(ctx, base)
    ends = {b.key: found for b in base if (found := ended(said(b.unit), ctx.lexicon))}
    values = {b.key: tv for b in base if (tv := values_of(ctx, b))}
    hours = BaseHours(ctx)
    people = [b for b in base if any(end.person for end in ends.get(b.key, ()))]
    # what the newest's intro says is over it says of the whole note ("We no longer serve
    # a cheese board" opening the note ends the one its "## Menu" named)
    lead = {b.key for b in base if b.key in ends and ctx.base.sections[b.section].is_intro}
    # ... and a thing it names by name is that thing wherever a section names it ("Mango
    # Lassi is off the menu" under "## What changed" ends the "Mango Lassi: £4.60" of
    # an older "## Prices")
    lead |= {b.key for b in base if any(end.kind == "gone" and not end.person and end.distinct
                                        for end in ends.get(b.key, ()))}
    people += [b for b in base if b.key in lead and b not in people]
    # an older version telling that someone left, or that a thing it names whole is gone,
    # speaks for the versions before it (v2's "Dave Hollins moved to the Manchester
    # branch" over v1's "Rep: Dave Hollins"; v2's "Cast post and cores have been
    # discontinued" over v1's "Cast post and core: £60"): the older notes come newest first
    told: list[Ref] = []
    pairs: list[tuple[Ref, Ref, Ended, bool]] = []  # (..., named whole)
    stated = cache(lambda: stated_facts(ctx))
    for _, doc in ctx.older:
        earlier = list(told)
        for r in ctx.refs[doc.path]:
            found = ended(said(r.unit), ctx.lexicon) \
                if r.unit.kind not in ("obs", "rel", "code") else ()
            words = re.findall(r"[a-z]+", said(r.unit).lower())
            handover = any(end.duty and end.kind == "replaced" and end.lasting
                           for end in found)  # ("Maya has handed onboarding over to
            # Tomasz Wren" over v1's "[people] Maya Okafor leads onboarding"; not "took over
            # costume repairs from Tomas until the end of January": Ended.lasting)
            if any(end.person and end.kind != "replaced" for end in found) or handover or any(
                    end.kind == "gone" for end in found) and not for_a_while(
                    words, ctx.lexicon):  # ("closed until the end of January")
                ends[r.key] = found
                told.append(r)
            e = ctx.entries.get(r.key)
            if e is not None and _not_carried(e) and r.unit.kind in _JUDGED:
                # an item the newest's list left out, or one it superseded, is one a
                # later pass may carry for a fact only it states (alone_facts); a
                # business the newest no longer deals with took those facts with it
                pairs += [(r, b, end, True) for b in base for end in ends.get(b.key, ())
                          if end.party and _over(ctx, r, _about(ctx, r), end) is True]
                continue
            if e is None or e.status != "carried" or (
                    r.unit.kind not in _JUDGED and r.key not in ctx.held_with):
                continue  # (a step or row carried after the newest's version of its
                # block is judged as a sentence: "We dropped the take-home exercise")
            if (head := framed_period(ctx, r, stated)) is not None:
                ctx.entries[r.key] = replace(
                    e, status="dropped", flips=("carry", "drop"),
                    why=f"frames the older version's period; the newest is '{head}'")
                continue
            scope = [base[j] for j in scopes.of(r)]
            if r.unit.kind != "rel" and (hit := measured_otherwise(ctx, r, scope, values, base)):
                ctx.entries[r.key] = replace(
                    e, status="superseded", by=hit.key, by_text=as_written(hit).strip(),
                    flips=_FLIP_PAIR, why="the newest states another value for "
                    "what this one measures")
                continue
            if r.unit.kind in _COUNTING and (hit := recounted(ctx, r, base)):
                ctx.entries[r.key] = replace(
                    e, status="superseded", by=hit.key, by_text=as_written(hit).strip(),
                    flips=_FLIP_PAIR, why="the newest counts it anew")
                continue
            if r.unit.kind not in STRUCTURED and (
                    hit := hours_otherwise(ctx, r, scope, hours, scopes.key(r) is None)):
                ctx.entries[r.key] = replace(
                    e, status="superseded", by=hit.key, by_text=as_written(hit).strip(),
                    flips=_FLIP_PAIR, why="the newest gives those days other hours")
                continue
            about = _about(ctx, r)
            # a person who left is gone from the whole note, not one section's scope, and
            # so is a thing a unit names whole ("Evening hours were discontinued in
            # October" under "## Hours" ends "Tuesday evening transfer hours until 8 PM"
            # under "## Transfers"); one named by a modifier only is judged in scope
            within = {b.key for b in scope}
            judged = scope + [b for b in people + earlier if b.key not in within]
            seen = {b.key for b in judged}
            judged += [b for b in base if b.key in ends and b.key not in seen]
            pairs += [(r, b, end, over is True) for b in judged for end in ends.get(b.key, ())
                      if (over := _over(ctx, r, about, end)) is not False
                      and (b.key in within or end.person or b.key in lead or over is True)]
    if pairs:
        _ended_pairs(ctx, pairs)
    moved_from(ctx, base, scopes)
    moved_elsewhere(ctx, base, ends)
    observations(ctx, base, set(ends))
    pointing_observations(ctx)
    said_in_frame(ctx, base, scopes)


def _ended_pairs(ctx: MergeContext, pairs: list[tuple[Ref, Ref, Ended, bool]]) -> None:
    """Supersede each older unit a newest unit near it in meaning says is over (nearer,
    Thresholds.said_over_modifier_cosine, when it names the thing by one word only)."""
    rows = {}
    texts = list(dict.fromkeys(said(u.unit) for p in pairs for u in p[:2]))
    if len(texts) <= ctx.thresholds.embed_budget:
        rows = dict(zip(texts, ctx.vectors.matrix(texts), strict=True))
    else:  # a huge note: only a person who left is judged (no nearness needed)
        ctx.bounded.append(f"{len(texts)} texts to compare for what the newest says is "
                           f"over, so only people who left were judged (budget "
                           f"{ctx.thresholds.embed_budget})")
    for r, b, end, whole in pairs:
        e = ctx.entries[r.key]
        if e.status != "carried" and not (end.party and _not_carried(e)):
            continue
        near = bool(rows) and float(rows[said(r.unit)] @ rows[said(b.unit)]) >= (
            ctx.thresholds.said_over_cosine if whole
            else ctx.thresholds.said_over_modifier_cosine)
        if ((end.person or end.party) and whole) or near:
            if end.kind == "gone" and (end.party or _opens_with(ctx, r, end) or (
                    end.person and not end.names)):
                ctx.over.add(r.key)  # it is about the thing gone: its values went too
                # (a business no longer dealt with: its account, rep and days with it;
                # a role's holder who left, named by it: "from the caretaker, Mr Doyle,
                # at 4 Vicarage Close")
            ctx.entries[r.key] = replace(
                e, status="superseded", by=b.key, by_text=as_written(b).strip(),
                flips=_FLIP_PAIR, why=f"{_teller(ctx, b)} says {_named(end)} "
                + ("is done" if end.kind == "done" else "is no longer done on a "
                   "schedule" if end.how else "was replaced"
                   if end.kind == "replaced" else "moved" if end.kind == "moved"
                   else "is gone"))


def _not_carried(e: LedgerEntry) -> bool:
    """Superseded, or dropped as left out by the newest's version of its block, and
    neither held back nor chosen by the person."""
    return (e.status == "superseded" or e.status == "dropped" and bool(e.block)) \
        and not e.held and not e.chosen


def _teller(ctx: MergeContext, b: Ref) -> str:
    return "the newest" if b.path == ctx.base.path else "a newer version"


def _opens_with(ctx: MergeContext, r: Ref, end: Ended) -> bool:
    return opens_with(said(r.unit), end, ctx.lexicon, ctx.thresholds.label_chars)


def moved_from(ctx: MergeContext, base: list[Ref], scope: SaidScope) -> None:
    """An older unit stating where or with what a thing was, when a newest unit in
    its scope says the writers moved or switched to something else ("The SumUp
    reader lives in the cash tin" / "since we moved to the Zettle reader"; "Harwood
    delivers on Wednesdays" / "since they moved to a single Thursday delivery run"):
    the older unit names the destination's thing (a content word of it, values
    aside: reader, delivery) with a name, place or day the newest states nowhere
    (the old holder of the thing: SumUp, Wednesdays), and the two speak of one thing
    (Thresholds.moved_from_cosine, values and names taken out). One naming the
    destination's place too ("the Dutch barn at Higher Coombe Farm, Beaminster" /
    "the larger barn at Higher Coombe Farm") may tell what still holds of that place
    (the town): left to the rules. Written beside the newest, the older unit would
    state the old arrangement as current: superseded by the unit saying it changed,
    so the person can flip it."""
    movers = {j: found for j, b in enumerate(base) if b.unit.kind in SAYS
              and (found := moved_to(said(b.unit), ctx.lexicon))}
    if not movers:
        return
    lx = ctx.lexicon
    values = lx.months | lx.weekdays | {w for w, _ in lx.number_words}
    things = {j: {w[:4] for m in found for w in m.words if w not in values and len(w) > 2}
              for j, found in movers.items()}
    stated = stated_facts(ctx)
    todo: list[tuple[Ref, int]] = []
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if e.status != "carried" or e.chosen or r.unit.kind not in FRAMED:
                continue
            names = {v[5:] for v in new_facts(ctx, r, stated) if v.startswith("name:")}
            if not names:
                continue
            mine = frame_prefixes(ctx, said(r.unit))
            theirs = names_in(said(r.unit))
            todo += [(r, j) for j in scope.of(r) if j in movers and mine & things[j]
                     and not theirs & {n for m in movers[j] for n in m.names}]
    if not todo:
        return
    texts = [unnamed(said(u.unit), lx) for r, j in todo for u in (r, base[j])]
    if len(texts) > ctx.thresholds.embed_budget:
        ctx.bounded.append(f"{len(todo)} older units beside a newest unit saying a thing "
                           f"moved, so none was judged by meaning (budget "
                           f"{ctx.thresholds.embed_budget})")
        return
    rows = dict(zip(texts, ctx.vectors.matrix(texts), strict=True))
    for r, j in todo:
        e = ctx.entries[r.key]
        b = base[j]
        cos = float(rows[unnamed(said(r.unit), lx)] @ rows[unnamed(said(b.unit), lx)])
        if e.status != "carried" or cos < ctx.thresholds.moved_from_cosine:
            continue
        ctx.entries[r.key] = replace(
            e, status="superseded", by=b.key, by_text=as_written(b).strip(),
            flips=_FLIP_PAIR, why="the newest says it moved to "
            + "; ".join(m.said for m in movers[j]))


def _moved_out(ctx: MergeContext, b: Ref, found: tuple[Ended, ...]) -> bool:
    """The newest unit says a topic moved to another note: a moved cue followed by a
    wiki link ("Packing has moved to [[Packing Bench Guide]]")."""
    if not any(e.kind == "moved" and not e.person for e in found):
        return False
    text = b.unit.text.lower()
    return any(re.search(r"\b" + r"\s+".join(map(re.escape, cue.split("_")))
                         + r"\s+\[\[", text) for cue in ctx.lexicon.moved_cues)


def moved_elsewhere(ctx: MergeContext, base: list[Ref],
                    ends: dict[str, tuple[Ended, ...]]) -> None:
    """An older unit on a topic the newest says now lives in another note is not
    carried: that note is where it is current, and written here the older unit would
    state as current what the newest sends the reader elsewhere for (its supplier,
    prices, packing rules). Structure decides which units: the prose of the older
    section aligned with the section holding the pointer, and an older observation
    whose nearest newest unit in meaning is the pointer (Thresholds.moved_obs_cosine
    close). Superseded by the pointer, so the person can flip it."""
    movers = [b for b in base if b.unit.kind in ("sentence", "item")
              and _moved_out(ctx, b, ends.get(b.key, ()))]
    if not movers:
        return
    sections = {b.section: b for b in movers}
    said_units = [b for b in base if b.unit.kind in SAYS]
    for _, doc in ctx.older:
        obs: list[Ref] = []
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is None or e.status != "carried" or e.chosen:
                continue
            if r.unit.kind == "obs":
                obs.append(r)
                continue
            if r.unit.kind not in SAYS:
                continue
            aligned = ctx.aligned.get((r.path, r.section))
            if aligned in sections:
                _moved(ctx, r, sections[aligned])
        if not obs or not said_units:
            continue
        sims = np.asarray(ctx.cosines([unnamed(said(r.unit), ctx.lexicon) for r in obs],
                                      [unnamed(said(b.unit), ctx.lexicon)
                                       for b in said_units]), dtype=np.float64)
        for i, r in enumerate(obs):
            j = int(np.argmax(sims[i]))
            if said_units[j] in movers and sims[i, j] >= ctx.thresholds.moved_obs_cosine:
                _moved(ctx, r, said_units[j])


def _moved(ctx: MergeContext, r: Ref, b: Ref) -> None:
    e = ctx.entries[r.key]
    ctx.entries[r.key] = replace(
        e, status="superseded", by=b.key, by_text=as_written(b).strip(), flips=_FLIP_PAIR,
        why="the newest says this now lives in another note")


def _another(new: frozenset[str], theirs: frozenset[str]) -> bool:
    """The newest unit gives a value of a kind the older one gives anew: a number
    (of a kind a year-only date does not answer), money, a date, or a name."""
    numbers = frozenset(v for v in new if v.startswith("n:"))
    if numbers and any(v.startswith("n:") for v in theirs) and same_kind(numbers, theirs):
        return True
    return any(v.startswith("name:") for v in new) and any(
        v.startswith("name:") for v in theirs)


def _alike(ctx: MergeContext, r: Ref, b: Ref) -> bool:
    """The newest unit says most of the older one's content words (as pass 3 decides
    that a sentence tells nothing new, Thresholds.thing_fuzz): near in meaning is not
    enough for a restatement or a denial ("Pool hire covers Tuesday evenings" / "The
    pool hire contract ... runs to 2027")."""
    mine = content_prefixes(ctx, said(r.unit))
    return bool(mine) and 100 * len(mine & content_prefixes(ctx, said(b.unit))) >= \
        ctx.thresholds.thing_fuzz * len(mine)


def observations(ctx: MergeContext, base: list[Ref], ends: set[str]) -> None:
    """Each older observation still carried, against the newest unit nearest it in
    meaning (the module docstring says how it is judged). A newest unit saying a
    thing is over (`ends`) was judged above, for what it ends and no more: it is no
    denial of everything near it ("We no longer shock-dose on a fixed weekly
    schedule" ends the schedule, not the granules)."""
    obs = [r for _, doc in ctx.older for r in ctx.refs[doc.path]
           if r.unit.kind == "obs" and ctx.entries[r.key].status == "carried"]
    near = [b for b in base if b.unit.kind != "rel"]
    if not obs or not near:
        return
    th = ctx.thresholds
    if len(obs) + len(near) > th.embed_budget:
        ctx.bounded.append(f"{len(obs)} older observations against {len(near)} units of "
                           f"the newest, so they were not compared by meaning (budget "
                           f"{th.embed_budget})")
        return
    # what each says, its values and the people it names taken out (facts.unnamed):
    # the same duty held by another person, the same limit with another figure, is
    # the same thing; whether it is another value is decided on the facts below
    sims = ctx.cosines([unnamed(said(r.unit), ctx.lexicon) for r in obs],
                       [unnamed(said(b.unit), ctx.lexicon) for b in near])
    stated = stated_facts(ctx)
    for i, r in enumerate(obs):
        row = np.asarray(sims[i], dtype=np.float64)
        b = near[int(row.argmax())]
        cos = float(row.max())
        e = ctx.entries[r.key]
        new = frozenset(new_facts(ctx, r, stated))
        opposite = negated(said(r.unit), ctx.lexicon) != negated(said(b.unit), ctx.lexicon)
        if new and cos >= th.other_shape_cosine and _another(new, b.facts.values
                                                             - r.facts.values):
            ctx.entries[r.key] = replace(e, status="superseded", by=b.key,
                                         by_text=as_written(b).strip(), flips=_FLIP_PAIR,
                                         why="the newest states another value of it")
        elif opposite and (b.unit.box == " " or b.key in ends or not _alike(ctx, r, b)):
            continue  # an open to-do ("[ ] Print the matrix") asserts nothing yet
        elif opposite and cos >= th.opposite_cosine and not forbids_other_act(
                ctx, *((said(r.unit), said(b.unit)) if negated(said(r.unit), ctx.lexicon)
                       else (said(b.unit), said(r.unit)))):
            # ("Cast vinyl only, never calendered" forbids what "Avery Dennison cast via
            # Spandex" does not state: a rule beside it, not its opposite)
            ctx.entries[r.key] = replace(e, status="superseded", by=b.key,
                                         by_text=as_written(b).strip(), flips=_FLIP_PAIR,
                                         why="the newest says the opposite")
        elif not new and not opposite and cos >= th.near_stated_cosine \
                and _alike(ctx, r, b):
            ctx.entries[r.key] = replace(e, status="present", by=b.key,
                                         by_text=as_written(b).strip(), flips=(),
                                         why="the newest says it in other words")


_THE = re.compile(r"\bthe\s+([a-z][a-z'’\-]*)", re.I)


def pointing_observations(ctx: MergeContext) -> None:
    """An older observation naming a thing with "the" ("[change] Engine-off step added
    after the near-miss") points at what its own note told of it: when the newest
    never names that thing and the only units of its note that do are dropped as the
    older version's history or an event of its period (other_value.is_history,
    past_events.past_event; not as the prose update leaves out), the observation goes
    with them,
    as a carried sentence leaning on its antecedent does (pass_leaning): written alone
    it would name an event the note no longer tells. Dropped, with its flip. A
    sentence superseded for another of its values may still tell the thing truly
    ("Guests meet at the Old Cart Shed, ... 2.4 km" / a newest "3 km"), so an
    observation naming what it told stays."""
    lx = ctx.lexicon
    base_words = {w.lower() for b in ctx.base_refs()
                  for w in re.findall(r"[A-Za-z][\w'’\-]*", b.unit.text)}
    base_words |= {w.lower() for sec in ctx.base.sections
                   for w in re.findall(r"[A-Za-z][\w'’\-]*", sec.title)}
    for note, doc in ctx.older:
        refs = ctx.refs[doc.path]
        for r in refs:
            e = ctx.entries[r.key]
            if r.unit.kind != "obs" or e.status != "carried" or e.chosen or e.held:
                continue
            things = {m.group(1).lower() for m in _THE.finditer(said(r.unit))
                      if m.group(1).lower() not in lx.function_words} - base_words
            if not things:
                continue
            told = [o for o in refs if o.key != r.key and o.unit.kind not in ("obs", "rel")
                    and things & {w.lower() for w in re.findall(r"[A-Za-z][\w'’\-]*",
                                                                o.unit.text)}]
            if not told or any(ctx.entries[o.key].status != "dropped" or not (
                    is_history(ctx, o) or past_event(o.unit.text, note, ctx.base_note))
                               for o in told):
                continue
            gone = ctx.entries[told[0].key]
            ctx.entries[r.key] = replace(
                e, status="dropped", flips=("carry", "drop"),
                why=f"it names the {sorted(things)[0]}, which only a dropped unit of its "
                    f"note tells of: {gone.text[:60]}")


def _named(end: Ended) -> str:
    return end.said or " ".join(sorted(end.words))
