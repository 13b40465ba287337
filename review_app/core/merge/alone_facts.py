"""A fact only an older unit states (issue 18: "every fact accounted for"): an older
unit the newest rewrote or left out is carried, held back or kept with a note, never
dropped silently; what tells a number that names (a phone, a code, an address) from
one that measures."""

from __future__ import annotations

import re
from dataclasses import replace

from .context import MergeContext, Ref
from .ended import ended, is_open
from .ended_text import opens_with, opens_with_act, opens_with_doer, speaks_of, words_in
from .facts import as_count, coded_values, label_of, stem
from .ledger import LEANS_ON_REPLACED, ROLE_REPLACED
from .lexicon import Lexicon, phrase_cues
from .older_only import (
    HELD,
    PROSE,
    digits_of,
    fuller_than,
    measures_in,
    new_facts,
    set_status,
    stated_facts,
    take_fuller,
    text_of,
)
from .other_value import in_intro
from .pass_units import said
from .roles import holders
from .roles import replaced as role_replaced
from .slot_fillers import refill


def _ends_it(ctx: MergeContext, r: Ref, b: Ref | None) -> str | None:
    """What the newest unit `b` that superseded `r` says is over and `r` speaks of
    (ended.ended, kind "gone": "the shop phone no longer takes lesson bookings" over
    "Booking via phone on 01637 880 412, or in the shop.": the number is for the thing
    or for what did it, Ended.doer, or the line is what they did: ended_text.
    opens_with_doer). Not a person gone: a line naming one besides its
    own fact ("The oven warranty BL-88213-W still covers parts; Frank says ...") keeps
    its fact (pass_trimmed cuts the person's clause), unless the line is about the person
    ("Wassail master: Colin Ames, 07700 900512" when Colin Ames stood down: his phone went
    with him)."""
    if b is None:
        return None
    return next((end.said for end in ended(b.unit.text, ctx.lexicon)
                 if end.kind == "gone" and speaks_of(r.unit.text, end, ctx.lexicon) and (
                     ((end.words | end.doer) & _before_number(r.unit.text)
                      or opens_with_doer(said(r.unit), end, ctx.lexicon)) if not end.person
                     else opens_with(said(r.unit), end, ctx.lexicon,
                                     ctx.thresholds.label_chars))), None)


def _act_over(ctx: MergeContext, r: Ref, b: Ref) -> str | None:
    """What `b` says is over that `r` tells the reader to do, the way that ended ("Please
    book by phone to the office on 01632 960210" when "bookings are no longer taken over
    the phone"; ended_text.opens_with_act). Carried back for the number the rewrite left
    out, it sends readers to do what ended (a blind reader of merge-FU named it). The way
    is a word of the clause that says so besides the thing and its negation ("phone"):
    ended() keeps only the thing, and "Please book in the RideLink app; the app helpline
    is ..." or "Book weekday trips with the office" tell the way that still holds (two
    reviews of round 53). Held back for the person, not superseded: the line's number
    may still be true."""
    lx = ctx.lexicon
    mine = {stem(w, lx) for w in words_in(said(r.unit), lx)}
    cues = {stem(w, lx) for c in lx.negation_words for w in c.split("_")}
    for part in re.split(r"[,;:]|\b(?:but|as|so|and)\b", b.unit.text):
        for end in ended(part, lx):
            if end.kind != "gone" or end.person or not speaks_of(r.unit.text, end, lx) \
                    or not opens_with_act(said(r.unit), end, lx):
                continue
            thing = {stem(w, lx) for w in end.words}
            if ({stem(w, lx) for w in words_in(part, lx)} - thing - cues) & mine:
                return end.said
    return None


def _before_number(text: str) -> set[str]:
    """The words just before the unit's first number: what the number is for ("via
    phone on 01637 ..." -> via, phone, on). The ended thing must be that, not another
    thing the line names ("home visits" in "Book home visits or clinic appointments on
    01632 ...")."""
    m = re.search(r"\d", text)
    return set(re.findall(r"[a-z]+", text[:m.start()].lower())[-3:]) if m else set()


def _holder_and_day(ctx: MergeContext, r: Ref, alone: list[str]) -> bool:
    """Whether the facts only `r` states are the names of who holds a role in it and
    a day of a month (when that holder said or did something): no phone, account, year
    or other name a reader would still need."""
    held = {w for h in holders(r.unit.text, ctx.lexicon, True) for w in h.name.split()}
    for v in alone:
        kind, _, value = v.partition(":")
        if kind == "name" and (value in held or value in ctx.lexicon.months):
            continue
        if kind == "n" and 1 <= (as_count(value) or 0) <= 31:
            continue
        return False
    return True


def alone_facts(ctx: MergeContext) -> None:
    """An older unit the newest rewrote or left out that holds a fact nothing in the
    newest states is never dropped silently (issue 18: "every fact accounted for")."""
    stated = stated_facts(ctx)
    base = {b.key: b for b in ctx.base_refs()}
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind not in PROSE or e.chosen or e.held or r.key in ctx.fuller \
                    or r.key in ctx.over:  # its thing is over, and its values with it
                continue
            left_out = e.status == "dropped" and bool(e.block)
            if not (left_out or e.status == "superseded"):
                continue
            b = base.get(e.by or "")
            # what the unit that replaced it gives another value of: "184" / "196" cows
            codes = coded_values(r.unit.text, ctx.lexicon) | (
                coded_values(b.unit.text, ctx.lexicon) if b is not None else frozenset())
            theirs = {measure(v, codes) for v in b.facts.values - r.facts.values} - {None} \
                if b is not None else set()
            # (a name is named whatever the other unit names: "PAYE Modernisation"; a
            # phone, code or reference of a shape no newest unit gives is its own:
            # "HC-55190" is no other value of a row's count "1"; identifiers)
            ids = identifiers(ctx, r, new_facts(ctx, r, stated), coded=True)
            alone = [v for v in new_facts(ctx, r, stated)
                     if measure(v, codes) not in theirs or v.startswith("name:") or v in ids]
            if not alone:
                continue
            named = ", ".join(v.split(":", 1)[1] for v in alone[:3])
            # another value of something it gives: a name the other unit names besides
            # is none of a number naming something that only it gives, no newest one
            # of its shape ("... of Walsall, account SDW-4471" gives no other trade-desk
            # phone than "... SDW-4471 and the trade desk is on 01922 622 930"); the
            # same label with another value is ("Alarm company: Sentinel Security").
            # Those `ids` are answered by no plain number ("07700 900318" is no other
            # "14 min"), nor by a slot the newest fills with words ("policy PL-7734-0921"
            # / "insurance certificate"): only a name beside them can have changed hands
            # ("Marta, 07700 ..." / "Kofi is now the lead"). A value both give is one
            # they agree on ("3 x 3 m" in both: the row's count "1" is no other of it).
            rest = [v for v in alone if v not in ids]
            agreed = b.facts.values if b is not None else frozenset()
            mine = {measure(v, codes) for v in r.facts.values - agreed if v not in ids}
            renamed = "name" in theirs and "name" in mine and not identifiers(ctx, r, alone)
            other = bool((theirs - {"name"}) & mine) or renamed or (
                b is not None and (_relabelled(ctx, r, b) or (bool(rest) or not ids)
                                   and _refilled(ctx, r, b, rest or alone)))
            if left_out:
                ctx.entries[r.key] = replace(
                    e, held=True, why=f"{HELD} ({e.why}; only it states: {named})")
            elif b is not None and _intro_fact(ctx, r, b, alone) and not (
                    e.why == ROLE_REPLACED and _holder_and_day(ctx, r, alone)):
                # (an intro whose only facts are the role's old holder and a day: "The
                # treasurer, Helen Marsh, confirmed these figures on 29 August" under
                # "Owen Pritchard, who took over as treasurer"; one key brings it back)
                ctx.entries[r.key] = set_status(
                    e, "carried", flips=("carry", "drop"),
                    why=f"an older intro's fact the newest's intro lacks: {named}")
            elif other or b is None:
                ctx.entries[r.key] = replace(
                    e, why=f"{e.why}; only it states: {named} (carry it with `e`)")
            elif fuller_than(ctx, r, b, stated):  # "... recovery drum (Hal, 01632 960 118)."
                take_fuller(ctx, r, b, named)  # in its place unless the person says newer
            elif gone := _ends_it(ctx, r, b):  # "the shop phone no longer takes lesson
                # bookings": the phone it gave is the way that ended, no fact of now
                ctx.entries[r.key] = replace(
                    e, why=f"the newest says {gone} no longer holds; only it states: {named} "
                           "(carry it with `e`)")
            elif act := _act_over(ctx, r, b):
                ctx.entries[r.key] = set_status(
                    e, "dropped", flips=("carry", "drop"), held=True,
                    why=f"{HELD} (it tells the reader to do what the newest says is over: "
                        f"'{text_of(b)[:80]}' ({act}); only it states: {named})")
            elif ids := identifiers(ctx, r, alone):  # it gave no other value of any
                ctx.entries[r.key] = set_status(
                    e, "carried", flips=("carry", "drop"),
                    why=f"the newest rewrote it without the number naming it: "
                        f"{', '.join(v.split(':', 1)[1] for v in ids)}")
            elif phrase_cues(said(b.unit), ctx.lexicon.standing_cues):
                # "Agent commission is unchanged.": the value it leaves out is the older's
                ctx.entries[r.key] = set_status(
                    e, "carried", flips=("carry", "drop"),
                    why=f"the newest says it holds unchanged, without its value: {named}")
            elif still := unspoken(ctx, r, b, alone):
                ctx.entries[r.key] = set_status(
                    e, "carried", flips=("carry", "drop"),
                    why=f"the newest rewrote it without {still}, and says nothing of it")
            else:  # the newest rewrote it without that fact and gave no other value
                ctx.entries[r.key] = set_status(e, "dropped", flips=("carry", "drop"), held=True,
                                          why=f"{HELD} (the newest rewrote it as "
                                              f"'{text_of(b)[:80]}' without: {named})")
    _leaning_followers(ctx)


def _relabelled(ctx: MergeContext, r: Ref, b: Ref) -> bool:
    """Both units give one label another value ("Alarm company: Vigil Alarms, ..." /
    "Alarm company: Sentinel Security, who now monitor ..."): what the older one gives
    with it was the older holder's."""
    mine = label_of(r.unit.text, ctx.thresholds.label_chars)
    theirs = label_of(b.unit.text, ctx.thresholds.label_chars)
    if mine is None or theirs is None or mine[0] != theirs[0]:
        return False
    # another holder: none of the names its value gives ("Vigil Alarms, out-of-hours
    # line ..." / "Vigil Alarms, who now monitor ..." is the same company)
    names = [set(_CAPITAL_WORD.findall(value)) for value in (mine[1], theirs[1])]
    return bool(names[0]) and not names[0] & names[1]


def _leaning_followers(ctx: MergeContext) -> None:
    """A sentence superseded only because the one before it was (LEANS_ON_REPLACED:
    "They deliver on Thursdays if the order is in by the previous Friday" after the
    trade-desk sentence) follows that sentence when it is carried after all: it
    speaks of what is still written."""
    for _, doc in ctx.older:
        refs = ctx.refs[doc.path]
        for prev, r in zip(refs, refs[1:], strict=False):
            e = ctx.entries[r.key]
            if e.status == "superseded" and e.why == LEANS_ON_REPLACED and not e.chosen \
                    and prev.section == r.section \
                    and ctx.entries[prev.key].status == "carried":
                ctx.entries[r.key] = set_status(
                    e, "carried", flips=("carry", "drop"),
                    why="it goes on about the sentence before it, carried")


# A number that names rather than measures, by its shape: a letter-prefixed code
# ("HT-20931", "TV-2041", "PL-7734-0921", a postcode's "NE46"), a run with a leading zero ("01632",
# "0800"), or digit groups apart ("0800 917 2244", "01632 960148"): phone and account
# numbers.
_IDENTIFIER = re.compile(r"(?<![\w.,])(?:[A-Z]{1,4}-?\d{2,}(?:-\d{2,})*[A-Z]?"
                         r"|0\d{3,}(?:[ -]\d{2,})*|\d{3,}(?:[ -]\d{3,})+)(?![\w.,]\d)")
# A number written inside a name: before or after a capitalised word that is no month
# or weekday ("14 Marlow Street", "Unit 9", "Gate 12"): a house, a unit, a room, a
# gate.
_NAMED_NUMBER = re.compile(r"(?<![\w.,£$€#])(\d{1,5}[A-Z]?)(?![\w.,%]\w)")
_CAPITAL_WORD = re.compile(r"[A-Z][a-z]+")


def _named_numbers(text: str, lexicon: Lexicon) -> tuple[tuple[str, str], ...]:
    """(token, shape) of each identifier in `text`: _IDENTIFIER's, and a number in a
    name (_NAMED_NUMBER) whose shape holds the name word it sits by ("9 marlow"), so
    "22 Marlow Street" gives another value of "14 Marlow Street", "Unit 4" none. Kept
    by the lexicon: `identifiers` reads every base unit's for each older unit."""
    memo = lexicon.memo("named_numbers")
    found = memo.get(text)
    if found is None:
        found = memo[text] = tuple(_read_named_numbers(text, lexicon))
    return found


def _read_named_numbers(text: str, lexicon: Lexicon) -> list[tuple[str, str]]:
    out = [(m.group(0), _id_shape(m.group(0))) for m in _IDENTIFIER.finditer(text)]
    values = lexicon.months | lexicon.weekdays | lexicon.function_words
    for m in _NAMED_NUMBER.finditer(text):
        token = m.group(1)
        if token[-1:].isupper() or any(token in t for t, _ in out):
            continue  # ("350N", "12V": a number and its unit)
        after = _CAPITAL_WORD.match(text, m.end() + 1) if text[m.end():m.end() + 1] == " " \
            else None
        before = re.search(r"([A-Z][a-z]+) $", text[:m.start()])
        if before is not None and before.group(1).lower() in lexicon.bound_words:
            before = None  # a bound ("Maximum 8 students"): a count, though the sentence
            # capitalises the word ("Site 2 hours: 7am to 3pm" names a site all the same)
        for word in (after.group(0) if after else None, before.group(1) if before else None):
            if word is not None and word.lower() not in values \
                    and word.lower() not in lexicon.measure_words:
                out.append((token, f"{_id_shape(token)} {word.lower()}"))
                break
    return out


def named_tokens(text: str, lexicon: Lexicon) -> set[str]:
    """The numbers naming something in `text` as written ("01432 760 118", "FD-20931",
    "14 Marlow" of "14 Marlow Street"): two units giving one of them speak of one thing."""
    return {token for token, _ in _named_numbers(text, lexicon)}


def identifiers(ctx: MergeContext, r: Ref, values: list[str], *,
                coded: bool = False) -> list[str]:
    """Those of `values` (facts of older unit `r` the newest states nowhere) that name
    something (_named_numbers: a phone number, an account code, a street address) when
    no newest unit gives another identifier of that shape ("0114 496 0321" / "0114 496
    0777", "14 Marlow Street" / "22 Marlow Street"): the newest rewriting the unit
    without one has not changed it (a changed number gives the new one), and a reader
    would miss it. A quantity (money, a measure, a count) the newest leaves out is
    often one it ended ("The £5 late surcharge" / "has been abolished"): not these.
    With `coded`, only numbers whose own shape names (_IDENTIFIER: a phone, a code, a
    reference), not a number beside a name ("380 Saanen goats" may count them)."""
    lx = ctx.lexicon
    theirs = {shape for b in ctx.base_refs() for token, shape in _named_numbers(b.unit.text, lx)
              if token not in r.unit.text}
    named: set[str] = set()
    for token, shape in _named_numbers(r.unit.text, lx):
        if shape not in theirs and (not coded or _IDENTIFIER.fullmatch(token)):
            whole = token.lower()  # as facts.facts_of gives it whole ("pl-7734-0921") too
            named |= {f"name:{whole}", "n:" + re.sub(r"^[a-z]+-?", "", whole)}
            for p in re.split(r"[ -]", token):
                named |= {f"n:{p.lower()}", f"name:{p.lower()}"} if not p.isdigit() \
                    else {f"n:{p}"}
    return [v for v in values if v in named]


def unspoken(ctx: MergeContext, r: Ref, b: Ref, alone: list[str]) -> str:
    """What of `alone` (facts of older unit `r` the newest states nowhere; `b`, the
    newest unit that rewrote it, gives no other value of them) nothing in the newest
    speaks to, so the rewrite left a still-true fact out rather than changing it (issue
    18 item 4), named for the ledger; "" when none. Two kinds: a person named for a
    slot (roles.holders: "our contact is Tomasz Brierley") whose name the newest never
    gives; a count ("seats 48 guests", "holds 60 people") whose counted thing no newest
    unit speaks of, nor gives another number of. Not when `b` says a thing ended or is
    not settled ("The late fee has been abolished": its £15 is gone, not left out), or
    any newest unit says a thing `r` names whole is gone, nor money: a charge the newest
    leaves out is often one it dropped."""
    lx = ctx.lexicon
    if any(x.kind != "done" for x in ended(b.unit.text, lx)) or is_open(b.unit.text, lx):
        return ""  # (a thing "done" is not gone: "Milk is delivered by ...")
    if any(x.kind != "done" and not x.names and speaks_of(said(r.unit), x, lx)
           for o in ctx.base_refs() for x in ended(said(o.unit), lx)):
        return ""  # another newest unit says the thing it names whole is gone ("Evening
        # hours were discontinued" after the rewrite "Transfers during shop hours only");
        # by words, not by a name (a party named beside a cancelled order stays:
        # "PO-3381 with Harwood was cancelled" ends no Harwood minimum order)
    names = {v[5:] for v in alone if v.startswith("name:")}
    people = [h.name for h in holders(r.unit.text, lx)
              if set(h.name.split()) <= names and len(h.name.split()) >= 2]
    if people:
        return "the person it names: " + ", ".join(p.title() for p in people)
    if source := _supplier(r.unit.text, names, lx):
        return "who it comes from: " + source
    spoken = {stem(w, lx) for o in ctx.base_refs()
              for w in re.findall(r"[a-z][a-z'-]*", o.unit.text.lower())}
    for v in alone:
        if not v.startswith("n:") or measure(v) in (None, "year"):
            continue
        what = _measured(ctx, r.unit.text, v)
        # (a letter glued to the number counts nothing: "under-16s", "the 1990s")
        things = {m[6:] for m in what if m.startswith("count:") and len(m) > 7} \
            - lx.months - lx.weekdays
        if not things or any(m.startswith("unit:money") for m in what) or things & spoken:
            continue
        if any(what & _measured(ctx, o.unit.text, w) for o in ctx.base_refs()
               for w in o.facts.values - r.facts.values if w.startswith("n:")):
            continue
        return f"the count it gives: {v[2:]} {min(things)}"
    return ""


def _supplier(text: str, names: set[str], lx: Lexicon) -> str:
    """The name a thing is said to come from (one of Lexicon.supply_verbs, then within
    a few words one of Lexicon.supplier_words, then the name: "Straw is grown for us
    by the Pennington farm") when it is one of `names`, those the newest never gives:
    who supplies a thing is a fact, as who holds a role is; "" when none."""
    words = re.findall(r"[A-Za-z][\w'’\-]*", text)
    for k, w in enumerate(words):
        if w.lower() not in lx.supplier_words or not any(
                p.lower() in lx.supply_verbs for p in words[max(0, k - 3):k]):
            continue
        after = [t for t in words[k + 1:k + 3] if t.lower() not in lx.determiners]
        if after and after[0][:1].isupper() and after[0].lower() in names:
            return after[0]
    return ""


def _id_shape(token: str) -> str:
    return re.sub(r"[A-Za-z]", "A", re.sub(r"\d", "9", token))


def _intro_fact(ctx: MergeContext, r: Ref, b: Ref, alone: list[str]) -> bool:
    """An older intro sentence the newest's intro took over (one intro replaces
    another: it speaks of the note, not of the values the older one gave) that gives a
    value nothing in the newest states, of no measure that intro gives another value of
    ("... at Unit 9, Feeder Road, Bristol BS2 0TJ", "capacity 4,820 Ml"): a still-true
    fact of the note's subject, carried (pass_lead writes it where it belongs). Names
    alone are the older version's own wording ("First write-up of how Orchard Lane
    runs ..."): no such fact."""
    if r.unit.kind != "sentence" or not in_intro(ctx, r) \
            or not ctx.base.sections[b.section].is_intro:
        return False
    # every value it gives the newest states nowhere, not only those alone: one with
    # another value in the newest makes it an older version's intro with an old value
    valued = [v for v in new_facts(ctx, r, stated_facts(ctx)) if not v.startswith("name:")]
    theirs = {measure(v) for v in b.facts.values - r.facts.values} - {None, "name"}
    if not any(v in alone and measure(v) != "year" for v in valued) \
            or any(measure(v) in theirs for v in valued):
        return False  # (a year alone dates the older version: no fact of now)
    # nor anywhere in the newest another number of what it measures or counts ("14
    # kayaks" / "21 kayaks", "180 berths" / "46 berths are kept for visitors")
    mine = set().union(*(_measured(ctx, r.unit.text, v) for v in valued))
    return not any(mine & _measured(ctx, o.unit.text, w) for o in ctx.base_refs()
                   for w in o.facts.values - r.facts.values if w.startswith("n:"))


def _measured(ctx: MergeContext, text: str, value: str) -> set[str]:
    """What number fact `value` measures or counts in `text` (_measures; a number
    written with a thousands separator is found by its last group), function words
    aside ("4,820 Ml at top water level" counts no "at")."""
    digits = digits_of(value)
    fw = ctx.lexicon.function_words
    out = {m for k, ms in measures_in(text, ctx.lexicon).items() if k and digits.endswith(k)
           for m in ms if not (m.startswith("count:") and m[6:] in fw)}
    # and the word right after it, as a unit of measure is written ("about 9 kg.")
    for m in re.finditer(r"(\d[\d.,]*)\s?([A-Za-zµ°]+)", text):
        word = m.group(2).lower()
        if digits_of(m.group(1)) == digits and word not in fw:
            out.add("after:" + stem(word, ctx.lexicon))
    return out


def _refilled(ctx: MergeContext, r: Ref, b: Ref, alone: list[str]) -> bool:
    """The unit that replaced it says the same with another filler in the slot that
    holds those facts ("The on-call lead is Marta" / "Kofi is now the on-call lead"):
    it gives another value of them, whether or not its filler reads as a name."""
    hit = refill(said(r.unit), said(b.unit), ctx.lexicon, ctx.thresholds.filler_words,
                 ctx.thresholds.label_chars)
    words = {w.lower() for w in hit.older_filler} if hit is not None else set()
    if hit is not None and all(set(v.split(":", 1)[1].split()) <= words for v in alone):
        return True
    # a role that changed hands ("The current coordinator is Fiona" / "Tomasz is now
    # the coordinator"): the names it alone gives are the older holder's
    held = {w for h in holders(said(r.unit), ctx.lexicon, True) for w in h.name.split()}
    return all(v.startswith("name:") and set(v[5:].split()) <= held for v in alone) \
        and role_replaced(said(r.unit), [said(b.unit)], ctx.lexicon) is not None


def measure(value: str, codes: frozenset[str] = frozenset()) -> str | None:
    """What a number measures, its digits aside ("184" and "196" cows are one count,
    "1,160 °C" and "40 kg" are not). A code (`codes`, facts.coded_values: "Grade 4B" /
    "Grade 4A") measures nothing: one code replaces another, letters and all."""
    if value in codes:
        return "code"
    if value.startswith(("code:", "name:")):
        # a program, a command, a person: another one replaces it ("Coxswain: Morag
        # Reid" / "Coxswain: Declan Orr")
        return value.split(":", 1)[0]
    if re.fullmatch(r"n:(?:19|20)\d\d", value):
        return "year"  # when, not how many: "in 2025" gives no other value of "300 gsm"
    return "n:" + re.sub(r"[\d.,:/\-]+", "9", value[2:]) if value.startswith("n:") else None
