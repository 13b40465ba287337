"""A line the MCP server cannot read is answered, never dropped (a fuzzing pass found the
client waiting for ever): a line that is not JSON gets a parse error, a string holding half
of a surrogate pair (`"\\ud800"`) an error by its request's id, and the server goes on. And
an upsert whose project lock cannot be made (a folder in its place) says why, nothing
written. Domain: a tide mill museum."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_mcp import mcp_session

from review_app.core.project import Project
from review_app.core.upsert import UpsertError, upsert_lock
from review_app.mcp_guard import unreadable


def test_unreadable_lines_are_told_apart_from_good_ones():
    lone = unreadable(b'{"jsonrpc":"2.0","id":2,"params":{"title":"bad \\ud800"}}\n')
    assert lone is not None and json.loads(lone)["id"] == 2
    assert "surrogate" in json.loads(lone)["error"]["message"]
    for line in (b"{not json\n", b"\xff\xfe\n"):
        answer = json.loads(unreadable(line) or b"null")
        assert answer["error"]["code"] == -32700 and answer["id"] is None
    # a whole pair is a character; an ordinary line passes; a blank line is no message
    assert unreadable(b'{"id":3,"params":{"title":"Mill \\ud83d\\ude00"}}\n') is None
    assert unreadable(b'{"jsonrpc":"2.0","id":4,"method":"tools/list"}\n') is None
    assert unreadable(b"\n") is None


def test_unreadable_lines_over_mcp_are_answered(tmp_path: Path):
    """Failed before: no answer to either line came."""
    root = tmp_path / "kb"
    root.mkdir()
    (root / "tours.md").write_text("---\ntitle: Mill tours\n---\n\nTours meet at the pit.\n")
    with mcp_session(root, tmp_path) as mcp:
        mcp.send('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"upsert_note",'
                 '"arguments":{"title":"Sluice","content":"bad \\ud800 text"}}}')
        answer = mcp.read(60)
        assert answer is not None and answer["id"] == 2 and "surrogate" in str(answer)
        mcp.send("{not json")
        answer = mcp.read(60)
        assert answer is not None and answer["error"]["code"] == -32700
        mcp.send(json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/list"}))
        listed = mcp.read(30)
        assert listed is not None and listed["id"] == 3 and listed["result"]["tools"]
    assert sorted(p.name for p in root.iterdir()) == ["tours.md"]  # nothing written


def test_a_lock_that_cannot_be_made_is_a_clear_refusal(tmp_path: Path):
    """Failed before: IsADirectoryError, reported over MCP as an unexplained error."""
    root = tmp_path / "kb"
    (root / ".bm-review" / "project.lock").mkdir(parents=True)
    with pytest.raises(UpsertError, match="cannot take the project lock"), \
            upsert_lock(Project(root), timeout=1):
        pass
