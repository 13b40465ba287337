"""Issue 21's merge-engine inputs (vineyard notes, a domain no other merge test uses):
a lone CR inside a line is part of the line, and the kept file's frontmatter comments
survive when another member is the canonical. Each fails before its fix."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from helpers_apply import group_doc, plan_doc

from review_app.core.apply import apply_plan, plan_from_document
from review_app.core.merging import compose
from review_app.core.notes import parse_note
from review_app.core.project import Project

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)


def test_a_lone_cr_inside_a_line_is_kept_by_apply(tmp_path: Path):
    root = tmp_path / "kb"
    (root / "vines").mkdir(parents=True)
    newer = (b"---\ntitle: Vine rows 2025\npermalink: vines/rows-2025\n"
             b"modified: 2025-06-01\n---\n\n# Vine rows 2025\n\n"
             b"Row 4 has Pinot\rnoir grafts from Domaine Vesle.\n\n"
             b"## Spraying\n\n- Copper spray on 12 May.\n")
    older = (b"---\ntitle: Vine rows\npermalink: vines/rows\nmodified: 2025-01-01\n---\n\n"
             b"# Vine rows\n\nRow 4 has Pinot noir grafts.\n\n## Spraying\n\n"
             b"- Copper spray on 12 May.\n")
    (root / "vines/rows-2025.md").write_bytes(newer)
    (root / "vines/rows.md").write_bytes(older)
    doc = plan_doc(root, group_doc(root, "vines/rows-2025.md", ["vines/rows.md"], "merge",
                                   keep="vines/rows-2025.md"))
    apply_plan(Project(root), plan_from_document(Project(root), doc, now=NOW))
    raw = (root / "vines/rows-2025.md").read_bytes()
    assert b"Pinot\rnoir grafts" in raw
    assert raw.count(b"\n") == newer.count(b"\n")


def test_a_file_whose_only_line_ending_is_cr_still_has_lines():
    note = parse_note("vines/mac.md", b"---\rtitle: Old Mac note\r---\r\r# Old Mac note\r")
    assert not isinstance(note, str) and note.title == "Old Mac note"


def test_the_kept_files_frontmatter_comments_survive_another_canonical():
    kept = parse_note("vines/rows.md", (
        b"---\ntitle: Vine rows\ntags: [vines]\n# grower: Ilse Varga, call before spraying\n"
        b"status: draft\nmodified: 2025-01-01\n---\n\n# Vine rows\n\nRow 4 has Pinot grafts.\n"
    ))
    newest = parse_note("vines/rows-2025.md", (
        b"---\ntitle: Vine rows 2025\nstatus: active\ntags: [vines, harvest]\n"
        b"modified: 2025-06-01\n---\n\n# Vine rows 2025\n\nRow 4 has Pinot grafts.\n"))
    c = compose("merge", newest, [kept], kept=kept, now=NOW)
    head = c.text.split("\n---\n", 1)[0]
    assert "# grower: Ilse Varga, call before spraying" in head
    assert "status: active" in head and "tags: [vines, harvest]" in head
