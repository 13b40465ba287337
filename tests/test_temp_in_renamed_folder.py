"""A write's temp file is removed from the folder it was made in, even when another
program renamed that folder between the temp's making and its swap (a fuzzing pass:
replace_checked's `.tmp` was left in the renamed folder, a stray file in the user's notes).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pytest

from review_app.core import checked_write
from review_app.core.checked_write import (
    Changed,
    create_checked,
    identity,
    put_back_checked,
    replace_checked,
)


def _want(path: Path) -> tuple:
    return identity(os.stat(path)), hashlib.sha256(path.read_bytes()).hexdigest()


def _rename_at_check(monkeypatch, folder: Path, to: Path, nth: int = 1) -> None:
    """Rename `folder` to `to` just before the `nth` look at the note."""
    real = checked_write._expect
    calls: list[int] = []

    def expect(path, want, follow=True):
        calls.append(1)
        if len(calls) == nth:
            folder.rename(to)
        return real(path, want, follow)

    monkeypatch.setattr(checked_write, "_expect", expect)


def _glazes(tmp_path: Path) -> tuple[Path, Path, Path, tuple]:
    """A note an undo puts back (its folder, the note, its backup, what was checked)."""
    notes = tmp_path / "kiln"
    notes.mkdir()
    note = notes / "glaze-recipes.md"
    note.write_text("# Glazes\n\nCeladon, as applied.\n")
    backup = tmp_path / "backup.md"
    backup.write_text("# Glazes\n\nCeladon, as it was.\n")
    return notes, note, backup, _want(note)


def _stray(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def test_replace_leaves_no_temp_in_a_folder_renamed_before_its_swap(tmp_path: Path,
                                                                     monkeypatch):
    notes = tmp_path / "kiln"
    notes.mkdir()
    note = notes / "firing-log.md"
    note.write_text("# Firing log\n\nCone 6, 14 hours.\n")
    want = _want(note)
    _rename_at_check(monkeypatch, notes, tmp_path / "kiln-room")
    with pytest.raises(Changed):
        replace_checked(note, b"# Firing log\n\nCone 6, 12 hours.\n", want, tmp_path / "kept")
    moved = tmp_path / "kiln-room"
    assert _stray(moved) == []  # failed before: .firing-log.md.<hex>.tmp
    assert (moved / "firing-log.md").read_text() == "# Firing log\n\nCone 6, 14 hours.\n"


def test_put_back_leaves_no_second_name_in_a_folder_renamed_before_its_swap(
        tmp_path: Path, monkeypatch):
    notes, note, backup, want = _glazes(tmp_path)
    _rename_at_check(monkeypatch, notes, tmp_path / "kiln-room", nth=2)  # its swap's look
    with pytest.raises(Changed):
        put_back_checked(backup, note, want, tmp_path / "kept")
    assert _stray(tmp_path / "kiln-room") == []  # failed before: the backup's second name
    assert backup.read_text() == "# Glazes\n\nCeladon, as it was.\n"  # the backup stays


def test_create_leaves_no_temp_in_a_folder_renamed_before_the_note_appears(tmp_path: Path):
    notes = tmp_path / "kiln"
    notes.mkdir()
    moved = tmp_path / "kiln-room"
    with pytest.raises(OSError):
        create_checked(notes / "new-kiln.md", b"# New kiln\n",
                       still=lambda: notes.rename(moved) if notes.exists() else None)
    assert _stray(moved) == []  # failed before: .new-kiln.md.<hex>.tmp
    assert not (notes / "new-kiln.md").exists() and not (moved / "new-kiln.md").exists()


def test_an_edit_the_swap_displaced_is_never_removed_through_the_folder(tmp_path: Path,
                                                                       monkeypatch):
    """From the round's review: an edit saved between the last check and the swap, then
    the folder renamed: the swap put the edit in the temp's name, and removing the temp
    through the held folder deleted it. Only a file still ours is removed that way."""
    notes = tmp_path / "kiln"
    notes.mkdir()
    note = notes / "firing-log.md"
    note.write_text("# Firing log\n\nCone 6, 14 hours.\n")
    want = _want(note)
    real = checked_write._exchange
    calls: list[int] = []

    def exchange(a, b):
        calls.append(1)
        if len(calls) == 1:
            edit = notes / ".editor-save.tmp"
            edit.write_text("# Firing log\n\nEDIT: cone 7, 16 hours.\n")
            os.replace(edit, note)  # another program saves its edit
            done = real(a, b)
            notes.rename(tmp_path / "kiln-room")  # and the folder is renamed
            return done
        return real(a, b)

    monkeypatch.setattr(checked_write, "_exchange", exchange)
    with pytest.raises(OSError):  # Changed, or the swap back finding its folder gone
        replace_checked(note, b"# Firing log\n\nCone 6, 12 hours.\n", want, tmp_path / "kept")
    texts = [p.read_text() for p in tmp_path.rglob("*") if p.is_file()]
    assert any("EDIT: cone 7" in t for t in texts), texts


def test_put_back_makes_and_removes_its_second_name_in_one_folder(tmp_path: Path,
                                                                  monkeypatch):
    """From the round's review: the folder renamed and a new one made under its name just
    before the backup's second name was linked by path: the link landed in the new folder
    and was removed from the old one, leaving a copy of an old version behind."""
    notes, note, backup, want = _glazes(tmp_path)
    real = checked_write._Folder.link

    def link(self, src, tmp):
        notes.rename(tmp_path / "kiln-room")
        notes.mkdir()  # another program makes a folder of that name
        return real(self, src, tmp)

    monkeypatch.setattr(checked_write._Folder, "link", link)
    with pytest.raises(Changed):
        put_back_checked(backup, note, want, tmp_path / "kept")
    assert _stray(notes) == [] and _stray(tmp_path / "kiln-room") == []
    assert backup.read_text() == "# Glazes\n\nCeladon, as it was.\n"
