"""The review console app, shared by the CLI (`run_console`) and the tests."""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding

from ..core.embedding import Embedder
from ..core.pipeline import ScanOptions, ScanResult
from ..core.project import Project
from .context import ConsoleContext
from .messages import RescanWanted, ScanFinished
from .screens.review import ReviewScreen
from .screens.scan import ScanScreen, project_label


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

    @property
    def project(self) -> Project:
        return self.context.project

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

    def action_quit(self) -> None:
        self.exit(0)


def run_console(project: Project, options: ScanOptions, since: str | None = None) -> int:
    return ReviewApp(project, options, since=since).run() or 0
