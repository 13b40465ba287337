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
