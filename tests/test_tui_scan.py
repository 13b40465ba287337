"""The scan screen: batched progress, cancel, problems listed; the progress relay."""

from __future__ import annotations

import threading

import test_tui_helpers as helpers
from test_tui_helpers import make_app, wait_for, wait_for_review
from textual.widgets import ProgressBar

from review_app.core.pipeline import Progress
from review_app.tui.messages import ScanFailed, ScanProgress
from review_app.tui.progress import ProgressRelay
from review_app.tui.screens.scan import ScanScreen

kb = helpers.kb


def test_relay_batches_per_note_events_and_estimates_time():
    now = [0.0]
    posted: list[ScanProgress] = []
    relay = ProgressRelay(posted.append, interval=0.1, clock=lambda: now[0])
    relay(Progress("read", 0, 0))
    for i in range(1, 1001):  # 1000 notes read within 0.5 s: a handful of messages
        now[0] += 0.0005
        relay(Progress("read", i, 1000))
    reads = [p for p in posted if p.phase == "read"]
    assert 2 <= len(reads) <= 8
    assert (reads[-1].done, reads[-1].total) == (1000, 1000)  # the end of a phase always shows
    relay(Progress("embed", 0, 200))
    for i in range(1, 101):  # 1 s per note
        now[0] += 1.0
        relay(Progress("embed", i, 200))
    last = posted[-1]
    assert last.phase == "embed" and last.done == 100
    assert abs(last.eta_s - 100.0) < 1e-6  # 100 notes left at 1 s each


async def test_scan_runs_in_a_worker_and_opens_the_review(kb, embedder):
    bad = kb / "broken.md"
    bad.write_text("---\ntitle: [unclosed\n---\nbody\n", encoding="utf-8")
    (kb / ".bm-review" / "index.db").unlink()  # the scan must embed, so it can be held
    held = HeldEmbedder(embedder)
    app = make_app(kb, held)
    async with app.run_test(size=(100, 32)) as pilot:
        assert isinstance(app.screen, ScanScreen)
        scan_screen = app.screen
        await wait_for(pilot, lambda: scan_screen.phase == "embed", "the embedding phase")
        held.release.set()
        screen = await wait_for_review(pilot)
        # Progress messages from the worker reached the screen, up to the last phase (the
        # load's "Preparing merges", after the scan's own).
        assert scan_screen.phase == "units" and scan_screen.finished
        assert [p.path for p in screen.result.problems] == ["broken.md"]
        problems = str(screen.query_one("#problems").render())
        assert "broken.md" in problems and "could not be read" in problems
        assert screen.query_one("#problems").display


class HeldEmbedder:
    """The real embedder, held at the start of the embedding phase until released: the
    shared embedder answers from memory, so the phase would otherwise be over at once."""

    def __init__(self, real) -> None:
        self.real = real
        self.release = threading.Event()

    def __getattr__(self, name):
        return getattr(self.real, name)

    def embed(self, texts, progress=None):
        if progress:
            progress(0, len(texts))
        self.release.wait(60)
        return self.real.embed(texts, progress)


async def test_scan_can_be_cancelled(kb, embedder):
    (kb / ".bm-review" / "index.db").unlink()  # nothing cached: every note is embedded
    held = HeldEmbedder(embedder)
    app = make_app(kb, held)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.phase == "embed", "the embedding phase")
        # Before the first batch is done, the time spent so far shows it is working.
        await wait_for(pilot, lambda: "s so far" in str(
            screen.query_one("#scan-detail").render()), "the elapsed time", limit=5)
        await pilot.press("escape")
        held.release.set()
        await wait_for(pilot, lambda: screen.failed is not None, "the cancelled scan")
        assert screen.failed.cancelled
        assert isinstance(app.screen, ScanScreen)
        assert "scan cancelled" in str(screen.query_one("#scan-detail").render())
        assert screen.check_action("retry", ()) is True


async def test_posted_progress_drives_the_bar(kb, embedder):
    app = make_app(kb, embedder, autostart=False)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        screen.post_message(ScanProgress("embed", 120, 600, eta_s=42.0))
        await pilot.pause()
        bar = screen.query_one(ProgressBar)
        assert (bar.progress, bar.total) == (120, 600)
        assert "Embedding 120/600 · about 42 s left" in str(
            screen.query_one("#scan-detail").render())


async def test_a_cancelled_scan_stops_the_bar_animating(kb, embedder):
    app = make_app(kb, embedder, autostart=False)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        screen.post_message(ScanProgress("search", 0, 0))  # no total: an animated bar
        await pilot.pause()
        bar = screen.query_one(ProgressBar)
        assert bar.total is None
        screen.post_message(ScanFailed("scan cancelled", cancelled=True))
        await pilot.pause()
        assert bar.total is not None and bar.progress == 0


async def test_scan_notices_are_shown_once_in_the_console(kb, embedder, tmp_path, monkeypatch):
    """A basic-memory project whose index cannot serve: the fallback the CLI prints on
    stderr is a notification in the console, and a re-scan does not repeat it."""
    import json
    import sqlite3

    cfg = tmp_path / "bm-config"
    cfg.mkdir()
    (cfg / "config.json").write_text(json.dumps({"projects": {"demo": {"path": str(kb)}}}))
    con = sqlite3.connect(cfg / "memory.db")  # a layout bm-review does not know
    con.execute("CREATE TABLE project (id INTEGER PRIMARY KEY, name TEXT, path TEXT)")
    con.commit()
    con.close()
    monkeypatch.setenv("BASIC_MEMORY_CONFIG_DIR", str(cfg))
    app = make_app(kb, embedder)
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        screen = await wait_for_review(pilot)
        assert screen.result.vector_source == "bm-review" and len(screen.result.notices) == 1
        await wait_for(pilot, lambda: len(app.screen.query("Toast")) == 1, "the notice",
                       limit=10)
        toast = str(app.screen.query_one("Toast").render())
        assert "basic-memory's vectors not used" in toast
        assert "layout bm-review does not know" in toast
        assert [n.message for n in app._notifications] == screen.result.notices
        app.rescan()
        again = await wait_for_review(pilot)
        assert again is not screen and again.result.notices == screen.result.notices
        await pilot.pause(0.2)
        assert len(app._notifications) == 1  # said once per console run


async def test_required_basic_memory_vectors_that_cannot_serve_fail_on_screen(kb, embedder):
    from review_app.core.pipeline import ScanOptions
    from review_app.core.project import Project
    from review_app.tui.app import ReviewApp

    app = ReviewApp(Project(kb), ScanOptions(vectors="basic-memory"), embedder=embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = app.screen
        await wait_for(pilot, lambda: screen.failed is not None, "the failure", limit=60)
        detail = str(screen.query_one("#scan-detail").render())
        assert "basic-memory's vectors cannot be used: basic-memory does not index" in detail
        assert isinstance(app.screen, ScanScreen) and "r: scan again" in detail
