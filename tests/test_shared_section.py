"""Two notes that keep content of their own around one section they share are related, not
duplicates (issue 19, the reader's rule): the pair is held just below the listing cut, so
the default listing does not show it. A smaller note of a cut-down copy's length, whose one
shared section is all it says beside a heading or two, stays at the cut (listed last).

The set: tests/data/apiary (a beekeeping association's apiary notes)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from helpers_scan import scan_labeled

DATA = Path(__file__).parent / "data" / "apiary"
HANDBOOK = "apiary-handbook.md"
SWARMS = "swarm-season-notes.md"

ONE_ENTRY_LOG = """# Swarm observations

## Purpose

What the apiary learns about swarms, one entry a season.

## Swarm control

When charged queen cells are found, make an artificial swarm the same day: move the old
hive a metre aside, put a new box with one frame of eggs in its place, and shake the
flying bees into it. Keep the best two queen cells in the old box and cut out the rest
after five days. Tell the apiary manager by text so the spare equipment list is updated.

## Open questions

None yet.
"""


@pytest.fixture(scope="module")
def apiary_scan(tmp_path_factory: pytest.TempPathFactory, embedder):
    return scan_labeled(tmp_path_factory, DATA, "apiary", embedder)


def test_a_note_sharing_one_section_is_held_below_the_listing(apiary_scan):
    pair = apiary_scan.score_pair(HANDBOOK, SWARMS)
    assert pair.evidence.get("shared_section") == 1.0
    assert 0.0 < pair.score < apiary_scan.strategy.listing_threshold
    assert any("kept below the listing" in r and "shared section" in r for r in pair.reasons)
    assert not any({HANDBOOK, SWARMS} <= set(g.paths) for g in apiary_scan.groups)


def test_a_cut_down_note_around_the_shared_section_stays_at_the_cut(embedder):
    """A one-entry log (the section, a purpose line, an empty heading) under half the
    handbook's length: its shared section may be all it says, so it is listed last."""
    from review_app.core.notes import parse_note
    from review_app.core.strategies.coverage import SECTIONS, note_pieces
    from review_app.core.strategies.cues import pair_cues

    def pieces(n):
        parts = note_pieces(n.body)
        return embedder.embed(parts), np.asarray([len(p) for p in parts], np.float32)

    handbook = parse_note(HANDBOOK, (DATA / HANDBOOK).read_bytes())
    swarms = parse_note(SWARMS, (DATA / SWARMS).read_bytes())
    log = parse_note("swarm-observations.md", ONE_ENTRY_LOG.encode())
    likely, listing = 0.694, 0.41
    kept = pair_cues(handbook, swarms, pieces(handbook), pieces(swarms), SECTIONS)
    cut = pair_cues(handbook, log, pieces(handbook), pieces(log), SECTIONS)
    assert kept.held_as_shared and cut.held_as_shared
    assert not kept.cut_down and cut.cut_down
    assert kept.adjust(0.95, likely, listing) < listing == cut.adjust(0.95, likely, listing)
