"""Typed messages posted by the scan and apply workers to the screens and the app.

Dataclasses (Textual's Message supports them): each field typed, so a handler reads
`event.report.updated` with the type checker behind it, not an `Any`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from textual.message import Message

from ..core.audit_window import ConsoleAudit
from ..core.pipeline import ScanResult

if TYPE_CHECKING:  # the apply engine loads on first use, in the worker that plans
    from ..core.apply import ApplyReport, Plan


@dataclass
class ScanProgress(Message):
    """Where the scan is: `phase` is read, embed, search or group; `eta_s` for embedding."""

    phase: str
    done: int
    total: int
    eta_s: float | None = None


@dataclass
class ScanFinished(Message):
    """`window`: with --since, the notes changed in the audit window (`label` in words);
    `audit`: the run's audit, made by the first scan (the app keeps it)."""

    result: ScanResult
    window: set[str] | None = None
    label: str = ""
    audit: ConsoleAudit | None = None


@dataclass
class ScanFailed(Message):
    error: str
    cancelled: bool = False


@dataclass
class PlanReady(Message):
    """The apply plan is built; `summary` is `plan.summary()`."""

    plan: Plan
    summary: dict[str, Any]
    group_ids: list[str] = field(default_factory=list)


@dataclass
class ApplyFinished(Message):
    report: ApplyReport
    group_ids: list[str] = field(default_factory=list)


@dataclass
class ApplyFailed(Message):
    error: str


@dataclass
class NoticesWanted(Message):
    """Notices the app shows once per console run (`ReviewApp.show_notices`)."""

    notices: list[str]
    title: str = "Scan"
    timeout: float = 20


@dataclass
class OutsideLooked(Message):
    """What a look beside the console found (outside.OutsideChanges.look): group applies or
    undos another process made (journal ids), or a decision log that differs from
    `known`, the session's decisions (group id -> action) when the look began."""

    applies: set[str]
    decisions: bool
    known: dict[str, str]


class RescanWanted(Message):
    """Scan the project again (after an apply, or asked from the palette); the app does."""


class PreviewComposed(Message):
    """The preview's worker composed a merge/update result (`written`: a
    widgets.merge_view.Written) or failed (`error`); `token` names the request, so a
    result for a group the cursor has left is dropped."""

    def __init__(self, token: int, written: Any = None, error: str = "") -> None:
        super().__init__()
        self.token = token
        self.written = written
        self.error = error
