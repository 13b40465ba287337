"""Agent proposals in the console: queued through the real upsert_note(on_match="ask")
(and over MCP), decided by keys in the Pilot-driven console, checked on disk."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
import test_tui_helpers as helpers
from helpers_apply import assert_written_now
from proposals import MIGRATION, RATE, RATE_TARGET
from test_tui_helpers import make_app, wait_for, wait_for_review

from review_app.core.pending import PendingQueue
from review_app.core.project import Project
from review_app.core.upsert import upsert_note
from review_app.tui.screens.confirm import ConfirmApply
from review_app.tui.widgets.pending import MatchTable, PendingPane, ProposalTable

SIZE = (100, 32)
kb = helpers.kb

RATE_NEW = "engineering/API rate limits.md"

ONCALL = """# On-call schedule

Tom, Priya and Jonas rotate on-call weekly with the handover on Monday at 10:00 CET.
Pages must be acknowledged within 15 minutes between 07:00 and 23:00; overnight only
reminder and payment pages are urgent. Escalate to the next person, then to Jonas.
"""
ONCALL_TARGET = "engineering/on-call-rotation.md"


def files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*.md"))
            if ".bm-review" not in p.relative_to(root).parts}


def changed(before: dict[str, bytes], after: dict[str, bytes]) -> set[str]:
    return {p for p in before.keys() | after.keys() if before.get(p) != after.get(p)}


def queue(root: Path, embedder, title: str, content: str, **kw) -> dict:
    out = upsert_note(title, content, "engineering", root, on_match="ask", embedder=embedder,
                      caller=kw.pop("caller", "agent-7"), **kw)
    assert out["action"] == "queued_for_review"
    return out


def pending(root: Path) -> list:
    return PendingQueue(Project(root).state).items()


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


async def open_proposals(pilot):
    screen = await wait_for_review(pilot)
    await pilot.press("p")
    assert screen.tab == "pending"
    pane = screen.query_one(PendingPane)
    assert pilot.app.focused is screen.query_one(ProposalTable)
    return screen, pane


async def decided(pilot, pane: PendingPane, count: int) -> None:
    await wait_for(pilot, lambda: not pane.busy and len(pane.review.items) == count,
                   "the decision")
    await pilot.pause()


KEYS = {"update": "u", "merge": "m", "create": "n", "discard": "x"}


async def confirmation(pilot, path: str) -> ConfirmApply:
    """The modal is up, lists `path`, and nothing was written yet."""
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, ConfirmApply), "the confirmation")
    await pilot.pause()
    modal = pilot.app.screen
    listed = str(modal.query_one("#confirm-list Static").render())
    assert path in listed, listed
    return modal


async def confirm(pilot, path: str) -> None:
    await confirmation(pilot, path)
    await pilot.press("y")


@pytest.mark.parametrize("choice", ["update", "merge", "create", "discard"])
async def test_each_choice_by_key(kb, embedder, choice):
    queued = queue(kb, embedder, "API rate limits", RATE)
    before = files(kb)
    today = dt.datetime.now(dt.UTC).date()
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        tabs = screen.query_one("#tabs")
        assert "Agent proposals (1)" in str(tabs.get_tab("tab-pending").label)
        screen, pane = await open_proposals(pilot)
        table = screen.query_one(ProposalTable)
        assert table.ids == [queued["proposal_id"]]
        row = [str(c) for c in table.get_row_at(0)]
        assert row[1] == "agent-7" and row[2] == "API rate limits"
        assert RATE_TARGET.endswith(row[3].lstrip("…")) and row[4] == f"{queued['similarity']:.2f}"
        # The proposed text against the best match, as a line diff.
        assert screen.query_one(MatchTable).current_path == RATE_TARGET
        diff = str(screen.query_one("#pending-preview-body").render())
        assert f"- {RATE_TARGET} (existing)" in diff and "+ proposed: API rate limits" in diff
        assert "+ - [decision] Enterprise keys get custom limits set by support" in diff
        await pilot.press(KEYS[choice])
        # Every choice asks first, discard too (a stray `x` must not throw a proposal
        # away), and in the proposal's words, not "Apply the decided groups".
        written = {"create": RATE_NEW, "discard": ""}.get(choice, RATE_TARGET)
        modal = await confirmation(pilot, written)
        question = str(modal.query_one("#confirm-title").render())
        assert "API rate limits" in question and "decided groups" not in question
        await pilot.press("y")
        await decided(pilot, pane, 0)
        assert table.row_count == 0
        assert "Agent proposals (0)" in str(tabs.get_tab("tab-pending").label)
        assert any("API rate limits" in n for n in notices(app))
    after = files(kb)
    assert pending(kb) == []
    history = PendingQueue(Project(kb).state).history()
    assert history[-1]["resolved"] == queued["proposal_id"]
    if choice == "discard":
        assert after == before and history[-1]["outcome"] == "discarded"
        return
    if choice == "create":
        assert changed(before, after) == {RATE_NEW}
        assert "Enterprise keys get custom limits" in after[RATE_NEW].decode()
        return
    assert changed(before, after) == {RATE_TARGET}
    text = after[RATE_TARGET].decode()
    assert "Enterprise keys get custom limits" in text
    # update replaces the body; merge keeps what only the existing note had.
    assert ("Per-endpoint limits" in text) == (choice == "merge")
    assert_written_now(before[RATE_TARGET].decode(), text, today)
    assert history[-1]["apply_id"]  # journaled: `bm-review undo` takes it back


async def test_update_into_a_chosen_match_and_the_queue_survives_a_restart(kb, embedder):
    rate = queue(kb, embedder, "API rate limits", RATE, similarity_threshold=0.0)
    oncall = queue(kb, embedder, "On-call schedule", ONCALL, caller="agent-9",
                   similarity_threshold=0.0)
    second = rate["candidates"][1]["path"]
    before = files(kb)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen, pane = await open_proposals(pilot)
        assert screen.query_one(ProposalTable).ids == [rate["proposal_id"],
                                                       oncall["proposal_id"]]
        matches = screen.query_one(MatchTable)
        assert matches.paths == [c["path"] for c in rate["candidates"]]
        await pilot.press("right", "j")
        assert app.focused is matches and matches.current_path == second
        diff = str(screen.query_one("#pending-preview-body").render())
        assert f"- {second} (existing)" in diff
        await pilot.press("v")  # merge preview into that match, composed by a worker
        await wait_for(pilot, lambda: f"merged result written to {second}" in str(
            screen.query_one("#pending-preview-body").render()), "the merge preview")
        await pilot.press("v", "u")
        await confirm(pilot, second)
        await decided(pilot, pane, 1)
        await pilot.press("q")
    assert changed(before, files(kb)) == {second}
    assert "Enterprise keys get custom limits" in (kb / second).read_text(encoding="utf-8")

    app = make_app(kb, embedder)  # the other proposal is still there after a restart
    async with app.run_test(size=SIZE) as pilot:
        screen, pane = await open_proposals(pilot)
        assert screen.query_one(ProposalTable).ids == [oncall["proposal_id"]]
        assert str(screen.query_one(ProposalTable).get_row_at(0)[1]) == "agent-9"
        await pilot.press("p")  # back to the groups
        assert screen.tab == "groups" and app.focused is screen.query_one("#groups")


async def test_update_and_merge_need_a_readable_match(kb, embedder):
    queue(kb, embedder, "API rate limits", RATE)
    (kb / RATE_TARGET).unlink()  # the matched note went away since the agent asked
    before = files(kb)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen, pane = await open_proposals(pilot)
        assert screen.check_action("choose", ("update",)) is None  # shown disabled
        assert screen.check_action("choose", ("create",)) is True
        await pilot.press("u", "m")
        assert files(kb) == before and len(pending(kb)) == 1
        assert any(f"{RATE_TARGET} is no longer a readable note" in n for n in notices(app))
        await pilot.press("n")
        await confirm(pilot, RATE_NEW)
        await decided(pilot, pane, 0)
    assert changed(before, files(kb)) == {RATE_NEW}


async def test_a_proposal_queued_meanwhile_shows_up(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen, pane = await open_proposals(pilot)
        assert screen.query_one(ProposalTable).row_count == 0
        assert "No proposal waiting" in str(screen.query_one("#pending-info").render())
        assert screen.check_action("choose", ("discard",)) is None
        queued = queue(kb, embedder, "API rate limits", RATE)  # an agent, while it is open
        await wait_for(pilot, lambda: pane.review.items, "the poll of the queue")
        await pilot.pause()
        assert screen.query_one(ProposalTable).ids == [queued["proposal_id"]]




async def test_mcp_ask_then_decided_in_the_console(kb, embedder):
    """Issue 4's acceptance: an agent asks over MCP (a real `bm-review mcp` subprocess and
    the SDK's stdio client); the person sees the proposal in the console and merges it."""
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(command=sys.executable,
                                   args=["-m", "review_app", "mcp", str(kb)],
                                   env=dict(os.environ), cwd=str(kb.parent))

    async def agent() -> dict:
        async with Client(params, read_timeout_seconds=240) as client:
            result = await client.call_tool("upsert_note", {
                "title": "DB migration rules", "content": MIGRATION,
                "directory": "engineering", "on_match": "ask"})
            assert not result.is_error, result.content
            listed = await client.call_tool("list_pending_reviews", {})
            return {"ask": result.structured_content, "listed": listed.structured_content}

    out = await anyio.to_thread.run_sync(lambda: anyio.run(agent))
    ask = out["ask"]
    assert ask["action"] == "queued_for_review"
    assert out["listed"]["pending"][0]["id"] == ask["proposal_id"]
    target = ask["matched_note"]
    before = files(kb)

    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen, pane = await open_proposals(pilot)
        table = screen.query_one(ProposalTable)
        assert table.ids == [ask["proposal_id"]]
        row = [str(c) for c in table.get_row_at(0)]
        assert row[1] == "mcp" and row[2] == "DB migration rules"
        assert target.endswith(row[3].lstrip("…"))
        assert screen.query_one(MatchTable).current_path == target
        await pilot.press("m")
        await confirm(pilot, target)
        await decided(pilot, pane, 0)
    assert changed(before, files(kb)) == {target}
    assert "Backfills are batched jobs of 5000 rows" in (kb / target).read_text(encoding="utf-8")
    last = PendingQueue(Project(kb).state).history()[-1]
    assert (last["resolved"], last["outcome"], last["path"]) == (ask["proposal_id"], "merged",
                                                                 target)


async def test_decisions_are_confirmed_and_undo_brings_the_proposal_back(kb, embedder):
    """`u`/`m`/`n` ask first (Enter cancels, `y` writes, like `a`); `bm-review undo` of
    the write puts the proposal back on the queue, where the console shows it again."""
    queued = queue(kb, embedder, "API rate limits", RATE)
    before = files(kb)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen, pane = await open_proposals(pilot)
        for key in ("u", "m", "n"):
            await pilot.press(key)
            await confirmation(pilot, RATE_NEW if key == "n" else RATE_TARGET)
            await pilot.press("enter")  # the focused button is Cancel
            await wait_for(pilot, lambda: not isinstance(app.screen, ConfirmApply), "cancel")
            await pilot.pause()
            assert files(kb) == before and not pane.busy
            assert [p.id for p in pending(kb)] == [queued["proposal_id"]]
        await pilot.press("m")
        await confirm(pilot, RATE_TARGET)
        await decided(pilot, pane, 0)
        assert changed(before, files(kb)) == {RATE_TARGET}
        apply_id = PendingQueue(Project(kb).state).history()[-1]["apply_id"]
        undo = await anyio.to_thread.run_sync(lambda: subprocess.run(
            [sys.executable, "-m", "review_app", "undo", str(kb), apply_id],
            capture_output=True, text=True, timeout=120, env=dict(os.environ)))
        assert undo.returncode == 0, undo.stderr
        assert files(kb) == before
        assert [p.id for p in pending(kb)] == [queued["proposal_id"]]
        # the open console notices the undo and shows the proposal again
        await wait_for(pilot, lambda: len(pane.review.items) == 1, "the reopened proposal")
        await pilot.pause()
        assert screen.query_one(ProposalTable).ids == [queued["proposal_id"]]


async def test_a_locked_match_cannot_be_updated_or_merged_from_the_console(kb, embedder):
    queue(kb, embedder, "API rate limits", RATE)
    path = kb / RATE_TARGET
    path.write_text(path.read_text(encoding="utf-8").replace("type: note\n",
                                                             "type: note\nlocked: true\n"),
                    encoding="utf-8")
    before = files(kb)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen, pane = await open_proposals(pilot)
        assert screen.check_action("choose", ("merge",)) is None
        await pilot.press("u", "m")
        assert not isinstance(app.screen, ConfirmApply)
        assert any("is locked" in n for n in notices(app))
    assert files(kb) == before and len(pending(kb)) == 1


async def test_z_on_the_proposals_tab_undoes_the_last_proposal_written(kb, embedder):
    queued = queue(kb, embedder, "API rate limits", RATE)
    before = files(kb)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen, pane = await open_proposals(pilot)
        assert screen.check_action("undo_proposal", ()) is None  # nothing written yet
        await pilot.press("z")
        assert any("nothing to undo" in n for n in notices(app))
        await pilot.press("n")
        await confirm(pilot, RATE_NEW)
        await decided(pilot, pane, 0)
        assert changed(before, files(kb)) == {RATE_NEW}
        assert screen.check_action("undo_proposal", ()) is True
        await pilot.press("z")
        await decided(pilot, pane, 1)  # open again, as `bm-review undo` leaves it
        assert screen.query_one(ProposalTable).ids == [queued["proposal_id"]]
        assert any("undone" in n for n in notices(app))
    assert files(kb) == before
