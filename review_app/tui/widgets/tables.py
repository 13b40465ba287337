"""The group table and the member list: plain DataTables (no per-row widgets)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.binding import Binding
from textual.coordinate import Coordinate
from textual.events import Focus, Resize
from textual.message import Message
from textual.widgets import DataTable

from ...core.grouping import Group, Member
from ...core.notes import Note

BAND_MARK = {"likely": Text("●", style="bold"), "possible": Text("○", style="dim")}
"""The band column: likely duplicates (at or above the precision-first cut) and possible
ones below it."""
STATUS_STYLE = {"update": "bold green", "merge": "bold cyan", "skip": "yellow",
                "distinct": "magenta"}


def clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def literal(text: str) -> Text:
    """A cell showing `text` as written: a DataTable reads a plain string as Rich markup,
    so a title like "Invoice [/bold] stray" stopped the console and "[bold]Backup[/]
    policy" lost its brackets (a fuzzing pass). Titles, paths and evidence come from the
    notes, and proposals from agents."""
    return Text(text)


def clip_path(path: str, width: int) -> str:
    """Shorten a path in the middle so that two members stay apart: the folders go down to
    their first letter, then the file name loses its `.md` and its middle (both ends tell
    notes apart: `…ue-backlog.md` and `…cklog_copy.md` did not)."""
    if len(path) <= width:
        return path
    *folders, name = path.split("/")
    short = "/".join([*(f[:1] for f in folders), name])
    if len(short) > width and short.endswith(".md"):  # every note has it: room for words
        short = short[:-3]
    if len(short) <= width:
        return short
    if width < 2:
        return "…"[:width]
    tail = (width - 1) // 2
    return short[: width - 1 - tail] + "…" + (short[-tail:] if tail else "")


def status_cell(status: str) -> Text:
    return Text(status or "·", style=STATUS_STYLE.get(status, "dim"))


def strongest_evidence(group: Group) -> str:
    top = group.members[0] if group.members else None
    return top.reasons[0] if top and top.reasons else ""


VI_MOVES = [Binding("j", "cursor_down", "Down", show=False),
            Binding("k", "cursor_up", "Up", show=False)]
"""j/k on every table; the long lists add g/G (`VI_ENDS`)."""
VI_ENDS = [Binding("g", "first", "First", show=False),
           Binding("G", "last", "Last", show=False)]


@dataclass
class PaneFocus(Message):
    """A table asks its screen to focus another pane ("groups", "members", "proposals",
    "matches")."""

    pane: str


@dataclass
class TableResized(Message):
    """A table's width changed: its columns (and clipping) follow."""

    table: DataTable
    width: int


class JumpTable(DataTable):
    """A table whose g/G jump to the first and last row without scrolling animation."""

    def action_first(self) -> None:
        self.move_cursor(row=0, animate=False)

    def action_last(self) -> None:
        self.move_cursor(row=max(0, self.row_count - 1), animate=False)


class GroupTable(JumpTable):
    """One row per group, keyed by position (rows are added in bulk with `add_rows`)."""

    BINDINGS = [*VI_MOVES, *VI_ENDS,
                Binding("right", "focus_members", "Members", show=False)]
    COLUMNS = ("", "score", "canonical", "n", "strongest evidence", "decision")
    STATUS_COLUMN = 5

    def __init__(self, **kwargs) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.group_ids: list[str] = []

    def fill(self, groups: list[Group], notes: dict[str, Note], statuses: dict[str, str],
             sizes: dict[str, int], width: int, new: set[str] | None = None,
             pending: set[str] | None = None) -> None:
        """Replace every row at once; column widths follow the available width. Groups in
        `new` (an audit's window) are marked ✦, those `pending` from earlier audits ◷."""
        flexible = width - (1 + 5 + 2 + 8) - 2 * len(self.COLUMNS) - 2  # fixed, pads, scrollbar
        title_w = max(16, flexible * 11 // 20)
        ev_w = max(10, flexible - title_w)
        self.clear(columns=True)
        for label, w in zip(self.COLUMNS, (1, 5, title_w, 2, ev_w, 8), strict=True):
            self.add_column(label, width=w, key=label)
        self.group_ids = [g.id for g in groups]
        rows = []
        for g in groups:
            canon = notes[g.canonical]
            title = ("★ " if canon.important else "") + canon.title
            if new and g.id in new:
                title = "✦ " + title
            elif pending and g.id in pending:
                title = "◷ " + title
            rows.append((BAND_MARK.get(g.band, ""), f"{g.score:.2f}", literal(clip(title, title_w)),
                         str(sizes[g.id]), literal(clip(strongest_evidence(g), ev_w)),
                         status_cell(statuses.get(g.id, ""))))
        self.add_rows(rows)

    @property
    def current_id(self) -> str | None:
        if not self.group_ids or self.cursor_row < 0 or self.cursor_row >= len(self.group_ids):
            return None
        return self.group_ids[self.cursor_row]

    def select_id(self, group_id: str | None) -> None:
        if group_id in self.group_ids:
            self.move_cursor(row=self.group_ids.index(group_id), animate=False)

    def set_status(self, group_id: str, status: str, size: int) -> None:
        if group_id in self.group_ids:
            row = self.group_ids.index(group_id)
            self.update_cell_at(Coordinate(row, self.STATUS_COLUMN), status_cell(status))
            self.update_cell_at(Coordinate(row, 3), str(size))

    def on_resize(self, event: Resize) -> None:
        self.post_message(TableResized(self, event.size.width))

    def action_focus_members(self) -> None:
        self.post_message(PaneFocus("members"))


def note_width(table_width: int) -> int:
    """The member list's path column: what the mark and score columns, their padding and
    the scrollbar leave (at least 8 cells: `e/po…g.md`, still both ends)."""
    return max(8, table_width - 2 - 5 - 2 * 3 - 3)


class MemberTable(DataTable):
    """The notes of the selected group: the canonical first, then the members by score;
    ◆ marks the canonical (whose content wins), ▣ the kept file (whose file survives)."""

    class Focused(Message):
        """The member list got the focus: the detail must show the cursor's group now."""

    BINDINGS = [*VI_MOVES, Binding("left", "focus_groups", "Groups", show=False)]

    def __init__(self, **kwargs) -> None:
        super().__init__(cursor_type="row", **kwargs)
        self.paths: list[str] = []
        self._note_width = 0

    def show(self, group: Group | None, members: list[Member], notes: dict[str, Note],
             keep: str | None = None, kept: str | None = None) -> None:
        width = note_width(self.size.width)
        if width != self._note_width:  # columns only change with the pane's width
            self._note_width = width
            self.clear(columns=True)
            self.add_column("", width=2, key="mark")
            self.add_column("score", width=5, key="score")
            self.add_column("note", width=width, key="note")
        else:
            self.clear()
        self.paths = []
        if group is None:
            return
        canon = notes[group.canonical]
        kept = kept or group.canonical
        rows: list[tuple[Text, Text | str, Text | str]] = [
                (Text("◆▣" if kept == canon.path else "◆", style="bold green"),
                 Text("canon", style="green"),
                 Text(("★ " + clip_path(canon.path, width - 2)) if canon.important
                      else clip_path(canon.path, width),
                      style="bold green"))]
        self.paths.append(group.canonical)
        for m in members:
            mark = Text("★", style="bold yellow") if m.important else Text("")
            if m.path == kept:
                mark.append("▣", style="bold cyan")
            rows.append((mark, f"{m.score:.2f}", literal(clip_path(m.path, width))))
            self.paths.append(m.path)
        self.add_rows(rows)
        row = self.paths.index(keep) if keep in self.paths else min(1, len(self.paths) - 1)
        self.move_cursor(row=row, animate=False)

    def on_focus(self, event: Focus) -> None:
        self.post_message(self.Focused())  # after quick moves

    def on_resize(self, event: Resize) -> None:
        if self.paths and note_width(event.size.width) != self._note_width:
            self.post_message(TableResized(self, event.size.width))

    @property
    def current_path(self) -> str | None:
        if not self.paths or not 0 <= self.cursor_row < len(self.paths):
            return None
        return self.paths[self.cursor_row]

    def action_focus_groups(self) -> None:
        self.post_message(PaneFocus("groups"))
