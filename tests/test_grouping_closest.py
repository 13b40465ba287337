"""A note joins a group only if no note still free outside it is closer to it, each being
the other's closest (issue 19): one note is in one group only, so a note taken into a
weaker star as its third member took its own near copy off the list. Here a swarm-control
note, related to a queen-rearing pair, has a near copy of its own."""

from __future__ import annotations

from review_app.core.grouping import build_groups
from review_app.core.notes import parse_note
from review_app.core.strategies import Candidate

REARING, CELLS = "queen-rearing.md", "queen-cell-raising.md"
SWARMS, COPY = "swarm-control.md", "swarm-control-copy.md"
VARROA = "varroa-treatment.md"


def _groups(cands: list[Candidate], paths: tuple[str, ...]) -> list[list[str]]:
    notes = {p: parse_note(p, f"---\ntitle: {p[:-3]}\n---\nbody".encode()) for p in paths}
    scores = {frozenset((c.anchor, c.path)): c.score for c in cands}

    def score_pair(x, y):
        return Candidate(x.path, y.path, scores.get(frozenset((x.path, y.path)), 0.0))

    groups = build_groups(cands, notes, 0.41, score_pair, likely_threshold=0.694,
                          member_floor=0.25)
    return sorted(sorted(g.paths) for g in groups)


def test_a_note_closer_to_a_free_note_is_left_for_that_pair():
    cands = [Candidate(REARING, CELLS, 0.97), Candidate(REARING, SWARMS, 0.59),
             Candidate(CELLS, SWARMS, 0.55), Candidate(SWARMS, COPY, 0.96),
             Candidate(REARING, COPY, 0.51)]
    assert _groups(cands, (REARING, CELLS, SWARMS, COPY)) == [
        sorted([CELLS, REARING]), sorted([COPY, SWARMS])]


def test_a_note_whose_closer_partner_prefers_another_still_joins():
    """The copy's own closest free note is another (varroa, 0.70), which it is grouped
    with later, so leaving the swarm note out would list it nowhere: it joins the queen
    group as before."""
    cands = [Candidate(REARING, CELLS, 0.97), Candidate(REARING, SWARMS, 0.59),
             Candidate(CELLS, SWARMS, 0.55), Candidate(SWARMS, COPY, 0.60),
             Candidate(COPY, VARROA, 0.70)]
    assert _groups(cands, (REARING, CELLS, SWARMS, COPY, VARROA)) == [
        sorted([CELLS, REARING, SWARMS]), sorted([COPY, VARROA])]
