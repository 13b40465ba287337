"""What the console's warm worker does for the group on screen and the next ones:
compose each one's merge and update results exactly as the preview does (compose_written)
and keep them (results.Results), so `v` on a group the warm-up reached paints the kept
result at once instead of composing; then embed every other text of those groups a
compose may ask for (a flip, another canonical).

Composing first: a compose embeds 15-40 of a 3 x 600-word group's ~150 texts, and a `v`
during it waits for it (results.Flight) instead of composing beside it. (When a `v`
composed on its own beside the warm-up's compose, embedding first was faster.)
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import numpy as np

from ..core.grouping import Group
from ..core.merge.memo import memo_of
from ..core.merging import prefetch_units
from ..core.notes import Note
from ..core.pipeline import ScanResult
from ..core.unit_vectors import AHEAD, SETTLED, Cancelled, UnitVectors, WarmVectors
from .results import Results
from .targets import targets_of
from .view import PreviewRequest

if TYPE_CHECKING:
    from .widgets.merge_view import Written

_running = threading.Lock()  # one warm-up of the process embeds or composes at a time


@dataclass
class WarmJob:
    notes: list[Note]  # every note of the group
    # The merge and update requests as the preview will make them, without `targets`:
    requests: list[PreviewRequest] = field(default_factory=list)
    # the project's link index as the preview passes it, asked for in the worker: built
    # once per scan, it takes seconds on a big project and must not hold up a paint.
    targets: Callable[[], dict[str, str]] | None = None
    results: Results | None = None  # where the composed results are kept
    # builds a result's texts as the preview draws them (Preview.paint_ahead), here
    # rather than on the UI thread when `v` shows it
    paint: Callable[[Written], None] | None = None


class _View:
    """The vectors a warm-up's compose embeds through, at a priority a `v` waiting for
    its result raises (results.Flight.promote): a call under way at the old priority
    stops between chunks and goes on at the new one, so it never waits behind the very
    preview that waits for it."""

    def __init__(self, vectors: UnitVectors, priority: int,
                 cancelled: Callable[[], bool]) -> None:
        self.vectors = vectors
        self.priority = priority
        self.cancelled = cancelled

    @property
    def embedder(self) -> object:
        return self.vectors.embedder

    def ensure(self, texts: list[str]) -> None:
        while True:
            p = self.priority

            def stop(p: int = p) -> bool:
                return self.cancelled() or self.priority != p

            self.vectors.wait_turn(p, stop)  # even when all are cached
            if not stop():
                self.vectors.ensure(texts, priority=p, cancelled=stop)
            if self.cancelled():
                raise Cancelled
            if self.priority == p:
                return

    def matrix(self, texts: list[str]) -> np.ndarray:
        self.ensure(texts)
        return self.vectors._rows(texts)


def warm(jobs: list[WarmJob], vectors: UnitVectors, cancelled: Callable[[], bool]) -> None:
    """The first job (the settled group) at SETTLED, the rest at AHEAD, in one thread, one
    small batch at a time (UnitVectors.ensure). Never raises: a group that cannot be
    composed shows its own error in the preview."""
    # A cursor that settles elsewhere starts a new warm-up while the cancelled one
    # finishes the batch it is in: the new one waits for it, so one batch at most runs.
    while not _running.acquire(timeout=0.05):
        if cancelled():
            return
    try:
        _warm(jobs, vectors, cancelled)
    finally:
        _running.release()


def _warm(jobs: list[WarmJob], vectors: UnitVectors, cancelled: Callable[[], bool]) -> None:
    ranked = [(job, SETTLED if k == 0 else AHEAD) for k, job in enumerate(jobs)]
    # The results first, every group's merge before any update: `v` shows the merge, the
    # update needs a second `v`; an update composed first is ~0.1 s of Python on the GIL
    # beside the UI thread's moves, ahead of the next group's merge.
    for mode in ("merge", "update"):
        for job, priority in ranked:
            if cancelled():
                return
            _compose(job, vectors, priority, cancelled, mode)
    for job, priority in ranked:  # then what a flip or another canonical may ask for
        if cancelled():
            return
        try:
            prefetch_units(job.notes, vectors, priority=priority, cancelled=cancelled)
        except Exception:  # noqa: BLE001 - a warm-up is only ever a head start
            return


def _compose(job: WarmJob, vectors: UnitVectors, priority: int,
             cancelled: Callable[[], bool], mode: str) -> None:
    from .widgets.merge_view import compose_written

    try:
        targets = job.targets() if job.targets else None
        for request in job.requests:
            if not request.others or request.mode != mode:
                continue
            request = replace(request, targets=targets)
            if job.results is not None and job.results.has(request):
                continue  # composed before (the preview, or an earlier warm-up)
            vectors.wait_turn(priority, cancelled)  # a preview composing has the CPU
            if cancelled():
                return
            # The view's priority is raised when a `v` waits for this result (Flight).
            view = _View(vectors, priority, cancelled)
            flight = job.results.take_off(request, view) if job.results is not None else None
            try:
                written = compose_written(request, view)
                if job.paint is not None and not cancelled():
                    job.paint(written)
                if job.results is not None and not cancelled():
                    job.results.put(written)
            finally:
                if flight is not None and job.results is not None:
                    job.results.land(request, flight)
    except Cancelled:
        return
    except Exception:  # noqa: BLE001 - a warm-up is only ever a head start
        return


LOAD_TEXTS = 1000
"""Distinct unit texts the console's load asks for before the table shows (group_units),
cached or not (merging.prefetch_texts lists each once: counted with their repeats, a
3 x 600-word group's ~200 texts counted ~450 and the budget ran out after two groups).
~6 ms of the model's CPU a text on idle cores (bench/preview_profile.py: 186 texts,
1.1 s), so a first session's table waits ~6 s more at most, with a progress bar: the
whole demo (~650 texts), about the first five groups of three 600-word notes. 2,000 was
judged too long a wait before a person sees anything. On a re-scan, that many reads
from the store. Past it the load's follow-up and the warm-up embed what the compose of
each group asks for, group by group from the one on screen."""


def group_units(result: ScanResult, vectors: UnitVectors,
                progress: Callable[[int, int], None] | None = None,
                cancelled: Callable[[], bool] = lambda: False,
                budget: int | None = None) -> int:
    """Before the table shows, every text a compose of each listed group may embed
    (merging.prefetch_texts: units, observations as said, headings), group by group in
    listing order, into `vectors` (memory and the project's store, where the next
    session and `apply --plan` read them), so a merge or update preview of any of them,
    whatever canonical, kept file or flips, needs no model: `v` at once on a group
    nobody has looked at waits only for the compose's Python. A text already stored is
    read, not embedded. Stops once the groups' texts reach `budget`, or on `cancelled()`
    between groups. `progress(done, total)` in texts, the total estimated from the groups
    done so far (0 before the first: not known yet). Returns the texts embedded."""
    from ..core.merging import prefetch_texts

    budget = LOAD_TEXTS if budget is None else budget
    asked = 0
    before = vectors.embedded
    groups = result.groups
    for k, group in enumerate(groups):
        if cancelled() or asked >= budget:
            break
        if progress:
            progress(asked, min(budget, asked + (len(groups) - k) * asked // k) if k else 0)
        texts = prefetch_texts([result.notes[p] for p in group.paths if p in result.notes])
        vectors.ensure(texts)  # one batch: nothing else embeds before the table shows
        asked += len(texts)
    if progress:
        progress(max(asked, 1), max(asked, 1))
    return vectors.embedded - before


FIRST_GROUPS = 2
"""Groups whose merge the console's load composes before the table shows (first_units)."""
FIRST_CHARS = 40_000
"""A group with more text is left to the warm-up: its compose would hold up the table
(a 3 x 600-word group is ~12-18 thousand characters, ~0.3 s with its embedding)."""


def _merge_inputs(result: ScanResult, group: Group) -> tuple[Note, list[Note], Note] | None:
    """A listed group's merge as the console composes it by default, or None when there
    is nothing to merge or it is too big to compose ahead (FIRST_CHARS)."""
    from ..core.grouping import staying

    paths = list(group.paths)
    kept = group.kept if group.kept in paths else group.canonical
    stay = staying(paths, kept, result.notes)
    others = [result.notes[p] for p in paths if p != group.canonical
              and (p == kept or p not in stay)]
    if not others or sum(len(result.notes[p].text) for p in paths) > FIRST_CHARS:
        return None
    return result.notes[group.canonical], others, result.notes[kept]


def first_units(result: ScanResult, vectors: UnitVectors, count: int = FIRST_GROUPS) -> int:
    """Compose the merge of the first `count` listed groups once, right after the scan
    and before the table shows, so the unit vectors it embeds (~35 texts a 3 x 600-word
    group, ~0.2 s of the model) are in `vectors` (memory and the project's store) when
    `v` or `j v` comes at once: the warm-up then composes those groups with no model on
    the path. The result is not kept (the console's own request may differ: a link index,
    a kept file chosen); only its vectors are wanted. Returns the texts embedded."""
    before = vectors.embedded
    targets = targets_of(result.notes)  # as the preview resolves relations: one result
    for group in result.groups[:count]:
        _head_start(result, group, vectors, vectors, targets)
    return vectors.embedded - before


FOLLOW_GROUPS = 12
"""Listed groups after the first ones whose merge units the load's follow-up embeds."""
FOLLOW_TEXTS = 2400
"""And at most this many texts (~8 s of the model on idle cores, in the background): 12
groups of three 600-word notes whether a compose embeds ~50 of a group's texts or, as a
compose embedding every unit and heading does, ~200; a big project's load costs the same
bounded work."""
FOLLOW_NEAR = 3
"""The last listed group (`G`, one key away) comes after this many of the next ones."""


def follow_order(count: int, start: int = FIRST_GROUPS) -> list[int]:
    """Listed-group indices the follow-up composes, nearest to the cursor (row 0) in keys
    first: the rows below it in order, the last row (`G`) after FOLLOW_NEAR of them."""
    order = list(range(start, count))[:FOLLOW_GROUPS]
    if count - 1 >= start and count - 1 not in order[:FOLLOW_NEAR]:
        if count - 1 in order:
            order.remove(count - 1)
        order.insert(min(FOLLOW_NEAR, len(order)), count - 1)
    return order


def follow_units(result: ScanResult, vectors: UnitVectors,
                 cancelled: Callable[[], bool] = lambda: False) -> int:
    """Compose the merges of the listed groups after the first ones (follow_order) once,
    at the warm-up's lowest priority (AHEAD: a preview or the warm-up of the group on
    screen has the model first), so `v` at once on any of them finds its unit vectors
    cached (memory and the project's store, for the next session and `apply --plan`).
    Stops at FOLLOW_TEXTS texts embedded or on `cancelled()`. Returns the texts embedded."""
    before = vectors.embedded
    view = vectors.at(AHEAD, cancelled)
    targets = targets_of(result.notes)
    for index in follow_order(len(result.groups)):
        if cancelled() or vectors.embedded - before >= FOLLOW_TEXTS:
            break
        try:
            _head_start(result, result.groups[index], view, vectors, targets)
        except Cancelled:
            break
    return vectors.embedded - before


def _head_start(result: ScanResult, group: Group, view: UnitVectors | WarmVectors,
                vectors: UnitVectors,
                targets: dict[str, str]) -> None:
    """Compose one group's merge through `view` and keep it in `vectors`' memo, as the
    preview would; a failure is the preview's to show (Cancelled goes to the caller)."""
    from ..core.merging import compose

    inputs = _merge_inputs(result, group)
    if inputs is None:
        return
    canonical, others, kept = inputs
    try:
        compose("merge", canonical, others, kept=kept, vectors=view, targets=targets,
                memo=memo_of(vectors))
    except Cancelled:
        raise
    except Exception:  # noqa: BLE001 - a head start only; the preview shows any error
        return


class Following:
    """The load's follow-up (follow_units) in a thread of its own, started when the table
    is about to show so it works while the table paints; a new load or the process's
    exit stops it between two embedding chunks or composes."""

    _current: Following | None = None
    _started: list[Following] = []  # the process's follow-ups still running or not joined
    _lock = threading.Lock()

    def __init__(self, result: ScanResult, vectors: UnitVectors) -> None:
        self.stop = threading.Event()
        self.embedded = 0
        self.thread = threading.Thread(target=self._run, args=(result, vectors),
                                       name="load-follow-up", daemon=True)

    def _run(self, result: ScanResult, vectors: UnitVectors) -> None:
        self.embedded = follow_units(result, vectors, self.stop.is_set)

    @classmethod
    def start(cls, result: ScanResult, vectors: UnitVectors) -> Following:
        with cls._lock:
            if cls._current is not None:
                cls._current.stop.set()
            cls._current = follow = cls(result, vectors)
            cls._started = [f for f in cls._started if f.thread.is_alive()] + [follow]
        follow.thread.start()
        return follow

    @classmethod
    def stop_current(cls, wait_s: float = 0.0) -> None:
        """Stop every follow-up still running (a stopped one ends its chunk first) and
        wait up to `wait_s` for each."""
        with cls._lock:
            running = list(cls._started)
        for follow in running:
            follow.stop.set()
        for follow in running:
            follow.thread.join(wait_s)


# At exit the follow-up is stopped and waited for (one chunk, well under a second): a
# daemon thread left inside the model when the interpreter tears it down aborts the
# process ("terminate called without an active exception").
atexit.register(Following.stop_current, 30.0)
