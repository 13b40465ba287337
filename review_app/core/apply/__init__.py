"""Carrying out decisions on the notes, one module per stage.

- `changes`: the records every stage shares (one `FileChange` per file, `Conflict`,
  `Skip`, the errors, the test `Hooks`);
- `validate`: the shape of a plan document;
- `plan`: plan documents and recorded decisions -> a `Plan` (one change per file);
- `engine`: the journaled, crash-safe write of a plan (`apply_plan`, `journaled_write`);
- `recovery`: putting files back: rollback, crash recovery, finishing an undo;
- `undo`: `bm-review undo` and the list of applies.
"""

from .changes import (
    ApplyError,
    Conflict,
    FileChange,
    Hooks,
    PlanError,
    Skip,
    StaleFiles,
    UndoError,
    install_hooks,
)
from .engine import ApplyReport, apply_plan, journaled_write
from .plan import (
    GroupPlan,
    Plan,
    decisions_document,
    plan_from_decisions,
    plan_from_document,
)
from .recovery import UndoReport, recover_all, recover_unfinished
from .undo import list_applies, undo_apply
from .validate import validate_document

__all__ = [
    "ApplyError", "ApplyReport", "Conflict", "FileChange", "GroupPlan", "Hooks", "Plan",
    "PlanError", "Skip", "StaleFiles", "UndoError", "UndoReport", "apply_plan",
    "decisions_document", "install_hooks", "journaled_write", "list_applies",
    "plan_from_decisions", "plan_from_document", "recover_all", "recover_unfinished", "undo_apply",
    "validate_document",
]
