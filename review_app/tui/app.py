"""The review console app, shared by the CLI (`run_console`) and the tests."""

from __future__ import annotations

import threading
import time
from functools import partial

from textual.app import App
from textual.binding import Binding
from textual.notifications import SeverityLevel

from ..core.embedding import Embedder
from ..core.pipeline import ScanOptions, ScanResult
from ..core.project import Project
from .context import ConsoleContext
from .messages import NoticesWanted, RescanWanted, ScanFinished
from .screens.review import ReviewScreen
from .screens.scan import ScanScreen, project_label
from .warming import Following


class ReviewApp(App[int]):
    """`autostart=False` leaves the scan worker unstarted (tests post progress themselves)."""

    CSS_PATH = "app.tcss"
    TITLE = "bm-review"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(self, project: Project, options: ScanOptions | None = None, *,
                 embedder: Embedder | None = None, autostart: bool = True,
                 since: str | None = None) -> None:
        super().__init__()
        self.context = ConsoleContext(project, options or ScanOptions(), embedder, since)
        self.autostart = autostart
        self.sub_title = project_label(project)
        self.notices_shown: set[str] = set()  # a scan's notice is said once per console run
        # Notifications on screen by kind (title): message, severity, markup, end time.
        self._toasts: dict[str, tuple[str, SeverityLevel, bool, float]] = {}
        self._toasts_lock = threading.Lock()  # notify is called from workers too

    @property
    def project(self) -> Project:
        return self.context.project

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """One notification per kind (its title): three `[` left three "Regrouped" stacked
        over the preview; a new one of a kind shown replaces it, the others stay."""
        timeout = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        kind = title or message
        with self._toasts_lock:
            now = time.monotonic()
            alive = {k: v for k, v in self._toasts.items() if v[3] > now}
            if kind in alive:  # Textual removes one toast only through private calls
                del alive[kind]
                # Queued, not called: a notification posted before must not land after it.
                self.call_later(partial(App.clear_notifications, self))
                for other, (msg, sev, mk, ends) in alive.items():
                    super().notify(msg, title="" if other == msg else other, severity=sev,
                                   timeout=ends - now, markup=mk)
            alive[kind] = (message, severity, markup, now + timeout)
            self._toasts = alive
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def clear_notifications(self) -> None:
        with self._toasts_lock:
            self._toasts = {}
        super().clear_notifications()

    def on_mount(self) -> None:
        self.push_screen(ScanScreen(self.context, autostart=self.autostart))

    def on_scan_finished(self, event: ScanFinished) -> None:
        """The scan screen's result (the message bubbles up from it): open the review."""
        if self.context.audit is None and event.audit is not None:
            self.context.audit = event.audit  # on the UI thread, once per run
        self.show_review(event.result, event.window, event.label)
        self.show_notices(event.result.notices)

    def show_notices(self, notices: list[str], *, title: str = "Scan",
                     timeout: float = 20) -> None:
        """What the CLI prints on stderr (e.g. basic-memory's vectors not used, and why,
        or the unit-vector cache turned off): a notification that outlives the switch to
        the review; a re-scan after an apply (a new review screen) does not repeat it."""
        for notice in notices:
            if notice not in self.notices_shown:
                self.notices_shown.add(notice)
                self.notify(notice, title=title, severity="warning", timeout=timeout)

    def on_notices_wanted(self, event: NoticesWanted) -> None:
        self.show_notices(event.notices, title=event.title, timeout=event.timeout)

    def show_review(self, result: ScanResult, window: set[str] | None = None,
                    window_label: str = "") -> None:
        label = project_label(self.project)
        self.sub_title = f"{label} · audit {window_label}" if window is not None else label
        self.switch_screen(ReviewScreen(result, self.context, window, window_label))

    def on_rescan_wanted(self, event: RescanWanted) -> None:
        self.rescan()

    def rescan(self) -> None:
        """After an apply: scan again (the index is cached, so only changed notes re-embed)."""
        self.switch_screen(ScanScreen(self.context))

    async def action_quit(self) -> None:
        self.exit(0)

    def on_unmount(self) -> None:
        self.context.syncer.wait()  # every decision on disk before the console is gone
        Following.stop_current()  # stops between chunks (atexit waits for it)


def run_console(project: Project, options: ScanOptions, since: str | None = None) -> int:
    app = ReviewApp(project, options, since=since)
    try:
        return app.run() or 0
    finally:
        app.context.syncer.wait()  # however the console ended: every decision on disk
