"""The scan's cue pass works out each note's own cues once (core/memo.py's pass memo, the
per-note caches of ScoredPairs and ConceptIndex, coverage.prepare): every pair it scores
must carry the cues that working the pair out on its own gives, byte for byte, and its
coverage must be what a plain piece-by-piece computation gives.

Checked on rewrite_kb read through a basic-memory index laid out as 0.24 lays it out (real
sqlite-vec, the bundled model's chunk vectors; test_bm_store.build_db) and through bm-review's
own vectors and sections.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from test_bm_store import build_db, hf_cache

from review_app.core.embedding import DEFAULT_MODEL
from review_app.core.memo import pass_memo, per_text
from review_app.core.pipeline import ScanOptions, scan
from review_app.core.project import Project, load_notes
from review_app.core.strategies.concept import ConceptIndex
from review_app.core.strategies.coverage import CHUNKS, SECTIONS, Scale
from review_app.core.strategies.cues import pair_cues
from review_app.core.strategies.template import (
    no_own_content,
    note_lines,
    note_names,
    template_only,
)

DATA = Path(__file__).parent / "data" / "rewrite_kb"


@pytest.fixture(scope="module")
def bm_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return hf_cache(tmp_path_factory.mktemp("cue-pass-fastembed"))


def plain_shares(va: np.ndarray, la: np.ndarray, vb: np.ndarray, lb: np.ndarray,
                 scale: Scale) -> tuple[float, float]:
    """Each note's covered share, piece by piece in float64 (no runs): the reference."""

    def one(v: np.ndarray, lv: np.ndarray, w: np.ndarray) -> float:
        total = credit = 0.0
        for piece, length in zip(v.astype(np.float64), lv.astype(np.float64), strict=True):
            best = max(float(piece @ other) for other in w.astype(np.float64))
            credit += length * min(1.0, max(0.0, (best - scale.far) / (scale.close - scale.far)))
            total += length
        return credit / total if total else 0.0

    def unit(m: np.ndarray) -> np.ndarray:
        n = np.linalg.norm(m, axis=1, keepdims=True)
        return m / np.where(n == 0, 1.0, n)

    ua, ub = unit(va), unit(vb)
    return one(ua, la, ub), one(ub, lb, ua)


def check_pass(result, scale: Scale) -> int:
    scored = result.strategy._scored
    notes = scored.client.notes
    source = scored.client.pieces
    assert source is not None and source.scale is scale
    concepts = ConceptIndex(notes, scored.concepts.rows)  # fresh: nothing kept
    checked = 0
    for (i, j), cue in scored.cues.items():
        a, b = notes[i], notes[j]
        raw_a, raw_b = scored.own_pieces(i), scored.own_pieces(j)
        stub = any(no_own_content(note_lines(n.body), scored.template,
                                  note_names(n.title, n.body), scored.generic) for n in (a, b))
        alone = pair_cues(a, b, raw_a, raw_b, scale,
                          template_only(note_lines(a.body), note_lines(b.body), scored.template),
                          concepts.cue(i, j), stub)
        assert cue == alone, (a.path, b.path)
        assert cue.cov is not None and raw_a is not None and raw_b is not None
        share_a, share_b = plain_shares(raw_a[0], raw_a[1], raw_b[0], raw_b[1], scale)
        assert cue.cov.share_a == pytest.approx(share_a, abs=1e-5)
        assert cue.cov.share_b == pytest.approx(share_b, abs=1e-5)
        checked += 1
    return checked


def test_cue_pass_on_basic_memory_chunks_equals_each_pair_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, embedder, bm_cache: Path):
    kb = tmp_path / "rewrite_kb"
    shutil.copytree(DATA, kb)
    cfg = tmp_path / "bm-config"
    cfg.mkdir()
    (cfg / "config.json").write_text(json.dumps({
        "projects": {"rewrites": {"path": str(kb)}}, "default_project": "rewrites",
        "semantic_embedding_model": DEFAULT_MODEL,
        "semantic_embedding_cache_dir": str(bm_cache)}))
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(cfg))
    build_db(cfg / "memory.db", [(1, "rewrites", kb, load_notes(kb)[0])], embedder)

    result = scan(Project(kb, name="rewrites", state_dir=tmp_path / "state"),
                  ScanOptions(vectors="basic-memory"))
    assert result.vector_source == "basic-memory" and result.stats["embedded"] == 0
    assert check_pass(result, CHUNKS) >= 20


def test_cue_pass_on_own_sections_equals_each_pair_alone(tmp_path: Path, embedder):
    kb = tmp_path / "rewrite_kb"
    shutil.copytree(DATA, kb)
    result = scan(Project(kb, state_dir=tmp_path / "state"), ScanOptions(vectors="own"),
                  embedder=embedder)
    assert check_pass(result, SECTIONS) >= 20


def test_pass_memo_keeps_results_only_inside_the_pass():
    calls: list[str] = []

    @per_text
    def shout(text: str) -> str:
        calls.append(text)
        return text.upper()

    assert shout("a") == shout("a") == "A" and calls == ["a", "a"]
    with pass_memo():
        assert shout("b") == shout("b") == "B"
        with pass_memo():  # nested: the same memo
            assert shout("b") == "B"
    assert calls == ["a", "a", "b"]
    shout("b")
    assert calls == ["a", "a", "b", "b"]
