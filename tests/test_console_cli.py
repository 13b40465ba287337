"""`bm-review [PROJECT]` without a terminal points to the scripting commands."""

from __future__ import annotations

import subprocess
import sys

from review_app.cli import main


def test_console_refuses_without_a_tty(demo_kb, capsys):
    assert main([str(demo_kb)]) == 1
    err = capsys.readouterr().err
    assert "interactive terminal" in err and "bm-review scan" in err


def test_console_options_are_parsed(demo_kb):
    proc = subprocess.run([sys.executable, "-m", "review_app", str(demo_kb), "--threshold",
                           "0.7", "--strategy", "title"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)
    assert proc.returncode == 1 and "bm-review scan --format json" in proc.stderr
    bad = subprocess.run([sys.executable, "-m", "review_app", str(demo_kb), "--threshold", "2"],
                         capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert bad.returncode == 2 and "between 0 and 1" in bad.stderr


def test_console_names_a_missing_folder_before_the_terminal(tmp_path, capsys):
    assert main([str(tmp_path / "nonexistent")]) == 1
    err = capsys.readouterr().err
    assert "nonexistent" in err and "interactive terminal" not in err
    (tmp_path / "empty").mkdir()
    assert main([str(tmp_path / "empty")]) == 1
    err = capsys.readouterr().err
    assert "no notes in" in err and "--demo" in err and "terminal" not in err


def test_console_names_an_empty_folder_option_before_the_terminal(demo_kb, capsys):
    assert main([str(demo_kb), "--folder", "nosuch"]) == 1
    err = capsys.readouterr().err
    assert "no note under folder 'nosuch'" in err and "terminal" not in err
