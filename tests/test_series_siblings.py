"""Series members and template siblings whose titles differ by a period or a name within
one title pattern stay off the listing; true rewrites under stamped titles stay on it
(issue 19, score16).

`tests/data/curling_club` (labels.json): two committee meetings a month apart whose dates
are written in full ("2025-11-04" / "2025-12-02": a day and month of two digits each, read
once as "2025-1-1" and a stray number), two weekly ice-crew logs of ISO weeks ("2025-W46"),
two curlers' profiles that name each other as teammates (each body holds both names), two
sheets' profiles labelled "Sheet A" / "Sheet B"; and a pebbling procedure's "Rev B" against
its "Rev C", and bonspiel rules whose 2026 issue supersedes the 2025 one (both rewrites).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_scan import scan_labeled

from review_app.core import stamps
from review_app.core.notes import Note, parse_note
from review_app.core.strategies.series import series_cue

DATA = Path(__file__).parent / "data" / "curling_club"
LABELS = json.loads((DATA / "labels.json").read_text(encoding="utf-8"))
REWRITES = [tuple(g["paths"]) for g in LABELS["groups"]]
KEPT_OUT = [(n["path"], n["related"], n["kind"]) for n in LABELS["not_duplicates"]]


def _read(path: str) -> Note:
    note = parse_note(path, (DATA / path).read_bytes())
    assert isinstance(note, Note)
    return note


@pytest.fixture(scope="module")
def club(embedder, tmp_path_factory):
    """The club's notes scanned with the default listing cut."""
    return scan_labeled(tmp_path_factory, DATA, "club", embedder)


def _listed(result, a: str, b: str) -> bool:
    return any(a in g.paths and b in g.paths for g in result.groups)


def test_full_dates_iso_weeks_and_letter_revisions_are_stamps():
    assert stamps.stamped("Committee Meeting 2025-12-02") == ("committee meeting",
                                                              ("20251202",))
    assert stamps.stamped("Hymn list 2024-12-25")[1] == ("20241225",)
    assert stamps.stamped("Ice Crew Weekly 2025-W47") == ("ice crew weekly", ("2025", "w47"))
    assert stamps.stamped("Pebbling Procedure - Rev C") == ("pebbling procedure", ("rev-c",))
    # a word that only starts like one is no stamp
    assert not stamps.has_stamp("Revisions of the bar rota")


@pytest.mark.parametrize("a, b, kind", KEPT_OUT)
def test_series_and_template_siblings_name_their_identity(a, b, kind):
    cue = series_cue(_read(a), _read(b))
    assert cue.series
    assert cue.identity == ("the name" if kind == "template" else
                            "the date" if "meeting" in a else "the week")


def test_a_stamped_rewrite_is_not_held_as_a_series():
    chain = series_cue(*map(_read, REWRITES[0]))
    assert chain.chain == "rev-b and rev-c" and not chain.series
    superseded = series_cue(*map(_read, REWRITES[1]))
    assert superseded.restates and not superseded.identity


@pytest.mark.parametrize("a, b, kind", KEPT_OUT)
def test_series_and_template_siblings_are_kept_below_the_listing(club, a, b, kind):
    assert not _listed(club, a, b)
    pair = club.score_pair(a, b)
    assert pair.score < club.strategy.listing_threshold
    assert any("kept below the listing" in r for r in pair.reasons)


@pytest.mark.parametrize("a, b", REWRITES)
def test_true_rewrites_under_stamped_titles_stay_listed(club, a, b):
    assert _listed(club, a, b)
    assert not any("kept below the listing" in r for r in club.score_pair(a, b).reasons)


def _note(path: str, title: str, body: str) -> Note:
    from review_app.core.notes import render_note

    note = parse_note(path, render_note({"title": title}, body).encode())
    assert isinstance(note, Note)
    return note


def test_a_version_that_follows_its_unversioned_original_is_one_documents_chain():
    original = _note("ice/sweeping.md", "Sweeping drills", "Two sweepers, hard from the hog.")
    v2 = _note("ice/sweeping-v2.md", "Sweeping drills v2",
               "Two sweepers, hard from the tee line.\n\n- follows [[Sweeping drills]]")
    cue = series_cue(original, v2)
    assert cue.chain == "the original and v2" and not cue.series
    assert any("counts for" in r for r in cue.reasons)
    # the original naming the version as the one after it says the same
    before = _note("ice/sweeping.md", "Sweeping drills",
                   "Two sweepers.\n\n- precedes [[Sweeping drills v2]]")
    assert series_cue(before, _note("ice/sweeping-v2.md", "Sweeping drills v2", "Two.")).chain
    # a part of a whole is no later version: still a sequence (counts against)
    part = _note("ice/sweeping-v2.md", "Sweeping drills v2",
                 "Two sweepers.\n\n- part_of [[Sweeping drills]]")
    cue = series_cue(original, part)
    assert cue.series and not cue.chain
