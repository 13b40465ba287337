"""The default hybrid strategy on real note folders through the real model."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from review_app.core.grouping import build_groups
from review_app.core.notes import render_note
from review_app.core.strategies import CandidateArray, Target, candidates_at_least
from review_app.core.strategies.hybrid import (
    CALIBRATED,
    FEATURES,
    MODEL_FEATURES,
    WEIGHTS_FILE,
    HybridStrategy,
    identity_vectors,
    load_weights,
    title_numbers,
)

REPO = Path(__file__).resolve().parent.parent
EXPECTED = REPO / "tests" / "data" / "demo_expected.json"

POOLING = """We put PgBouncer in front of Postgres after the March incident where the API
exhausted the 500 connection limit during a deploy. PgBouncer runs in transaction
pooling mode with default_pool_size 20 per database and max_client_conn 2000.
Prepared statements break in transaction mode, so the ORM has them disabled.
Long-running migrations bypass the pooler and connect to port 5432 directly.
Watch SHOW POOLS for cl_waiting above zero: it means the pool is too small."""

POOLING_REWRITE = """After the March incident, when a deploy made the API use up all 500
Postgres connections, we placed PgBouncer between the app and the database.
It runs in transaction pooling mode: default_pool_size is 20 per database and
max_client_conn is 2000. Transaction mode breaks prepared statements, so they
are turned off in the ORM. Long migrations skip the pooler and use port 5432.
If SHOW POOLS reports cl_waiting above zero, the pool is too small."""

UPGRADE = """Plan for moving the main Postgres cluster to version 15 in October.
We take a logical replica, run the test suite against it for a week, then
switch over during the Sunday maintenance window. Rollback is the old primary,
kept read-only for 48 hours. Extensions to check: pg_stat_statements, postgis.
Owner: the platform team. Risks: long vacuum after the switch, plan changes."""

FILLER = {
    "hiring/interview-loop.md": ("Engineering interview loop",
                                 "Candidates meet four people: a recruiter screen, a pairing "
                                 "exercise, a system design chat and a values interview. "
                                 "Feedback is written within 24 hours, before the debrief."),
    "product/pricing-tiers.md": ("Pricing tiers",
                                 "Three tiers: Free up to 3 seats, Team at 12 euros per seat, "
                                 "Enterprise with SSO and audit logs on annual contracts."),
    "people/onboarding-week-one.md": ("Onboarding: the first week",
                                      "Laptop on day one, a buddy for questions, shadow the "
                                      "support queue on Wednesday, ship a small change by Friday."),
    "research/churn-survey.md": ("Churn survey results",
                                 "Forty customers who left answered. The main reasons were "
                                 "price for small teams and missing calendar integration."),
    "meetings/offsite-planning.md": ("Offsite planning",
                                     "The autumn offsite is in Lisbon for three days; budget per "
                                     "person covers flights, hotel and one team dinner."),
    "engineering/frontend-style.md": ("Frontend style guide",
                                      "Components are function components with hooks; CSS "
                                      "modules, no global styles; every form field has a label."),
    "ops/backup-policy.md": ("Backup policy",
                             "Nightly snapshots kept 30 days, weekly kept a year, restore "
                             "drill every quarter with a timed recovery objective of one hour."),
}


def _write(root: Path, rel: str, title: str, body: str, **meta) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_note({"title": title, "type": "note", **meta}, body),
                    encoding="utf-8")


@pytest.fixture
def pooling_project(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    _write(root, "engineering/postgres-connection-pooling.md", "Postgres connection pooling",
           POOLING, tags=["postgres", "pgbouncer"])
    _write(root, "engineering/pgbouncer_notes.md", "PgBouncer setup notes", POOLING_REWRITE,
           tags=["postgres", "pgbouncer"])
    _write(root, "engineering/postgres-15-upgrade.md", "Postgres 15 upgrade plan", UPGRADE,
           tags=["postgres"])
    for rel, (title, body) in FILLER.items():
        _write(root, rel, title, body)
    return root


def test_weights_file_loads_with_provenance():
    doc = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert set(MODEL_FEATURES) == set(doc["weights"])
    assert 0.0 < doc["threshold"] < 1.0
    assert doc["source"] == "bench/learn_hybrid.py"
    assert doc["training"]["splits"] and "dev" not in doc["training"]["splits"]
    strategy = HybridStrategy()
    assert strategy.default_threshold == pytest.approx(doc["threshold"])
    assert load_weights() is load_weights()  # read once per process


def test_rewrite_outranks_same_topic_note(pooling_project, scan_project):
    result = scan_project(pooling_project, strategy="hybrid", threshold=0.0)
    orig = "engineering/postgres-connection-pooling.md"
    rewrite = result.score_pair(orig, "engineering/pgbouncer_notes.md")
    related = result.score_pair(orig, "engineering/postgres-15-upgrade.md")
    threshold = HybridStrategy().default_threshold
    assert rewrite.score >= threshold > related.score
    assert rewrite.evidence["identity"] > related.evidence["identity"]
    # Raw cosine alone sees both as the same topic; identity separates them more.
    gap_identity = rewrite.evidence["identity"] - related.evidence["identity"]
    gap_cosine = rewrite.evidence["cosine"] - related.evidence["cosine"]
    assert gap_identity > gap_cosine


def test_scores_in_unit_range_and_symmetric(pooling_project, scan_project):
    result = scan_project(pooling_project, strategy="hybrid", threshold=0.0)
    assert result.candidates
    for cand in result.candidates:
        assert 0.0 <= cand.score <= 1.0
        back = result.score_pair(cand.path, cand.anchor)
        assert back.score == pytest.approx(cand.score)
        assert back.evidence == cand.evidence
        assert back.anchor == cand.path and back.path == cand.anchor
    # A pair outside each other's neighbour lists still scores through the same model.
    far = result.score_pair("hiring/interview-loop.md", "ops/backup-policy.md")
    assert 0.0 <= far.score <= 1.0


def test_evidence_is_numeric_and_explained(pooling_project, scan_project):
    result = scan_project(pooling_project, strategy="hybrid")
    group = next(g for g in result.groups
                 if "engineering/pgbouncer_notes.md" in g.paths)
    assert set(group.paths) == {"engineering/postgres-connection-pooling.md",
                                "engineering/pgbouncer_notes.md"}
    member = group.members[0]
    assert all(isinstance(v, (int, float)) and math.isfinite(v)
               for v in member.evidence.values())
    assert set(FEATURES) - CALIBRATED <= set(member.evidence)
    assert not CALIBRATED & set(member.evidence)  # the raw signals are what a person reads
    assert "each is the other's nearest neighbour" in member.reasons
    assert any("beyond the shared topic" in r for r in member.reasons)
    assert "share 100% of their tags" in member.reasons
    doc = result.to_json()
    assert doc["groups"][0]["members"][0]["reasons"]
    json.dumps(doc)  # the JSON contract: plain numbers and strings


def test_copy_with_shared_links_says_so(tmp_path: Path, scan_project):
    root = tmp_path / "kb"
    body = POOLING + "\n\nSee [[Postgres 15 upgrade plan]], [[Backup policy]] and [[Pricing]]."
    _write(root, "a/pooling.md", "Connection pooling", body)
    _write(root, "b/pooling-copy.md", "Connection pooling (copy)",
           POOLING + "\n\nSee [[Postgres 15 upgrade plan]] and [[Backup policy]].")
    for rel, (title, text) in FILLER.items():
        _write(root, rel, title, text)
    result = scan_project(root, strategy="hybrid")
    cand = result.score_pair("a/pooling.md", "b/pooling-copy.md")
    assert cand.evidence["links_shared"] == 2 and cand.evidence["links_total"] == 3
    assert "share 2 of 3 links" in cand.reasons
    assert "titles nearly identical" in cand.reasons
    assert cand.score >= result.threshold


def test_title_numbers_conflict(tmp_path: Path, scan_project):
    assert title_numbers("Postgres 14 upgrade (2025-03-01)") == frozenset({"14"})
    assert title_numbers("Release v2.3 notes") == frozenset({"2.3"})
    assert title_numbers("Weekly sync 2026-08-04") == frozenset()
    root = tmp_path / "kb"
    _write(root, "pg14.md", "Postgres 14 upgrade", UPGRADE.replace("15", "14"))
    _write(root, "pg15.md", "Postgres 15 upgrade", UPGRADE)
    for rel, (title, text) in FILLER.items():
        _write(root, rel, title, text)
    result = scan_project(root, strategy="hybrid", threshold=0.0)
    cand = result.score_pair("pg14.md", "pg15.md")
    assert cand.evidence["number_conflict"] == 1.0
    assert any("different numbers" in r for r in cand.reasons)
    # The same pair without the conflict signal would score higher.
    strategy = result.strategy
    feats = strategy.features(result.client, result.notes["pg14.md"], result.notes["pg15.md"])
    assert strategy.combine({**feats, "number_conflict": 0.0}) > cand.score


def test_identity_vectors_remove_common_direction():
    rng = np.random.default_rng(7)
    common = rng.normal(size=16)
    x = rng.normal(size=(200, 16)) * 0.3 + common * rng.uniform(0.5, 2.0, size=(200, 1))
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    x = x.astype(np.float32)
    exact = identity_vectors(x, shrink=0)
    assert np.allclose(np.linalg.norm(exact, axis=1), 1.0, atol=1e-5)
    centred = x - x.mean(axis=0)
    top = np.linalg.svd(centred, full_matrices=False)[2][0]
    assert np.abs(exact @ top).max() < 1e-4
    # Raw cosines are all high (the shared component); identity cosines are not.
    assert (x @ x.T).mean() > 0.5 > abs((exact @ exact.T).mean())
    # The default shrinks the removal for small projects, where the top direction
    # is more likely one of their topics: 10 notes stay close to their raw vectors.
    small = identity_vectors(x[:10])
    large = identity_vectors(x)
    assert np.sum(small * x[:10], axis=1).mean() > np.sum(large[:10] * x[:10], axis=1).mean()
    assert np.abs(large @ top).mean() < np.abs(x @ top).mean()


def test_demo_groups_exact_at_default_threshold(demo_kb, scan_project):
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))
    result = scan_project(demo_kb)
    assert result.strategy.name == "hybrid"
    got = {frozenset(g.paths) for g in result.groups}
    want = {frozenset([g["canonical"], *g["members"]]) for g in expected["groups"]}
    assert got == want
    for a, b, _why in expected["not_duplicates"]:
        assert result.score_pair(a, b).score < result.threshold


def test_average_precision_matches_definition():
    sys.path.insert(0, str(REPO / "bench"))
    from quality import average_precision

    # ranks: P(1)=1 at recall 1/2; then a negative; P(3)=2/3 at recall 2/2
    assert average_precision(np.array([0.9, 0.8, 0.7]), np.array([1, 0, 1])) == \
        pytest.approx(0.5 * 1.0 + 0.5 * 2 / 3)
    # ties form one threshold: both pairs at 0.5 enter together (precision 1/2)
    assert average_precision(np.array([0.5, 0.5]), np.array([1, 0])) == pytest.approx(0.5)


def test_batch_scores_match_pair_by_pair_features(pooling_project, scan_project):
    """The numpy scoring of whole neighbour lists equals the model on one pair's signals."""
    result = scan_project(pooling_project, strategy="hybrid", threshold=0.0)
    client = result.client
    # Weight every scored signal (the shipped weights leave some at 0), small enough
    # that no score saturates, so a wrong rank or margin shows.
    strategy = HybridStrategy({"bias": -1.0, "threshold": 0.5,
                               "weights": dict.fromkeys(MODEL_FEATURES, 0.3)})
    strategy.prepare(client, Target())
    seen = set()
    for note in result.notes.values():
        for cand in strategy.find_duplicate_candidates(
                client=client, target=Target(), anchor=note, threshold=0.0, top_k=10):
            a, b = result.notes[cand.anchor], result.notes[cand.path]
            feats = strategy.features(client, a, b)
            assert cand.score == pytest.approx(strategy.combine(feats), abs=1e-5)
            assert cand.evidence["mutual"] == pytest.approx(feats["mutual"], abs=1e-4)
            seen.add(cand.key)
    n = len(result.notes)
    assert len(seen) == n * (n - 1) // 2  # a small folder: every pair is a neighbour pair


@pytest.mark.parametrize("target", [Target(), Target(folders=("engineering",))])
def test_scan_fast_path_equals_anchor_by_anchor(pooling_project, scan_project, target):
    """The scan's array-held candidates are exactly the per-anchor candidates, in order;
    grouping reads only those above the threshold, JSON pairs at 0 hold every pair."""
    result = scan_project(pooling_project, strategy="hybrid", threshold=0.0, target=target)
    assert isinstance(result.candidates, CandidateArray)
    client, strategy = result.client, result.strategy
    anchors = [n for n in client.notes if target.contains(n)]
    per_anchor = [c for note in anchors for c in strategy.find_duplicate_candidates(
        client=client, target=target, anchor=note, threshold=0.0, top_k=10)]
    got = [(c.anchor, c.path, c.score, c.evidence) for c in result.candidates]
    assert got == [(c.anchor, c.path, c.score, c.evidence) for c in per_anchor]
    assert all(target.contains(result.notes[c.path]) for c in result.candidates)
    assert result.candidates[-1].path == per_anchor[-1].path
    pairs = result.to_json(include_pairs=True)["pairs"]
    assert {(p["a"], p["b"]) for p in pairs} == {c.key for c in per_anchor}
    thr = result.strategy.default_threshold
    assert {c.key for c in candidates_at_least(result.candidates, thr)} == {
        c.key for c in per_anchor if c.score >= thr}
    grouped = {frozenset(g.paths) for g in result.regroup(thr)}
    if target.folders:
        assert grouped == {frozenset({"engineering/postgres-connection-pooling.md",
                                      "engineering/pgbouncer_notes.md"})}
    assert grouped == {frozenset(g.paths) for g in build_groups(
        [c for c in per_anchor if c.score >= thr], result.notes, thr, result._score_pair)}


def test_one_note_against_the_project_scores_as_in_a_full_search(indexed_demo, tmp_path,
                                                                  scan_project):
    """upsert_note searches neighbour lists for the proposed note and its matches only;
    their scores and evidence are those of a client that searched every note."""
    import shutil

    from review_app.core.strategies import SearchClient

    kb = tmp_path / "kb"
    shutil.copytree(indexed_demo, kb)
    result = scan_project(kb, strategy="hybrid", threshold=0.0)
    assert result.stats["embedded"] == 0  # the session's index serves it
    notes, vectors = result.client.notes, result.client.vectors
    assert len(notes) - 1 > result.client.k  # neighbour lists hold only the nearest notes
    strategy = HybridStrategy({"bias": -1.0, "threshold": 0.5,
                               "weights": dict.fromkeys(MODEL_FEATURES, 0.3)})
    full = SearchClient(notes, vectors)
    for anchor in (notes[0], notes[len(notes) // 2]):
        ranked = [p for p, _ in full.neighbours(anchor.path)]
        far = next(n.path for n in notes if n.path not in ranked and n.path != anchor.path)
        near = [*ranked[:10], far]  # a match beyond the list is scored pair by pair
        partial = SearchClient(notes, vectors, only=[anchor.path, *near])
        elsewhere = next(n.path for n in notes if n.path not in {anchor.path, *near})
        with pytest.raises(LookupError, match="not searched"):
            partial.neighbours(elsewhere)  # its list was never made: no made-up neighbours
        # (a row product and a block product may differ in the last float32 bit)
        got_near = partial.neighbours(anchor.path)
        assert [p for p, _ in got_near] == [p for p, _ in full.neighbours(anchor.path)]
        assert [s for _, s in got_near] == pytest.approx(
            [s for _, s in full.neighbours(anchor.path)], abs=1e-6)
        for path in near:
            want = strategy.score_pair(full, anchor, full.note(path))
            got = strategy.score_pair(partial, anchor, partial.note(path))
            assert got.score == pytest.approx(want.score, abs=1e-6)
            assert got.evidence == pytest.approx(want.evidence, abs=2e-4)
            assert got.reasons == want.reasons
