"""The confirmation modal before apply: exactly which files change and how."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static


def _conflict_paths(summary: dict[str, Any]) -> set[str]:
    return {str(_field(c, "path", c)) for c in summary.get("conflicts") or []}


def counts(summary: dict[str, Any]) -> dict[str, int]:
    """What the plan does, counted (a conflicting file is left alone, never "updated")."""
    conflicted = _conflict_paths(summary)
    links = list(summary.get("links_rewritten") or [])
    return {"retired": len(summary.get("files_retired") or []),
            "links": sum(int(_field(link, "count", 1)) for link in links),
            "link_files": len(links),
            "conflicts": len(summary.get("conflicts") or []),
            "updated": len([p for p in summary.get("files_updated") or []
                            if p not in conflicted]),
            "created": len(summary.get("files_created") or [])}


def counts_text(summary: dict[str, Any]) -> Text:
    """One line that stays in view while the list scrolls: the risky counts first."""
    n = counts(summary)
    text = Text()
    text.append(f"{n['retired']} retired", style="bold red")
    text.append(" · ")
    text.append(f"{n['links']} links rewritten in {n['link_files']} file(s)", style="bold cyan")
    text.append(" · ")
    text.append(f"{n['conflicts']} conflict(s)",
                style="bold yellow" if n["conflicts"] else "dim")
    text.append(" · ")
    text.append(f"{n['updated']} updated", style="bold green")
    if n["created"]:
        text.append(f" · {n['created']} created", style="bold green")
    return text


def summary_text(summary: dict[str, Any]) -> Text:
    """Every file, what is risky first: notes retired, links rewritten in other notes,
    conflicts left alone; then the files updated (a conflict is never among them)."""
    conflicted = _conflict_paths(summary)
    updated = [p for p in summary.get("files_updated") or [] if p not in conflicted]
    retired = list(summary.get("files_retired") or [])
    links = list(summary.get("links_rewritten") or [])
    conflicts = list(summary.get("conflicts") or [])
    text = Text()
    text.append(f"Files retired ({len(retired)}): backed up, then removed\n", style="bold red")
    for p in retired:
        text.append(f"  ✗ {p}\n")
    total = sum(int(_field(link, "count", 1)) for link in links)
    text.append(f"\nLinks rewritten ({total} in {len(links)} file(s))\n", style="bold cyan")
    for link in links:
        text.append(f"  ↪ {_field(link, 'path', link)} ({_field(link, 'count', 1)})\n")
    if conflicts:
        text.append(f"\nConflicts ({len(conflicts)}): left alone\n", style="bold yellow")
        for c in conflicts:
            text.append(f"  ! {_field(c, 'path', c)}"
                        f"{': ' + str(_field(c, 'reason', '')) if _field(c, 'reason') else ''}\n")
    text.append(f"\nFiles updated ({len(updated)})\n", style="bold green")
    titles = _titles(summary)
    for p in updated:
        text.append(f"  ✎ {p}\n")
        if p in titles:
            text.append(f"    {titles[p]}\n", style="cyan")
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
    return text


def _titles(summary: dict[str, Any]) -> dict[str, str]:
    """Kept file -> "title: OLD -> NEW" for a group that writes it under another title."""
    from ...core.merge.ledger import title_line

    out: dict[str, str] = {}
    for g in summary.get("groups") or []:
        ledger = (_field(g, "units") or {}).get("ledger") or {}
        if ledger.get("title") and _field(g, "kept"):
            out[str(g["kept"])] = title_line(ledger["title"])
    return out


def _field(obj: Any, key: str, default: Any = None) -> Any:
    return obj.get(key, default) if isinstance(obj, dict) else default


class ConfirmApply(ModalScreen[bool]):
    """The buttons sit above the list (notifications, bottom right, never cover them);
    the arrows and PageUp/PageDown scroll the list whichever button has the focus."""

    BINDINGS = [
        Binding("y", "confirm", "Apply"),
        Binding("n", "cancel", "Cancel"),
        Binding("escape", "cancel", "Cancel", show=False),
        Binding("up,k", "scroll('up')", "Scroll up", show=False),
        Binding("down,j", "scroll('down')", "Scroll down", show=False),
        Binding("pageup", "scroll('page_up')", "Page up", show=False),
        Binding("pagedown", "scroll('page_down')", "Page down", show=False),
    ]

    def __init__(self, summary: dict[str, Any], project_name: str,
                 question: str = "") -> None:
        super().__init__()
        self.summary = summary
        self.project_name = project_name
        self.question = question or f"Apply the decided groups to [b]{project_name}[/b]?"

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box"):
            yield Static(f"{self.question} Every change is journaled: [b]bm-review undo[/b] "
                         "reverts it.",
                         id="confirm-title")
            yield Static(counts_text(self.summary), id="confirm-counts")
            with Horizontal(id="confirm-buttons"):
                yield Static("↑/↓ PgUp/PgDn scroll the list", id="confirm-hint")
                yield Button("Apply (y)", variant="error", id="confirm-yes")
                yield Button("Cancel (n)", variant="primary", id="confirm-no")
            with VerticalScroll(id="confirm-list"):
                yield Static(summary_text(self.summary), id="confirm-body")

    # Rows of the box that are not the list: borders, padding, title, counts, buttons.
    CHROME_ROWS = 13

    def on_mount(self) -> None:
        self.app.clear_notifications()  # "planning…" must not sit on the list
        self.query_one("#confirm-no", Button).focus()
        self._fit_list()

    def on_resize(self) -> None:
        self._fit_list()

    def _fit_list(self) -> None:
        """The list scrolls inside the box instead of being cut off by it: at most the
        rows the box (90% of the screen) has left for it."""
        rows = int(self.size.height * 0.9) - self.CHROME_ROWS
        self.query_one("#confirm-list").styles.max_height = max(3, min(18, rows))

    def action_scroll(self, how: str) -> None:
        pane = self.query_one("#confirm-list", VerticalScroll)
        {"up": pane.scroll_up, "down": pane.scroll_down, "page_up": pane.scroll_page_up,
         "page_down": pane.scroll_page_down}[how](animate=False)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")

    def action_confirm(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(False)
