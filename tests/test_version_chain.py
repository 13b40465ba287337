"""Versions of one document are a chain of one note, not a series (issue 19, score13).

The note set `tests/data/velodrome` (labels.json) holds a track-session booking procedure in
three versions ("... v1", "v2", "v3": the same title but for the version stamp, every window,
cap, fee and penalty changed, v3 restructured into a table) and two versioned specs of
different components ("Timing System Spec v1" / "Lap Counter Display Spec v2"). The chain's
every pair must be listed on its own score with its version named as evidence for; the
specs' titles differ in more than the stamp, so today's handling stays and they are not
listed.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from helpers_scan import labeled_copy, scan_labeled

from review_app.core.notes import parse_note, render_note
from review_app.core.strategies import series

DATA = Path(__file__).parent / "data" / "velodrome"
LABELS = json.loads((DATA / "labels.json").read_text(encoding="utf-8"))
CHAIN = LABELS["groups"][0]["paths"]
SPECS = (LABELS["not_duplicates"][0]["path"], LABELS["not_duplicates"][0]["related"])


@pytest.fixture(scope="module")
def velodrome(embedder, tmp_path_factory):
    """The velodrome's notes scanned with the default listing cut."""
    return scan_labeled(tmp_path_factory, DATA, "velodrome", embedder)


@pytest.mark.parametrize("a,b", list(itertools.combinations(CHAIN, 2)))
def test_each_pair_of_a_version_chain_is_listed_on_its_own_score(velodrome, a, b):
    """The first version against its later ones too: a version stamp between titles that
    are otherwise one costs nothing, so each pair earns its place, not only by its group."""
    pair = velodrome.score_pair(a, b)
    assert pair.score >= velodrome.strategy.listing_threshold
    assert any(a in g.paths and b in g.paths for g in velodrome.groups)


def test_the_chain_says_in_words_that_the_later_version_restates_the_earlier(velodrome):
    pair = velodrome.score_pair(CHAIN[0], CHAIN[2])
    assert any(r.startswith("v1 and v3 of one document: the later version restates it")
               for r in pair.reasons)
    assert not any("members of a series" in r for r in pair.reasons)
    assert not any("titles carry different numbers" in r for r in pair.reasons)


def test_versioned_specs_of_two_components_are_not_listed(velodrome):
    pair = velodrome.score_pair(*SPECS)
    assert pair.score < velodrome.strategy.listing_threshold
    assert not any(SPECS[0] in g.paths and SPECS[1] in g.paths for g in velodrome.groups)
    assert not any("of one document" in r for r in pair.reasons)


def _note(path: str, title: str, body: str = "Notes.", **meta):
    return parse_note(path, render_note({"title": title, **meta}, body).encode())


def test_only_titles_equal_but_for_one_version_stamp_are_a_chain():
    assert series.versions_of_one("Rota plan v1", "Rota plan v3") == "v1 and v3"
    assert series.versions_of_one("Rota plan (version 2)", "Rota plan version 3") == \
        "version-2 and version-3"
    assert series.versions_of_one("Kiosk app spec v1", "Waiver service spec v2") == ""
    assert series.versions_of_one("Rota plan 2025", "Rota plan 2026") == ""  # a period
    assert series.versions_of_one("Rota plan", "Rota plan v2") == ""  # a copy that added a stamp
    assert series.versions_of_one("Rota plan v2", "Rota plan v2") == ""


def test_a_later_version_following_the_earlier_is_no_sequence_of_two_parts():
    """`follows` between two versions of one document says which is later: no cue against.
    Between two periods' plans it still counts against."""
    v1 = _note("ops/rota-v1.md", "Rota plan v1")
    v2 = _note("ops/rota-v2.md", "Rota plan v2", "- follows [[Rota plan v1]]")
    cue = series.series_cue(v2, v1)
    assert not cue.series and cue.chain == "v1 and v2"
    y1 = _note("ops/rota-2025.md", "Rota plan 2025")
    y2 = _note("ops/rota-2026.md", "Rota plan 2026", "- follows [[Rota plan 2025]]")
    assert series.series_cue(y2, y1).series


def test_writing_the_next_version_never_replaces_the_last_on_its_own(embedder, tmp_path):
    """An agent writing "... v4" over v3: one document, but whether the earlier version
    stays on file is a person's choice, so upsert_note asks, and says why in words."""
    from review_app.core.upsert import upsert_note

    kb = tmp_path / "kb"
    labeled_copy(DATA, kb)
    v3 = parse_note(CHAIN[2], (kb / CHAIN[2]).read_bytes())
    before = {p: p.read_bytes() for p in kb.rglob("*.md")}
    result = upsert_note("Track Session Booking Procedure v4",
                         v3.body.replace("21 EUR", "22 EUR"), "operations", kb,
                         on_match="update", embedder=embedder)
    assert result["action"] == "queued_for_review"
    assert "another version of this document" in result["reason"]
    assert {p: p.read_bytes() for p in kb.rglob("*.md")} == before
