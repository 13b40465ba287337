"""A link index (a keywords table or list, one line per note it links) is not the note it
lists (issue 19: index notes are the usual false friends, told by their shape). Taken
whole, an index's text sits close to any one note it lists (a real vault's skills index
read as "95% restated" by one skill of six, likely at 0.86); it restates only its entries
linking to that note, so the pair's coverage is read so (coverage.index_share) and the
index joins no group. The set: tests/data/kite_club (a kite club's skill notes and their
keywords index; no other test uses the domain)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from review_app.core.notes import Note, parse_note
from review_app.core.strategies.coverage import index_share

DATA = Path(__file__).parent / "data" / "kite_club"
INDEX = "skills-kite-index.md"


def _note(name: str, text: str | None = None) -> Note:
    note = parse_note(name, (DATA / name).read_bytes() if text is None else text.encode())
    assert isinstance(note, Note)
    return note


def test_an_index_restates_a_note_by_its_entries_linking_to_it() -> None:
    index, item = _note(INDEX), _note("kite-001-line-choice.md")
    assert index_share(index, item) == pytest.approx(1 / 6)
    assert index_share(index, _note("field-booking.md")) == 0.0
    assert index_share(item, index) is None  # a skill note is no index
    wiki = _note("i.md", "".join(f"- [[Kite {i}]] notes on flying kite {i}\n" for i in range(1, 8)))
    assert index_share(wiki, _note("k.md", "---\ntitle: Kite 3\n---\nbody\n")) == \
        pytest.approx(1 / 7)


def test_an_index_joins_no_group_of_the_notes_it_lists(tmp_path: Path, embedder) -> None:
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.core.project import Project

    root = tmp_path / "kb"
    shutil.copytree(DATA, root)
    result = scan(Project(root), ScanOptions(), embedder=embedder)
    assert not any(INDEX in g.paths for g in result.groups)  # failed before: with two skills
    pair = result.score_pair(INDEX, "kite-001-line-choice.md")
    assert pair.score < result.strategy.listing_threshold
    assert any("index note" in r for r in pair.reasons)
