"""`v` changes the preview only: the detail pane beside it, the same text as before,
is not wrapped and drawn again (work counted)."""

from __future__ import annotations

import test_tui_helpers as helpers
from test_tui_helpers import make_app, settle_detail, wait_for_review
from textual.widgets import Static

from review_app.tui.widgets.detail import DetailPane

kb = helpers.kb


async def test_v_leaves_the_detail_pane_as_drawn(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await wait_for_review(pilot)
        await settle_detail(pilot)
        body = screen.query_one(DetailPane).query_one("#evidence-body", Static)
        updates: list[object] = []
        original = body.update
        body.update = lambda *a, **k: (updates.append(a), original(*a, **k))[1]
        await pilot.press("v")
        await helpers.preview_composed(pilot)
        assert screen.preview_mode == "merge" and not updates
        await pilot.press("j")  # another group: its detail is drawn
        await settle_detail(pilot)
        assert len(updates) == 1


async def test_v_right_after_a_move_shows_the_new_group_once(kb, embedder):
    """`j v` typed together: `v` comes before the moved cursor's detail settles. The
    group is shown once, the merge result requested once, not first with the previous
    group's member list and then again when the detail catches up (the far `v` of
    bench/tui_bench.py --preview paid for both)."""
    from textual import events

    from review_app.tui.widgets.preview import Preview

    app = make_app(kb, embedder)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await wait_for_review(pilot)
        await settle_detail(pilot)
        preview = screen.query_one(Preview)
        shown: list[str] = []
        original = preview.show
        preview.show = lambda request: (shown.append(request.mode), original(request))[1]
        body = screen.query_one(DetailPane).query_one("#evidence-body", Static)
        updates: list[object] = []
        update = body.update
        body.update = lambda *a, **k: (updates.append(a), update(*a, **k))[1]
        for key in ("j", "j", "v"):  # as a terminal sends keys typed together
            app._driver.send_message(events.Key(key, key))
        await helpers.wait_for(pilot, lambda: screen.query_one("#groups").cursor_row == 2
                               and screen.preview_mode == "merge", "the moves and v")
        await helpers.preview_composed(pilot)
        await settle_detail(pilot)
        assert shown == ["merge"] and len(updates) == 1
