"""Typed messages posted by the scan and apply workers to the screens."""

from __future__ import annotations

from typing import Any

from textual.message import Message

from ..core.pipeline import ScanResult
from .console_audit import ConsoleAudit


class ScanProgress(Message):
    """Where the scan is: `phase` is read, embed, search or group; `eta_s` for embedding."""

    def __init__(self, phase: str, done: int, total: int, eta_s: float | None = None) -> None:
        super().__init__()
        self.phase = phase
        self.done = done
        self.total = total
        self.eta_s = eta_s


class ScanFinished(Message):
    """`window`: with --since, the notes changed in the audit window (`label` in words);
    `audit`: the run's audit, made by the first scan (the app keeps it)."""

    def __init__(self, result: ScanResult, window: set[str] | None = None,
                 label: str = "", audit: ConsoleAudit | None = None) -> None:
        super().__init__()
        self.result = result
        self.window = window
        self.label = label
        self.audit = audit


class ScanFailed(Message):
    def __init__(self, error: str, cancelled: bool = False) -> None:
        super().__init__()
        self.error = error
        self.cancelled = cancelled


class ApplyFinished(Message):
    def __init__(self, report: Any, group_ids: list[str]) -> None:
        super().__init__()
        self.report = report
        self.group_ids = group_ids


class ApplyFailed(Message):
    def __init__(self, error: str) -> None:
        super().__init__()
        self.error = error


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
