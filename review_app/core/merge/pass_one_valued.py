"""Pass: a section that holds one value at a time ("## Status") is the newest's alone.

A status is one-valued: when the newest note has a section headed by one of the
Lexicon's `one_valued_headings`, an older short statement carried into that section
("Sent 16 April 2025." under the newest's "Accepted on 8 May") is superseded by the
newest's first unit there, not written beside it (issue 18: two statuses side by side).
A longer older unit there, or one giving a number or name beyond a date, tells a fact
of its own and is left to the other passes. The note's status is one-valued wherever
it is said (one_status: "Not yet agreed." after "Adopted at the AGM on 4 May", an
older "Status: draft" beside the newest's status). A price is one-valued too (one_price), so
is the note's byline (one_byline), and so is any slot a unit fills with a name or a
word (one_filler: "Bookings go through the front desk" / "... the online form")."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..notes import Note
from .context import MergeContext, Ref
from .document import Document, Unit
from .facts import label_of
from .ledger import WORDING_ONLY, LedgerEntry
from .lexicon import Lexicon, phrase_cues
from .older_only import set_status, stated_facts, text_of
from .pass_units import said
from .pool import pools
from .said_measures import values_of
from .slot_fillers import FILLED, Refill, listed, refill
from .thing_values import thing_word
from .thresholds import Thresholds
from .title import cue_words, status_cues


def _one_valued(ctx: MergeContext, title: str) -> bool:
    words = re.findall(r"[a-z]+", title.lower())
    return bool(words) and len(words) <= ctx.thresholds.one_valued_heading_words and any(
        w in ctx.lexicon.one_valued_headings for w in words)


def dated_state(ctx: MergeContext, values: frozenset[str] | set[str], *,
                 years: bool = False) -> bool:
    """Its facts are a date at most ("Sent 16 April 2025."): a number is a day or a
    year beside a month (with `years`, a year alone: "2025 fees are still a draft"
    names the period the stage was in); any other number or name is a fact of its own,
    kept."""
    months = {v for v in values if v.startswith("name:") and v[5:] in ctx.lexicon.months}
    for v in values:
        if v.startswith(("decision:", "label:")) or v in months:
            continue
        if v.startswith("n:") and months and v[2:].isdigit() and (
                int(v[2:]) <= 31 or 1900 <= int(v[2:]) <= 2100):
            continue
        if v.startswith("n:") and re.fullmatch(r"(?:19|20)\d\d-\d\d-\d\d", v[2:]):
            continue  # an ISO date
        if years and v.startswith("n:") and re.fullmatch(r"(?:19|20)\d\d", v[2:]):
            continue
        return False
    return True


_SYMBOLS = "$€£¥"


def _money(v: str) -> str | None:
    return v[2] if v.startswith("n:") and len(v) > 3 and v[2] in _SYMBOLS else None


def one_price(ctx: MergeContext) -> None:
    """One amount of money is the note's price: when the newest states exactly one
    amount in a currency, anywhere (prose of another section, an observation "[money]
    Price £1,368,500 after VO-3"), an older carried unit whose only fact is another
    amount in that currency ("- Value: £1,240,000 fixed price") is superseded by it."""
    stated: dict[str, dict[str, Ref]] = {}
    for b in ctx.base_refs():
        for v in b.facts.values:
            if (sym := _money(v)) is not None:
                held = stated.setdefault(sym, {})
                if v not in held or held[v].unit.kind == "obs":  # prose before an obs
                    held[v] = b
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is None or e.status != "carried" or e.chosen or r.unit.kind == "rel":
                continue
            own = {v for v in r.facts.values if not v.startswith("label:")}
            syms = {_money(v) for v in own}
            if len(own) != 1 or None in syms:
                continue
            held = stated.get(next(iter(syms)) or "", {})
            if len(held) != 1 or own <= set(held):
                continue
            b = next(iter(held.values()))
            if _priced_apart(ctx, r, b):
                continue
            ctx.entries[r.key] = set_status(
                e, "superseded", by=b.key, by_text=text_of(b), flips=("newer", "older"),
                why="the newest states one amount in that currency: another price now")


def _priced_apart(ctx: MergeContext, r: Ref, b: Ref) -> bool:
    """The two amounts are the prices of two things: each unit names what its amount is
    for and they share no word of it ("A £5 deposit is paid with any appeal" / "The
    home team pays £15 for the sticker-up"). One that names nothing ("- £1,240,000")
    is the note's price; two that name only what is paid ("Tickets are £5" /
    "Admission is £6") are one price."""
    mine = [t for t in values_of(ctx, r) if t.unit.startswith("money:")]
    theirs = [t for t in values_of(ctx, b) if t.unit.startswith("money:")]
    words = {w for t in mine for w in (*t.things, t.category) if w}
    their_words = {w for t in theirs for w in (*t.things, t.category) if w}
    plain = {thing_word(w, ctx.lexicon)
             for w in ctx.lexicon.price_nouns | ctx.lexicon.admission_nouns}
    # ("Tickets are £5" / "Admission is £6": each names only what is paid, one price)
    return bool(words) and bool(their_words) and not words & their_words \
        and not (words <= plain and their_words <= plain)


def _byline(ctx: MergeContext, r: Ref) -> bool:
    """A line saying who wrote the note ("Written by A. Moss", "Revised by J. Park,
    March 2026"): a word of its history, then `byline_words`, and no fact but names
    and a date."""
    words = re.findall(r"[a-z]+", r.unit.text.lower())
    return r.unit.kind not in ("obs", "rel", "code") and len(words) >= 3 \
        and len(words) <= ctx.thresholds.one_valued_words \
        and words[0] in ctx.lexicon.note_history_words \
        and words[1] in ctx.lexicon.byline_words \
        and dated_state(ctx, {v for v in r.facts.values if not v.startswith("name:")
                               or v[5:] in ctx.lexicon.months})


def one_byline(ctx: MergeContext) -> None:
    """A note has one byline at a time: the newest's ("Revised by J. Park") supersedes
    an older version's ("Written by A. Moss"); the person can flip it back."""
    b = next((b for b in ctx.base_refs() if _byline(ctx, b)), None)
    if b is None:
        return
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is not None and e.status == "carried" and not e.chosen and _byline(ctx, r):
                ctx.entries[r.key] = set_status(
                    e, "superseded", by=b.key, by_text=text_of(b), flips=("newer", "older"),
                    why="a note has one byline: the newest's says who wrote it now")


def status_statement(u: Unit, lexicon: Lexicon, thresholds: Thresholds) -> bool:
    """A short unit stating the note's standing (merge/title.status_cues: "Not yet
    agreed.", "Status: draft", "[status] proposed", "Adopted at the AGM on 4 May 2026"):
    a status cue and, besides it and a date, at most `Thresholds.status_other_words`
    content words."""
    if u.kind in ("rel", "code", "row"):
        return False
    text = said(u)
    cues = status_cues(text, lexicon)
    label = label_of(text, thresholds.label_chars)
    if not cues and label is not None and _labelled_status(label):
        # "Status: open." states it by its label, whatever word it gives
        cues = frozenset(re.findall(r"[a-z]+", label[1].lower())[:1])
    if not cues or len(text.split()) > thresholds.one_valued_words:
        return False
    if label is not None and not set(label[0].split()) & lexicon.one_valued_headings:
        return False  # "Pending: new nets" lists what is pending, "Status: draft" is one
    skip = cue_words(cues) | lexicon.function_words | lexicon.months \
        | lexicon.one_valued_headings | lexicon.title_status_words  # "current status"
    if label is not None and any(w not in skip and len(w) > 1 for w in
                                 re.findall(r"[a-z]+", label[0].lower())):
        return False  # "Sam's membership status: pending" is the standing of another thing
    other = [w for w in re.findall(r"[a-z]+", text.lower()) if w not in skip and len(w) > 1]
    return len(other) <= thresholds.status_other_words


def status_tag(tag: str, lexicon: Lexicon) -> bool:
    """A tag naming a note's standing ("draft", "under-review")."""
    return re.sub(r"[\s-]+", "_", tag.strip().lower()) in lexicon.status_words


def states_status(note: Note, body: Document, lexicon: Lexicon, thresholds: Thresholds
                  ) -> bool:
    """The note says what its standing is: a status tag, a `status:` key, a status
    stamp in its title or a status statement in its body."""
    return any(status_tag(t, lexicon) for t in note.tags) or "status" in note.metadata \
        or bool(status_cues(note.title, lexicon)) \
        or any(status_statement(u, lexicon, thresholds) for u in body.units)


def one_status(ctx: MergeContext) -> None:
    """A note has one status at a time: when the newest states one anywhere, an older
    status statement carried beside it ("Status: draft", "Not yet agreed." after
    "Adopted at the AGM on 4 May") is superseded by it, whatever section either is in.
    One naming a thing the newest names nowhere (a person, a number beyond a date)
    tells a fact of its own and is left to the other passes. With no such statement in
    its body, the newest's `status:` key is its status (the kept file's frontmatter says
    it): an older statement of another is dropped, naming it ("Status: open." under
    `status: closed`, merge-BR)."""
    b = next((b for b in ctx.base_refs()
              if status_statement(b.unit, ctx.lexicon, ctx.thresholds)), None)
    key = str(ctx.base_note.metadata.get("status") or "").strip()
    if b is None and not key:
        return
    stated = stated_facts(ctx)
    months = {f"name:{m}" for m in ctx.lexicon.months}
    for r, e in _carried_older(ctx):
        if not status_statement(r.unit, ctx.lexicon, ctx.thresholds):
            continue
        own = {v for v in r.facts.values if v in months or not (
            v.startswith("name:") and v in stated)}
        if not dated_state(ctx, own):
            continue
        if b is not None:
            _superseded_by(ctx, r, e, b, "a note has one status at a time: the newest states it")
        elif _status_label(r.unit, ctx.lexicon, ctx.thresholds) and not re.search(
                rf"\b{re.escape(key.lower())}\b", said(r.unit).lower()):  # "open"/"reopened"
            # ("- [x] Trustees approved the spend" tells a step done, no status line)
            ctx.entries[r.key] = set_status(
                e, "dropped", flips=("carry", "drop"),
                why=f"a note has one status at a time: the newest's is '{key}' (its status: key)")


def _carried_older(ctx: MergeContext) -> Iterator[tuple[Ref, LedgerEntry]]:
    """Older units carried by the engine alone (not chosen by the person, not held)."""
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is not None and e.status == "carried" and not e.chosen and not e.held:
                yield r, e


def _superseded_by(ctx: MergeContext, r: Ref, e: LedgerEntry, b: Ref, why: str) -> None:
    ctx.entries[r.key] = set_status(e, "superseded", by=b.key, by_text=text_of(b),
                                    flips=("newer", "older"), why=why)


def _status_label(u: Unit, lexicon: Lexicon, thresholds: Thresholds) -> bool:
    """A line stating a status by its label or category ("Status: open.", "[status]
    Open, awaiting start")."""
    return _status_observation(u, lexicon) or _labelled_status(
        label_of(said(u), thresholds.label_chars))


def _labelled_status(label: tuple[str, str] | None) -> bool:
    """A "Status: ..." label: the line states a status whatever word it gives."""
    return label is not None and label[0].strip() == "status"


def _status_observation(u: Unit, lexicon: Lexicon) -> bool:
    """An observation whose category names a status ("[status] Policy accepted by the
    owners on 14 February 2025"): it states the note's standing, however long."""
    m = re.match(r"\s*(?:[-*+]\s+)?\[([^\]]+)\]", u.text)
    return u.kind == "obs" and m is not None \
        and m.group(1).strip().lower() in lexicon.one_valued_headings


def _pending(text: str, lexicon: Lexicon) -> bool:
    """A clause waits for the stage to close: "until" and, later in its clause, one of
    Lexicon.closing_verbs ("Until the owners accept it, ...")."""
    for clause in re.split(r"[,;:.!?()]", text.lower()):
        words = re.findall(r"[a-z]+", clause)
        if "until" in words and set(words[words.index("until") + 1:]) & lexicon.closing_verbs:
            return True
    return False


def earlier_stage(ctx: MergeContext) -> None:
    """A stage once closed is over: when the newest states a status that closes the
    stages before it (Lexicon.closing_status_words: "Status: accepted at the October
    team meeting", "[status] Policy accepted by the owners"), an older carried unit
    speaking of an earlier stage (Lexicon.earlier_stage_cues: "Still a proposal, but
    ...", "comments to Ruth by the end of August", "The idea this year is ..."; a
    clause waiting for it: "Until the owners accept it, ...") is superseded by that
    status, whatever its length: written, it would say the note is still a draft. One
    stating a fact the newest states nowhere (a number, a name beyond a date) is left
    to the other passes, which carry or hold it. Where only the newest's `status:` key
    closes the stage (no unit of it says so), such a unit is dropped, naming that status
    ("[status] Draft, fees to be confirmed at council meeting" under "status: approved")."""
    closing = ctx.lexicon.closing_status_words
    # The newest's own standing (its `status:` key or its title's stamp) closes the
    # stages too: then the unit that tells the closing ("The AGM adopted the winter
    # schedule ...") is the statement, whatever its length.
    closed = phrase_cues(str(ctx.base_note.metadata.get("status", "")), closing) \
        or phrase_cues(ctx.base_note.title, closing)
    b = next((b for b in ctx.base_refs()
              if (status_statement(b.unit, ctx.lexicon, ctx.thresholds)
                  or _status_observation(b.unit, ctx.lexicon)
                  or closed and b.unit.kind not in ("rel", "code", "row", "step"))
              and phrase_cues(said(b.unit), closing)
              and not phrase_cues(said(b.unit), ctx.lexicon.earlier_stage_cues)), None)
    if b is None and (not closed or any(status_statement(x.unit, ctx.lexicon, ctx.thresholds)
                                        for x in ctx.base_refs())):
        return  # (a body saying "Status: draft." outranks its note's key)
    stated = stated_facts(ctx)
    months = {f"name:{m}" for m in ctx.lexicon.months}
    for r, e in _carried_older(ctx):
        if r.unit.kind in ("rel", "code", "row", "step") \
                or not (phrase_cues(said(r.unit), ctx.lexicon.earlier_stage_cues)
                        or _pending(said(r.unit), ctx.lexicon)
                        # under a heading saying so ("## Proposed dates")
                        or phrase_cues(r.section_title or "", ctx.lexicon.earlier_stage_cues)):
            continue
        # (a cue read as a name is no fact of its own: "Install date TBC.")
        own = {v for v in r.facts.values if (v in months or v not in stated)
               and v.split(":", 1)[-1] not in ctx.lexicon.earlier_stage_cues}
        # It waited on a body the closing names ("to be voted on at the AGM" / "The
        # AGM adopted ..."): the names it gives besides are what the stage concerned,
        # now settled; a number it gives is a fact of its own, kept.
        waited = b is not None and bool(own) and all(v.startswith("name:") for v in own) \
            and any(v.startswith("name:") for v in r.facts.values & b.facts.values - own)
        # An interim state ("Still on Lockwood Twin 6 for now, but Helen asked us to price
        # BiLock") naming what the newest names ("chose the BiLock option") was settled
        # by it: the names it gives were the interim's, not facts of now.
        settled = bool(phrase_cues(said(r.unit), ctx.lexicon.interim_cues)) and any(
            v.startswith("name:") and v not in months for v in r.facts.values & stated)
        if dated_state(ctx, own, years=True) or waited or settled:
            if b is None:  # the newest's `status:` key alone says it: no unit to name
                ctx.entries[r.key] = set_status(
                    e, "dropped", flips=("carry", "drop"), why="it speaks of an earlier "
                    f"stage: the newest's status is '{ctx.base_note.metadata.get('status')}'")
                continue
            _superseded_by(ctx, r, e, b, "it speaks of an earlier stage: the newest's status "
                           "closes it")
            if waited:
                ctx.over.add(r.key)  # the stage is over, and what it named with it


def _fills(ctx: MergeContext, a: str, b: str) -> Refill | None:
    th = ctx.thresholds
    return refill(a, b, ctx.lexicon, th.filler_words, th.label_chars)


def one_filler(ctx: MergeContext) -> None:
    """A slot holds one filler at a time: an older unit carried (or dropped as wording
    only) beside a newest unit
    of its pool that says the same with another name or word in the slot (their frames,
    fillers masked, at least `Thresholds.filler_frame_cosine` alike) is superseded by
    it, unless either note lists that slot's fillers side by side."""
    base = ctx.base_refs()
    pool_of = pools(ctx)
    pairs: list[tuple[Ref, Ref, Refill]] = []
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is None or e.chosen or e.held or r.unit.kind not in FILLED or not (
                    e.status == "carried" or e.status == "dropped" and WORDING_ONLY in e.why):
                continue  # (one dropped as wording only is reported against its slot)
            for b in pool_of.get(r.key, []):
                if b.unit.kind not in FILLED:
                    continue
                hit = _fills(ctx, said(r.unit), said(b.unit))
                if hit is not None and not listed(ctx, b, base) \
                        and not listed(ctx, r, ctx.refs[doc.path]):
                    pairs.append((r, b, hit))
    if not pairs:
        return
    sims = ctx.cosines([h.older_frame for _, _, h in pairs], [h.newer_frame for _, _, h in pairs])
    best: dict[str, tuple[float, Ref, Refill]] = {}
    for k, (r, b, hit) in enumerate(pairs):
        cos = float(sims[k, k])
        if cos >= ctx.thresholds.filler_frame_cosine and cos > best.get(r.key, (-1.0,))[0]:
            best[r.key] = (cos, b, hit)
    for key, (_, b, hit) in best.items():
        ctx.entries[key] = set_status(
            ctx.entries[key], "superseded", by=b.key, by_text=text_of(b),
            flips=("newer", "older"),
            why=f"the newest fills that slot otherwise: {' '.join(hit.newer_filler)}, "
                f"not {' '.join(hit.older_filler)}")


def run(ctx: MergeContext) -> None:
    one_status(ctx)
    earlier_stage(ctx)
    one_price(ctx)
    one_byline(ctx)
    one_filler(ctx)
    base = ctx.base_refs()
    first: dict[int, Ref] = {}
    for s in base:
        if s.unit.kind not in ("obs", "rel", "code") and s.section not in first and \
                _one_valued(ctx, s.section_title):
            first[s.section] = s
    if not first:
        return
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is None or e.status != "carried" or e.chosen \
                    or r.unit.kind in ("obs", "rel", "code") \
                    or len(r.unit.text.split()) > ctx.thresholds.one_valued_words \
                    or not dated_state(ctx, set(r.facts.values)):
                continue
            where = ctx.home.get(r.key, ctx.aligned.get((r.path, r.section)))
            b = first.get(where) if where is not None else None
            if b is None and _one_valued(ctx, r.section_title) and len(first) == 1:
                b = next(iter(first.values()))  # its own status section, under another name
            if b is None:
                continue
            ctx.entries[r.key] = set_status(
                e, "superseded", by=b.key, by_text=text_of(b),
                flips=("newer", "older"),
                why="a status holds one value: the newest's status section states it")
