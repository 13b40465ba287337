"""An MCP server run as a client runs it: `bm-review mcp ROOT` on stdio, initialised, with
newline-delimited JSON-RPC lines sent and read (the guard and SDK tests share it)."""

from __future__ import annotations

import contextlib
import json
import os
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path


class Session:
    def __init__(self, proc: subprocess.Popen) -> None:
        self.proc = proc

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def read(self, timeout: float) -> dict | None:
        """The next answer, or None when none came within `timeout` (a hang guard)."""
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        assert self.proc.stdout is not None
        return json.loads(self.proc.stdout.readline()) if ready else None


@contextlib.contextmanager
def mcp_session(root: Path, cwd: Path) -> Iterator[Session]:
    """A server on `root`, past `initialize` and `notifications/initialized`."""
    proc = subprocess.Popen([sys.executable, "-m", "review_app", "mcp", str(root)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=dict(os.environ), cwd=cwd)
    session = Session(proc)
    try:
        session.send(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "t", "version": "1"}}}))
        answer = session.read(120)
        assert answer is not None and answer["id"] == 1
        session.send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
        yield session
    finally:
        proc.kill()
        proc.wait()
