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
