"""The agent proposals pane: the pending queue, each proposal against its matches.

The rules (what is allowed, what a choice writes) live in `session.PendingReview`;
this pane shows them and runs each decision in a thread worker.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Key
from textual.message import Message
from textual.widgets import DataTable, Static

from ...core.journal import JOURNAL_DIR
from ...core.pending import Proposal
from ..session import PendingReview
from .preview import text_diff
from .tables import VI_ENDS, VI_MOVES, JumpTable, clip, clip_path

POLL_S = 2.0
QUESTIONS = {"update": "Update the matching note in [b]{project}[/b] with [b]{title}[/b]?",
             "merge": "Merge [b]{title}[/b] into the matching note in [b]{project}[/b]?",
             "create": "Create [b]{title}[/b] as a new note in [b]{project}[/b]?",
             "discard": "Discard the proposal [b]{title}[/b]? Nothing is written; it leaves "
                        "the queue."}
KEYS = {"u": "update", "m": "merge", "n": "create", "x": "discard"}
DONE = {"updated": "updated", "merged": "merged into", "created": "created",
        "discarded": "discarded"}


def local_time(iso: str) -> str:
    """`created` (UTC ISO) as local month-day hour:minute."""
    try:
        t = dt.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso[:16]
    if t.tzinfo is None:
        t = t.replace(tzinfo=dt.UTC)
    return t.astimezone().strftime("%m-%d %H:%M")


class ProposalTable(JumpTable):
    BINDINGS = [*VI_MOVES, *VI_ENDS,
                Binding("right", "focus_matches", "Matches", show=False)]
    COLUMNS = ("time", "caller", "proposed title", "best match", "score")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.ids: list[str] = []

    def fill(self, items: list[Proposal], width: int) -> None:
        flexible = max(20, width - (11 + 8 + 5) - 2 * len(self.COLUMNS) - 2)
        title_w = flexible * 2 // 5
        match_w = flexible - title_w
        self.clear(columns=True)
        for label, w in zip(self.COLUMNS, (11, 8, title_w, match_w, 5), strict=True):
            self.add_column(label, width=w, key=label)
        self.ids = [p.id for p in items]
        rows = []
        for p in items:
            best = p.best or {}
            match = ("★ " if best.get("important") else "") + str(best.get("path") or "—")
            score = f"{best['score']:.2f}" if isinstance(best.get("score"), int | float) else ""
            rows.append((local_time(p.created), clip(p.caller or "?", 8), clip(p.title, title_w),
                         clip_path(match, match_w), score))
        self.add_rows(rows)

    @property
    def current_id(self) -> str | None:
        return self.ids[self.cursor_row] if 0 <= self.cursor_row < len(self.ids) else None

    def action_focus_matches(self) -> None:
        self.screen.query_one(MatchTable).focus()


class MatchTable(DataTable):
    BINDINGS = [*VI_MOVES, Binding("left", "focus_proposals", "Proposals", show=False)]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", **kwargs)
        self.paths: list[str] = []

    def show(self, proposal: Proposal | None, keep: str | None = None) -> None:
        width = max(12, self.size.width - 2 - 5 - 2 * 3 - 3)
        self.clear(columns=True)
        self.add_column("", width=2, key="mark")
        self.add_column("score", width=5, key="score")
        self.add_column("existing note", width=width, key="note")
        self.paths = []
        if proposal is None:
            return
        rows = []
        for m in proposal.matches:
            score = f"{m['score']:.2f}" if isinstance(m.get("score"), int | float) else ""
            rows.append((Text("★", style="bold yellow") if m.get("important") else "", score,
                         clip_path(str(m.get("path")), width)))
            self.paths.append(str(m.get("path")))
        self.add_rows(rows)
        if self.paths:
            self.move_cursor(row=self.paths.index(keep) if keep in self.paths else 0,
                             animate=False)

    @property
    def current_path(self) -> str | None:
        return self.paths[self.cursor_row] if 0 <= self.cursor_row < len(self.paths) else None

    def action_focus_proposals(self) -> None:
        self.screen.query_one(ProposalTable).focus()


class PendingPane(Vertical):
    """Keys act on the selected proposal and, for update/merge, the selected match."""

    BINDINGS = [
        Binding("u", "choose('update')", "Update"),
        Binding("m", "choose('merge')", "Merge"),
        Binding("n", "choose('create')", "New note"),
        Binding("x", "choose('discard')", "Discard"),
        Binding("v", "toggle_preview", "Diff/merge", show=False),
    ]

    class Changed(Message):
        """The queue was re-read: `count` proposals are open."""

        def __init__(self, count: int) -> None:
            super().__init__()
            self.count = count

    @dataclass
    class ConfirmWanted(Message):
        """Ask the person before a choice is carried out (the screen shows the modal)."""

        summary: dict[str, Any]  # in the apply confirmation's form
        question: str
        answer: Callable[[bool | None], None]

    class Decided(Message):
        def __init__(self, outcome: dict[str, Any] | None, title: str, error: str = "") -> None:
            super().__init__()
            self.outcome = outcome
            self.title = title
            self.error = error

    def __init__(self, review: PendingReview, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.review = review
        self.mode = "diff"
        self.busy = False
        self._width = 0
        self._journal_seen = self._journal_signature()

    def compose(self) -> ComposeResult:
        yield Static(id="pending-status")
        yield ProposalTable(id="proposals")
        with Horizontal(id="pending-bottom"):
            with Vertical(id="pending-detail"):
                yield MatchTable(id="matches")
                yield Static(id="pending-info")
            with VerticalScroll(id="pending-preview"):
                yield Static(id="pending-preview-body")

    def on_mount(self) -> None:
        self.query_one("#proposals").border_title = "proposals queued by agents (on_match=ask)"
        self.query_one("#pending-detail").border_title = "matches"
        self.set_interval(POLL_S, self.poll)
        self.refill()

    # -- state -> widgets ------------------------------------------------------------------

    @property
    def proposal(self) -> Proposal | None:
        return self.review.get(self.query_one(ProposalTable).current_id)

    @property
    def match(self) -> str | None:
        return self.query_one(MatchTable).current_path

    def _journal_signature(self) -> int | None:
        """Changes when an apply or undo records itself (an undo can reopen a proposal)."""
        try:
            return (self.review.project.state / JOURNAL_DIR).stat().st_mtime_ns
        except OSError:
            return None

    def poll(self) -> None:
        journal = self._journal_signature()
        if not self.busy and (self.review.changed_on_disk() or journal != self._journal_seen):
            self._journal_seen = journal
            self.review.reload()
            self.refill()

    def refill(self) -> None:
        table = self.query_one(ProposalTable)
        keep = table.current_id
        self._width = table.size.width or 80
        table.fill(self.review.items, self._width)
        if keep in table.ids:
            table.move_cursor(row=table.ids.index(keep), animate=False)
        status = Text()
        n = len(self.review.items)
        status.append(f" {n} proposal(s) waiting", style="bold" if n else "dim")
        status.append(" · notes agents wrote that resemble existing ones", style="dim")
        for problem in self.review.problems:
            status.append(f" · queue: {problem}", style="bold red")
        self.query_one("#pending-status", Static).update(status)
        self.show_proposal()
        self.post_message(self.Changed(n))

    def on_resize(self) -> None:
        if abs((self.query_one(ProposalTable).size.width or 80) - self._width) > 2:
            self.refill()

    def show_proposal(self) -> None:
        p = self.proposal
        self.query_one(MatchTable).show(p)
        self.show_match()

    def show_match(self) -> None:
        p, path = self.proposal, self.match
        info = self.query_one("#pending-info", Static)
        body = self.query_one("#pending-preview-body", Static)
        preview = self.query_one("#pending-preview")
        if p is None:
            info.update(Text("No proposal waiting. Agents queue one with upsert_note("
                             "on_match=\"ask\") when a note they write resembles an "
                             "existing one.", style="italic"))
            body.update("")
            preview.border_title = "preview"
            self.screen.refresh_bindings()
            return
        text = Text()
        text.append(f"{p.title}\n", style="bold")
        text.append(f"by {p.caller or 'unknown caller'} → {p.path}\n", style="dim")
        if p.reason:
            text.append(f"{p.reason}\n", style="dim")
        m = next((m for m in p.matches if m.get("path") == path), None)
        if m is not None:
            text.append(f"{path}", style="bold")
            if m.get("important"):
                text.append("  ★ important", style="bold yellow")
            if m.get("locked"):
                text.append("  locked: never written", style="bold red")
            text.append("\n")
            for reason in m.get("reasons") or []:
                text.append(f"  • {reason}\n")
        info.update(text)
        try:
            body.update(self._preview(p, path))
        except Exception as exc:  # the preview must never take the console down
            body.update(Text(f"preview unavailable: {exc}", style="red"))
        preview.border_title = ("merge preview (v: diff)" if self.mode == "merge"
                                else "diff match ↔ proposed (v: merge preview)")
        preview.scroll_home(animate=False)
        self.screen.refresh_bindings()

    def _preview(self, p: Proposal, path: str | None) -> Text:
        proposed = self.review.proposed_note(p)
        if path is None:
            return Text.assemble((f"new note {p.path}\n\n", "bold green"), proposed.text)
        target = self.review.match_note(path)
        if target is None:
            return Text(f"{path} is gone or unreadable now", style="italic red")
        if self.mode == "merge":
            merged = self.review.merged_text(p, path) or ""
            base = set(target.text.splitlines())
            out = Text(f"merged result written to {path}\n\n", style="bold cyan")
            for line in merged.splitlines():
                out.append(f"{line}\n", style="" if line in base else "green")
            return out
        return text_diff(f"{path} (existing)", target.body, f"proposed: {p.title}",
                         proposed.body)

    @on(DataTable.RowHighlighted, "#proposals")
    def _proposal_moved(self, event: DataTable.RowHighlighted) -> None:
        self.show_proposal()

    @on(DataTable.RowHighlighted, "#matches")
    def _match_moved(self, event: DataTable.RowHighlighted) -> None:
        self.show_match()

    # -- decisions -------------------------------------------------------------------------

    def refusal(self, choice: str) -> str | None:
        if self.busy:
            return "a decision is being written; wait a moment"
        why = self.review.refusal(choice, self.proposal, self.match)
        if why is None and choice in ("update", "merge") and self.match:
            target = self.review.match_note(self.match)
            if target is not None and target.locked:
                return (f"cannot {choice}: {self.match} is locked (locked: true) and is never "
                        "written; create the proposal as a new note or discard it")
        return why

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters:
            return None if self.refusal(str(parameters[0])) else True
        return True

    def on_key(self, event: Key) -> None:
        # A disabled binding never reaches its action: say why instead of doing nothing.
        if event.character in KEYS and (why := self.refusal(KEYS[event.character])):
            self.notify(why, title="Not possible", severity="warning")
            event.stop()

    def action_choose(self, choice: str) -> None:
        p = self.proposal
        why = self.refusal(choice)
        if p is None or why:
            self.notify(why or "no proposal selected", title="Not possible", severity="warning")
            return
        target = self.match

        def confirmed(ok: bool | None) -> None:
            if ok and self.review.get(p.id) is not None:
                self._start(p, choice, target)

        # The same confirmation `a` asks for (Enter cancels, y goes on), discard included:
        # a proposal thrown away by a stray `x` is not in the queue any more.
        name = self.review.project.name or self.review.project.root.name
        self.post_message(self.ConfirmWanted(self.written(p, choice, target),
                                             QUESTIONS[choice].format(title=p.title,
                                                                      project=name),
                                             confirmed))

    def written(self, p: Proposal, choice: str, target: str | None) -> dict[str, Any]:
        """What the choice writes, in the apply confirmation's summary form."""
        if choice == "discard":
            return {}
        if choice == "create":
            from ...core.naming import unique_note_path
            from ...core.project import walk_markdown

            root = self.review.project.root
            taken = {rel for rel, _ in walk_markdown(root)[0]}
            try:
                path = unique_note_path(root, p.path, taken)
            except ValueError:
                path = p.path
            return {"files_created": [path]}
        return {"files_updated": [target]}

    def _start(self, p: Proposal, choice: str, target: str | None) -> None:
        self.busy = True
        self.screen.refresh_bindings()
        self.decide(p.id, p.title, choice, target)

    @work(thread=True, exclusive=True, group="pending")
    def decide(self, proposal_id: str, title: str, choice: str, target: str | None) -> None:
        try:
            outcome = self.review.decide(proposal_id, choice, target)
        except Exception as exc:  # shown on screen; nothing was written
            self.post_message(self.Decided(None, title, f"{type(exc).__name__}: {exc}"))
        else:
            self.post_message(self.Decided(outcome, title))

    def on_pending_pane_decided(self, event: PendingPane.Decided) -> None:
        self.busy = False
        self.review.reload()
        self.refill()
        if event.outcome is None:
            self.notify(event.error, title="Not decided", severity="error")
            return
        action = event.outcome.get("action", "")
        where = event.outcome.get("path")
        self.notify(f"{event.title}: {DONE.get(action, action)}"
                    + (f" {where}" if where and action != "discarded" else "")
                    + (" (undo: bm-review undo)" if event.outcome.get("apply_id") else ""),
                    title="Proposal decided")

    def action_toggle_preview(self) -> None:
        self.mode = "merge" if self.mode == "diff" else "diff"
        self.show_match()
