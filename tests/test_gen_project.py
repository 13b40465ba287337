"""The benchmark project generator: deterministic by seed, notes basic-memory can read."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from review_app.core.project import load_notes

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from gen_project import MANIFEST, generate_project  # noqa: E402


def _digest(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_same_seed_same_bytes_other_seed_other_notes(tmp_path: Path):
    a = generate_project(tmp_path / "a", 120, seed=7, groups=10)
    b = generate_project(tmp_path / "b", 120, seed=7, groups=10)
    generate_project(tmp_path / "c", 120, seed=8, groups=10)
    assert a == b
    assert _digest(tmp_path / "a") == _digest(tmp_path / "b")
    assert _digest(tmp_path / "a") != _digest(tmp_path / "c")


def test_notes_parse_like_real_basic_memory_notes(tmp_path: Path):
    root = tmp_path / "kb"
    manifest = generate_project(root, 200, seed=3, groups=25)
    notes, problems = load_notes(root)
    assert problems == []
    assert len(notes) == manifest["notes"] == 200
    assert json.loads((root / MANIFEST).read_text()) == manifest
    for note in notes:
        assert note.has_frontmatter and note.metadata["title"] == note.title
        assert note.permalink == note.metadata["permalink"]
        assert note.tags and note.created is not None and note.modified >= note.created
        assert note.observations, note.path
        assert note.body.startswith(f"# {note.title}\n")
    prose = [len(n.body.split("## Observations")[0].split()) for n in notes]
    assert min(prose) >= 80 and max(prose) <= 520
    assert sum(bool(n.relations) for n in notes) > 150
    # varied vocabulary: embeddings of near-identical texts would make the benchmark moot
    words = {w.lower() for n in notes for w in n.body.split()}
    assert len(words) > 1500
    assert len({n.title for n in notes}) == len(notes)


def test_duplicate_groups_are_rewrites_of_their_original(tmp_path: Path):
    root = tmp_path / "kb"
    manifest = generate_project(root, 300, seed=5, groups=40)
    notes = {n.path: n for n in load_notes(root)[0]}
    groups = manifest["groups"]
    assert len(groups) == 40
    assert all(2 <= len(g) <= 3 for g in groups)
    members = [p for g in groups for p in g]
    assert len(members) == len(set(members))
    for original, *copies in groups:
        orig = notes[original]
        orig_words = set(orig.body.lower().split())
        for path in copies:
            copy = notes[path]
            assert copy.title != orig.title and path != original
            assert copy.modified > orig.modified
            shared = len(orig_words & set(copy.body.lower().split())) / len(orig_words)
            assert shared > 0.6, (original, path, shared)
            assert copy.body != orig.body
