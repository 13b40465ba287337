"""The console's header outlives its title widget without ending the app."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Header, Static

from review_app.tui.widgets.header import ConsoleHeader


class OneHeader(App[None]):
    def __init__(self, header: type[Header]) -> None:
        super().__init__()
        self.header = header

    def compose(self) -> ComposeResult:
        yield self.header()


async def _title_gone_then_changed(header: type[Header]) -> None:
    app = OneHeader(header)
    async with app.run_test() as pilot:
        app.sub_title = "before"
        await pilot.pause()
        assert "before" in str(app.query_one("HeaderTitle", Static).render())
        await app.query_one("HeaderTitle").remove()  # as a screen torn down removes it first
        app.sub_title = "after"
        await pilot.pause()


async def test_a_title_change_after_the_title_widget_is_gone_is_ignored():
    await _title_gone_then_changed(ConsoleHeader)


async def test_textuals_header_fails_there_which_is_why_the_console_has_its_own():
    """Guards the reason: if Textual's Header stops failing, ConsoleHeader can go."""
    from textual.css.query import NoMatches

    with pytest.raises(NoMatches):
        await _title_gone_then_changed(Header)
