"""Snapshots of each main screen of the console on the demo, at 100x32.

Deterministic: fixed file times, no clock in the header, no cursor blink, notifications
cleared, only the project's folder name shown. Scores come from the real model and the
hybrid strategy: when the weights are retuned, review and run `pytest --snapshot-update`.
"""

from __future__ import annotations

import json
import time

import pytest
import test_tui_helpers as helpers
from test_tui_helpers import make_app, settle_detail, wait_for, wait_for_review
from test_tui_ledger import choice_group

from review_app.tui.messages import ScanProgress
from review_app.tui.screens.confirm import ConfirmApply

SIZE = (100, 32)
kb = helpers.kb


async def settle(pilot) -> None:
    if hasattr(pilot.app.screen, "detail_current"):
        await settle_detail(pilot)
        await helpers.preview_composed(pilot)
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


def test_ledger_view_at_80x24(snap_compare, kb, embedder):
    """The merge result's ledger rows at 80x24: the preview focused, the second row
    highlighted and flipped (marked as the person's choice)."""
    app = make_app(kb, embedder)

    async def run_before(pilot):
        screen = await wait_for_review(pilot)
        path = choice_group(screen.session)  # carried, dropped and superseded rows
        index = next(i for i, g in enumerate(screen.shown) if path in g.paths)
        await pilot.press(*["j"] * index, "v")
        await settle(pilot)
        await pilot.press("tab", "tab", "tab", "j", "space")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


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


def test_narrow_terminal(snap_compare, kb, embedder):
    """60x20: help and quit first in the footer; the pair's two paths told apart."""
    app = make_app(kb, embedder)

    async def run_before(pilot):
        await wait_for_review(pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(60, 20), run_before=run_before)


def test_small_terminal(snap_compare, kb, embedder):
    """80x24 still shows the table, the detail, the preview, help and quit, and the two
    member paths shortened in the middle (both ends tell them apart)."""
    app = make_app(kb, embedder)

    async def run_before(pilot):
        await wait_for_review(pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)



def test_large_terminal(snap_compare, kb, embedder):
    """160x45: the groups table takes the rows it fills, the preview the rest; the first
    paint already has the wide columns."""
    app = make_app(kb, embedder)

    async def run_before(pilot):
        await wait_for_review(pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(160, 45), run_before=run_before)


def test_update_preview_with_a_chosen_kept_file(snap_compare, kb, embedder):
    """K on a member, then v twice: what update writes into that file, sources marked."""
    app = make_app(kb, embedder)

    async def run_before(pilot):
        screen = await wait_for_review(pilot)
        index = next(i for i, g in enumerate(screen.shown) if len(g.paths) == 3)
        await pilot.press(*["j"] * index)
        await settle(pilot)
        await pilot.press("tab", "K", "v", "v")
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.fixture
def queued(kb, embedder, monkeypatch):
    """A proposal queued through upsert_note(on_match="ask"), its time pinned (the queue
    stamps the clock) and shown in UTC."""
    from test_tui_pending import RATE

    from review_app.core.upsert import upsert_note

    upsert_note("API rate limits", RATE, "engineering", kb, on_match="ask", embedder=embedder,
                caller="agent-7")
    queue = kb / ".bm-review" / "pending.jsonl"
    docs = [json.loads(line) for line in queue.read_text(encoding="utf-8").splitlines()]
    for doc in docs:
        doc["created"] = "2026-06-01T12:00:00+00:00"
    queue.write_text("".join(json.dumps(d) + "\n" for d in docs), encoding="utf-8")
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield kb
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=["100x32", "80x24"])
def test_agent_proposals(snap_compare, queued, embedder, size):
    app = make_app(queued, embedder)

    async def run_before(pilot):
        await wait_for_review(pilot)
        await pilot.press("p")
        await settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
