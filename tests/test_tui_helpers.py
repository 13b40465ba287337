"""Shared setup of the console tests (no tests here): a demo copy with fixed file times and
the demo's real index built once, so each test re-embeds nothing it does not change."""

from __future__ import annotations

import datetime as dt
import os
import re
import shutil
from pathlib import Path

import pytest

from review_app.core.index import connect
from review_app.core.merging import compose
from review_app.core.pipeline import INDEX_FILE, ScanOptions
from review_app.core.project import STATE_DIR_NAME, Project
from review_app.core.unit_store import UNITS_FILE
from review_app.core.unit_vectors import UnitVectors
from review_app.tui.app import ReviewApp
from review_app.tui.screens.review import ReviewScreen

# Notes without a `modified` date fall back to the file time: fix it so canonical reasons
# (and so snapshots) do not depend on when the checkout happened.
FIXED_MTIME = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC).timestamp()


def fix_mtimes(root: Path) -> None:
    for path in root.rglob("*.md"):
        os.utime(path, (FIXED_MTIME, FIXED_MTIME))


@pytest.fixture
def kb(demo_kb: Path, demo_index: Path) -> Path:
    """A fresh demo project (`kb`) with fixed file times and the prebuilt index."""
    fix_mtimes(demo_kb)
    state = demo_kb / STATE_DIR_NAME
    state.mkdir(exist_ok=True)
    shutil.copy2(demo_index, state / INDEX_FILE)
    return demo_kb


def edit_note(root: Path, rel: str, when: dt.datetime | None = None) -> None:
    """An edit at `when` (naive UTC; default now) as an editor or basic-memory makes it:
    the note's `modified` (added when it has none) and its file time move together. A
    file time alone is what a copy or a clone changes, and dates nothing."""
    when = when or dt.datetime.now(dt.UTC).replace(tzinfo=None)
    f = root / rel
    text = f.read_text(encoding="utf-8")
    stamp = f"modified: {when:%Y-%m-%dT%H:%M:%S}"
    new, n = re.subn(r"^modified: .*$", stamp, text, count=1, flags=re.MULTILINE)
    if n == 0:
        new = (f"---\n{stamp}\n" + text[4:] if text.startswith("---\n")
               else f"---\n{stamp}\n---\n" + text)
    f.write_text(new, encoding="utf-8")
    stamp_s = when.replace(tzinfo=dt.UTC).timestamp()
    os.utime(f, (stamp_s, stamp_s))


def make_app(root: Path, embedder, **kwargs) -> ReviewApp:
    return ReviewApp(Project(root), ScanOptions(), embedder=embedder, **kwargs)


async def wait_for(pilot, predicate, what: str, limit: float = 120.0) -> None:
    """Pause until `predicate()` holds (the scan and apply run in threads)."""
    waited = 0.0
    while not predicate():
        if waited > limit:
            raise AssertionError(f"timed out waiting for {what}")
        await pilot.pause(0.05)
        waited += 0.05


async def wait_for_review(pilot) -> ReviewScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReviewScreen), "the review screen")
    await pilot.pause()
    return pilot.app.screen


async def wait_for_rescan(pilot, old) -> ReviewScreen:
    """After an apply: the re-scan's new review screen, mounted and showing its first
    group (leaving the run while it still mounts races the app's teardown)."""
    app = pilot.app
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen is not old
                   and app.screen.is_mounted, "the re-scan after apply")
    await settle_detail(pilot)
    return app.screen


async def settle_detail(pilot) -> None:
    """Moves in quick succession defer the detail pane: wait until it shows the cursor's
    group (actions never wait: they bring it up to date first)."""
    screen = pilot.app.screen
    await wait_for(pilot, lambda: screen.detail_current, "the detail pane")
    await pilot.pause()


async def preview_composed(pilot) -> None:
    """The merge/update result is composed in a worker: wait until the preview shows it."""
    from review_app.tui.widgets.preview import Preview

    preview = pilot.app.screen.query_one(Preview)
    await wait_for(pilot, lambda: not preview.pending, "the composed preview")
    await pilot.pause()


# The unit-vector store on disk and what a merge compose asks it for.


def on_disk(root) -> set[bytes]:
    path = Project(root).state / UNITS_FILE
    if not path.is_file():
        return set()
    # Through the store's own binding: two SQLite libraries in one process break each
    # other's file locks while the load's follow-up writes (SIGBUS).
    db = connect(path, read_only=True)
    try:
        return {bytes(k) for (k,) in db.execute("SELECT key FROM units")}
    finally:
        db.close()


def merge_keys(screen: ReviewScreen, row: int) -> set[bytes]:
    """The text keys a compose of row `row`'s merge asks unit vectors for."""
    canonical, others, kept = screen.session.compose_inputs(screen.view.rows[row])
    asked: set[bytes] = set()

    class Recording:
        embedder = screen.vectors.embedder

        def ensure(self, texts, **_):
            asked.update(UnitVectors._key(t) for t in texts)
            screen.vectors.ensure(texts)

        def matrix(self, texts):
            self.ensure(texts)
            return screen.vectors.matrix(texts)

    compose("merge", canonical, others, kept=kept, vectors=Recording())
    return asked
