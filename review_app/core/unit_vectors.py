"""Sentence vectors of merge units, made by the bundled model and cached by text.

A merge preview embeds only the units no exact or lexical test settled, and the
same units come back on every preview of a group (and on apply), so vectors are
kept in memory by the sha1 of their text for the life of the process, and, with a
store (unit_store.py), on disk for the next session and for `apply --plan`. One
model instance serves every caller in the process; it loads on first use.

Several threads ask at once in the console (the preview, the settled group's
prefetch, the warm-ahead of the next groups): a text being embedded by one is waited
for by the others, never embedded twice, and a background caller embeds in small
chunks and steps aside while a foreground caller (someone waiting on screen) embeds.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from .embedding import DEFAULT_MODEL, Embedder, shared_embedder
from .unit_store import UnitStore, project_store

MAX_CACHED = 200_000
"""About 300 MB of float32 384-d vectors at most; far more units than a session sees."""
BACKGROUND_CHUNK = 16
"""Texts per embedding call of a background caller: a foreground one waits at most for
one such chunk (~0.1-0.2 s CPU of sentences) before it has the model to itself."""

_Key = tuple[str, bytes]  # (model, sha1 of the text)


class _Memory:
    """Vectors in memory, shared by every UnitVectors of the process made by
    `shared_vectors` (a text's vector does not depend on the project)."""

    def __init__(self) -> None:
        self.vecs: dict[_Key, np.ndarray] = {}
        self.pending: dict[_Key, threading.Event] = {}  # being embedded right now
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.foreground = 0  # foreground callers embedding right now


class UnitVectors:
    """Cached, L2-normalised vectors of short texts (dot product = cosine)."""

    def __init__(self, embedder: Embedder | None = None, store: UnitStore | None = None, *,
                 memory: _Memory | None = None) -> None:
        self._embedder = embedder
        self.store = store
        self._mem = memory or _Memory()
        self._in_store: set[bytes] = set()  # keys known to be in `store`
        self.embedded = 0  # texts this instance embedded (the bench and tests report it)
        self.loaded = 0  # texts read from the store instead

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = shared_embedder(DEFAULT_MODEL)
        return self._embedder

    @staticmethod
    def _key(text: str) -> bytes:
        return hashlib.sha1(text.encode("utf-8")).digest()

    def ensure(self, texts: Iterable[str], *, background: bool = False,
               cancelled: Callable[[], bool] | None = None) -> None:
        """Make sure every text has a vector: from memory, the store, or the model.

        `background`: a warm-up nobody waits for: embedded in small chunks, each after
        any foreground caller is done; `cancelled` is checked between chunks."""
        model = self.embedder.model_name
        by_key = {self._key(t): t for t in texts}
        if not by_key:
            return
        if self.store is not None:
            self._from_store(model, by_key)
        mem = self._mem
        while True:
            with mem.lock:
                todo = [k for k in by_key if (model, k) not in mem.vecs
                        and (model, k) not in mem.pending]
                waits = [mem.pending[(model, k)] for k in by_key if (model, k) in mem.pending]
                if not todo and not waits:
                    return
                if todo and background:
                    while mem.foreground and not (cancelled and cancelled()):
                        mem.changed.wait(0.1)
                    if cancelled and cancelled():
                        return
                    todo = [k for k in todo if (model, k) not in mem.vecs
                            and (model, k) not in mem.pending][:BACKGROUND_CHUNK]
                done = threading.Event()
                for k in todo:
                    mem.pending[(model, k)] = done
                if todo and not background:
                    mem.foreground += 1
            if todo:
                self._embed(model, todo, by_key, done, background)
            else:
                for event in waits:
                    event.wait()
            if cancelled and cancelled():
                return

    def _embed(self, model: str, keys: list[bytes], by_key: dict[bytes, str],
               done: threading.Event, background: bool) -> None:
        mem = self._mem
        ordered = sorted(keys, key=lambda k: by_key[k])  # the same batches for the same texts
        vecs = None
        try:
            vecs = self.embedder.embed([by_key[k] for k in ordered])
        finally:
            with mem.lock:
                if vecs is not None:
                    if len(mem.vecs) + len(ordered) > MAX_CACHED:
                        mem.vecs.clear()
                    for k, v in zip(ordered, vecs, strict=True):
                        mem.vecs[(model, k)] = v
                    self.embedded += len(ordered)
                for k in ordered:
                    mem.pending.pop((model, k), None)
                if not background:
                    mem.foreground -= 1
                mem.changed.notify_all()
            done.set()
        if self.store is not None and self.store.put(model, dict(zip(ordered, vecs,
                                                                    strict=True))):
            self._in_store.update(ordered)

    def _from_store(self, model: str, by_key: dict[bytes, str]) -> None:
        """Read what the store holds of `by_key`; write to it what memory holds but it
        lacks (a text embedded for another project of this process)."""
        assert self.store is not None
        ask = [k for k in by_key if k not in self._in_store]
        if not ask:
            return
        found = self.store.get(model, ask, self.embedder.dim)
        mem = self._mem
        with mem.lock:
            for k, v in found.items():
                if (model, k) not in mem.vecs:
                    mem.vecs[(model, k)] = v
                    self.loaded += 1
            self._in_store.update(found)
            lacking = {k: mem.vecs[(model, k)] for k in ask
                       if k not in found and (model, k) in mem.vecs}
        if lacking and self.store.put(model, lacking):
            self._in_store.update(lacking)

    def matrix(self, texts: list[str]) -> np.ndarray:
        """Vectors of `texts`, in order (embedding what is missing)."""
        self.ensure(texts)
        model = self.embedder.model_name
        with self._mem.lock:
            rows = [self._mem.vecs[(model, self._key(t))] for t in texts]
        if not rows:
            return np.zeros((0, self.embedder.dim or 384), dtype=np.float32)
        return np.vstack(rows)


_memory = _Memory()
_shared: dict[Path | None, UnitVectors] = {}
_shared_lock = threading.Lock()


def shared_vectors(state: Path | str | None = None) -> UnitVectors:
    """The process-wide cache (and model) compose calls use: without `state` memory only,
    with a project's state folder also that project's store on disk. All share one
    memory, so a text is embedded once per process whichever project asks."""
    store = project_store(state) if state is not None else None
    key = store.path if store is not None else None
    with _shared_lock:
        if key not in _shared:
            _shared[key] = UnitVectors(store=store, memory=_memory)
        return _shared[key]
