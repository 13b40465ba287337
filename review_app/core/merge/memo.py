"""Composed results kept by everything they were composed from, so a group composed
once (the console's load, its follow-up, a warm-up, a preview) is not composed again.

What is kept is what the passes decide and render (the ledger's entries and budget
lines, the body's lines, the carry inputs); compose still makes the frontmatter
(`modified:` is stamped per call) and any retitling from the notes each time.

The key is every input the passes read: the action; each member's path, text hash and
dates (dates may come from the file or basic-memory, not the text), the base first and
the kept file; the person's choices; the group's names; how the project's link index
resolves every relation target the members' lines name (the index itself is a big
object built anew per scan: two equal resolutions are one key); the lexicon, the
thresholds, the carry model and the embedding model's name. A changed note, date,
choice or link resolution is another key, so a stale result is never found. A compose
with the person's edited text is not kept (its ledger says so and nothing is rendered).

Thread-safe: the console's load, follow-up, warm-up and preview share one (`memo_of` the
project's vectors).
"""

from __future__ import annotations

import hashlib
import threading
import weakref
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ..links import resolve
from ..notes import Note, parse_relation

LIMIT = 256
"""Results kept (least recently used dropped): ~20-60 ledger entries and a note's lines
each, a few hundred kilobytes in all; more groups than a sitting composes ahead."""


@dataclass(frozen=True)
class Kept:
    """What the passes made of one set of inputs (copied out, never shared)."""

    entries: tuple[Any, ...]  # LedgerEntry, in the ledger's order
    bounded: tuple[str, ...]
    lines: tuple[tuple[str, str | None], ...]  # pass_render's (line, source)
    carry_features: tuple[tuple[str, tuple[float, ...]], ...]


def _note(n: Note) -> tuple[str, str, str, str]:
    text = n.text
    return (n.path, hashlib.sha1(text.encode("utf-8")).hexdigest(), str(n.modified),
            str(getattr(n, "created", None)))


def resolutions(notes: Iterable[Note], targets: Mapping[str, str] | None
                ) -> tuple[tuple[str, str], ...]:
    """Every relation target any line of `notes` names, with what `targets` makes of it
    (a superset of what the passes resolve: every relation unit is such a line)."""
    names: set[str] = set()
    for n in notes:
        for line in n.text.split("\n"):
            if "[[" not in line:
                continue
            for candidate in (line, line.strip()):
                rel = parse_relation(candidate)
                if rel is not None:
                    names.add(rel.target)
    return tuple(sorted((t, resolve(t, targets)) for t in names))


def model_name(vectors: Any) -> str | None:
    """The embedding model a vectors object embeds with (None: unknown, not kept)."""
    try:
        name = vectors.embedder.model_name
    except AttributeError:
        return None
    return name if isinstance(name, str) else None


class Memo:
    """Kept results by key (see the module doc)."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._items: OrderedDict[Hashable, Kept] = OrderedDict()
        self._lock = threading.Lock()
        self._flights: dict[Hashable, threading.Event] = {}  # keys being composed now
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(action: str, canonical: Note, members: list[Note], kept: Note, *,
            choices: Mapping[str, str], group_keys: set[str],
            targets: Mapping[str, str] | None, lexicon: Any, thresholds: Any,
            carry_model: Any, vectors: Any) -> Hashable | None:
        model = model_name(vectors)
        if model is None:
            return None
        notes = [canonical, *members]
        return (action, tuple(_note(n) for n in notes), _note(kept),
                tuple(sorted(choices.items())), frozenset(group_keys),
                resolutions(notes, targets), lexicon, thresholds, carry_model, model)

    def take_off(self, key: Hashable) -> threading.Event | None:
        """This caller composes `key` now (pair with `land`); None when another one
        already does (this one composes beside it: see `wait`)."""
        with self._lock:
            if key in self._flights:
                return None
            event = self._flights[key] = threading.Event()
            return event

    def land(self, key: Hashable, event: threading.Event | None) -> None:
        if event is None:
            return
        with self._lock:
            if self._flights.get(key) is event:
                del self._flights[key]
        event.set()

    def wait(self, key: Hashable, vectors: Any) -> Kept | None:
        """What another caller composing `key` right now makes of it, for a caller below
        the preview's priority (a warm-up, the load's follow-up): the same group
        composed twice side by side is twice the Python on one GIL. Never for a caller
        someone waits for, and not once its priority is raised to the preview's (a `v`
        that waits for this very caller: it composes itself rather than wait for one its
        preview outranks) or it is cancelled. None: nobody composes it, or that compose
        ended without a result."""
        from ..unit_vectors import PREVIEW

        cancelled = getattr(vectors, "cancelled", None)
        seen = False
        while True:
            with self._lock:
                event = self._flights.get(key)
            if event is None:  # nobody composes it, or a flight landed meanwhile: its result
                return self.get(key) if seen else None
            seen = True
            if getattr(vectors, "priority", PREVIEW) >= PREVIEW or (
                    cancelled is not None and cancelled()):
                return None
            if event.wait(0.01):
                return self.get(key)

    def get(self, key: Hashable) -> Kept | None:
        with self._lock:
            kept = self._items.get(key)
            if kept is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return kept

    def put(self, key: Hashable, kept: Kept) -> None:
        with self._lock:
            self._items[key] = kept
            self._items.move_to_end(key)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


_by_vectors: weakref.WeakKeyDictionary[Any, Memo] = weakref.WeakKeyDictionary()
_by_vectors_lock = threading.Lock()


def memo_of(vectors: Any) -> Memo | None:
    """The memo that goes with a vectors cache (a warm-up's view: its cache's): results
    are kept as long as the vectors they were composed with, so the console's callers,
    which share the project's vectors, share its results, and a fresh cache is a fresh
    start (None: no vectors object to keep them with)."""
    base = getattr(vectors, "vectors", vectors)
    if base is None:
        return None
    with _by_vectors_lock:
        try:
            memo = _by_vectors.get(base)
            if memo is None:
                memo = _by_vectors[base] = Memo()
        except TypeError:  # not weakly referable: nothing to keep results with
            return None
        return memo
