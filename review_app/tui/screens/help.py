"""The help screen: every key of the console."""

from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

KEYS = (
    ("Move", (("j / k, ↓ / ↑", "next / previous group (or member)"),
              ("g / G", "first / last group"),
              ("Tab, → / ←", "between the group table and the member list"),
              ("/", "filter groups by title or path (Esc clears)"),
              ("[ / ]", "threshold down / up by 0.05: regroup without re-embedding"),
              ("v", "preview: diff canonical ↔ member, or the merged result"))),
    ("Decide", (("u", "update: keep the canonical with the freshest text, retire the others"),
                ("m", "merge: fold what the others add into the canonical, retire them"),
                ("s", "skip: decide later (comes back next scan)"),
                ("d", "distinct: not duplicates, never proposed again"),
                ("c", "make the selected member the canonical"),
                ("x", "take the selected member out of the group"),
                ("z", "undo the last decision or change"))),
    ("Proposals", (("p", "switch between duplicate groups and agent proposals"),
                   ("→ / j / k", "choose the matching note (diff against it; v: merge)"),
                   ("u / m", "update / merge the proposed text into that note"),
                   ("n / x", "create it as a new note / discard it"))),
    ("Finish", (("a", "apply the update/merge decisions (asks first, undoable)"),
                ("ctrl+p", "command palette"),
                ("?", "this help"),
                ("q", "quit (decisions are already saved)"))),
)


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
            yield Static("Important notes (★) are never retired. Decisions are saved as you "
                         "make them in .bm-review/decisions.jsonl; a group whose notes change "
                         "comes back undecided.", id="help-note")

    def on_mount(self) -> None:
        self.query_one("#help-box").border_title = "Keys"

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
