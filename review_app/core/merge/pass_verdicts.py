"""Pass 3: the verdict on every older unit, newest older note first.

present: every fact it states the base states (or, with no fact, the base says it);
superseded: it states a value the base does not and a unit of the aligned base
section (any base unit, for observations and relations) states another value of the
same thing - the same label, the same table row, the same checklist item, or the
same wording once values are masked; carried: a fact nothing in the base speaks to
(update carries only observations and relations); dropped: wording with no fact.
Older notes are judged against the base only, so of two older notes the newer one's
wording is not preferred over the base's, and nothing older ever wins a value.
"""

from __future__ import annotations

from rapidfuzz import fuzz

from ..notes import parse_relation
from ..units import normalise
from .context import MergeContext, Ref
from .facts import label_of, masked, value_frames
from .ledger import ORDERED, LedgerEntry

_STRUCTURED = frozenset({"obs", "rel"})
_FLIP_CARRY = ("carry", "drop")
_FLIP_PAIR = ("newer", "older")


def _target(line: str) -> tuple[str, str] | None:
    rel = parse_relation(line)
    if rel is None:
        return None
    return normalise(rel.type), normalise(rel.target)


def run(ctx: MergeContext) -> None:
    base_refs = ctx.base_refs()
    stated: set[str] = set()
    for r in base_refs:
        stated |= r.facts.values
    for sec in ctx.base.sections:  # a heading names things too
        stated |= {f"name:{w.lower()}" for w in sec.title.split()}
    base_norms = {r.unit.norm for r in base_refs}
    base_rels = [(r, _target(r.unit.raw[0])) for r in base_refs if r.unit.kind == "rel"]
    todo: list[tuple[Ref, frozenset[str], list[Ref]]] = []
    for _note, doc in ctx.older:
        for r in ctx.refs[doc.path]:
            aligned = ctx.aligned.get((doc.path, r.section))
            if r.unit.kind in _STRUCTURED or aligned is None:
                pool = base_refs
            else:
                pool = [b for b in base_refs if b.section == aligned]
            entry = _quick(ctx, r, stated, base_norms, base_rels, pool)
            if entry is not None:
                ctx.entries[r.key] = entry
                continue
            new = frozenset(v for v in r.facts.values if v not in stated)
            todo.append((r, new, pool))
    _by_meaning(ctx, todo)


def _entry(r: Ref, status: str, **kw) -> LedgerEntry:  # noqa: ANN003
    return LedgerEntry(r.key, status, r.path, r.unit.kind, r.unit.text, r.section_title,  # type: ignore[arg-type]
                       tuple(sorted(r.facts.values)), **kw)


def _quick(ctx: MergeContext, r: Ref, stated: set[str], base_norms: set[str],
           base_rels: list, pool: list[Ref]) -> LedgerEntry | None:
    """The verdicts that need no vectors."""
    u = r.unit
    if u.kind == "rel":
        t = _target(u.raw[0])
        if t is not None and (t[1] in ctx.group_keys or f"link:{t[1]}" in stated and
                              any(bt == t for _, bt in base_rels)):
            return _entry(r, "present" if t[1] not in ctx.group_keys else "dropped",
                          why="" if t[1] not in ctx.group_keys else "a link to this note")
        if t is not None and any(bt == t for _, bt in base_rels):
            return _entry(r, "present")
        same_type = [(b, bt) for b, bt in base_rels if bt is not None and t is not None
                     and bt[0] == t[0]]
        if t is not None and same_type and len(same_type) <= 2:
            b = max(same_type, key=lambda x: fuzz.ratio(x[1][1], t[1]))[0]
            return _entry(r, "superseded", by=b.key, by_text=b.unit.text,
                          why="the newest note relates it to another note",
                          flips=_FLIP_PAIR)
        return None
    if u.norm in base_norms:
        return _entry(r, "present")
    new = [v for v in r.facts.values if v not in stated]
    label = label_of(u.text, ctx.thresholds.label_chars)
    for b in pool:  # the same label, row or checklist item with another value
        if label is not None and u.kind not in ("code",) and (
                bl := label_of(b.unit.text, ctx.thresholds.label_chars)) is not None \
                and bl[0] == label[0] and new:
            return _entry(r, "superseded", by=b.key, by_text=b.unit.text,
                          why=f"'{label[0]}' has another value now", flips=_FLIP_PAIR)
        if u.kind == "row" == b.unit.kind and new and _row_key(ctx, r) == _row_key(ctx, b):
            return _entry(r, "superseded", by=b.key, by_text=b.unit.text,
                          why="the same row has other values now", flips=_FLIP_PAIR)
        if u.kind == "check" == b.unit.kind and normalise(u.text) == normalise(b.unit.text):
            return _entry(r, "superseded" if u.box != b.unit.box else "present", by=b.key,
                          by_text=b.unit.text, flips=_FLIP_PAIR if u.box != b.unit.box
                          else (), why="checked off since" if b.unit.box != " " else "")
        if u.kind == "code" == b.unit.kind and fuzz.ratio(u.text, b.unit.text) >= \
                ctx.thresholds.same_fuzz:
            return _entry(r, "present", by=b.key, by_text=b.unit.text)
    if not new:
        if r.facts.values:
            return _entry(r, "present", why="its facts are in the newest note")
        best = max((fuzz.token_sort_ratio(u.norm, b.unit.norm) for b in pool), default=0)
        if best >= ctx.thresholds.same_fuzz:
            return _entry(r, "present")
        if u.kind in _STRUCTURED:
            return None  # an observation is a fact of its own: judged by meaning
        return _entry(r, "dropped", why="wording only, no fact the newest lacks",
                      flips=_FLIP_CARRY)
    return None


def _row_key(ctx: MergeContext, r: Ref) -> str:
    cells = r.unit.text.split(" | ")
    return normalise(cells[0]) if cells else ""


def _by_meaning(ctx: MergeContext, todo: list[tuple[Ref, frozenset[str], list[Ref]]]
                ) -> None:
    """Units with a fact the base lacks: superseded when a base unit of the aligned
    section speaks of the same thing (values masked), else carried."""
    th = ctx.thresholds
    texts_a = [r.unit.text for r, _, _ in todo]
    texts_b = sorted({b.unit.text for _, _, pool in todo for b in pool
                      if b.unit.kind not in ("code",)})
    sims = ctx.cosines(texts_a, texts_b) if texts_a and texts_b else None
    col = {t: k for k, t in enumerate(texts_b)}
    for i, (r, new, pool) in enumerate(todo):
        u = r.unit
        best: tuple[float, Ref] | None = None
        mu = normalise(masked(u.text))
        frames = value_frames(u.text, ctx.lexicon) if any(
            v.startswith("n:") for v in new) else set()
        for b in pool:
            if b.unit.kind == "code" and u.kind != "code":
                continue
            if not (b.facts.values - r.facts.values) and new:
                continue  # it says nothing u does not: not another value
            score = fuzz.token_set_ratio(mu, normalise(masked(b.unit.text))) / 100
            cos = float(sims[i, col[b.unit.text]]) if sims is not None and \
                b.unit.text in col else 0.0
            ok = score * 100 >= th.thing_fuzz or cos >= th.thing_cosine or (
                frames and frames & value_frames(b.unit.text, ctx.lexicon)
                and max(score, cos) >= th.frame_similarity)
            if ok and (best is None or max(score, cos) > best[0]):
                best = (max(score, cos), b)
        if best is not None and new:
            b = best[1]
            ctx.entries[r.key] = _entry(r, "superseded", by=b.key, by_text=b.unit.text,
                                        why="the newest note states another value",
                                        flips=_FLIP_PAIR)
            continue
        if not new:  # an observation without facts
            same = best is not None and best[0] >= th.same_cosine
            ctx.entries[r.key] = _entry(r, "present") if same else _entry(
                r, "carried", why="an observation the newest lacks", flips=_FLIP_CARRY)
            continue
        if ctx.action == "update" and u.kind not in _STRUCTURED:
            ctx.entries[r.key] = _entry(r, "dropped", why="update writes the newest "
                                        "note's prose", flips=_FLIP_CARRY)
            continue
        ctx.entries[r.key] = _entry(r, "carried", why="a fact the newest lacks: "
                                    + ", ".join(sorted(v.split(":", 1)[1] for v in new)[:3]),
                                    flips=_FLIP_CARRY)


__all__ = ["run", "ORDERED"]
