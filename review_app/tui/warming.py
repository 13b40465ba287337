"""What the console's warm worker does for the group on screen and the next ones: embed
each group's units, then compose its merge and update so that the few texts only a
compose asks for (clauses of sentences) are made too. The preview that follows runs on
cached vectors.

Embedding first, composing after: a compose is Python on the GIL and would slow the
table's painting and a preview's own compose; the model's batches are not (measured
with `tui_bench.py --preview`: composing first made a `v` at once slower).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ..core.merging import compose, prefetch_units
from ..core.notes import Note
from ..core.unit_vectors import AHEAD, SETTLED, Cancelled, UnitVectors

_running = threading.Lock()  # one warm-up of the process embeds or composes at a time


@dataclass
class WarmJob:
    notes: list[Note]  # every note of the group
    canonical: Note  # compose's inputs, as the preview will pass them
    others: list[Note]
    kept: Note
    # The project's link index as the preview passes it, asked for in the worker: built
    # once per scan, it takes seconds on a big project and must not hold up a paint.
    targets: Callable[[], dict[str, str]] | None = None


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
    for k, job in enumerate(jobs):
        if cancelled():
            return
        priority = SETTLED if k == 0 else AHEAD
        try:
            prefetch_units(job.notes, vectors, priority=priority, cancelled=cancelled)
        except Exception:  # noqa: BLE001 - a warm-up is only ever a head start
            return
        if not cancelled():
            _compose(job, vectors, priority, cancelled)


def _compose(job: WarmJob, vectors: UnitVectors, priority: int,
             cancelled: Callable[[], bool]) -> None:
    if not job.others:
        return
    try:
        # A WarmVectors answers compose's calls as the UnitVectors it wraps (at a priority).
        view = cast(UnitVectors, vectors.at(priority, cancelled))
        targets = job.targets() if job.targets else None
        for action in ("merge", "update"):
            vectors.wait_turn(priority, cancelled)  # a preview composing has the CPU
            if cancelled():
                return
            compose(action, job.canonical, job.others, kept=job.kept, vectors=view,
                    targets=targets)
    except Cancelled:
        return
    except Exception:  # noqa: BLE001 - a warm-up is only ever a head start
        return
