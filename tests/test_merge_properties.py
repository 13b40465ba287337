"""Properties of compose on real notes (the demo and tests/data/rewrites), real model.

A rewrite here is what an agent does without changing a fact: sentences of a
paragraph in another order, sections (other than the title, observations and
relations) in another order, list items shuffled, spacing changed. Merging a note
with such a rewrite of itself must add nothing and lose nothing.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from review_app.core.align import facts_of
from review_app.core.merging import compose, split_frontmatter
from review_app.core.notes import Note, parse_note
from review_app.core.project import load_notes
from review_app.core.units import parse_body

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted([*load_notes(ROOT / "review_app" / "demo" / "kb")[0],
                 *load_notes(ROOT / "tests" / "data" / "rewrites")[0]], key=lambda n: n.path)
SPECIAL = re.compile(r"^#+\s*(observations|relations)\s*$", re.I)


def rewrite(note: Note, seed: int) -> str:
    """The note's text with order and spacing changed, every fact kept."""
    rnd = random.Random(seed)
    head, body = split_frontmatter(note.text)
    parsed = parse_body(body)
    for sec in parsed.sections:
        for b in sec.blocks:
            if b.kind == "para" and len(b.sentences) > 1:
                rnd.shuffle(b.sentences)
                b.changed = True
            elif b.kind == "list" and not b.numbered and rnd.random() < 0.5:
                rnd.shuffle(b.items)
                b.changed = True
            if rnd.random() < 0.3:
                b.blank_before += 1
    first = 1 if parsed.sections and parsed.sections[0].heading is None else 0
    title = first if first < len(parsed.sections) and parsed.sections[first].level == 1 else -1
    movable = [i for i, s in enumerate(parsed.sections)
               if i > title and s.heading is not None and not SPECIAL.match(s.heading)]
    order = movable[:]
    rnd.shuffle(order)
    sections = list(parsed.sections)
    for src, dst in zip(movable, order, strict=True):
        sections[dst] = parsed.sections[src]
    for s in sections:
        s.blank_before = max(s.blank_before, 1) if s.heading is not None else s.blank_before
    parsed.sections = sections
    text = parsed.text()
    return head + ("" if text.startswith("\n") else "\n") + text


def facts(text: str) -> set[str]:
    body = re.sub(r"(?m)^# .*$", "", split_frontmatter(text)[1])
    return {f for f in facts_of(body) if f.startswith(("num:", "link:", "code:", "url:"))}


def obs_and_rels(note: Note) -> set[tuple[str, str]]:
    return ({("obs", f"[{o.category}] {o.content}") for o in note.observations}
            | {("rel", f"{r.type} {r.target}") for r in note.relations})


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CORPUS))
def test_merge_with_itself_is_identity(note: Note):
    assert compose("merge", note, [note]).text == note.text
    assert compose("update", note, [note]).text == note.text


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(CORPUS), st.integers(0, 2**16), st.booleans())
def test_merging_a_rewrite_of_itself_loses_and_adds_nothing(note: Note, seed: int,
                                                            rewrite_is_newer: bool):
    text = rewrite(note, seed)
    other = parse_note("rewritten/" + note.path, text.encode())
    assert isinstance(other, Note)
    if rewrite_is_newer:
        canonical, member = note, other
    else:
        canonical, member = other, note
    composed = compose("merge", canonical, [member])
    merged = parse_note(canonical.path, composed.text.encode())
    assert isinstance(merged, Note)
    assert composed.added == [] and composed.superseded == []
    assert composed.text == canonical.text
    for n in (note, other):
        assert facts(n.text) <= facts(composed.text)
        assert obs_and_rels(n) <= obs_and_rels(merged)
