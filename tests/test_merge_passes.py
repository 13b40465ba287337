"""The merge engine's parts on their own: the parser, facts, section alignment, the
ledger's keys, and the Lexicon and Thresholds passed in (issue 18's shape)."""

from __future__ import annotations

import dataclasses
import datetime as dt

from helpers_merge import fm, note

from review_app.core.merge import DEFAULT, ENGLISH, PASSES, compose
from review_app.core.merge.document import parse
from review_app.core.merge.facts import facts_of, value_frames
from review_app.core.unit_vectors import shared_vectors


def test_the_parser_keeps_line_spans_and_knows_setext_headings_and_footnotes():
    body = ("Intro line.\n\nCosts\n=====\n\n1. First\n   1. Nested\n2. Second\n\n"
            "| a | b |\n|---|---|\n| 1 | 2 |\n\n[^1]: A note.\n")
    doc = parse("x.md", body)
    assert [s.title for s in doc.sections] == ["", "Costs"]
    kinds = [b.kind for b in doc.blocks]
    assert kinds == ["para", "numbered", "table", "footnotes"]
    nested = doc.blocks[1].units[1]
    assert nested.text == "Nested" and doc.lines[nested.start] == "   1. Nested"
    row = doc.blocks[2].units[0]
    assert row.kind == "row" and doc.lines[row.start] == "| 1 | 2 |"


def test_facts_and_value_frames():
    f = facts_of("**Status:** Accepted on 2025-09-12 by Dana Reyes", ENGLISH)
    assert {"n:2025-09-12", "name:dana", "name:reyes"} <= f.values and f.label == "status"
    assert facts_of("The kiln runs at ٣٠ bar", ENGLISH).values >= {"n:30"}
    assert value_frames("Allowance is EUR 250 per week", ENGLISH) & value_frames(
        "Staff get EUR 300 per week", ENGLISH)


def test_sections_align_by_heading_and_never_across():
    older = note("farm/older.md", fm("Hives", "2025-01-01")
                 + "## Spring inspection\n\n- Frames: 8\n\n## Autumn feeding\n\n- Frames: 10\n")
    newer = note("farm/newer.md", fm("Hives 2025", "2025-06-01")
                 + "## Inspection in spring\n\n- Frames: 9\n\n## Autumn feeding\n\n"
                   "- Frames: 10\n")
    c = compose("merge", newer, [older], kept=older, vectors=shared_vectors())
    by_text = {e.text: e for e in c.ledger.entries if e.source == older.path}
    assert by_text["- Frames: 8"].status == "superseded"
    assert "Frames: 9" in (by_text["- Frames: 8"].by_text or "")
    assert by_text["- Frames: 10"].status == "present"


def test_ledger_keys_are_stable_and_the_passes_are_one_sequence():
    older = note("farm/o.md", fm("Pump", "2025-01-01") + "The pump serial is PX-1102.\n")
    newer = note("farm/n.md", fm("Pump 2025", "2025-06-01") + "The pump runs at 3 bar.\n")
    a = compose("merge", newer, [older], now=dt.datetime(2026, 1, 1))
    b = compose("merge", newer, [older], now=dt.datetime(2026, 2, 1))
    assert [e.key for e in a.ledger.entries] == [e.key for e in b.ledger.entries]
    assert len(PASSES) >= 5 and all(callable(p) for p in PASSES)


def test_another_lexicon_and_thresholds_are_passed_in():
    older = note("farm/o2.md", fm("Barn", "2025-01-01") + "We decided to paint the barn.\n")
    newer = note("farm/n2.md", fm("Barn 2025", "2025-06-01") + "The barn roof is new.\n")
    english = compose("merge", newer, [older])
    assert "paint the barn" in english.text  # a decision the newest lacks is carried
    plain = dataclasses.replace(ENGLISH, decision_words=frozenset())
    other = compose("merge", newer, [older], lexicon=plain)
    assert "paint the barn" not in other.text  # no decision word: wording only
    strict = dataclasses.replace(DEFAULT, same_fuzz=101)
    assert compose("merge", newer, [older], thresholds=strict).text == english.text


def test_a_unit_that_adds_no_fact_is_listed_as_not_carried_not_dropped():
    """The dry run called an older rewording 'dropped' (issue 22): a unit left out for
    stating no fact the newest lacks reads 'not carried'; a person's drop stays 'dropped'."""
    older = note("orchard/o.md", fm("Pruning", "2025-01-01")
                 + "Prune the apple trees in late winter. Always use clean, sharp tools.\n")
    newer = note("orchard/n.md", fm("Pruning 2025", "2025-06-01")
                 + "Apple trees are pruned in late winter, with clean, sharp tools.\n")
    composed = compose("merge", newer, [older], now=dt.datetime(2026, 1, 1))
    fact_less = [e for e in composed.ledger.entries
                 if e.status == "dropped" and "wording only" in (e.why or "")]
    assert fact_less
    lines = "\n".join(composed.ledger.lines())
    assert all(f"- not carried: {e.text}" in lines for e in fact_less)
    assert "- dropped:" not in lines
