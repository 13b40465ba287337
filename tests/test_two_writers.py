"""One writer at a time, and a console that sees what others did: two real consoles
on one project, a console and a CLI apply, and keys typed together."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import test_tui_helpers as helpers
from helpers_apply import tree_hashes
from test_tui_helpers import make_app, wait_for, wait_for_review
from test_tui_review import SIZE, goto_group
from textual import events

from review_app.core.apply import apply_plan, plan_from_decisions
from review_app.core.decisions import DecisionStore
from review_app.core.journal import journals
from review_app.core.project import Project
from review_app.core.project_lock import HOLDER_FILE
from review_app.tui.screens.confirm import ConfirmApply
from review_app.tui.screens.review import ReviewScreen
from review_app.tui.widgets.tables import MemberTable

kb = helpers.kb  # fixtures shared by the console tests
HERE = Path(__file__).parent
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
GROUP_NOTE = "engineering/pgbouncer_setup_notes.md"


def _notices(app) -> list[str]:
    return [n.message for n in app._notifications]


def _typed_together(app, *keys: str) -> None:
    """Keys as a terminal delivers a burst: queued at once, no pause between them."""
    for key in keys:
        app.post_message(events.Key(key, key))


async def test_keys_typed_together_act_on_the_row_as_painted(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        three = next(g for g in screen.session.groups if len(g.paths) == 3)
        await goto_group(pilot, screen, three.paths[0])
        await pilot.press("tab")
        members = screen.query_one(MemberTable)
        kept = screen.session.kept(screen.group)[0]  # x never takes out the kept file
        while members.cursor_row > 0 and members.paths[members.cursor_row + 1] == kept:
            await pilot.press("k")
        first, second = members.paths[members.cursor_row], members.paths[members.cursor_row + 1]
        _typed_together(app, "j", "x")  # take out the row the cursor moves to
        await pilot.pause(0.3)
        assert second not in members.paths and first in members.paths, _notices(app)
        assert not any("Not possible" in n for n in _notices(app))
        # K on the row below the canonical, then `k K` together: the canonical's file
        await pilot.press("j", "K")
        assert screen.session.kept(screen.group)[0] == members.paths[1] != members.paths[0]
        _typed_together(app, "k", "K")
        await pilot.pause(0.3)
        assert screen.session.kept(screen.group)[0] == members.paths[0], _notices(app)


async def test_a_console_shows_another_consoles_decision_and_applies_what_is_on_disk(
        kb, embedder):
    """Console 1 merges a group; console 2 (a real process) then says 'not duplicates'.
    Console 1 shows that within a few seconds, and its apply writes nothing for it."""
    before = tree_hashes(kb)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        await goto_group(pilot, screen, GROUP_NOTE)
        gid = screen.group.id
        await pilot.press("m")
        assert screen.session.decisions[gid].action == "merge"
        other = subprocess.run([sys.executable, str(HERE / "console_driver.py"), str(kb),
                                GROUP_NOTE, "d"], capture_output=True, text=True, timeout=300,
                               env=ENV)
        assert other.returncode == 0 and "done" in other.stdout, other.stderr
        assert DecisionStore(Project(kb).state).history()[-1]["action"] == "distinct"
        await wait_for(pilot, lambda: gid in screen.session.decisions
                       and screen.session.decisions[gid].action == "distinct",
                       "console 1 to show console 2's decision", limit=5)
        assert any("changed in another console" in n for n in _notices(app))
        await pilot.press("a")  # nothing to apply now
        await pilot.pause(0.2)
        assert not isinstance(app.screen, ConfirmApply)
    assert tree_hashes(kb) == before
    assert list(journals(Project(kb).state)) == []


_DECIDE_DISTINCT = """
import sys
from review_app.core.decisions import Decision, DecisionStore
s = DecisionStore(sys.argv[1])
d = s.current()[sys.argv[2]]
s.record(Decision(d.group_id, "distinct", d.canonical, d.hashes))
"""


def test_apply_uses_the_decisions_on_disk_when_it_runs(kb, embedder):
    """A plan made from the decisions; another process decides the group otherwise
    before the apply runs: the group is a conflict, nothing of it written."""
    from review_app.core.pipeline import ScanOptions, scan

    project = Project(kb)
    before = tree_hashes(kb)
    result = scan(project, ScanOptions(), embedder=embedder)
    group = next(g for g in result.groups if GROUP_NOTE in g.paths)
    notes = result.notes
    from review_app.core.decisions import Decision

    DecisionStore(project.state).record(Decision(group.id, "merge", group.canonical,
                                                 {p: notes[p].sha256 for p in group.paths}))
    plan = plan_from_decisions(project)
    assert [g.group_id for g in plan.groups] == [group.id]
    subprocess.run([sys.executable, "-c", _DECIDE_DISTINCT, str(project.state), group.id],
                   check=True, env=ENV, timeout=60)
    report = apply_plan(project, plan, decided=True)
    assert report.apply_id is None and not report.changed
    assert [c.group_id for c in report.conflicts] == [group.id]
    assert "decided differently" in report.conflicts[0].reason
    assert "(now: distinct)" in report.conflicts[0].reason
    assert tree_hashes(kb) == before


async def test_a_console_apply_waits_for_a_cli_apply_and_both_land(kb, embedder, tmp_path):
    """A CLI apply holds the project (paused before its first write); the console's
    apply waits for it instead of writing beside it, then applies its own group."""
    from review_app.core.pipeline import ScanOptions, scan

    project = Project(kb)
    result = scan(project, ScanOptions(), embedder=embedder)
    from review_app.core.apply import plan_from_document

    def planned(gid: str) -> tuple[dict, set[str]]:
        doc = result.to_json()
        doc["groups"] = [dict(g, action="merge") for g in doc["groups"] if g["id"] == gid]
        return doc, {c.path for c in plan_from_document(project, doc).changes}

    groups = [g for g in result.groups if len(g.paths) == 2]
    cli_group = groups[0]
    doc, cli_files = planned(cli_group.id)
    console_group = next(g for g in groups[1:] if not planned(g.id)[1] & cli_files)
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(doc))
    signal = tmp_path / "reached"
    cli = subprocess.Popen([sys.executable, str(HERE / "crash_cli.py"), "write", "1",
                            str(signal), "--resume", "--", "apply", str(kb), "--plan",
                            str(plan)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           text=True, env=ENV)
    try:
        deadline = time.monotonic() + 120
        while not signal.exists():
            assert cli.poll() is None, cli.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        holder = json.loads((project.state / HOLDER_FILE).read_text())
        assert holder["pid"] == cli.pid and holder["what"] == "apply"
        app = make_app(kb, embedder)
        async with app.run_test(size=SIZE) as pilot:
            screen = await wait_for_review(pilot)
            await goto_group(pilot, screen, console_group.paths[0])
            await pilot.press("m", "a")
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmApply), "the modal")
            await pilot.press("y")
            await pilot.pause(1.0)
            assert [j.status for j in journals(project.state)] == ["applying"]  # the CLI's
            signal.with_name(signal.name + ".go").write_text("")
            out, err = cli.communicate(timeout=120)
            assert cli.returncode == 0, (out, err)
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen)
                           and app.screen is not screen, "the re-scan after the apply")
            await pilot.pause(0.2)
    finally:
        if cli.poll() is None:
            cli.kill()
    done = list(journals(project.state))
    assert [j.status for j in done] == ["applied", "applied"]
    assert [g["group_id"] for j in done for g in j.data["groups"]] == [cli_group.id,
                                                                       console_group.id]


def test_a_torn_last_line_of_the_decision_log_does_not_swallow_the_next(tmp_path: Path):
    from review_app.core.decisions import Decision

    store = DecisionStore(tmp_path)
    store.record(Decision("g1", "merge", "a.md", {"a.md": "1"}))
    with open(store.path, "ab") as f:
        f.write(b'{"group_id": "g2", "act')  # a writer killed mid-line
    store.record(Decision("g3", "skip", "b.md", {"b.md": "2"}))
    assert {gid: d.action for gid, d in store.current().items()} == {"g1": "merge",
                                                                     "g3": "skip"}


async def test_the_look_beside_the_console_runs_off_the_ui_thread(kb, embedder, monkeypatch):
    """The once-a-second check for other writers stats files in a worker, never on the
    thread that paints and takes keys, and still sees another process's decision."""
    import threading

    from review_app.tui import outside

    stat = outside._stat
    threads: list[str] = []

    def spy(path):
        threads.append(threading.current_thread().name)
        return stat(path)

    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        await goto_group(pilot, screen, GROUP_NOTE)
        gid = screen.group.id
        monkeypatch.setattr(outside, "_stat", spy)
        d = DecisionStore(Project(kb).state)
        group = screen.group
        from review_app.core.decisions import Decision

        d.record(Decision(gid, "distinct", group.canonical,
                          {p: screen.session.notes[p].sha256 for p in group.paths}))
        await wait_for(pilot, lambda: gid in screen.session.decisions,
                       "the console to show the other writer's decision", limit=5)
    assert threads and threading.main_thread().name not in threads, threads
