"""The review screen: group table, detail pane, preview, decisions by single keys.

Keys, palette entries and help come from `actions.ACTIONS`; where the person is (rows,
selection, filter, preview mode) lives in `view.ReviewView`; the rules in
`session.ReviewSession`. This screen wires them to the widgets; the decisions, the apply,
the result actions, the look outside and the background work are mixins beside it.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Key, Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Input, Static, TabbedContent, TabPane
from textual.widgets.tabbed_content import ContentTabs
from textual.worker import Worker

from ...core.grouping import Group
from ...core.pipeline import ScanResult
from ...core.proposal_review import ProposalReview
from ...core.unit_vectors import shared_vectors
from ..actions import ACTION_TABS, bindings, guarded_actions, guarded_keys, guards
from ..commands import ReviewCommands, RunAction
from ..context import ConsoleContext
from ..messages import NoticesWanted, RescanWanted
from ..outside import CHECK_S, OutsideChanges
from ..results import Results
from ..session import THRESHOLD_STEP, ReviewSession
from ..view import ReviewView
from ..widgets.detail import DetailPane, detail_text
from ..widgets.footer import InPlaceFooter
from ..widgets.header import ConsoleHeader
from ..widgets.pending import MatchTable, PendingPane, ProposalTable
from ..widgets.preview import Preview
from ..widgets.tables import GroupTable, MemberTable, PaneFocus, TableResized
from ..workers import report_failure
from .apply_actions import ApplyActions
from .background_work import BackgroundWork
from .confirm import ConfirmApply
from .decision_actions import DecisionActions
from .help import HelpScreen
from .outside_watch import OutsideWatch
from .result_actions import ResultActions
from .scan import project_label

GUARDED_KEYS = {tab: guarded_keys(tab) for tab in ("groups", "pending")}
GUARDED_ACTIONS = {tab: guarded_actions(tab) for tab in ("groups", "pending")}
GUARDS = {tab: sorted(guards(tab)) for tab in ("groups", "pending")}


class ReviewScreen(DecisionActions, ApplyActions, ResultActions, OutsideWatch, BackgroundWork,
                   Screen):
    COMMANDS = {ReviewCommands}
    BINDINGS = bindings()

    def __init__(self, result: ScanResult, context: ConsoleContext | None = None,
                 window: set[str] | None = None, window_label: str = "") -> None:
        super().__init__()
        self.result = result
        self.context = context or ConsoleContext(result.project)
        audit = self.context.audit
        self.session = ReviewSession.open(result, window, window_label,
                                          audit.carried if audit else frozenset(),
                                          skips_since=self.context.started,
                                          sync=self.context.syncer)
        self.view = ReviewView(self.session)
        self.proposals = ProposalReview.open(result.project)  # agents' upsert_note(ask)
        self.proposals.targets = self.session.targets
        # Unit vectors for previews and apply, kept on disk in the project's state folder.
        self.vectors = shared_vectors(result.project.state)
        self.results = Results()  # merge/update results composed ahead (warm-up, preview)
        self._table_width = 0
        self._shown_gid: str | None = None
        self._shown_member: tuple[str | None, str | None] | None = None
        self._settle: Timer | None = None
        self._warming: tuple[tuple[object, ...], Worker] | None = None
        self._moving = False  # background work held while the group cursor moves
        self._binding_state: tuple[object, ...] = ()

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield ConsoleHeader()
        with TabbedContent(id="tabs"):
            with TabPane(self._groups_label(), id="tab-groups"):
                yield Static(id="status")
                yield Input(placeholder="filter groups by title or path (Enter: keep, "
                            "Esc: clear)", id="filter")
                yield GroupTable(id="groups")
                with Horizontal(id="bottom"):
                    with Vertical(id="detail"):
                        yield MemberTable(id="members")
                        yield DetailPane(id="evidence")
                    yield Preview(id="preview")
            with TabPane(self._proposals_label(len(self.proposals.items)), id="tab-pending"):
                yield PendingPane(self.proposals, id="pending")
        yield Static(id="problems")
        yield InPlaceFooter(show_command_palette=False, compact=True)

    def _groups_label(self) -> str:
        return f"Duplicate groups ({len(self.session.groups)})"

    @staticmethod
    def _proposals_label(count: int) -> str:
        return f"Agent proposals ({count}) · p"

    @property
    def tab(self) -> str:
        """"groups" or "pending": the tab on screen."""
        return "pending" if self.query_one(TabbedContent).active == "tab-pending" else "groups"

    @property
    def shown(self) -> list[Group]:
        return self.view.rows

    @property
    def filter_text(self) -> str:
        return self.view.filter_text

    @property
    def preview_mode(self) -> str:
        return self.view.preview_mode

    def on_mount(self) -> None:
        # Tab switches by `p` (and the mouse): Tab/shift+Tab keep moving between panes.
        self.query_one(ContentTabs).can_focus = False
        self.query_one("#detail").border_title = "group"
        self.query_one(Preview).vectors = self.vectors
        self.query_one(Preview).results = self.results
        groups = self.query_one("#groups")
        s = self.session
        subtitle = [self.context.audit.summary] if (
            self.context.audit is not None and s.window is not None) else []
        if self.context.shown_path:
            subtitle.append(f"demo copy: {self.context.shown_path}")
        groups.border_subtitle = " · ".join(subtitle)
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
        self.outside = OutsideChanges(self.session)
        self._applying = False
        self._looking = False
        self.set_interval(CHECK_S, self._check_outside)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        report_failure(self, event)

    def action_show_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = f"tab-{tab}"

    @on(TabbedContent.TabActivated)
    def _tab_shown(self, event: TabbedContent.TabActivated) -> None:
        table = ProposalTable if self.tab == "pending" else GroupTable
        self.query_one(table).focus()
        self.update_bindings()

    @on(PendingPane.BindingsChanged)
    def _proposal_state(self, event: PendingPane.BindingsChanged) -> None:
        self.update_bindings()

    @on(PendingPane.Changed)
    def _proposals_changed(self, event: PendingPane.Changed) -> None:
        self.query_one(TabbedContent).get_tab("tab-pending").label = self._proposals_label(
            event.count)

    @on(PendingPane.ConfirmWanted)
    def _confirm_proposal(self, event: PendingPane.ConfirmWanted) -> None:
        self.app.push_screen(ConfirmApply(event.summary, project_label(self.context.project),
                                          event.question), event.answer)

    @on(PaneFocus)
    def _focus_pane(self, event: PaneFocus) -> None:
        panes = {"groups": GroupTable, "members": MemberTable, "proposals": ProposalTable,
                 "matches": MatchTable}
        self.query_one(panes[event.pane]).focus()

    @on(MemberTable.Focused)
    def _members_focused(self, event: MemberTable.Focused) -> None:
        self.flush_detail()

    @on(TableResized)
    def _table_resized(self, event: TableResized) -> None:
        if isinstance(event.table, GroupTable):
            if event.width and abs(event.width - self._table_width) > 2:
                self.rebuild()
        else:
            self.show_group(keep_member=self.query_one(MemberTable).current_path)

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
        """The detail pane shows the group under the cursor (no update is waiting, the
        preview's diff included)."""
        return self._group_shown and not self.query_one(Preview).diff_pending

    @property
    def _group_shown(self) -> bool:
        return self._settle is None and self.query_one(GroupTable).current_id == self._shown_gid

    def flush_detail(self) -> None:
        if not self._group_shown:
            self.show_group()

    def rebuild(self, keep: str | None = None, keep_member: str | None = None) -> None:
        """Refill the group table (filter, threshold, canonical change), keeping the cursor."""
        table = self.query_one(GroupTable)
        self.view.select(keep or table.current_id)
        rows = self.view.refresh()
        s = self.session
        # Before the first layout the table has no size: the terminal's width less the
        # table's border is what it gets (60 painted narrow columns at 160x45 for ~1 s).
        self._table_width = table.size.width or max(40, self.app.size.width - 2)
        table.fill(rows, s.notes, {g.id: s.status(g) for g in rows},
                   {g.id: len(s.members(g)) + 1 for g in rows}, self._table_width,
                   {g.id for g in rows if s.is_new(g)}, {g.id for g in rows if s.is_carried(g)})
        table.select_id(self.view.group_id)
        self.show_group(keep_member)
        self.update_status()

    def update_status(self) -> None:
        s = self.session
        text = Text()
        text.append(f" {project_label(self.context.project)}", style="bold")
        if self.filter_text:  # early in the line: a narrow terminal must not cut it off
            text.append(f" · filter {self.filter_text!r}: {len(self.shown)} shown",
                        style="bold yellow")
        text.append(f" · {self.view.counts_text()}")
        if s.window is not None:
            text.append(f" · ✦ {s.new_count()} new in the window", style="bold yellow")
            if s.carried_ids:
                text.append(f" · ◷ {s.carried_count()} open", style="yellow")
        if self.result.problems:
            text.append(f" · {len(self.result.problems)} unreadable", style="bold red")
        self.query_one("#status", Static).update(text)
        self.query_one(GroupTable).border_title = self._table_title()
        self.query_one(TabbedContent).get_tab("tab-groups").label = self._groups_label()
        self.update_bindings()

    def _table_title(self) -> str:
        """What the marks mean: the audit's order, and the two bands when both are listed."""
        title = ("duplicate groups · first ✦ changed in the audit window, then ◷ open from "
                 "earlier audits" if self.session.window is not None else "duplicate groups")
        counts = self.view.band_counts()
        if len(counts) > 1:
            title += (f" · ● likely ({counts.get('likely', 0)}) · ○ possible "
                      f"({counts.get('possible', 0)})")
        return title

    def show_group(self, keep_member: str | None = None) -> None:
        if self._settle is not None:
            self._settle.stop()
            self._settle = None
        g = self.group
        s = self.session
        self._shown_gid = g.id if g else None
        self.view.select(self._shown_gid)
        members = s.members(g) if g else []
        self.query_one(MemberTable).show(g, members, s.notes, keep_member,
                                         s.kept(g)[0] if g else None)
        detail = self.query_one("#detail")
        if g is None:
            detail.border_title = "no group" if not self.filter_text else "no match"
        else:
            status = s.status(g)
            detail.border_title = f"group of {len(members) + 1}" + (
                f" · {status}" if status else "") + (" · changed" if g.id in s.carried
                                                      and g.id not in s.decisions else "")
            self._warm(g)
        self.show_member()
        if self._moving:  # the warm-up of the group shown goes on once it is painted
            self.call_after_refresh(self._moves_shown)

    def show_member(self) -> None:
        g = self.group
        path = self.query_one(MemberTable).current_path if g else None
        self.view.member = path
        pane = self.query_one(DetailPane)
        pane.show(detail_text(self.view.detail(g, path), self.session.notes,
                              numbers=self.view.show_numbers) if g else Text())
        self.query_one(Preview).show(self.view.preview_request(g, path))
        store = self.vectors.store
        if store is not None and store.problem:  # once per console run, not per re-scan
            self.post_message(NoticesWanted([store.problem], title="Cache not used", timeout=8))
        self._shown_member = (g.id if g else None, path)
        self.update_bindings()

    @on(DataTable.RowHighlighted, "#groups")
    def _group_moved(self, event: DataTable.RowHighlighted) -> None:
        gid = self.query_one(GroupTable).current_id
        if gid == self._shown_gid:  # a rebuild, after the detail was already shown
            return
        self._cursor_moved()

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
        state = (self.tab, *(self.refusal(a) is None for a in GUARDS[self.tab]))
        if state != self._binding_state:
            self._binding_state = state
            self.refresh_bindings()

    def refusal(self, action: str) -> str | None:
        """Why `action` (a guard name of the tab shown) makes no sense now, or None."""
        if self.tab == "pending":
            return self.query_one(PendingPane).refusal(action)
        return self.session.refusal(action, self.group, self.member)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """One table for both tabs (`actions.ACTIONS`): an action of the other tab is
        hidden; a refused one is shown dimmed (its key then says why)."""
        if action == "show_tab":
            return bool(parameters) and parameters[0] != self.tab
        tab = ACTION_TABS.get(action, "any")
        if tab not in ("any", self.tab):
            return False
        name = str(parameters[0]) if action in ("decide", "choose") and parameters else action
        if name in GUARDS[self.tab]:
            return None if self.refusal(name) else True
        return True

    def on_resize(self, event: Resize) -> None:
        # On a short terminal (80x24) the groups come first: the table may take more of the
        # height (the panes below scroll); below ~22 rows they would have none left.
        short = 22 <= event.size.height < 30
        self.query_one(GroupTable).styles.max_height = "62%" if short else "45%"

    def on_key(self, event: Key) -> None:
        # A disabled binding never reaches its action: say why instead of doing nothing.
        # Keys typed together (`j x`) reach this handler before the App has run the
        # earlier key's binding (the cursor move), so a guarded key is judged and run in
        # the App's turn, after every key before it: it acts on the row as painted.
        keys = GUARDED_KEYS[self.tab]
        if isinstance(self.focused, Input) or event.character not in keys:
            return
        event.stop()
        event.prevent_default()
        self.app.call_next(self._guarded_key, self.tab, event.character)

    async def _guarded_key(self, tab: str, character: str) -> None:
        if self.tab != tab or self._refused(GUARDED_KEYS[tab][character]):
            return
        await self.run_action(GUARDED_ACTIONS[tab][character])

    def _refused(self, action: str) -> bool:
        why = self.refusal(action)
        if why:
            self.notify(why, title="Not possible", severity="warning")
        return bool(why)

    @on(RunAction)
    async def _palette_chose(self, event: RunAction) -> None:
        """A command palette entry: on its own tab, refused like its key, else run."""
        if event.entry.tab not in ("any", self.tab):
            self.action_show_tab(event.entry.tab)
        if event.entry.guard and self._refused(event.entry.guard):
            return
        await self.run_action(event.entry.action)

    # -- actions ---------------------------------------------------------------------------

    def action_threshold(self, step: int) -> None:
        s = self.session
        new = s.threshold + step * THRESHOLD_STEP
        if not 0.0 <= round(new, 4) <= 1.0:
            return
        s.regroup(new)
        n = len(s.groups)
        msg = f"threshold {s.threshold:.2f}: {n} group{'' if n == 1 else 's'}"
        changed = [c for gid, c in s.carried.items() if gid not in s.decisions]
        if changed:
            msg += (f"\n{len(changed)} decided group(s) changed: the decision stays on the "
                    "notes it was made on (" + ", ".join(p for c in changed for p in c.joined)
                    + " joined, not covered)")
        if s.waiting:
            msg += (f"\n{len(s.waiting)} decision(s) kept aside: their notes are no longer "
                    "in one group at this threshold (back when the group is)")
        self.notify(msg, title="Regrouped", timeout=8 if changed or s.waiting else 4)
        self.rebuild()

    def action_toggle_numbers(self) -> None:
        self.view.show_numbers = not self.view.show_numbers
        g = self.group
        path = self.query_one(MemberTable).current_path if g else None
        self.query_one(DetailPane).show(detail_text(
            self.view.detail(g, path), self.session.notes, numbers=self.view.show_numbers)
            if g else Text())

    def action_cycle_preview(self) -> None:
        self.view.cycle_preview()
        # `j v` typed together: the moved cursor's group is not shown yet. Show it now
        # (members, detail, warm-up and the new preview, once) rather than the preview
        # with the previous group's member list, then everything again when
        # show_member's binding refresh catches the detail up (flush_detail).
        if self._group_shown:
            self.show_member()
        else:
            self.show_group()

    def action_rescan(self) -> None:
        self.post_message(RescanWanted())

    def action_filter(self) -> None:
        box = self.query_one("#filter", Input)
        box.display = True
        box.focus()

    @on(Input.Changed, "#filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        self.view.filter_text = event.value
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
            self.view.filter_text = ""
            self.rebuild()
            self.query_one(GroupTable).focus()

    # -- the proposals tab: the pane carries them out ---------------------------------------

    def action_choose(self, choice: str) -> None:
        self.query_one(PendingPane).choose(choice)

    def action_toggle_proposal_preview(self) -> None:
        self.query_one(PendingPane).toggle_preview()

    def action_undo_proposal(self) -> None:
        self.query_one(PendingPane).undo_last()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen())
