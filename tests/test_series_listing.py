"""Series and template siblings stay off the listing; a rewrite whose values all changed
stays on it (issue 19, score12).

The note set `tests/data/greyhound_rescue` (labels.json) holds one pair of each: a yearly
foster-training plan and its successor (titles differ by the year, the newer `follows` the
older), two hounds' profiles filled into one template (titles differ by the hound's name)
and the adoption policy rewritten with every value changed under a reworded title.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_scan import scan_labeled

from review_app.core.notes import parse_note, render_note
from review_app.core.strategies.series import series_cue

DATA = Path(__file__).parent / "data" / "greyhound_rescue"
LABELS = json.loads((DATA / "labels.json").read_text(encoding="utf-8"))
REWRITE = tuple(LABELS["groups"][0]["paths"])
SERIES, TEMPLATE = ((n["path"], n["related"]) for n in LABELS["not_duplicates"])


@pytest.fixture(scope="module")
def rescue(embedder, tmp_path_factory):
    """The rescue's notes scanned with the default listing cut."""
    return scan_labeled(tmp_path_factory, DATA, "rescue", embedder)


def _listed(result, a: str, b: str) -> bool:
    return any(a in g.paths and b in g.paths for g in result.groups)


def test_a_yearly_plan_and_its_successor_are_kept_below_the_listing(rescue):
    assert not _listed(rescue, *SERIES)
    pair = rescue.score_pair(*SERIES)
    assert pair.score < rescue.strategy.listing_threshold
    assert any("kept below the listing" in r and "the year" in r for r in pair.reasons)


def test_two_hounds_filled_into_one_template_are_kept_below_the_listing(rescue):
    assert not _listed(rescue, *TEMPLATE)
    pair = rescue.score_pair(*TEMPLATE)
    assert pair.score < rescue.strategy.listing_threshold
    assert any("one template filled for two different things" in r for r in pair.reasons)


def test_a_rewrite_whose_values_all_changed_stays_listed(rescue):
    assert _listed(rescue, *REWRITE)
    assert not any("kept below the listing" in r for r in rescue.score_pair(*REWRITE).reasons)


def _note(path: str, title: str, body: str = "Notes.", **meta):
    return parse_note(path, render_note({"title": title, **meta}, body).encode())


def test_a_period_or_a_name_is_a_notes_identity_a_version_is_not():
    from review_app.core.strategies.series import stamp_kind

    q3 = _note("r/q3.md", "Claims backlog review Q3 2026")
    q4 = _note("r/q4.md", "Claims backlog review Q4 2026")
    assert series_cue(q3, q4).identity == "the quarter"
    march = _note("c/m.md", "Client check-in 2026-03")
    april = _note("c/a.md", "Client check-in 2026-04")
    assert series_cue(march, april).identity == "the month"
    # one title in two versions is one document's chain of rewrites, not a series (score13)
    v2 = _note("p/v2.md", "Election night plan v2")
    v3 = _note("p/v3.md", "Election night plan v3")
    cue = series_cue(v2, v3)
    assert not cue.series and not cue.identity and cue.chain == "v2 and v3"
    # the newer saying it supersedes the older outweighs a differing year
    old = _note("p/2025.md", "Stall plan 2025", modified="2025-01-01")
    new = _note("p/2026.md", "Stall plan 2026", "- supersedes [[Stall plan 2025]]",
                modified="2026-01-01")
    assert not series_cue(old, new).identity
    assert [stamp_kind(s) for s in ("2026", "20260302", "202603", "q1", "v2", "autumn-term",
                                    "winter", "week-4")] == [
        "the year", "the date", "the month", "the quarter", "the version", "the term",
        "the season", "the week"]


def test_a_name_of_two_words_each_body_holds_makes_template_siblings():
    a = _note("t/kim.md", "Member profile: Jonah Kim",
              "Jonah Kim leads programming. Jonah joined in grade 9.")
    b = _note("t/nat.md", "Member profile: Priya Natarajan",
              "Priya Natarajan builds the intake. Priya joined in grade 10.")
    assert series_cue(a, b).identity == "the name"
    # title-cased headings are not names: two logs of different things
    c = _note("t/gym.md", "Gym equipment log", "# Gym Equipment Log\nthe treadmill belt")
    d = _note("t/comp.md", "Competition lessons log", "# Competition Lessons Log\nbrownouts")
    assert not series_cue(c, d).identity
    # one word, named only in its heading, still names the note's subject
    e = _note("t/xeno.md", "Lamp supplier Xenolux", "# Lamp supplier Xenolux\nships in 9 days")
    f = _note("t/arc.md", "Lamp supplier BrightArc", "# Lamp supplier BrightArc\nships in 5 days")
    assert series_cue(e, f).identity == "the name"
