"""Batches the pipeline's per-note progress into a few UI messages."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..core.pipeline import Progress
from .messages import ScanProgress

MIN_INTERVAL_S = 0.1


class ProgressRelay:
    """Called from the scan thread for every note; posts at most one `ScanProgress` every
    `interval` seconds, plus phase changes and phase ends, with an ETA while embedding."""

    def __init__(self, post: Callable[[ScanProgress], object], interval: float = MIN_INTERVAL_S,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.post = post
        self.interval = interval
        self.clock = clock
        self.phase = ""
        self.phase_start = 0.0
        self.first_done = 0
        self.last_post = float("-inf")
        self.posted = 0

    def __call__(self, event: Progress) -> None:
        now = self.clock()
        new_phase = event.phase != self.phase
        if new_phase:
            self.phase = event.phase
            self.phase_start = now
            self.first_done = event.done
        finished = event.total > 0 and event.done >= event.total
        if not (new_phase or finished or now - self.last_post >= self.interval):
            return
        self.last_post = now
        self.posted += 1
        self.post(ScanProgress(event.phase, event.done, event.total, self._eta(event, now)))

    def _eta(self, event: Progress, now: float) -> float | None:
        done = event.done - self.first_done
        if event.phase not in ("embed", "units") or done <= 0 or event.total <= 0:
            return None
        return (now - self.phase_start) / done * (event.total - event.done)
