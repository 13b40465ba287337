"""Helpers for the apply/undo tests: note folders, plan documents, tree hashes."""

from __future__ import annotations

import hashlib
from pathlib import Path

from review_app.core.grouping import group_id
from review_app.core.notes import Note, render_note
from review_app.core.project import Project, load_notes


def write_note(root: Path, rel: str, title: str, body: str, **meta) -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    metadata = {"title": title, "type": meta.pop("type", "note"),
                "permalink": meta.pop("permalink", rel[:-3].replace("_", "-").lower()), **meta}
    path.write_text(render_note(metadata, body), encoding="utf-8")
    return path


def notes_of(root: Path) -> dict[str, Note]:
    notes, problems = load_notes(root)
    assert not problems, problems
    return {n.path: n for n in notes}


def group_doc(root: Path, canonical: str, members: list[str], action: str | None,
              **extra) -> dict:
    """One group of a scan document (as pipeline.group_json writes it), hashes from disk."""
    notes = notes_of(root)
    return {
        "id": group_id([canonical, *members]), "score": 0.9, "canonical": canonical,
        "canonical_title": notes[canonical].title, "canonical_reason": "test",
        "canonical_sha256": notes[canonical].sha256,
        "canonical_important": notes[canonical].important,
        "members": [{"path": m, "title": notes[m].title, "score": 0.9, "evidence": {},
                     "reasons": [], "important": notes[m].important,
                     "sha256": notes[m].sha256} for m in members],
        **({"action": action} if action else {}), **extra,
    }


def plan_doc(root: Path, *groups: dict) -> dict:
    return {"project": str(root), "groups": list(groups)}


def tree_hashes(root: Path, *, include_state: bool = False) -> dict[str, str]:
    """sha256 of every file under root (the .bm-review state folder left out by default)."""
    out = {}
    for p in sorted(root.rglob("*")):
        rel = p.relative_to(root).as_posix()
        if not include_state and rel.split("/")[0] == ".bm-review":
            continue
        if p.is_file():
            out[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def files_under(folder: Path) -> list[str]:
    if not folder.exists():
        return []
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


def project(root: Path) -> Project:
    return Project(root)
