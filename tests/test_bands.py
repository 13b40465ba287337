"""The default listing: likely duplicates, then possible ones down to the recall-first cut."""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import pytest

from review_app.core.strategies import get_strategy

REWRITE_KB = Path(__file__).parent / "data" / "rewrite_kb"
LABELS = json.loads((REWRITE_KB / "labels.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def rewrite_scan(tmp_path_factory: pytest.TempPathFactory, embedder):
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.project import Project

    root = tmp_path_factory.mktemp("rewrite") / "kb"
    shutil.copytree(REWRITE_KB, root)
    return scan(Project(root), ScanOptions(), embedder=embedder)


def duplicate_pairs() -> set[tuple[str, str]]:
    return {tuple(sorted(p)) for g in LABELS["groups"]  # type: ignore[misc]
            for p in itertools.combinations(g["paths"], 2)}


def test_labels_are_what_the_brief_asks_for():
    assert len(LABELS["groups"]) >= 12 and len(LABELS["not_duplicates"]) >= 8
    assert all(2 <= len(g["paths"]) <= 3 for g in LABELS["groups"])
    listed = [p for g in LABELS["groups"] for p in g["paths"]] + [
        n["path"] for n in LABELS["not_duplicates"]]
    assert len(listed) == len(set(listed))
    assert all((REWRITE_KB / p).is_file() for p in listed)


def test_strategies_list_below_their_precision_first_threshold():
    hybrid = get_strategy("hybrid")
    assert hybrid.recall_threshold is not None
    assert hybrid.listing_threshold == hybrid.recall_threshold < hybrid.default_threshold
    for name in ("embedding", "title"):  # bench/bands.py finds no sound lower cut for them
        s = get_strategy(name)
        assert s.listing_threshold == s.default_threshold, name


def test_listing_holds_the_rewrites_and_no_same_topic_note(rewrite_scan):
    result = rewrite_scan
    strategy = get_strategy("hybrid")
    assert result.threshold == strategy.listing_threshold
    assert result.likely_threshold == strategy.default_threshold
    held = {tuple(sorted(p)) for g in result.groups
            for p in itertools.combinations(g.paths, 2)}
    dups = duplicate_pairs()
    assert len(held & dups) >= 0.95 * len(dups)
    assert held <= dups  # nothing a person would have to take apart
    non_dups = {n["path"] for n in LABELS["not_duplicates"]}
    assert not non_dups & {p for g in result.groups for p in g.paths}
    # The precision-first cut alone lists fewer of them: that is what the possible band adds.
    strict = {tuple(sorted(p)) for g in result.regroup(result.likely_threshold)
              for p in itertools.combinations(g.paths, 2)}
    assert len(strict & dups) <= len(held & dups)


def test_bands_are_marked_in_groups_json_and_regroup(rewrite_scan):
    result = rewrite_scan
    likely = result.likely_threshold
    for g in result.groups:
        assert g.band == ("likely" if g.score >= likely else "possible")
    doc = json.loads(json.dumps(result.to_json()))
    assert doc["threshold"] == result.threshold and doc["likely_threshold"] == likely
    assert [g["band"] for g in doc["groups"]] == [g.band for g in result.groups]
    # an explicit cut, low or high: bands still follow the likely threshold
    low = result.regroup(0.2)
    assert all(g.band == ("likely" if g.score >= likely else "possible") for g in low)
    high = result.regroup(likely)
    assert high and all(g.band == "likely" for g in high)


def test_band_is_the_groups_strongest_pair_against_the_likely_threshold():
    from review_app.core.grouping import build_groups
    from review_app.core.notes import parse_note
    from review_app.core.strategies import Candidate

    notes = {p: parse_note(p, f"---\ntitle: {p}\n---\nbody".encode())
             for p in ("a.md", "b.md", "c.md", "d.md", "e.md")}
    cands = [Candidate("a.md", "b.md", 0.8), Candidate("c.md", "d.md", 0.6),
             Candidate("c.md", "e.md", 0.5), Candidate("d.md", "e.md", 0.3)]

    def score(x, y):
        return Candidate(x.path, y.path, 0.0)

    groups = build_groups(cands, notes, 0.45, score, likely_threshold=0.694)
    assert [(sorted(g.paths), g.band) for g in groups] == [
        (["a.md", "b.md"], "likely"), (["c.md", "d.md"], "possible")]
    # without a likely threshold (a caller that knows no bands) nothing is demoted
    assert {g.band for g in build_groups(cands, notes, 0.45, score)} == {"likely"}
