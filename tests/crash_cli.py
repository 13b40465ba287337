"""Run the bm-review CLI with a hook that pauses an apply at one of its phases.

    python tests/crash_cli.py PHASE NTH SIGNAL_FILE [--resume] -- apply PROJECT --plan FILE

At the NTH time the apply reaches PHASE (see `review_app.core.apply.Hooks`), the
hook writes SIGNAL_FILE and sleeps, so the test can `kill -9` the process exactly
there; with --resume it waits until SIGNAL_FILE.go exists and goes on (so a test
can write a note at exactly that moment). Production code reads no environment
variable for this: the hook is installed here, before the CLI runs.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from review_app.cli import main
from review_app.core.apply import Hooks, install_hooks


class PauseAt(Hooks):
    def __init__(self, phase: str, nth: int, signal: Path, resume: bool = False) -> None:
        self.phase, self.nth, self.signal, self.resume = phase, nth, signal, resume
        self.seen = 0

    def at(self, phase: str, path: str | None = None) -> None:
        if phase != self.phase:
            return
        self.seen += 1
        if self.seen == self.nth:
            # whole or absent: the test polls for the file and reads it at once
            tmp = self.signal.with_name(self.signal.name + ".tmp")
            tmp.write_text(f"{phase} {path or ''}\n")
            os.replace(tmp, self.signal)
            go = self.signal.with_name(self.signal.name + ".go")
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and not (self.resume and go.exists()):
                time.sleep(0.01)


if __name__ == "__main__":
    phase, nth, signal, sep, *args = sys.argv[1:]
    resume = sep == "--resume"
    if resume:
        sep, *args = args
    assert sep == "--", "usage: crash_cli.py PHASE NTH SIGNAL_FILE [--resume] -- ARGS..."
    install_hooks(PauseAt(phase, int(nth), Path(signal), resume))
    sys.exit(main(args))
