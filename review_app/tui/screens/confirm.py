"""The confirmation modal before apply: exactly which files change and how."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class PlanReady(Message):
    """The apply plan is built; `summary` is `plan.summary()`."""

    def __init__(self, plan: Any, summary: dict[str, Any], group_ids: list[str]) -> None:
        super().__init__()
        self.plan = plan
        self.summary = summary
        self.group_ids = group_ids


def summary_text(summary: dict[str, Any]) -> Text:
    updated = list(summary.get("files_updated") or [])
    retired = list(summary.get("files_retired") or [])
    links = list(summary.get("links_rewritten") or [])
    conflicts = list(summary.get("conflicts") or [])
    text = Text()
    text.append(f"Files updated ({len(updated)})\n", style="bold green")
    for p in updated:
        text.append(f"  ✎ {p}\n")
    text.append(f"\nFiles retired ({len(retired)}): backed up, then removed\n", style="bold red")
    for p in retired:
        text.append(f"  ✗ {p}\n")
    total = sum(int(_field(link, "count", 1)) for link in links)
    text.append(f"\nLinks rewritten ({total} in {len(links)} file(s))\n", style="bold cyan")
    for link in links:
        text.append(f"  ↪ {_field(link, 'path', link)} ({_field(link, 'count', 1)})\n")
    created = list(summary.get("files_created") or [])
    if created:
        text.append(f"\nFiles created ({len(created)})\n", style="bold green")
        for p in created:
            text.append(f"  + {p}\n")
    skipped = list(summary.get("skipped") or [])
    if skipped:
        text.append(f"\nGroups skipped ({len(skipped)})\n", style="bold yellow")
        for s in skipped:
            text.append(f"  - {_field(s, 'reason', s)}\n")
    if conflicts:
        text.append(f"\nConflicts ({len(conflicts)}): left alone\n", style="bold yellow")
        for c in conflicts:
            text.append(f"  ! {_field(c, 'path', c)}"
                        f"{': ' + str(_field(c, 'reason', '')) if _field(c, 'reason') else ''}\n")
    return text


def _field(obj: Any, key: str, default: Any = None) -> Any:
    return obj.get(key, default) if isinstance(obj, dict) else default


class ConfirmApply(ModalScreen[bool]):
    BINDINGS = [
        Binding("y", "confirm", "Apply"),
        Binding("n", "cancel", "Cancel"),
        Binding("escape", "cancel", "Cancel", show=False),
    ]

    def __init__(self, summary: dict[str, Any], project_name: str) -> None:
        super().__init__()
        self.summary = summary
        self.project_name = project_name

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(f"Apply the decided groups to [b]{self.project_name}[/b]?",
                         id="confirm-title")
            with VerticalScroll(id="confirm-list"):
                yield Static(summary_text(self.summary))
            yield Static("Every change is journaled and can be undone with "
                         "[b]bm-review undo[/b].", id="confirm-note")
            with Horizontal(id="confirm-buttons"):
                yield Button("Apply (y)", variant="error", id="confirm-yes")
                yield Button("Cancel (n)", variant="primary", id="confirm-no")

    def on_mount(self) -> None:
        self.query_one("#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
