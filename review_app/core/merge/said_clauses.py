"""How near the newest says an older unit's clauses (pass_carry's hold-back for a
unit with no fact the newest lacks): a newest sentence saying two things is further in
meaning from an older one saying one of them again, so its clauses are read too
("Get checked by the safety officer before flying a new or re-engined model." / "80
dB at 7 metres remains the limit; the safety officer tests new and re-engined
models.")."""

from __future__ import annotations

import re

import numpy as np

from .context import MergeContext, Ref
from .lexicon import Lexicon
from .older_only import clauses


def clause_nearness(ctx: MergeContext, todo: list[Ref], base: list[Ref],
                    scopes: dict[str, list[int]]) -> dict[str, tuple[float, str]]:
    """Per unit of `todo`, how near the newest says each of its clauses (a unit of
    `base` in its scope, `scopes[key]`, or a clause of one): the cosine of the clause
    said least near, and what says its clauses. A sentence of two clauses with one
    said again still says the other ("The flooded quarry gives sheltered jumps; the
    outer coast is only used on calm days" beside "the outer coast section is only used
    in calm conditions"). A clause is said only by one that has its qualifiers too
    (`qualifiers`): "The bonfire is never lit on windy days" is not "the bonfire is lit
    only on Saturdays", nor "Hoses may be used in the morning when the pond is low"
    "hoses may be used in the evening", however near in meaning."""
    if not todo:
        return {}
    lx = ctx.lexicon
    theirs = [(j, c) for j, b in enumerate(base) for c in clauses(b.unit.text)]
    mine = {r.key: clauses(r.unit.text)[1:] or [r.unit.text] for r in todo}
    texts = list(dict.fromkeys(c for cs in mine.values() for c in cs))
    sims = ctx.cosines(texts, [c for _, c in theirs])
    if sims is None:
        return {}
    at = {t: k for k, t in enumerate(texts)}
    words = [_plain_words(c, lx) | qualifiers(c, lx) for _, c in theirs]
    out: dict[str, tuple[float, str]] = {}
    for r in todo:
        scope = set(scopes[r.key])
        worst = 1.0
        said: list[str] = []
        for c in mine[r.key]:
            need = qualifiers(c, lx)
            near = [k for k, (j, _) in enumerate(theirs) if j in scope and need <= words[k]]
            if not near:
                worst = 0.0
                continue
            k = near[int(np.argmax(np.asarray(sims[at[c]])[near]))]
            said.append(theirs[k][1])
            worst = min(worst, float(sims[at[c], k]))
        out[r.key] = (worst, " / ".join(dict.fromkeys(said)))
    return out


def _plain_words(text: str, lexicon: Lexicon) -> frozenset[str]:
    """The text's words, lower case, a plural day as its day ("Saturdays": saturday)."""
    return frozenset(w.removesuffix("s") if w.removesuffix("s") in lexicon.weekdays else w
                     for w in re.findall(r"[a-z]+(?:'t)?", text.lower()))


def qualifiers(text: str, lexicon: Lexicon) -> frozenset[str]:
    """What bounds what a clause says: a denial (any: "don't lift" is "never lift"), a
    condition, a day or a part of one, a month, whom it is for, one more of a kind
    ("never", "when", "unless", "Saturdays", "mornings", "March", "juniors", "also")."""
    keep = lexicon.day_parts | lexicon.weekdays | lexicon.months \
        | lexicon.condition_openers | lexicon.audience_words | lexicon.addition_words \
        | {"when", "except", "only"}
    words = _plain_words(text, lexicon)
    denied = any(w in lexicon.negation_words or w.endswith("n't") for w in words)
    return frozenset({w for w in words if w in keep} | ({"<not>"} if denied else set()))
