"""`bm-review --since`: the console lists the audit window's groups first, marked."""

from __future__ import annotations

import datetime as dt

import test_tui_helpers as helpers
from test_tui_helpers import edit_note, make_app, settle_detail, wait_for, wait_for_review

from review_app.cli import build_parser
from review_app.commands.scan import options_from_args
from review_app.core.audit import AuditHistory
from review_app.core.strategies import Target
from review_app.tui.screens.review import ReviewScreen
from review_app.tui.widgets.tables import GroupTable

SIZE = (100, 32)
kb = helpers.kb

# Every demo date is before this; the fixture sets file times to 2026-06-01.
SINCE = "2026-10-01"
TOUCHED = "research/hosting-platform-evaluation.md"  # the Heroku pair: its weakest group


async def test_window_groups_come_first_and_are_marked(kb, embedder):
    edit_note(kb, TOUCHED)  # an agent rewrote it just now
    app = make_app(kb, embedder, since=SINCE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        s = screen.session
        assert s.window == {TOUCHED}
        first = s.groups[0]
        assert TOUCHED in first.paths and s.is_new(first)
        assert [g for g in s.groups if s.is_new(g)] == [first]  # exactly one group
        rest = [g.score for g in s.groups[1:]]
        assert rest == sorted(rest, reverse=True)  # then the scan's other groups by score
        # Without the window the same group is not first: the order is the audit's doing.
        assert s.result.regroup(s.threshold)[0].id != first.id
        table = screen.query_one(GroupTable)
        assert table.group_ids[0] == first.id
        assert str(table.get_row_at(0)[2]).startswith("✦ ")
        assert not any(str(table.get_row_at(r)[1]).startswith("✦")
                       for r in range(1, table.row_count))
        assert "since 2026-10-01" in app.sub_title
        assert "1 new in the window" in str(screen.query_one("#status").render())
        # Threshold changes keep the window's groups first.
        await pilot.press("left_square_bracket")
        assert s.is_new(s.groups[0]) and TOUCHED in s.groups[0].paths


async def test_without_changes_in_the_window_nothing_is_marked(kb, embedder):
    app = make_app(kb, embedder, since=SINCE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        assert screen.session.window == set() and screen.session.new_count() == 0
        scores = [g.score for g in screen.session.groups]
        assert scores == sorted(scores, reverse=True)
        assert "0 new in the window" in str(screen.query_one("#status").render())


async def test_the_console_audit_is_recorded_once_and_shows_the_history(kb, embedder):
    earlier = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(seconds=5)
    edit_note(kb, TOUCHED, earlier)  # audit times are kept to the second
    history = AuditHistory(kb / ".bm-review")
    app = make_app(kb, embedder, since=SINCE)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        [rec] = history.records()  # like `bm-review audit`, so `--since last` counts it
        assert rec["counts"]["anchors"] == 1 and rec["counts"]["new_groups"] == 1
        assert TOUCHED in next(iter(rec["groups"].values()))["paths"]
        summary = screen.query_one(GroupTable).border_subtitle
        assert "audit: 1 new, 0 open" in summary and "previous audit" not in summary
        title, before = app.sub_title, app.screen
        app.rescan()  # after an apply: the same console run, not a second audit
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen)
                       and app.screen is not before, "the re-scan's review")
        await pilot.pause()
        screen = app.screen
        assert len(history.records()) == 1
        # Its own record neither moves the window nor makes its group an open one.
        assert screen.session.window == {TOUCHED} and app.sub_title == title
        assert screen.query_one(GroupTable).border_subtitle == summary
    again = make_app(kb, embedder, since="last")
    async with again.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        summary = screen.query_one(GroupTable).border_subtitle
        assert f"previous audit {rec['time'][:16].replace('T', ' ')}" in summary
        # Nothing changed since: the group is open from the first audit, not new.
        assert screen.session.window == set() and "0 new, 1 open" in summary
        assert "--since last" in again.sub_title
        # ...and listed first, marked as open.
        s = screen.session
        first = s.groups[0]
        assert TOUCHED in first.paths and s.is_carried(first) and not s.is_new(first)
        assert [g.id for g in s.groups if s.is_carried(g)] == [first.id]
        assert str(screen.query_one(GroupTable).get_row_at(0)[2]).startswith("◷ ")
        assert "◷ 1 open" in str(screen.query_one("#status").render())
    assert len(history.records()) == 2


async def test_a_member_whose_frontmatter_contradicts_the_canonical_is_flagged(kb, embedder):
    text = (kb / "people/priya-nair.md").read_text(encoding="utf-8")
    assert "type: person" in text
    (kb / "projects").mkdir(exist_ok=True)
    (kb / "projects/priya-nair.md").write_text(
        text.replace("type: person", "type: project")
            .replace("permalink: people/priya-nair", "permalink: projects/priya-nair"),
        encoding="utf-8")
    app = make_app(kb, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        s = screen.session
        group = next(g for g in s.groups if "projects/priya-nair.md" in g.paths)
        member = next(p for p in group.paths if p != group.canonical)
        assert s.conflicts(group, member) and s.conflicts(group, group.canonical) == []
        screen.query_one(GroupTable).select_id(group.id)
        await settle_detail(pilot)
        evidence = str(screen.query_one("#evidence-body").render())
        assert "frontmatter differs from the canonical: type:" in evidence


def test_console_scope_and_window_options_reach_the_scan():
    _, console = build_parser()
    args = console.parse_args(["some/project", "--since", "7d", "--folder", "engineering/",
                               "--type", "note", "--folder", "research"])
    assert args.since == "7d"
    assert options_from_args(args).target == Target(folders=("engineering", "research"),
                                                    types=("note",))


def test_console_refuses_a_bad_window(demo_kb, capsys):
    from review_app.cli import main

    assert main([str(demo_kb), "--since", "yesterday-ish"]) == 2  # a usage error
    assert "--since 'yesterday-ish'" in capsys.readouterr().err
