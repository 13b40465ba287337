"""Part of pass 4b (pass_said_over): an older sentence, item or observation the newest
says over in other words, judged by meaning with values and names taken out and by the
words the two share (said_in_frame). Apart from pass_said_over's rules on what the
newest says ended, moved or gave another value of, which read the units' words."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import cache

import numpy as np

from .alone_facts import identifiers
from .context import MergeContext, Ref
from .facts import condition_kept, facts_of, stem, unnamed, value_kind, value_shape
from .older_only import frame_prefixes, heads_apart, new_facts, stated_facts
from .pass_leaning import leans
from .pass_units import as_written, said
from .said_scope import SaidScope

FRAMED = frozenset({"sentence", "item", "obs", "step"})  # steps, rows, checks: their block's
SAYS = frozenset({"sentence", "item", "obs", "step", "check", "footnote"})
# (a newest table row is read too, cell by cell after its heading: read())


def said_in_frame(ctx: MergeContext, base: list[Ref], scope: SaidScope) -> None:
    """An older sentence, list item or observation still carried that the newest says
    over in other words: the newest unit nearest it in meaning (values and names taken
    out, facts.unnamed; in its scope: said_scope.py) is at least Thresholds.frame_cosine
    close, it is the newest unit that older unit's note answers to (of its units of
    the same channel, body or observations, that one is nearest the newest unit: one
    newer unit rewrites one older unit), the two share most of the words they say it
    with (Thresholds.frame_share, values left out: older_only.frame_prefixes), and
    each says something the other does not (another value, another person, another
    way: "The log yard is raked on Tuesdays and Fridays" / "Bark is raked off the log
    yard every evening"). A sentence leaning on the one before it ("It is patched to
    input 9") speaks of what that one names, so it is not judged alone, on either side
    (pass_leaning places it with its antecedent). Written beside it, the older one
    would state an old value as current whatever its kind. A unit saying less than the
    newest's (its words and facts all there) is the newest's to say; one saying more
    is not said over. An open to-do asserts nothing."""
    th = ctx.thresholds
    stated = cache(lambda: stated_facts(ctx))
    near = [b for b in base if b.unit.kind == "row" or (
        b.unit.kind in SAYS and not leans(said(b.unit), ctx.lexicon)
        and not (b.unit.kind == "check" and b.unit.box == " "))]
    if not near:
        return
    for _, doc in ctx.older:
        own = [r for r in ctx.refs[doc.path] if r.unit.kind in FRAMED
               and not ctx.entries[r.key].block]
        todo = [i for i, r in enumerate(own) if ctx.entries[r.key].status == "carried"
                and not ctx.entries[r.key].chosen and not leans(said(r.unit), ctx.lexicon)
                and not scope.unspoken(r)]
        if not todo:
            continue
        if len(own) + len(near) > th.embed_budget:
            ctx.bounded.append(f"{len(own)} older units against {len(near)} units of the "
                               f"newest, so none was judged said over in other words "
                               f"(budget {th.embed_budget})")
            return
        index = {b.key: j for j, b in enumerate(near)}
        scopes = [[index[k] for j in scope.of(r) if (k := base[j].key) in index]
                  for r in own]
        sims = np.asarray(ctx.cosines([unnamed(said(r.unit), ctx.lexicon) for r in own],
                                      [unnamed(read(ctx, b), ctx.lexicon) for b in near]),
                          dtype=np.float64)
        for i in todo:
            r = own[i]
            if not scopes[i]:
                continue
            j = max(scopes[i], key=lambda k: sims[i, k])
            # A newest unit giving another value of the kind of every value this one
            # alone gives speaks to it at a lower bar (its values are all it adds)
            new = new_facts(ctx, r, stated())  # (r's, whichever newest unit: once)
            valued = [k for k in scopes[i] if _answers(ctx, r, near[k], stated(), new)]
            v = max(valued, key=lambda k: sims[i, k]) if valued else None
            # the nearest first; when it does not say this unit over (it speaks of the
            # thing without a value: "Half the job value is taken as deposit"), the
            # nearest giving another value of its values ("Take a 50% deposit")
            for c in dict.fromkeys([j if sims[i, j] >= th.frame_cosine or v is None
                                    else v, *([v] if v is not None else [])]):
                if _said_over_by(ctx, own, scopes, sims, i, c, near, value=c == v,
                                 stated=stated):
                    break


def read(ctx: MergeContext, b: Ref) -> str:
    """What a newest unit says as a reader takes it in: a table row is its cells, each
    after its column's heading ("| Glaze | Wednesday |" under "| Firing | Day |":
    "Firing: Glaze; Day: Wednesday"), so a row is compared by what it states, as a
    sentence or an item is; any other unit is what it says (pass_units.said)."""
    if b.unit.kind != "row":
        return said(b.unit)
    return row_as_read(ctx.base.blocks[b.unit.block].header, b.unit.text)


def row_as_read(header: str, row: str) -> str:
    """A row's cells, each after its column's heading (read; merging.prefetch_texts
    embeds these ahead of a preview)."""
    heads = header.split(" | ")
    cells = row.split(" | ")
    return "; ".join(f"{heads[k]}: {c}" if k < len(heads) and heads[k].strip() else c
                     for k, c in enumerate(cells) if c.strip())


def _said_over_by(ctx: MergeContext, own: list[Ref], scopes: list[list[int]],
                  sims: np.ndarray, i: int, j: int, near: list[Ref], *, value: bool,
                  stated: Callable[[], set[str]]) -> bool:
    """said_in_frame's test of older unit own[i] against newest unit near[j] (`value`:
    near[j] gives another value of every value own[i] alone gives); superseded by it
    when it passes."""
    th = ctx.thresholds
    r = own[i]
    if sims[i, j] < (th.frame_value_cosine if value else th.frame_cosine):
        return False
    obs = r.unit.kind == "obs"
    rivals = [k for k, o in enumerate(own) if k != i and (o.unit.kind == "obs") == obs
              and j in scopes[k]]
    if any(sims[k, j] > sims[i, j] and (not value or _answers(
            ctx, own[k], near[j], stated())) for k in rivals):
        return False  # the newest unit answers another unit of this note (its
        # values another one's values: "Hall hire is EUR 100", not "Cleaning
        # is EUR 35", under "The hall hire is EUR 120")
    b = near[j]
    if heads_apart(ctx, r, b):
        return False  # "Quiet hours 10pm to 7am" / "| Reception hours | 4pm to 8pm |"
    mine, theirs = frame_prefixes(ctx, said(r.unit)), frame_prefixes(ctx, read(ctx, b))
    if not mine or 2 * len(mine & theirs) < th.frame_share * (len(mine) + len(theirs)) \
            and not (value and _counts_alike(ctx, r, b, new_facts(ctx, r, stated()))):
        return False  # few words shared: only values counting the same thing say it over
    if (mine <= theirs and r.facts.values <= b.facts.values) or (
            theirs <= mine and b.facts.values <= r.facts.values):
        return False  # one says all the other does: a restatement, not another value
    if not value and not _names(ctx, b.unit.text) - _names(ctx, r.unit.text) and \
            _apart(ctx, said(r.unit), new_facts(ctx, r, stated()), theirs):
        return False  # it says a part of it over, naming no one else; the clause naming
        # whom or where only the older unit names says nothing it says: still true ("the
        # key from Mrs Okafor at No. 3 Church Row opens it" / "| Ashby Magna | 09:15 |";
        # "keys are kept by Hugo" / "keys live in the key safe; Keiko ..." is said over)
    if identifiers(ctx, r, new_facts(ctx, r, stated()), coded=True):
        return False  # a phone number, code or reference only it gives, of a shape no
        # newest unit gives another of: a rewrite in other words leaves it true ("Irrigation
        # engineer: Dale Whitcombe, 07700 900318" is no schedule line's old value)
    e = ctx.entries[r.key]
    ctx.entries[r.key] = replace(
        e, status="superseded", by=b.key, by_text=as_written(b).strip(),
        flips=("newer", "older"), why="the newest says it over: "
        + ", ".join(sorted(_shown(read(ctx, b), theirs - mine))) + " where this says "
        + ", ".join(sorted(_shown(said(r.unit), mine - theirs))))
    return True


_CLAUSE = re.compile(r"[,;:()]|\s[-–—]\s")


def _apart(ctx: MergeContext, text: str, alone: list[str], theirs: frozenset[str]) -> bool:
    """A clause of `text` gives a name of `alone` (facts only the older unit gives) and
    none of the words `theirs` (the newest unit's frame words) says it with."""
    names = {f[5:] for f in alone if f.startswith("name:")}
    return any(names & {w.lower() for w in re.findall(r"[A-Za-z][\w'’\-]*", part)}
               and not frame_prefixes(ctx, part) & theirs for part in _CLAUSE.split(text))


def _names(ctx: MergeContext, text: str) -> set[str]:
    """The names a unit gives, a capitalised word alone too ("Keiko issues the code")."""
    return {v for v in facts_of(text, ctx.lexicon, all_names=True).values
            if v.startswith("name:")}


def _answers(ctx: MergeContext, r: Ref, b: Ref, stated: set[str],
             new: list[str] | None = None) -> bool:
    """Newest unit `b` gives another value of the kind of every fact older unit `r`
    alone gives (numbers, money, times, dates; facts.value_kind), and `r` gives at
    least one: what `r` adds to the newest is its old values, nothing else ("Each slot
    is 90 minutes" / "Slots ... last 2 hours"; "Payment by card above 20 EUR" keeps
    EUR, stated elsewhere). A name, code or link the newest lacks is a fact of its own:
    not answered here; nor is a year (when, not how much), nor a number of a shape
    (facts.value_shape: a phone number, a code) by a number of another shape, nor a
    figure in one unit of measure by a figure in another ("4 m3" / "0.5 mg/l").
    `new`: new_facts(ctx, r, stated), when the caller has it."""
    new = new_facts(ctx, r, stated) if new is None else new
    if not new or any(not f.startswith("n:") or value_kind(f) == "year" for f in new):
        return False  # a year says when something happened, not how much of it
    theirs = [f for f in b.facts.values - r.facts.values if f.startswith("n:")]
    mine, other = said(r.unit), read(ctx, b)
    if condition_kept(frozenset(new), mine, set(theirs), other, ctx.lexicon):
        return False  # a bound is answered by a bound ("over £500" / "from £180")
    return all(any(value_kind(g) == value_kind(f) and _shaped(f) in (None, _shaped(g))
                   and _measure(mine, f, ctx) in (None, _measure(other, g, ctx) or
                                                  _measure(mine, f, ctx))
                   for g in theirs) for f in new)


def _counts_alike(ctx: MergeContext, r: Ref, b: Ref, new: list[str]) -> bool:
    """Every figure only older unit `r` gives counts what a figure of newest unit `b`
    counts: the word written after each is the same ("14 °C" / "12 °C", "16 children"
    / "20 children"). Said with few words in common, another value of one thing shows
    in its unit; a figure of another count is no evidence ("3 feet of a radiator" / "1
    inch clearance", "1/4 inch of the foot" / "10-minute hold", "3 takeoffs" / "10
    passengers"). A figure with no word after it ("half past seven"), and a time, a sum
    of money or a share ("9:30am", "$449", "40%"), are left to _answers' kinds."""
    mine, other = said(r.unit), read(ctx, b)
    theirs = [g for g in b.facts.values - r.facts.values if g.startswith("n:")]
    for f in new:
        if value_kind(f) != "number":
            continue  # a time, a sum of money, a share or a year is one by its kind
        counted = _counted(mine, f, ctx)
        if counted is not None and not any(
                value_kind(g) == value_kind(f) and _counted(other, g, ctx) == counted
                for g in theirs):
            return False
    return True


def _counted(text: str, value: str, ctx: MergeContext) -> str | None:
    """The word written right after a number fact's figure, stemmed ("14 °C" -> "°c",
    "10-minute" -> "minut", "3 takeoffs" -> "takeoff"); None when a function word or
    nothing follows it."""
    m = re.search(rf"(?<![\d.,]){re.escape(value[2:])}(?![\d.,/])\s?-?\s?"
                  r"(°\s?[A-Za-z]|%|[A-Za-zµ]+)", text)
    if m is None:
        return None
    word = m.group(1).lower().replace(" ", "")
    if word in ctx.lexicon.function_words:
        return None
    return word if word[:1] in "°%" else stem(word, ctx.lexicon)


def _measure(text: str, value: str, ctx: MergeContext) -> str | None:
    """The unit of measure written after a number fact's figure ("4 m3" -> "m3",
    "0.5 mg/l" -> "mg", "14 °C" -> "°c"), one spelling per unit; None when none is:
    a figure in one unit is no other value of a figure in another."""
    m = re.search(rf"(?<![\d.,]){re.escape(value[2:])}\s?(°\s?[A-Za-z]|%|[A-Za-zµ]+\d?)",
                  text)
    if m is None:
        return None
    unit = m.group(1).lower().replace(" ", "")
    if unit[:1] in "°%" or unit in ctx.lexicon.measure_words or (
            len(unit) <= 3 and unit not in ctx.lexicon.function_words):
        return unit[:-1] if len(unit) > 3 and unit.endswith("s") else unit
    return None


def _shaped(value: str) -> str | None:
    """The shape of a long run of digits (a phone number, a code: "01632" -> "99999");
    None for a figure, whose decimals say nothing of what it counts ("2.5" / "3")."""
    shape = value_shape(value)
    return shape if shape is not None and shape.isdigit() else None


def _shown(text: str, prefixes: frozenset[str]) -> set[str]:
    """The words of `text` whose first four letters are among `prefixes` (what the
    ledger shows for a frame's difference), or the text's values when none differ."""
    words = {w for w in re.findall(r"[A-Za-z][\w'’\-]*|\d[\w.,:/\-]*", text)
             if w.lower()[:4] in prefixes}
    return words or {w for w in re.findall(r"\d[\w.,:/\-]*|[A-Z][\w'’\-]*", text)[1:]}
