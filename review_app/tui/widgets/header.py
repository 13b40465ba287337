"""The console's header: Textual's, with a title watcher that cannot outlive its title.

Header's own watcher is a coroutine queued on mount; it looks its title widget up
when it runs. A screen switched away or an app closed right after mounting (a scan
answered from cache, `q` at once, a busy machine) removes that widget first, and the
lookup's NoMatches ended the console with a traceback (a console test under load
failed 1 run in 4). Here the watcher is plain and finds nothing to update instead.
"""

from __future__ import annotations

from textual.events import Mount
from textual.widget import Widget
from textual.widgets import Header, Static


class ConsoleHeader(Header):
    def _on_mount(self, event: Mount) -> None:
        event.prevent_default()  # replaces Header's watcher; Widget's mount work is kept
        Widget._on_mount(self, event)
        for source in (self.app, self.screen):
            self.watch(source, "title", self._show_title)
            self.watch(source, "sub_title", self._show_title)

    def _show_title(self) -> None:
        for title in self.query("HeaderTitle").results(Static):  # by name: a private class
            title.update(self.format_title())
