"""The preview's long texts are wrapped once, off the UI thread where they can be, and
only the lines on screen are drawn (widgets/lines.py): work counted, not timed."""

from __future__ import annotations

import threading

import test_tui_helpers as helpers
from rich.text import Text
from test_tui_helpers import make_app, settle_detail, wait_for, wait_for_review
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.style import Style
from textual.widgets import Static

from review_app.tui.widgets.detail import DetailPane
from review_app.tui.widgets.lines import Lines, wrap
from review_app.tui.widgets.preview import Preview

kb = helpers.kb

ROTA = [
    "Tuesday: the foundry's apprentices sweep the casting pit before the moulds dry.",
    "",
    "- Bell metal is 78 parts copper to 22 parts tin, melted at 1,100 degrees and poured "
    "in one go so the bell has no seam; a pour that stops is broken up and melted again.",
    "A tuning lathe takes metal from inside the bell until the hum note is an octave "
    "below the strike note.",
]


def rota_text(lines: int, first: str | None = None) -> Text:
    out = Text()
    for i in range(lines):
        line = first if i == 0 and first is not None else ROTA[i % len(ROTA)]
        out.append(f"{i:03d} {line}\n", style="green" if i % 3 else "bold red")
    return out


def test_wrapping_line_by_line_draws_what_content_draws():
    text = rota_text(40)
    content = Content.from_rich_text(text)
    whole = content._wrap_and_format(30)
    ours = wrap(text, 30).lines
    assert len(ours) == len(whole) > 40  # long lines did wrap
    base = Style()
    assert [line.to_strip(base) for line in ours] == [line.to_strip(base) for line in whole]


def test_a_changed_line_is_the_only_one_wrapped_again():
    first = wrap(rota_text(40), 30)
    changed = rota_text(40, first="the pour moved to Thursday")
    second = wrap(changed, 30, reuse=first)
    assert second.groups[0][1] is not first.groups[0][1]
    assert all(a[1] is b[1] for a, b in zip(first.groups[1:], second.groups[1:], strict=True))
    assert [s.plain for s in second.lines] == [s.plain for s in wrap(changed, 30).lines]


class _Pane(App[None]):
    def __init__(self, widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield self.widget


async def test_only_the_lines_on_screen_are_drawn():
    lines = Lines(rota_text(300))
    async with _Pane(lines).run_test(size=(60, 12)) as pilot:
        await pilot.pause()
        assert lines.size.height > 300  # as tall as the text, scrolled by its container
        assert 0 < len(lines._strips) <= 12  # but only the screen's lines were drawn
        # and what it draws is what a Static with the same text draws
        static = Static(rota_text(300))
        await pilot.app.query_one(VerticalScroll).mount(static, before=lines)
        await pilot.pause()
        assert static.size.height == lines.size.height
        assert [static.render_line(y).text for y in range(12)] == \
            [lines.render_line(y).text for y in range(12)]


async def test_v_on_a_result_composed_ahead_wraps_nothing_on_the_ui_thread(kb, embedder):
    """The warm-up composes the settled group's merge and wraps its text for the
    preview's width in its worker; `v` then wraps only what changed (the `modified:`
    stamp) and the header, not the written note and its ledger."""
    wrapped_on_ui: list[int] = []
    original = Content._wrap_and_format

    def counting(self, width, *args, **kwargs):
        out = original(self, width, *args, **kwargs)
        if threading.current_thread() is threading.main_thread():
            wrapped_on_ui.append(len(out))
        return out

    app = make_app(kb, embedder)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await wait_for_review(pilot)
        await settle_detail(pilot)
        preview = screen.query_one(Preview)
        request = screen.view.preview_request(screen.group, None, "merge")
        await wait_for(pilot, lambda: screen.results.has(request), "the warm-up's merge")
        # the detail pane's own repaint at `v` aside (not the preview's)
        screen.query_one(DetailPane).show = lambda *a, **k: None
        Content._wrap_and_format = counting
        try:
            await pilot.press("v")
            await helpers.preview_composed(pilot)
        finally:
            Content._wrap_and_format = original
        body = preview.query_one("#preview-text", Lines)
        assert preview.written is not None and body.size.height > 60
        # the stamp line, the header's and the rows' lines: not the written note's
        assert sum(wrapped_on_ui) < 30, wrapped_on_ui
