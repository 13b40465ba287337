"""Pass 5b (merge only): the carry decision for older prose units is a measured one.

The word and number rules of pass 3 give each older unit a verdict; for a sentence,
list item or footnote that is not superseded, whether it is written is decided here
by a small logistic model fitted on labelled held-out groups (bench/carry_fit.py
writes carry_weights.json). Its inputs are what the engine already computes: how
close the unit's meaning is to the newest note's units (in its aligned section and
anywhere), the share of its facts the newest states, a same-thing-other-value
signal, how its section aligned, its kind, the past-event flag and pass 3's verdict;
and whether the newest speaks to it without sharing its values (`_speaks_to`: meaning
with values and names masked, frame words and names the newest says, its section kept
or rewritten, numbers of which the newest gives another value). Round 15 refitted it on
the seven dev sets merge-R..X (bench/carry_fit.py prints the leave-one-set-out figures);
it may hold back a unit the rules carry only when a newest unit is near it
(Thresholds.carry_hold_cosine): the refit alone held back still-true older-only facts.
An older unit is compared only with the base units of the section its own aligned
with by heading (the title section for the intro) and with lines the newest moved
in from elsewhere, never with a line of another section that an older unit there
already answers to; with the whole base only when its section has no heading
counterpart (`_scope`).

- A unit whose meaning a newest unit states (cosine >= Thresholds.present_cosine) is
  present whatever its words when the newest states its facts, else held back: never
  carried (a paraphrase is a repeat to a reader).
- A unit the rules carry that says a base unit of its kind whole, with every fact of
  it, and more the newest gives no other value of, is written in that unit's place
  (older_only.fuller_than; the person may keep the newer). One whose "more" is another
  value of what a newest unit gives ("32 mm" / "38 mm") is superseded by that unit.
- A unit whose nearest newest unit (cosine >= Thresholds.near_stated_cosine) states
  every number it gives is present: the same thing said again, perhaps with a name.
- A unit whose nearest newest unit (cosine >= Thresholds.other_shape_cosine) gives a
  number of the shape of one of its new numbers, that it does not give ("EUR 42.50" /
  "EUR 44.00", "0142" / "0177"), is superseded by it: another value, in other words.
- Pass 3 would carry it: carried when the model gives it at least `carry_at` or
  nothing in the newest is near it in meaning (cosine < Thresholds.carry_hold_cosine: no
  restatement to fear), else held back: not written, but a flippable row "held back:
  carry?" so the person settles it. For a unit with no fact the newest lacks (a lead-in
  aside: it goes with its list), a clause of a newest unit is near too: a newest
  sentence saying two things is further in meaning from an older one saying one of
  them again ("Get checked by the safety officer before flying a new or re-engined
  model." / "80 dB at 7 metres remains the limit; the safety officer tests new and
  re-engined models."). Each of the unit's own clauses must be near: one with a
  clause of its own still says it.
- Pass 3 would not carry it: it stays unwritten; when the model gives it at least
  `hold_at` it is held back too (a row to carry it with one key), else pass 3's
  verdict stands. The model never writes what the rules left out: on the labelled
  sets that found a few more facts and more repeats (bench/carry_fit.py).
Superseded units keep pass 3's verdict. Update writes no older prose: untouched.
Round 22 refitted it on the eight seen sets merge-AC..AJ with readers' labels and
tried four more inputs (carry_tried.CANDIDATES); leave one set out, no refit carried fewer stale
units than these weights, so they stay (bench/README.md, carry_fit.py).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from .alone_facts import alone_facts, identifiers
from .carry_tried import tried
from .context import MergeContext, Ref
from .facts import (
    condition_kept,
    facts_of,
    masked,
    stem,
    unnamed,
    value_shape,
)
from .ledger import WORDING_ONLY
from .lexicon import Lexicon
from .older_only import (
    HELD,
    base_values,
    code_stated,
    content_prefixes,
    frame_prefixes,
    fuller_than,
    fuller_units,
    holds_whole,
    label_stated,
    label_unsaid,
    new_facts,
    old_value_over,
    other_values,
    said_again,
    set_status,
    stale_intro,
    stated_facts,
    take_fuller,
    text_of,
)
from .other_value import in_intro, tells_occasion
from .pass_lead import lead_section
from .pass_units import said
from .past_events import past_event
from .roles import holders
from .said_clauses import clause_nearness

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "carry_weights.json"
KINDS = frozenset({"sentence", "item", "footnote"})
FEATURES = ("cos_any", "cos_pool", "stated_share", "no_facts", "new_facts", "other_value",
            "by_heading", "by_content", "unaligned", "intro", "item", "footnote",
            "past_event", "rule_carried", "rule_dropped", "older_rank", "names_only",
            "words", "same_shape", "near_shape", "near_stated", "about_title",
            "cos_frame", "frame_words", "names_stated", "section_kept", "other_measure",
            "fuller", "old_over", "named_alone")
# Relations say nothing as prose; code blocks embed poorly and are not warmed ahead
# (merging.prefetch_texts), so a preview embeds nothing more for this pass.
_NOT_EMBEDDED = frozenset({"rel", "code"})


@dataclass(frozen=True)
class CarryModel:
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    weights: tuple[float, ...]  # one per feature
    bias: float
    carry_at: float  # a unit pass 3 carries is carried at or above this, else held back
    hold_at: float  # a unit pass 3 leaves out is held back at or above this

    def probability(self, x: list[float]) -> float:
        return _logistic(self.bias, self.weights, x, self.mean, self.scale)

    @classmethod
    def from_json(cls, doc: dict) -> CarryModel:
        names = doc["features"]
        if tuple(names) != FEATURES:
            raise ValueError("carry_weights.json names other features than pass_carry")
        return cls(tuple(doc["mean"]), tuple(doc["scale"]), tuple(doc["weights"]),
                   float(doc["bias"]), float(doc["carry_at"]), float(doc["hold_at"]))


def _logistic(bias: float, weights: tuple[float, ...], x: list[float],
              mean: tuple[float, ...], scale: tuple[float, ...]) -> float:
    z = bias + sum(w * (v - m) / s for w, v, m, s in zip(weights, x, mean, scale, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


@lru_cache(maxsize=1)
def shipped_model() -> CarryModel | None:
    if not WEIGHTS_FILE.exists():
        return None
    return CarryModel.from_json(json.loads(WEIGHTS_FILE.read_text()))


def candidates(ctx: MergeContext) -> list[Ref]:
    """The older prose units this pass decides: not superseded, not word for word in
    the newest, not a step, row or item of an ordered block (pass 4 lists those)."""
    base_norms = {b.unit.norm for b in ctx.base_refs()}
    out = []
    for _, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            e = ctx.entries[r.key]
            if r.unit.kind in KINDS and e.status in ("carried", "present", "dropped") \
                    and r.unit.norm not in base_norms and not e.block \
                    and not (e.status == "present" and e.why.startswith("carried ")):
                out.append(r)
    return out


def features(ctx: MergeContext, refs: list[Ref]) -> dict[str, list[float]]:
    """Ledger key -> the model's inputs (FEATURES, in order)."""
    if not refs:
        return {}
    base = [b for b in ctx.base_refs() if b.unit.kind not in _NOT_EMBEDDED]
    if not base:
        return {}
    stated: set[str] = set()
    for b in ctx.base_refs():
        stated |= b.facts.values | facts_of(b.unit.text, ctx.lexicon, all_names=True).values
    sims = ctx.cosines([r.unit.text for r in refs], [b.unit.text for b in base])
    # what each says with its values and people's names taken out (prefetched: the
    # texts pass_said_over embeds): the newest speaking to it without sharing a value
    frames = ctx.cosines([unnamed(said(r.unit), ctx.lexicon) for r in refs],
                         [unnamed(said(b.unit), ctx.lexicon) for b in base])
    words = [_words(ctx, b.unit.text) for b in base]
    base_norms = {b.unit.norm for b in ctx.base_refs()}
    kept: dict[tuple[str, int], float] = {}
    every = stated_facts(ctx)
    rank = {doc.path: k for k, (_, doc) in enumerate(ctx.older)}
    title = content_prefixes(ctx, ctx.base_note.title)
    notes = {doc.path: n for n, doc in ctx.older}
    out: dict[str, list[float]] = {}
    for i, r in enumerate(refs):
        e = ctx.entries[r.key]
        aligned = ctx.aligned.get((r.path, r.section))
        loose = (r.path, r.section) in ctx.loose
        scope = _scope(ctx, r, base)
        row = np.asarray(sims[i], dtype=np.float64)[scope] if scope else np.zeros(1)
        near = base[scope[int(row.argmax())]] if scope else None
        cos = float(row.max())
        in_pool = [j for j, b in enumerate(base) if aligned is not None and not loose
                   and b.section == aligned]
        values = r.facts.values
        new = [v for v in values if v not in stated]
        mine = _words(ctx, r.unit.text)
        # the base units it says whole (both rules below ask; once a pair, not twice)
        whole = [j for j in scope if holds_whole(ctx, r, base[j])]
        other = 0.0
        for j in scope:  # the same words, another value: the same thing
            b = base[j]
            if b.facts.values - values and values - b.facts.values and mine:
                other = max(other, len(mine & words[j]) / max(len(mine), len(words[j]), 1))
        out[r.key] = [
            cos,
            float(np.asarray(sims[i])[in_pool].max()) if in_pool else 0.0,
            (len(values) - len(new)) / len(values) if values else 0.0,
            0.0 if values else 1.0,
            math.log1p(len(new)),
            other,
            1.0 if aligned is not None and not loose else 0.0,
            1.0 if loose else 0.0,
            1.0 if aligned is None else 0.0,
            1.0 if in_intro(ctx, r) else 0.0,
            1.0 if r.unit.kind == "item" else 0.0,
            1.0 if r.unit.kind == "footnote" else 0.0,
            1.0 if past_event(r.unit.text, notes[r.path], ctx.base_note) else 0.0,
            1.0 if e.status == "carried" else 0.0,
            1.0 if e.status == "dropped" else 0.0,
            float(rank[r.path]),
            1.0 if new and all(v.startswith("name:") for v in new) else 0.0,
            math.log1p(len(r.unit.text.split())),
            _same_shape(new, base, aligned if not loose else None),
            _near_shape(new, values, near, cos),
            _near_stated(values, near, cos, ctx.lexicon),
            1.0 if title & content_prefixes(ctx, r.unit.text) else 0.0,
            *_speaks_to(ctx, r, base, scope, frames[i] if frames is not None else None,
                        stated, base_norms, kept),
            # the rules _decide applies before the model (bench/carry_fit.py follows
            # them): written in a base unit's place, superseded by its other value,
            # naming a person nothing near it names
            1.0 if any(fuller_than(ctx, r, base[j], every, whole=True) for j in whole)
            else 0.0,
            1.0 if any(old_value_over(ctx, r, base[j], every, whole=True) is not None
                       for j in whole) else 0.0,
            1.0 if named_alone(ctx, r, [base[j] for j in scope
                                        if float(sims[i, j]) >= ctx.thresholds.home_cosine])
            else 0.0,
        ]
        if ctx.carry_model is None:  # the fit's compose: the inputs it tries too
            out[r.key] += tried(ctx, r, base, frames[i] if frames is not None else None,
                                stated, every, notes[r.path])
    return out


def _speaks_to(ctx: MergeContext, r: Ref, base: list[Ref], scope: list[int],
               frames: np.ndarray | None, stated: set[str], base_norms: set[str],
               kept: dict[tuple[str, int], float]) -> list[float]:
    """Does the newest speak to the unit without sharing its values? cos_frame: the
    cosine to the nearest base unit in its scope with values and names taken out;
    frame_words: the share of the unit's frame words (values aside) that unit says;
    names_stated: the share of the names it gives that the newest names somewhere
    (the thing it speaks of is there, its value is not); section_kept: the share of
    its section's prose units the newest keeps word for word (a rewritten section's
    leftovers are likelier old); other_measure: the share of its new numbers and
    labels of which the newest gives another value (one unit of measure, shape,
    counted noun or label: older_only.other_values)."""
    cos, near = 0.0, None
    if frames is not None and scope:
        row = np.asarray(frames, dtype=np.float64)[scope]
        near = base[scope[int(row.argmax())]]
        cos = float(row.max())
    mine = frame_prefixes(ctx, said(r.unit))
    share = len(mine & frame_prefixes(ctx, said(near.unit))) / len(mine) \
        if near is not None and mine else 0.0
    names = [v for v in r.facts.values if v.startswith("name:")]
    named = sum(1 for v in names if v in stated) / len(names) if names else 0.0
    where = (r.path, r.section)
    if where not in kept:
        own = [o for o in ctx.refs[r.path] if o.section == r.section
               and o.unit.kind in ("sentence", "item", "check", "step", "row")]
        kept[where] = sum(1 for o in own if o.unit.norm in base_norms) / len(own) \
            if own else 0.0
    new = {v for v in r.facts.values if v not in stated and v.startswith(("n:", "label:"))}
    other = len(other_values(ctx, r, new)) / len(new) if new else 0.0
    return [cos, share, named, kept[where], other]


def _scope(ctx: MergeContext, r: Ref, base: list[Ref]) -> list[int]:
    """The base units an older unit is compared with: those of the base section its
    own aligned with by heading (the title section for the intro) and those of other
    sections no other older unit answers to (a line moved there), never a
    same-looking line another section's unit answers to (issue 18: Mash's "Water:
    14 l" is not Sparge's). The whole base when its section has no heading
    counterpart (unaligned, or aligned by content: its units may have moved to
    several sections). The moved-line reach: leave-one-set-out stale carried 5 -> 4."""
    aligned = ctx.aligned.get((r.path, r.section))
    if aligned is None or (r.path, r.section) in ctx.loose:
        return list(range(len(base)))
    claimed = _claimed(ctx, r)
    return [j for j, b in enumerate(base) if b.section == aligned or b.key not in claimed]


def _claimed(ctx: MergeContext, r: Ref) -> set[str]:
    """Base units an older unit of another section already answers to (it states them
    word for word, or they replace it): a line moved in from elsewhere is not."""
    norms = {o.unit.norm for _, d in ctx.older for o in ctx.refs[d.path] if o.key != r.key}
    out = {e.by for k, e in ctx.entries.items() if k != r.key and e.by is not None}
    return out | {b.key for b in ctx.base_refs() if b.unit.norm in norms}


def _same_shape(new: list[str], base: list[Ref], section: int | None) -> float:
    """Share of the unit's new numbers for which the newest (its aligned section, if
    any) gives another number of the same shape: "+31 20 555 0142" / "0177"."""
    shapes = {v: value_shape(v) for v in new if value_shape(v) is not None}
    if not shapes:
        return 0.0
    theirs = {value_shape(v) for b in base if section is None or b.section == section
              for v in b.facts.values}
    return sum(1 for s in shapes.values() if s in theirs) / len(shapes)


def _near_shape(new: list[str], mine: frozenset[str], nearest: Ref | None,
                cos: float) -> float:
    """The cosine to the nearest base unit when that unit gives a number of the shape
    of one of the unit's new numbers that the unit does not give ("EUR 42.50" /
    "EUR 44.00"), else 0: another value of the same thing, said in other words."""
    if nearest is None:
        return 0.0
    shapes = {value_shape(v) for v in new} - {None}
    theirs = {value_shape(v) for v in nearest.facts.values - mine} - {None}
    return cos if shapes & theirs else 0.0


def _near_stated(mine: frozenset[str], nearest: Ref | None, cos: float,
                 lexicon: Lexicon) -> float:
    """The cosine to the nearest base unit when that unit states every number of the
    unit ("the rest from budget line 4.2" / "remainder charged to budget line 4.2"),
    read as the newest's text is (a share in words: "half up front" / "a 50%
    deposit"), else 0: the same thing said again, perhaps with a name added."""
    numbers = {v for v in mine if v.startswith("n:")}
    if nearest is None or not numbers:
        return 0.0
    return cos if numbers <= nearest.facts.values | facts_of(
        nearest.unit.text, lexicon, all_names=True).values else 0.0


def _words(ctx: MergeContext, text: str) -> frozenset[str]:
    fw = ctx.lexicon.function_words
    return frozenset(stem(w, ctx.lexicon) for w in re.findall(
        r"[a-z][\w'-]*", masked(text).lower()) if w not in fw)


def run(ctx: MergeContext) -> None:
    if ctx.action != "merge":
        return
    model = ctx.carry_model
    fuller_units(ctx)  # repeats, whatever their shape (older_only)
    label_stated(ctx)
    said_again(ctx)
    code_stated(ctx)
    refs = candidates(ctx)
    base = [b for b in ctx.base_refs() if b.unit.kind not in _NOT_EMBEDDED]
    if len(refs) + len(base) > ctx.thresholds.embed_budget:
        ctx.bounded.append(f"{len(refs)} older prose units against {len(base)} base units, "
                           f"so the carry model did not weigh them: the rules' verdicts stand "
                           f"(budget {ctx.thresholds.embed_budget})")
        _orphan_footnotes(ctx, refs)
        alone_facts(ctx)
        return
    feats = features(ctx, refs)
    ctx.carry_features = feats
    if model is not None:
        _decide(ctx, model, refs, feats)
    _orphan_footnotes(ctx, refs)
    stale_intro(ctx)
    alone_facts(ctx)  # a fact only a rewritten unit states is never dropped silently


def _decide(ctx: MergeContext, model: CarryModel, refs: list[Ref],
            feats: dict[str, list[float]]) -> None:
    base = [b for b in ctx.base_refs() if b.unit.kind not in _NOT_EMBEDDED]
    stated = base_values(ctx)
    cut = ctx.thresholds.present_cosine
    every = stated_facts(ctx)
    sims = ctx.cosines([r.unit.text for r in refs], [b.unit.text for b in base])
    nearest: dict[str, Ref] = {}
    for i, r in enumerate(refs):  # in its aligned section, as features() measured it
        scope = _scope(ctx, r, base)
        if sims is not None and scope:
            nearest[r.key] = base[scope[int(np.argmax(np.asarray(sims[i])[scope]))]]
    # (a lead-in says what follows it: it goes with its list, not as a repeat)
    wordy = [r for r in refs if ctx.entries[r.key].status == "carried"
             and not new_facts(ctx, r, every) and not r.unit.text.rstrip().endswith(":")]
    near_clause = clause_nearness(ctx, wordy, base, {r.key: _scope(ctx, r, base) for r in wordy})
    for r in refs:
        x = feats.get(r.key)
        if x is None:
            continue
        e = ctx.entries[r.key]
        if e.status == "carried" and (b := next(
                (base[j] for j in _scope(ctx, r, base)
                 if fuller_than(ctx, r, base[j], every)), None)) is not None:
            take_fuller(ctx, r, b)  # written in its place unless the person says newer
            continue
        if e.status == "carried" and (b := next(
                (o for j in _scope(ctx, r, base)
                 if (o := old_value_over(ctx, r, base[j], every)) is not None), None)) is not None:
            ctx.entries[r.key] = set_status(e, "superseded", by=b.key, by_text=text_of(b),
                                            flips=("newer", "older"),
                                            why="it restates the newest with an old value "
                                                "of what this unit gives")
            continue
        if e.status == "carried" and (b := _said_again_anywhere(ctx, r, base, every)):
            ctx.entries[r.key] = set_status(e, "superseded", by=b.key, by_text=text_of(b),
                                            flips=("newer", "older"),
                                            why="the newest says it word for word "
                                                "elsewhere, with another value")
            continue
        if x[FEATURES.index("near_shape")] >= ctx.thresholds.other_shape_cosine \
                and not label_unsaid(ctx, r, nearest[r.key]) \
                and not condition_kept(frozenset(new_facts(ctx, r, every)), r.unit.text,
                                       nearest[r.key].facts.values - r.facts.values,
                                       nearest[r.key].unit.text, ctx.lexicon):
            b = nearest[r.key]  # "EUR 42.50" / "EUR 44.00", "0142" / "0177"
            ctx.entries[r.key] = set_status(e, "superseded", by=b.key, by_text=text_of(b),
                                      flips=("newer", "older"),
                                      why="the newest says it with another value")
            continue
        settled = e.status == "dropped" and WORDING_ONLY not in e.why  # history, past
        numbers = sum(v.startswith("n:") for v in r.facts.values)
        if x[FEATURES.index("near_stated")] >= (
                ctx.thresholds.near_stated_cosine if numbers < 2
                else ctx.thresholds.near_stated_many_cosine):
            b = nearest[r.key]  # its numbers, in the unit nearest in meaning
            if e.status != "present" and not settled:
                ctx.entries[r.key] = set_status(e, "present", by=b.key, by_text=text_of(b),
                                          why="the newest says it, with its numbers")
            continue
        if x[0] >= cut:  # a newest unit says it, whatever its words
            b = nearest[r.key]
            if not any(v not in stated for v in r.facts.values):
                if e.status != "present" and not settled:
                    ctx.entries[r.key] = set_status(e, "present", by=b.key, by_text=text_of(b),
                                              why="the newest says it in other words")
                continue
            if e.status == "carried":  # nearly said, with a detail: never written beside
                ctx.entries[r.key] = set_status(e, "dropped", flips=("carry", "drop"), held=True,
                                          why=f"{HELD} (the newest nearly says it: "
                                          f"{text_of(b)})")
                continue
        if e.status == "carried" and names_intro(x):
            if not x[FEATURES.index("past_event")] and not who_does(r.unit.text, ctx.lexicon) \
                    and not tells_occasion(r.unit.text, ctx.lexicon):
                # where, for whom, which firm: still true, the newest omits it; a fact
                # of the whole note's subject, written in the newest's lead (beside
                # "Contract yards have their own sheet"), not in the body section its
                # words lean to
                lead = lead_section(ctx.base)
                if lead is not None:
                    ctx.home.setdefault(r.key, lead)
                continue
            ctx.entries[r.key] = set_status(e, "dropped", flips=("carry", "drop"), held=True,
                                            why=f"{HELD} (an older version's intro: only "
                                                "a person or a past occasion the newest "
                                                "lacks)")
            continue
        p = model.probability(x)
        cos, clause = near_clause.get(r.key, (0.0, ""))
        if e.status == "carried" and p < model.carry_at \
                and max(x[0], cos) >= ctx.thresholds.carry_hold_cosine \
                and not x[FEATURES.index("named_alone")] \
                and not identifiers(ctx, r, new_facts(ctx, r, every)):
            # (a number naming something only it gives, no newest one of its shape:
            # an account or a phone is no restatement, as a person is not)
            said = f"; the newest says it in part: {clause}" if cos > x[0] else ""
            ctx.entries[r.key] = set_status(e, "dropped", flips=("carry", "drop"), held=True,
                                            why=f"{HELD} (sure {p:.2f} it is new{said})")
        elif e.status != "carried" and p >= model.hold_at:
            ctx.entries[r.key] = set_status(e, "dropped", flips=("carry", "drop"), held=True,
                                      why=f"{HELD} (sure {p:.2f} it is new; the rules "
                                      f"found it {e.status})")


def named_alone(ctx: MergeContext, r: Ref, near: list[Ref]) -> bool:
    """The unit names a person (two or more capitalised words, roles.holders) the
    newest names nowhere, and none of the newest's units near it in meaning (`near`)
    names anyone it does not name itself: who does what, a fact only the older note
    has (issue 18 item 4: nothing in the newest states it or another value of it).
    The model's hold-back is for restatements, and names alone weigh against an intro
    there ("Reception is staffed by Ruth Mbeki and Dana Whitlock" was held back at
    0.12); a person nobody else is named for is not one."""
    stated = ctx.once("named_alone.stated", lambda: base_values(ctx) | {
        f"name:{w.lower()}" for b in ctx.base_refs()
        for w in re.findall(r"[A-Za-z][\w'’\-]*", b.unit.text)})
    own = holders(r.unit.text, ctx.lexicon)
    mine = [h for h in own if not all(f"name:{w}" in stated for w in h.name.split())]
    ours = {h.name for h in own}  # a firm both name ("Piste Supplies") is no other one
    return bool(mine) and not any(h.name not in ours for b in near
                                  for h in holders(b.unit.text, ctx.lexicon))


def names_intro(x: list[float]) -> bool:
    """An older version's intro sentence about the note's subject (a content word of
    the newest's title) whose only new facts are names the newest names nowhere. Most
    are the note's scope or identity (where, for whom, which farm: "the prices we quote
    to private owners and livery yards across the Oxfordshire and north Bucks round",
    "distilled at Cotswold Edge Lavender"): still true and said nowhere else, carried
    (issue 18 item 4; the merge-AH reader counted each held one LOST), never held by
    the model's hold-back, which is for restatements. One telling a past event or its
    version's occasion (other_value.tells_occasion: "After the near miss at Church
    Cottage in October, ...") or opening with a name as its subject (`who_does`: who
    does what is a role a newer note may have given to another, "Tom Hale places all
    hide orders") is held back: the person settles it. bench/carry_fit.py's figures
    follow this policy (persons and occasions aside)."""
    return bool(x[FEATURES.index("intro")] and x[FEATURES.index("names_only")]
                and x[FEATURES.index("about_title")])


def who_does(text: str, lexicon: Lexicon) -> bool:
    """The sentence opens with a name (roles.holders) as its subject: who does what
    ("Tom Hale places all hide orders", "Manon Girard ... owns this procedure"), a
    role; a name in a complement says where or for whom ("for the Willowbank Cattery
    pens", "to the Hollow Oak Seed Library"), the note's scope."""
    first = re.match(r"\W*([A-Za-z][\w'’\-]*)", text)
    return first is not None and any(
        h.name.split()[0] == first.group(1).lower() for h in holders(text, lexicon))


def _orphan_footnotes(ctx: MergeContext, refs: list[Ref]) -> None:
    """A carried footnote definition whose mark ("[^2]") its own note uses but nothing
    written does (the sentence with the mark was superseded or not carried) is an
    orphan to a reader: held back."""
    # joined once: a note of thousands of units asks this of every footnote
    written = "\0".join([b.unit.text for b in ctx.base_refs() if b.unit.kind != "footnote"] + [
        o.unit.text for _, d in ctx.older for o in ctx.refs[d.path]
        if o.unit.kind != "footnote" and ctx.entries[o.key].status == "carried"])
    own: dict[str, str] = {}
    for r in refs:
        e = ctx.entries[r.key]
        if r.unit.kind != "footnote" or e.status != "carried":
            continue
        mark = re.match(r"\s*(\[\^[^\]]+\])", r.unit.text)
        if r.path not in own:
            own[r.path] = "\0".join(o.unit.text for o in ctx.refs[r.path]
                                     if o.unit.kind != "footnote")
        if mark and mark.group(1) not in written and mark.group(1) in own[r.path]:
            ctx.entries[r.key] = set_status(e, "dropped", flips=("carry", "drop"), held=True,
                                      why=f"{HELD} (nothing written marks {mark.group(1)})")


def _said_again_anywhere(ctx: MergeContext, r: Ref, base: list[Ref],
                         stated: set[str]) -> Ref | None:
    """A newest unit in any section that says every word older unit `r` says it with
    and every name it gives (values left out: older_only.frame_prefixes; three words and
    names at least) and gives another value of the shape of each value only `r` gives:
    `r` is its older wording, wherever the newest moved it ("Scattering in the Garden of
    Remembrance costs £65." under "## Scattering" / "... costs £75, witnessed or not."
    under "## Fees")."""
    mine = frame_prefixes(ctx, said(r.unit))
    fresh = {value_shape(v) for v in new_facts(ctx, r, stated)}
    names = {v for v in r.facts.values if v.startswith("name:")}
    if len(mine) + len(names) < 3 or not fresh or None in fresh:
        return None
    for b in base:
        if b.unit.kind in ("rel", "code") or not names <= b.facts.values \
                or not mine <= frame_prefixes(ctx, said(b.unit)):
            continue
        theirs = {value_shape(v) for v in b.facts.values - r.facts.values}
        if fresh <= theirs:
            return b
    return None
