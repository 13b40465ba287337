"""The figures behind Thresholds.polarity_cosine and Thresholds.place_cosine.

    python bench/polarity_fit.py                 # the demo and tests/data/rewrites
    python bench/polarity_fit.py --sets DIR ...  # other folders (notes + groups.json)

Polarity: every group is composed (merge) up to pass_polarity, and every older unit
the rules would carry or leave out as wording only whose nearest newest unit in
meaning has the other polarity (pass_polarity.contradicted) is printed with that
cosine, labelled from the group's snippets as merge_quality/carry_fit do: stale (it
holds the old side of a `changed` pair or a `removed` snippet), must-carry (it holds a
`current` snippet the newest lacks), neutral. The threshold is set above every
must-carry unit and as low as that allows.

Section home: for every unit merge carries into a section of the newest
(placement.unit_homes), the cosine of the unit to the section it is
written in (heading and text, section_meaning.section_scores), beside the cosine to its
own section's aligned counterpart, if any.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from review_app.core.dating import stated_date  # noqa: E402
from review_app.core.frontmatter_edit import split_frontmatter  # noqa: E402
from review_app.core.merge.compose import PASSES  # noqa: E402
from review_app.core.merge.context import MergeContext  # noqa: E402
from review_app.core.merge.document import parse  # noqa: E402
from review_app.core.merge.pass_carry import shipped_model  # noqa: E402
from review_app.core.merge.pass_polarity import contradicted, negated  # noqa: E402
from review_app.core.merge.pass_polarity import run as polarity  # noqa: E402
from review_app.core.merge.pass_units import said  # noqa: E402
from review_app.core.merge.said_scope import SaidScope  # noqa: E402
from review_app.core.merge.section_meaning import section_scores  # noqa: E402
from review_app.core.project import load_notes  # noqa: E402
from review_app.core.unit_vectors import shared_vectors  # noqa: E402

DEMO = ROOT / "review_app" / "demo" / "kb"
DEMO_GROUPS = ROOT / "tests" / "data" / "demo_expected.json"
REWRITES = ROOT / "tests" / "data" / "rewrites"


def _plain(text: str) -> str:
    return " ".join(text.replace("*", "").replace("`", "").replace("_", " ").split()).lower()


def groups(folder: Path) -> list[tuple[str, list[str], list[str], list[str]]]:
    """(newest, others, stale snippets, current snippets) per group."""
    if folder == DEMO:
        doc = json.loads(DEMO_GROUPS.read_text())
        return [(g["canonical"], g["members"], [], []) for g in doc["groups"]]
    doc = json.loads((folder / "groups.json").read_text())
    return [(g["newer"], [m for m in g["members"] if m != g["newer"]],
             [old for old, _ in g.get("changed", [])] + list(g.get("removed", [])),
             g.get("current") or [new for _, new in g.get("changed", [])])
            for g in doc["groups"]]


def context(base, others) -> MergeContext:  # noqa: ANN001
    older = sorted(others, key=stated_date, reverse=True)
    return MergeContext("merge", base, parse(base.path, split_frontmatter(base.text)[1]),
                        [(n, parse(n.path, split_frontmatter(n.text)[1])) for n in older],
                        set(), shared_vectors(), carry_model=shipped_model())


def _nearest(ctx: MergeContext, label) -> list[tuple[float, str, bool]]:  # noqa: ANN001
    """(cosine to the nearest base unit in scope, label, of the other polarity) for
    every older unit the rules carry."""
    base = [b for b in ctx.base_refs() if b.unit.kind not in ("code", "rel")]
    refs = [r for _, d in ctx.older for r in ctx.refs[d.path]
            if ctx.entries[r.key].status == "carried" and r.unit.kind in
            ("sentence", "item", "check", "footnote", "obs")]
    if not refs or not base:
        return []
    sims = ctx.cosines([said(r.unit) for r in refs], [said(b.unit) for b in base])
    scopes = SaidScope(ctx, base)
    out = []
    for i, r in enumerate(refs):
        sc = scopes.of(r)
        j = max(sc, key=lambda k: float(sims[i, k]))
        out.append((float(sims[i, j]), label(r.unit.text),
                    negated(said(r.unit), ctx.lexicon) != negated(said(base[j].unit),
                                                                  ctx.lexicon)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sets", nargs="*", type=Path, default=[DEMO, REWRITES])
    args = ap.parse_args(argv)
    rows: list[tuple] = []
    nearest: list[tuple[float, str, bool]] = []
    homes: list[tuple[float, float, str]] = []
    all_homes: list[tuple[float, float, str]] = []
    for folder in args.sets:
        notes = {n.path: n for n in load_notes(folder)[0]}
        for newest, others, stale, current in groups(folder):
            base = notes[newest]
            ctx = context(base, [notes[m] for m in others])
            for p in PASSES[:PASSES.index(polarity)]:
                p(ctx)
            own = _plain(base.text)
            fresh = [s for s in current if _plain(s) not in own]
            def label(text: str, stale: list[str] = stale, fresh: list[str] = fresh) -> str:
                text = _plain(text)
                return "stale" if any(_plain(s) in text for s in stale) else \
                    "must-carry" if any(_plain(s) in text for s in fresh) else "neutral"
            for r, b, cos in contradicted(ctx):
                rows.append((cos, label(r.unit.text), ctx.entries[r.key].status,
                             folder.name, r.unit.text, b.unit.text))
            nearest += _nearest(ctx, label)
            for p in PASSES[PASSES.index(polarity):]:
                p(ctx)
            homes += _homes(ctx)
            all_homes += _homes(ctx, every=True)
    print("cosine  label       status    set       older unit  |  nearest newest unit "
          "(other polarity)")
    for cos, lab, status, name, old, new in sorted(rows, reverse=True):
        print(f"{cos:.3f}  {lab:<10}  {status:<8}  {name:<8}  {old[:60]}  |  {new[:60]}")
    print("\nolder units the rules carry: cosine to the nearest newest unit in scope")
    for lab in ("must-carry", "stale", "neutral"):
        cs = sorted(c for c, la, _ in nearest if la == lab)
        if cs:
            q = [cs[min(len(cs) - 1, int(p * len(cs)))] for p in (0.5, 0.9, 0.95)]
            print(f"  {lab:<10} n={len(cs):<4} median {q[0]:.3f}  p90 {q[1]:.3f}  "
                  f"p95 {q[2]:.3f}  max {cs[-1]:.3f}  other polarity: "
                  f"{sum(1 for c, la, o in nearest if la == lab and o)}")
    print("\ncarried prose units of a section aligned by heading: cosine to the section"
          " vectors (heading + its units) of the newest")
    own = sorted(a for a, _, _ in homes)
    other = sorted(b for _, b, _ in homes)
    for name, cs in (("own (aligned)", own), ("best other", other)):
        if cs:
            q = [cs[min(len(cs) - 1, int(p * len(cs)))] for p in (0.05, 0.1, 0.25, 0.5)]
            print(f"  {name:<14} n={len(cs)}  p5 {q[0]:.3f}  p10 {q[1]:.3f}  p25 {q[2]:.3f}"
                  f"  median {q[3]:.3f}")
    for a, b, text in sorted(homes)[:8]:
        print(f"  own {a:.3f}  best other {b:.3f}  {text[:70]}")
    print("every older sentence or item of a section aligned by heading (carried or not):")
    for bar in (0.15, 0.2, 0.25, 0.3, 0.35):
        below = [(a, b) for a, b, _ in all_homes if a < bar]
        print(f"  at {bar:.2f}: {len(below)} of {len(all_homes)} below it in their own "
              f"section, {sum(1 for _, b in below if b >= bar)} of them with another "
              f"section at or above it (moved)")
    for a, b, text in sorted(all_homes)[:6]:
        print(f"  own {a:.3f}  best other {b:.3f}  {text[:70]}")
    return 0


def _homes(ctx: MergeContext, every: bool = False) -> list[tuple[float, float, str]]:
    """(cosine to its aligned section, best cosine to another section, text) for every
    carried prose unit whose section aligned with a newest section by heading."""
    refs = [r for _, d in ctx.older for r in ctx.refs[d.path]
            if (ctx.entries[r.key].status == "carried" or every)
            and r.unit.kind in ("sentence", "item")
            and ctx.aligned.get((r.path, r.section)) is not None
            and (r.path, r.section) not in ctx.loose]
    if not refs:
        return []
    scores, sections = section_scores(ctx, refs)
    out = []
    for i, r in enumerate(refs):
        k = ctx.aligned[(r.path, r.section)]
        if k not in sections:
            continue
        mine = float(scores[i, sections.index(k)])
        rest = [float(scores[i, j]) for j, s in enumerate(sections) if s != k]
        out.append((mine, max(rest, default=0.0), r.unit.text))
    return out


if __name__ == "__main__":
    raise SystemExit(main())
