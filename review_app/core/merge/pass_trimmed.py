"""Pass (after the person's choices): an older sentence that holds a still-true fact
and, in a clause of its own, something the newest superseded or already says is written without that
clause (issue 18 item 4: carry what is still true, not what is stale or said
already). Four kinds:
- a carried sentence whose clause speaks of a thing the newest says is gone ("Tests
  are done at the Carver Street clinic (14 Carver Street, phone 0114 496 0877); book
  through Callum, and the studio pays." where the newest says "Callum left in May"):
  carried whole it brings the gone person back;
- a sentence superseded for another value in one clause while another clause holds a
  number naming something (older_only: a phone, an address) only it states
  ("Breakdowns go to Fenwick Heating (Unit 4, Mill Lane, phone 01632 960 555); the
  call-out charge is £60." / "The call-out charge is now £75."): superseded whole it
  loses the phone;
- a carried sentence one of whose later parts gives a measure the newest gives another
  value of, said of the same thing ("..., 0.2 mm needle, compressors set to 20 psi for
  base coats." / "Sam prefers 15 psi for base coats"): carried whole it states both;
- a carried sentence one of whose clauses, with no fact the newest lacks, says again
  in other words what a newest unit says ("...; the balance is due on completion." /
  "Balance due on completion."): carried whole it repeats the newest.

The cut is at clause bounds only (";", ", and", ", but"; parentheses stay with what
they follow; a measure's part of a sentence without such bounds, at its commas), never
the sentence's first clause (its subject), so what is written still reads as a
sentence. The ledger entry keeps the whole sentence as its text,
`written` the trimmed one, and `why` the cut part and the newest's unit that made it
stale; the person's "carry" restores the whole sentence, "drop" drops it (a chosen
entry is never trimmed).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

import numpy as np

from .alone_facts import identifiers
from .context import MergeContext, Ref
from .ended import Ended, ended
from .ended_text import speaks_of
from .facts import facts_of
from .ledger import WORDING_ONLY, LedgerEntry
from .lexicon import ENGLISH, Lexicon
from .older_only import (
    bare,
    clauses,
    content_prefixes,
    new_facts,
    other_values,
    stated_facts,
    unstated,
)
from .pass_units import as_written, said


@cache
def _bound(joiners: frozenset[str]) -> re.Pattern[str]:
    """Where a sentence's clauses meet: a semicolon, or a comma before a joiner."""
    return re.compile(r";\s+|,\s+(?:" + "|".join(sorted(joiners)) + r")\s+")


def clause_spans(text: str, lexicon: Lexicon = ENGLISH) -> list[tuple[int, int]]:
    """(start, end) of each clause of `text`, cut at a semicolon or at a comma before
    one of lexicon.clause_joiners, outside parentheses."""
    return _spans(text, _bound(lexicon.clause_joiners))


_SEMICOLON = re.compile(r";\s+")


def _spans(text: str, bound: re.Pattern[str]) -> list[tuple[int, int]]:
    """(start, end) of the parts of `text` between matches of `bound` outside
    parentheses."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in bound.finditer(text):
        if text[:m.start()].count("(") != text[:m.start()].count(")"):
            continue  # inside "(14 Carver Street, phone ...)"
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return spans


def _speaks_of(clause: str, end: Ended, lexicon: Lexicon) -> bool:
    """The clause names the thing gone (ended_text.speaks_of: "then Ron" names Ron Mallory,
    who retired)."""
    return bool(end.names) and speaks_of(clause, end, lexicon)


def trimmed(text: str, ends: list[Ended], lexicon: Lexicon = ENGLISH) -> tuple[str, str] | None:
    """(the sentence without its clauses speaking of a thing gone, the cut part), or
    None when no clause but the first does, or the first does itself."""
    spans = clause_spans(text, lexicon)
    if len(spans) < 2:
        return None
    return _cut(text, spans, [any(_speaks_of(text[a:b], e, lexicon) for e in ends)
                              for a, b in spans])


def _cut(text: str, spans: list[tuple[int, int]], stale: list[bool]) -> tuple[str, str] | None:
    """(`text` without its `stale` clauses, the cut part); None unless some clause is
    stale and the first (the sentence's subject) is not."""
    if stale[0] or not any(stale):
        return None
    kept = [k for k, s in enumerate(stale) if not s]
    out = text[spans[0][0]:spans[0][1]]
    for prev, k in zip(kept, kept[1:], strict=False):
        # the bound the sentence wrote after the clause before it (";", ", and")
        out += text[spans[prev][1]:spans[prev + 1][0]] + text[spans[k][0]:spans[k][1]]
    end = text.rstrip()[-1:]
    out = out.rstrip(" ,;.") + (end if end in (".", "!", "?") else ".")
    cut = "; ".join(text[a:b].strip(" ,;.") for (a, b), s in zip(spans, stale, strict=True)
                    if s)
    return out, cut


def run(ctx: MergeContext) -> None:
    _gone_clauses(ctx)
    _other_value_clauses(ctx)
    _stale_value_clauses(ctx)
    _restated_clauses(ctx)
    _own_clauses(ctx)


def _own_clauses(ctx: MergeContext) -> None:
    """An older sentence or item the newest says (present, dropped as wording only, or
    carried whole though the newest says its first clause) whose later independent
    clause (after a semicolon) says what nothing in the newest
    does ("Card payments only after hours; no cash held in vans overnight." beside "Card
    payments only after hours."): that clause is carried on its own, as a sentence
    ("No cash held in vans overnight."). Not one pointing at what the clause before it
    names ("they deliver on Wednesdays"): alone it names nobody; nor, of a unit carried
    for it, one giving a value ("Priya Nair - office manager; direct line 07 3555
    0148": the line is Priya's), which is carried whole. Its own: at most
    Thresholds.own_clause_shared of its content words are anywhere in the newest, its
    values (if any) not all the newest's and none one the newest gives another of, and
    no newest unit or clause says it (Thresholds.restated_clause_cosine), nor a line
    carried whole from another version. A clause is never cut out of parentheses. The
    rest must be said in all its words: "- [ ] Tasting spoons" says no "Tasting spoons
    are single use", and alone "The health inspector checks." loses what it checks;
    such a line is carried whole."""
    base = [b for b in ctx.base_refs() if b.unit.kind not in ("rel", "code")]
    if ctx.action != "merge" or not base:
        return
    stated = stated_facts(ctx)
    base_words = content_prefixes(ctx, " ".join(b.unit.text for b in base))
    # what the merged note says besides: another older line carried whole ("Never unplug
    # a washer mid-cycle; the door lock stays engaged and the customer's clothes get
    # trapped" says "the door lock stays engaged" already)
    carried = [x for _, d in ctx.older for x in ctx.refs[d.path]
               if x.unit.kind not in ("obs", "rel", "code")
               and ctx.entries[x.key].status == "carried" and not ctx.entries[x.key].written]
    cands: list[tuple[Ref, list[str]]] = []
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind not in ("sentence", "item") or e.chosen or e.held or e.written \
                    or not (e.status in ("present", "carried")
                            or e.status == "dropped" and e.why.startswith(WORDING_ONLY)):
                continue
            text = bare(r.unit.text) if r.unit.kind == "item" else r.unit.text
            parts = [text[a:b].strip(" ;") for a, b in _spans(text, _SEMICOLON)]
            own = [p for p in parts[1:] if _own(ctx, r, p, base_words, stated)]
            if own:
                cands.append((r, [parts[0], *own]))
    if not cands:
        return
    parts = list(dict.fromkeys(c for b in base for c in clauses(b.unit.text)))
    more = [(x.key, c) for x in carried for c in dict.fromkeys(clauses(x.unit.text))]
    said = [p for _, ps in cands for p in ps]
    sims = ctx.cosines(said, parts)
    again = ctx.cosines(said, [c for _, c in more]) if more else None
    owner = [k for k, _ in more]
    words = {x.key: content_prefixes(ctx, x.unit.text) for x in carried}
    bar = ctx.thresholds.restated_clause_cosine
    i = 0
    for r, (first, *own) in cands:
        # its clause is written alone only when the newest says its first, every word of
        # it ("- [ ] Tasting spoons" does not say "Tasting spoons are single use": alone,
        # "The health inspector checks." had lost what it checks); else it is carried
        # whole. (Not another carried line: two lines saying one first clause would each
        # leave it to the other.)
        first_said = float(sims[i].max()) >= bar and content_prefixes(ctx, first) <= base_words
        i += 1
        kept = []
        for p in own:
            if float(sims[i].max()) < bar and not _said_by_other(again, i, owner, r.key, bar) \
                    and not _within_one(ctx, p, words, r.key):
                kept.append(p)
            i += 1
        e = ctx.entries[r.key]
        if not kept or e.status == "carried" and (not first_said or any(
                facts_of(p, ctx.lexicon).values for p in kept)):
            continue  # (a value in it belongs to whom the first clause names: carried whole)
        clause = "; ".join(kept).rstrip(" .")
        if not first_said:
            ctx.entries[r.key] = _set(
                e, "carried", why=f"it says what the newest does not: '{clause}', and the "
                                  "newest does not say the rest in all its words")
            continue
        written = clause[:1].upper() + clause[1:] + "."
        ctx.entries[r.key] = _set(
            e, "carried", written=written,
            why=f"written as its clause the newest does not say: '{written}' (the rest "
                f"it says{': ' + e.by_text[:100] if e.by_text else ''})")


def _within_one(ctx: MergeContext, clause: str, words: dict[str, set[str]], key: str) -> bool:
    """Every content word of the clause is in one line carried whole from elsewhere
    ("the heating plate stays live" in "...; the heating plate stays live and the spine
    glue burns fingers"): written alone, it would say that line again. One line, not
    all of them together: their words pooled would say anything."""
    mine = content_prefixes(ctx, clause)
    return bool(mine) and any(mine <= w for k, w in words.items() if k != key)


def _said_by_other(sims: np.ndarray | None, i: int, owner: list[str], key: str,
                   bar: float) -> bool:
    """Clause `i` is said by a clause of a line carried from elsewhere than its own."""
    if sims is None:
        return False
    return any(float(sims[i, j]) >= bar for j, k in enumerate(owner) if k != key)


def _own(ctx: MergeContext, r: Ref, clause: str, said_words: set[str],
         stated: set[str]) -> bool:
    lx = ctx.lexicon
    pointers = lx.leaning_openers | lx.person_pointers | lx.object_pointers
    if set(re.findall(r"[a-z]+", clause.lower())) & pointers:
        return False  # "they deliver on Wednesdays": alone, it names nobody
    words = content_prefixes(ctx, clause)
    if len(words) < 2 or len(words & said_words) > ctx.thresholds.own_clause_shared * len(words):
        return False
    values = {v for v in facts_of(clause, ctx.lexicon).values
              if not v.startswith(("label:", "decision:"))}
    if values and not unstated(values, stated):
        return False  # every value it gives, the newest gives
    return not other_values(ctx, r, values)


def _restated_clauses(ctx: MergeContext) -> None:
    """A carried sentence is carried for the facts the newest lacks; a clause of it
    (not its first: the subject) with no fact the newest does not state, whose meaning
    a newest unit or a clause of one states (Thresholds.restated_clause_cosine), says
    the newest again in other words: written without it ("A deposit of 25% secures
    the booking; the balance is due on completion." beside "Balance due on
    completion.")."""
    stated = stated_facts(ctx)
    cands: list[tuple[Ref, str, list[tuple[int, int]], list[int]]] = []
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind != "sentence" or e.status != "carried" or e.chosen:
                continue
            text = e.written or r.unit.text
            spans = clause_spans(text, ctx.lexicon)
            bare = [k for k, (a, b) in enumerate(spans) if k and not _new_in(
                ctx, text[a:b], stated)]
            if bare:
                cands.append((r, text, spans, bare))
    base = [b.unit.text for b in ctx.base_refs() if b.unit.kind not in ("obs", "rel", "code")]
    if not cands or not base:
        return
    parts = list(dict.fromkeys(c for t in base for c in clauses(t)))
    said = [text[spans[k][0]:spans[k][1]] for _, text, spans, bare in cands for k in bare]
    sims = ctx.cosines(said, parts)
    bar = ctx.thresholds.restated_clause_cosine
    i = 0
    for r, text, spans, bare in cands:
        stale = [False] * len(spans)
        by = ""
        for k in bare:
            j = int(np.argmax(sims[i]))
            if float(sims[i, j]) >= bar:
                stale[k], by = True, parts[j]
            i += 1
        cut = _cut(text, spans, stale)
        if cut is None:
            continue
        e = ctx.entries[r.key]
        ctx.entries[r.key] = replace(
            e, written=cut[0],
            why=f"{e.why}; written without '{cut[1]}': the newest says it ({by[:100]})")


def _new_in(ctx: MergeContext, clause: str, stated: set[str]) -> bool:
    """The clause states a fact the newest states nowhere (older_only.new_facts)."""
    return bool(unstated(facts_of(clause, ctx.lexicon).values, stated))


def _other_value_clauses(ctx: MergeContext) -> None:
    stated = stated_facts(ctx)
    # what the newest says is over: a kept clause speaking of it is stale too ("please
    # book by phoning the shop on 01632 960418" / "phone bookings are no longer taken")
    # (a thing of two words or a name: "phone bookings"; "The band no longer plays on
    # Fridays" ends no number of the band's)
    gone = [end for b in ctx.base_refs() if b.unit.kind not in ("rel", "code")
            for end in ended(said(b.unit), ctx.lexicon) if end.kind == "gone"
            and (end.names or len(end.words) >= 2)]
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind != "sentence" or e.status != "superseded" or e.chosen \
                    or r.key in ctx.fuller or r.key in ctx.over or e.by is None:
                continue
            cut = _valued_cut(ctx, r, stated)
            if cut is None or any(speaks_of(cut[0], end, ctx.lexicon) for end in gone):
                continue
            choice = ctx.choices.get(r.key)
            if choice in ("carry", "drop"):  # the person's: the whole sentence, or none
                ctx.entries[r.key] = _set(e, "carried" if choice == "carry" else "dropped",
                                          chosen=True)
                continue
            ctx.entries[r.key] = _set(
                e, "carried", written=cut[0],
                why=f"written without '{cut[1]}': the newest gives another value "
                    f"({(e.by_text or '')[:100]}); only it states: {cut[2]}")


_COMMA = re.compile(r",\s+")


def _stale_value_clauses(ctx: MergeContext) -> None:
    """A carried sentence one of whose later parts gives only figures a newest unit gives
    other values of, in the same unit, said of the same thing, while the rest states a
    fact only it states ("Harder & Steenbeck Ultra airbrushes, 0.2 mm needle, compressors
    set to 20 psi for base coats." beside the newest's "Sam prefers 15 psi for base
    coats"): written without that part. Cut at clause bounds, or, for a sentence without
    any, at its commas (a list of parts). A figure is one with a currency, a percent or a
    unit of measure (Lexicon.measure_units, measure_words, unit_symbols: "14 Carver
    Street" measures nothing), and the part says it of what that unit speaks of: two of
    its other words, and half of them, are that unit's ("a 2 hour drive" is no older
    value of "site shifts now last 8 hours")."""
    stated = stated_facts(ctx)
    units = _units(ctx.lexicon)
    base = [(_measured(b.unit.text, units), content_prefixes(ctx, b.unit.text), b)
            for b in ctx.base_refs() if b.unit.kind not in ("rel", "code")]
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind != "sentence" or e.status != "carried" or e.chosen or e.written \
                    or r.key in ctx.fuller:
                continue
            text = r.unit.text
            spans = clause_spans(text, ctx.lexicon)
            if len(spans) < 2:
                spans = _spans(text, _COMMA)
            if len(spans) < 2:
                continue
            parts = [text[a:b] for a, b in spans]
            by = [_older_measure(ctx, p, base, units) for p in parts]
            stale = [b is not None for b in by]
            cut = _cut(text, spans, stale)
            if cut is None or not any(_new_in(ctx, p, stated)
                                      for p, s in zip(parts, stale, strict=True) if not s):
                continue
            newer = next(b for b in by if b is not None)
            ctx.entries[r.key] = _set(
                e, "carried", written=cut[0],
                why=f"written without '{cut[1]}': the newest gives another value of it "
                    f"({as_written(newer)[:100]})")


_MEASURE = re.compile(r"([£$€]?)\s?(\d[\d.,]*)\s*([a-z%°]*)")


def _units(lexicon: Lexicon) -> frozenset[str]:
    return lexicon.measure_units | lexicon.measure_words \
        | frozenset(w.lower() for w in lexicon.unit_symbols)


def _measured(text: str, units: frozenset[str]) -> set[tuple[str, str]]:
    """(digits, unit) of each figure with a currency, a percent or a unit ("20 psi")."""
    return {(re.sub(r"\D", "", n), c or u) for c, n, u in _MEASURE.findall(text.lower())
            if c or u in units or u in ("%", "°", "°c", "°f")}


def _older_measure(ctx: MergeContext, clause: str,
                   base: list[tuple[set[tuple[str, str]], set[str], Ref]],
                   units: frozenset[str]) -> Ref | None:
    """The newest unit giving another value of every figure of the clause, said of
    what the clause speaks of (_stale_value_clauses); None when there is none."""
    mine = _measured(clause, units)
    if not mine:
        return None
    words = content_prefixes(ctx, clause) - content_prefixes(
        ctx, " ".join(u for _, u in mine))
    near = _beside_figures(ctx, clause)
    for theirs, spoken, b in base:
        # each figure of the part has another of its unit there, one for one ("40
        # newtons closing force and 60 newtons opening force" against "35 newtons
        # closing force" keeps the opening force)
        other = all(any(u == v and d != e for e, v in theirs) and (d, u) not in theirs
                    and sum(v == u for _, v in mine) <= sum(v == u for _, v in theirs)
                    for d, u in mine)
        shared = words & spoken
        if other and len(shared) >= 2 and 2 * len(shared) >= len(words) and near & spoken:
            return b
    return None


def _beside_figures(ctx: MergeContext, clause: str) -> set[str]:
    """The content words right before each figure and right after its unit: what the
    figure is of ("set to 20 psi for base coats": "set", "base"; "the drive takes 2
    hours": "take"), as content_prefixes reads them."""
    tokens = re.findall(r"[A-Za-z][A-Za-z'-]*|\d[\d.,]*", clause)
    fw = ctx.lexicon.function_words
    out: set[str] = set()
    for k, t in enumerate(tokens):
        if not t[0].isdigit():
            continue
        before = next((w for w in reversed(tokens[:k]) if not w[0].isdigit()
                       and w.lower() not in fw and len(w) > 2), "")
        after = next((w for w in tokens[k + 2:] if not w[0].isdigit()
                      and w.lower() not in fw and len(w) > 2), "")
        out |= content_prefixes(ctx, f"{before} {after}")
    return out


def _valued_cut(ctx: MergeContext, r: Ref, stated: set[str]) -> tuple[str, str, str] | None:
    """(the sentence without its clauses giving another value of what the newest
    gives, the cut part, the naming numbers kept) when a kept clause holds a number
    naming something only it states (alone_facts.identifiers)."""
    text = r.unit.text
    spans = clause_spans(text, ctx.lexicon)
    if len(spans) < 2:
        return None
    alone = new_facts(ctx, r, stated)
    stale, keeps = [], []
    for a, b in spans:
        mine = {v for v in facts_of(text[a:b], ctx.lexicon).values if v in alone}
        stale.append(bool(other_values(ctx, r, mine)))
        keeps.append(mine)
    cut = _cut(text, spans, stale)
    if cut is None:
        return None
    named = identifiers(ctx, r, sorted(set().union(*(k for k, s in zip(keeps, stale,
                                                                        strict=True)
                                                      if not s))))
    if not named:
        return None
    return *cut, ", ".join(v.split(":", 1)[1] for v in named)


def _set(e: LedgerEntry, status: str, **kw) -> LedgerEntry:  # noqa: ANN003
    return replace(e, status=status, by=None, by_text=None,  # type: ignore[arg-type]
                   flips=("carry", "drop"), **kw)


def _gone_clauses(ctx: MergeContext) -> None:
    gone = [(b, e) for b in ctx.base_refs() for e in ended(b.unit.text, ctx.lexicon)
            if e.kind == "gone" and e.names]
    if not gone:
        return
    ends = [end for _, end in gone]
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind not in ("sentence", "item") or e.status != "carried" or e.chosen:
                continue
            cut = trimmed(bare(r.unit.text) if r.unit.kind == "item" else r.unit.text, ends,
                          ctx.lexicon)
            # what is left must still hold a still-true value (a number: an address, a phone)
            if cut is None or not re.search(r"\d", cut[0]):
                continue
            by, end = next((b, end) for b, end in gone if _speaks_of(cut[1], end, ctx.lexicon))
            ctx.entries[r.key] = replace(
                e, written=cut[0],
                why=f"{e.why}; written without '{cut[1]}': the newest says {end.said} is "
                    f"gone ({as_written(by).strip()[:100]})")
