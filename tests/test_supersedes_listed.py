"""A note whose newer version says it supersedes/replaces it is listed (issue 19, score19):
the writer's own word that the newer restates the older. A replacement rewritten
throughout (wording, values, layout: score-W's booking terms at 0.23) fell below the floor
where cues are worked out, so the `supersedes` bonus never reached it. Here a narrowboat
hire company's mooring rules."""

from __future__ import annotations

from review_app.core.notes import parse_note
from review_app.core.strategies.cues import PairCues
from review_app.core.strategies.series import restates, series_cue

LIKELY, LISTING = 0.694, 0.41


def _note(path: str, title: str, date: str, relations: str = ""):
    text = (f"---\ntitle: {title}\nmodified: {date}\n---\nMooring rules.\n\n"
            f"## Relations\n{relations}\n")
    return parse_note(path, text.encode())


OLD = _note("mooring-rules.md", "Mooring rules", "2024-03-01")
NEW = _note("overnight-mooring-policy.md", "Overnight mooring policy", "2025-03-01",
            "- supersedes [[Mooring rules]]")


def test_only_the_newer_saying_it_replaces_the_older_restates():
    assert restates(OLD, NEW) and restates(NEW, OLD)
    backwards = _note("mooring-rules.md", "Mooring rules", "2026-03-01")
    assert not restates(backwards, NEW)  # the note saying it replaces is the older
    assert not restates(OLD, _note("x.md", "Overnight mooring policy", "2025-03-01"))


def test_a_superseding_pair_below_the_cut_is_listed_as_possible():
    cue = series_cue(NEW, OLD)
    assert cue.restates
    out = PairCues(None, None, "", "", cue).adjust(0.2, LIKELY, LISTING)
    assert out == LISTING


def test_without_the_relation_the_pair_stays_where_its_score_puts_it():
    plain = series_cue(_note("a.md", "Overnight mooring policy", "2025-03-01"), OLD)
    assert PairCues(None, None, "", "", plain).adjust(0.2, LIKELY, LISTING) < LISTING
