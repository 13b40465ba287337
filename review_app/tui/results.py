"""Merge/update results already composed, by exactly what they were composed from, so
that `v` on a group the warm-up composed (or the preview showed before) paints at once.

The key is every input of compose_written: mode, group, each note's path and content
hash (canonical, others, kept), the person's ledger flips and the link index. A decision,
a `c`/`K`/`x`, a flip or a changed note gives another key, so a stale result is never
found. A result the person edited with `e` is not kept (it is written as saved).

A result the warm-up is composing right now is a `Flight`: a `v` for it raises the
warm-up's compose to the preview's priority and waits for it, rather than compose the
same group a second time beside it (two composes on the GIL take twice as long).

Thread-safe: the warm-up's worker puts, the preview's worker and the UI thread get.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..core.dating import utc_now
from ..core.frontmatter_edit import refresh_modified, split_frontmatter
from ..core.notes import Note
from .view import PreviewRequest

if TYPE_CHECKING:
    from .widgets.merge_view import Written

LIMIT = 48
"""Results kept (least recently used dropped): the warm-up makes two per group for the
settled group and the next ones."""

Key = tuple[object, ...]


class Flight:
    """A result being composed by the warm-up: `vectors` is the view its compose embeds
    through (unit_vectors.WarmVectors; its `priority` is read at every call), `done` is
    set when the compose ended, kept or not."""

    def __init__(self, vectors: Any) -> None:
        self.vectors = vectors
        self.done = threading.Event()

    def promote(self) -> None:
        """Someone waits for this result: its compose embeds at the preview's priority."""
        from ..core.unit_vectors import PREVIEW

        self.vectors.priority = PREVIEW


def _note(n: Note) -> tuple[str, str]:
    return (n.path, n.sha256)


def result_key(request: PreviewRequest) -> Key | None:
    """What a composed result depends on; None: not kept (a diff, an edited text)."""
    if (request.mode not in ("merge", "update") or request.canonical is None
            or request.kept is None or not request.others or request.text is not None):
        return None
    return (request.mode, request.group_id, _note(request.canonical),
            tuple(_note(o) for o in request.others), _note(request.kept),
            tuple(sorted(request.choices.items())), id(request.targets))


class Results:
    """Composed results by `result_key` (see the module doc)."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._items: OrderedDict[Key, Written] = OrderedDict()
        self._flights: dict[Key, Flight] = {}
        self._lock = threading.Lock()
        self.hits = 0  # results served from here (tests and the bench read it)

    def put(self, written: Written) -> None:
        key = result_key(written.request)
        if key is None:
            return
        with self._lock:
            self._items[key] = written
            self._items.move_to_end(key)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)

    def take_off(self, request: PreviewRequest, vectors: Any) -> Flight:
        """The warm-up starts composing `request` (pair with `land`)."""
        flight = Flight(vectors)
        key = result_key(request)
        if key is not None:
            with self._lock:
                self._flights[key] = flight
        return flight

    def land(self, request: PreviewRequest, flight: Flight) -> None:
        key = result_key(request)
        with self._lock:
            if key is not None and self._flights.get(key) is flight:
                del self._flights[key]
        flight.done.set()

    def flight(self, request: PreviewRequest) -> Flight | None:
        """The warm-up's compose of `request` under way, if any."""
        key = result_key(request)
        with self._lock:
            return self._flights.get(key) if key is not None else None

    def has(self, request: PreviewRequest) -> bool:
        key = result_key(request)
        with self._lock:
            return key is not None and key in self._items

    def get(self, request: PreviewRequest) -> Written | None:
        """The result for `request`, its date stamped now as a compose now would, where
        compose dated it (the rest is what compose made of the same inputs)."""
        key = result_key(request)
        if key is None:
            return None
        with self._lock:
            w = self._items.get(key)
            if w is None:
                return None
            self._items.move_to_end(key)
            self.hits += 1
        if not w.composed.dated:  # nothing written into the kept file: no date either
            return replace(w, request=request)
        head, body = split_frontmatter(w.composed.text)
        text = refresh_modified(head, utc_now()) + body
        return replace(w, request=request, composed=replace(w.composed, text=text))

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
