"""Does the newest note speak of the same thing as an older unit, with another value?

The checks pass 3 (pass_verdicts) asks before it carries an older unit: an intro's count
the newest gives anew, an observation of a one-valued category or of a table row, a
relation whose target the newest names otherwise; and whether an intro sentence is the
older version's own history rather than a fact of now.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..links import relation_target, target_key
from ..units import normalise
from .context import MergeContext, Ref
from .facts import facts_of, label_of, stem
from .lexicon import Lexicon
from .pass_units import said

STRUCTURED = frozenset({"obs", "rel"})


def named_otherwise(ctx: MergeContext, line: str, pool: list[Ref]) -> Ref | None:
    """The base unit that names what a relation's target names, but not the target:
    its first words and then something else ("uses [[Truing Stand Bay 2]]" / "either
    truing stand"): the newest speaks of that thing with another value."""
    words = normalise(target_words(relation_target(line))).split()
    if len(words) < 3:
        return None  # "[[Visa Process]]" is named or not; nothing to qualify
    whole = " ".join(words)
    head = " ".join(words[:max(2, (len(words) + 1) // 2)])
    for b in pool:
        if b.unit.kind in STRUCTURED:
            continue
        text = b.unit.norm
        if re.search(rf"\b{re.escape(head)}\b", text) and whole not in text and not (
                set(words) <= set(re.findall(r"\w+", text))) and not any(
                v.startswith("link:") for v in b.facts.values):
            return b  # ("the weather mast on the north ridge" names it all: the same)
    return None


def in_intro(ctx: MergeContext, r: Ref) -> bool:
    """The unit is in its older note's title section (what the note is about)."""
    member = ctx.older_member(r.path)
    return member is not None and member[1].sections[r.section].is_intro


def tells_change(text: str, lexicon: Lexicon) -> bool:
    """The sentence tells a change its version made, in the past tense, within its
    first five words ("Owner raised prices from 15 April to cover the water rate
    increase."): that version's news."""
    words = re.findall(r"[a-z]+", text.lower())[:5]
    return any(w in lexicon.change_verbs and w.endswith("ed") for w in words)


def is_history(ctx: MergeContext, r: Ref) -> bool:
    """An older intro sentence about the note's own history ("Revision of the February
    procedure.", "Version adopted at the February meeting.", "Two changes: the fit
    check and a river level rule."): its opening words, or its label's noun, say so.
    Who wrote it ("Written by ...") is no history. So is a change told under an older
    heading that lists its version's changes ("## Changes from v1": "Added the fit
    check (step 3).", Lexicon.log_verbs): what that version changed, which the newest
    holds as it is now."""
    history = ctx.lexicon.note_history_words
    member = ctx.older_member(r.path)
    if member is not None and not in_intro(ctx, r):
        head = re.findall(r"[a-z]+", member[1].sections[r.section].title.lower())[:1]
        opens = re.findall(r"[a-z]+", r.unit.text.lower())[:1]
        lex = ctx.lexicon
        return bool(head and opens) and head[0] in history \
            and (opens[0] in lex.log_verbs or opens[0] in lex.change_verbs)
    if not in_intro(ctx, r):
        return False
    label = label_of(r.unit.text, ctx.thresholds.label_chars)
    if label is not None:  # "Changes: ..." is history, "**Status:** Draft" is not
        return label[0] in history or label[0].split()[-1:] == ["changes"]
    words = re.findall(r"[a-z]+", r.unit.text.lower())
    k = 0 if words[:1] and words[0] in history else 1 if len(words) > 1 and words[1] in \
        history and (words[0] in ctx.lexicon.function_words or words[0].endswith(
            ("th", "rd"))) else None  # "Third revision.", "This version ..."
    return k is not None and words[k + 1:k + 2] != ["by"]  # "Written by X": its author


def about_its_note(ctx: MergeContext, r: Ref) -> bool:
    """An intro sentence about its note rather than its subject: its history, where it
    came from, a change its version made, or what the note is."""
    lx = ctx.lexicon
    t = r.unit.text
    return is_history(ctx, r) or provenance(t, lx) or tells_change(t, lx) \
        or describes_note(t, lx)


def is_participle(word: str, lexicon: Lexicon) -> bool:
    """A past participle, by the lexicon's irregular ones or a regular "-ed"."""
    w = word.lower()
    return w in lexicon.irregular_participles or (len(w) > 4 and w.endswith("ed"))


def provenance(text: str, lexicon: Lexicon) -> bool:
    """A sentence about where its note came from, not about the note's subject: it
    opens with a past participle whose subject is the note itself, followed by where,
    who or after what ("Gathered from the staff room whiteboard and a chat with the
    site manager.", "Taken from the first planning meeting.", "Written by the site
    team after the October finding."; Lexicon.source_words). A fact about the subject
    said the same way names no source ("Closed on bank holidays", "Based on 300 gsm
    card", "Registered with Tynedale Vets"), nor does one saying when ("Closed from
    20 December"). A relative clause or a second clause
    ("Written by Priya, who also keeps the accounts") tells a fact of its own: not
    provenance alone."""
    words = re.findall(r"[A-Za-z][\w'’\-]*", text)
    if len(words) < 3 or re.search(r";|,\s*(?:who|which|where|whose)\b", text):
        return False
    if not (is_participle(words[0], lexicon) and words[0][:1].isupper()
            and words[1].lower() in lexicon.source_words):
        return False
    after = text.split(words[1], 1)[1].lstrip()
    return not after[:1].isdigit()  # "Served from 12:00", "Closed from 20 December": when


def describes_note(text: str, lexicon: Lexicon) -> bool:
    """A lead sentence naming what its own note is: optionally "These are the", then at
    most four words (no past tense after a first one: "Owner raised prices" is a
    verb, "Revised price list" a label), then one of
    Lexicon.self_description_nouns and a word joining what it covers ("for", "of",
    "from", "on", "at") or the sentence's end: "Planning page for the club fly-in on
    Saturday 20 July 2024.", "Spokeline Couriers standard prices from 1 September
    2023." A sentence with a verb of its own states a fact of the subject ("Our rates
    for weddings are fixed", "Prices rose by 5%"): none. ("These are" only opens it.)"""
    if re.search(r",\s*(?:who|which|where|whose)\b", text):
        return False  # a clause telling a fact of the subject ("..., which runs from
        # St Aidan's church hall")
    words = re.findall(r"[a-z][\w'’\-]*|\d[\w,.:/\-]*", text.lower())
    for opener in lexicon.self_description_openers:
        parts = opener.split("_")
        if words[:len(parts)] == parts:
            words = words[len(parts):]
            break
    if (set(words) - lexicon.months) & (lexicon.copulas | lexicon.auxiliary_words
                                        | lexicon.rule_markers):  # ("1 May" is no modal)
        return False  # a statement about the thing ("Our rates for weddings are fixed")
    for k, w in enumerate(words[:5]):
        if w in lexicon.self_description_nouns:
            after = words[k + 1:k + 3]
            # a past tense after its subject is a verb ("Owner raised prices from 15
            # April"); opening the label it qualifies it ("Revised price list from May")
            verb = any(v.endswith("ed") for v in words[1:k])
            # what it covers or came from: "Notes from the owners' meeting ...", "Spring
            # course plan below.", "Mid-season update, written after the September 13
            # market.", "Review of the January decisions ..."
            told = len(after) == 2 and after[0] in lexicon.irregular_participles \
                and after[1] in lexicon.source_words
            if w in lexicon.self_description_events:  # "Rent review on 1 June" is an event
                return (after[:1] == ["of"] or told) and not verb
            joins = not after or after[0] in lexicon.self_description_joiners or told
            return joins and not verb
    return False


def tells_occasion(text: str, lexicon: Lexicon) -> bool:
    """A lead sentence saying what its version came from or after ("Updated staffing
    ... after Sunday opening started", "The up-to-date plan ..., after the final
    numbers meeting"): provenance, or an occasion word (Lexicon.occasion_words)."""
    return provenance(text, lexicon) or bool(
        set(re.findall(r"[a-z]+", text.lower())) & lexicon.occasion_words)


_YEAR = re.compile(r"(?<![\w/.\-])(?:19|20)\d\d(?![\w/\-])")
_DATED = re.compile(r"\b\d{1,2}(?:st|nd|rd|th)?\s+[A-Za-z]{3,9}\.?,?\s+(?:19|20)\d\d\b"
                    r"|\b[A-Za-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:19|20)\d\d\b")


def _years(text: str) -> set[int]:
    """The years a text names on their own; a year of a dated day ("12 March 2024")
    says when something happened, not which period the text is about."""
    return {int(y) for y in _YEAR.findall(_DATED.sub(" ", text))}


def framed_period(ctx: MergeContext, r: Ref, stated: Callable[[], set[str]]) -> str | None:
    """An older intro sentence placing its note in a year ("Prices for the 2024 season,
    as published on the website.") where the newest's title or a heading names a later
    year and not that one: it frames the older version's period, and says nothing else
    the newest does not. Returns that title or heading."""
    if r.unit.kind != "sentence" or not in_intro(ctx, r):
        return None
    mine = _years(r.unit.text)
    if not mine:
        return None
    # (its label or decision form, "fees for the 2023 season, as agreed ...", is the
    # sentence itself, which no newest unit states)
    rest = {v for v in r.facts.values if v not in {f"n:{y}" for y in mine}
            and not v.startswith(("label:", "decision:"))}
    if not rest <= stated() | facts_of(ctx.base_note.title, ctx.lexicon,
                                       all_names=True).values:
        return None  # (stated asked only here: a huge base's facts are costly; the
        # newest's title says what it names too: "Membership Fees 2024 (Agreed at AGM)")
    for heading in (ctx.base_note.title, *(s.title for s in ctx.base.sections)):
        theirs = _years(heading)
        if theirs and not theirs & mine and max(theirs) > max(mine):
            return heading
    return None


_COUNTED = re.compile(r"(?<![\w.])(\d[\d,.]*)\s+([a-z][a-z\-]{2,})(?:\s+([a-z][a-z\-]{2,}))?")


def _counts(text: str, lexicon) -> dict[str, set[str]]:  # noqa: ANN001
    """noun -> the numbers it is counted with ("14 colonies" -> colonies: {14})."""
    out: dict[str, set[str]] = {}
    for m in _COUNTED.finditer(text):
        if m.group(2).lower() in lexicon.measure_words:
            continue  # "30 days notice": a duration, not a count
        for word in (m.group(2), m.group(3)):  # "42 raised-bed plots": plots too
            noun = stem(word.lower(), lexicon) if word else ""
            if noun and word.lower() not in lexicon.function_words \
                    and word.lower() not in lexicon.measure_words:
                out.setdefault(noun, set()).add(m.group(1).replace(",", ""))
    return out


def recounted(ctx: MergeContext, r: Ref, pool: list[Ref]) -> Ref | None:
    """An intro sentence's count the newest gives anew ("14 colonies at the start of
    the 2024 season" / "We run 19 colonies"): the older intro restates an old figure."""
    member = ctx.older_member(r.path)
    if member is None or not member[1].sections[r.section].is_intro:
        return None
    mine = _counts(r.unit.text, ctx.lexicon)
    if not mine:
        return None
    # a noun the older note counts elsewhere too is two counts ("420 pupils" in the
    # school, "23 pupils have an allergy"): the newest's figure answers the other one
    elsewhere: set[str] = set()
    for o in ctx.refs[r.path]:
        if o.key != r.key and o.unit.kind not in STRUCTURED:
            elsewhere |= set(_counts(o.unit.text, ctx.lexicon))
    for b in pool:
        if b.unit.kind in STRUCTURED:
            continue
        for noun, values in _counts(b.unit.text, ctx.lexicon).items():
            if noun in mine and noun not in elsewhere and not values & mine[noun]:
                return b
    return None


def one_valued(ctx: MergeContext, r: Ref, pool: list[Ref]) -> Ref | None:
    """The base unit an older observation is another value of: an observation of a
    category a note holds one of at a time ("[status]"), or one that names a row of a
    base table with a number that row does not hold ("Oak Room holds 40 people" /
    "| Oak Room | 48 |")."""
    cat = category(r.unit.text)
    if cat.strip("[ ").lower() in ctx.lexicon.one_valued_categories:
        same = [b for b in pool if b.unit.kind == "obs" and category(b.unit.text) == cat
                and b.unit.norm != r.unit.norm]
        if same:
            return same[0]
    text = normalise(said(r.unit))
    if set(re.findall(r"[a-z]+", text)) & ctx.lexicon.months:
        return None  # "reopened in November 2024": a date, not a figure of the row
    numbers = {v for v in r.facts.values if v.startswith("n:")
               and not re.fullmatch(r"n:(19|20)\d\d|n:\d{4}-\d\d(-\d\d)?", v)}
    for b in pool:
        if b.unit.kind != "row" or not numbers:
            continue
        key = normalise(b.unit.text.split(" | ")[0])
        row_numbers = {v for v in b.facts.values if v.startswith("n:")}
        if len(key) >= 3 and re.search(rf"\b{re.escape(key)}\b", text) and row_numbers \
                and not numbers <= row_numbers:
            return b
    return None


def target_words(target: str | None) -> str:
    return target_key(target or "").replace("-", " ")


def category(text: str) -> str:
    return normalise(text.split("]", 1)[0])
