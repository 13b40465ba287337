"""The review screen's apply: plan the decided groups in a worker, confirm, apply in a
worker, then report and re-scan (mixed into ReviewScreen)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..messages import ApplyFailed, ApplyFinished, PlanReady, RescanWanted
from ..workers import background
from .confirm import ConfirmApply
from .scan import project_label

if TYPE_CHECKING:  # core.apply is loaded on first use, in the worker that plans
    from ...core.apply import Plan
    from ...core.pipeline import ScanResult
    from ..context import ConsoleContext
    from ..outside import OutsideChanges
    from ..session import ReviewSession


class ApplyActions:
    """Mixed into ReviewScreen (which has the session, the scan result and the app)."""

    session: ReviewSession
    result: ScanResult
    context: ConsoleContext
    outside: OutsideChanges
    _applying: bool
    app: Any
    notify: Any
    post_message: Any
    _refused: Any


    def action_apply(self) -> None:
        if self._refused("apply"):
            return
        self.notify("planning the changes…", title="Apply")
        self.make_plan(self.session.plan_document(), [g.id for g in self.session.to_apply()])

    @background("apply")
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

        name = project_label(self.context.project)
        self.app.push_screen(ConfirmApply(event.summary, name), confirmed)

    @background("apply")
    def run_apply(self, plan: Plan, group_ids: list[str]) -> None:
        self._applying = True
        try:
            from ...core.apply import apply_plan

            # as decided on disk now: another console may have decided otherwise
            report = apply_plan(self.result.project, plan, decided=True)
        except Exception as exc:
            self.post_message(ApplyFailed(f"{type(exc).__name__}: {exc}"))
        else:
            self.post_message(ApplyFinished(report, group_ids))

    def on_apply_failed(self, event: ApplyFailed) -> None:
        self.outside.resync()
        self._applying = False
        self.notify(event.error, title="Apply failed", severity="error", timeout=10)

    def on_apply_finished(self, event: ApplyFinished) -> None:
        report = event.report
        # apply_plan marks its applied groups in the decision log itself.
        applied = list(report.applied_groups)
        self.session.forget(applied)
        links = sum(int(r.get("count", 1)) for r in report.links_rewritten or [])
        msg = (f"{len(applied)} group(s): {len(report.updated)} file(s) updated, "
               f"{len(report.retired)} retired, {links} link(s) rewritten."
               + (f" Undo: bm-review undo {report.apply_id}" if report.apply_id else
                  " Nothing was written, so there is nothing to undo."))
        if report.conflicts:
            msg += (f"\n{len(report.conflicts)} conflict(s) left alone: "
                    + "; ".join(f"{c.path or c.group_id}: {c.reason}"
                                for c in report.conflicts[:3])
                    + ". Decide them again after this re-scan")
        self.notify(msg, title="Applied", timeout=12)
        self.post_message(RescanWanted())
