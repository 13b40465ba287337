"""Pass 3's last step: an older observation or relation that restates a unit of its own
note which the newest superseded goes with that unit (pass_verdicts runs it right after
its verdicts)."""

from __future__ import annotations

import re
from functools import cache

from ..links import relation_target
from ..units import normalise
from .alone_facts import identifiers
from .context import MergeContext
from .older_only import new_facts, stated_facts
from .pass_units import entry_for, said
from .word_overlap import content_words, overlap

_TAGS = re.compile(r"(?:^|\s)#[\w/-]+")  # an observation's tags name no thing it says


def restated_observations(ctx: MergeContext) -> None:
    """An older observation that restates a unit of its own note which the base
    superseded is superseded too, by the same base unit (the observation repeats a
    value the newest changed): near it in meaning or words, or all its words and facts
    in it. Run with the verdicts only: after the passes that supersede by what the newest
    says in other words (said over, dropped sections), an observation would follow a
    verdict read from shared words, and a still-true rule ("[rule] Never install within 3
    feet of a radiator") would be lost from the body and the observations both (round 23,
    a blind paired read of the final sets)."""
    th = ctx.thresholds
    stated = cache(lambda: stated_facts(ctx))
    for _, doc in ctx.older:
        refs = ctx.refs[doc.path]
        gone = [r for r in refs if ctx.entries[r.key].status == "superseded"
                and r.unit.kind not in ("obs", "rel")]
        obs = [r for r in refs if r.unit.kind in ("obs", "rel")
               and ctx.entries[r.key].status == "carried"]
        if not gone or not obs:
            continue
        if len(obs) + len(gone) > th.embed_budget:
            ctx.bounded.append(
                f"{doc.path}: {len(obs)} observations and {len(gone)} superseded units, so "
                f"observations were not checked for restating a changed value (budget "
                f"{th.embed_budget})")
            continue
        sims = ctx.cosines([said(o.unit) for o in obs],
                           [g.unit.text for g in gone])
        for i, o in enumerate(obs):
            if o.unit.kind == "rel":  # a relation to what a superseded unit named
                name = normalise(relation_target(o.unit.raw[0]) or "")
                hit = next((g for g in gone if name and name in g.unit.norm), None)
                if hit is not None:
                    e = ctx.entries[hit.key]
                    ctx.entries[o.key] = entry_for(o, "superseded", by=e.by,
                                                   by_text=e.by_text, flips=("newer", "older"),
                                                   why="what it names was replaced")
                continue
            j = max(range(len(gone)), key=lambda k: sims[i, k])
            lex = 100 * overlap(ctx, normalise(said(o.unit)),
                                 gone[j].unit.norm)
            mine = {v for v in o.facts.values if v.startswith(("n:", "code:", "link:"))}
            same = next((k for k, g in enumerate(gone) if len(mine) >= 2
                         and mine <= g.facts.values), None)  # "channel 3 at WH-12"
            if same is not None:
                j = same
            # every word and fact of it is in one such line: what the note itself wrote
            # there, summed up ("[deadline] Order cut-off Tuesday noon" / "4. Phone the
            # order through before the Tuesday noon cut-off.")
            words = content_words(ctx, normalise(_TAGS.sub(" ", said(o.unit))))
            within = next((k for k, g in enumerate(gone) if len(words) >= 2
                           and words <= content_words(ctx, g.unit.norm)
                           and o.facts.values <= g.facts.values), None)
            if same is None and within is not None:
                j = within
            if (sims[i, j] >= th.thing_cosine or lex >= th.thing_fuzz or same is not None
                    or within is not None) and not identifiers(
                        ctx, o, new_facts(ctx, o, stated())):
                # (one giving a phone or an account the newest lacks, "[contact] Aino
                # Virtanen, mower fitter, 07700 900 615", restates no changed value)
                e = ctx.entries[gone[j].key]
                ctx.entries[o.key] = entry_for(o, "superseded", by=e.by, by_text=e.by_text,
                                            why="it restates a value the newest changed",
                                            flips=("newer", "older"))
