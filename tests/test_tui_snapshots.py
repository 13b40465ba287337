"""Snapshots of each main screen of the console on the demo, at 100x32.

Deterministic: fixed file times, no clock in the header, no cursor blink, notifications
cleared, only the project's folder name shown. Scores come from the real model and the
hybrid strategy: when the weights are retuned, review and run `pytest --snapshot-update`.
"""

from __future__ import annotations

import test_tui_helpers as helpers
from test_tui_helpers import make_app, wait_for, wait_for_review

from review_app.tui.messages import ScanProgress
from review_app.tui.screens.confirm import ConfirmApply

SIZE = (100, 32)
kb = helpers.kb
demo_index = helpers.demo_index


async def settle(pilot) -> None:
    pilot.app.clear_notifications()
    await pilot.pause()


def test_scan_progress(snap_compare, kb, embedder):
    app = make_app(kb, embedder, autostart=False)  # the worker is held: progress is posted

    async def run_before(pilot):
        pilot.app.screen.post_message(ScanProgress("embed", 120, 600, eta_s=42.0))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_group_list_with_detail(snap_compare, kb, embedder):
    app = make_app(kb, embedder)

    async def run_before(pilot):
        await wait_for_review(pilot)
        await pilot.press("j", "j", "j", "u", "k")  # one decision shown in the table
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_merge_preview(snap_compare, kb, embedder):
    app = make_app(kb, embedder)

    async def run_before(pilot):
        screen = await wait_for_review(pilot)
        index = next(i for i, g in enumerate(screen.shown) if len(g.paths) == 3)
        await pilot.press(*["j"] * index, "v")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_confirm_modal(snap_compare, kb, embedder):
    app = make_app(kb, embedder)

    async def run_before(pilot):
        screen = await wait_for_review(pilot)
        index = next(i for i, g in enumerate(screen.shown)
                     if "engineering/pgbouncer_setup_notes.md" in g.paths)
        await pilot.press(*["j"] * index, "u", "a")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ConfirmApply), "the modal")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_help(snap_compare, kb, embedder):
    app = make_app(kb, embedder)

    async def run_before(pilot):
        await wait_for_review(pilot)
        await pilot.press("question_mark")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_small_terminal(snap_compare, kb, embedder):
    """80x24 still shows the table, the detail, the preview and every decision key."""
    app = make_app(kb, embedder)

    async def run_before(pilot):
        await wait_for_review(pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
