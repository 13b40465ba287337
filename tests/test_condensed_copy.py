"""A condensed copy (a crib card cut down from a long handbook) is the reader's duplicate:
the smaller note sits inside the bigger by its meaning and by its words, so it is listed
however far its one terse vector sits from the handbook's. A note that shares one section
word for word with the handbook and keeps sections of its own is not a condensed copy.

The set: tests/data/blood_donor (a blood donor session's volunteer notes)."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from review_app.core.strategies.cues import CONDENSED_INSIDE

DATA = Path(__file__).parent / "data" / "blood_donor"
HANDBOOK = "session-volunteer-handbook.md"
CARD = "volunteer-pocket-guide.md"
SHARED = "refreshment-area.md"


@pytest.fixture(scope="module")
def donor_scan(tmp_path_factory: pytest.TempPathFactory, embedder):
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.project import Project

    root = tmp_path_factory.mktemp("blood-donor") / "kb"
    shutil.copytree(DATA, root)
    return scan(Project(root), ScanOptions(), embedder=embedder)


def test_a_crib_card_cut_down_from_a_handbook_is_a_condensed_copy(donor_scan):
    pair = donor_scan.score_pair(HANDBOOK, CARD)
    assert pair.score >= donor_scan.strategy.listing_threshold
    assert any("condensed copy" in r for r in pair.reasons)
    assert min(pair.evidence["words_a"], pair.evidence["words_b"]) < CONDENSED_INSIDE <= max(
        pair.evidence["words_a"], pair.evidence["words_b"])  # only the card sits inside
    assert any({HANDBOOK, CARD} <= set(g.paths) for g in donor_scan.groups)


def test_a_note_sharing_one_section_with_the_handbook_is_not_a_condensed_copy(donor_scan):
    pair = donor_scan.score_pair(HANDBOOK, SHARED)
    assert not any("condensed copy" in r for r in pair.reasons)
    assert pair.score < donor_scan.strategy.listing_threshold
    assert not any({HANDBOOK, SHARED} <= set(g.paths) for g in donor_scan.groups)


def test_a_condensed_copy_is_listed_whatever_its_base_score(donor_scan):
    """From CONDENSED_FLOOR up, a pair the cues read as a condensed copy is held at least at
    the listing cut (as possible); the shared-section pair's cues leave a low score alone."""
    strategy, client = donor_scan.strategy, donor_scan.client
    _, pairs = strategy._state(client)
    i, j, k = (client.index_of[p] for p in (HANDBOOK, CARD, SHARED))
    listing, likely = pairs.listing, donor_scan.likely_threshold
    card, shared = pairs.pair(i, j), pairs.pair(i, k)
    assert card.is_condensed and not shared.is_condensed
    assert card.adjust(0.2, likely, listing) == listing
    assert shared.adjust(0.2, likely, listing) < listing


REFRESHMENT_REWRITE = """# Refreshments for donors

## After the donation

Each donor rests in the refreshment corner for fifteen minutes or more with a drink and
something to eat: squash, tea or water, and crisps or biscuits. Watch for anyone pale or
dizzy; fetch a nurse straight away and help them lie down, legs up. Top up the crisps from
the crates under the table and note whatever runs out.

## Buying the snacks

The stock volunteer orders from the Dock Road cash-and-carry with the store card on the
Monday before a session, within the £60 budget, always including gluten-free biscuits and
some vegan snacks.

## Hygiene

One of the two volunteers holding a level 2 food hygiene certificate stays in the
refreshment corner. Urn and kettle are descaled every month; milk sits in the cool box with
an ice pack and is never out for over two hours.
"""


def test_a_note_sharing_one_section_and_keeping_its_own_is_not_listed(embedder):
    """Donor aftercare repeats the refreshment area's first section word for word; each
    keeps sections of its own (snack orders and hygiene; faints, bruises, going home), so
    however high their score the pair stays below the likely band and the listing cut. A
    rewrite of the refreshment note restates every section and is not held."""
    from review_app.core.notes import parse_note
    from review_app.core.strategies.coverage import SECTIONS, note_pieces
    from review_app.core.strategies.cues import pair_cues

    def note(rel: str, text: str | None = None):
        raw = (DATA / rel).read_bytes() if text is None else text.encode()
        return parse_note(rel, raw)

    def pieces(n):
        parts = note_pieces(n.body)
        return embedder.embed(parts), np.asarray([len(p) for p in parts], np.float32)

    area, aftercare = note(SHARED), note("donor-aftercare.md")
    rewrite = note("refreshments-rewrite.md", REFRESHMENT_REWRITE)
    shared = pair_cues(area, aftercare, pieces(area), pieces(aftercare), SECTIONS)
    again = pair_cues(area, rewrite, pieces(area), pieces(rewrite), SECTIONS)
    likely, listing = 0.694, 0.41
    assert shared.held_as_shared and not again.held_as_shared
    assert shared.adjust(0.95, likely, listing) < likely <= again.adjust(0.95, likely, listing)
    # related: held just below the listing cut (tests/test_shared_section.py)
    assert shared.adjust(0.95, likely, listing) < listing
    assert shared.adjust(0.95, likely, listing) > shared.adjust(0.3, likely, listing)
    assert any("shared section" in r for r in shared.reasons())


def test_a_weak_third_member_of_a_likely_group_shows_as_possible(donor_scan):
    """Issue 19, each member earns its band: the desk's eligibility answers join the likely
    pair of eligibility notes (a rewrite), but their own pairs with the anchor and the
    canonical fall short of the likely cut, so that member is shown as possible."""
    group = next(g for g in donor_scan.groups if "donor-eligibility-faq.md" in g.paths)
    bands = {m.path: m.band for m in group.members}
    assert group.band == "likely"
    assert bands == {"donor-eligibility-faq.md": "likely",
                     "first-time-donor-questions.md": "possible"}
