"""Issue 18 (merge17b): the written note carries one title, that of the body written.
Round 16's readers found notes whose frontmatter title and H1 were one version's and
whose body was another's. The rule (README, grouping.choose_kept): without a reason to
keep another file (important, linked to, an undated name), the kept file is the one
whose title and permalink were given to the body written: the canonical's. It was the
newest's even when the person made another member canonical, so a 3-note chain merged
on its middle version was written under the newest's title. And the base's H1 is its
title heading when it names a version of the note (an agent's copy keeps the H1 of the
note it copied): it follows the written title. The preview and the ledger say whose
title is kept and why when the body is not the kept file's own. Links to the retired
notes still point at the kept file. Domain: a youth hostel (no other test uses it).
The tests marked so failed before the change."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from helpers_apply import group_doc, notes_of, plan_doc, tree_hashes, write_note
from helpers_merge import fm, note

from review_app.core.apply import apply_plan, plan_from_document, undo_apply
from review_app.core.grouping import choose_kept
from review_app.core.merging import compose
from review_app.core.project import Project

NOW = dt.datetime(2026, 9, 1, 9, 0, 0)
DRAFT = ("Quiet hours at the Lakeside youth hostel start at 22:00.\n\n"
         "## Kitchen\n\nThe guest kitchen closes at 21:00.\n")
RULES = ("Quiet hours at the Lakeside youth hostel start at 22:30.\n\n"
         "## Kitchen\n\nThe guest kitchen closes at 21:30. Label your food with your bed "
         "number.\n")
HANDBOOK = ("Quiet hours at the Lakeside youth hostel start at 23:00.\n\n"
            "## Kitchen\n\nThe guest kitchen closes at 22:00. Label your food with your "
            "bed number.\n")
CHAIN = ["hostel/house-rules-draft.md", "hostel/house-rules.md", "hostel/guest-handbook.md"]


def _chain(root: Path) -> Path:
    write_note(root, CHAIN[0], "Hostel house rules (draft)",
               "# Hostel house rules (draft)\n\n" + DRAFT, modified="2025-02-01")
    write_note(root, CHAIN[1], "Hostel house rules", "# Hostel house rules\n\n" + RULES,
               modified="2025-07-01")
    write_note(root, CHAIN[2], "Hostel guest handbook",
               "# Hostel guest handbook\n\n" + HANDBOOK, modified="2026-03-01")
    write_note(root, "hostel/reception.md", "Reception desk",
               "# Reception desk\n\nPoint guests to [[Hostel guest handbook]], "
               "[[Hostel house rules]] and [[Hostel house rules (draft)]].\n",
               modified="2026-03-02")
    return root


def test_a_chain_merged_on_its_middle_version_keeps_that_versions_file(
        tmp_path: Path) -> None:  # failed before
    root = _chain(tmp_path / "kb")
    notes = notes_of(root)
    kept, why = choose_kept([notes[p] for p in CHAIN], canonical=notes[CHAIN[1]])
    assert kept.path == CHAIN[1], why
    assert "given to the body written" in why
    # without a chosen canonical the newest's file is kept, as before
    assert choose_kept([notes[p] for p in CHAIN])[0].path == CHAIN[2]

    project = Project(root)
    before = tree_hashes(root)
    doc = plan_doc(root, group_doc(root, CHAIN[1], [CHAIN[0], CHAIN[2]], "merge"))
    preview = plan_from_document(project, doc, now=NOW, dry_run=True)
    [gp] = preview.groups
    assert gp.kept == CHAIN[1], gp.kept_reason
    shown = {c.path: c.after for c in preview.changes}
    apply_plan(project, plan_from_document(project, doc, now=NOW))
    for path, text in shown.items():  # preview == written
        if text is None:
            assert not (root / path).exists(), path
        else:
            assert (root / path).read_text(encoding="utf-8") == text, path
    after = notes_of(root)
    written = after[CHAIN[1]]
    assert written.title == "Hostel house rules"
    assert "\n# Hostel house rules\n" in written.text
    assert written.text.count("\n# ") == 1
    assert "22:30" in written.text and "Hostel guest handbook" not in written.text
    # links to the retired notes point at the kept file
    reception = after["hostel/reception.md"].text
    assert reception.count("[[Hostel house rules]]") == 3, reception
    undo_apply(project)
    assert tree_hashes(root) == before


def test_an_h1_naming_another_version_follows_the_written_title() -> None:  # failed before
    older = note(CHAIN[1], fm("Hostel house rules", "2025-07-01") + RULES)
    # an agent's copy: a new title in the frontmatter, the copied note's H1 left
    newer = note(CHAIN[2], fm("Hostel guest handbook", "2026-03-01").replace(
        "# Hostel guest handbook", "# Hostel house rules") + HANDBOOK)
    for action in ("update", "merge"):
        c = compose(action, newer, [older], now=NOW)
        assert "\n# Hostel guest handbook\n" in c.text, c.text
        assert "# Hostel house rules" not in c.text


def test_an_h1_of_the_writers_own_stays() -> None:
    older = note(CHAIN[1], fm("Hostel house rules", "2025-07-01") + RULES)
    newer = note(CHAIN[2], fm("Hostel guest handbook", "2026-03-01").replace(
        "# Hostel guest handbook", "# Welcome to Lakeside") + HANDBOOK)
    c = compose("merge", newer, [older], now=NOW)
    assert "\n# Welcome to Lakeside\n" in c.text


def test_the_ledger_says_whose_title_is_kept_and_why() -> None:  # failed before
    rules = note(CHAIN[1], fm("Hostel house rules", "2025-07-01") + RULES)
    draft = note(CHAIN[0], fm("Hostel house rules (draft)", "2025-02-01") + DRAFT)
    handbook = note(CHAIN[2], fm("Hostel guest handbook", "2026-03-01") + HANDBOOK)
    # an older file kept (say, linked to), the newest's body: its title names no
    # older issue, but the newest renamed the note, and the preview says so
    c = compose("merge", handbook, [rules, draft], kept=rules, now=NOW)
    lines = c.ledger.lines()
    why = [ln for ln in lines if ln.startswith("title written: the base's;")]
    assert why and 'renamed "Hostel house rules"' in why[0], lines
    assert "\n# Hostel guest handbook\n" in c.text
    assert "title: Hostel guest handbook\n" in c.text
    # an established name the newest keeps the words of under a stamp: the kept one
    # stays, and it says so (a dated name in other words is a rename: round 41)
    dated_copy = note(CHAIN[2], fm("House rules for hostel guests 2026", "2026-03-01")
                      + HANDBOOK)
    c = compose("merge", dated_copy, [rules, draft], kept=rules, now=NOW)
    why = [ln for ln in c.ledger.lines() if ln.startswith("title written: the kept file's;")]
    assert why and '"House rules for hostel guests 2026"' in why[0], c.ledger.lines()
    assert "title: Hostel house rules\n" in c.text
    # the draft kept: its title names an older issue, the body's title is written
    c = compose("merge", handbook, [rules, draft], kept=draft, now=NOW)
    assert c.ledger.title == ("Hostel house rules (draft)", "Hostel guest handbook")
    said = "title written: the base's; the kept file's \"Hostel house rules (draft)\""
    assert any(ln.startswith(said) for ln in c.ledger.lines()), c.ledger.lines()
    assert "\n# Hostel guest handbook\n" in c.text
    # the kept file is the base: nothing to explain
    c = compose("merge", handbook, [rules, draft], now=NOW)
    assert not any(ln.startswith("title") for ln in c.ledger.lines())
