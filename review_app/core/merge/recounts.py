"""An older line counting a thing the newest counts anew (pass_said_over).

"Only three people in the cave room at a time" under the newest's "No more than four
people in the ripening room at once"; "We rotate through four zones" under "There are
now five zones": a count is a number before a plural noun, in digits or in words, and
two counts of one noun in two lines about one thing are two values of it. A count is no
measure (Lexicon.measure_words: "three times a year", "30 days") and no figure an older
note gives of that noun twice ("420 pupils" in the school, "23 pupils have an
allergy"), nor one the newest gives twice: which of them answers the older one would be
a guess. Lines about one thing: the phrases after the noun share a word ("in the cave
room" / "in the ripening room"), and the two are at least Thresholds.recount_cosine
close in meaning (counts of one noun in lines about other things sat at 0.26): "five
trustees who meet monthly" is no count "Two trustees stepped down at the AGM" renews.
"""

from __future__ import annotations

import re

from .context import MergeContext, Ref
from .facts import as_count, stem
from .lexicon import Lexicon
from .pass_units import said

_TOKEN = re.compile(r"[£$€]?\d[\d,.]*|[A-Za-z][A-Za-z\-]*|\S")


def counts(text: str, lexicon: Lexicon) -> dict[str, frozenset[int]]:
    """noun (stemmed) -> the numbers it is counted with ("four zones" -> zone: {4})."""
    words = dict(lexicon.number_words)
    memo = lexicon.memo("counts")
    found = memo.get(text)
    if found is not None:
        return found
    out: dict[str, set[int]] = {}
    tokens = _TOKEN.findall(text)
    for number, noun in zip(tokens, tokens[1:], strict=False):
        low = noun.lower()
        value = as_count(number) if number.isdecimal() else words.get(number.lower())
        if value is None or value < 2 or 1900 <= value <= 2100 or len(low) < 3 or not (
                low.endswith("s") or low in lexicon.irregular_plurals) \
                or low in lexicon.measure_words or low in lexicon.function_words \
                or low in lexicon.calendar_words:
            continue  # (a sum, "£5 deposits", is a value, not a count: one token; a
            # year says when: "From 2023 volunteers open on Sundays")
        out.setdefault(stem(low, lexicon), set()).add(value)
    found = memo[text] = {k: frozenset(v) for k, v in out.items()}
    return found


def _after(text: str, noun: str, lexicon: Lexicon) -> set[str]:
    """The content words (first four letters) of the phrase after a counted noun, up to
    its clause's end: what the count is of ("people in the cave room")."""
    tokens = _TOKEN.findall(text)
    out: set[str] = set()
    for k, t in enumerate(tokens):
        if stem(t.lower(), lexicon) != noun:
            continue
        for w in tokens[k + 1:k + 6]:
            if not w[:1].isalpha():
                break
            if w.lower() not in lexicon.function_words and len(w) > 2:
                out.add(w.lower()[:4])
    return out


def _base_counts(base: list[Ref], lexicon: Lexicon
                 ) -> dict[str, list[tuple[Ref, frozenset[int]]]]:
    """noun -> the newest's units counting it, with their numbers."""
    theirs: dict[str, list[tuple[Ref, frozenset[int]]]] = {}
    for b in base:
        for noun, values in counts(said(b.unit), lexicon).items():
            theirs.setdefault(noun, []).append((b, values))
    return theirs


def recounted(ctx: MergeContext, r: Ref, base: list[Ref]) -> Ref | None:
    """The newest unit that counts a noun `r` counts with another number, about the same
    thing; None when none does. `base`: the newest's units, one list for a compose (its
    counts are read once)."""
    lx = ctx.lexicon
    mine = counts(said(r.unit), lx)
    if not mine:
        return None
    # the nouns the other units of r's note count (per unit: a noun r alone counts there)
    by_unit = ctx.once(f"recounts.{r.path}", lambda: [
        (o.key, set(counts(said(o.unit), lx))) for o in ctx.refs[r.path]])
    elsewhere = {n for key, nouns in by_unit if key != r.key for n in nouns}
    theirs = ctx.once("recounts.base", lambda: _base_counts(base, lx))
    candidates: list[Ref] = []
    for noun, values in mine.items():
        given = theirs.get(noun, [])
        if noun in elsewhere or not given or len({v for _, v in given}) != 1:
            continue  # (counted twice on either side: which answers which is a guess)
        if not values & given[0][1]:
            # ... of one thing: what follows the noun shares a word ("three people in
            # the cave room" / "four people in the ripening room"; not "two guests to
            # the summer social" / "four guests to the annual dinner")
            mine_after = _after(said(r.unit), noun, lx)
            candidates += [b for b, _ in given
                           if mine_after & _after(said(b.unit), noun, lx)]
    if not candidates:
        return None
    sims = ctx.cosines([said(r.unit)], [said(b.unit) for b in candidates])
    best = max(range(len(candidates)), key=lambda j: float(sims[0, j]))
    return candidates[best] if float(sims[0, best]) >= ctx.thresholds.recount_cosine \
        else None


__all__ = ["counts", "recounted"]
