"""The agent proposals pane: the pending queue, each proposal against its matches.

The rules (what is allowed, what a choice writes) live in `core.proposal_review`;
this pane shows them and runs each decision in a thread worker.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.timer import Timer
from textual.widgets import DataTable, Static
from textual.worker import Worker

from ...core.journal import JOURNAL_DIR
from ...core.pending import Proposal
from ...core.proposal_review import ProposalReview, QueueState
from ..workers import background, report_failure
from .preview import text_diff
from .tables import VI_ENDS, VI_MOVES, JumpTable, PaneFocus, clip, clip_path, literal

POLL_S = 2.0
SETTLE_S = 0.08  # the match list and diff follow the proposal cursor once it rests this long
QUESTIONS = {"update": "Update the matching note in [b]{project}[/b] with [b]{title}[/b]?",
             "merge": "Merge [b]{title}[/b] into the matching note in [b]{project}[/b]?",
             "create": "Create [b]{title}[/b] as a new note in [b]{project}[/b]?",
             "discard": "Discard the proposal [b]{title}[/b]? Nothing is written; it leaves "
                        "the queue."}
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
            rows.append((local_time(p.created), literal(clip(p.caller or "?", 8)),
                         literal(clip(p.title, title_w)), literal(clip_path(match, match_w)),
                         score))
        self.add_rows(rows)

    @property
    def current_id(self) -> str | None:
        return self.ids[self.cursor_row] if 0 <= self.cursor_row < len(self.ids) else None

    def action_focus_matches(self) -> None:
        self.post_message(PaneFocus("matches"))


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
                         literal(clip_path(str(m.get("path")), width))))
            self.paths.append(str(m.get("path")))
        self.add_rows(rows)
        if self.paths:
            self.move_cursor(row=self.paths.index(keep) if keep in self.paths else 0,
                             animate=False)

    @property
    def current_path(self) -> str | None:
        return self.paths[self.cursor_row] if 0 <= self.cursor_row < len(self.paths) else None

    def action_focus_proposals(self) -> None:
        self.post_message(PaneFocus("proposals"))


class PendingPane(Vertical):
    """Keys act on the selected proposal and, for update/merge, the selected match."""

    # Its keys are rows of `actions.ACTIONS` (tab "pending"), bound on the screen, which
    # calls `choose`, `toggle_preview` and `undo_last` and asks `refusal` first.

    class BindingsChanged(Message):
        """What the keys may do changed (a selection, a decision under way)."""

    @dataclass
    class Changed(Message):
        """The queue was re-read: `count` proposals are open."""

        count: int

    @dataclass
    class QueueRead(Message):
        """A worker read the queue (it changed on disk, or an apply/undo was journaled)."""

        state: QueueState
        journal: int | None

    @dataclass
    class MergeShown(Message):
        """A worker composed the merge preview of a proposal into one match."""

        proposal_id: str
        path: str
        text: Text

    @dataclass
    class ConfirmWanted(Message):
        """Ask the person before a choice is carried out (the screen shows the modal)."""

        summary: dict[str, Any]  # in the apply confirmation's form
        question: str
        answer: Callable[[bool | None], None]

    @dataclass
    class Undone(Message):
        title: str
        state: QueueState
        error: str = ""

    @dataclass
    class Decided(Message):
        """A decision was carried out (`outcome`) or refused (`error`); `state` is the
        queue read after it."""

        outcome: dict[str, Any] | None
        title: str
        state: QueueState
        error: str = ""

    def __init__(self, review: ProposalReview, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.review = review
        self.mode = "diff"
        self.busy = False
        self.written_here: list[tuple[str, str]] = []  # (apply id, title), this console run
        self._settle: Timer | None = None
        self._diff_width = 0  # the preview width the shown diff was fitted to
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

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        report_failure(self, event)

    # -- state -> widgets ------------------------------------------------------------------

    @property
    def proposal(self) -> Proposal | None:
        return self.review.get(self.query_one(ProposalTable).current_id)

    @property
    def match(self) -> str | None:
        self.flush()  # never the match list of the proposal the cursor just left
        return self.query_one(MatchTable).current_path

    def _journal_signature(self) -> int | None:
        """Changes when an apply or undo records itself (an undo can reopen a proposal)."""
        try:
            return (self.review.project.state / JOURNAL_DIR).stat().st_mtime_ns
        except OSError:
            return None

    def poll(self) -> None:
        if not self.busy:
            self.read_queue()

    @background("pending-poll")
    def read_queue(self) -> None:
        """Off the UI thread: a stat every poll, the queue read only when it changed."""
        journal = self._journal_signature()
        if self.review.changed_on_disk() or journal != self._journal_seen:
            self.post_message(self.QueueRead(self.review.read(), journal))

    def on_pending_pane_queue_read(self, event: PendingPane.QueueRead) -> None:
        if self.busy:  # a decision is being written: its own reload follows
            return
        self._journal_seen = event.journal
        self.review.adopt(event.state)
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
        elif self._preview_width() != self._diff_width:  # the diff header fits its width
            self.show_match()

    def _preview_width(self) -> int:
        return self.query_one("#pending-preview").scrollable_content_region.width

    def show_proposal(self) -> None:
        if self._settle is not None:  # shown now: the pending timer has nothing to do
            self._settle.stop()
            self._settle = None
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
            self.post_message(self.BindingsChanged())
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
        if self.mode == "merge" and path is not None:
            # Composing a merge embeds units: never on the UI thread.
            body.update(Text(f"composing the merge into {path}…", style="italic dim"))
            self.compose_merge(p, path)
        else:
            try:
                body.update(self._preview(p, path))
            except Exception as exc:  # the preview must never take the console down
                body.update(Text(f"preview unavailable: {exc}", style="red"))
        preview.border_title = ("merge preview (v: diff)" if self.mode == "merge"
                                else "diff match ↔ proposed (v: merge preview)")
        preview.scroll_home(animate=False)
        self.post_message(self.BindingsChanged())

    def _preview(self, p: Proposal, path: str | None) -> Text:
        proposed = self.review.proposed_note(p)
        if path is None:
            return Text.assemble((f"new note {p.path}\n\n", "bold green"), proposed.text)
        target = self.review.match_note(path)
        if target is None:
            return Text(f"{path} is gone or unreadable now", style="italic red")
        # The header's path on one line, shortened in the middle as in the member list.
        width = self._diff_width = self._preview_width()
        shown = clip_path(path, max(8, width - len("- ") - len(" (existing)"))) if width else path
        return text_diff(f"{shown} (existing)", target.body, f"proposed: {p.title}",
                         proposed.body)

    @background("pending-preview")
    def compose_merge(self, p: Proposal, path: str) -> None:
        target = self.review.match_note(path)
        if target is None:
            text = Text(f"{path} is gone or unreadable now", style="italic red")
        else:
            merged = self.review.merged_text(p, path) or ""
            base = set(target.text.splitlines())
            text = Text(f"merged result written to {path}\n\n", style="bold cyan")
            for line in merged.splitlines():
                text.append(f"{line}\n", style="" if line in base else "green")
        self.post_message(self.MergeShown(p.id, path, text))

    def on_pending_pane_merge_shown(self, event: PendingPane.MergeShown) -> None:
        p = self.proposal
        if self.mode == "merge" and p is not None and (p.id, self.match) == (
                event.proposal_id, event.path):  # still what the person is looking at
            self.query_one("#pending-preview-body", Static).update(event.text)

    @on(DataTable.RowHighlighted, "#proposals")
    def _proposal_moved(self, event: DataTable.RowHighlighted) -> None:
        # As on the groups tab: the cursor moves at once, the match list, details and diff
        # follow once it rests (a held key re-laid them out on every row: 66 ms a key).
        if self._settle is not None:
            self._settle.stop()
        self._settle = self.set_timer(SETTLE_S, self._settled)

    def _settled(self) -> None:
        self._settle = None
        self.show_proposal()

    def flush(self) -> None:
        """Bring the match list up to the cursor's proposal (before a key acts on it)."""
        if self._settle is not None:
            self._settle.stop()
            self._settle = None
            self.show_proposal()

    @on(DataTable.RowHighlighted, "#matches")
    def _match_moved(self, event: DataTable.RowHighlighted) -> None:
        self.show_match()

    # -- decisions -------------------------------------------------------------------------

    def refusal(self, choice: str) -> str | None:
        """Why `choice` (or "undo_proposal") makes no sense now, or None."""
        if self.busy:
            return "a decision is being written; wait a moment"
        if choice == "undo_proposal":
            return None if self.written_here else (
                "nothing to undo: no proposal was written in this console run (a discard "
                "writes nothing and is final)")
        why = self.review.refusal(choice, self.proposal, self.match)
        if why is None and choice in ("update", "merge") and self.match:
            target = self.review.match_note(self.match)
            if target is not None and target.locked:
                return (f"cannot {choice}: {self.match} is locked (locked: true) and is never "
                        "written; create the proposal as a new note or discard it")
        return why

    def choose(self, choice: str) -> None:
        p = self.proposal
        why = self.refusal(choice)
        if p is None or why:
            self.notify(why or "no proposal selected", title="Not possible", severity="warning")
            return
        self.ask_first(p, choice, self.match)

    @background("pending-ask")
    def ask_first(self, p: Proposal, choice: str, target: str | None) -> None:
        """The same confirmation `a` asks for (Enter cancels, y goes on), discard included:
        a proposal thrown away by a stray `x` is not in the queue any more. Off the UI
        thread: naming a new note walks the project."""

        def confirmed(ok: bool | None) -> None:
            if ok and self.review.get(p.id) is not None:
                self._start(p, choice, target)

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
        self.post_message(self.BindingsChanged())
        self.decide(p.id, p.title, choice, target)

    @background("pending")
    def decide(self, proposal_id: str, title: str, choice: str, target: str | None) -> None:
        try:
            outcome = self.review.decide(proposal_id, choice, target)
        except Exception as exc:  # shown on screen; nothing was written
            self.post_message(self.Decided(None, title, self.review.read(),
                                           f"{type(exc).__name__}: {exc}"))
        else:
            self.post_message(self.Decided(outcome, title, self.review.read()))

    def on_pending_pane_decided(self, event: PendingPane.Decided) -> None:
        self.busy = False
        self.review.adopt(event.state)
        self.refill()
        if event.outcome is None:
            self.notify(event.error, title="Not decided", severity="error")
            return
        action = event.outcome.get("action", "")
        where = event.outcome.get("path")
        if event.outcome.get("apply_id"):
            self.written_here.append((str(event.outcome["apply_id"]), event.title))
        self.notify(f"{event.title}: {DONE.get(action, action)}"
                    + (f" {where}" if where and action != "discarded" else "")
                    + (" (z undoes it)" if event.outcome.get("apply_id") else ""),
                    title="Proposal decided")

    def toggle_preview(self) -> None:
        self.mode = "merge" if self.mode == "diff" else "diff"
        self.show_match()

    def undo_last(self) -> None:
        """`z`: take back the last proposal this console run wrote (its apply is undone,
        so the proposal is open again, as `bm-review undo` would leave it)."""
        why = self.refusal("undo_proposal")
        if why:
            self.notify(why, title="Not possible", severity="warning")
            return
        apply_id, title = self.written_here.pop()
        self.busy = True
        self.post_message(self.BindingsChanged())
        self.undo(apply_id, title)

    @background("pending-undo")
    def undo(self, apply_id: str, title: str) -> None:
        from ...core.apply import undo_apply

        try:
            undo_apply(self.review.project, apply_id)
        except Exception as exc:  # refused (a file changed since): nothing was restored
            self.post_message(self.Undone(title, self.review.read(),
                                          f"{type(exc).__name__}: {exc}"))
        else:
            self.post_message(self.Undone(title, self.review.read()))

    def on_pending_pane_undone(self, event: PendingPane.Undone) -> None:
        self.busy = False
        self.review.adopt(event.state)
        self.refill()
        if event.error:
            self.notify(event.error, title="Not undone", severity="error")
        else:
            self.notify(f"{event.title}: its write is undone and the proposal is open again",
                        title="Undo")
