"""A request nested 100,000 levels deep gets a clear error over MCP (the SDK's
parser refused it without its id, so the client waited for ever), and the server
goes on answering."""

from __future__ import annotations

import json
from pathlib import Path

from helpers_mcp import mcp_session
from helpers_work import LINEAR, growth

from review_app.mcp_guard import refusal, request_id, too_deep


def test_depth_and_id_are_read_without_parsing_the_line():
    deep = b'{"jsonrpc":"2.0","params":{"a":{"id":9}},"id":"r-1","x":' + b"[" * 500 \
        + b"]" * 500 + b"}"
    assert too_deep(deep) and request_id(deep) == "r-1"
    assert not too_deep(b'{"id":1,"params":{"content":"' + b"[" * 500 + b'"}}')  # a string
    assert not too_deep(b'{"a":' + b"[" * 60 + b"]" * 60 + b"}")
    answer = json.loads(refusal(b'{"id":7,"p":' + b"{" * 100_000))
    assert answer["id"] == 7 and "levels deep" in answer["error"]["message"]


def _guarded(depth: int) -> bytes | None:
    line = b'{"jsonrpc":"2.0","x":' + b"[" * depth + b"]" * depth + b',"id":5}'
    return refusal(line) if too_deep(line) else None


def test_the_guard_reads_a_deep_line_in_linear_work():
    # what the guard does with a line, counted (lines run) at 25,000 and 50,000 levels:
    # it doubles (measured 2.0), whatever the machine's speed
    grew = growth(_guarded, 25_000)
    assert grew.ratio < LINEAR, grew[:2]
    assert json.loads(grew.result)["id"] == 5  # the id after the deep part is found


def test_a_deep_argument_over_mcp_is_answered_with_an_error(tmp_path: Path):
    root = tmp_path / "kb"
    root.mkdir()
    (root / "a.md").write_text("---\ntitle: A\n---\n\n# A\n\nText.\n")
    with mcp_session(root, tmp_path) as mcp:
        depth = 100_000
        mcp.send('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":'
                 '"upsert_note","arguments":{"title":"x","content":' + "[" * depth
                 + "]" * depth + "}}}")
        # the wait is a hang guard, not a bound on speed: before, no answer ever came
        answer = mcp.read(60)
        assert answer is not None, "no answer to a deep request"
        assert answer["id"] == 2 and "levels deep" in answer["error"]["message"]
        mcp.send(json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/list"}))
        listed = mcp.read(30)
        assert listed is not None and listed["id"] == 3 and listed["result"]["tools"]
    assert sorted(p.name for p in root.iterdir()) == ["a.md"]  # nothing written
