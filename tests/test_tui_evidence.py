"""The detail pane reads as evidence in words; the numbers behind them are one key away
(issue 19)."""

from __future__ import annotations

import re

import test_tui_helpers as helpers
from test_tui_helpers import make_app, settle_detail, wait_for_review
from test_tui_review import goto_group

kb = helpers.kb
PGBOUNCER = "engineering/pgbouncer_setup_notes.md"


def evidence(screen) -> str:
    return str(screen.query_one("#evidence-body").render())


async def test_evidence_in_words_with_the_numbers_one_key_away(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await wait_for_review(pilot)
        await goto_group(pilot, screen, PGBOUNCER)
        await pilot.press("tab", "j")  # the member's row: its own evidence in full
        await settle_detail(pilot)
        shown = evidence(screen)
        assert "restate" in shown or "inside" in shown  # coverage, in words
        assert "rank_ba" not in shown and "covered_a" not in shown
        # the key the pane names is the one that shows them ('e' edits a merge result)
        key = re.search(r"(?m)^(\w): the numbers behind these words$", shown)
        assert key is not None, shown
        await pilot.press(key.group(1))
        await settle_detail(pilot)
        shown = evidence(screen)
        assert "covered_a" in shown and "rank_ba" in shown and "cosine" in shown
        await pilot.press(key.group(1))
        await settle_detail(pilot)
        assert "covered_a" not in evidence(screen)
