"""The help screen: every key of the console."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ..actions import HELP_SECTIONS, help_rows

KEYS = tuple((section, tuple(help_rows(section))) for section in HELP_SECTIONS)
"""Every key, from the console's one action table."""


def keys_table() -> Table:
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(style="bold cyan", no_wrap=True, width=14)
    table.add_column(ratio=1)
    for section, rows in KEYS:
        table.add_row(f"[b u]{section}[/]", "")
        for key, what in rows:
            table.add_row(key, what)
        table.add_row("", "")
    return table


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,q,question_mark", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(keys_table())
            yield Static("◆ the canonical decides whose content wins; ▣ the kept file is the "
                         "one written, whose path, title and permalink survive. Important "
                         "notes (★) are never retired. Decisions are saved as you make them "
                         "in .bm-review/decisions.jsonl; a group whose notes change comes "
                         "back undecided.", id="help-note")

    def on_mount(self) -> None:
        self.query_one("#help-box").border_title = "Keys"

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
