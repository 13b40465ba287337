"""Pass 5: a unit two older notes would both carry is carried once, from the newer
of them; the other is reported present ("carried from ..."). A carried intro sentence
about its note (its history, where it came from, a change its version made, what the
note is: other_value.is_history, provenance, tells_change, describes_note) whose new
facts a carried observation states too (an intro's "Written after the July losses in
R3 and R7" and "[lesson] R3 and R7 were lost in July 2024") is carried once, as the
observation (an older intro beside the newest's reads as a second intro); so is such a
sentence with no value that its own note's carried observation on its subject
summarises. An intro sentence stating a fact of the subject is written ("No quotes
given over the phone - the customer has to bring the watch in" had survived only as
"[policy] No quotes given over the phone": merge-BM, round 29). A sentence of a body
section that states a fact the newest lacks stays in the body even when a carried
observation states it too, and so does a rule
without a value ("Anyone going into the pit must lock out the machine" beside "[safety]
Lock out before entering the pit"): an observation summarises the body, and a fact
only an observation states is one a reader of the body never meets ("the casting bench
in Bay 3 behind the voicing room" written only as "[location] confined to Bay 3";
issue 18). Only an intro's sentence is carried as its observation."""

from __future__ import annotations

from dataclasses import replace

from rapidfuzz import fuzz, process

from .alone_facts import named_tokens
from .context import MergeContext, Ref
from .facts import facts_of
from .link_lines import relation_of as _target
from .older_only import HELD, base_values, content_prefixes, set_status
from .other_value import about_its_note, in_intro
from .pass_leaning import leans
from .pass_units import as_written, said
from .pass_units import entry_for as _entry
from .section_meaning import clear_homes


def run(ctx: MergeContext) -> None:
    again(ctx)
    _said_alike(ctx)
    _prose_an_observation_states(ctx)


def again(ctx: MergeContext) -> None:
    """A line two older notes would both carry, carried once: also run after pass_carry,
    which may carry a line the rules had superseded (alone_facts: both copies of "25%
    deposit when booking" the newest rewrote as "a third"). Only the same line, word for
    word or nearly: the looser reading of _said_alike is made once, on pass 3's verdicts
    (run again, it held back unrelated lines beside one carried late)."""
    th = ctx.thresholds
    carried: list[Ref] = []
    # Indexes of `carried` (position of the first of each), so a unit is not compared
    # with every unit carried before it one by one.
    by_norm: dict[tuple[str, str], int] = {}
    by_target: dict[tuple[str, str], int] = {}
    norms_of: dict[str, list[str]] = {}  # kind -> the carried units' texts, in order
    at_of: dict[str, list[int]] = {}  # kind -> their positions in `carried`
    bounded = False
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            if ctx.entries[r.key].status != "carried":
                continue
            kind, norm = r.unit.kind, r.unit.norm
            hits = [by_norm.get((kind, norm), len(carried))]
            # (two relations neither of which parses count as one, as they always did)
            target = repr(_target(ctx, r.unit.raw[0])) if kind == "rel" else None
            if target is not None:
                hits.append(by_target.get((kind, target), len(carried)))
            norms, at = norms_of.setdefault(kind, []), at_of.setdefault(kind, [])
            lo = 0
            if len(norms) > th.pool_budget:  # a huge note: its recent neighbours only
                lo, bounded = len(norms) - 2 * th.pool_window, True
            found = process.extract(norm, norms[lo:], scorer=fuzz.token_sort_ratio,
                                    processor=None, score_cutoff=max(th.same_fuzz, 0),
                                    limit=None) if th.same_fuzz <= 100 else []
            # (a near wording that gives another value in another section is no
            # repeat: "Doors open: 10:30" under Weekends is not the weekday "Doors open:
            # 08:30"; in one section it is the line's older value, carried once)
            # (two near lines of one note are two lines: "Room 4 seats 12 people" and
            # "Room 5 seats 10 people")
            hits += [at[lo + k] for _, _, k in found
                     if carried[at[lo + k]].path != r.path and (
                         _values(r) <= _values(carried[at[lo + k]])
                         or one_heading(ctx, r, carried[at[lo + k]]))]
            first = min(hits)
            if first == len(carried):
                by_norm.setdefault((kind, norm), len(carried))
                if target is not None:
                    by_target.setdefault((kind, target), len(carried))
                norms.append(norm)
                at.append(len(carried))
                carried.append(r)
            else:
                same = carried[first]
                ctx.entries[r.key] = _entry(r, "present", by=same.key,
                                            by_text=as_written(same),
                                            why=f"carried from {same.path}")
    if bounded:
        ctx.bounded.append(f"over {th.pool_budget} carried units of one kind, so each was "
                           f"checked against the {2 * th.pool_window} carried just before "
                           "it and any carried word for word")


def _values(r: Ref) -> frozenset[str]:
    return frozenset(v for v in r.facts.values if not v.startswith("label:"))


_ALIKE = frozenset({"sentence", "item", "step", "check", "obs"})


def _said_alike(ctx: MergeContext) -> None:
    """Two carried units that say one thing in other words ("[x] Red Tractor
    certificate sent" / "[x] Farm assurance (Red Tractor) certificate sent"): close in
    meaning (Thresholds.same_cosine) and one's numbers, codes and links all the
    other's. Carried once, from the newer note (the first carried). A step is read as a
    sentence is (merge-ER wrote a pass's freeze rule twice, as a sentence and as an
    older list's lone "2."; dev, merge-CY..EC: 14 notes lose a line said twice)."""
    carried = [r for _, doc in ctx.older for r in ctx.refs[doc.path]
               if ctx.entries[r.key].status == "carried" and r.unit.kind in _ALIKE]
    if len(carried) < 2 or len(carried) > ctx.thresholds.embed_budget:
        return
    sims = ctx.cosines([r.unit.text for r in carried], [r.unit.text for r in carried])
    gone: set[str] = set()
    for j, r in enumerate(carried):
        mine = {v for v in r.facts.values if v.startswith(("n:", "code:", "link:"))}
        for i in range(j):
            o = carried[i]
            theirs = {v for v in o.facts.values if v.startswith(("n:", "code:", "link:"))}
            if o.key in gone or (o.unit.kind == "obs") != (r.unit.kind == "obs") or (
                    o.path == r.path and (o.unit.kind == "sentence") != (
                        r.unit.kind == "sentence")) or (
                    o.path == r.path and "step" in (o.unit.kind, r.unit.kind)):
                continue  # (two versions' sentence and list item may say one thing; in
                # one note, a sentence beside an item says more than it, and two steps are
                # two steps ("Sharpen on the coarse wheel." / "... on the fine wheel."); an
                # observation is said beside the body by design)
            if not (mine <= theirs or theirs <= mine):
                continue
            words, fuller = content_prefixes(ctx, o.unit.text), content_prefixes(ctx, r.unit.text)
            if o.path != r.path and theirs <= mine and words and len(words - fuller) <= 1 \
                    and (len(fuller - words) >= 2 or theirs < mine) and float(sims[j, i]) >= \
                    ctx.thresholds.counterpart_cosine and not leans(said(r.unit), ctx.lexicon):
                # one thing, a newer version saying it with a clause less ("Two forms of
                # ID, one with a photo." / "..., for every new customer. Copy both into
                # the customer file."; "Bus 14 stays on school runs only." / "Bus 14 is
                # for school runs only - never put it on the airport route"): the fuller
                # is carried, the other said in it (one word more is a rewording:
                # "Organic (Soil Association)", carried from the newer; one figure more is
                # a fact: "..., account SA-20931, 0800 024 6610"). A line leaning on
                # the one before it ("It is run by ...") goes with that one: never the
                # fuller
                _said_in_fuller(ctx, o, r)
                gone.add(o.key)
                continue
            if not mine <= theirs:
                continue  # the older line gives a figure the newer lacks (a phone number
                # beside an account both give): reported present, it would be lost
            if float(sims[j, i]) >= ctx.thresholds.same_cosine:
                gone.add(r.key)
                ctx.entries[r.key] = _entry(r, "present", by=o.key, by_text=as_written(o),
                                            why=f"carried from {o.path} in other words")
                break
            if o.path != r.path and mine and r.unit.kind != "obs" and float(sims[j, i]) >= \
                    ctx.thresholds.counterpart_cosine and named_tokens(
                        r.unit.text, ctx.lexicon) & named_tokens(o.unit.text, ctx.lexicon):
                # two older versions giving one phone or account number, each its way
                # ("Bookings still come in on the fitting line, 01432 760 118." /
                # "Clients book through the fitting line on 01432 760 118, ..."), in
                # whichever sections: one thing, carried once, from the newer
                gone.add(r.key)
                ctx.entries[r.key] = _entry(r, "present", by=o.key, by_text=as_written(o),
                                            why=f"carried from {o.path}: the number it "
                                                "names, in other words")
                break
            # (two observations go only by the tests above: every observation of a
            # note is in one section, and a section's carried lines say many things)
            if o.path != r.path and r.unit.kind != "obs" and one_section(ctx, o, r) \
                    and float(sims[j, i]) >= ctx.thresholds.counterpart_cosine:
                # an older version's wording of what a newer version carried: written
                # beside it, it says one thing twice; the person may still carry it
                gone.add(r.key)
                ctx.entries[r.key] = set_status(
                    ctx.entries[r.key], "dropped", flips=("carry", "drop"), held=True,
                    why=f"{HELD} ({o.path}, a newer version, says it its way: "
                        f"{as_written(o)[:80]})")
                break


def _said_in_fuller(ctx: MergeContext, o: Ref, r: Ref) -> None:
    """Carried unit `o` is said in older unit `r`, which says more: `o` is present by
    `r`, and so is whatever was present by `o` (the ledger never points at a line that
    is not written)."""
    ctx.entries[o.key] = _entry(o, "present", by=r.key, by_text=as_written(r),
                                why=f"carried from {r.path}, which says more")
    for k, e in ctx.entries.items():
        if e.by == o.key and e.status == "present":
            ctx.entries[k] = replace(e, by=r.key, by_text=as_written(r),
                                     why=f"carried from {r.path} in other words")


def one_section(ctx: MergeContext, a: Ref, b: Ref) -> bool:
    """Two older units whose sections align with one section of the newest, or with
    each other where the newest has none (MergeContext.kin)."""
    at = ctx.aligned.get((a.path, a.section))
    if at is None:
        return ctx.aligned.get((b.path, b.section)) is None \
            and ctx.home_of(a.path, a.section) == ctx.home_of(b.path, b.section)
    return at == ctx.aligned.get((b.path, b.section))


def one_heading(ctx: MergeContext, a: Ref, b: Ref) -> bool:
    """Two older units in one section: aligned with one of the newest's, or in
    sections the newest lacks under one heading."""
    if one_section(ctx, a, b):
        return True
    return (ctx.aligned.get((a.path, a.section)) is None
            and ctx.aligned.get((b.path, b.section)) is None
            and a.section_title.strip().lower() == b.section_title.strip().lower())


def _prose_an_observation_states(ctx: MergeContext) -> None:
    carried = [r for _, doc in ctx.older for r in ctx.refs[doc.path]
               if ctx.entries[r.key].status == "carried"]
    obs = [r for r in carried if r.unit.kind == "obs"]
    prose = [r for r in carried if r.unit.kind == "sentence"]
    if not obs or not prose:
        return
    stated = base_values(ctx)
    said = {o.key: facts_of(o.unit.text.split("]", 1)[-1], ctx.lexicon, all_names=True).values
            for o in obs}
    sims = ctx.cosines([p.unit.text for p in prose], [o.unit.text for o in obs])
    # an intro sentence a body section of the newest clearly speaks of ("our usual
    # partner is Dr Ruth Okafor ..., direct line ..." and "## Working with the vet") is
    # that section's fact, no second intro: stated in the body, as a body sentence is
    homed = {k: at for k, at in clear_homes(ctx, [p for p in prose if in_intro(ctx, p)]
                                            ).items() if not ctx.base.sections[at].is_intro}
    for i, p in enumerate(prose):
        if not in_intro(ctx, p):
            continue  # a body section's fact or rule is stated in the body (beside its summary)
        new = {v for v in p.facts.values if v not in stated and not v.startswith("label:")}
        words = content_prefixes(ctx, p.unit.text)
        # (a sentence with no value of its own: its note's observation on its subject
        # is that note's summary of it: "Migrations bypass it." / "[rule] migrations
        # use 5432"; but one restating a part of it, "[contact] Minibus from Ashbridge
        # Transport", does not state the rest: "The minibus has a tail lift")
        hits = [j for j, o in enumerate(obs) if (
                    new <= said[o.key] if new else o.path == p.path
                    and covers(ctx, o, words))
                and float(sims[i, j]) >= ctx.thresholds.prose_as_observation_cosine]
        if hits and new and p.key in homed:
            ctx.home.setdefault(p.key, homed[p.key])  # carried, written in that section
        elif hits and about_its_note(ctx, p):
            o = obs[max(hits, key=lambda j: float(sims[i, j]))]
            ctx.entries[p.key] = _entry(p, "present", by=o.key, by_text=as_written(o),
                                        why=f"carried as an observation from {o.path}")


def covers(ctx: MergeContext, o: Ref, words: set[str]) -> bool:
    """An observation says what a sentence without values of its own says when it
    shares enough of its content words: sharing its subject alone is restating part."""
    mine = words & content_prefixes(ctx, o.unit.text.split("]", 1)[-1])
    return bool(mine) and len(mine) >= ctx.thresholds.prose_as_observation_share * len(words)
