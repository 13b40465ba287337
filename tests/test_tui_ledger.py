"""The merge preview's ledger rows and the person's edit, driven by Pilot on a real demo
copy with the real model: a flip or an edit is what apply writes, byte for byte, it
survives a restart, undo gives the files back exactly, and a changed member is a
conflict."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import test_tui_helpers as helpers
from helpers_apply import tree_state
from test_tui_helpers import make_app, preview_composed, wait_for, wait_for_review
from test_tui_review import goto_group

from review_app.core.apply import plan_from_decisions, undo_apply
from review_app.core.decisions import DecisionStore
from review_app.core.edits import EditStore
from review_app.core.project import Project
from review_app.tui.messages import PreviewComposed
from review_app.tui.screens.confirm import ConfirmApply
from review_app.tui.screens.review import ReviewScreen
from review_app.tui.widgets.merge_view import LedgerRow
from review_app.tui.widgets.preview import Preview

kb = helpers.kb
SIZE = (100, 32)
CURSOR = "engineering/cursor_pagination_decision.md"
_CHOICES: list[str] = []


def choice_group(session) -> str:
    """A note of the first demo group whose merge ledger has carried, dropped and
    superseded rows to flip (found by composing, so the test follows the engine)."""
    from review_app.tui.view import ReviewView
    from review_app.tui.widgets.merge_view import compose_written

    if not _CHOICES:
        view = ReviewView(session, preview_mode="merge")
        for g in session.groups:
            request = view.preview_request(g, None)
            if not request.others:
                continue
            rows = compose_written(request).rows
            if {"carried", "dropped", "superseded"} <= {e.status for e in rows}:
                _CHOICES.append(g.canonical)
                break
    assert _CHOICES, "no demo group has all three kinds of rows"
    return _CHOICES[0]


def unstamped(text: str) -> str:
    """Apply stamps `modified:` when it writes; the preview when it composed."""
    return re.sub(r"(?m)^modified: .*$", "modified: <t>", text)


async def merge_result(pilot, screen: ReviewScreen, path: str) -> Preview:
    await goto_group(pilot, screen, path)
    await pilot.press("v")
    await preview_composed(pilot)
    preview = screen.query_one(Preview)
    assert preview.written is not None and screen.preview_mode == "merge"
    return preview


async def flip_row(pilot, preview: Preview, status: str) -> str:
    """Highlight the first row whose entry has `status` (by keys) and flip it; returns
    its ledger key."""
    preview.focus()
    await pilot.pause()
    rows = preview.result.rows
    index = next(i for i, e in enumerate(rows) if e.status == status)
    await pilot.press(*["k"] * len(rows), *["j"] * index)
    assert preview.result_key() == rows[index].key
    await pilot.press("space")
    await preview_composed(pilot)
    return rows[index].key


async def apply_in_console(pilot, app, screen) -> None:
    await pilot.press("a")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmApply), "the confirm modal")
    await pilot.press("y")
    await helpers.wait_for_rescan(pilot, screen)


async def test_flipped_rows_are_written_as_previewed_and_undo_is_exact(kb, embedder):
    before = tree_state(kb)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        preview = await merge_result(pilot, screen, choice_group(screen.session))
        group = screen.group
        kept = screen.session.kept(group)[0]
        entries = {e.key: e for e in preview.result.rows}
        carried = await flip_row(pilot, preview, "carried")
        # The carried unit is dropped now: the text no longer has it, the row says so.
        e = preview.result.composed.ledger.get(carried)
        assert e is not None and e.status == "dropped" and e.chosen
        assert entries[carried].text not in preview.written
        pair = await flip_row(pilot, preview, "superseded")
        older = preview.result.composed.ledger.get(pair)
        assert older is not None and older.status == "carried" and older.chosen
        assert entries[pair].text in preview.written  # the older value, written instead
        assert entries[pair].by_text not in preview.written
        assert any("your choice" in str(r.render()) for r in preview.query(LedgerRow))
        written = preview.written
        assert screen.session.choices_of(group) == {carried: "drop", pair: "older"}
        await pilot.press("m")
        d = DecisionStore(Project(kb).state).current()[group.id]
        assert d.action == "merge" and d.choices == {carried: "drop", pair: "older"}
        await apply_in_console(pilot, app, screen)
    assert (kb / kept).read_text(encoding="utf-8") != unstamped(written)  # really stamped
    assert unstamped((kb / kept).read_text(encoding="utf-8")) == unstamped(written)
    undo_apply(Project(kb))
    assert tree_state(kb) == before


async def test_flips_survive_a_restart_and_flip_back(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        path = choice_group(screen.session)
        preview = await merge_result(pilot, screen, path)
        dropped = await flip_row(pilot, preview, "dropped")
        written = preview.written
        text = preview.result.composed.ledger.get(dropped).text
        assert preview.result.composed.ledger.get(dropped).status == "carried"
        await pilot.press("q")
    assert EditStore(Project(kb).state).latest()
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        preview = await merge_result(pilot, screen, path)
        assert unstamped(preview.written) == unstamped(written)
        assert preview.result.composed.ledger.get(dropped).chosen
        # Flipping the row again gives the engine's verdict back, and no choice is left.
        keys = [e.key for e in preview.result.rows]
        preview.focus()
        await pilot.press(*["k"] * len(keys), *["j"] * keys.index(dropped))
        assert preview.result_key() == dropped
        await pilot.press("space")
        await preview_composed(pilot)
        e = preview.result.composed.ledger.get(dropped)
        assert e.status == "dropped" and not e.chosen and text not in preview.written
        assert screen.session.choices_of(screen.group) == {}
        # z takes the flip back like any change.
        await pilot.press("z")
        await preview_composed(pilot)
        assert screen.session.choices_of(screen.group) == {dropped: "carry"}


EDITOR = """\
import sys
path = sys.argv[1]
text = open(path, encoding="utf-8").read()
text = text.replace("\\n## ", "\\nWritten by the person in their editor.\\n\\n## ", 1)
open(path, "w", encoding="utf-8").write(text + "- [note] checked by hand #review\\n")
"""


def scripted_editor(tmp_path: Path, monkeypatch) -> None:
    script = tmp_path / "editor.py"
    script.write_text(EDITOR, encoding="utf-8")
    monkeypatch.setenv("VISUAL", f"{sys.executable} {script}")


async def test_an_editor_edit_is_what_apply_writes_byte_for_byte(kb, embedder, tmp_path,
                                                                 monkeypatch):
    scripted_editor(tmp_path, monkeypatch)
    before = tree_state(kb)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        preview = await merge_result(pilot, screen, CURSOR)
        group = screen.group
        kept = screen.session.kept(group)[0]
        composed = preview.written
        await pilot.press("e")
        await preview_composed(pilot)
        edited = preview.written
        assert edited != composed and "Written by the person in their editor." in edited
        assert edited.endswith("- [note] checked by hand #review\n")
        assert preview.result.edited and "edited by you" in preview.border_title
        assert "edited by you" in str(preview.query_one("#preview-body").render())
        # A flip does not change an edited text (it is written as it is).
        preview.focus()
        await pilot.press("space")
        await preview_composed(pilot)
        assert preview.written == edited
        await pilot.press("m")
        assert DecisionStore(Project(kb).state).current()[group.id].text == edited
        await apply_in_console(pilot, app, screen)
    assert (kb / kept).read_text(encoding="utf-8") == edited  # byte for byte, no restamp
    undo_apply(Project(kb))
    assert tree_state(kb) == before


async def test_dropping_the_edit_and_a_changed_member_is_a_conflict(kb, embedder, tmp_path,
                                                                    monkeypatch):
    scripted_editor(tmp_path, monkeypatch)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        preview = await merge_result(pilot, screen, CURSOR)
        group = screen.group
        composed = preview.written
        await pilot.press("e")
        await preview_composed(pilot)
        assert preview.result.edited
        await pilot.press("E")
        await preview_composed(pilot)
        assert not preview.result.edited
        assert unstamped(preview.written) == unstamped(composed)
        await pilot.press("e")
        await preview_composed(pilot)
        edited = preview.written
        await pilot.press("m")
        await pilot.press("q")
    other = next(p for p in group.paths if p != group.canonical)
    path = kb / other
    path.write_text(path.read_text(encoding="utf-8") + "\nChanged after the edit.\n",
                    encoding="utf-8")
    plan = plan_from_decisions(Project(kb))
    assert [c.group_id for c in plan.conflicts] == [group.id]
    assert not plan.changes and edited  # nothing is written over the changed note


async def test_a_stale_result_is_dropped(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        preview = await merge_result(pilot, screen, CURSOR)
        old, token = preview.result, preview._token
        await pilot.press("v")  # the update result: a new request
        await preview_composed(pilot)
        shown = preview.written
        assert preview.request.mode == "update"
        preview.post_message(PreviewComposed(token, old))  # the merge result, late
        await pilot.pause(0.1)
        assert preview.written == shown and preview.result is not old


def test_a_scripted_apply_of_the_plan_writes_the_flipped_and_the_edited_text(
        kb, embedder, tmp_path, capsys):
    """`apply --plan` on the console's plan document (choices and text as additive
    fields) writes what the preview composed; `--dry-run` and the report print the
    ledger with the person's choices."""
    import json

    from review_app.cli import main as cli_main
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.tui.session import ReviewSession
    from review_app.tui.view import ReviewView
    from review_app.tui.widgets.merge_view import compose_written

    session = ReviewSession.open(scan(Project(kb), ScanOptions(), embedder=embedder))
    view = ReviewView(session, preview_mode="merge")
    path = choice_group(session)
    group = next(g for g in session.groups if path in g.paths)
    rows = compose_written(view.preview_request(group, None)).rows
    carried = next(e for e in rows if e.status == "carried")
    session.flip(group, carried.key, carried.flips, carried.status, carried.chosen)
    written = compose_written(view.preview_request(group, None))
    assert carried.text not in written.text
    session.decide(group, "merge")
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(session.plan_document()), encoding="utf-8")
    planned = next(g for g in json.loads(plan.read_text())["groups"] if g["id"] == group.id)
    assert planned["choices"] == {carried.key: "drop"} and "text" not in planned
    assert cli_main(["apply", str(kb), "--plan", str(plan), "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert f"- dropped: {carried.text}" in out and "(your choice)" in out
    assert cli_main(["apply", str(kb), "--plan", str(plan)]) == 0
    out = capsys.readouterr().out
    kept = session.kept(group)[0]
    assert f"written into {kept}:" in out and "(your choice)" in out
    assert unstamped((kb / kept).read_text(encoding="utf-8")) == unstamped(written.text)
    assert cli_main(["undo", str(kb)]) == 0
    capsys.readouterr()
    # An edited text in the plan is written byte for byte.
    session = ReviewSession.open(scan(Project(kb), ScanOptions(), embedder=embedder))
    group = next(g for g in session.groups if CURSOR in g.paths)
    edited = "---\ntitle: Cursor pagination\n---\n\n# Cursor pagination\n\nBy hand.\n"
    session.set_text(group, edited)
    session.decide(group, "update")
    plan.write_text(json.dumps(session.plan_document()), encoding="utf-8")
    assert cli_main(["apply", str(kb), "--plan", str(plan), "--dry-run"]) == 0
    assert "text edited by you" in capsys.readouterr().out
    assert cli_main(["apply", str(kb), "--plan", str(plan)]) == 0
    assert (kb / session.kept(group)[0]).read_text(encoding="utf-8") == edited


async def test_links_to_a_retired_note_are_shown_as_apply_rewrites_them(kb, embedder):
    """The base links to a note the merge retires: the preview shows the link pointing at
    the kept note, as apply writes it."""
    from review_app.core.pipeline import ScanOptions, scan
    from review_app.tui.session import ReviewSession

    session = ReviewSession.open(scan(Project(kb), ScanOptions(), embedder=embedder))
    group = next(g for g in session.groups if CURSOR in g.paths)
    retired = session.retirable(group)[0]
    title = session.notes[retired].title
    kept_title = session.notes[session.kept(group)[0]].title
    base = kb / group.canonical
    # a sentence with a fact of its own: a bare "See also [[retired]]" would name the
    # merged note itself and is dropped (test_kept_title)
    base.write_text(base.read_text(encoding="utf-8")
                    + f"\nMobile clients follow [[{title}]] until the 3.2 release.\n",
                    encoding="utf-8")
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        preview = await merge_result(pilot, screen, CURSOR)
        kept = screen.session.kept(screen.group)[0]
        written = preview.written
        assert f"Mobile clients follow [[{kept_title}]] until the 3.2 release." in written
        assert f"[[{title}]]" not in written
        await pilot.press("m")
        await apply_in_console(pilot, app, screen)
    assert unstamped((kb / kept).read_text(encoding="utf-8")) == unstamped(written)
