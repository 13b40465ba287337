"""Exit statuses and streams: usage errors exit 2, a reader that goes away ends the
output quietly, and a read-only command on an empty folder creates nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from test_applying import kb  # noqa: F401 - fixture reused

from review_app.cli import main as cli_main


def test_an_invalid_since_is_a_usage_error(tmp_path: Path, capsys):
    (tmp_path / "a.md").write_text("# A\n")
    assert cli_main(["audit", str(tmp_path), "--since", "yesterdayish"]) == 2
    assert "--since 'yesterdayish'" in capsys.readouterr().err
    assert cli_main([str(tmp_path), "--since", "yesterdayish"]) == 2  # the console
    assert not (tmp_path / ".bm-review").exists()


def test_a_closed_pipe_ends_the_output_quietly(kb: Path):  # noqa: F811
    read, write = os.pipe()
    os.close(read)  # the reader (`| head -1`) is gone before anything is written
    proc = subprocess.run([sys.executable, "-m", "review_app", "undo", str(kb), "--list"],
                          stdout=write, stderr=subprocess.PIPE, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    os.close(write)
    assert proc.returncode == 141, proc.stderr
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr


def test_scan_of_an_empty_folder_creates_nothing(tmp_path: Path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    assert cli_main(["scan", str(empty), "--format", "json"]) == 0
    assert "no notes in" in capsys.readouterr().err
    assert list(empty.iterdir()) == []
