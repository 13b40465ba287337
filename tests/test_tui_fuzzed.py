"""What a fuzzing pass of the console found, each failing before: a title with a stray
closing markup tag stopped the console (`MarkupError` from the group table's repaint), and
"[bold]Kite[/] repairs" showed as "Kite repairs" (a DataTable reads a plain string as Rich
markup; titles, paths and evidence come from the notes, proposals from agents); an editor
that saved an empty buffer made merge empty the kept file and retire the other; an apply
that wrote nothing said "Undo: bm-review undo None". A kite shop's notes."""

from __future__ import annotations

import sys
from pathlib import Path

from test_tui_helpers import make_app, preview_composed, wait_for, wait_for_review

from review_app.tui.screens.confirm import ConfirmApply
from review_app.tui.widgets.tables import GroupTable

SIZE = (120, 40)
BODY = """# {title}

Kites come back for repair on Mondays; Priya logs each one in the repair book and quotes
within {days} days. Spars are replaced with carbon, never fibreglass.

## Steps

1. Check the sail for tears and the bridle for wear.
2. Replace broken spars and retie the bridle to the original marks.
3. Fly-test on the beach before the customer collects.
"""


def _shop(root: Path, title: str) -> Path:
    root.mkdir(parents=True)
    for name, when, days, suffix in (("repairs.md", "2025-03-01", 5, ""),
                                     ("repairs-2.md", "2025-09-01", 7, " (updated)")):
        (root / name).write_text(
            f"---\ntitle: '{title}{suffix}'\ntype: note\nmodified: {when}\n---\n\n"
            + BODY.format(title=title + suffix, days=days), encoding="utf-8")
    for i, topic in enumerate(("Stock count", "Shop opening hours", "Beach safety rules")):
        (root / f"other-{i}.md").write_text(
            f"---\ntitle: {topic}\ntype: note\n---\n\n# {topic}\n\n{topic} of the kite shop: "
            f"{'kept on the office wall' if i else 'done on the last Friday'}, signed by "
            f"{['Tom', 'Ama', 'Lee'][i]}.\n", encoding="utf-8")
    return root


async def test_titles_are_shown_as_written_however_they_look_like_markup(tmp_path, embedder):
    for k, title in enumerate(("Invoice [/bold] stray", "[bold]Kite[/] repairs")):
        app = make_app(_shop(tmp_path / f"kb{k}", title), embedder)
        async with app.run_test(size=SIZE) as pilot:
            screen = await wait_for_review(pilot)
            await pilot.press("j", "k")
            await pilot.pause(0.3)
            table = screen.query_one(GroupTable)
            cell = table.get_row_at(0)[2]
            assert str(cell).startswith(title), cell  # failed before: crashed, or "Kite"


async def test_an_emptied_editor_buffer_changes_nothing(tmp_path, embedder, monkeypatch):
    script = tmp_path / "empty.py"
    script.write_text("import sys\nopen(sys.argv[1], 'w').close()\n", encoding="utf-8")
    monkeypatch.setenv("VISUAL", f"{sys.executable} {script}")
    app = make_app(_shop(tmp_path / "kb", "Kite repairs"), embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        await pilot.press("v")
        await preview_composed(pilot)
        await pilot.press("e")
        await pilot.pause(0.5)
        assert screen.session.text_of(screen.group) is None  # failed before: ""
        assert any("empty note; nothing changed" in n.message for n in app._notifications)


async def test_an_apply_that_wrote_nothing_names_no_undo(tmp_path, embedder):
    root = _shop(tmp_path / "kb", "Kite repairs")
    app = make_app(root, embedder)
    async with app.run_test(size=SIZE) as pilot:
        screen = await wait_for_review(pilot)
        kept = screen.session.kept(screen.group)[0]
        other = next(p for p in screen.group.paths if p != kept)
        await pilot.press("m")
        with open(root / other, "a", encoding="utf-8") as f:
            f.write("\nA line written beside the console.\n")
        await pilot.press("a")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmApply), "the confirmation")
        await pilot.press("y")
        await wait_for(pilot, lambda: any(n.title == "Applied" for n in app._notifications),
                       "the apply's report")
        said = [n.message for n in app._notifications if n.title == "Applied"]
    assert not any("undo None" in m for m in said), said
    assert any("nothing to undo" in m for m in said), said
    assert "A line written beside the console." in (root / other).read_text(encoding="utf-8")
