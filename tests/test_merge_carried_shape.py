"""Carried units sit where a writer would put them (issue 18): held-back steps of an
older numbered list, carried back by a flip, follow the newest's list as sentences of
their own (not "3." and "6." as in the older list, nor numbered on from the newest's),
and preview and apply write the same text. Domain: an open-air lido (pool opening)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from helpers_apply import group_doc, notes_of, plan_doc, tree_hashes, write_note

from review_app.core.apply import apply_plan, plan_from_document, undo_apply
from review_app.core.merging import compose
from review_app.core.project import Project
from tests.helpers_merge import dated, entry

NOW = dt.datetime(2026, 7, 1, 7, 0)

NEWEST_STEPS = (
    "1. Unlock the plant room and switch on the circulation pumps.\n"
    "2. Read the free chlorine and pH at the pool side with the photometer.\n"
    "3. Skim leaves and insects from the surface with the long net.\n"
    "4. Put out the lane ropes for the early swim session.\n"
    "5. Open the turnstiles at 06:30 and start the lifeguard rota.\n")
OLDER_STEPS = (
    "1. Unlock the plant room and turn on the circulation pumps.\n"
    "2. Read free chlorine and pH at the pool side using the photometer.\n"
    "3. Hose the changing room floors down with the foam sanitiser.\n"
    "4. Skim leaves and insects off the surface with the long net.\n"
    "5. Put out the lane ropes for the early swim.\n"
    "6. Hoist the red flag on the diving board until a lifeguard is on the stand.\n"
    "7. Open the turnstiles at 06:30 and start the lifeguard rota.\n")
NEWEST_BODY = ("Done by the first lifeguard on duty before the gates open.\n\n"
               "## Opening steps\n\n" + NEWEST_STEPS + "\n"
               "The changing rooms are now cleaned by the contractor overnight.\n")
OLDER_BODY = ("Done by the first lifeguard on duty before the gates open.\n\n"
              "## Morning routine\n\n" + OLDER_STEPS)
HOSE, FLAG = "Hose the changing room floors", "Hoist the red flag on the diving board"


def _pair() -> tuple:
    newer = dated("lido/opening-steps-2026.md", "Lido opening steps 2026",
                  "lido-opening-steps-2026", NEWEST_BODY, modified="2026-05-02")
    older = dated("lido/morning-routine.md", "Lido morning routine", "lido-morning-routine",
                  OLDER_BODY, modified="2024-05-10")
    return newer, older


def _flips(newer, older) -> dict[str, str]:
    c = compose("merge", newer, [older], now=NOW)
    held = [entry(c, HOSE), entry(c, FLAG)]
    assert all(e.status == "dropped" and e.held and "carry" in e.flips for e in held), held
    return {e.key: "carry" for e in held}


def test_held_back_steps_carried_back_are_a_list_of_their_own() -> None:
    newer, older = _pair()
    c = compose("merge", newer, [older], now=NOW, choices=_flips(newer, older))
    body = c.text.split("## Opening steps\n\n", 1)[1]
    assert body.startswith(
        NEWEST_STEPS + f"\n{HOSE} down with the foam sanitiser.\n{FLAG} until a lifeguard "
        "is on the stand.\n\nThe changing rooms are now cleaned"), body
    numbers = re.findall(r"(?m)^(\d+)\. ", c.text)
    assert numbers == ["1", "2", "3", "4", "5"]


def test_the_renumbered_held_back_steps_apply_as_previewed(tmp_path: Path) -> None:
    root = tmp_path / "kb"
    write_note(root, "lido/morning-routine.md", "Lido morning routine",
               "# Lido morning routine\n\n" + OLDER_BODY, modified="2024-05-10")
    write_note(root, "lido/opening-steps-2026.md", "Lido opening steps 2026",
               "# Lido opening steps 2026\n\n" + NEWEST_BODY, modified="2026-05-02")
    notes = notes_of(root)
    newer, older = notes["lido/opening-steps-2026.md"], notes["lido/morning-routine.md"]
    choices = _flips(newer, older)
    # the older file is kept (the newest's name is dated): written there, as previewed
    preview = compose("merge", newer, [older], kept=older, now=NOW, choices=choices)
    assert f"\n\n{HOSE}" in preview.text and f"\n{FLAG}" in preview.text
    before = tree_hashes(root)
    doc = plan_doc(root, group_doc(root, "lido/opening-steps-2026.md",
                                   ["lido/morning-routine.md"], "merge",
                                   keep="lido/morning-routine.md", choices=choices))
    project = Project(root)
    plan = plan_from_document(project, doc, now=NOW)
    assert not plan.conflicts
    apply_plan(project, plan)
    assert (root / "lido/morning-routine.md").read_text(encoding="utf-8") == preview.text
    undo_apply(project)
    assert tree_hashes(root) == before
