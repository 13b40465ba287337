"""The review screen's work behind the person's back: the settled group's merge and
update results composed ahead (then the next groups'), and the hold on that work while
the group cursor moves, so that a held key and the `v` after it never share the cores
with the model (mixed into ReviewScreen)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.timer import Timer
from textual.worker import Worker, get_current_worker

from ...core.grouping import Group
from ...core.unit_vectors import PREVIEW
from ..results import result_key
from ..warming import WarmJob, warm
from ..widgets.preview import Preview
from ..widgets.tables import GroupTable
from ..workers import background

if TYPE_CHECKING:
    from ..results import Results
    from ..session import ReviewSession
    from ..view import ReviewView

SETTLE_S = 0.08
"""The detail and preview follow the group cursor once it has rested this long: a held
key moves only the cursor (cheap), and the re-layout of the detail comes once, after."""
WARM_AHEAD = 10
"""Groups after the settled one whose units are embedded ahead, in the order the person
meets them (~1.6 s CPU each for three 600-word notes, done at low priority)."""


class BackgroundWork:
    """Mixed into ReviewScreen (which has the session, the view, the vectors and the
    widgets)."""

    session: ReviewSession
    view: ReviewView
    vectors: Any
    results: Results
    _settle: Timer | None
    _warming: tuple[tuple[object, ...], Worker] | None
    _moving: bool
    _shown_gid: str | None
    if TYPE_CHECKING:  # the screen's property
        @property
        def _group_shown(self) -> bool: ...

    query_one: Any
    set_timer: Any
    show_group: Any

    def _warm(self, group: Group) -> None:
        """Warm up from `group` on, unless the warm-up under way does just that (a
        repaint of the same group must not cancel the compose a `v` may wait for)."""
        job, ahead = self._warm_job(group), self._ahead(group)
        plan = tuple(result_key(r) for j in (job, *ahead) for r in j.requests)
        worker = self._warming
        if worker is not None and worker[0] == plan and not worker[1].is_finished:
            return
        self._warming = (plan, self.warm_units(job, ahead))

    def _warm_job(self, group: Group) -> WarmJob:
        s = self.session
        requests = [self.view.preview_request(group, None, mode, resolve=False)
                    for mode in ("merge", "update")]
        return WarmJob([s.notes[p] for p in s.in_group(group)], requests, s.targets,
                       self.results, self.query_one(Preview).paint_ahead)

    def _ahead(self, group: Group) -> list[WarmJob]:
        """The undecided groups the person meets after `group`, in that order: the rows
        below it, then those above (where the cursor goes after the last decision)."""
        rows = self.view.rows
        at = next((i for i, r in enumerate(rows) if r.id == group.id), -1)
        order = [r for r in rows[at + 1:] + rows[:max(at, 0)] if not self.session.status(r)]
        return [self._warm_job(r) for r in order[:WARM_AHEAD]]

    @background("warm")
    def warm_units(self, job: WarmJob, ahead: list[WarmJob]) -> None:
        """Compose the settled group's merge and update results while the person reads
        its diff and keep them (`self.results`), so that `v` paints one at once (or waits
        for the compose under way instead of composing again); then the next groups'.
        One thread for all: a `v` finds at most one small warm-up batch in the model. It
        steps aside whenever a preview embeds or composes, and stops when the cursor
        settles elsewhere (a new run starts from there)."""
        worker = get_current_worker()
        warm([job, *ahead], self.vectors, lambda: worker.is_cancelled)

    def _cursor_moved(self) -> None:
        self._hold_moves(True)
        if self._settle is not None:
            self._settle.stop()
        self._settle = self.set_timer(SETTLE_S, self._settled)

    def _hold_moves(self, on: bool) -> None:
        """From a cursor move until the group it reached is shown and painted, the
        warm-ups and the load's follow-up wait (between two embedding chunks or compose
        steps, as for a preview: unit_vectors.hold): composes for groups the cursor
        passes over are no use, and beside them the keys, the detail and a `v` pressed
        right after the moves shared two cores with the model (`j` x4 `v`: far)."""
        if on != self._moving and hasattr(self.vectors, "hold"):
            self.vectors.hold(PREVIEW, on)
            self._moving = on

    def _moves_shown(self) -> None:
        if self._group_shown:  # else the cursor moved on since: still held
            self._hold_moves(False)

    def on_unmount(self) -> None:
        self._hold_moves(False)

    def _settled(self) -> None:
        self._settle = None
        if self.query_one(GroupTable).current_id != self._shown_gid:
            self.show_group()
