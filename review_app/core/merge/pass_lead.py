"""Pass: one intro. A note's lead (its prose under the title, before the first heading)
introduces the note; an older member's lead introduces the same note in an older
version's words ("How the Thursday club nights work at the hall."), so written after
the newest's lead ("Revised after the spring review. Sessions now run ...") it is a
second intro (issue 18: intros of three versions stacked). When the newest has a lead,
an older lead sentence the other passes would carry is superseded by the newest's
lead sentence nearest in meaning, unless it states a fact the newest states nowhere
(older_only.new_facts: a number, a date, a name, a code span, a link; a decision,
"We decided to paint the barn"; or a weekday the newest never names; a "Label: value"
line or a status is a value, not an intro): then that fact
is carried, and written where it is nearest in meaning, the newest's lead among the
sections (a fact of the note's subject belongs in its intro), never as a loose
paragraph at the end of a body section merely less far from it. An older lead sentence telling
where its version came from ("Gathered from the staff room whiteboard") is superseded
by the newest lead's own source or occasion, facts or none (_sources); one dating its
version ("as agreed at the AGM on 9 May 2023") by the newest's lead, or dropped where the
newest has none (_undate). The person can flip either verdict."""

from __future__ import annotations

import re

import numpy as np

from ..dating import FILE_MTIME, stated_date
from ..notes import Note
from .context import MergeContext, Ref
from .document import Document
from .lexicon import phrase_cues
from .link_lines import link_targets
from .older_only import new_facts, set_status, stated_facts, text_of
from .other_value import (
    describes_note,
    is_participle,
    provenance,
    tells_change,
    tells_occasion,
)
from .pass_one_valued import dated_state, status_statement
from .past_events import days_named, names_a_day_ahead
from .section_meaning import clear_homes


def lead_section(doc: Document) -> int | None:
    """The index of the section holding the note's lead: the part before the first
    heading, else the title's (level 1) section, when it opens with a paragraph."""
    for k, sec in enumerate(doc.sections):
        if not sec.is_intro:
            return None
        if sec.blocks:
            return k if doc.blocks[sec.blocks[0]].kind == "para" else None
    return None


def lead_refs(ctx: MergeContext, doc: Document) -> list[Ref]:
    """The sentences of the note's lead paragraphs (before any list or table there)."""
    k = lead_section(doc)
    if k is None:
        return []
    refs = ctx.refs[doc.path]
    first_other = min((doc.blocks[b].start for b in doc.sections[k].blocks
                       if doc.blocks[b].kind != "para"), default=len(doc.lines))
    return [r for r in refs if r.section == k and r.unit.kind == "sentence"
            and r.unit.start < first_other]


def _unnamed_days(ctx: MergeContext, r: Ref, base_words: set[str]) -> set[str]:
    """Weekdays the older sentence names and the newest never does: a day is a value
    ("the Thursday club nights"), though no name fact (Lexicon.function_words)."""
    words = set(re.findall(r"[a-z]+", r.unit.text.lower()))
    return {w for w in words & ctx.lexicon.weekdays if w not in base_words}


def _home(ctx: MergeContext, refs: list[Ref], lead: int) -> None:
    """A fact an older intro carries goes where it is nearest in meaning, the newest's
    lead among the sections: a fact of the note's subject ("... at Unit 9, Feeder
    Road, Bristol BS2 0TJ") in the lead, after its sentence nearest in meaning, never
    as a loose paragraph at the end of a body section merely less far from it (issue
    18: an old intro line stranded under "## End point"); one of a thing a body
    section speaks of ("the hall, which seats 48 players") in that section, when a
    unit of it speaks of it (section_meaning.clear_homes): an intro line with no clear
    home stays in the intro (AE g08: "Nadia Rahman ... owns this procedure" is no line
    of "## Quick jobs")."""
    clear = clear_homes(ctx, refs)
    for r in refs:
        ctx.home.setdefault(r.key, clear.get(r.key, lead))


def _link_lines(ctx: MergeContext) -> list[Ref]:
    """The carried link lines of the older notes' intros (link_lines.link_targets)."""
    out = []
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is not None and e.status == "carried" and doc.sections[r.section].is_intro \
                    and link_targets(ctx, r):
                out.append(r)
    return out


def _sources(ctx: MergeContext, lead: list[Ref]) -> None:
    """An older lead sentence telling where its version came from ("Gathered from the
    staff room whiteboard ...", "Taken from the first planning meeting ...";
    other_value.provenance) describes that version, not the note written: when the
    newest's lead tells its own source or occasion (other_value.tells_occasion:
    "... after the final numbers meeting on 1 August"), that sentence supersedes it,
    whatever facts of the old occasion it names. With none, it is kept: it is then the
    only word on where the content came from."""
    lx = ctx.lexicon
    own = [b for b in lead if provenance(b.unit.text, lx)] or [
        b for b in lead if tells_occasion(b.unit.text, lx)]
    if not own:
        return
    for _, doc in ctx.older:
        for r in lead_refs(ctx, doc):
            e = ctx.entries.get(r.key)
            if e is None or e.status != "carried" or e.chosen or e.held \
                    or not provenance(r.unit.text, lx) or r.facts.label is not None \
                    or status_statement(r.unit, lx, ctx.thresholds):
                continue
            ctx.entries[r.key] = set_status(
                e, "superseded", by=own[0].key, by_text=text_of(own[0]),
                flips=("newer", "older"),
                why="where an older version came from: the newest's lead tells its own")


def _dates_only(ctx: MergeContext, r: Ref, new: list[str]) -> bool:
    """Every fact of `new` (of older unit `r`) is part of a date (pass_one_valued.
    dated_state, a year alone too), a month `r` names counting though the newest
    states it ("on Saturday 20 July 2024" beside the newest's "held on 20 July")."""
    months = {v for v in r.facts.values if v.startswith("name:") and v[5:] in ctx.lexicon.months}
    return dated_state(ctx, set(new) | months, years=True)


def _framing(ctx: MergeContext, r: Ref, stated: set[str]) -> str | None:
    """What an older lead sentence says of its own version rather than the subject: a
    name for its note ("Notes from the owners' meeting on January 15 ...") or news of
    its change ("Larson-Juhl changed terms for 2026, so here is what is different from
    the December note"), stating no fact the newest lacks but its dates. None else."""
    label = describes_note(r.unit.text, ctx.lexicon)
    if not (label or tells_change(r.unit.text, ctx.lexicon)) or r.facts.label is not None \
            or not _dates_only(ctx, r, new_facts(ctx, r, stated)) \
            or status_statement(r.unit, ctx.lexicon, ctx.thresholds):
        return None
    return "name for its note" if label else "news of its change"


def _version_year(ctx: MergeContext, r: Ref, older: Note, stated: set[str]) -> int | None:
    """The latest year an older lead sentence names where it only dates that older
    version: every year it names is of the version's own time (from the year before its
    note was last written) and none after the newest's; beside its dates it names at
    most names the newest lacks, no number, code or link ("Prices agreed by the committee
    on 3 July 2023", "Camp 2023 runs from 31 July, again at Coldharbour Farm"); it
    states no rule (a decision is how such a version is dated: "as agreed at the AGM"),
    does not open on a participle, saying what was settled then ("Decided at the March
    2024 meeting to stop taking cash": round 41's guards), names no day after the newest
    was written ("From 1 March 2025 the fee goes up" in a note of February 2025), and
    nothing lasting or ahead ("Since 2023 all members must ...",
    "due by 30 June 2025": Lexicon.lasting_words). Dev (merge-CY..EC): none of 54
    carried lead sentences with a year of their version held a fact the answer keys count
    current, 5 an old value. None else, and for a member not older than the base or
    dated by its file's time alone (no year of its own to read)."""
    if older.modified_source == FILE_MTIME or stated_date(older) >= stated_date(ctx.base_note):
        return None
    years = [int(v[2:6]) for v in r.facts.values
             if re.fullmatch(r"n:(?:19|20)\d\d(?:-\d\d-\d\d)?", v)]
    lx = ctx.lexicon
    first = re.findall(r"[A-Za-z]+", r.unit.text)[:1]
    if not years or r.facts.label is not None \
            or (first and is_participle(first[0], lx)) \
            or names_a_day_ahead(r.unit.text, ctx.base_note) \
            or status_statement(r.unit, lx, ctx.thresholds) \
            or phrase_cues(r.unit.text, lx.rule_cues) \
            or set(re.findall(r"[a-z]+", r.unit.text.lower())) & lx.lasting_words:
        return None
    own = stated_date(older).year
    if min(years) < own - 1 or max(years) > stated_date(ctx.base_note).year:
        return None
    days = days_named(r.unit.text)  # ("9 May": no month fact, "may" being a modal too)
    if not _dates_only(ctx, r, [v for v in new_facts(ctx, r, stated)
                                if not v.startswith("name:") and v[2:] not in days]):
        return None
    return max(years)


def _dated_leads(ctx: MergeContext) -> list[tuple[Ref, int]]:
    """Every older lead sentence the other passes would carry that dates its own
    version (_version_year), with the year it names."""
    stated = stated_facts(ctx)
    out = []
    for note, doc in ctx.older:
        for r in lead_refs(ctx, doc):
            e = ctx.entries.get(r.key)
            if e is None or e.status != "carried" or e.chosen or e.held:
                continue
            year = _version_year(ctx, r, note, stated)
            if year is not None:
                out.append((r, year))
    return out


def _older_leads(ctx: MergeContext) -> list[Ref]:
    """Each older note's lead sentence the other passes would carry: the intro is the
    lead's first sentence; those after it say things of their own ("Children under
    eight must be accompanied by an adult."), which no newest lead sentence says over
    (their cosines to it are as low as an intro's)."""
    out = []
    for _, doc in ctx.older:
        for r in lead_refs(ctx, doc)[:1]:
            e = ctx.entries.get(r.key)
            if e is not None and e.status == "carried" and not e.chosen and not e.held:
                out.append(r)
    return out


def _without_lead(ctx: MergeContext) -> None:
    """The newest has no intro: an older lead framing its own version ("Review of the
    January decisions ...", "Mid-season update, written after the September 13
    market.") would introduce the merged note as that version (issue 18: intros of
    versions stacked above a note that has none). It is dropped; the title names the
    note. An older intro stating the subject ("Who Northlight Framing buys moulding
    from, and the terms we work under.") still introduces it and is carried."""
    stated = stated_facts(ctx)
    for r in _older_leads(ctx):
        said = _framing(ctx, r, stated)
        if said is not None:
            ctx.entries[r.key] = set_status(
                ctx.entries[r.key], "dropped", flips=("carry", "drop"),
                why=f"an older version's {said}: the newest has no intro, and its title "
                    "names the note")


def _undate(ctx: MergeContext, lead: list[Ref]) -> None:
    """An older lead sentence dating its own version is that version's framing, whatever
    else it names (issue 18, blind readers: "agreed at the AGM on 9 May 2023", "as of
    August 2023" opening a note whose newest version is of 2024): superseded by the
    newest's lead, which dates the note as it is now, or, with no lead there, dropped,
    the title naming the note. The person can flip either."""
    for r, year in _dated_leads(ctx):
        e = ctx.entries[r.key]
        why = (f"an older version's own date ({year}): it frames that version, and the "
               "newest")
        if lead:
            ctx.entries[r.key] = set_status(e, "superseded", by=lead[0].key,
                                            by_text=text_of(lead[0]), flips=("newer", "older"),
                                            why=f"{why}'s lead introduces the note")
        else:
            ctx.entries[r.key] = set_status(e, "dropped", flips=("carry", "drop"),
                                            why=f"{why} has no intro; its title names the note")


def run(ctx: MergeContext) -> None:
    lead = lead_refs(ctx, ctx.base)
    _undate(ctx, lead)
    if not lead:
        _without_lead(ctx)
        return
    _sources(ctx, lead)
    for r in _link_lines(ctx):  # a link line introduces a related note: beside the lead
        ctx.home.setdefault(r.key, lead[0].section)
    todo = _older_leads(ctx)
    stated = stated_facts(ctx)
    described: list[Ref] = []
    for r in todo:  # what an older version called itself or changed, and when: the
        # newest's lead says what the note is now (a name or number only it gives is kept)
        said = _framing(ctx, r, stated)
        if said is None:
            continue
        described.append(r)
        ctx.entries[r.key] = set_status(
            ctx.entries[r.key], "superseded", by=lead[0].key, by_text=text_of(lead[0]),
            flips=("newer", "older"),
            why=f"an older version's {said}: the newest's lead introduces the note")
    todo = [r for r in todo if r not in described]
    if not todo:
        return
    base_words = {w.removesuffix("s") for b in ctx.base_refs()  # "Thursdays": Thursday
                  for w in re.findall(r"[a-z]+", b.unit.text.lower())}
    # a status or a "Label: value" line in the lead states a value, not an intro (a
    # status the newest states too is pass_one_valued.one_status's to supersede)
    lines = {r.key for r in todo if r.facts.label is not None
             or status_statement(r.unit, ctx.lexicon, ctx.thresholds)}
    todo = [r for r in todo if r.key not in lines]
    # (a rule, "Every group gets this briefing, no exceptions", is a fact: Lexicon.rule_cues)
    telling = [r for r in todo if new_facts(ctx, r, stated) or r.facts.decision
               or _unnamed_days(ctx, r, base_words)
               or phrase_cues(r.unit.text, ctx.lexicon.rule_cues)]
    _home(ctx, telling, lead[0].section)
    told = {r.key for r in telling}
    todo = [r for r in todo if r.key not in told]
    sims = ctx.cosines([r.unit.text for r in todo], [b.unit.text for b in lead])
    if sims is None:
        return
    for i, r in enumerate(todo):
        b = lead[int(np.argmax(np.asarray(sims[i])))]
        ctx.entries[r.key] = set_status(
            ctx.entries[r.key], "superseded", by=b.key, by_text=text_of(b),
            flips=("newer", "older"),
            why="an older version's intro: the newest's lead introduces the note, and "
                "this states no fact the newest lacks")
