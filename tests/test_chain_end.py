"""A chain's last version joins its group as possible (issue 19, score19): v3 of one
document restates v1 in other words and values and scores below every cut against it, so a
star that asks each member to pass with every other left the newest version out. What a
series or a template's fillings lack is the writer's word that one replaces the other
(`supersedes`/`replaces` on the listed pair with a member, from the newer) or, without it,
dates of their own in order and pairs at the member floor with every member. Here a
narrowboat hire company's engine checks in three versions, a yearly hire-season plan, and
notes with no date of their own."""

from __future__ import annotations

from review_app.core.grouping import build_groups
from review_app.core.notes import parse_note
from review_app.core.strategies import Candidate

V1, V2, V3 = "engine-checks.md", "engine-checks-v2.md", "boat-handover-engine-routine.md"
PLAN25, PLAN25_COPY, PLAN26 = ("hire-season-plan-2025.md", "hire-season-plan-2025-copy.md",
                               "hire-season-plan-2026.md")


def _note(path: str, title: str, date: str | None):
    dated = f"modified: {date}\n" if date else ""
    return parse_note(path, f"---\ntitle: {title}\n{dated}---\nbody of {title}".encode())


def _groups(cands: list[Candidate], notes: dict, evidence: dict | None = None):
    scores = {frozenset((c.anchor, c.path)): c.score for c in cands}
    evidence = evidence or {}
    for c in cands:
        c.evidence = evidence.get(frozenset((c.anchor, c.path)), {})

    def score_pair(x, y):
        key = frozenset((x.path, y.path))
        return Candidate(x.path, y.path, scores.get(key, 0.0), evidence.get(key, {}))

    return build_groups(cands, notes, 0.41, score_pair, likely_threshold=0.694,
                        member_floor=0.25)


def _chain(dated: bool = True) -> dict:
    return {V1: _note(V1, "Engine checks", "2023-04-01" if dated else None),
            V2: _note(V2, "Engine checks v2", "2024-04-01" if dated else None),
            V3: _note(V3, "Boat handover engine routine", "2025-04-01" if dated else None)}


def test_the_last_version_replacing_the_middle_joins_as_canonical_and_the_pair_keeps_its_band():
    cands = [Candidate(V1, V2, 0.92), Candidate(V2, V3, 0.45)]
    groups = _groups(cands, _chain(), {frozenset((V2, V3)): {"supersedes": 1.0}})
    assert len(groups) == 1
    g = groups[0]
    assert sorted(g.paths) == sorted([V1, V2, V3])
    assert g.canonical == V3  # the newest version is the content base
    assert g.band == "likely"  # the v1/v2 pair keeps its band ...
    assert {m.path: m.band for m in g.members}[V1] == "likely"
    assert g.member(V2) is not None and g.member(V2).band == "likely"


def test_dated_versions_at_the_member_floor_join_without_a_relation():
    cands = [Candidate(V1, V2, 0.92), Candidate(V2, V3, 0.60), Candidate(V1, V3, 0.30)]
    groups = _groups(cands, _chain())
    assert [sorted(g.paths) for g in groups] == [sorted([V1, V2, V3])]


def test_undated_notes_need_the_writers_word():
    """A file's time says when it was copied, not which version came later."""
    cands = [Candidate(V1, V2, 0.92), Candidate(V2, V3, 0.60), Candidate(V1, V3, 0.30)]
    groups = _groups(cands, _chain(dated=False))
    assert sorted(sorted(g.paths) for g in groups) == [sorted([V1, V2])]


def test_a_weak_pair_without_a_relation_stays_out():
    cands = [Candidate(V1, V2, 0.92), Candidate(V2, V3, 0.60), Candidate(V1, V3, 0.20)]
    groups = _groups(cands, _chain())
    assert sorted(sorted(g.paths) for g in groups) == [sorted([V1, V2])]


def test_the_next_years_plan_stays_out_of_last_years_group():
    """Dated after every member and at the floor with each, but titled as the next member
    of a series (a guard: passes before too)."""
    notes = {PLAN25: _note(PLAN25, "Hire season plan 2025", "2025-01-10"),
             PLAN25_COPY: _note(PLAN25_COPY, "Hire season plan 2025 (copy)", "2025-01-12"),
             PLAN26: _note(PLAN26, "Hire season plan 2026", "2026-01-10")}
    cands = [Candidate(PLAN25, PLAN25_COPY, 0.95), Candidate(PLAN25_COPY, PLAN26, 0.55),
             Candidate(PLAN25, PLAN26, 0.30)]
    groups = _groups(cands, notes)
    assert [sorted(g.paths) for g in groups] == [sorted([PLAN25, PLAN25_COPY])]


def test_a_note_closer_to_another_version_is_not_taken():
    """The chain end's closest pair is with another note: it belongs to that one."""
    other = "boat-handover-engine-routine-draft.md"
    notes = {**_chain(), other: _note(other, "Boat handover engine routine draft", "2025-03-01")}
    cands = [Candidate(V1, V2, 0.92), Candidate(V2, V3, 0.60), Candidate(V1, V3, 0.30),
             Candidate(V3, other, 0.90)]
    groups = _groups(cands, notes)
    assert sorted(sorted(g.paths) for g in groups) == sorted([sorted([V1, V2]),
                                                              sorted([V3, other])])

