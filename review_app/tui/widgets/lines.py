"""A long text drawn a line at a time: `Static` wraps its whole text twice (its height,
then its render) and turns every line into segments at each update, though a pane shows
~35 of a merge result's ~300 lines; here the text is wrapped once per width (or ahead,
in a worker: `wrap`) and only the lines on screen are turned into segments.

Drawn exactly as a `Static` with the same text draws it (same wrapping, same styles).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.content import Content
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

Source = Text | Content | str


@dataclass(frozen=True)
class Wrapped:
    """A text's lines wrapped at `width` (plain data: made in any thread): `groups` holds
    each line of the text with its screen lines, so the next text can reuse them."""

    width: int
    groups: tuple[tuple[Source, list[Any]], ...]  # (text line, its _FormattedLines)
    lines: list[Any]  # textual.content._FormattedLine, one per screen line

    @property
    def sources(self) -> list[Source]:
        return [g[0] for g in self.groups]


def as_content(text: Source) -> Content:
    if isinstance(text, Content):
        return text
    if isinstance(text, Text):
        return Content.from_rich_text(text)
    return Content(text)


def split(text: Source | Sequence[Source]) -> list[Source]:
    """The text's lines (a sequence is taken as its lines already)."""
    if isinstance(text, Text | Content | str):
        return list(as_content(text).split(allow_blank=True))
    return list(text)


def wrap(text: Source | Sequence[Source], width: int, reuse: Wrapped | None = None
         ) -> Wrapped:
    """`text` (or its lines) wrapped as a `Lines` `width` cells wide shows it (Content's
    own wrapping, line by line, as a Static's); pure, so a worker can do it before the UI
    needs it. A line equal to the same line of `reuse` (same width) keeps its wrapping: a
    result shown again differs from the one wrapped ahead only in its `modified:` stamp."""
    old = reuse.groups if reuse is not None and reuse.width == width else ()
    groups: list[tuple[Source, list[Any]]] = []
    lines: list[Any] = []
    for y, line in enumerate(split(text)):
        if y < len(old) and type(old[y][0]) is type(line) and old[y][0] == line:
            screen = old[y][1]
        else:
            screen = as_content(line)._wrap_and_format(width) if width > 0 else []
            for s in screen:
                s.y = y
        groups.append((line, screen))
        lines.extend(screen)
    return Wrapped(width, tuple(groups), lines)


class Lines(Widget):
    """A text as tall as its wrapped lines; `update` takes a text, or a `Wrapped` made
    ahead for the width it will be shown at."""

    DEFAULT_CSS = "Lines { height: auto; }"

    def __init__(self, text: Source = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._sources = split(text)
        self._wrapped: Wrapped | None = None
        self._strips: dict[int, Strip] = {}

    def update(self, text: Source | Wrapped = "") -> None:
        if isinstance(text, Wrapped):
            self._sources, self._wrapped = text.sources, text
        else:
            self._sources, self._wrapped = split(text), None
        self._strips = {}
        self.refresh(layout=True)

    def render(self) -> Content:  # what it shows, as a Static's render() would return
        return Content("\n").join(as_content(line) for line in self._sources)

    def _lines(self, width: int) -> list[Any]:
        w = self._wrapped
        if w is None or w.width != width:
            self._wrapped = w = wrap(self._sources, width, w)
            self._strips = {}
        return w.lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(width))

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        lines = self._lines(width)
        strip = self._strips.get(y)
        if strip is None:
            style = self.visual_style
            if 0 <= y < len(lines):
                strip = Strip(*lines[y].to_strip(style))
            else:
                strip = Strip.blank(width, style.rich_style)
            self._strips[y] = strip
        return strip

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._strips = {}
