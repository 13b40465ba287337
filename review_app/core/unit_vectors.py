"""Sentence vectors of merge units, made by the bundled model and cached by text.

A merge preview embeds only the units no exact or lexical test settled, and the
same units come back on every preview of a group (and on apply), so vectors are
kept in memory by the sha1 of their text for the life of the process, and, with a
store (unit_store.py), on disk for the next session and for `apply --plan`. One
model instance serves every caller in the process; it loads on first use.

Several threads ask at once (the console's preview and its warm-up of the settled
group and the next ones, an apply): a text being embedded by one is waited for by the
others, never embedded twice. Callers have a priority (PREVIEW, SETTLED,
AHEAD): below PREVIEW they embed in small chunks and, before each, wait while a caller
of a higher priority embeds, so the preview someone waits for has the model to itself.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

from .embedding import DEFAULT_MODEL, Embedder
from .unit_store import UnitStore, project_store

MAX_CACHED = 200_000
"""About 300 MB of float32 384-d vectors at most; far more units than a session sees."""
UNIT_THREADS: int | None = None
"""ONNX Runtime intra-op threads of the unit model: its default (the physical cores).
`bench/merge_quality.py --speed --threads 1|2`, a cold 3 x 600-word merge (135 texts) on
2 cores: idle, 1.12 s wall / 1.12 s CPU with one thread, 0.59 s wall / 1.18 s CPU with
two; at load 5 from other work one thread wins (1.0-1.7 s wall against 2.6-3.2 s), as
every pool does on a saturated machine. A person waits on an idle one, so wall time on
idle cores decides. Lower-priority callers step aside (BACKGROUND_CHUNK), so the preview
and a warm-up do not share the pool."""
PREVIEW, SETTLED, AHEAD = 2, 1, 0
"""Priorities: a compose someone waits for (preview, apply), the prefetch of the group on
screen, the warm-up of the groups after it."""
BACKGROUND_CHUNK = 16
"""Texts per embedding call below PREVIEW: a caller of a higher priority waits at most for
one such chunk (~0.1-0.2 s CPU of sentences) before it has the model to itself. 400 unit
texts of the --preview bench project cost 2.26-2.35 s CPU in one batch, 2.42-2.49 s in
length-sorted chunks of 16 (and about the same in chunks of 8-64)."""
BACKGROUND_CHARS = 400
"""And at most this many characters a chunk, counted as the model pads it (texts x the
longest): a batch costs about its padded length, so a chunk of long sentences is about
as short to wait for as one of short ones (~4 texts of 100 characters, ~10 of 40)."""


class Cancelled(Exception):
    """A warm-up was cancelled before its vectors were all made."""

_Key = tuple[str, bytes]  # (model, sha1 of the text)


def _chunk(keys: list[bytes], by_key: dict[bytes, str]) -> list[bytes]:
    """The first of length-sorted `keys` that make one background chunk (at least one)."""
    n = 1
    while (n < min(len(keys), BACKGROUND_CHUNK)
           and (n + 1) * len(by_key[keys[n]]) <= BACKGROUND_CHARS):
        n += 1
    return keys[:n]


class _Memory:
    """Vectors in memory, shared by every UnitVectors of the process made by
    `shared_vectors` (a text's vector does not depend on the project)."""

    def __init__(self) -> None:
        self.vecs: dict[_Key, np.ndarray] = {}
        self.pending: dict[_Key, threading.Event] = {}  # being embedded right now
        self.lock = threading.Lock()
        self.changed = threading.Condition(self.lock)
        self.active = [0, 0, 0]  # callers embedding right now, by priority
        # Held by a caller below PREVIEW while it embeds a chunk: two background threads
        # (the warm-up, the load's follow-up) never have a batch each in the model at once.
        self.background = threading.Lock()

    def outranked(self, priority: int) -> bool:
        return any(self.active[priority + 1:])


_keys: dict[str, bytes] = {}  # text -> UnitVectors._key (the GIL makes a set/get safe)


class UnitVectors:
    """Cached, L2-normalised vectors of short texts (dot product = cosine)."""

    def __init__(self, embedder: Embedder | None = None, store: UnitStore | None = None, *,
                 memory: _Memory | None = None) -> None:
        self._embedder = embedder
        self.store = store
        self._mem = memory or _Memory()
        self._in_store: set[bytes] = set()  # keys known to be in `store`
        self.embedded = 0  # texts this instance embedded (the bench and tests report it)
        # the same by the caller's priority: what a preview someone waits for embedded
        # (PREVIEW) apart from the warm-ups' work beside it (tui_bench --preview)
        self.embedded_at = [0, 0, 0]
        self.loaded = 0  # texts read from the store instead

    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            self._embedder = unit_embedder()
        return self._embedder

    @staticmethod
    def _key(text: str) -> bytes:
        """The text's sha1, kept: a compose asks for a text's vector ~10 times (every
        pass's ensure and rows) and each warm-up, follow-up and preview asks again."""
        key = _keys.get(text)
        if key is None:
            if len(_keys) > MAX_CACHED:
                _keys.clear()
            key = _keys[text] = hashlib.sha1(text.encode("utf-8")).digest()
        return key

    def ensure(self, texts: Iterable[str], *, priority: int = PREVIEW,
               cancelled: Callable[[], bool] | None = None) -> None:
        """Make sure every text has a vector: from memory, the store, or the model.

        Below PREVIEW (a warm-up): embedded in small chunks, each once no caller of a
        higher priority is embedding; `cancelled` is checked between chunks."""
        model = self.embedder.model_name
        by_key = {self._key(t): t for t in texts}
        if not by_key:
            return
        if self.store is not None:
            self._from_store(model, by_key)
        waited = False
        while True:
            stop = self._step(model, by_key, priority, cancelled)
            if stop is None:
                if cancelled and cancelled():
                    return
                break
            waited = waited or stop
            if cancelled and cancelled():
                return
        if waited and self.store is not None:
            # Another caller embedded them (maybe for another project's store): this
            # store gets them too, or the next session embeds them again.
            self._from_store(model, by_key)

    def _step(self, model: str, by_key: dict[bytes, str], priority: int,
              cancelled: Callable[[], bool] | None) -> bool | None:
        """One chunk embedded (False) or the texts others embed waited for (True); None
        when every text has its vector or on `cancelled()`."""
        background = priority < PREVIEW
        mem = self._mem
        with mem.lock:
            todo = [k for k in by_key if (model, k) not in mem.vecs
                    and (model, k) not in mem.pending]
            waits = [mem.pending[(model, k)] for k in by_key if (model, k) in mem.pending]
            if not todo and not waits:
                return None
            if todo and background:
                while mem.outranked(priority) and not (cancelled and cancelled()):
                    mem.changed.wait(0.1)
                if cancelled and cancelled():
                    return None
                # Chunks of like lengths: the model pads a batch to its longest text
                # (as met: ~25% more CPU than by length, 16 a chunk).
                todo = _chunk(sorted((k for k in todo if (model, k) not in mem.vecs
                                      and (model, k) not in mem.pending),
                                     key=lambda k: (len(by_key[k]), by_key[k])), by_key)
            else:
                done = self._claim(model, todo, priority)
        if todo and background:
            # One background chunk in the model at a time, the lock held only while it
            # embeds (never while waiting for a turn: a preview may wait for a warm-up
            # raised to its priority, which needs no such lock).
            while not mem.background.acquire(timeout=0.05):
                if cancelled and cancelled():
                    return None
            try:
                with mem.lock:
                    todo = [k for k in todo if (model, k) not in mem.vecs
                            and (model, k) not in mem.pending]
                    done = self._claim(model, todo, priority)
                if todo:
                    self._embed(model, todo, by_key, done, priority)
            finally:
                mem.background.release()
            return False
        if todo:
            self._embed(model, todo, by_key, done, priority)
            return False
        for event in waits:
            event.wait()
        return True

    def _claim(self, model: str, keys: list[bytes], priority: int) -> threading.Event:
        """Mark `keys` as being embedded by this caller (under the memory's lock)."""
        mem = self._mem
        done = threading.Event()
        for k in keys:
            mem.pending[(model, k)] = done
        if keys:
            mem.active[priority] += 1
        return done

    def _embed(self, model: str, keys: list[bytes], by_key: dict[bytes, str],
               done: threading.Event, priority: int) -> None:
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
                    self.embedded_at[priority] += len(ordered)
                for k in ordered:
                    mem.pending.pop((model, k), None)
                mem.active[priority] -= 1
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
        return self._rows(texts)

    def _rows(self, texts: list[str]) -> np.ndarray:
        model = self.embedder.model_name
        keys = [(model, self._key(t)) for t in texts]  # outside the lock other threads take
        for _ in range(3):  # another thread may have emptied a full cache meanwhile
            with self._mem.lock:
                rows = [self._mem.vecs.get(k) for k in keys]
            missing = [t for t, r in zip(texts, rows, strict=True) if r is None]
            if not missing:
                break
            self.ensure(missing)
        else:
            raise RuntimeError("unit vectors evicted as fast as they are made")
        if not rows:
            return np.zeros((0, self.embedder.dim or 384), dtype=np.float32)
        return np.vstack([r for r in rows if r is not None])  # none missing by now

    def hold(self, priority: int, on: bool) -> None:
        """Count a caller of `priority` as busy (on) or no longer (off) although it is
        not embedding: the console's preview holds from `v` until the result is painted,
        so that warm-ups do not take the CPU its rendering needs. Pair every on with off."""
        mem = self._mem
        with mem.lock:
            mem.active[priority] = max(0, mem.active[priority] + (1 if on else -1))
            mem.changed.notify_all()

    def wait_turn(self, priority: int, cancelled: Callable[[], bool] | None = None) -> None:
        """Return once no caller of a higher priority embeds or holds (or on `cancelled()`):
        a warm-up's compose is Python on the GIL, so it pauses between its steps rather
        than halve the speed of the compose of a preview someone waits for."""
        mem = self._mem
        with mem.lock:
            while mem.outranked(priority) and not (cancelled and cancelled()):
                mem.changed.wait(0.1)

    def at(self, priority: int, cancelled: Callable[[], bool] | None = None
           ) -> WarmVectors:
        """These vectors for a warm-up: what compose asks of them is made at `priority`;
        once `cancelled()`, compose stops with Cancelled."""
        return WarmVectors(self, priority, cancelled)


class WarmVectors:
    """UnitVectors seen by a warm-up compose (the console composes a group ahead of the
    person, so exactly the texts the preview will ask for are made, clauses included)."""

    def __init__(self, vectors: UnitVectors, priority: int,
                 cancelled: Callable[[], bool] | None) -> None:
        self.vectors = vectors
        self.priority = priority
        self.cancelled = cancelled or (lambda: False)

    @property
    def embedder(self) -> Embedder:
        return self.vectors.embedder

    def ensure(self, texts: Iterable[str], **_: object) -> None:
        self.vectors.wait_turn(self.priority, self.cancelled)  # even when all are cached
        if self.cancelled():
            raise Cancelled
        self.vectors.ensure(texts, priority=self.priority, cancelled=self.cancelled)
        if self.cancelled():
            raise Cancelled

    def matrix(self, texts: list[str]) -> np.ndarray:
        self.ensure(texts)
        return self.vectors._rows(texts)


_unit_embedder: Embedder | None = None


def unit_embedder() -> Embedder:
    """The process's model instance for units (UNIT_THREADS; loaded on first use). A
    scan's embedder is another instance, so the console's memory is unchanged; a process
    that also embeds notes with `shared_embedder` (the MCP server) holds both (~120 MB)."""
    global _unit_embedder
    with _shared_lock:
        if _unit_embedder is None:
            _unit_embedder = Embedder(DEFAULT_MODEL, threads=UNIT_THREADS)
        return _unit_embedder


_memory = _Memory()
_shared: dict[tuple[Path, bool] | None, UnitVectors] = {}
_shared_lock = threading.Lock()


def shared_vectors(state: Path | str | None = None, *, read_only: bool = False
                   ) -> UnitVectors:
    """The process-wide cache (and model) compose calls use: without `state` memory only,
    with a project's state folder also that project's store on disk (`read_only`: read,
    never written, for a dry run). All share one memory, so a text is embedded once per
    process whichever project asks."""
    store = project_store(state, read_only=read_only) if state is not None else None
    key = (store.path, read_only) if store is not None else None
    with _shared_lock:
        if key not in _shared:
            _shared[key] = UnitVectors(store=store, memory=_memory)
        return _shared[key]
