"""One shared section means what a person means by it: one section of the smaller note with a
close counterpart in the other, the rest of both their own. A rewrite that restates every
section moderately and none closely (a propane swap turned from prose into a table) is the
opposite, and must not be held below the listing as sharing a section (issue 19, round 22:
score-U's two short rewrites were capped at 0.409 so); a note repeating one handbook section
word for word beside sections of its own is still held.

The set: tests/data/mountain_hut (an alpine club's hut notes)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

DATA = Path(__file__).parent / "data" / "mountain_hut"
OLD, NEW = "gas-cylinder-changeover.md", "propane-swap-routine.md"
HANDBOOK, DRYING = "hut-warden-handbook.md", "drying-room-rules.md"
LIKELY, LISTING = 0.694, 0.41


def _cues(embedder, a: str, b: str):
    from review_app.core.notes import parse_note
    from review_app.core.strategies.coverage import SECTIONS, note_pieces
    from review_app.core.strategies.cues import pair_cues

    def pieces(note):
        parts = note_pieces(note.body)
        return embedder.embed(parts), np.asarray([len(p) for p in parts], np.float32)

    na, nb = (parse_note(p, (DATA / p).read_bytes()) for p in (a, b))
    return pair_cues(na, nb, pieces(na), pieces(nb), SECTIONS)


def test_a_rewrite_matched_moderately_throughout_is_not_one_shared_section(embedder):
    cue = _cues(embedder, OLD, NEW)
    cov = cue.cov
    assert cov is not None and cov.small_rest is not None
    # the shape the old rule read as one shared section: little restated beyond the best
    # piece, the other keeping most of its own - but no piece is restated closely
    assert cov.small_rest < 0.3 and cov.small_big[1] >= 0.5
    assert not cue.held_as_shared
    # a base score such a pair reads when the notes are close as a whole stays listed
    assert cue.adjust(0.8, LIKELY, LISTING) > LISTING
    assert cov.small_top is not None and cov.small_top < 0.8


def test_a_note_sharing_one_section_word_for_word_is_still_held(embedder):
    cue = _cues(embedder, HANDBOOK, DRYING)
    assert cue.cov is not None and cue.cov.small_top is not None
    assert cue.cov.small_top >= 0.95 and cue.held_as_shared
    # however close the notes read as a whole, the pair stays below the listing cut
    assert cue.adjust(0.95, LIKELY, LISTING) < LISTING
    assert any("shared section" in r for r in cue.reasons())
