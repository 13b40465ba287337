"""The writer's `supersedes` outweighs our reading of one shared section: a rewrite that
keeps one section word for word and rewords the rest reads as two notes sharing a section,
held below the listing cut, though the newer says it replaces the older. On held-out
score-AJ and score-AK three such pairs were held so, each a labeled duplicate (round 45).
A pair sharing one section with no such word from its writer is still held. The set:
tests/data/mountain_hut (an alpine club's hut notes)."""

from __future__ import annotations

from dataclasses import replace

from test_shared_section_concentration import DRYING, HANDBOOK, LIKELY, LISTING, _cues

from review_app.core.strategies.series import SeriesCue


def test_a_pair_whose_newer_note_says_it_supersedes_the_older_is_listed(embedder):
    held = _cues(embedder, HANDBOOK, DRYING)
    assert held.held_as_shared and held.adjust(0.6, LIKELY, LISTING) < LISTING
    said = replace(held, series=SeriesCue(False, True, ("the newer says it supersedes",)))
    assert said.held_as_shared  # the reading stands; the writer's word lists the pair
    assert said.adjust(0.6, LIKELY, LISTING) == LISTING  # failed before: below the cut
    assert said.adjust(0.95, LIKELY, LISTING) < LIKELY  # possible, never likely by it


def test_titles_of_one_documents_versions_do_not_lift_a_shared_section_pair(embedder):
    """A guard: a version title alone may name a release keeping content of its own."""
    held = _cues(embedder, HANDBOOK, DRYING)
    chained = replace(held, series=SeriesCue(False, False, chain="v1 and v2"))
    assert chained.adjust(0.6, LIKELY, LISTING) < LISTING
