"""The review screen: group table, detail pane, preview, decisions by single keys."""

from __future__ import annotations

import time
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Header, Input, Static, TabbedContent, TabPane
from textual.widgets._tabbed_content import ContentTabs

from ...core.grouping import Group
from ...core.pipeline import ScanResult
from ..commands import ReviewCommands
from ..messages import ApplyFailed, ApplyFinished
from ..session import THRESHOLD_STEP, ConsoleAudit, PendingReview, ReviewSession
from ..widgets.footer import InPlaceFooter
from ..widgets.pending import PendingPane, ProposalTable
from ..widgets.preview import Preview
from ..widgets.tables import GroupTable, MemberTable
from .confirm import ConfirmApply, PlanReady
from .help import HelpScreen
from .scan import project_label

# key -> (action, parameter) for the actions that can be refused.
GUARDED_KEYS = {"u": ("update", None), "m": ("merge", None), "s": ("skip", None),
                "d": ("distinct", None), "c": ("canonical", None), "x": ("remove", None),
                "z": ("undo", None), "a": ("apply", None)}
DETAIL_DELAY_S = 0.12
"""Moves closer together than this (a held key) update the detail once, when they stop."""
GUARDED = {action for action, _ in GUARDED_KEYS.values()}
DONE_WORDS = {"update": "update (keep the canonical, retire the others)",
              "merge": "merge (fold the others into the canonical)",
              "skip": "skip (ask again next scan)", "distinct": "not duplicates (remembered)"}


class ReviewScreen(Screen):
    COMMANDS = {ReviewCommands}
    BINDINGS = [
        Binding("u", "decide('update')", "Update"),
        Binding("m", "decide('merge')", "Merge"),
        Binding("s", "decide('skip')", "Skip"),
        Binding("d", "decide('distinct')", "Distinct"),
        Binding("c", "canonical", "Canon"),
        Binding("x", "remove", "Out"),
        Binding("z", "undo", "Undo"),
        Binding("a", "apply", "Apply"),
        Binding("slash", "filter", "Filter", show=False),
        Binding("left_square_bracket", "threshold(-1)", "-thr", show=False),
        Binding("right_square_bracket", "threshold(1)", "+thr", show=False),
        Binding("v", "toggle_preview", "Diff/merge", show=False),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("p", "show_tab('pending')", "Proposals", show=False),  # named in the tab
        Binding("p", "show_tab('groups')", "Groups"),
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "clear_filter", "Clear filter", show=False),
    ]
    # Actions of the groups tab, hidden (and inactive) while the proposals tab is shown.
    GROUP_ACTIONS = GUARDED | {"decide", "filter", "threshold", "toggle_preview",
                               "clear_filter"}

    def __init__(self, result: ScanResult, window: set[str] | None = None,
                 window_label: str = "", audit: ConsoleAudit | None = None) -> None:
        super().__init__()
        self.result = result
        self.audit = audit  # with --since: the run's audit (pending groups, summary)
        self.session = ReviewSession.open(result, window, window_label,
                                          audit.pending if audit else frozenset())
        self.pending = PendingReview.open(result.project)
        self.filter_text = ""
        self.preview_mode = "diff"
        self.shown: list[Group] = []
        self._table_width = 0
        self._shown_gid: str | None = None
        self._shown_member: tuple[str | None, str | None] | None = None
        self._detail_timer: Timer | None = None
        self._detail_soon = False
        self._last_move = float("-inf")
        self._binding_state: tuple[bool, ...] = ()

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(id="tabs"):
            with TabPane(self._groups_label(), id="tab-groups"):
                yield Static(id="status")
                yield Input(placeholder="filter groups by title or path (Enter: keep, "
                            "Esc: clear)", id="filter")
                yield GroupTable(id="groups")
                with Horizontal(id="bottom"):
                    with Vertical(id="detail"):
                        yield MemberTable(id="members")
                        yield Static(id="evidence")
                    yield Preview(id="preview")
            with TabPane(self._pending_label(len(self.pending.items)), id="tab-pending"):
                yield PendingPane(self.pending, id="pending")
        yield Static(id="problems")
        yield InPlaceFooter(show_command_palette=False, compact=True)

    def _groups_label(self) -> str:
        return f"Duplicate groups ({len(self.session.groups)})"

    @staticmethod
    def _pending_label(count: int) -> str:
        return f"Agent proposals ({count}) · p"

    @property
    def tab(self) -> str:
        """"groups" or "pending": the tab on screen."""
        return "pending" if self.query_one(TabbedContent).active == "tab-pending" else "groups"

    def on_mount(self) -> None:
        # Tab switches by `p` (and the mouse): Tab/shift+Tab keep moving between tables.
        self.query_one(ContentTabs).can_focus = False
        self.query_one("#detail").border_title = "group"
        groups = self.query_one("#groups")
        groups.border_title = (
            "duplicate groups · first ✦ changed in the audit window, then ◷ pending from "
            "earlier audits" if self.session.window is not None else "duplicate groups")
        if self.audit is not None and self.session.window is not None:
            groups.border_subtitle = self.audit.summary
        problems = self.query_one("#problems", Static)
        if self.result.problems:
            lines = Text(f"{len(self.result.problems)} file(s) could not be read "
                         "(left untouched):\n", style="bold red")
            for p in self.result.problems:
                lines.append(f"  {p.path}: {p.error}\n", style="red")
            problems.update(lines)
        else:
            problems.display = False
        self.rebuild()
        self.query_one(GroupTable).focus()

    def action_show_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = f"tab-{tab}"

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        table = ProposalTable if self.tab == "pending" else GroupTable
        self.query_one(table).focus()
        self.refresh_bindings()

    @on(PendingPane.Changed)
    def _pending_changed(self, event: PendingPane.Changed) -> None:
        self.query_one(TabbedContent).get_tab("tab-pending").label = self._pending_label(
            event.count)

    def table_resized(self, width: int) -> None:
        if width and abs(width - self._table_width) > 2:
            self.rebuild()

    # -- state -> widgets ------------------------------------------------------------------

    @property
    def group(self) -> Group | None:
        gid = self.query_one(GroupTable).current_id
        return self.session.group(gid) if gid else None

    @property
    def member(self) -> str | None:
        self.flush_detail()  # never act on the member list of the previous group
        return self.query_one(MemberTable).current_path

    @property
    def detail_current(self) -> bool:
        """The detail pane shows the group under the cursor (no update is pending)."""
        return self._detail_timer is None and not self._detail_soon and (
            self.query_one(GroupTable).current_id == self._shown_gid)

    def flush_detail(self) -> None:
        if not self.detail_current:
            self.show_group()

    def rebuild(self, keep: str | None = None, keep_member: str | None = None) -> None:
        """Refill the group table (filter, threshold, canonical change), keeping the cursor."""
        table = self.query_one(GroupTable)
        keep = keep or table.current_id
        s = self.session
        self.shown = s.filtered(self.filter_text)
        statuses = {g.id: s.status(g) for g in self.shown}
        sizes = {g.id: len(s.members(g)) + 1 for g in self.shown}
        self._table_width = table.size.width or 60
        table.fill(self.shown, s.notes, statuses, sizes, self._table_width,
                   {g.id for g in self.shown if s.is_new(g)},
                   {g.id for g in self.shown if s.is_pending(g)})
        table.select_id(keep)
        self.show_group(keep_member)
        self.update_status()

    def update_status(self) -> None:
        s = self.session
        text = Text()
        text.append(f" {project_label(self.result.project)}", style="bold")
        text.append(f" · {len(s.notes)} notes · {len(s.groups)} groups at ≥ {s.threshold:.2f}"
                    f" · {s.decided_count()} decided · {len(s.to_apply())} to apply")
        if s.window is not None:
            text.append(f" · ✦ {s.new_count()} new in the window", style="bold yellow")
            if s.pending_ids:
                text.append(f" · ◷ {s.pending_count()} pending", style="yellow")
        if self.filter_text:
            text.append(f" · filter {self.filter_text!r}: {len(self.shown)} shown",
                        style="bold yellow")
        if self.result.problems:
            text.append(f" · {len(self.result.problems)} unreadable", style="bold red")
        self.query_one("#status", Static).update(text)
        tabs = self.query_one(TabbedContent)
        tabs.get_tab("tab-groups").label = self._groups_label()
        self.update_bindings()

    def show_group(self, keep_member: str | None = None) -> None:
        if self._detail_timer is not None:
            self._detail_timer.stop()
            self._detail_timer = None
        self._detail_soon = False
        g = self.group
        s = self.session
        self._shown_gid = g.id if g else None
        members = s.members(g) if g else []
        self.query_one(MemberTable).show(g, members, s.notes, keep_member)
        detail = self.query_one("#detail")
        if g is None:
            detail.border_title = "no group" if not self.filter_text else "no match"
        else:
            status = s.status(g)
            detail.border_title = f"group of {len(members) + 1}" + (f" · {status}" if status
                                                                     else "")
        self.show_member()

    def show_member(self) -> None:
        g = self.group
        s = self.session
        ev = self.query_one("#evidence", Static)
        preview = self.query_one(Preview)
        if g is None:
            ev.update("")
            preview.show(self.preview_mode, None, None, [])
            self._shown_member = (None, None)
            self.update_bindings()
            return
        path = self.member
        text = Text()
        text.append("◆ canonical ", style="bold green")
        text.append(f"{g.canonical}: {g.canonical_reason}\n", style="green")
        m = g.member(path) if path else None
        if m is not None:
            text.append(f"{m.path} ", style="bold")
            text.append(f"score {m.score:.2f}" + ("  ★ important, never retired"
                                                   if m.important else "") + "\n")
            conflicts = s.conflicts(g, m.path)
            if conflicts:  # first: the pane may be too short for every reason
                text.append(f"  ⚠ frontmatter differs from the canonical: {'; '.join(conflicts)}"
                            "\n", style="bold yellow")
            for reason in m.reasons:
                text.append(f"  • {reason}\n")
            nums = ", ".join(f"{k} {v:.2f}" for k, v in m.evidence.items()
                             if isinstance(v, int | float))
            if nums:
                text.append(f"  {nums}\n", style="dim")
        gone = s.removed.get(g.id)
        if gone:
            text.append(f"taken out: {', '.join(gone)}\n", style="yellow")
        ev.update(text)
        canon = s.notes[g.canonical]
        member_note = s.notes.get(path) if path else None
        if member_note is None or path == g.canonical:
            first = s.members(g)
            member_note = s.notes[first[0].path] if first else None
        others = [s.notes[p] for p in s.retirable(g)]
        preview.show(self.preview_mode, canon, member_note, others)
        self._shown_member = (g.id, path)
        self.update_bindings()

    @on(DataTable.RowHighlighted, "#groups")
    def _group_moved(self, event: DataTable.RowHighlighted) -> None:
        # Rebuilds post this too, after the detail was already shown with its member cursor.
        if self.query_one(GroupTable).current_id == self._shown_gid:
            return
        # The detail (members, evidence, diff) costs a re-layout: a single move shows it at
        # once; moves in quick succession (a held key) only move the cursor, and the detail
        # follows when they stop.
        now = time.monotonic()
        quick = now - self._last_move < DETAIL_DELAY_S
        self._last_move = now
        if not quick and self._detail_timer is None and not self._detail_soon:
            # Paint the moved cursor first; the detail's re-layout comes in the next frame.
            self._detail_soon = True
            self.call_after_refresh(self._detail_due)
            return
        if self._detail_timer is not None:
            self._detail_timer.stop()
        self._detail_timer = self.set_timer(DETAIL_DELAY_S, self._detail_due)

    def _detail_due(self) -> None:
        if self._detail_timer is not None:
            self._detail_timer.stop()
        self._detail_timer = None
        self._detail_soon = False
        if self.query_one(GroupTable).current_id != self._shown_gid:
            self.show_group()

    @on(DataTable.RowHighlighted, "#members")
    def _member_moved(self, event: DataTable.RowHighlighted) -> None:
        # `show_group` already showed the member its refill highlights: redoing the
        # evidence and preview would cost a second re-layout and render of the diff.
        if self._shown_member == (self._shown_gid, self.query_one(MemberTable).current_path):
            return
        self.show_member()

    # -- refusing what makes no sense ------------------------------------------------------

    def update_bindings(self) -> None:
        """Refresh the Footer only when an action's enabled state changed (it re-mounts keys)."""
        state = tuple(self.refusal(a) is None for a in sorted(GUARDED))
        if state != self._binding_state:
            self._binding_state = state
            self.refresh_bindings()

    def refusal(self, action: str) -> str | None:
        return self.session.refusal(action, self.group, self.member)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "show_tab":
            return bool(parameters) and parameters[0] != self.tab
        if action in self.GROUP_ACTIONS and self.tab != "groups":
            return False
        name = str(parameters[0]) if action == "decide" and parameters else action
        if name in GUARDED:
            return None if self.refusal(name) else True
        return True

    def on_key(self, event: Key) -> None:
        # A disabled binding never reaches its action: say why instead of doing nothing.
        if (isinstance(self.focused, Input) or event.character not in GUARDED_KEYS
                or self.tab != "groups"):
            return
        why = self.refusal(GUARDED_KEYS[event.character][0])
        if why:
            self.notify(why, title="Not possible", severity="warning")
            event.stop()

    def _refused(self, action: str) -> bool:
        why = self.refusal(action)
        if why:
            self.notify(why, title="Not possible", severity="warning")
        return bool(why)

    async def palette_action(self, action: str) -> None:
        """A command palette entry: refused like its key, else run."""
        name = action.split("'")[1] if action.startswith("decide(") else action
        if name in GUARDED and self._refused(name):
            return
        await self.run_action(action)

    # -- actions ---------------------------------------------------------------------------

    def action_decide(self, action: str) -> None:
        g = self.group
        if g is None or self._refused(action):
            return
        self.session.decide(g, action)
        self.notify(f"{self.session.notes[g.canonical].title}: {DONE_WORDS[action]}",
                    title="Decided")
        self._after_decision(g.id, advance=True)

    def _after_decision(self, gid: str, advance: bool = False) -> None:
        table = self.query_one(GroupTable)
        g = self.session.group(gid)
        if g is not None:
            table.set_status(gid, self.session.status(g), len(self.session.members(g)) + 1)
        if advance and table.cursor_row < table.row_count - 1:
            table.move_cursor(row=table.cursor_row + 1, animate=False)
        else:
            self.show_group()
        self.update_status()

    def action_canonical(self) -> None:
        g, path = self.group, self.member
        if g is None or path is None or self._refused("canonical"):
            return
        self.session.set_canonical(g, path)
        self.notify(f"{path} is now the canonical", title="Canonical")
        self.rebuild(keep=g.id, keep_member=path)

    def action_remove(self) -> None:
        g, path = self.group, self.member
        if g is None or path is None or self._refused("remove"):
            return
        self.session.remove_member(g, path)
        self.notify(f"{path} taken out of the group", title="Taken out")
        self._after_decision(g.id)

    def action_undo(self) -> None:
        if self._refused("undo"):
            return
        gid = self.session.undo()
        if gid is None:
            return
        self.notify("last change undone", title="Undo")
        self.rebuild(keep=gid)

    def action_threshold(self, step: int) -> None:
        s = self.session
        new = s.threshold + step * THRESHOLD_STEP
        if not 0.0 <= round(new, 4) <= 1.0:
            return
        s.regroup(new)
        self.notify(f"threshold {s.threshold:.2f}: {len(s.groups)} groups", title="Regrouped")
        self.rebuild()

    def action_toggle_preview(self) -> None:
        self.preview_mode = "merge" if self.preview_mode == "diff" else "diff"
        self.show_member()

    def action_filter(self) -> None:
        box = self.query_one("#filter", Input)
        box.display = True
        box.focus()

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self.filter_text = event.value
        self.rebuild()

    @on(Input.Submitted, "#filter")
    def _filter_done(self, event: Input.Submitted) -> None:
        if not event.value:
            event.input.display = False
        self.query_one(GroupTable).focus()

    def action_clear_filter(self) -> None:
        box = self.query_one("#filter", Input)
        if box.display or self.filter_text:
            box.value = ""
            box.display = False
            self.filter_text = ""
            self.rebuild()
            self.query_one(GroupTable).focus()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())

    # -- apply -----------------------------------------------------------------------------

    def action_apply(self) -> None:
        if self._refused("apply"):
            return
        self.notify("planning the changes…", title="Apply")
        self.make_plan(self.session.plan_document(), [g.id for g in self.session.to_apply()])

    @work(thread=True, exclusive=True, group="apply")
    def make_plan(self, doc: dict[str, Any], group_ids: list[str]) -> None:
        try:
            from ...core.apply import plan_from_document

            plan = plan_from_document(self.result.project, doc)
            self.post_message(PlanReady(plan, plan.summary(), group_ids))
        except Exception as exc:
            self.post_message(ApplyFailed(f"cannot plan: {type(exc).__name__}: {exc}"))

    def on_plan_ready(self, event: PlanReady) -> None:
        def confirmed(ok: bool | None) -> None:
            if ok:
                self.run_apply(event.plan, event.group_ids)

        name = project_label(self.result.project)
        self.app.push_screen(ConfirmApply(event.summary, name), confirmed)

    @work(thread=True, exclusive=True, group="apply")
    def run_apply(self, plan: Any, group_ids: list[str]) -> None:
        try:
            from ...core.apply import apply_plan

            report = apply_plan(self.result.project, plan)
        except Exception as exc:
            self.post_message(ApplyFailed(f"{type(exc).__name__}: {exc}"))
        else:
            self.post_message(ApplyFinished(report, group_ids))

    def on_apply_failed(self, event: ApplyFailed) -> None:
        self.notify(event.error, title="Apply failed", severity="error", timeout=10)

    def on_apply_finished(self, event: ApplyFinished) -> None:
        report = event.report
        # apply_plan marks its applied groups in the decision log itself.
        applied = list(report.applied_groups)
        self.session.forget(applied)
        links = sum(int(r.get("count", 1)) for r in report.links_rewritten or [])
        msg = (f"{len(applied)} group(s): {len(report.updated)} file(s) updated, "
               f"{len(report.retired)} retired, {links} link(s) rewritten. "
               f"Undo: bm-review undo {report.apply_id}")
        if report.conflicts:
            msg += (f"\n{len(report.conflicts)} conflict(s) left alone: their notes changed; "
                    "decide them again after this re-scan")
        self.notify(msg, title="Applied", timeout=12)
        self.app.rescan()  # type: ignore[attr-defined]
