"""What the preview shows is what apply writes: with the person's choices flipped and
with an edited text, through a plan file; undo restores the bytes; every write
refreshes `modified:` (group apply, upsert update and merge)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from helpers_apply import group_doc, notes_of, plan_doc, tree_hashes, write_note

from review_app.core.apply import apply_plan, plan_from_document, undo_apply
from review_app.core.merging import compose
from review_app.core.notes import parse_note
from review_app.core.project import Project
from review_app.core.upsert import merged_note_text, updated_note_text

NOW = dt.datetime(2026, 4, 2, 9, 30, 0)


@pytest.fixture
def kb(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    write_note(root, "bikes/repair-cafe.md", "Repair cafe",
               "# Repair cafe\n\nThe repair cafe opens at 10:00 in the library basement.\n\n"
               "Spare inner tubes cost EUR 6.\n\nThe key box code is 5521.\n",
               modified="2025-01-10")
    write_note(root, "bikes/repair-cafe-2025.md", "Repair cafe 2025",
               "# Repair cafe 2025\n\nThe repair cafe opens at 11:00 in the library "
               "basement.\n\nSpare inner tubes cost EUR 7.\n", modified="2025-06-10",
               type="log")
    return root


def _doc(kb: Path, **extra) -> dict:
    return plan_doc(kb, group_doc(kb, "bikes/repair-cafe-2025.md", ["bikes/repair-cafe.md"],
                                  "merge", keep="bikes/repair-cafe.md", **extra))


def _preview(kb: Path, choices=None, text=None):
    notes = notes_of(kb)
    return compose("merge", notes["bikes/repair-cafe-2025.md"],
                   [notes["bikes/repair-cafe.md"]], kept=notes["bikes/repair-cafe.md"],
                   now=NOW, choices=choices, text=text)


@pytest.mark.parametrize("variant", ["as composed", "choices flipped", "edited text"])
def test_apply_of_a_plan_writes_the_preview_and_undo_restores_it(kb: Path, variant: str):
    first = _preview(kb)
    code = next(e for e in first.ledger.entries if "5521" in e.text)
    fee = next(e for e in first.ledger.entries if "EUR 6" in e.text)
    assert code.status == "carried" and fee.status == "superseded"
    extra: dict = {}
    if variant == "choices flipped":
        extra["choices"] = {code.key: "drop", fee.key: "older"}
    elif variant == "edited text":
        extra["text"] = first.text.replace("11:00", "11:30") + "Edited by hand.\n"
    preview = _preview(kb, extra.get("choices"), extra.get("text"))
    if variant == "choices flipped":
        assert "5521" not in preview.text and "EUR 6." in preview.text
        assert "EUR 7" not in preview.text
    before = tree_hashes(kb)
    project = Project(kb)
    plan = plan_from_document(project, _doc(kb, **extra), now=NOW)
    assert not plan.conflicts
    apply_plan(project, plan)
    written = (kb / "bikes/repair-cafe.md").read_text(encoding="utf-8")
    assert written == preview.text
    assert not (kb / "bikes/repair-cafe-2025.md").exists()
    undo_apply(project)
    assert tree_hashes(kb) == before


def test_a_group_apply_refreshes_modified_in_the_kept_file(kb: Path):
    project = Project(kb)
    apply_plan(project, plan_from_document(project, _doc(kb), now=NOW))
    written = (kb / "bikes/repair-cafe.md").read_text(encoding="utf-8")
    assert "2026-04-02" in written.split("modified:", 1)[1].split("\n", 1)[0]
    assert "2025-01-10" not in written
    head = written.split("\n---\n", 1)[0]
    assert "type: note" in head and "type: log" not in head  # the kept file's, not the base's


@pytest.mark.parametrize("write", [updated_note_text, merged_note_text])
def test_upsert_update_and_merge_refresh_modified_and_write_the_proposal_values(write):
    matched = parse_note("bikes/rota.md", (
        b"---\ntitle: Volunteer rota\ntype: rota\nmodified: 2025-02-01\n---\n\n"
        b"# Volunteer rota\n\nSaturday shifts start at 09:00.\n\n## Observations\n"
        b"- [shift] Saturday shifts start at 09:00\n"))
    proposed = parse_note("bikes/rota-proposed.md", (
        b"---\ntitle: Volunteer rota\ntype: draft\n---\n\n# Volunteer rota\n\n"
        b"Saturday shifts start at 09:30.\n"))
    text = write(matched, proposed)
    today = dt.datetime.now(dt.UTC).date().isoformat()
    assert f"modified: {today}" in text and "2025-02-01" not in text
    assert "type: rota" in text and "type: draft" not in text
    assert "09:30" in text and "09:00" not in text


@pytest.mark.parametrize(("kept_dates", "base_dates", "action"), [
    ("modified: 2025-01-05\n", "created: 2025-06-01\n", "update"),  # the base has none
    ("", "modified: 2025-06-01\n", "merge"),  # the kept file has none: the group's
])
def test_modified_is_never_removed(kept_dates: str, base_dates: str, action: str):
    """Whichever of the kept file and the newest lacks `modified:`, the written note has
    one, refreshed (else the next scan would date it by its file time alone)."""
    kept = parse_note("bikes/tools.md", (
        f"---\ntitle: Tool wall\ntype: inventory\n{kept_dates}---\n\n# Tool wall\n\n"
        "The torque wrench is on hook 4.\n").encode())
    base = parse_note("bikes/tools-2025.md", (
        f"---\ntitle: Tool wall 2025\n{base_dates}---\n\n# Tool wall 2025\n\n"
        "The torque wrench is on hook 6.\n").encode())
    text = compose(action, base, [kept], kept=kept, now=NOW).text
    head = text.split("\n---\n", 1)[0]
    assert "modified: 2026-04-02" in head and "type: inventory" in head
    assert "hook 6" in text and "hook 4" not in text
