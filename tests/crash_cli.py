"""Run the bm-review CLI with a hook that pauses an apply at one of its phases.

    python tests/crash_cli.py PHASE NTH SIGNAL_FILE -- apply PROJECT --plan FILE

At the NTH time the apply reaches PHASE (see `review_app.core.apply.Hooks`), the
hook writes SIGNAL_FILE and sleeps, so the test can `kill -9` the process exactly
there. Production code reads no environment variable for this: the hook is
installed here, before the CLI runs.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from review_app.cli import main
from review_app.core.apply import Hooks, install_hooks


class PauseAt(Hooks):
    def __init__(self, phase: str, nth: int, signal: Path) -> None:
        self.phase, self.nth, self.signal = phase, nth, signal
        self.seen = 0

    def at(self, phase: str, path: str | None = None) -> None:
        if phase != self.phase:
            return
        self.seen += 1
        if self.seen == self.nth:
            self.signal.write_text(f"{phase} {path or ''}\n")
            time.sleep(120)


if __name__ == "__main__":
    phase, nth, signal, sep, *args = sys.argv[1:]
    assert sep == "--", "usage: crash_cli.py PHASE NTH SIGNAL_FILE -- ARGS..."
    install_hooks(PauseAt(phase, int(nth), Path(signal)))
    sys.exit(main(args))
