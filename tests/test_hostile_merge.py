"""Huge and hostile merge inputs cost linear time, and still account for every unit.

Each input is generated here; the bounds are generous (a quadratic pass on these
sizes takes 4-10x longer: one made the first test 16 s) and count this process's CPU
time, not the wall clock, so a busy machine does not fail them. Speed figures
themselves: bench/hostile_input.py."""

from __future__ import annotations

import itertools
import time

from helpers_merge import dated

from review_app.core.merge import ENGLISH, compose
from review_app.core.merge.facts import facts_of
from review_app.core.unit_vectors import shared_vectors

_W = ["amber", "basalt", "cedar", "delta", "ember", "fjord", "garnet", "harbor", "indigo",
      "juniper", "kelp", "lagoon", "meadow", "nectar", "onyx", "prairie", "quartz", "raven"]


def _sentences(n: int, extra: str = "") -> list[str]:
    combos = itertools.product(_W, repeat=4)
    return [f"The {a} {b} keeps {c} beside {d}{extra}." for a, b, c, d in
            itertools.islice(combos, n)]


def _accounted(composed, *notes) -> None:
    from review_app.core.merge.document import parse
    from review_app.core.merging import split_frontmatter

    units = sum(len(parse(n.path, split_frontmatter(n.text)[1]).units) for n in notes)
    assert len(composed.ledger.entries) == units  # every unit of every note has a verdict


def test_a_huge_section_reworded_throughout_costs_linear_time():
    # 6,000 sentences in one section; the older copy words every one a little otherwise,
    # so none matches word for word and each was scored against all 6,000 (36M pairs).
    n = 6000
    new = dated("new.md", "Field log", "field-log", " ".join(_sentences(n)) + "\n",
                modified="2026-02-01")
    old = dated("old.md", "Field log", "field-log", " ".join(_sentences(n, " today")) + "\n",
                modified="2026-01-01")
    start = time.process_time()
    composed = compose("merge", new, [old], vectors=shared_vectors())
    elapsed = time.process_time() - start
    assert elapsed < 10, elapsed  # ~5 s of CPU here; the quadratic pass took 16
    _accounted(composed, new, old)
    assert composed.ledger.bounded and "budget" in composed.ledger.bounded[0]
    assert any(line.startswith("budget: old.md") for line in composed.ledger.lines())
    assert composed.ledger.to_json()["bounded"] == composed.ledger.bounded
    # the bounded comparison still finds each reworded sentence in the newest note
    assert len(composed.ledger.by_status("present")) == n


def test_thousands_of_reworded_headings_cost_linear_time():
    n = 4000  # before: 14 s (each heading scored against every other in Python)
    heads = [" ".join(c) for c in itertools.islice(itertools.product(_W, repeat=3), n)]
    new = dated("new.md", "Atlas", "atlas", "".join(
        f"## {h}\n\nText here.\n\n" for h in heads), modified="2026-02-01")
    old = dated("old.md", "Atlas", "atlas", "".join(
        f"## {h} notes\n\nText here.\n\n" for h in heads), modified="2026-01-01")
    start = time.process_time()
    composed = compose("merge", new, [old], vectors=shared_vectors())
    elapsed = time.process_time() - start
    assert elapsed < 5, elapsed
    _accounted(composed, new, old)
    assert any("headings" in b for b in composed.ledger.bounded)
    # every older section found its counterpart: nothing lands under a new heading
    assert composed.text.count("\n## ") == n


def test_a_normal_note_is_judged_without_any_budget():
    new = dated("new.md", "Cache", "cache", "## Limits\n\nThe cache holds 5 GB.\n",
                modified="2026-02-01")
    old = dated("old.md", "Cache", "cache", "## Limits\n\nThe cache holds 4 GB.\n",
                modified="2026-01-01")
    composed = compose("merge", new, [old], vectors=shared_vectors())
    assert composed.ledger.bounded == []
    assert "bounded" not in composed.ledger.to_json()


def test_facts_of_a_very_long_unit_is_linear():
    # 100,000 words in one unit: looking back from each word by slicing copied the
    # text before it every time (~30 GB of copying)
    text = "Cache with Zed. " + " ".join(f"Word{i % 97} x." for i in range(100_000))
    start = time.process_time()
    facts = facts_of(text, ENGLISH)
    assert time.process_time() - start < 5
    # a name inside a sentence is a fact; a sentence's capitalised first word is not
    assert {v for v in facts.values if v.startswith("name:")} == {"name:zed"}


def test_the_diff_of_two_very_long_lines_stays_fast():
    # 63 KB of abbreviations as one line, the newer copy one word longer: matching the
    # two lines character by character took minutes on the console's UI thread
    from review_app.tui.widgets.preview import text_diff

    para = "e.g. A. B. Dr. X. " * 3500
    start = time.process_time()
    out = text_diff("a", f"# Abbrev\n\n{para}\n", "b", f"# Abbrev\n\n{para} Done.\n")
    assert time.process_time() - start < 5
    added = [s for s in out.spans if "on green" in str(s.style)]
    assert [out.plain[s.start:s.end].strip() for s in added] == ["Done."]  # only the new word
