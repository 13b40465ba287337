"""The console at the sizes people use: what the first paint and notifications look like
(Pilot on a real demo copy, the real model and index)."""

from __future__ import annotations

import test_tui_helpers as helpers
from test_tui_helpers import make_app, wait_for, wait_for_review

from review_app.tui.widgets.tables import GroupTable

kb = helpers.kb


async def test_the_first_paint_uses_the_terminals_width(kb, embedder, monkeypatch):
    widths: list[int] = []
    fill = GroupTable.fill

    def recording(self, groups, notes, statuses, sizes, width, *args, **kwargs):
        widths.append(width)
        return fill(self, groups, notes, statuses, sizes, width, *args, **kwargs)

    monkeypatch.setattr(GroupTable, "fill", recording)
    app = make_app(kb, embedder)
    async with app.run_test(size=(160, 45)) as pilot:
        await wait_for_review(pilot)
        assert widths and widths[0] >= 150  # not narrow columns until the first resize


async def test_one_notification_per_kind(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for_review(pilot)
        app.clear_notifications()
        await pilot.press("left_square_bracket")
        await pilot.pause()
        await pilot.press("left_square_bracket", "left_square_bracket")
        await pilot.press("u")
        await wait_for(pilot, lambda: any(n.title == "Decided" for n in app._notifications),
                       "the decision's notification")
        titles = [n.title for n in app._notifications]
        assert titles.count("Regrouped") == 1 and titles.count("Decided") == 1
        assert "threshold" in next(n.message for n in app._notifications
                                   if n.title == "Regrouped")


async def test_a_failing_worker_is_reported_and_the_console_stays(kb, embedder, monkeypatch):
    import review_app.tui.screens.background_work as background_work

    def broken(*args, **kwargs):
        raise RuntimeError("unit cache unreadable")

    monkeypatch.setattr(background_work, "warm", broken)  # the settled group's background warm-up
    app = make_app(kb, embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_review(pilot)
        await wait_for(pilot, lambda: any(n.title == "Something failed"
                                          for n in app._notifications), "the report")
        told = next(n.message for n in app._notifications if n.title == "Something failed")
        assert "unit cache unreadable" in told and "warm" in told
        await pilot.press("j", "u")  # still at work
        await wait_for(pilot, lambda: screen.session.decided_count() == 1, "the decision")


async def test_a_decision_is_fsynced_off_the_ui_thread(kb, embedder, monkeypatch):
    import os
    import threading

    from review_app.core.decisions import DecisionStore
    from review_app.core.project import Project

    app = make_app(kb, embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_review(pilot)
        synced: list[bool] = []  # per fsync: was it on the UI thread?
        real = os.fsync

        def spy(fd):
            synced.append(threading.current_thread() is threading.main_thread())
            return real(fd)

        monkeypatch.setattr(os, "fsync", spy)
        gid = screen.group.id
        await pilot.press("u")
        # The line is in the log at once, for any reader; its fsync follows.
        assert DecisionStore(Project(kb).state).current()[gid].action == "update"
        app.context.syncer.wait()
        assert synced and not any(synced)


async def test_every_demo_group_fits_at_80x24(kb, embedder):
    """At 80x24 the table shows all nine demo groups (it showed six): on a short terminal
    the groups come first and the panes below scroll."""
    app = make_app(kb, embedder)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_review(pilot)
        await pilot.pause()
        table = screen.query_one(GroupTable)
        assert table.row_count == 9
        assert table.content_size.height >= table.row_count + 1  # + the header row
        assert screen.query_one("#bottom").size.height >= 6  # detail and preview stay
