"""The cue pass split between processes gives what one process gives (issue 19: the first
scan on basic-memory's vectors is mostly the cue pass; cue_processes): the children are
forked, work through their share of the pairs, and send back cues equal to those this
process would work out, so every candidate's score and evidence is the same. Real
scans of a labeled data set, the shared real embedder, real forks."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from review_app.core.strategies import cue_processes, pair_features

DATA = Path(__file__).parent / "data" / "hard_kb"


def test_split_work_gives_each_pair_its_own_result_from_every_process(monkeypatch):
    monkeypatch.setenv("BM_REVIEW_CUE_PROCESSES", "2")
    monkeypatch.setattr(cue_processes, "MIN_PAIRS", 0)
    assert cue_processes.processes() == 2, "a pytest main thread can fork"
    pairs = [(i, i + 1) for i in range(50)]
    got = cue_processes.split_work(pairs, lambda chunk: {p: (p[0] * p[1], os.getpid())
                                                         for p in chunk})
    assert got is not None
    assert {p: v for p, (v, _) in got.items()} == {p: p[0] * p[1] for p in pairs}
    assert len({pid for _, pid in got.values()}) == 2  # a child worked out half of them


def test_one_process_where_asked(monkeypatch):
    monkeypatch.setenv("BM_REVIEW_CUE_PROCESSES", "1")
    assert cue_processes.processes() == 1
    assert cue_processes.split_work([(0, 1)] * 10_000, lambda c: {}) is None


def _scan(tmp_path: Path, name: str, scan_project):
    root = tmp_path / name / "kb"
    shutil.copytree(DATA, root, ignore=shutil.ignore_patterns("labels.json"))
    result = scan_project(root, state_dir=tmp_path / name / "state")
    return sorted((tuple(sorted(c.key)), repr(float(c.score)), repr(c.evidence))
                  for c in result.candidates)


def test_a_scan_split_between_processes_scores_every_pair_alike(tmp_path, monkeypatch,
                                                                 scan_project):
    monkeypatch.setenv("BM_REVIEW_CUE_PROCESSES", "1")
    alone = _scan(tmp_path, "alone", scan_project)
    monkeypatch.setenv("BM_REVIEW_CUE_PROCESSES", "2")
    monkeypatch.setattr(cue_processes, "MIN_PAIRS", 0)
    used: list[bool] = []
    real = pair_features.split_work

    def spy(pairs, work):
        out = real(pairs, work)
        used.append(out is not None)
        return out

    monkeypatch.setattr(pair_features, "split_work", spy)
    split = _scan(tmp_path, "split", scan_project)
    if not any(used):
        pytest.fail("the scan's cue pass was not split")
    assert split == alone
    assert len(alone) > 10
