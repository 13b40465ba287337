"""The review console app, shared by the CLI (`run_console`) and the tests."""

from __future__ import annotations

import threading

from textual.app import App
from textual.binding import Binding

from ..core.embedding import Embedder
from ..core.pipeline import ScanOptions, ScanResult
from ..core.project import Project
from .screens.review import ReviewScreen
from .screens.scan import ScanScreen, project_label
from .session import ConsoleAudit


class ReviewApp(App[int]):
    """`autostart=False` leaves the scan worker unstarted (tests post progress themselves)."""

    CSS_PATH = "app.tcss"
    TITLE = "bm-review"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(self, project: Project, options: ScanOptions | None = None, *,
                 embedder: Embedder | None = None, autostart: bool = True,
                 since: str | None = None) -> None:
        super().__init__()
        self.project = project
        self.options = options or ScanOptions()
        self.since = since  # audit window (--since): its groups are listed first
        self.audit: ConsoleAudit | None = None  # made on the first scan (with --since)
        self.embedder = embedder
        self.autostart = autostart
        self.sub_title = project_label(project)
        self._embedder_lock = threading.Lock()

    def get_embedder(self, model: str) -> Embedder:
        """One model per app, loaded in the scan thread on first use, reused by re-scans."""
        with self._embedder_lock:
            if self.embedder is None:
                self.embedder = Embedder(model)
            return self.embedder

    def on_mount(self) -> None:
        self.push_screen(ScanScreen(self.project, self.options, autostart=self.autostart))

    def show_review(self, result: ScanResult, window: set[str] | None = None,
                    window_label: str = "") -> None:
        label = project_label(self.project)
        self.sub_title = f"{label} · audit {window_label}" if window is not None else label
        self.switch_screen(ReviewScreen(result, window, window_label, self.audit))

    def rescan(self) -> None:
        """After an apply: scan again (the index is cached, so only changed notes re-embed)."""
        self.switch_screen(ScanScreen(self.project, self.options))

    def action_quit(self) -> None:
        self.exit(0)


def run_console(project: Project, options: ScanOptions, since: str | None = None) -> int:
    return ReviewApp(project, options, since=since).run() or 0
