"""A handbook that holds a smaller note as one of its sections, among sections about other
things, is related to it, not its duplicate (issue 19, the reader's rule: both keep content
of their own), even where the section repeats the smaller note nearly word for word; a
condensed copy summarises its source all over and stays listed.

The set: tests/data/orchard (a community orchard's volunteer notes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers_scan import scan_labeled

DATA = Path(__file__).parent / "data" / "orchard"
HANDBOOK = "volunteer-handbook.md"
LADDERS = "ladder-safety.md"
GUIDE, QUICK = "winter-pruning-guide.md", "pruning-quick-guide.md"


@pytest.fixture(scope="module")
def orchard_scan(tmp_path_factory: pytest.TempPathFactory, embedder):
    return scan_labeled(tmp_path_factory, DATA, "orchard", embedder)


def test_a_handbook_holding_a_note_as_one_section_is_not_listed_with_it(orchard_scan):
    pair = orchard_scan.score_pair(HANDBOOK, LADDERS)
    assert pair.evidence.get("one_section") == 1.0
    assert 0.0 < pair.score < orchard_scan.strategy.listing_threshold
    assert any("kept below the listing" in r and "one section among others" in r
               and "titles share no word" in r for r in pair.reasons)
    assert not any({HANDBOOK, LADDERS} <= set(g.paths) for g in orchard_scan.groups)


def test_a_condensed_copy_of_the_same_set_stays_listed(orchard_scan):
    pair = orchard_scan.score_pair(GUIDE, QUICK)
    assert "one_section" not in pair.evidence
    assert any({GUIDE, QUICK} <= set(g.paths) for g in orchard_scan.groups)
