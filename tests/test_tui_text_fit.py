"""What the console writes into narrow columns and its key tables, without a terminal."""

from __future__ import annotations

from review_app.core.notes import parse_note
from review_app.tui.actions import bindings, help_rows, palette_entries
from review_app.tui.widgets.preview import line_diff
from review_app.tui.widgets.tables import clip_path

A = "engineering/postmortem-2026-07-12-queue-backlog.md"
B = "engineering/postmortem_queue_backlog_copy.md"


def test_two_members_stay_apart_in_a_narrow_column():
    for width in (8, 12, 14, 16, 20, 30):
        a, b = clip_path(A, width), clip_path(B, width)
        assert len(a) <= width and len(b) <= width and a != b
        assert a.startswith("e/p") and a.endswith("log")  # both ends, the middle cut
    assert clip_path(A, len(A)) == A
    assert clip_path("notes/a.md", 8) == "n/a.md"  # folders shrink before the name


def test_the_diff_header_keeps_each_path_on_one_line():
    old = parse_note(A, b"# Queue backlog\n\nWorkers stalled.\n")
    new = parse_note(B, b"# Queue backlog\n\nWorkers stalled for an hour.\n")
    header = line_diff(old, new, width=36).plain.splitlines()[:2]
    assert all(len(line) <= 36 for line in header)
    assert header[0].endswith(" (canonical)") and header[1].endswith("copy.md")


def test_help_and_quit_come_first_in_the_footer():
    shown = [b.action for b in bindings() if b.show]
    assert shown[:2] == ["help", "app.quit"]


def test_palette_and_help_words_say_what_each_key_does():
    palette = {a.title: a.help for a in palette_entries()}
    assert " up" not in palette["Threshold down"] and " down" not in palette["Threshold up"]
    keys = [k for section in ("Move", "Decide", "Proposals", "Finish")
            for k, _ in help_rows(section)]
    assert "palette" not in keys  # a key column names keys
