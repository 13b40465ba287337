"""Pass 4c: an older unit the newest contradicts in other words, without a number
of the same shape, is superseded by the newest unit it contradicts ("Haze is not
used in the studio" under "The hazer runs at 20% for the finale"; "We no longer
offer evening slots" under "Evening slots run Tue/Thu").

The test is meaning and polarity, not a list of claims: among the newest's units
the older one is compared with (its aligned section, the title section and the
observations; the whole base for an observation, an intro unit or a unit of a
section without a counterpart), the one nearest in meaning (the engine's unit
vectors) is at least Thresholds.polarity_cosine close, and exactly one of the two
is negated (Lexicon.negation_words: "not", "never", "no longer", "stopped", ...),
and the two share a content word (they speak of one thing).
A newest unit of the same polarity that is nearer says the older one holds, so
nothing is superseded. The polarity that counts is that of the clauses speaking of
the shared thing ("Europcar had no vans left, so ..., booking SX-20731" is not
negative about the booking); an open to-do says nothing of what is, and a unit saying
a thing is gone or replaced is pass_said_over's (ended.py knows which part is over).
Older observations go through the same test against the newest's body and
observations. A unit giving a phone or an account the newest lacks
(alone_facts.identifiers: "[contact] Beacon Alarms 0113 496 0522") makes no claim a
negation denies ("If the alarm has not gone off, ..."): the rules judge it.

Judged: what the rules would carry (the ledger then says which newer unit
contradicts it, and the person can flip the pair like any superseded one); a unit
they leave out is not written either way, and a restatement whose negation is in
other words ("are never cleaned up" / "skip cleanup") would read as a contradiction.
Steps, rows and code are read by their place in their block (pass 4): untouched.
"""

from __future__ import annotations

import re

import numpy as np

from .alone_facts import identifiers
from .context import MergeContext, Ref
from .ended import ended
from .facts import value_kind, weekdays_named
from .ledger import Choice
from .lexicon import Lexicon
from .negation import negated
from .older_only import content_prefixes, new_facts, set_status, stated_facts
from .pass_units import as_written, said
from .said_scope import SaidScope

_JUDGED = frozenset({"sentence", "item", "check", "footnote", "obs"})
_FLIP_PAIR: tuple[Choice, ...] = ("newer", "older")
_TOKEN = re.compile(r"[a-z]+(?:['’-][a-z]+)*")


def _judged(ctx: MergeContext, r: Ref) -> bool:
    """What the rules would carry, and what they found the newest says (present): a
    present unit the newest says the opposite of was reversed, not said (its reason,
    following it, goes with it: _reasons)."""
    e = ctx.entries[r.key]
    if r.unit.kind not in _JUDGED or e.chosen or e.block:
        return False
    return e.status == "carried" or (e.status == "present" and not e.flips)


def contradicted(ctx: MergeContext) -> list[tuple[Ref, Ref, float]]:
    """(older unit, the newest unit nearest it in meaning, their cosine) for each
    judged older unit whose nearest newest unit in scope has the other polarity and
    speaks of a thing it speaks of, whatever the cosine (bench/polarity_fit.py prints
    them to set the threshold)."""
    # an open to-do ("- [ ] Print the matrix") says what is to be done, not what is
    # ... and a unit saying a thing is gone, replaced, moved or done is pass_said_over's
    # (ended.py knows which part of it is over: "no longer ... on a weekly schedule")
    base = [b for b in ctx.base_refs() if b.unit.kind not in ("code", "rel")
            and not (b.unit.kind == "check" and b.unit.box == " ")
            and not ended(said(b.unit), ctx.lexicon)]
    if not base:
        return []
    scopes = SaidScope(ctx, base)
    neg = [negated(asserted(ctx, said(b.unit)), ctx.lexicon) for b in base]
    todo: list[tuple[Ref, list[int], bool]] = []
    polar: dict[int | None, set[bool]] = {}  # the polarities a scope holds
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            if not _judged(ctx, r):
                continue
            mine = negated(asserted(ctx, said(r.unit)), ctx.lexicon)
            where = scopes.of(r)
            key = scopes.key(r)
            if key not in polar:
                polar[key] = {neg[j] for j in where}
            if polar[key] - {mine}:  # only then can it be contradicted
                todo.append((r, where, mine))
    if not todo:
        return []
    texts = [said(r.unit) for r, _, _ in todo]
    if len(texts) + len(base) > ctx.thresholds.embed_budget:
        ctx.bounded.append(f"{len(texts)} older units of another polarity than some "
                           f"newest unit, so none was judged contradicted by meaning "
                           f"(budget {ctx.thresholds.embed_budget})")
        return []
    sims = np.asarray(ctx.cosines(texts, [said(b.unit) for b in base]), dtype=np.float64)
    # the note's own subject (its titles' words) is no one thing two units speak of:
    # "the skip cannot go on a drive" denies nothing of "Skip must show four marker lamps"
    titled = subject(ctx, " ".join([ctx.base_note.title] + [n.title for n, _ in ctx.older]))
    out = []
    for i, (r, where, _) in enumerate(todo):
        j = where[int(np.argmax(sims[i, where]))]
        a, b = asserted(ctx, said(r.unit)), asserted(ctx, said(base[j].unit))
        if neg[j] != negated(a, ctx.lexicon) and (subject(ctx, a) & subject(ctx, b)) - titled and \
                _clause_negated(ctx, a, b) != _clause_negated(ctx, b, a) and \
                not forbids_other_act(ctx, *((b, a) if neg[j] else (a, b))):
            out.append((r, base[j], float(sims[i, j])))
    return out


def asserted(ctx: MergeContext, text: str) -> str:
    """`text` without its conditions ("Ring him by Wednesday if nobody from the committee
    can open up"): a condition is not asserted, so its negation is not the unit's."""
    lx = ctx.lexicon
    memo = lx.memo("asserted")
    found = memo.get(text)
    if found is None:
        cues = "|".join(re.escape(c).replace("_", r"\s+") for c in sorted(lx.condition_openers))
        found = re.sub(rf"(?i)\b(?:{cues})\b[^,;:.!?]*", " ", text)
        memo[text] = found
    return found


def forbids_other_act(ctx: MergeContext, rule: str, other: str) -> bool:
    """Whether `rule`, the negated one of the two, forbids an act (Lexicon.
    prohibition_openers, prohibition_phrases) that `other` does not state: at most
    Thresholds.prohibition_stated of the content words of the act it forbids are in
    `other` ("No sale of donated food" / "The agency provides ... a food handler card").
    A prohibition is a rule, not a state; a statement of another act does not deny it.
    A clause saying a thing is not needed is a state (Lexicon.need_words)."""
    lx = ctx.lexicon
    for part in re.split(r"(?<=[.!?])\s+|" + _CLAUSE.pattern, rule, flags=re.I):
        words = _TOKEN.findall((part or "").lower())
        if not words or not negated(part, lx):
            continue
        if lx.need_words.intersection(words):
            return False  # "No agitation needed": what is, not a rule
        pairs = {f"{x}_{y}" for x, y in zip(words, words[1:], strict=False)}
        if words[0] not in lx.prohibition_openers and \
                "_".join(words[:2]) not in lx.prohibition_openers and \
                not pairs & lx.prohibition_phrases:
            return False  # the negated clause states, it does not forbid
        rule_words = {w for c in lx.prohibition_phrases for w in c.split("_")}
        act = subject(ctx, " ".join(w for w in part.split()
                                    if w.lower().strip(".,;:") not in rule_words))
        if not act:
            return False
        return len(act & subject(ctx, other)) / len(act) <= ctx.thresholds.prohibition_stated
    return False


# A contrast ("... to the hens rather than in the bin") denies only what follows it: the
# clause before it speaks of the thing positively.
_CLAUSE = re.compile(r"[,;:()]|\s[-–—]\s|\b(?:so|but|while|whereas|although|though|because"
                     r"|rather\s+than|instead\s+of)\b", re.I)


def _clause_negated(ctx: MergeContext, text: str, other: str) -> bool:
    """Whether the part of `text` that speaks of what `other` speaks of (its clauses
    sharing the most content words with it) is negated: "Europcar had no medium vans
    left, so we switched ..., booking SX-20731" says nothing negative of the booking."""
    theirs = subject(ctx, other)
    parts = [p for p in _CLAUSE.split(text) if p and p.strip()]
    shared = [len(subject(ctx, p) & theirs) for p in parts]
    top = max(shared, default=0)
    return any(negated(p, ctx.lexicon) for p, n in zip(parts, shared, strict=True)
               if n == top)


def subject(ctx: MergeContext, text: str) -> set[str]:
    """The content words a unit speaks of, by their first four letters ("haze" /
    "hazer"), the negation cues left out: two units contradict each other only when
    they speak of one thing."""
    cues = {w for c in ctx.lexicon.negation_words for w in c.split("_")}
    return content_prefixes(ctx, " ".join(w for w in text.split() if w.lower() not in cues))


def _reasons(ctx: MergeContext, reversed_: set[str]) -> None:
    """A carried sentence giving the reason for a rule the newest reversed goes with
    that rule: it follows the rule in its paragraph, states no fact the newest lacks
    (older_only.new_facts: it argues, it tells nothing of its own), and speaks of the
    rule (at least Thresholds.reason_cosine close to it in meaning): "Skate aids are
    not allowed at discos. The lights are dim and the aids are hard to see." under
    "Skate aids are allowed at discos ..." would argue against the newest's rule.
    Reversed: the rules found to say what a newest unit says (present) but for the
    negation; a carried unit whose nearest newest unit has the other polarity may be
    no rule of the same thing ("Never use glass cleaner" / "Clean the lens with
    distilled water"), so what follows it is left alone."""
    stated = stated_facts(ctx)
    pairs: list[tuple[Ref, Ref]] = []
    for _, doc in ctx.older:
        refs = ctx.refs[doc.path]
        for prev, r in zip(refs, refs[1:], strict=False):
            e = ctx.entries[r.key]
            if prev.key not in reversed_ or r.unit.kind != "sentence" \
                    or prev.unit.block != r.unit.block or e.status != "carried" \
                    or e.chosen or e.held or new_facts(ctx, r, stated):
                continue
            pairs.append((prev, r))
    if not pairs:
        return
    sims = ctx.cosines([said(r.unit) for _, r in pairs], [said(p.unit) for p, _ in pairs])
    for k, (prev, r) in enumerate(pairs):
        if float(sims[k, k]) < ctx.thresholds.reason_cosine:
            continue
        rule = ctx.entries[prev.key]
        ctx.entries[r.key] = set_status(
            ctx.entries[r.key], "superseded", by=rule.by, by_text=rule.by_text,
            flips=_FLIP_PAIR, why="the reason for a rule the newest reversed")


def run(ctx: MergeContext) -> None:
    reversed_: set[str] = set()
    stated: set[str] | None = None
    for r, b, cos in contradicted(ctx):
        if cos < ctx.thresholds.polarity_cosine:
            continue
        if stated is None:
            stated = stated_facts(ctx)
        if identifiers(ctx, r, new_facts(ctx, r, stated)):
            continue  # a phone or an account the newest lacks is no claim to deny
        e = ctx.entries[r.key]
        ctx.entries[r.key] = set_status(
            e, "superseded", by=b.key, by_text=as_written(b).strip(), flips=_FLIP_PAIR,
            why="the newest says the opposite (one of the two is negated)")
        if e.status == "present":  # the newest says it, bar the negation: reversed
            reversed_.add(r.key)
    _reasons(ctx, reversed_)
    _open_on_closed_days(ctx)


def _open_on_closed_days(ctx: MergeContext) -> None:
    """An older line saying the place is closed on days it names ("Closed Monday to
    Wednesday except for private hire.") is superseded by a newest line giving opening
    hours on one of those days without saying closed ("- Wednesday 17:00 to 22:00"): the
    newest opens then. Days and hours are values no embedding compares, so it is
    judged by them (merge-BO's taproom kept the closed days under the new Wednesday
    session). Only a closure of the place on whole days (`_closed_on`), not negated; and
    only hours, a day with two times ("Bins go out on Wednesday at 07:00" gives none)."""
    lx = ctx.lexicon
    base: list[tuple[Ref, frozenset[str]]] | None = None
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            if not _judged(ctx, r):
                continue
            text = said(r.unit)
            days = _closed_on(text, lx)
            if not days:
                continue
            if base is None:
                base = [(b, weekdays_named(said(b.unit), lx)) for b in ctx.base_refs()
                        if b.unit.kind not in ("rel", "code")
                        and not set(_TOKEN.findall(said(b.unit).lower())) & lx.closed_words
                        and sum(value_kind(v) == "time" for v in b.facts.values) >= 2]
            hit = next(((b, theirs & days) for b, theirs in base if theirs & days), None)
            if hit is None:
                continue
            ctx.entries[r.key] = set_status(
                ctx.entries[r.key], "superseded", by=hit[0].key,
                by_text=as_written(hit[0]).strip(), flips=_FLIP_PAIR,
                why=f"the newest gives hours on {', '.join(sorted(hit[1]))}, which this "
                    "says is closed")


def _closed_on(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The whole days a line says the place is closed: a closed word opening the line
    or after "is"/"are" ("Closed Monday to Wednesday", "The bar is closed on Sundays"),
    the days right after it ("on", "every" between), the line not negated. Not a thing
    closed on a day ("The ticket was closed on Monday"), part of a day ("closed on Friday
    mornings") or one day of a month ("Closed the first Saturday of each month")."""
    if negated(text, lexicon):
        return frozenset()
    words = _TOKEN.findall(text.lower())
    for k, w in enumerate(words):
        if w not in lexicon.closed_words or (k and words[k - 1] not in ("is", "are")):
            continue
        j = k + 1
        while j < len(words) and words[j] in ("on", "every", "all", "day"):
            j += 1
        span = words[j:j + 4]
        days = weekdays_named(" ".join(span), lexicon)
        if not days or not span or span[0].removesuffix("s") not in lexicon.weekdays:
            continue
        if set(span) & lexicon.day_parts:
            continue  # part of a day
        return days
    return frozenset()
