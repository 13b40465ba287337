"""The approximate in-memory neighbour index (IVF) large scans use, and the compact
per-pair arrays of the hybrid's scoring."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from review_app.core.index import top_neighbours
from review_app.core.vectors.approximate import ivf_neighbours, recall

EXPECTED = json.loads((Path(__file__).parent / "data" / "demo_expected.json").read_text())


def _clustered(n: int, seed: int) -> np.ndarray:
    """Unit vectors in topics (cosine ~0.3 within one), some notes rewritten (~0.9)."""
    rng = np.random.default_rng(seed)

    def unit(x):
        return (x / np.linalg.norm(x, axis=-1, keepdims=True)).astype(np.float32)

    topics = unit(rng.normal(size=(n // 20, 64)))
    vecs = unit(0.55 * topics[rng.integers(0, len(topics), n)]
                + 0.83 * unit(rng.normal(size=(n, 64))))
    vecs[1::10] = unit(vecs[0::10][: len(vecs[1::10])]
                       + 0.4 * unit(rng.normal(size=(len(vecs[1::10]), 64))))
    return vecs


def test_ivf_lists_are_real_neighbours_best_first_and_find_every_rewrite():
    vecs = _clustered(4000, 3)
    idx, sims = ivf_neighbours(vecs, 10, nprobe=8)
    exact_idx, _ = top_neighbours(vecs, 10)
    rows = np.arange(len(vecs))[:, None]
    assert not (idx == rows).any()  # every row found 10 others
    assert np.allclose(sims, np.einsum("nd,nkd->nk", vecs, vecs[idx]), atol=1e-5)
    assert (np.diff(sims, axis=1) <= 1e-6).all()
    assert all(len(set(r)) == 10 for r in idx.tolist())
    # every planted rewrite is its original's neighbour and the other way round
    orig = np.arange(0, len(vecs), 10)
    assert all(o + 1 in idx[o] and o in idx[o + 1] for o in orig.tolist())
    assert recall(idx, exact_idx) > 0.6
    # more probes, better lists; probing every list is the exact search
    idx_more, _ = ivf_neighbours(vecs, 10, nprobe=24)
    assert recall(idx_more, exact_idx) > recall(idx, exact_idx)
    idx_all, sims_all = ivf_neighbours(vecs, 10, nprobe=10_000, lists=16)
    assert recall(idx_all, exact_idx) == 1.0


def test_demo_scan_through_the_approximate_index_finds_the_intended_groups(
        demo_kb: Path, scan_project):
    exact = scan_project(demo_kb, neighbour_search="exact")
    approx = scan_project(demo_kb, neighbour_search="local", approximate_from=2)
    assert approx.stats.get("neighbours_approximate") == 1
    assert "neighbours_approximate" not in exact.stats
    expected = {(g["canonical"], frozenset(g["members"])) for g in EXPECTED["groups"]}
    for result in (exact, approx):
        assert {(g.canonical, frozenset(m.path for m in g.members))
                for g in result.groups} == expected


def test_hybrid_holds_its_pairs_compactly(demo_kb: Path, scan_project):
    """Per pair of the neighbour lists the hybrid holds float32 cosines and identities,
    int32 ranks and a bool conflict, not float64 features (14 KB a note at 100k)."""
    result = scan_project(demo_kb)
    scored = result.strategy._scored
    n, k = scored.idx.shape
    held = sum(v.nbytes for name, v in vars(scored).items()
               if isinstance(v, np.ndarray) and v.shape == (n, k) and name != "idx"
               and v.base is None)
    assert held / (n * k) <= 40
