"""What the console's warm workers do for one group: embed its units, then compose its
merge and update so that the few texts only a compose asks for (clauses of sentences)
are made too. The preview that follows runs on cached vectors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from ..core.merging import compose, prefetch_units
from ..core.notes import Note
from ..core.unit_vectors import Cancelled, UnitVectors


@dataclass
class WarmJob:
    notes: list[Note]  # every note of the group
    canonical: Note  # compose's inputs, as the preview will pass them
    others: list[Note]
    kept: Note
    # The project's link index as the preview passes it, asked for in the worker: built
    # once per scan, it takes seconds on a big project and must not hold up a paint.
    targets: Callable[[], dict[str, str]] | None = None


def warm(job: WarmJob, vectors: UnitVectors, priority: int,
         cancelled: Callable[[], bool]) -> None:
    """Never raises: a group that cannot be composed shows its own error in the preview."""
    try:
        prefetch_units(job.notes, vectors, priority=priority, cancelled=cancelled)
        if not job.others or cancelled():
            return
        # A WarmVectors answers compose's calls as the UnitVectors it wraps (at a priority).
        view = cast(UnitVectors, vectors.at(priority, cancelled))
        targets = job.targets() if job.targets else None
        for action in ("merge", "update"):
            compose(action, job.canonical, job.others, kept=job.kept, vectors=view,
                    targets=targets)
    except Cancelled:
        return
    except Exception:  # noqa: BLE001 - a warm-up is only ever a head start
        return
