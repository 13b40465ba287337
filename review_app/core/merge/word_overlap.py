"""Content-word overlap between two units: what they speak of, by their stemmed words
(function and decision words left out). The verdicts pass asks it of every pair in a pool,
so the content words of a text are kept in the lexicon's memo."""

from __future__ import annotations

import re

from .context import MergeContext
from .facts import stem


def name_roles(ctx: MergeContext, text: str, names: set[str]) -> set[str]:
    """The words that say what a name is ("the treasurer, Olu Adeyemi": treasurer):
    the two content words before each name."""
    tokens = re.findall(r"[A-Za-z][\w'-]*", text)
    out: set[str] = set()
    for k, t in enumerate(tokens):
        if t.lower() not in names:
            continue
        before = [w.lower() for w in tokens[max(0, k - 4):k] if w.lower() not in names
                  and w.lower() not in ctx.lexicon.function_words]
        out |= {stem(w, ctx.lexicon) for w in before[-2:]}
    return out


def shared_words(ctx: MergeContext, a: str, b: str) -> int:
    """Content words two units share other than decision words (the decision's subject:
    "keep the take-home exercise" / "dropped the take-home exercise")."""
    skip = ctx.lexicon.function_words | ctx.lexicon.decision_words
    wa = {stem(w, ctx.lexicon) for w in re.findall(r"[a-z][\w'-]*", a.lower()) if w not in skip}
    wb = {stem(w, ctx.lexicon) for w in re.findall(r"[a-z][\w'-]*", b.lower()) if w not in skip}
    return len(wa & wb)


def content_words(ctx: MergeContext, text: str) -> frozenset[str]:
    """The stemmed content words of a (normalised) text, kept by the lexicon: a unit is
    compared with every unit of its pool, and each pair asks again."""
    memo = ctx.lexicon.memo("content")
    found = memo.get(text)
    if found is None:
        fw = ctx.lexicon.function_words
        found = memo[text] = frozenset(stem(w, ctx.lexicon) for w in re.findall(
            r"[a-z][\w'-]*", text) if w not in fw)
    return found


def share(wa: frozenset[str], wb: frozenset[str]) -> float:
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / max(len(wa), len(wb))


def overlap(ctx: MergeContext, a: str, b: str) -> float:
    """Share of content words two texts have in common (of the longer one's): what
    they speak of. A text of one word is not "about" everything that holds it."""
    return share(content_words(ctx, a), content_words(ctx, b))
