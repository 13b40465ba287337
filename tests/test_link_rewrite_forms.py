"""Links to a retired note, in the notes outside its group, as basic-memory reads them
(a fuzzing pass of link rewriting, each checked against basic-memory 0.24.1's index):
Markdown links by path are rewritten to the kept file's path, anchors kept; a kept
title a [[link]] cannot hold is written as its permalink; a relation line saying more
than the relation is never deleted; links in HTML comments are no links; a name
basic-memory reads as another note's permalink is that note's link; and the dry run
shows a CRLF or byte-order-marked note's change as the lines it changes."""

from __future__ import annotations

from pathlib import Path

from helpers_apply import group_doc, plan_doc, write_note

from review_app.core.apply import apply_plan, plan_from_document
from review_app.core.links import note_keys
from review_app.core.merging import link_mapping, rewrite_links_text
from review_app.core.project import Project
from tests.helpers_merge import note

OLD = note("ops/kiln-firing-schedule.md",
           "---\ntitle: Kiln Firing Schedule\npermalink: ops/kiln-firing-schedule\n---\n")
KEPT = note("ops/kiln-schedule.md",
            "---\ntitle: Kiln Schedule\npermalink: ops/kiln-schedule\n---\n")


def _rewrite(text: str, path: str, kept=KEPT, protected=frozenset(), permalinks=frozenset()
             ) -> tuple[str, int]:
    mapping = link_mapping({OLD.path: OLD}, {OLD.path: kept}, set(protected), set(permalinks))
    linker = note(path, text)
    return rewrite_links_text(text, mapping, self_note=linker)


def test_markdown_links_by_path_follow_the_kept_file():
    text = ("---\ntitle: Linker\n---\n\nSee [the schedule](../ops/kiln-firing-schedule.md)"
            " and [loading](../ops/kiln-firing-schedule.md#loading \"Loading\").\n"
            "A [web page](https://example.org/kiln-firing-schedule.md) is not a note.\n")
    out, count = _rewrite(text, "misc/linker.md")
    assert "[the schedule](../ops/kiln-schedule.md)" in out
    assert "[loading](../ops/kiln-schedule.md#loading \"Loading\")" in out
    assert "(https://example.org/kiln-firing-schedule.md)" in out and count == 2
    # from the same folder, and from the project's root
    assert "[x](kiln-schedule.md)" in _rewrite(
        "[x](kiln-firing-schedule.md)\n", "ops/rota.md")[0]
    assert "[x](ops/kiln-schedule.md)" in _rewrite(
        "[x](ops/kiln-firing-schedule.md)\n", "index.md")[0]


def test_a_title_a_link_cannot_hold_is_written_as_the_permalink():
    kept = note("n/build-deploy.md",
                "---\ntitle: Build | Deploy checklist\npermalink: n/build-deploy\n---\n")
    out, _ = _rewrite("- deploy [[Kiln Firing Schedule]]\nSee [[Kiln Firing Schedule|it]].\n",
                      "n/index.md", kept=kept)
    assert "- deploy [[n/build-deploy]]" in out and "[[n/build-deploy|it]]" in out


def test_a_relation_saying_more_is_kept_and_a_comment_is_no_link():
    text = ("## Relations\n- relates_to [[Kiln Schedule]]\n"
            "- relates_to [[Kiln Firing Schedule]] (the old one)\n"
            "<!-- [[Kiln Firing Schedule]] in a comment -->\n"
            "<!-- a comment\nover [[Kiln Firing Schedule]] two lines -->\n"
            "After it, [[Kiln Firing Schedule]].\n")
    out, count = _rewrite(text, "misc/linker.md")
    assert "- relates_to [[Kiln Schedule]] (the old one)" in out
    assert "<!-- [[Kiln Firing Schedule]] in a comment -->" in out
    assert "over [[Kiln Firing Schedule]] two lines -->" in out
    assert "After it, [[Kiln Schedule]]." in out and count == 2


def test_a_name_another_note_answers_to_as_its_permalink_is_left_alone():
    # basic-memory resolves [[Kiln Firing Schedule]] to the note whose permalink is
    # kiln-firing-schedule before it tries titles: that note's link, which stays
    out, count = _rewrite("See [[Kiln Firing Schedule]] and [[ops/kiln-firing-schedule]].\n",
                          "other/refs.md", protected={"kiln-firing-schedule"},
                          permalinks={"kiln-firing-schedule"})
    assert out == "See [[Kiln Firing Schedule]] and [[Kiln Schedule]].\n" and count == 1


def test_the_dry_run_shows_a_crlf_note_changed_in_its_link_lines_only(tmp_path: Path):
    root = tmp_path / "kb"
    write_note(root, "ops/kiln-schedule.md", "Kiln Schedule",
               "# Kiln Schedule\n\nFire on Mondays at 900C.\n", modified="2026-05-01")
    write_note(root, "ops/kiln-firing-schedule.md", "Kiln Firing Schedule",
               "# Kiln Firing Schedule\n\nFire on Mondays at 900C.\n", modified="2025-05-01")
    linker = root / "misc/crlf.md"
    linker.parent.mkdir(parents=True)
    linker.write_bytes(b"\xef\xbb\xbf---\r\ntitle: Crlf\r\n---\r\n\r\nOne line.\r\n"
                       b"See [[Kiln Firing Schedule]].\r\nAnother line.\r\n")
    doc = plan_doc(root, group_doc(root, "ops/kiln-schedule.md",
                                   ["ops/kiln-firing-schedule.md"], "update",
                                   keep="ops/kiln-schedule.md"))
    plan = plan_from_document(Project(root), doc)
    shown = plan.diff().split("a/misc/crlf.md", 1)[1].split("\n--- ", 1)[0]
    changed = [ln for ln in shown.splitlines() if ln[:1] in "+-" and ln[:3] not in "+++---"]
    assert changed == ["-See [[Kiln Firing Schedule]].", "+See [[Kiln Schedule]]."], shown
    apply_plan(Project(root), plan)
    assert linker.read_bytes() == (b"\xef\xbb\xbf---\r\ntitle: Crlf\r\n---\r\n\r\nOne line.\r\n"
                                   b"See [[Kiln Schedule]].\r\nAnother line.\r\n")


def test_guards_from_review_of_the_new_forms():
    """An adversarial review: a "<!--" in a code span or mid-line is text, not a comment
    swallowing every later link; a kept file's name with a space is written encoded;
    another note's file name (not its permalink) protects nothing; a relation with a
    context still makes a later bare one a repeat."""
    out, count = _rewrite("Write `<!--` to open a comment.\nSee [[Kiln Firing Schedule]].\n"
                          "A [web](https://x.org/<!--) link, then [[Kiln Firing Schedule]].\n",
                          "misc/a.md")
    assert out.count("[[Kiln Schedule]]") == 2 and count == 2, out
    spaced = note("ops/Kiln Schedule.md", "---\ntitle: Kiln Schedule\npermalink: ops/ks\n---\n")
    assert _rewrite("See [s](kiln-firing-schedule.md).\n", "ops/a.md", kept=spaced)[0] == \
        "See [s](Kiln%20Schedule.md).\n"
    archive = note("archive/kiln-firing-schedule.md",
                   "---\ntitle: Kiln Firing Schedule 2019\n"
                   "permalink: archive/kiln-firing-schedule\n---\n")
    out, count = _rewrite("See [[Kiln Firing Schedule]].\n", "misc/a.md",
                          protected=set(note_keys(archive)),
                          permalinks={archive.permalink.lower()})
    assert out == "See [[Kiln Schedule]].\n" and count == 1
    out, _ = _rewrite("- relates_to [[Kiln Schedule]] (main)\n"
                      "- relates_to [[Kiln Firing Schedule]]\n", "misc/a.md")
    assert out == "- relates_to [[Kiln Schedule]] (main)\n"
