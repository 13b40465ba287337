"""What the console's warm worker does for the group on screen and the next ones: compose
each group's merge and update, which embeds exactly the texts a preview of it asks for
(clauses of sentences included), then embed every other text a compose may ask for (a
flipped choice, another canonical), so the preview that follows runs on cached vectors.

Composing first, not embedding every text first: a compose embeds 15-40 of a 3 x
600-word group's ~150 texts, so a `v` pressed soon after the cursor rests finds them
made (or half made, the rest its own compose embeds) instead of waiting for texts it
never asks for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ..core.merging import compose, prefetch_units
from ..core.notes import Note
from ..core.unit_vectors import AHEAD, SETTLED, Cancelled, UnitVectors


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
    ranked = [(job, SETTLED if k == 0 else AHEAD) for k, job in enumerate(jobs)]
    for job, priority in ranked:
        if cancelled():
            return
        _compose(job, vectors, priority, cancelled)
    for job, priority in ranked:
        if cancelled():
            return
        try:
            prefetch_units(job.notes, vectors, priority=priority, cancelled=cancelled)
        except Exception:  # noqa: BLE001 - a warm-up is only ever a head start
            return


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
