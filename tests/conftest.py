"""Shared fixtures: isolated user folders, one real embedder per run, demo copies."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent


@pytest.fixture(scope="session", autouse=True)
def _isolated_user_dirs(tmp_path_factory: pytest.TempPathFactory):
    """Keep the user's data and cache folders out of the tests (the model cache is shared)."""
    base = tmp_path_factory.mktemp("user")
    old = {k: os.environ.get(k) for k in ("BM_REVIEW_DATA_DIR", "BM_REVIEW_CACHE_DIR",
                                          "BASIC_MEMORY_CONFIG_DIR")}
    os.environ["BM_REVIEW_DATA_DIR"] = str(base / "data")
    os.environ.setdefault("BM_REVIEW_CACHE_DIR", str(base / "cache"))
    os.environ["BASIC_MEMORY_CONFIG_DIR"] = str(base / "no-basic-memory")
    yield
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


@pytest.fixture(scope="session")
def embedder():
    """The real bundled model, loaded once per test run.

    Vectors are memoised by text: many tests scan fresh copies of the same demo,
    and the model's answer for a text never changes. The index still counts
    every note it sends to the embedder, so caching tests see real numbers.
    """
    import numpy as np

    from review_app.core.embedding import Embedder

    class MemoEmbedder(Embedder):
        memo: dict[str, np.ndarray] = {}

        def embed(self, texts, progress=None):
            todo = [t for t in dict.fromkeys(texts) if t not in self.memo]
            if todo:
                for text, vec in zip(todo, super().embed(todo), strict=True):
                    self.memo[text] = vec
            if progress:
                progress(len(texts), len(texts))
            if not texts:
                return np.zeros((0, self.dim or 384), dtype=np.float32)
            return np.stack([self.memo[t] for t in texts])

    return MemoEmbedder()


@pytest.fixture(scope="session")
def demo_index(tmp_path_factory: pytest.TempPathFactory, embedder) -> Path:
    """The demo's real sqlite-vec index, embedded once per run. Vectors are keyed by
    path and content hash, so any copy of the demo reuses it as a re-scan would."""
    from review_app.core.embedding import DEFAULT_MODEL
    from review_app.core.index import VectorIndex
    from review_app.core.project import load_notes
    from review_app.demo import BUNDLED

    db = tmp_path_factory.mktemp("demo-index") / "index.db"
    index = VectorIndex(db, DEFAULT_MODEL)
    try:
        index.sync(load_notes(BUNDLED)[0], embedder)
    finally:
        index.close()
    return db


@pytest.fixture(scope="session")
def indexed_demo(tmp_path_factory: pytest.TempPathFactory, demo_index: Path) -> Path:
    """The bundled demo with the shared index in its `.bm-review/`: copy it before use
    (a scan of a copy embeds nothing)."""
    import shutil

    from review_app.demo import BUNDLED

    root = tmp_path_factory.mktemp("indexed-demo") / "kb"
    shutil.copytree(BUNDLED, root)
    (root / ".bm-review").mkdir()
    shutil.copy2(demo_index, root / ".bm-review" / "index.db")
    return root


@pytest.fixture
def demo_kb(tmp_path: Path) -> Path:
    """A fresh copy of the bundled demo knowledge base as a real project folder."""
    from review_app.demo import copy_demo

    return copy_demo(tmp_path / "kb")


@pytest.fixture
def scan_project(embedder):
    """scan(folder, **options) with the shared embedder."""
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.project import Project

    def run(root: Path, **options):
        state_dir = options.pop("state_dir", None)
        return scan(Project(Path(root), state_dir=state_dir), ScanOptions(**options),
                    embedder=embedder)

    return run


@pytest.fixture(scope="module")
def rewrite_notes():
    """tests/data/rewrites' notes by path (helpers_merge.rewrite_groups: its groups)."""
    from helpers_merge import REWRITES

    from review_app.core.project import load_notes

    return {n.path: n for n in load_notes(REWRITES)[0]}
