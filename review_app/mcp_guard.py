"""A guard in front of the MCP server's stdio: a message nested deeper than any real
request, a line that is not JSON, or a string holding half of a surrogate pair is answered
with a JSON-RPC error at once, by id, and never reaches the SDK.

The SDK's parser refuses such a line without knowing its id, so the client waited
for an answer for ever (issue 21). The guard sits on the file descriptors: stdin
lines pass through a pipe, checked on the way (a line with few brackets is not even
scanned); the server's output passes through another pipe to the real stdout, whole
lines at a time, so an error line is written between two of the server's lines and
never inside one.
"""

from __future__ import annotations

import array
import fcntl
import json
import os
import re
import termios
import threading
import time
from collections.abc import Callable

MAX_DEPTH = 64  # an upsert's arguments are flat strings; the protocol itself nests ~5
_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_ID_VALUE = re.compile(rb'\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+|null)')


def too_deep(line: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether `line` nests arrays/objects more than `limit` levels (strings skipped)."""
    if line.count(b"[") + line.count(b"{") <= limit:
        return False
    depth = 0
    for m in _TOKEN.finditer(line):
        t = m.group(0)
        if t in (b"[", b"{"):
            depth += 1
            if depth > limit:
                return True
        elif t in (b"]", b"}"):
            depth -= 1
    return False


def request_id(line: bytes) -> str | int | None:
    """The top-level "id" of a JSON-RPC line, found without parsing it whole."""
    depth = 0
    for m in _TOKEN.finditer(line):
        t = m.group(0)
        if t in (b"[", b"{"):
            depth += 1
        elif t in (b"]", b"}"):
            depth -= 1
        elif depth == 1 and t == b'"id"':
            v = _ID_VALUE.match(line, m.end())
            if v is not None:
                try:
                    value = json.loads(v.group(1))
                except ValueError:
                    return None
                return value if isinstance(value, (str, int)) else None
    return None


def refusal(line: bytes) -> bytes:
    message = (f"request nested more than {MAX_DEPTH} levels deep: refused, nothing "
               "written (upsert_note takes a title and content as plain strings)")
    return _error(request_id(line), -32600, message)


def _error(rid: str | int | None, code: int, message: str) -> bytes:
    return (json.dumps({"jsonrpc": "2.0", "id": rid,
                        "error": {"code": code, "message": message}}) + "\n").encode()


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def unreadable(line: bytes) -> bytes | None:
    """The error answering a line the SDK would drop without a word (the client then waits
    for ever), else None: a line that is not JSON (-32700), or a string holding half of a
    surrogate pair (`"\\ud800"`, no character; -32600)."""
    if not line.strip():
        return None
    try:
        value = json.loads(line)
    except ValueError:  # (UnicodeDecodeError too: bytes that are no UTF-8)
        return _error(None, -32700, "parse error: the line is not JSON; nothing written")
    if _SURROGATE_ESCAPE.search(line):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            return _error(request_id(line), -32600,
                          "a string holds half of a surrogate pair (an escape such as "
                          "\\ud800), no character: refused, nothing written")
    return None


def guarded_stdio(run: Callable[[], None]) -> None:
    """Run `run` (a server on fd 0/1) behind the guard."""
    real_in, real_out = os.dup(0), os.dup(1)
    in_r, in_w = os.pipe()
    out_r, out_w = os.pipe()
    os.dup2(in_r, 0)
    os.dup2(out_w, 1)
    os.close(in_r)
    os.close(out_w)
    lock = threading.Lock()

    def write(data: bytes) -> None:
        with lock:
            view = memoryview(data)
            while view:
                view = view[os.write(real_out, view):]

    def pump_in() -> None:
        with os.fdopen(real_in, "rb", closefd=False) as src, os.fdopen(in_w, "wb") as dst:
            for line in src:
                answer = refusal(line) if too_deep(line) else unreadable(line)
                if answer is not None:
                    write(answer)
                    continue
                dst.write(line)
                dst.flush()

    def pump_out() -> None:
        with os.fdopen(out_r, "rb") as src:
            for line in src:
                write(line)

    reader = threading.Thread(target=pump_in, daemon=True, name="mcp-guard-in")
    writer = threading.Thread(target=pump_out, daemon=True, name="mcp-guard-out")
    reader.start()
    writer.start()
    try:
        run()
    finally:
        # The SDK keeps its own copy of the pipe's write end open, so the pump sees
        # no end of file: wait until it has forwarded what the server wrote.
        for _ in range(200):
            pending = array.array("i", [0])
            fcntl.ioctl(out_r, termios.FIONREAD, pending)
            if not pending[0]:
                break
            time.sleep(0.01)
        time.sleep(0.05)
        with lock:
            os.dup2(real_out, 1)
