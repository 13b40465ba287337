"""Huge and hostile merge inputs cost linear time, and still account for every unit.

Each input is generated here at two sizes, n and 2n, and the work each costs is
counted, not timed (helpers_work: lines run in review_app's code), so a busy machine
cannot fail a test and a quadratic pass cannot hide in a generous time bound. Speed
figures themselves: bench/hostile_input.py."""

from __future__ import annotations

import difflib
import itertools
from dataclasses import replace

from helpers_merge import dated
from helpers_work import LINEAR, growth

from review_app.core.merge import ENGLISH, compose
from review_app.core.merge.facts import facts_of
from review_app.core.unit_vectors import UnitVectors, shared_vectors

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


def _vectors() -> UnitVectors:
    """Vectors of the test's own: the warm-up run embeds, the counted run finds them,
    whatever ran before in the process. Each compose also gets a fresh lexicon (its memo
    starts empty), so the lines counted are the same every time."""
    return UnitVectors(shared_vectors().embedder)


def _field_log(n: int, vectors: UnitVectors) -> tuple:
    new = dated("new.md", "Field log", "field-log", " ".join(_sentences(n)) + "\n",
                modified="2026-02-01")
    old = dated("old.md", "Field log", "field-log", " ".join(_sentences(n, " today")) + "\n",
                modified="2026-01-01")
    return new, old, compose("merge", new, [old], vectors=vectors,
                             lexicon=replace(ENGLISH))


def _atlas(n: int, vectors: UnitVectors) -> tuple:
    heads = [" ".join(c) for c in itertools.islice(itertools.product(_W, repeat=3), n)]
    new = dated("new.md", "Atlas", "atlas", "".join(
        f"## {h}\n\nText here.\n\n" for h in heads), modified="2026-02-01")
    old = dated("old.md", "Atlas", "atlas", "".join(
        f"## {h} notes\n\nText here.\n\n" for h in heads), modified="2026-01-01")
    return new, old, compose("merge", new, [old], vectors=vectors,
                             lexicon=replace(ENGLISH))


def test_a_huge_section_reworded_throughout_costs_linear_time():
    # thousands of sentences in one section; the older copy words every one a little
    # otherwise, so none matches word for word and each was scored against all of them
    # (6,000 sentences: 36M pairs). 1,200 is past the pool budget (1,000), as 6,000 is.
    n = 1200
    vectors = _vectors()
    grew = growth(lambda size: _field_log(size, vectors), n)
    assert grew.ratio < LINEAR, grew[:2]
    new, old, composed = grew.result
    _accounted(composed, new, old)
    assert composed.ledger.bounded and "budget" in composed.ledger.bounded[0]
    assert any(line.startswith("budget: old.md") for line in composed.ledger.lines())
    assert composed.ledger.to_json()["bounded"] == composed.ledger.bounded
    # the bounded comparison still finds each reworded sentence in the newest note
    assert len(composed.ledger.by_status("present")) == 2 * n


def test_thousands_of_reworded_headings_cost_linear_time():
    # before: 4,000 headings took 14 s (each heading scored against every other in
    # Python); 1,000 is past the heading budget (100), as 4,000 is
    n = 1000
    vectors = _vectors()
    grew = growth(lambda size: _atlas(size, vectors), n)
    assert grew.ratio < LINEAR, grew[:2]
    new, old, composed = grew.result
    _accounted(composed, new, old)
    assert any("headings" in b for b in composed.ledger.bounded)
    # every older section found its counterpart: nothing lands under a new heading
    assert composed.text.count("\n## ") == 2 * n


def test_a_normal_note_is_judged_without_any_budget():
    new = dated("new.md", "Cache", "cache", "## Limits\n\nThe cache holds 5 GB.\n",
                modified="2026-02-01")
    old = dated("old.md", "Cache", "cache", "## Limits\n\nThe cache holds 4 GB.\n",
                modified="2026-01-01")
    composed = compose("merge", new, [old], vectors=shared_vectors())
    assert composed.ledger.bounded == []
    assert "bounded" not in composed.ledger.to_json()


def _long_unit(words: int) -> str:
    return "Cache with Zed. " + " ".join(f"Word{i % 97} x." for i in range(words))


def test_facts_of_a_very_long_unit_is_linear():
    # 100,000 words in one unit: looking back from each word by slicing copied the text
    # before it every time (~30 GB of copying). That copy ran in C, which no line count
    # sees; this counts the work per word, at 20,000 and 40,000 words.
    grew = growth(lambda words: facts_of(_long_unit(words), replace(ENGLISH)), 20_000)
    assert grew.ratio < LINEAR, grew[:2]
    facts = grew.result
    # a name inside a sentence is a fact; a sentence's capitalised first word is not
    assert {v for v in facts.values if v.startswith("name:")} == {"name:zed"}


def _abbrev_diff(repeats: int):
    from review_app.tui.widgets.preview import text_diff

    para = "e.g. A. B. Dr. X. " * repeats
    return text_diff("a", f"# Abbrev\n\n{para}\n", "b", f"# Abbrev\n\n{para} Done.\n")


def test_the_diff_of_two_very_long_lines_stays_linear():
    # 63 KB of abbreviations as one line, the newer copy one word longer: matching the
    # two lines character by character (difflib, in Python: counted too) took minutes
    # on the console's UI thread
    grew = growth(_abbrev_diff, 1000, also=(difflib.__file__,))
    assert grew.ratio < LINEAR, grew[:2]
    out = _abbrev_diff(3500)
    added = [s for s in out.spans if "on green" in str(s.style)]
    assert [out.plain[s.start:s.end].strip() for s in added] == ["Done."]  # only the new word


def _roster(role: str, people: int, seed: int) -> str:
    names = ["".join(chr(97 + (k // 26 ** j) % 26) for j in range(3)).capitalize()
             for k in range(seed, seed + 2 * people)]
    return " ".join(f"The {role} of crew {names[2 * k].lower()} is {names[2 * k]} "
                    f"{names[2 * k + 1]}." for k in range(people))


def test_a_roster_of_thousands_of_names_is_read_in_linear_time():
    # Every older holder was compared with every newer one (same_slot 36 million times
    # for 3,500 names a side: bench/hostile_input.py merge-abbrev took 3.4 s); a newer
    # holder is now found by what a slot is compared on. Counted at 400 and 800 names.
    from review_app.core.merge.roles import replaced

    grew = growth(lambda n: replaced(_roster("coach", n, 0), [_roster("driver", n, 5000)],
                                     replace(ENGLISH)), 400)
    assert grew.ratio < LINEAR, grew[:2]
    assert grew.result is None  # no slot of the older roster is filled anew
