"""A progress bar on stderr for long phases; silent when stderr is not a terminal."""

from __future__ import annotations

import sys
import time

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)

from ..core.pipeline import Progress as ScanProgress

_LABELS = {"read": "Reading notes", "embed": "Embedding", "search": "Searching",
           "group": "Grouping"}


class StderrProgress:
    """Feeds pipeline progress events into a Rich bar, shown only after `delay` seconds
    so that quick (cached) scans print nothing."""

    def __init__(self, delay: float = 0.5, enabled: bool | None = None) -> None:
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.delay = delay
        self._bar: Progress | None = None
        self._task = TaskID(0)  # the bar's task, once there is a bar
        self._phase = ""
        self._start = time.monotonic()

    def __call__(self, event: ScanProgress) -> None:
        if not self.enabled or event.total <= 0:
            return
        if event.phase != self._phase:
            self._phase = event.phase
            self._start = time.monotonic()
            if self._bar is not None:
                self._bar.update(self._task, description=_LABELS.get(event.phase, event.phase),
                                 total=event.total, completed=event.done)
                return
        if self._bar is None:
            if time.monotonic() - self._start < self.delay or event.done >= event.total:
                return
            self._bar = Progress(TextColumn("{task.description}"), BarColumn(),
                                 MofNCompleteColumn(), TimeRemainingColumn(),
                                 console=Console(stderr=True), transient=True)
            self._bar.start()
            self._task = self._bar.add_task(_LABELS.get(event.phase, event.phase),
                                            total=event.total)
        self._bar.update(self._task, total=event.total, completed=event.done)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None

    def __enter__(self) -> StderrProgress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
