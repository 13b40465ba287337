"""Sentence vectors of merge units, made by the bundled model and cached by text.

A merge preview embeds only the units no exact or lexical test settled, and the
same units come back on every preview of a group (and on apply), so vectors are
kept in memory by the sha1 of their text for the life of the process. One model
instance serves every caller in the process; it loads on first use.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable

import numpy as np

from .embedding import DEFAULT_MODEL, Embedder, shared_embedder

MAX_CACHED = 200_000
"""About 300 MB of float32 384-d vectors at most; far more units than a session sees."""


class UnitVectors:
    """Cached, L2-normalised vectors of short texts (dot product = cosine)."""

    def __init__(self, embedder: Embedder | None = None) -> None:
        self._embedder = embedder
        self._cache: dict[bytes, np.ndarray] = {}
        self._lock = threading.Lock()
        self.embedded = 0  # texts embedded so far (the bench reports it)

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = shared_embedder(DEFAULT_MODEL)
        return self._embedder

    @staticmethod
    def _key(text: str) -> bytes:
        return hashlib.sha1(text.encode("utf-8")).digest()

    def ensure(self, texts: Iterable[str]) -> None:
        """Embed, in one batch, the texts not cached yet."""
        with self._lock:
            todo = sorted({t for t in texts if self._key(t) not in self._cache})
        if not todo:
            return
        vecs = self.embedder.embed(todo)
        with self._lock:
            if len(self._cache) + len(todo) > MAX_CACHED:
                self._cache.clear()
            for t, v in zip(todo, vecs, strict=True):
                self._cache[self._key(t)] = v
            self.embedded += len(todo)

    def matrix(self, texts: list[str]) -> np.ndarray:
        """Vectors of `texts`, in order (embedding what is missing)."""
        self.ensure(texts)
        with self._lock:
            rows = [self._cache[self._key(t)] for t in texts]
        if not rows:
            return np.zeros((0, 384), dtype=np.float32)
        return np.vstack(rows)


_shared: UnitVectors | None = None
_shared_lock = threading.Lock()


def shared_vectors() -> UnitVectors:
    """The process-wide cache (and model) every compose call uses by default."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = UnitVectors()
        return _shared
