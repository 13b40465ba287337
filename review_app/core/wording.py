"""Word-level tests of two short texts, no model: tokens and content words, how much of
one another holds, an added clause or negation, a thing said to be over, one word swapped.

The aligner (align.py) weighs these beside sentence vectors; the changed-claim passes
(changed_claims.py) use them to tell a rewording from a claim in another state. The word
lists are closed classes (stop words, negations, frequency words) or the few verbs that
say a thing is over.
"""

from __future__ import annotations

import re

from rapidfuzz import utils

from .units import Unit

CLAUSE = re.compile(r";\s+|,\s+(?:and|but|while|so)\s+|\s+--?\s+|\s+—\s+")


def tokens(text: str) -> list[str]:
    return utils.default_process(text).split()


def within(a: list[str], b: list[str]) -> float:
    """How much of `a` the token list `b` holds."""
    pool = list(b)
    hit = 0
    for t in a:
        if t in pool:
            pool.remove(t)
            hit += 1
    return hit / max(len(a), 1)


def share(a: list[str], b: list[str]) -> float:
    """How much of the shorter token list the longer one holds."""
    return within(a, b) if len(a) <= len(b) else within(b, a)


STOP = frozenset({
    "a", "an", "the", "is", "are", "was", "were", "be", "been", "of", "to", "in", "on", "at",
    "by", "for", "with", "from", "as", "and", "or", "but", "so", "it", "its", "this", "that",
    "these", "those", "we", "our", "you", "your", "they", "their", "he", "she", "his", "her",
    "there", "then", "than", "once", "when", "while", "after", "before", "since", "because",
    "all", "every", "each", "any", "some", "most", "into", "over", "under", "about", "only",
    "also", "just", "do", "does", "did", "has", "have", "had", "will", "would", "can", "could",
    "should", "must",
})


def content_words(tokens: list[str]) -> list[str]:
    return [t for t in tokens if t not in STOP]


NEGATION = re.compile(r"\b(?:not|no|never|nor|without|cannot|none)\b|n't\b", re.I)


def says_all_of(u: Unit, b: Unit) -> bool:
    """Every content word of `b` is in `u`."""
    return set(content_words(tokens(b.text))) <= set(content_words(tokens(u.text)))


def added_words(u: Unit, b: Unit) -> tuple[str, ...]:
    """The content words `u` adds to `b` when `u` says all of `b`'s and more; else ()."""
    cu, cb = content_words(tokens(u.text)), content_words(tokens(b.text))
    if not cb or not set(cb) <= set(cu):
        return ()
    return tuple(dict.fromkeys(t for t in cu if t not in cb))


# Words a rewording adds that carry no claim: order and discourse markers, connectors,
# light verbs ("let one slow service stall" / "one slow service can stall").
FILLER = frozenset({
    "first", "firstly", "next", "finally", "start", "starting", "now", "still", "already",
    "simply", "really", "actually", "basically", "one", "thing", "things", "vs", "versus",
    "via", "more", "get", "gets", "got", "let", "lets", "make", "makes", "take", "takes",
    "go", "goes", "use", "uses", "used", "using", "need", "needs",
})


# Words that say a thing is over: an open issue fixed, a plan gone live, a tool retired.
DONE = frozenset({
    "fixed", "resolved", "solved", "shipped", "live", "done", "completed", "finished",
    "closed", "deployed", "retired", "replaced", "removed", "cancelled", "canceled",
    "dropped", "scrapped", "abandoned", "discontinued", "stopped", "reverted", "withdrawn",
})
# Frequency words (a closed class): a claim holding them is a standing rule ("return the
# keys after each shift", "deploys are stopped every Friday"), which no event ends.
RECURRING = frozenset({
    "each", "every", "always", "usually", "normally", "whenever", "daily", "weekly",
    "monthly", "yearly", "annually", "nightly", "hourly", "routinely", "regularly",
})


def state_changed(older: Unit, newer: Unit) -> bool:
    """`newer` says the thing `older` states as open is over, on the same subject (two
    content words shared): "Calendar exports time out" / "The July release fixed the
    calendar export timeouts". Used with a cosine >= STATUS_COSINE and in one section.
    Never between standing rules: "Volunteers return the cold room keys after each
    shift" is not ended by "Keys of volunteers who left are removed from the key box"."""
    to, tn = set(content_words(tokens(older.text))), set(content_words(tokens(newer.text)))
    if not tn & DONE or to & DONE or "no longer" in older.text.lower():
        return False
    if (set(tokens(older.text)) | set(tokens(newer.text))) & RECURRING:
        return False
    shared = {stem(t) for t in to - DONE} & {stem(t) for t in tn - DONE}
    return len(shared) >= 2


def _variants(a: str, b: str) -> bool:
    """One word in two forms ("file" / "filed", "run" / "runs")."""
    n = min(len(a), len(b), 4)
    return a[:n] == b[:n]


def swapped_word(a: str, b: str) -> bool:
    """`a` and `b` are the same words but for one content word each, not two forms of one
    word: "The dinner menu has a vegan main course" / "... a fish main course". One claim
    with another value, or a synonym ("lives" / "sits"), or two items; the words cannot tell,
    so it is a conflict: the newer is written and the older reported, never dropped unsaid."""
    ta, tb = tokens(a), tokens(b)
    if len(ta) != len(tb) or len(ta) < 3:
        return False
    diff = [(x, y) for x, y in zip(ta, tb, strict=True) if x != y]
    return (len(diff) == 1 and all(w not in STOP and w not in FILLER for w in diff[0])
            and not _variants(*diff[0]) and not diff[0][0].isdigit())


def clauses_of(text: str) -> list[str]:
    """The clauses of a sentence of at least three words ("...; for now it stays in
    Logistics", "..., and the role is hybrid")."""
    return [p.strip() for p in CLAUSE.split(text) if len(p.split()) >= 3]


def stem(word: str) -> str:
    return word[:5]  # "annual" / "annually", "server" / "servers": one word


def negated(u: Unit, b: Unit) -> bool:
    """`u` negates what `b` states (an added "not", "never", "n't")."""
    return len(NEGATION.findall(u.text)) > len(NEGATION.findall(b.text))
