"""Whom the newest replaced in a role and never names is gone from the note."""

from __future__ import annotations

import re
from dataclasses import replace

from .context import MergeContext
from .facts import stem
from .ledger import ROLE_REPLACED, Choice
from .pass_units import said
from .roles import LOWER_WORD, Holder, holders

_FLIP_PAIR: tuple[Choice, ...] = ("newer", "older")


def _by_given_name(ctx: MergeContext, name: str, named: str, text: str) -> bool:
    """The line names the gone holder by their given name alone ("If Geoff is not on
    site"): the name's first part, capitalised, not opening the line ("Mark the stock
    sheet" is no Mark Evans), with no other name on either side ("British Cycling" is no
    "British" of a misread "British Triathlon Level"), no common word, and one the newest
    does not write."""
    given = name.split()[0] if " " in name else ""
    lx = ctx.lexicon
    if len(given) < 3 or given in lx.function_words or given in lx.months \
            or re.search(rf"\b{re.escape(given)}\b", named):
        return False
    words = re.findall(r"[\w'’-]+", text)
    for k, w in enumerate(words):
        if k and w == given.title() and not any(
                0 <= j < len(words) and words[j][:1].isupper()
                and words[j].lower() not in lx.function_words for j in (k - 1, k + 1)):
            return True
    return False


def _roles(h: Holder) -> frozenset[str]:
    return (h.before | h.after | {h.head}) - {""}


def _took_over(ctx: MergeContext, h: Holder, by: str) -> frozenset[str]:
    """The newest unit that superseded a line naming `h` names someone else in a word
    of `h`'s role ("[contact] Tom Hale handles facilities problems" superseded by
    "[contact] Dan Okafor is the facilities contact", for another value): Tom Hale was
    replaced, whatever reason the verdict gave (merge-ER: "Call Tom Hale (facilities)
    on ..." was carried beside Dan Okafor). One name for one: a line naming several
    (a committee, "Priya Bhandari is Senior Teacher and DSL") tells no handover. The
    words of the slot both fill ({"facilitie"}), empty where there was no handover: only
    an older line saying them is over (run), not one of another job or reason ("Rhys
    Pugh runs the first aid training", "Market Hall lets us keep the spare lasts in its
    basement": an adversarial review)."""
    theirs = holders(said(ctx.ref(by).unit), ctx.lexicon)
    if len(theirs) != 1 or not theirs[0].sure or theirs[0].name == h.name:
        return frozenset()
    return _roles(theirs[0]) & _roles(h)


def _unnamed(ctx: MergeContext, words: set[str], name: str) -> set[str]:
    """A line's words but the name's own ("Market Hall lets us keep ..." says nothing of
    a market)."""
    return words - {stem(w, ctx.lexicon) for w in name.split()}


def run(ctx: MergeContext) -> None:
    """Whom the newest replaced in a role and never names is gone from the note, like
    a person who left: an older line naming them ("Boots Hillcrest supplies our monthly
    cycle." once "Pharmacy is Boots Hillcrest" gave way to Hillcrest Pharmacy) is
    superseded by what replaced them, not written beside it (merge-BF g05). Run after
    the passes that judge a line's own stage or value, so only what they still carry
    is asked. A note names someone it has introduced by the given name alone too ("If
    Geoff is not on site, the duty driver signs off" once "Shed foreman: Geoff Harland"
    gave way to Priya Okafor: _by_given_name)."""
    base = ctx.base_refs()
    named = " ".join(b.unit.text.lower() for b in base)
    # name -> (newest key, its text, the words of its slot; empty: any line naming them)
    gone: dict[str, tuple[str, str, frozenset[str]]] = {}
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is None or e.status != "superseded" or not e.by:
                continue
            replaced = (e.why or "").startswith(ROLE_REPLACED)
            held = holders(said(r.unit), ctx.lexicon)
            for h in held:
                if not h.sure or h.name in named:
                    continue
                slot = frozenset() if replaced or len(held) != 1 else _took_over(ctx, h, e.by)
                if replaced or slot:
                    gone.setdefault(h.name, (e.by, e.by_text or "", slot))
    if not gone:
        return
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries.get(r.key)
            if e is None or e.status != "carried" or r.unit.kind == "rel":
                continue
            text = said(r.unit)
            low = text.lower()
            words = {stem(w, ctx.lexicon) for w in LOWER_WORD.findall(low)}
            who = next((n for n in gone if (re.search(rf"\b{re.escape(n)}\b", low)
                                            or _by_given_name(ctx, n, named, text))
                        and (not gone[n][2] or gone[n][2] & _unnamed(ctx, words, n))), None)
            if who is not None:
                by, by_text, slot = gone[who]
                ctx.entries[r.key] = replace(
                    e, status="superseded", by=by, by_text=by_text, flips=_FLIP_PAIR,
                    why=f"the newest names another in {who.title()}'s "
                        + ("place" if slot else "role"))
