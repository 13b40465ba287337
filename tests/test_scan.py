"""The scan pipeline end to end on the demo: groups, canonicals, caching, the JSON contract."""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from review_app.core.grouping import build_groups, choose_canonical
from review_app.core.index import VectorIndex, connect, top_neighbours
from review_app.core.notes import Note, parse_note
from review_app.core.strategies import Candidate

EXPECTED = json.loads((Path(__file__).parent / "data" / "demo_expected.json").read_text())


def group_sets(result) -> set[tuple[str, frozenset[str]]]:
    return {(g.canonical, frozenset(m.path for m in g.members)) for g in result.groups}


def test_demo_finds_exactly_the_intended_groups(demo_kb: Path, scan_project):
    result = scan_project(demo_kb)
    expected = {(g["canonical"], frozenset(g["members"])) for g in EXPECTED["groups"]}
    assert group_sets(result) == expected
    grouped_pairs = {frozenset((g.canonical, m.path)) for g in result.groups for m in g.members}
    for a, b, _why in EXPECTED["not_duplicates"]:
        assert frozenset((a, b)) not in grouped_pairs
    assert result.problems == []
    # groups come best first, and every member carries evidence a person can read
    scores = [g.score for g in result.groups]
    assert scores == sorted(scores, reverse=True)
    for g in result.groups:
        assert g.canonical_reason
        for m in g.members:
            assert 0.0 <= m.score <= 1.0 and m.reasons and "cosine" in m.evidence


def test_important_notes_are_kept_and_flagged_never_the_base_for_being_important(
        demo_kb: Path, scan_project):
    # Issue 18: `important` keeps a file; the content base is the newest note.
    result = scan_project(demo_kb)
    for path in EXPECTED["important"]:
        assert result.notes[path].important
    seen = 0
    for g in result.groups:
        if any(result.notes[p].important for p in g.paths):
            seen += 1
            assert result.notes[g.kept or g.canonical].important
            assert not g.canonical_reason.startswith("important")
    assert seen  # the demo has groups with an important note


def test_rescan_embeds_nothing_and_touching_one_note_reembeds_it(demo_kb: Path, scan_project):
    first = scan_project(demo_kb)
    assert first.stats["embedded"] == len(first.notes) and first.stats["cached"] == 0
    second = scan_project(demo_kb)
    assert second.stats["embedded"] == 0 and second.stats["cached"] == len(first.notes)
    target = demo_kb / EXPECTED["groups"][0]["members"][0]
    target.write_text(target.read_text(encoding="utf-8") + "\nOne more line.\n", "utf-8")
    third = scan_project(demo_kb)
    assert third.stats["embedded"] == 1
    assert third.stats["cached"] == len(first.notes) - 1


def test_deleted_notes_leave_the_index(demo_kb: Path, scan_project):
    scan_project(demo_kb)
    gone = EXPECTED["groups"][0]["members"][0]
    (demo_kb / gone).unlink()
    result = scan_project(demo_kb)
    assert gone not in result.notes
    index = VectorIndex(demo_kb / ".bm-review" / "index.db", result.model)
    try:
        assert gone not in index.known()
        assert len(index.known()) == len(result.notes)
    finally:
        index.close()


def test_state_dir_option(tmp_path: Path, demo_kb: Path, scan_project):
    state = tmp_path / "elsewhere"
    scan_project(demo_kb, state_dir=state)
    assert (state / "index.db").exists()
    assert not (demo_kb / ".bm-review").exists()


def test_bad_files_are_reported_and_the_scan_goes_on(demo_kb: Path, scan_project):
    (demo_kb / "broken.md").write_bytes(b"---\ntitle: [oops\n---\n")
    (demo_kb / "blob.md").write_bytes(b"\x00\x01")
    result = scan_project(demo_kb)
    assert {p.path for p in result.problems} == {"broken.md", "blob.md"}
    assert len(result.groups) == len(EXPECTED["groups"])


def test_threshold_zero_pairs_and_json_contract(demo_kb: Path, scan_project):
    result = scan_project(demo_kb, threshold=0.0)
    doc = json.loads(json.dumps(result.to_json(include_pairs=True)))
    assert doc["project"] == str(demo_kb.resolve())
    assert doc["strategy"] == "hybrid" and doc["threshold"] == 0.0
    assert doc["note_count"] == len(result.notes)
    assert set(doc["stats"]) >= {"parse_s", "embed_s", "embedded", "cached", "search_s",
                                 "group_s"}
    keys = [(p["a"], p["b"]) for p in doc["pairs"]]
    assert len(keys) == len(set(keys)) and all(a < b for a, b in keys)
    assert all(not a.startswith("/") and "\\" not in a for a, _ in keys)
    for g in doc["groups"]:
        assert {"id", "score", "canonical", "canonical_reason", "members"} <= set(g)
        for m in g["members"]:
            assert {"path", "title", "score", "evidence"} <= set(m)
    # the cut at the default threshold keeps a subset of these pairs
    default = scan_project(demo_kb)
    cut = default.to_json(include_pairs=True)["pairs"]
    assert 0 < len(cut) < len(keys)
    assert all(p["score"] >= default.threshold for p in cut)


def test_regroup_changes_with_threshold_without_reembedding(demo_kb: Path, scan_project):
    result = scan_project(demo_kb)
    loose = result.regroup(0.05)
    strict = result.regroup(0.999)
    assert len(strict) < len(result.groups) <= len(loose) + len(result.groups)
    assert sum(g.size for g in loose) > sum(g.size for g in result.groups)


def test_every_strategy_runs(demo_kb: Path, scan_project):
    for name in ("embedding", "title", "hybrid"):
        result = scan_project(demo_kb, strategy=name)
        assert result.strategy.name == name
        assert result.groups, name


def _note(path: str, **fm) -> Note:
    lines = "".join(f"{k}: {v}\n" for k, v in fm.items())
    note = parse_note(path, f"---\ntitle: {path}\n{lines}---\n\nbody {path}\n".encode())
    assert isinstance(note, Note)
    return note


def test_groups_are_anchor_centric_never_chained():
    notes = {p: _note(p) for p in ("a.md", "b.md", "c.md", "d.md")}
    cands = [Candidate("a.md", "b.md", 0.9), Candidate("b.md", "c.md", 0.8),
             Candidate("c.md", "d.md", 0.95)]

    def score_pair(x, y):
        return Candidate(x.path, y.path, 0.0)

    groups = build_groups(cands, notes, 0.5, score_pair)
    sets = sorted(sorted(g.paths) for g in groups)
    # b~c is strong, but a and d are not linked to it through one anchor
    assert sets == [["a.md", "b.md"], ["c.md", "d.md"]]
    seen = [p for g in groups for p in g.paths]
    assert len(seen) == len(set(seen))


def test_canonical_rule_order():
    old_important = _note("x.md", important="true", modified="2026-01-01")
    newer = _note("y.md", modified="2026-08-15")
    older = _note("z.md", modified="2026-08-01")
    assert choose_canonical([newer, old_important])[0] is newer  # important keeps a file only
    best, why = choose_canonical([older, newer])
    assert best is newer and why == "newer: modified 2026-08-15 vs 2026-08-01"
    rich = _note("r.md", modified="2026-08-01")
    rich.observations.append(parse_note("o.md", b"- [fact] x\n").observations[0])
    best, why = choose_canonical([older, rich])
    assert best is rich and why.startswith("richer")
    first = _note("f.md", modified="2026-08-01", created="2026-01-01")
    second = _note("g.md", modified="2026-08-01", created="2026-02-01")
    best, why = choose_canonical([second, first])
    assert best is first and why.startswith("older: created 2026-01-01")


def test_top_neighbours_matches_brute_force():
    rng = np.random.default_rng(7)
    vecs = rng.normal(size=(300, 16)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    idx, sims = top_neighbours(vecs, 5, block=64)
    full = vecs @ vecs.T
    np.fill_diagonal(full, -np.inf)
    expect = np.argsort(-full, axis=1)[:, :5]
    assert np.array_equal(idx, expect)
    assert np.allclose(sims, np.take_along_axis(full, expect, axis=1))


def test_top_neighbours_of_some_rows_are_those_of_the_full_search():
    rng = np.random.default_rng(11)
    vecs = rng.normal(size=(300, 16)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    full_idx, full_sims = top_neighbours(vecs, 5, block=64)
    rows = np.array([299, 3, 3, 150, 0])  # any order, repeats allowed
    idx, sims = top_neighbours(vecs, 5, block=2, rows=rows)
    searched = np.zeros(300, dtype=bool)
    searched[rows] = True
    assert np.array_equal(idx[searched], full_idx[searched])
    assert np.allclose(sims[searched], full_sims[searched])
    others = np.flatnonzero(~searched)  # no made-up neighbours: themselves, at -1
    assert np.array_equal(idx[others], np.repeat(others[:, None], 5, axis=1))
    assert np.all(sims[others] == -1.0)


def test_sqlite_vec_knn_agrees_with_numpy(tmp_path: Path, demo_kb: Path, scan_project):
    result = scan_project(demo_kb)
    index = VectorIndex(demo_kb / ".bm-review" / "index.db", result.model)
    try:
        paths = list(result.notes)
        vecs = index.vectors(paths)
        hits = index.knn(vecs[3], 4)
    finally:
        index.close()
    assert hits[0][0] == paths[3] and hits[0][1] == pytest.approx(1.0, abs=1e-4)
    expect = [paths[j] for j in np.argsort(-(vecs @ vecs[3]))[:4]]
    assert [p for p, _ in hits] == expect


def test_connect_falls_back_when_stdlib_cannot_load_extensions(tmp_path: Path):
    conn = connect(tmp_path / "x.db")
    try:
        assert conn.execute("select vec_version()").fetchone()[0].startswith("v")
    finally:
        conn.close()


@pytest.mark.skipif(os.name == "nt", reason="POSIX")
def test_index_lives_in_dot_folder_that_basic_memory_ignores(demo_kb: Path, scan_project):
    scan_project(demo_kb)
    assert (demo_kb / ".bm-review" / "index.db").is_file()


def test_compact_notes_scan_exactly_as_notes_held_whole(demo_kb: Path, scan_project):
    """A big project's notes keep compact records (body, observations and relations parsed
    again from the file when asked for): the scan's groups, scores and evidence are the
    same, and a compact note gives back what was parsed."""
    from review_app.core.project import load_notes

    whole = scan_project(demo_kb, compact_from=None)
    compact = scan_project(demo_kb, compact_from=0)
    assert compact.to_json(include_pairs=True) | {"stats": {}} == \
        whole.to_json(include_pairs=True) | {"stats": {}}
    assert group_sets(compact) == group_sets(whole)
    held, _ = load_notes(demo_kb)
    lean, _ = load_notes(demo_kb, compact_from=0)
    assert [n.path for n in lean] == [n.path for n in held]
    assert len({id(n.__dict__["_origin"]) for n in lean}) == 1  # one folder string, shared
    for a, b in zip(held, lean, strict=True):
        assert "_body" in b.__dict__ and b.__dict__["_body"] is None  # not held
        assert b.__dict__["_text_frame"] is None  # nor the frontmatter block
        assert (b.body, b.observations, b.relations, b.text) == \
            (a.body, a.observations, a.relations, a.text)
        assert b.split_words == len(a.body.split()) and b.richness == a.richness


def test_a_compact_note_of_a_later_scan_reads_the_file_as_it_is_then(demo_kb: Path):
    """Parses of compact notes are cached: an edited file scanned again must not be given
    the earlier parse (the console rescans after every apply)."""
    from review_app.core.project import load_notes

    first = {n.path: n for n in load_notes(demo_kb, compact_from=0)[0]}
    path = next(p for p, n in first.items() if n.observations)
    assert first[path].body  # parsed (and cached) once
    note_file = demo_kb / path
    note_file.write_text(note_file.read_text(encoding="utf-8").replace(
        first[path].body, "Rewritten.\n\n- [fact] Only this now"), encoding="utf-8")
    again = {n.path: n for n in load_notes(demo_kb, compact_from=0)[0]}
    assert again[path].body == "Rewritten.\n\n- [fact] Only this now"
    assert [o.content for o in again[path].observations] == ["Only this now"]


def test_a_scans_pairs_are_read_through_its_score_tables_not_copied(demo_kb: Path,
                                                                    scan_project):
    """Every note anchors a scan, so its candidate arrays are the hybrid's score tables
    read through views (a copy of each was ~60 MB at 100k notes), and the titles without
    numbers share one empty set; the pairs are the ones a copy gives (the demo test)."""
    from review_app.core.strategies.text import title_numbers

    result = scan_project(demo_kb)
    _, scored = result.strategy._state(result.client)
    assert np.shares_memory(result.candidates.other_idx, scored.order_idx)
    assert np.shares_memory(result.candidates.scores, scored.order_score)
    n, k = scored.order_idx.shape
    assert len(result.candidates) == n * k
    pairs = {(c.key, round(c.score, 9)) for c in result.candidates}
    assert pairs == {(tuple(sorted((result.client.notes[i].path,
                                    result.client.notes[int(j)].path))),
                      round(float(s), 9))
                     for i in range(n) for j, s in zip(scored.order_idx[i],
                                                       scored.order_score[i], strict=True)}
    assert title_numbers("Postgres pooling") is title_numbers("Redis notes")
    assert title_numbers("Release 2.3 notes") == frozenset({"2.3"})


def test_a_chains_first_version_joins_a_possible_group_through_the_middle_one():
    """v1 restates v3 in other words and values and scores below the cut against it, but is
    listed with v2: the group of v2 and v3 holds it when v1~v3 reaches the member floor, and
    only in a possible group (a likely group's members each pass the cut with every other)."""
    notes = {p: _note(p) for p in ("v1.md", "v2.md", "v3.md")}

    def run(top: float, v1_v3: float, floor: float | None, titled: float = 0.0):
        cands = [Candidate("v2.md", "v3.md", top), Candidate("v1.md", "v2.md", 0.6)]

        def score_pair(x, y):
            if {x.path, y.path} == {"v1.md", "v3.md"}:
                return Candidate(x.path, y.path, v1_v3, {"series_titles": titled})
            return next(c for c in cands if {c.anchor, c.path} == {x.path, y.path})

        groups = build_groups(cands, notes, 0.41, score_pair, likely_threshold=0.694,
                              member_floor=floor)
        return sorted(sorted(g.paths) for g in groups)

    assert run(0.65, 0.3, 0.25) == [["v1.md", "v2.md", "v3.md"]]
    assert run(0.65, 0.3, None) == [["v2.md", "v3.md"]]  # strict: v1 left out
    assert run(0.65, 0.2, 0.25) == [["v2.md", "v3.md"]]  # below the member floor
    assert run(0.9, 0.3, 0.25) == [["v2.md", "v3.md"]]  # a likely group stays strict
    # a third quarter's report is not reached through the second: titled as a series
    assert run(0.65, 0.3, 0.25, titled=1.0) == [["v2.md", "v3.md"]]
