"""The `--since` audit window of one console run."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .pipeline import ScanOptions, ScanResult
from .strategies import Target


@dataclass(frozen=True)
class ConsoleAudit:
    """The `--since` audit of one console run: made on its first scan, and the window
    every later scan (after an apply) is seen through, so its own record in
    audits.jsonl never moves the window or turns its groups into open ones."""

    since: dt.datetime | None
    target: Target
    label: str  # the window in words (title bar)
    summary: str  # new and open counts, the previous audit (under the groups table)
    # Groups earlier audits reported that are still undecided ("open"; the audit report
    # calls them pending, a word the console keeps for agent proposals).
    carried: frozenset[str] = frozenset()

    def window(self, result: ScanResult) -> set[str]:
        """The scan's notes changed in the window."""
        from .audit import anchors_in_window

        return anchors_in_window((n for n in result.notes.values()
                                  if self.target.contains(n)), self.since)


def start_audit(result: ScanResult, since: str, options: ScanOptions | None = None
                ) -> ConsoleAudit:
    """Run the `--since` audit on the console's finished scan (no second scan) and record
    it in audits.jsonl like `bm-review audit` does. Raises `WindowError` for a bad value."""
    from .audit import AuditHistory, AuditOptions, previous_audit, run_audit

    options = options or ScanOptions()
    prev = previous_audit(AuditHistory(result.project.state).records(), options.target)
    report = run_audit(result.project, AuditOptions(
        since=since, target=options.target, threshold=result.threshold,
        strategy=result.strategy.name, model=result.model, top_k=options.top_k),
        scanned=result)
    label = report.window.describe() + (f"; {report.window.note}" if report.window.note
                                         else "")
    counts = report.counts()
    summary = (f"audit: {counts['new_groups']} new, {counts['pending_groups']} open from "
               "earlier audits")
    if prev is not None:
        summary += f" · previous audit {str(prev.get('time', '?'))[:16].replace('T', ' ')}"
    return ConsoleAudit(report.window.since, options.target, label, summary,
                        frozenset(p.id for p in report.pending))


