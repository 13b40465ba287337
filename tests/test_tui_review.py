"""The review console driven by Pilot on a real demo copy, the real model and index."""

from __future__ import annotations

from pathlib import Path

import test_tui_helpers as helpers
from test_tui_helpers import (
    make_app,
    merge_keys,
    on_disk,
    settle_detail,
    wait_for,
    wait_for_review,
)

from review_app.core.decisions import DecisionStore
from review_app.core.project import Project
from review_app.tui import warming
from review_app.tui.screens.confirm import ConfirmApply
from review_app.tui.screens.help import HelpScreen
from review_app.tui.screens.review import ReviewScreen
from review_app.tui.widgets.tables import GroupTable, MemberTable

SIZE = (100, 32)
kb = helpers.kb  # fixtures shared by the console tests


def store(root: Path) -> DecisionStore:
    return DecisionStore(Project(root).state)


async def goto_group(pilot, screen: ReviewScreen, path: str) -> None:
    """Put the group cursor on the group holding `path`, by keys (g, then j)."""
    table = screen.query_one(GroupTable)
    index = next(i for i, gid in enumerate(table.group_ids)
                 if path in screen.session.group(gid).paths)
    await pilot.press("g", *["j"] * index)
    await settle_detail(pilot)
    assert screen.group is not None and path in screen.group.paths


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_navigate_groups_and_members(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        table = screen.query_one(GroupTable)
        groups = screen.session.groups
        assert table.row_count == len(groups) >= 9
        scores = [g.score for g in groups]
        assert scores == sorted(scores, reverse=True)  # sorted by score
        assert app.focused is table and table.cursor_row == 0
        await pilot.press("j", "j")
        assert table.cursor_row == 2
        await pilot.press("k")
        assert table.cursor_row == 1
        await pilot.press("G")
        assert table.cursor_row == table.row_count - 1
        await pilot.press("g")
        assert table.cursor_row == 0
        # The detail pane follows the cursor: canonical first, then the members.
        await settle_detail(pilot)
        members = screen.query_one(MemberTable)
        assert members.paths == groups[0].paths
        await pilot.press("down")
        await settle_detail(pilot)
        assert members.paths == groups[1].paths
        await pilot.press("tab")
        assert app.focused is members
        assert members.current_path == groups[1].members[0].path  # first member, not canonical
        await pilot.press("left")
        assert app.focused is table
        await pilot.press("right")
        assert app.focused is members
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen is screen


async def test_each_decision_kind_is_saved(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        s = screen.session
        picks = {"u": "engineering/postgres-connection-pooling.md",
                 "m": "engineering/feature_flags_guide.md",
                 "s": "research/interview_synthesis_2026_09.md",
                 "d": "engineering/why-we-left-heroku.md"}
        expected = {}
        for key, path in picks.items():
            await goto_group(pilot, screen, path)
            group = screen.group
            await pilot.press(key)
            expected[group.id] = ({"u": "update", "m": "merge", "s": "skip",
                                   "d": "distinct"}[key], group)
        current = store(kb).current()
        assert set(current) == set(expected)
        for gid, (action, group) in expected.items():
            d = current[gid]
            assert d.action == action
            assert d.canonical == group.canonical
            # Every note of the group is pinned by its hash as it was decided.
            assert d.hashes == {p: s.notes[p].sha256 for p in group.paths}
            assert s.status(group) == action
        table = screen.query_one(GroupTable)
        col = GroupTable.STATUS_COLUMN
        shown = {table.group_ids[r]: str(table.get_row_at(r)[col]) for r in range(table.row_count)}
        assert {gid: shown[gid] for gid in expected} == {g: a for g, (a, _) in expected.items()}


async def test_undo_takes_back_the_last_decision(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        await pilot.press("u")  # first group: decided, cursor advances
        first = screen.session.groups[0].id
        await pilot.press("s")
        second = screen.session.groups[1].id
        assert set(store(kb).current()) == {first, second}
        await pilot.press("z")
        assert set(store(kb).current()) == {first}
        assert screen.session.status(screen.session.group(second)) == ""
        assert screen.group.id == second  # the cursor goes to what was undone
        await pilot.press("z")
        assert store(kb).current() == {}
        await pilot.press("z")  # nothing left: refused, said so
        assert "nothing to undo" in notices(app)


async def test_resume_after_restart_and_changed_note_comes_back(kb, embedder):
    decided = {}
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        for key in ("u", "m", "d"):
            decided[screen.group.id] = ({"u": "update", "m": "merge", "d": "distinct"}[key],
                                        list(screen.group.paths))
            await pilot.press(key)
        await pilot.press("q")
    assert app.return_code == 0

    app = make_app(kb, embedder)  # a new console on the same project
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        s = screen.session
        for gid, (action, _paths) in decided.items():
            if action == "distinct":  # remembered: never proposed again
                assert s.group(gid) is None
            else:
                assert s.status(s.group(gid)) == action
        assert s.decided_count() == 2
        assert "2 decided" in str(screen.query_one("#status").render())
        await pilot.press("q")

    # A note of the update group changes on disk: that group comes back undecided.
    gid, (_action, paths) = next(iter(decided.items()))
    note = kb / paths[-1]
    note.write_text(note.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        s = screen.session
        assert gid not in s.decisions
        group = next(g for g in s.groups if set(g.paths) == set(paths))
        assert s.status(group) == ""
        assert s.decided_count() == 1


async def test_threshold_keys_regroup_without_rescanning(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        s = screen.session
        result = s.result
        base = s.threshold
        before = len(s.groups)
        table = screen.query_one(GroupTable)
        presses = 0
        while table.row_count == before and presses < 20:  # up until a pair drops out
            await pilot.press("right_square_bracket")
            presses += 1
        assert s.threshold == round(base + 0.05 * presses, 4)
        assert screen.result is result  # same scan: regrouped from its pairs
        higher = result.regroup(s.threshold)
        assert [g.id for g in s.groups] == [g.id for g in higher]
        assert table.row_count == len(higher) < before
        assert all(g.score >= s.threshold for g in s.groups)
        for _ in range(presses):
            await pilot.press("left_square_bracket")
        assert s.threshold == base and table.row_count == before


async def test_filter_by_text(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        table = screen.query_one(GroupTable)
        total = table.row_count
        await pilot.press("slash", *"heroku", "enter")
        shown = [screen.session.group(gid) for gid in table.group_ids]
        assert 1 <= len(shown) < total
        for g in shown:
            text = " ".join([screen.session.notes[p].title + " " + p for p in g.paths]).lower()
            assert "heroku" in text
        assert app.focused is table
        await pilot.press("escape")
        assert table.row_count == total


async def test_disabled_actions_are_refused(kb, embedder):
    # Make both notes of a group important: nothing may be retired, so u/m are refused.
    v2 = kb / "engineering/db_migration_policy_v2.md"
    v2.write_text(v2.read_text(encoding="utf-8").replace("---\n", "---\nimportant: true\n", 1),
                  encoding="utf-8")
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        await goto_group(pilot, screen, "engineering/db_migration_policy_v2.md")
        group = screen.group
        assert all(screen.session.notes[p].important for p in group.paths)
        assert screen.check_action("decide", ("update",)) is None  # shown disabled
        await pilot.press("u", "m")
        assert store(kb).current() == {}
        assert any("important notes are never retired" in n for n in notices(app))
        await pilot.press("s")  # skipping is still possible
        assert store(kb).current()[group.id].action == "skip"

        # `c` on the canonical itself, `x` on a two-note group.
        await goto_group(pilot, screen, "engineering/postgres-connection-pooling.md")
        await pilot.press("tab", "k")  # member list, onto the canonical row
        assert screen.member == screen.group.canonical
        assert screen.check_action("canonical", ()) is None
        await pilot.press("c")
        assert "this note is already the canonical" in notices(app)
        await pilot.press("j", "x")
        assert len(screen.group.paths) == 2 and not screen.session.removed.get(screen.group.id)
        assert any("a group needs two notes" in n for n in notices(app))


async def test_make_member_canonical_and_take_one_out(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        three = next(g for g in screen.session.groups if len(g.paths) == 3)
        await goto_group(pilot, screen, three.paths[0])
        old_canonical = screen.group.canonical
        await pilot.press("tab")  # on the first member
        new_canonical = screen.member
        await pilot.press("c")
        group = screen.group
        assert group.id == three.id and group.canonical == new_canonical
        assert group.canonical_reason == "chosen by you"
        assert old_canonical in [m.path for m in group.members]
        members = screen.query_one(MemberTable)
        assert members.current_path == new_canonical  # the cursor stays on that note
        # Take the old canonical out, then decide: the decision carries both choices.
        await pilot.press(*["j"] * members.paths.index(old_canonical))
        assert screen.member == old_canonical
        await pilot.press("x")
        assert old_canonical not in screen.query_one(MemberTable).paths
        await pilot.press("shift+tab", "m")
        d = store(kb).current()[three.id]
        assert (d.action, d.canonical, d.removed) == ("merge", new_canonical, [old_canonical])
        doc = screen.session.plan_document()
        planned = next(g for g in doc["groups"] if g["id"] == three.id)
        assert planned["action"] == "merge" and planned["canonical"] == new_canonical
        assert old_canonical not in [m["path"] for m in planned["members"]]


async def test_apply_through_the_confirmation_modal(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        await pilot.press("a")
        assert "no group is decided update or merge yet" in notices(app)
        await goto_group(pilot, screen, "engineering/pgbouncer_setup_notes.md")
        group = screen.group
        kept = screen.session.kept(group)[0]  # the file written; every other one retires
        retired = sorted(p for p in group.paths if p != kept)
        await pilot.press("u", "a")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmApply), "the confirm modal")
        modal = app.screen
        assert modal.summary["files_retired"] == retired
        assert modal.summary["files_updated"]  # the canonical and/or the linking notes
        linked = {x["path"] for x in modal.summary["links_rewritten"]}
        assert linked  # notes that linked to the retired note get their links rewritten
        shown = str(modal.query_one("#confirm-list").children[0].render())
        for path in [*retired, *linked]:
            assert path in shown
        await pilot.press("n")  # cancel: nothing changes
        assert all((kb / p).exists() for p in retired)
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmApply), "the confirm modal")
        await pilot.press("y")
        await helpers.wait_for_rescan(pilot, screen)
        assert not any((kb / p).exists() for p in retired)
        assert (kb / kept).exists()
        new = app.screen.session
        assert all(p not in new.notes for p in retired)
        assert group.id not in {g.id for g in new.groups}
        for path in linked:
            text = (kb / path).read_text(encoding="utf-8")
            for gone in retired:  # every link names the kept note now (whose title
                # may be the retired one's: the newest renamed the note, merge/title.py)
                title = screen.session.notes[gone].title
                assert title == new.notes[kept].title or f"[[{title}]]" not in text
                assert Path(gone).stem not in text
        history = store(kb).history()
        assert history[-1]["action"] == "applied" and history[-1]["group_id"] == group.id
        assert any(n.startswith("1 group(s)") for n in notices(app))


async def test_canonical_choice_and_removal_survive_a_restart(kb, embedder):
    """`c` and `x` are saved as they are made, before any decision: quitting keeps them."""
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        three = next(g for g in screen.session.groups if len(g.paths) == 3)
        await goto_group(pilot, screen, three.paths[0])
        await pilot.press("tab")
        chosen = screen.member
        await pilot.press("c")
        members = screen.query_one(MemberTable)
        kept = screen.session.kept(screen.group)[0]  # x never takes out the kept file
        out = next(p for p in members.paths if p not in (chosen, kept))
        steps = members.paths.index(out) - members.cursor_row
        await pilot.press(*(["j"] * steps if steps > 0 else ["k"] * -steps), "x")
        assert screen.session.removed[three.id] == [out]
        await pilot.press("q")
    assert store(kb).current() == {}  # nothing decided

    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        group = screen.session.group(three.id)
        assert group.canonical == chosen and group.canonical_reason == "chosen by you"
        assert screen.session.removed[three.id] == [out]
        await goto_group(pilot, screen, chosen)
        assert out not in screen.query_one(MemberTable).paths
        await pilot.press("z")  # nothing to undo in this session: the edits stay
        assert "nothing to undo" in notices(app)
        await pilot.press("q")

    # A note of the group changes: the edits no longer apply, like a decision.
    note = kb / out
    note.write_text(note.read_text(encoding="utf-8") + "\nChanged.\n", encoding="utf-8")
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        group = screen.session.group(three.id)
        assert group.canonical_reason != "chosen by you"
        assert not screen.session.removed.get(three.id)


async def test_undoing_an_edit_is_saved_too(kb, embedder):
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        three = next(g for g in screen.session.groups if len(g.paths) == 3)
        automatic = three.canonical
        await goto_group(pilot, screen, three.paths[0])
        await pilot.press("tab", "c", "z")
        assert screen.session.group(three.id).canonical == automatic
        await pilot.press("q")
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        assert screen.session.group(three.id).canonical == automatic


async def test_moves_in_quick_succession_defer_the_detail(kb, embedder):
    """Held keys only move the cursor; the detail follows once, and an action never acts
    on the previous group's member list."""
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        table = screen.query_one(GroupTable)
        shown = []
        original = screen.show_group

        def counting(*args, **kwargs):
            shown.append(table.current_id)
            return original(*args, **kwargs)

        screen.show_group = counting
        await pilot.press("j", "j", "j", "j")
        await settle_detail(pilot)
        assert shown[-1] == table.current_id == screen.session.groups[4].id
        assert screen.query_one(MemberTable).paths == screen.session.groups[4].paths
        await pilot.press("k", "k", "tab")  # focusing the member list brings it up to date
        assert screen.query_one(MemberTable).paths == screen.session.groups[2].paths


def _unit_keys(screen: ReviewScreen, group) -> list[bytes]:
    from review_app.core.merging import prefetch_texts
    from review_app.core.unit_vectors import UnitVectors

    notes = [screen.session.notes[p] for p in screen.session.in_group(group)]
    return sorted({UnitVectors._key(t) for t in prefetch_texts(notes)})


async def test_warm_ahead_embeds_the_next_groups_units_unvisited(kb, embedder):
    from review_app.core.embedding import DEFAULT_MODEL
    from review_app.core.unit_store import UNITS_FILE, UnitStore

    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        table = screen.query_one(GroupTable)
        assert table.cursor_row == 0 and len(screen.view.rows) >= 3
        later = [_unit_keys(screen, g) for g in screen.view.rows[1:3]]
        disk = UnitStore(Project(kb).state / UNITS_FILE)  # read as another process would

        def warm() -> bool:
            return all(len(disk.get(DEFAULT_MODEL, keys)) == len(keys) for keys in later)

        await wait_for(pilot, warm, "the next groups' unit vectors on disk", limit=90)
        assert table.cursor_row == 0  # nobody moved there
        # Once the warm-ahead is done, the preview of the next group embeds nothing.
        await wait_for(pilot, lambda: not [w for w in app.workers if w.group == "warm"
                                           and not w.is_finished], "the warm-ahead", limit=90)
        before = screen.vectors.embedded
        await pilot.press("j")
        await settle_detail(pilot)
        await pilot.press("v")
        await helpers.preview_composed(pilot)
        assert screen.query_one("#preview").written
        assert screen.vectors.embedded == before


async def test_the_load_embeds_the_first_groups_merge_units_before_the_table(kb, embedder):
    """The console's load composes the first listed groups' merges once after its scan:
    when the table shows, every text a merge of the second group embeds is on disk
    already (the warm-up has not reached that group yet), so `j v` at once has no model
    on its path."""
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, ReviewScreen),
                       "the review screen")
        stored = on_disk(kb)
        screen = app.screen
        await wait_for(pilot, lambda: len(screen.view.rows) >= 2, "the table")
        asked = merge_keys(screen, 1)
        assert asked and asked <= stored


async def test_v_on_a_group_the_warm_up_composed_paints_its_kept_result(kb, embedder):
    """The warm-up composes the next groups' merge results as the preview would and keeps
    them: `v` there paints the kept result (no compose), and apply writes exactly it."""
    import re

    from review_app.tui.widgets.merge_view import compose_written

    unstamped = lambda text: re.sub(r"(?m)^modified: .*$", "modified: <t>", text)  # noqa: E731
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        await wait_for(pilot, lambda: not [w for w in app.workers if w.group == "warm"
                                           and not w.is_finished], "the warm-ahead", limit=120)
        await pilot.press("j")
        await settle_detail(pilot)
        group = screen.group
        kept = screen.session.kept(group)[0]
        composes = [w for w in app.workers if w.group == "preview"]
        await pilot.press("v")
        await helpers.preview_composed(pilot)
        written = screen.query_one("#preview").written
        assert written and screen.results.hits == 1
        assert [w for w in app.workers if w.group == "preview"] == composes  # none started
        fresh = compose_written(screen.view.preview_request(group, None))
        assert unstamped(fresh.text) == unstamped(written)
        await pilot.press("m", "a")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmApply), "the confirm modal")
        await pilot.press("y")
        await helpers.wait_for_rescan(pilot, screen)
    assert unstamped((kb / kept).read_text(encoding="utf-8")) == unstamped(written)


async def test_v_during_the_warm_ups_compose_waits_for_it_instead_of_composing_again(
        kb, embedder, monkeypatch):
    """`v` on the group whose result the warm-up is composing: the preview takes that
    result (its compose raised to the preview's priority), the group is composed once."""
    import threading

    from review_app.tui.widgets import merge_view
    from review_app.tui.widgets import preview as preview_module

    real = merge_view.compose_written
    calls: list[tuple[str, str | None, bool]] = []
    pressed = threading.Event()

    def counted(request, vectors=None, cancelled=None, priority=None):
        warm = cancelled is None  # the warm-up composes through its own view
        calls.append((request.mode, request.group_id, warm))
        if warm:  # held until `v` is pressed, however slow the machine (no race)
            pressed.wait(timeout=60)
        return real(request, vectors, cancelled, priority)

    monkeypatch.setattr(merge_view, "compose_written", counted)
    monkeypatch.setattr(preview_module, "compose_written", counted)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        group = screen.group
        request = screen.view.preview_request(group, None, "merge")
        await wait_for(pilot, lambda: screen.results.flight(request) is not None,
                       "the warm-up composing the group's merge", limit=60)
        await pilot.press("v")
        await pilot.pause(0.2)  # the preview finds the flight and waits for it
        pressed.set()
        await helpers.preview_composed(pilot)
        assert screen.query_one("#preview").written
    assert [c for c in calls if c[:2] == ("merge", group.id)] == [("merge", group.id, True)]


async def test_the_warm_up_composes_the_next_groups_merge_before_any_update(
        kb, embedder, monkeypatch):
    """`v` shows the merge; the update needs a second `v`. The warm-up composes every
    group's merge before any group's update, so an update's Python is not in the way of
    the next group's merge (before: the settled group's merge, its update, then the next)."""
    from review_app.tui.screens import background_work
    from review_app.tui.widgets import merge_view

    real = merge_view.compose_written
    calls: list[tuple[str, str | None]] = []

    def counted(request, vectors=None, cancelled=None, priority=None):
        if cancelled is None:  # the warm-up composes through its own view
            calls.append((request.mode, request.group_id))
        return real(request, vectors, cancelled, priority)

    monkeypatch.setattr(merge_view, "compose_written", counted)
    monkeypatch.setattr(background_work, "WARM_AHEAD", 1)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        first, second = (r.id for r in screen.view.rows[:2])
        await wait_for(pilot, lambda: not [w for w in app.workers if w.group == "warm"
                                           and not w.is_finished], "the warm-ahead", limit=120)
    assert calls == [("merge", first), ("merge", second), ("update", first),
                     ("update", second)]


async def test_a_corrupt_unit_cache_leaves_preview_equal_to_what_apply_writes(kb, embedder):
    import re

    from review_app.core.unit_store import UNITS_FILE

    cache = Project(kb).state / UNITS_FILE
    cache.write_bytes(b"\x00garbage, not SQLite\n" * 300)
    unstamped = lambda text: re.sub(r"(?m)^modified: .*$", "modified: <t>", text)  # noqa: E731
    app = make_app(kb, embedder)
    told: list[str] = []  # every notification, expired or not (toasts time out)
    real_notify = app.notify
    app.notify = lambda message, **kw: told.append(message) or real_notify(message, **kw)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        await goto_group(pilot, screen, "engineering/pgbouncer_setup_notes.md")
        group = screen.group
        kept = screen.session.kept(group)[0]
        await pilot.press("v")
        await helpers.preview_composed(pilot)
        written = screen.query_one("#preview").written
        assert written and written.startswith("---\n")
        await pilot.press("m", "a")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmApply), "the confirm modal")
        await pilot.press("y")
        await helpers.wait_for_rescan(pilot, screen)
        said = [n for n in told if "unit-vector cache" in n]
    assert unstamped((kb / kept).read_text(encoding="utf-8")) == unstamped(written)
    assert len(said) == 1 and str(cache) in said[0]
    assert cache.read_bytes().startswith(b"\x00garbage")  # left as it was



async def test_quit_during_a_warm_up_stops_its_threads_promptly(kb, embedder, monkeypatch):
    """`q` while the warm-ups embed: their threads stop within the chunk they are in (at
    exit the thread pool joins its threads, so a warm-up that ignored the cancel would
    hold the process for the rest of its groups)."""
    import threading
    import time

    from test_unit_vectors import Counting

    import review_app.core.unit_vectors as uv
    from review_app.tui.screens import background_work

    class Slowed(Counting):
        """The real unit model, half a second slower a call, two texts a call: one group
        costs a dozen calls or more, a cancelled warm-up finishes the one it is in."""

        def embed(self, texts, progress=None):
            with self.lock:
                self.calls.append(len(texts))
            time.sleep(0.5)
            return self.inner.embed(texts, progress)

    slowed = Slowed()
    monkeypatch.setattr(uv, "_unit_embedder", slowed)
    monkeypatch.setattr(uv, "BACKGROUND_CHUNK", 2)
    # A cold memory, so the warm-ups have real work (other tests fill the shared one).
    monkeypatch.setattr(uv, "_memory", uv._Memory())
    monkeypatch.setattr(uv, "_shared", {})
    # No load before the table (warming.group_units): the demo's groups all fit its
    # budget, which would leave the warm-ups nothing to embed; past the budget (a big
    # project) they are what embeds, and what this test is about.
    monkeypatch.setattr(warming, "LOAD_TEXTS", 0)
    running, lock = [0], threading.Lock()
    real_warm = background_work.warm

    def counted(*args, **kwargs) -> None:
        with lock:
            running[0] += 1
        try:
            real_warm(*args, **kwargs)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(background_work, "warm", counted)
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_review(pilot)
        await wait_for(pilot, lambda: slowed.calls and running[0] > 0,
                       "a warm-up embedding", limit=30)
        await pilot.press("q")
        quit_at, calls_at_quit = time.monotonic(), len(slowed.calls)
    while running[0] and time.monotonic() < quit_at + 4.0:
        time.sleep(0.05)
    assert running[0] == 0, "a warm worker still runs after quit"
    # No new call once quit: at most one per warm thread that was just starting one.
    assert len(slowed.calls) <= calls_at_quit + 2
    assert app.return_code == 0


async def test_warm_ups_keep_at_most_one_batch_in_the_model(kb, embedder, monkeypatch):
    """The settled group's warm-up and the next groups' run in one thread, one batch
    after another: a `v` pressed at any moment waits for one running batch at most (a
    running batch cannot be interrupted), never for one of each of two warm-ups."""
    import time

    from test_unit_vectors import Counting

    import review_app.core.unit_vectors as uv

    class Overlaps(Counting):
        """The real unit model, a little slower a call, noting calls that overlap."""

        def __init__(self) -> None:
            super().__init__()
            self.running = 0
            self.most = 0

        def embed(self, texts, progress=None):
            with self.lock:
                self.calls.append(len(texts))
                self.running += 1
                self.most = max(self.most, self.running)
            try:
                time.sleep(0.05)
                return self.inner.embed(texts, progress)
            finally:
                with self.lock:
                    self.running -= 1

    model = Overlaps()
    monkeypatch.setattr(uv, "_unit_embedder", model)
    monkeypatch.setattr(uv, "BACKGROUND_CHUNK", 2)
    monkeypatch.setattr(uv, "_memory", uv._Memory())  # cold: the warm-ups have work
    monkeypatch.setattr(uv, "_shared", {})
    monkeypatch.setattr(warming, "LOAD_TEXTS", 0)  # no load before the table: see above
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for_review(pilot)
        await wait_for(pilot, lambda: len(model.calls) >= 40, "forty warm-up batches",
                       limit=60)
        await pilot.press("q")
    assert model.most == 1



async def test_a_skip_of_this_sitting_is_not_taken_for_another_consoles_decision(kb, embedder):
    # A skip holds for the sitting that made it; the check for other writers must read the
    # log the same way, or every `s` looks like a change made elsewhere and the panes reset.
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        await pilot.press("s")
        await wait_for(pilot, lambda: store(kb).current(), "the skip on disk")
        assert not screen.outside.decisions_changed(screen._known())
