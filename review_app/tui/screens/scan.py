"""The scan screen: runs the pipeline in a thread worker and shows its phases."""

from __future__ import annotations

import gc
import threading
import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, ProgressBar, Static
from textual.worker import Worker

from ...core.audit_window import start_audit
from ...core.bm_vectors import BasicMemoryUnavailable
from ...core.pipeline import Progress, ScanCancelled, scan
from ...core.project import Project
from ...core.unit_vectors import shared_vectors
from ..context import ConsoleContext
from ..messages import ScanFailed, ScanFinished, ScanProgress
from ..progress import ProgressRelay
from ..warming import Following, first_units, group_units
from ..widgets.header import ConsoleHeader
from ..workers import background, report_failure


def project_label(project: Project) -> str:
    """The project's name, else its folder name: never an absolute path (screenshots, privacy)."""
    return project.name or project.root.name

PHASES = (("read", "Reading notes"), ("embed", "Embedding"), ("search", "Searching"),
          ("group", "Grouping"))
AFTER = {"units": "Preparing merges"}
"""Work after the scan's phases, before the table shows (the load's group_units): every
phase above is done, the detail line names it."""


def eta_text(seconds: float | None) -> str:
    if seconds is None:
        return ""
    if seconds < 60:
        return f" · about {max(1, round(seconds))} s left"
    return f" · about {round(seconds / 60)} min left"


class ScanScreen(Screen):
    BINDINGS = [
        Binding("escape", "cancel", "Cancel scan"),
        Binding("ctrl+c", "cancel", "Cancel scan", show=False, priority=True),
        Binding("r", "retry", "Scan again"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, context: ConsoleContext, *, autostart: bool = True) -> None:
        super().__init__()
        self.context = context
        self.project = context.project
        self.options = context.options
        self.autostart = autostart
        self._phase_start = time.monotonic()
        self._last: ScanProgress | None = None
        self.cancel_event = threading.Event()
        self.phase = ""
        self.finished = False
        self.failed: ScanFailed | None = None

    def compose(self) -> ComposeResult:
        yield ConsoleHeader()
        with Vertical(id="scan-box"):
            yield Static(f"Scanning [b]{project_label(self.project)}[/b] for duplicate notes",
                         id="scan-title")
            yield Static(id="scan-phases")
            yield ProgressBar(total=None, show_eta=False, id="scan-bar")
            yield Static(id="scan-detail")
        yield Footer()

    def on_mount(self) -> None:
        self._render_phases()
        self.set_interval(1.0, self._tick)
        if self.autostart:
            self.start()

    def _tick(self) -> None:
        """Before the first figure of a phase arrives (the first embedding batch can take
        a while), the time spent so far shows that the scan is working."""
        last = self._last
        if (last is None or self.failed is not None or self.finished
                or (last.total > 0 and last.done > 0)):
            return
        label = {**dict(PHASES), **AFTER}.get(last.phase, last.phase)
        waited = time.monotonic() - self._phase_start
        size = f" {last.done}/{last.total}" if last.total > 0 else "…"
        self.query_one("#scan-detail", Static).update(
            f"{label}{size} · {waited:.0f} s so far, first batch under way")

    def start(self) -> None:
        gc.unfreeze()  # let the previous scan's result be freed once it is replaced
        self.cancel_event = threading.Event()
        self.failed = None
        self.phase = ""
        self._render_phases()
        self.query_one("#scan-detail", Static).update("")
        self.run_scan()
        self.refresh_bindings()

    @background("scan")
    def run_scan(self) -> None:
        ctx = self.context
        relay = ProgressRelay(self.post_message)
        try:
            embedder = ctx.get_embedder()
            result = scan(self.project, self.options, progress=relay, cancel=self.cancel_event,
                          embedder=embedder)
            # Every listed group's merge vectors (to a budget), so a `v` at once on any
            # group has no model on its path; then the first groups' merges composed.
            vectors = shared_vectors(result.project.state)
            group_units(result, vectors, lambda d, t: relay(Progress("units", d, t)),
                        self.cancel_event.is_set)
            if self.cancel_event.is_set():
                raise ScanCancelled()
            first_units(result, vectors)
            window, label, audit = None, "", ctx.audit
            if ctx.since:
                # One audit per console run: a re-scan after an apply keeps its window.
                audit = audit or start_audit(result, ctx.since, self.options)
                window, label = audit.window(result), audit.label
        except ScanCancelled:
            self.post_message(ScanFailed("scan cancelled", cancelled=True))
        except BasicMemoryUnavailable as exc:  # --vectors basic-memory, and it cannot serve
            self.post_message(ScanFailed(f"basic-memory's vectors cannot be used: {exc}"))
        except Exception as exc:  # shown on screen; the console stays up
            self.post_message(ScanFailed(f"{type(exc).__name__}: {exc}"))
        else:
            # The result (millions of objects) lives as long as the review; moved out of the
            # collector's sight, it no longer costs ~300 ms full collections while moving
            # through a large project's groups.
            gc.collect()
            gc.freeze()
            # The next groups' merge vectors, in the background while the table paints.
            Following.start(result, shared_vectors(result.project.state))
            self.post_message(ScanFinished(result, window, label, audit))

    def _render_phases(self) -> None:
        order = [p for p, _ in PHASES]
        current = order.index(self.phase) if self.phase in order else (
            len(order) if self.phase in AFTER else -1)
        text = Text()
        for i, (_key, label) in enumerate(PHASES):
            if i < current or self.finished:
                text.append(f" ✔ {label}\n", style="green")
            elif i == current:
                text.append(f" ▶ {label}\n", style="bold")
            else:
                text.append(f" · {label}\n", style="dim")
        self.query_one("#scan-phases", Static).update(text)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        report_failure(self, event)

    def on_scan_progress(self, event: ScanProgress) -> None:
        if event.phase != self.phase:
            self.phase = event.phase
            self._phase_start = time.monotonic()
            self._render_phases()
        self._last = event
        bar = self.query_one("#scan-bar", ProgressBar)
        label = {**dict(PHASES), **AFTER}.get(event.phase, event.phase)
        if event.total > 0:
            bar.update(total=event.total, progress=event.done)
            detail = f"{label} {event.done}/{event.total}{eta_text(event.eta_s)}"
        else:
            bar.update(total=None)
            detail = f"{label}…"
        self.query_one("#scan-detail", Static).update(detail)

    def on_scan_failed(self, event: ScanFailed) -> None:
        self.failed = event
        style = "yellow" if event.cancelled else "bold red"
        hint = "r: scan again · q: quit"
        self.query_one("#scan-detail", Static).update(
            Text.assemble((event.error, style), "\n", (hint, "dim")))
        bar = self.query_one("#scan-bar", ProgressBar)
        if bar.total is None:  # an indeterminate bar animates forever: stop it
            bar.update(total=1, progress=0)
        self.refresh_bindings()

    def on_scan_finished(self, event: ScanFinished) -> None:
        self.finished = True  # the message bubbles on to the app, which opens the review

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self.failed is None and not self.finished
        if action == "retry":
            return self.failed is not None
        return True

    def action_cancel(self) -> None:
        self.cancel_event.set()
        self.query_one("#scan-detail", Static).update("cancelling…")

    def action_retry(self) -> None:
        self.start()
