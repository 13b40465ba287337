"""Pass 2: each older section is aligned with at most one base section, by heading
meaning; the title/intro section with the base's. Units are only ever compared with
units of the aligned section, never with a same-looking line elsewhere. A heading
is a weak witness ("Tiers" / "Terms" look alike, "Tiers" / "Plans and prices" do
not): where most of an older section's units have a near copy (the same table row
key, the same item once values are masked) in one base section and few in the one
its heading chose, its content decides. A heading the base has word for word is no
look-alike: it keeps its section whatever the content says (a `## Sparge` whose newer
version left `Water:` out is not re-aligned with `## Mash` for its `Water:` line).
A section no base section takes is aligned with a newer older version's section the
base lacks too when the two headings name one thing (MergeContext.kin): one section the
newest dropped."""

from __future__ import annotations

import re

import numpy as np
from rapidfuzz import fuzz, process

from ..units import normalise
from .context import MergeContext
from .document import Document
from .facts import masked, stem


def _words(title: str) -> str:
    """A heading as the words it says: punctuation is no part of a word, so "(red
    flags)" and "ENT," match "red flags" and "ENT" (word match: Thresholds.heading_fuzz)."""
    return " ".join(re.findall(r"\w+", normalise(title)))


def _intro(doc: Document, k: int) -> bool:
    return doc.sections[k].is_intro


def _content_scores(ctx: MergeContext, doc: Document, k: int) -> dict[int, float]:
    """Share of the older section's units with a near copy in each base section."""
    units = [u for b in doc.sections[k].blocks for u in doc.blocks[b].units
             if u.kind not in ("obs", "rel")]
    if len(units) < 2:
        return {}
    hits: dict[int, int] = {}
    for u in units:
        mu = normalise(masked(u.text))
        key = normalise(u.text.split(" | ")[0]) if u.kind == "row" else None
        found: set[int] = set()
        for j, bsec in enumerate(ctx.base.sections):
            for bi in bsec.blocks:
                for b in ctx.base.blocks[bi].units:
                    if b.kind in ("obs", "rel") or j in found:
                        continue
                    if (key is not None and b.kind == "row"
                            and normalise(b.text.split(" | ")[0]) == key) or \
                            fuzz.token_sort_ratio(mu, normalise(masked(b.text))) \
                            >= ctx.thresholds.section_content_fuzz:
                        found.add(j)
        for j in found:
            hits[j] = hits.get(j, 0) + 1
    return {j: n / len(units) for j, n in hits.items() if n >= 2}


def _by_content(ctx: MergeContext) -> None:
    for _, doc in ctx.older:
        for k in range(len(doc.sections)):
            if _intro(doc, k) or not doc.sections[k].title:
                continue
            now = ctx.aligned.get((doc.path, k))
            if now is not None and normalise(ctx.base.sections[now].title) == normalise(
                    doc.sections[k].title):
                continue
            scores = _content_scores(ctx, doc, k)
            if not scores:
                continue
            best = max(scores, key=lambda j: scores[j])
            if best != now and scores[best] >= 0.5 and not _intro(ctx.base, best) and (
                    now is None or scores.get(now, 0.0) < 0.25):
                ctx.aligned[(doc.path, k)] = best
                ctx.loose.add((doc.path, k))


def run(ctx: MergeContext) -> None:
    _by_heading(ctx)
    _by_content(ctx)
    _kin(ctx)


def _kin(ctx: MergeContext) -> None:
    """A section the newest dropped that two older versions both have ("## Visitors
    and guests" of 2023, "## Visitors" of 2022) is one section: the older one's is
    aligned with the newer one's when the two headings name one thing (`_covers`),
    so their units are compared with each other and written under the newer heading,
    not as two sections saying one thing twice. A narrower older heading ("## Fees for
    juniors", "## Disabled access" beside "## Fees", "## Access") is a section of its
    own: its lines hold for whom or what it names, not for all."""
    homes: list[tuple[str, int]] = []  # the newer older members' dropped sections
    for _, doc in ctx.older:
        mine: list[tuple[str, int]] = []
        used: set[tuple[str, int]] = set()
        for k, sec in enumerate(doc.sections):
            if _intro(doc, k) or ctx.aligned.get((doc.path, k)) is not None \
                    or not sec.title.strip() or doc.structured_only(k):
                continue
            home = next((h for h in homes if h not in used and _covers(
                ctx.older_doc(h[0]).sections[h[1]].title, sec.title, ctx)), None)
            if home is not None:
                ctx.kin[(doc.path, k)] = home
                used.add(home)
            else:
                mine.append((doc.path, k))
        homes += mine


_ARTICLES = frozenset({"a", "an", "the", "of"})


def _covers(newer: str, older: str, ctx: MergeContext) -> bool:
    """The two headings name one thing: the same words, or one adds only a thing
    joined with "and" ("Visitors" / "Visitors and guests", "Damage and losses" /
    "Damage"). A heading with a word that narrows the other ("Fees for juniors",
    "Parking for visitors", "Disabled access") names a part of it, for whom or what its
    lines hold, and one with another word of time or order ("After the dive" / "Before
    the dive") another part: a section of its own."""
    def words(title: str) -> frozenset[str]:
        # (every word but an article: "before", "after", "new", "over" are what tell
        # "## Before the dive" from "## After the dive")
        return frozenset(stem(w, ctx.lexicon) for w in _words(title).split()
                         if w not in _ARTICLES)

    def parts(title: str) -> list[frozenset[str]]:
        return [words(p) for p in re.split(r"\s+(?:and|&)\s+|,\s*", title.lower())]
    theirs, ours = words(newer), words(older)
    if not theirs or not ours:
        return False
    return ours == theirs or theirs in parts(older) or ours in parts(newer)


def _by_heading(ctx: MergeContext) -> None:
    th = ctx.thresholds
    base = ctx.base
    heads = {k: _words(s.title) for k, s in enumerate(base.sections) if not _intro(base, k)}
    intro = next((j for j in range(len(base.sections)) if _intro(base, j)
                  and base.sections[j].blocks), 1 if len(base.sections) > 1 and
                 base.sections[1].level == 1 else 0)
    # Hundreds of headings: a heading is compared with the one of its title, else with
    # the base headings around where the last one matched (order is kept by edits).
    many = len(heads) > th.pool_budget // 10
    order = list(heads)
    at = {j: n for n, j in enumerate(order)}
    for note_path, doc in ((d.path, d) for _, d in ctx.older):
        used: set[int] = set()
        pending: list[int] = []
        free_heads = dict(heads)
        exact: dict[str, list[int]] = {}  # title -> base sections, in order
        for j, h in heads.items():
            exact.setdefault(h, []).append(j)
        anchor: int | None = None
        windowed = False
        for k, sec in enumerate(doc.sections):
            if _intro(doc, k):
                ctx.aligned[(note_path, k)] = intro
                continue
            title = _words(sec.title)
            best, score = None, 0.0
            same = [j for j in exact.get(title, ()) if j not in used][:1] if many else []
            if same:
                best, score = same[0], 100.0
            else:
                near = free_heads
                if many:
                    p = anchor if anchor is not None else k * len(order) // len(doc.sections)
                    near = {j: heads[j] for j in order[max(0, p - th.pool_window):
                                                      p + th.pool_window + 1] if j not in used}
                    windowed = True
                # every candidate scored at once (C); the first of the best wins
                found = process.extract(title, near, scorer=fuzz.token_set_ratio,
                                        processor=None, limit=None,
                                        score_cutoff=min(max(th.heading_fuzz, 0), 100))
                for _, s, j in sorted(found, key=lambda x: x[2]):
                    s = 100.0 if heads[j] == title else s
                    if s > score:
                        best, score = j, s
                if best is None and title in exact:  # empty titles score 0 by fuzz
                    best = next((j for j in exact[title] if j not in used), None)
                    score = 100.0
            if best is not None and score >= th.heading_fuzz:
                ctx.aligned[(note_path, k)] = best
                used.add(best)
                free_heads.pop(best, None)
                anchor = at[best] + 1
            else:
                ctx.aligned[(note_path, k)] = None
                pending.append(k)
        if windowed:
            ctx.bounded.append(f"{note_path}: {len(heads)} headings, so a heading not found "
                               f"word for word was compared with the {2 * th.pool_window + 1}"
                               f" around where the last one matched (budget "
                               f"{th.pool_budget // 10})")
        free = [j for j in heads if j not in used]
        if pending and free and len(pending) + len(free) > th.embed_budget:
            ctx.bounded.append(f"{note_path}: {len(pending)} headings unmatched by words "
                               f"among {len(free)}, so none was matched by meaning "
                               f"(budget {th.embed_budget})")
        elif pending and free:
            sims = ctx.cosines([doc.sections[k].title for k in pending],
                               [base.sections[j].title for j in free])
            # the pairs above the bar, best first (ties: later a, then later b first)
            aa, bb = np.nonzero(np.asarray(sims, dtype=np.float64) >= th.heading_cosine)
            ranked = np.lexsort((-bb, -aa, -sims[aa, bb]))
            done_a: set[int] = set()
            done_b: set[int] = set()
            for a, b in zip(aa[ranked].tolist(), bb[ranked].tolist(), strict=True):
                if a in done_a or b in done_b:
                    continue
                ctx.aligned[(note_path, pending[a])] = free[b]
                done_a.add(a)
                done_b.add(b)
