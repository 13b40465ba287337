"""The person's path through a review (issue 13), by keys through Pilot on a real demo copy:
every pane reachable and scrollable, the kept file, the preview is what gets written,
the confirmation, the cursor after a decision, refusals, threshold changes."""

from __future__ import annotations

import re

import test_tui_helpers as helpers
from test_tui_helpers import make_app, settle_detail, wait_for, wait_for_review
from test_tui_review import goto_group, notices, store
from textual.command import CommandList, CommandPalette

from review_app.core.edits import EditStore
from review_app.core.notes import parse_note
from review_app.core.project import Project
from review_app.tui.screens.confirm import ConfirmApply
from review_app.tui.screens.review import ReviewScreen
from review_app.tui.widgets.detail import DetailPane
from review_app.tui.widgets.preview import Preview
from review_app.tui.widgets.tables import GroupTable, MemberTable

kb = helpers.kb
PGBOUNCER = "engineering/pgbouncer_setup_notes.md"


def evidence(screen) -> str:
    return str(screen.query_one("#evidence-body").render())


async def test_every_pane_is_reached_by_tab_and_scrolls_by_keys(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_review(pilot)
        await goto_group(pilot, screen, PGBOUNCER)
        groups, members = screen.query_one(GroupTable), screen.query_one(MemberTable)
        detail, preview = screen.query_one(DetailPane), screen.query_one(Preview)
        unfocused = preview.styles.border_top
        order = []
        for _ in range(4):
            await pilot.press("tab")
            order.append(app.focused)
        assert order == [members, detail, preview, groups]
        await pilot.press("shift+tab")
        assert app.focused is preview
        assert preview.styles.border_top != unfocused  # the focus is visible
        assert preview.max_scroll_y > 0  # 80x24: the diff is longer than the pane
        await pilot.press("down", "down")
        assert preview.scroll_y == 2
        await pilot.press("pagedown")
        assert preview.scroll_y > 2
        await pilot.press("pageup", "pageup")
        assert preview.scroll_y == 0
        await pilot.press("j")  # j/k scroll the focused preview too (not the groups)
        assert preview.scroll_y == 1 and screen.group.id == groups.current_id
        await pilot.press("shift+tab")
        assert app.focused is detail
        if detail.max_scroll_y > 0:
            await pilot.press("pagedown")
            assert detail.scroll_y > 0


async def test_after_a_decision_the_cursor_goes_to_the_next_undecided_group(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_review(pilot)
        table = screen.query_one(GroupTable)
        ids = list(table.group_ids)
        await pilot.press("j", "s")  # decide the second group
        assert table.current_id == ids[2]
        await pilot.press("g", "u")  # the first: the second is decided, so the third
        assert table.current_id == ids[2]
        assert set(store(kb).current()) == {ids[0], ids[1]}
        await pilot.press("z")  # the decision and the cursor come back
        assert table.current_id == ids[0] and ids[0] not in store(kb).current()
        await settle_detail(pilot)
        assert screen.query_one(MemberTable).paths == screen.session.group(ids[0]).paths


async def test_canonical_beside_an_important_note_moves_the_base_not_the_kept_file(
        kb, embedder):
    # Issue 18: `important` keeps the file; any member may be the content base (c).
    app = make_app(kb, embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_review(pilot)
        await goto_group(pilot, screen, "product/product-principles.md")
        group = screen.group
        important = [p for p in group.paths if screen.session.notes[p].important]
        assert important and important[0] != group.canonical  # the newer copy is the base
        assert screen.session.kept(group)[0] == important[0]
        await pilot.press("tab")
        while screen.member != important[0]:
            await pilot.press("down")
        assert screen.check_action("canonical", ()) is True
        await pilot.press("c")
        assert screen.group.canonical == important[0]
        assert screen.session.kept(screen.group)[0] == important[0]

        three = next(g for g in screen.session.groups if len(g.paths) == 3)
        await pilot.press("shift+tab")
        await goto_group(pilot, screen, three.paths[0])
        old = screen.group.canonical
        await pilot.press("tab")
        new = screen.member
        await pilot.press("c")
        assert screen.group.canonical == new and screen.member == new
        shown = evidence(screen)
        # On the canonical's row, every member's evidence is listed (the old canonical too).
        for m in screen.group.members:
            assert m.path in shown
        assert old in shown and "•" in shown


async def test_kept_file_changed_by_key_reaches_edits_decision_and_plan(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_review(pilot)
        await goto_group(pilot, screen, PGBOUNCER)
        group = screen.group
        kept, reason = screen.session.kept(group)
        assert f"kept as {kept}: {reason}" in evidence(screen)
        await pilot.press("tab")
        other = next(p for p in screen.query_one(MemberTable).paths if p != kept)
        await goto_member(pilot, screen, other)
        await pilot.press("K")
        assert screen.session.kept(group) == (other, "chosen by you")
        assert "chosen by you" in evidence(screen)
        assert screen.query_one(MemberTable).current_path == other  # the cursor stays
        assert EditStore(Project(kb).state).latest()[group.id].keep == other
        await pilot.press("K")  # again on the same note: refused with the reason
        assert any("already the one kept" in n for n in notices(app))
        await pilot.press("shift+tab", "m")
        assert store(kb).current()[group.id].keep == other
        planned = next(g for g in screen.session.plan_document()["groups"]
                       if g["id"] == group.id)
        assert planned["keep"] == other and planned["action"] == "merge"
        await pilot.press("z", "z")  # the decision, then the choice of file
        assert screen.session.kept(screen.session.group(group.id))[0] == kept


def _unstamped(text: str) -> str:
    return re.sub(r"(?m)^modified: .*$", "modified: <apply time>", text)


async def goto_member(pilot, screen, path: str) -> None:
    """Move the member cursor (the member table focused) onto `path`."""
    paths = screen.query_one(MemberTable).paths
    for _ in range(len(paths)):
        if screen.member == path:
            break
        await pilot.press("k" if paths.index(path) < paths.index(screen.member) else "j")
    assert screen.member == path, (screen.member, path)


async def _apply(pilot, app, screen) -> ConfirmApply:
    await pilot.press("a")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmApply), "the confirm modal")
    return app.screen


async def test_the_merge_preview_is_what_apply_writes(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_review(pilot)
        await goto_group(pilot, screen, PGBOUNCER)
        group = screen.group
        kept = screen.session.kept(group)[0]
        await pilot.press("v")  # diff -> merge result
        preview = screen.query_one(Preview)
        await helpers.preview_composed(pilot)
        assert preview.border_title.startswith("merge result")
        written = preview.written
        assert written and written.splitlines()[0] == "---"
        await pilot.press("v")
        await helpers.preview_composed(pilot)
        assert preview.border_title.startswith("update result")
        await pilot.press("v")
        assert preview.written is None  # the diff again
        await pilot.press("m")
        modal = await _apply(pilot, app, screen)
        linked = {x["path"] for x in modal.summary["links_rewritten"]}
        await pilot.press("y")
        await helpers.wait_for_rescan(pilot, screen)
    # Byte for byte but the `modified:` stamp, which apply sets when it writes.
    assert _unstamped((kb / kept).read_text(encoding="utf-8")) == _unstamped(written)
    for path in group.paths:
        assert (kb / path).exists() == (path == kept)
    assert linked  # notes that named the retired file now name the kept one
    kept_title = parse_note(kept, (kb / kept).read_bytes()).title  # as written
    for path in linked:
        text = (kb / path).read_text(encoding="utf-8")
        assert "pgbouncer_setup_notes" not in text and kept_title in text


async def test_apply_writes_into_the_chosen_kept_file(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_review(pilot)
        await goto_group(pilot, screen, PGBOUNCER)
        group = screen.group
        await pilot.press("tab")
        other = next(p for p in screen.query_one(MemberTable).paths
                     if p != screen.session.kept(group)[0])
        await goto_member(pilot, screen, other)
        await pilot.press("K", "v")
        await helpers.preview_composed(pilot)
        written = screen.query_one(Preview).written
        await pilot.press("shift+tab", "m")
        await _apply(pilot, app, screen)
        await pilot.press("y")
        await helpers.wait_for_rescan(pilot, screen)
    assert _unstamped((kb / other).read_text(encoding="utf-8")) == _unstamped(written)
    assert not any((kb / p).exists() for p in group.paths if p != other)


async def test_confirmation_shows_risk_first_with_counts_and_scrolls(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await wait_for_review(pilot)
        for _ in range(4):  # several update decisions: a list longer than the modal
            if screen.session.refusal("update", screen.group) is None:
                await pilot.press("u")
            else:
                await pilot.press("j")
        modal = await _apply(pilot, app, screen)
        await pilot.pause()
        body = str(modal.query_one("#confirm-body").render())
        heads = [body.index(h) for h in ("Files retired", "Links rewritten", "Files updated")]
        assert heads == sorted(heads)
        n_retired = len(modal.summary["files_retired"])
        assert f"{n_retired} retired" in str(modal.query_one("#confirm-counts").render())
        box = modal.query_one("#confirm-list")
        assert box.max_scroll_y > 0
        await pilot.press("down", "down")
        assert box.scroll_y == 2
        await pilot.press("pagedown")
        assert box.scroll_y > 2
        # The buttons are above the list: a notification (bottom right) never covers them.
        buttons = modal.query_one("#confirm-buttons").region
        assert buttons.y < box.region.y
        await pilot.press("n")
        assert app.screen is screen


def _grown_group(session) -> tuple[str, int] | None:
    """A group of the default listing that gains a note some `[` presses lower."""
    base = {g.id: set(g.paths) for g in session.groups}
    for presses in range(1, 8):
        lower = session.result.regroup(round(session.threshold - 0.05 * presses, 4))
        for gid, paths in base.items():
            if any(paths < set(g.paths) for g in lower):
                return gid, presses
    return None


async def test_threshold_change_keeps_a_decision_on_its_notes(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_review(pilot)
        s = screen.session
        found = _grown_group(s)
        assert found, "the demo has a group that grows at a lower threshold"
        gid, presses = found
        paths = set(s.group(gid).paths)
        await goto_group(pilot, screen, next(iter(paths)))
        await pilot.press("m")
        await pilot.press(*["left_square_bracket"] * presses)
        grown = next(g for g in s.groups if paths <= set(g.paths))
        assert grown.id != gid and s.status(grown) == "merge"
        joined = set(grown.paths) - paths
        assert any("changed" in n and all(p in n for p in joined) for n in notices(app))
        await goto_group(pilot, screen, next(iter(paths)))
        assert "changed since its decision" in evidence(screen)
        assert store(kb).current()[gid].action == "merge"  # the log still has it
        await pilot.press(*["right_square_bracket"] * presses)
        assert s.status(s.group(gid)) == "merge"


async def _palette(pilot, text: str) -> None:
    """Run a palette entry by typing its name: each step waits for what it needs (the
    palette open, `text` the highlighted match, the palette closed), never a fixed time."""
    app = pilot.app
    await pilot.press("ctrl+p")
    await wait_for(pilot, lambda: CommandPalette.is_open(app), "the palette")
    await pilot.press(*text)

    def highlighted() -> str:
        found = app.screen.query(CommandList)
        if not found or found.first().highlighted is None:
            return ""
        options = found.first()
        return str(options.get_option_at_index(options.highlighted).prompt)

    await wait_for(pilot, lambda: text.lower() in highlighted().lower(), f"{text!r} found")
    await pilot.press("enter")
    await wait_for(pilot, lambda: not CommandPalette.is_open(app), "the palette closed")
    await pilot.pause()


async def test_palette_entries_run_like_their_keys_and_rescan(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_review(pilot)
        await _palette(pilot, "Apply decided groups")
        assert "no group is decided update or merge yet" in notices(app)  # refused alike
        await _palette(pilot, "Skip group")
        assert store(kb).current()[screen.session.groups[0].id].action == "skip"
        await _palette(pilot, "Rescan the project")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen)
                       and app.screen is not screen, "the rescan")
        await pilot.pause()
        assert app.screen.session.decided_count() == 1  # decisions survive a rescan


async def test_the_demo_copy_is_named_in_the_console(kb, embedder):
    from review_app.core.pipeline import ScanOptions
    from review_app.tui.app import ReviewApp

    app = ReviewApp(Project(kb, name="demo"), ScanOptions(), embedder=embedder)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await wait_for_review(pilot)
        subtitle = screen.query_one(GroupTable).border_subtitle
        assert "demo copy:" in subtitle and kb.name in subtitle
