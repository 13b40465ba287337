"""`e`: the composed note in the person's $VISUAL / $EDITOR, on a temporary file.

The console hands the terminal over (Textual's `App.suspend()`) and takes back what
was saved, byte for byte; that text is what update or merge then writes."""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from textual.app import SuspendNotSupported


class EditorFailed(Exception):
    """The editor could not run or exited with an error: nothing changes."""


def editor_command() -> list[str]:
    return shlex.split(os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi")


def edit_text(app: Any, text: str, filename: str) -> str:
    """`text` after the person edited it in their editor (the same text if they saved
    nothing). Raises EditorFailed when the editor cannot run or fails."""
    cmd = editor_command()
    with tempfile.TemporaryDirectory(prefix="bm-review-edit-") as tmp:
        path = Path(tmp) / (Path(filename).name or "note.md")
        path.write_bytes(text.encode("utf-8"))
        try:
            try:
                with app.suspend():
                    rc = subprocess.call([*cmd, str(path)])
            except SuspendNotSupported:
                if not app.is_headless:  # e.g. in a browser: no terminal to hand over
                    raise EditorFailed("this console cannot hand its terminal to an "
                                       "editor here") from None
                rc = subprocess.call([*cmd, str(path)], stdin=subprocess.DEVNULL)
        except OSError as exc:
            raise EditorFailed(f"cannot run {' '.join(cmd)!r}: {exc.strerror or exc}"
                               ) from None
        if rc != 0:
            raise EditorFailed(f"{' '.join(cmd)} exited with status {rc}; nothing changed")
        try:
            return path.read_bytes().decode("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise EditorFailed(f"cannot read the edited note back: {exc}") from None
