"""Round 40: the newest author's name for the note, and an older section's leftover
line under the newest section its heading clearly names. Each case in a domain no
other merge test uses (a quiz league, a glass blowing studio, a pond dipping group);
the review's guard uses its own example (a swimming club)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from helpers_apply import group_doc, notes_of, plan_doc, tree_hashes, write_note
from helpers_merge import dated, section_of

from review_app.core.apply import apply_plan, plan_from_document, undo_apply
from review_app.core.merging import compose, split_frontmatter
from review_app.core.notes import parse_note
from review_app.core.project import Project

NOW = dt.datetime(2026, 12, 6, 9, 0, 0)
OLD_RULES = ("Teams are of four players.\n\n"
             "Each round has ten questions and answers are handed in on paper.\n")
NEW_RULES = ("Teams are of up to six players.\n\n"
             "Each round has ten questions and answers are handed in on paper.\n")


@pytest.fixture
def quiz(tmp_path: Path) -> Path:
    root = tmp_path / "kb"
    write_note(root, "quiz/quiz-league-rules.md", "Quiz League Rules",
               "# Quiz League Rules\n\n" + OLD_RULES, permalink="quiz/quiz-league-rules",
               modified="2025-02-01")
    write_note(root, "quiz/how-the-quiz-league-works.md", "How the Quiz League Works",
               "# How the Quiz League Works\n\n" + NEW_RULES,
               permalink="quiz/how-the-quiz-league-works", modified="2025-09-14")
    write_note(root, "quiz/captains.md", "Team captains",
               "# Team captains\n\nCaptains read [[Quiz League Rules]] before the season "
               "(also [[quiz/Quiz League Rules|the rules]]).\n\n"
               "## Relations\n\n- follows [[Quiz League Rules]]\n",
               permalink="quiz/captains", modified="2025-03-01")
    return root


def test_the_newest_authors_name_is_written_and_links_to_the_old_one_follow(quiz: Path):
    """Two undated titles: the newest renamed the note for the body written under it.
    The kept file (linked to) keeps its path and permalink; links by the old title
    name the new one; preview is byte for byte what apply writes; undo restores all."""
    before = tree_hashes(quiz)
    notes = notes_of(quiz)
    kept, base = notes["quiz/quiz-league-rules.md"], notes["quiz/how-the-quiz-league-works.md"]
    for action in ("update", "merge"):
        out = compose(action, base, [kept], kept=kept, now=NOW)
        note = parse_note(kept.path, out.text.encode())
        assert note.title == "How the Quiz League Works"  # type: ignore[union-attr]
        assert note.permalink == "quiz/quiz-league-rules"  # type: ignore[union-attr]
        assert split_frontmatter(out.text)[1].startswith("\n# How the Quiz League Works\n")
        assert out.ledger.title == ("Quiz League Rules", "How the Quiz League Works")
    preview = compose("merge", base, [kept], kept=kept, now=NOW)
    project = Project(quiz)
    doc = plan_doc(quiz, group_doc(quiz, base.path, [kept.path], "merge", keep=kept.path))
    plan = plan_from_document(project, doc, now=NOW)
    assert not plan.conflicts
    apply_plan(project, plan)
    assert (quiz / kept.path).read_text(encoding="utf-8") == preview.text
    captains = (quiz / "quiz/captains.md").read_text(encoding="utf-8")
    assert "Quiz League Rules" not in captains
    assert "[[How the Quiz League Works]] before the season" in captains
    assert "[[How the Quiz League Works|the rules]]" in captains
    assert "- follows [[How the Quiz League Works]]" in captains
    undo_apply(project)
    assert tree_hashes(quiz) == before


@pytest.mark.parametrize("old_title,new_title,written", [
    # an established undated name stays over an agent's dated copy of it
    ("Quiz League Rules", "Quiz league rules summary 2025-09", "Quiz League Rules"),
    # a version names the revision the merged note continues
    ("Quiz League Rules (v3)", "How the Quiz League Works", "Quiz League Rules (v3)"),
    # one name, written otherwise: the kept one
    ("Quiz League Rules", "Quiz league - rules", "Quiz League Rules"),
    ("Fees & Memberships", "Fees and memberships", "Fees & Memberships"),
    ("Room booking", "Booking a room", "Room booking"),
    # a narrower or broader name of one subject: the kept name still names the note
    ("Opening Hours", "Christmas opening hours", "Opening Hours"),
    ("Shop Opening Hours", "Opening hours", "Shop Opening Hours"),
    # a placeholder or a file name is no name to rename a note to
    ("Opening Hours", "Untitled", "Opening Hours"),
    ("Opening Hours", "Copy of shop times", "Opening Hours"),
    ("Opening Hours", "shop-times.md", "Opening Hours"),
    # a coming year the undated newest title does not rename
    ("Cave rules 2027", "Caving club safety rules", "Cave rules 2027"),
])
def test_an_established_same_or_placeholder_name_stays(old_title: str, new_title: str,
                                                       written: str):
    kept = dated("quiz/rules.md", old_title, "quiz/rules", OLD_RULES, modified="2025-02-01")
    base = dated("quiz/rules-new.md", new_title, "quiz/rules-new", NEW_RULES,
                 modified="2025-09-14")
    out = compose("merge", base, [kept], kept=kept, now=NOW)
    assert parse_note(kept.path, out.text.encode()).title == written  # type: ignore[union-attr]


def test_an_upsert_keeps_the_existing_notes_name(quiz: Path):
    """In an upsert the base's title is an agent's name for what it writes: the existing
    note's name stays (and no other note is rewritten)."""
    notes = notes_of(quiz)
    kept, base = notes["quiz/quiz-league-rules.md"], notes["quiz/how-the-quiz-league-works.md"]
    out = compose("update", base, [kept], kept=kept, now=NOW, stale_renames=False)
    assert parse_note(kept.path, out.text.encode()).title == "Quiz League Rules"  # type: ignore[union-attr]
    assert out.ledger.title is None


def _studio(second: str):
    older = dated("glass/studio-classes.md", "Glass Studio Classes", "glass/studio-classes",
                  "We teach glass blowing at the Kiln Yard studio.\n\n## Prices\n\n"
                  "| Class | Members | Others |\n|---|---|---|\n| Taster hour | £45 | £50 |\n"
                  "| Paperweight day | £95 | £105 |\n\nGift vouchers for any class are sold "
                  "in the studio shop.\n\nLunch is provided by the studio for every "
                  "student, so mention any dietary needs when you book.\n\n## Safety\n\n"
                  "Closed shoes and cotton clothing are required in the hot shop.\n",
                  modified="2024-03-01")
    newer = dated("glass/glass-blowing-classes.md", "Glass Blowing Classes",
                  "glass/glass-blowing-classes",
                  "We teach glass blowing at the Kiln Yard studio.\n\n## Fees\n\nMembers "
                  "pay £50 for a taster hour and £110 for a paperweight day; others pay £60 "
                  f"and £125.\n\n## {second}\n\nGift vouchers for any class are sold in "
                  "the studio shop.\n\n## Safety\n\nClosed shoes and cotton clothing are "
                  "required in the hot shop.\n", modified="2025-04-01")
    out = compose("merge", newer, [older], kept=newer, now=NOW)
    return split_frontmatter(out.text)[1]


def test_an_older_sections_leftover_line_goes_under_the_newest_section_its_heading_names():
    """An older "## Prices" section: its table the newest's "## Fees" replaced, its
    voucher line the newest states under another heading, and a lunch line nothing
    replaced. The lunch line is written under "## Fees", which "Prices" clearly names
    (cosine 0.61, the next heading 0.22, below the heading pass's bar), not under a
    second price heading beside it."""
    text = _studio("Buying a class as a present")
    assert "## Prices" not in text
    assert section_of(text, "Lunch is provided by the studio") == "## Fees"
    assert "£45" not in text and "£50" in text


def test_a_heading_near_two_newest_headings_keeps_its_own():
    """Guards: "Prices" is 0.61 from "Fees" and 0.33 from "Vouchers", no clear witness,
    so the lunch line keeps its author's heading; a section every line of which is
    carried keeps its heading too."""
    text = _studio("Vouchers")
    assert section_of(text, "Lunch is provided by the studio") == "## Prices"
    older = dated("pond/dipping.md", "Pond Dipping Sessions", "pond/dipping",
                  "## Session times and prices\n\n"
                  "Sessions run at 10am and cost £3 a child.\n\nNets are rinsed in the "
                  "trough by the gate afterwards.\n\n## Wildlife records\n\nNewts are "
                  "counted and returned within five minutes.\n\nSightings go on the "
                  "board in the hut.\n",
                  modified="2024-05-01")
    newer = dated("pond/pond-dipping.md", "Pond Dipping", "pond/pond-dipping",
                  "## Times\n\nSessions run at 10am and 2pm.\n\n"
                  "## Prices\n\nEach child pays £4.\n", modified="2025-05-01")
    text = split_frontmatter(compose("merge", newer, [older], kept=newer, now=NOW).text)[1]
    assert section_of(text, "Newts are counted") == "## Wildlife records"


def test_a_heading_naming_a_contrasting_group_is_no_witness():
    """Guard (review): "## Children" is 0.56 from the newest's "## Adults", which names
    the other group: the under-8s line keeps its own heading, not the adults' rules."""
    older = dated("swim/sessions.md", "Swim Club Sessions", "swim/sessions",
                  "The club swims at Eastgate pool.\n\n## Children\n\nJunior sessions run "
                  "on Saturday at 9am.\n\nUnder-8s must have a parent or carer on the "
                  "poolside.\n\n## Fees\n\nSessions cost £5.\n", modified="2024-03-01")
    newer = dated("swim/eastgate.md", "Eastgate Swim Club", "swim/eastgate",
                  "The club swims at Eastgate pool. Junior sessions now run on Saturday at "
                  "10am.\n\n## Adults\n\nAdult lane swimming runs on Tuesday and Thursday "
                  "at 7pm.\n\nAdults may bring their own floats.\n\n## Fees\n\nSessions "
                  "cost £6.\n", modified="2025-04-01")
    text = split_frontmatter(compose("merge", newer, [older], kept=newer, now=NOW).text)[1]
    assert section_of(text, "Under-8s must have a parent") == "## Children"
