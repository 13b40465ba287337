"""`bm-review mcp` as a real subprocess, driven by the mcp SDK's stdio client."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import sys
from pathlib import Path

import anyio
from helpers_apply import assert_written_now
from mcp import Client, StdioServerParameters
from proposals import MIGRATION, RATE, RATE_TARGET

from review_app.core.pending import PendingQueue


def note_bytes(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.md"))
            if ".bm-review" not in p.parts}


def test_mcp_server_over_stdio(tmp_path: Path):
    from review_app.demo import BUNDLED

    root = tmp_path / "kb"
    shutil.copytree(BUNDLED, root)
    before = note_bytes(root)
    today = dt.datetime.now(dt.UTC).date()
    params = StdioServerParameters(command=sys.executable,
                                   args=["-m", "review_app", "mcp", str(root)],
                                   env=dict(os.environ), cwd=str(tmp_path))

    async def session() -> dict:
        out: dict = {}
        async with Client(params, read_timeout_seconds=240) as client:
            tools = (await client.list_tools()).tools
            out["tools"] = {t.name: t for t in tools}
            out["ask"] = await client.call_tool("upsert_note", {
                "title": "DB migration rules", "content": MIGRATION,
                "directory": "engineering", "on_match": "ask"})
            out["update"] = await client.call_tool("upsert_note", {
                "title": "API rate limits", "content": RATE, "directory": "engineering"})
            out["pending"] = await client.call_tool("list_pending_reviews", {})
            out["merge"] = await client.call_tool("upsert_note", {
                "title": "API rate limits", "content": RATE, "directory": "engineering",
                "on_match": "merge"})
            out["bad"] = await client.call_tool("upsert_note", {
                "title": "Escape", "content": "x", "directory": "../../etc"})
            out["create"] = await client.call_tool("upsert_note", {
                "title": "Offsite venue ideas", "directory": "meetings",
                "content": "# Offsite venue ideas\n\nLisbon or Porto in October; 30 rooms.\n"})
        return out

    out = anyio.run(session)
    tools = out["tools"]
    assert {"upsert_note", "list_pending_reviews"} <= tools.keys()
    props = tools["upsert_note"].input_schema["properties"]
    assert {"title", "content", "directory", "project", "similarity_threshold",
            "on_match"} <= props.keys()
    assert set(tools["upsert_note"].input_schema["required"]) == {"title", "content"}

    ask = out["ask"]
    assert not ask.is_error, ask.content
    result = ask.structured_content
    assert result["action"] == "queued_for_review"
    assert result["matched_note"] in {"engineering/database-migration-policy.md",
                                      "engineering/db_migration_policy_v2.md"}
    assert result["similarity"] >= 0.5 and result["candidates"]

    # update acts alone only where it is sure; the agent is told why it did not (issue 23)
    assert "ON ITS OWN ONLY" in tools["upsert_note"].description
    update = out["update"].structured_content
    assert update["action"] == "queued_for_review" and update["matched_note"] == RATE_TARGET
    assert "would drop" in update["reason"]

    pending = out["pending"].structured_content
    assert pending["count"] == 2
    item, waiting = pending["pending"]
    assert waiting["id"] == update["proposal_id"] and waiting["reason"] == update["reason"]
    assert item["id"] == result["proposal_id"] and item["caller"] == "mcp"
    assert item["title"] == "DB migration rules"
    assert item["matches"][0]["path"] == result["matched_note"]
    # the same proposal is in the queue file the review console reads
    queued = PendingQueue(root / ".bm-review").items()[0]
    assert queued.id == result["proposal_id"] and queued.content == MIGRATION

    assert out["bad"].is_error
    assert "'..'" in out["bad"].content[0].text

    created = out["create"].structured_content
    assert created["action"] == "created" and created["path"] == "meetings/Offsite venue ideas.md"
    merged = out["merge"].structured_content
    assert merged["action"] == "merged_existing" and merged["path"] == RATE_TARGET
    after = note_bytes(root)
    assert set(after) - set(before) == {"meetings/Offsite venue ideas.md"}
    # ask and the refusal wrote nothing; the merge wrote its note, `modified:` refreshed
    assert all(after[p] == before[p] for p in before if p != RATE_TARGET)
    assert_written_now(before[RATE_TARGET].decode(), after[RATE_TARGET].decode(), today)


def tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")}


def test_a_tool_call_cannot_make_the_server_write_in_another_folder(tmp_path: Path):
    """`bm-review mcp /a` called with project="/b" writes nothing in /b (issue 12)."""
    served, other, allowed, registered = (tmp_path / n for n in ("a", "b", "c", "d"))
    for root in (served, other, allowed, registered):
        root.mkdir()
        (root / "existing.md").write_text("---\ntitle: Existing\n---\n\nBackups at 02:00.\n",
                                          encoding="utf-8")
    (served / "sub").mkdir()
    config = tmp_path / "bm-config"
    config.mkdir()
    (config / "config.json").write_text(
        f'{{"projects": {{"research": {{"path": "{registered}"}}}}}}', encoding="utf-8")
    before = {r: tree(r) for r in (served, other, registered)}
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "review_app", "mcp", str(served), "--allow-project", str(allowed)],
        env={**os.environ, "BASIC_MEMORY_CONFIG_DIR": str(config)}, cwd=str(tmp_path))
    note = {"title": "Planted by agent", "content": "# Planted\n\nThe agent was here.\n"}

    async def session() -> dict:
        out: dict = {}
        async with Client(params, read_timeout_seconds=240) as client:
            for key, project in (("other", str(other)), ("sub", str(served / "sub")),
                                 ("relative", "../b"), ("config_name", "research"),
                                 ("config_path", str(registered))):
                out[key] = await client.call_tool("upsert_note", {**note, "project": project})
            out["list_other"] = await client.call_tool("list_pending_reviews",
                                                       {"project": str(other)})
            out["allowed"] = await client.call_tool("upsert_note",
                                                    {**note, "project": str(allowed)})
        return out

    out = anyio.run(session)
    for key in ("other", "sub", "relative", "config_name", "config_path", "list_other"):
        assert out[key].is_error, key
        message = out[key].content[0].text
        assert "is not served here" in message and str(served) in message, message
        assert "--allow-project" in message
    assert {r: tree(r) for r in (served, other, registered)} == before  # no .bm-review either
    created = out["allowed"].structured_content
    assert created["action"] == "created", out["allowed"].content
    assert (allowed / created["path"]).is_file() and not (served / created["path"]).exists()
