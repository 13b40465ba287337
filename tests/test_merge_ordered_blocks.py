"""An older numbered list, checklist or table is matched to the newest's block by its
items' meaning, whatever the headings, and the newest's block is written whole: older
steps, rows or items it lacks are held back with their block (issue 18 item 3), and a
person who carries one gets it after the newest's block as a list of its own, never
numbered on from it or left loose in the prose. Domain: a cliff railway (funicular)."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
from helpers_apply import group_doc, notes_of, plan_doc, tree_hashes, write_note

from review_app.core.apply import apply_plan, plan_from_document, undo_apply
from review_app.core.merging import compose
from review_app.core.project import Project
from tests.helpers_merge import check_ledger, dated, entry, merged

NOW = dt.datetime(2026, 6, 1, 8, 0)

NEWEST_STEPS = (
    "1. Switch on the main drive cabinet and wait for the green ready lamp.\n"
    "2. Walk the track and clear anything lying between the rails.\n"
    "3. Check the haul rope splice for broken wires with the rope gauge.\n"
    "4. Test both emergency stop buttons in each car.\n"
    "5. Run one empty trip at half speed and listen at the bull wheel.\n"
    "6. Test the track brake on the lower car with the test lever.\n"
    "7. Sign the daily log with the time and the rope gauge reading.\n"
    "8. Switch off the main drive cabinet at closing time.\n")
OLDER_STEPS = (
    "1. Power on the main drive cabinet and wait for the ready lamp to turn green.\n"
    "2. Walk the whole track and remove any debris between the rails.\n"
    "3. Grease the bull wheel bearings with two strokes of the grease gun.\n"
    "4. Inspect the haul rope splice for broken wires using the rope gauge.\n"
    "5. Test both emergency stop buttons in each car.\n"
    "6. Run one empty trip at half speed and listen at the bull wheel.\n"
    "7. Power off the main drive cabinet at closing time.\n")
NEWEST_BODY = (
    "Run by the duty driver before the first car leaves the upper station.\n\n"
    "## Checklist\n\n" + NEWEST_STEPS + "\n"
    "The old step of greasing the bull wheel bearings is no longer needed: sealed "
    "bearings were fitted in March 2026.\n\n"
    "## Observations\n\n- [procedure] Eight-step checklist from power on to power off\n"
    "- [owner] Duty driver signs the log\n")
OLDER_BODY = (
    "Run by the duty driver before the first car leaves the upper station.\n\n"
    "## Routine\n\n" + OLDER_STEPS + "\n"
    "## Observations\n\n- [procedure] Seven steps from power on to power off\n"
    "- [owner] Duty driver signs the log\n")


def _daily() -> tuple:
    newer = dated("funicular/daily-checklist-2026.md", "Cliff railway daily checklist (2026)",
                  "cliff-railway-daily-checklist-2026", NEWEST_BODY, modified="2026-04-02")
    older = dated("funicular/daily-routine.md", "Cliff railway daily routine",
                  "cliff-railway-daily-routine", OLDER_BODY, modified="2024-05-10")
    return newer, older


def _steps(text: str) -> list[str]:
    return re.findall(r"(?m)^\d+\. .*$", text)


def test_a_renumbered_reworded_procedure_under_another_heading_is_taken_whole() -> None:
    newer, older = _daily()
    c = merged(newer, older, now=NOW)
    assert _steps(c.text) == NEWEST_STEPS.strip().split("\n")  # nothing appended or spliced
    assert "Grease the bull wheel" not in c.text  # the retired step
    assert "Seven steps" not in c.text  # the older observation counting the older list
    # rewordings of newest steps 2 and 3 are their older versions, not candidates
    for older_step, newer_step in (("Walk the whole track", "Walk the track and clear"),
                                   ("Inspect the haul rope", "Check the haul rope splice")):
        e = entry(c, older_step)
        assert e.status == "present" and newer_step in (e.by_text or ""), e
        assert not e.flips
    retired = entry(c, "Grease the bull wheel")
    assert retired.status == "dropped" and retired.held and retired.flips == ("carry", "drop")
    assert retired.block and "Routine" in retired.block
    assert any(ln.startswith("- held back: 3. Grease the bull wheel") and "[numbered list"
               in ln for ln in c.ledger.lines())
    assert entry(c, "Seven steps").status == "superseded"


def test_a_held_back_step_carried_by_a_flip_follows_the_block_as_its_own_list() -> None:
    newer, older = _daily()
    retired = entry(compose("merge", newer, [older], now=NOW), "Grease the bull wheel")
    c = compose("merge", newer, [older], now=NOW, choices={retired.key: "carry"})
    check_ledger(c)
    body = c.text.split("## Checklist\n\n", 1)[1]
    # the newest's eight steps, then its step as a sentence of its own
    assert body.startswith(NEWEST_STEPS + "\nGrease the bull wheel bearings with two strokes "
                           "of the grease gun.\n\nThe old step of greasing")
    assert "9. " not in c.text


def test_the_flip_round_trips_through_a_plan_and_apply_writes_the_preview(tmp_path: Path
                                                                          ) -> None:
    root = tmp_path / "kb"
    write_note(root, "funicular/daily-routine.md", "Cliff railway daily routine",
               "# Cliff railway daily routine\n\n" + OLDER_BODY, modified="2024-05-10")
    write_note(root, "funicular/daily-checklist-2026.md", "Cliff railway daily checklist 2026",
               "# Cliff railway daily checklist 2026\n\n" + NEWEST_BODY, modified="2026-04-02")
    notes = notes_of(root)
    newer, older = notes["funicular/daily-checklist-2026.md"], notes["funicular/daily-routine.md"]
    retired = entry(compose("merge", newer, [older], kept=older, now=NOW),
                    "Grease the bull wheel")
    choices = {retired.key: "carry"}
    preview = compose("merge", newer, [older], kept=older, now=NOW, choices=choices)
    assert "\n\nGrease the bull wheel bearings" in preview.text
    before = tree_hashes(root)
    project_doc = plan_doc(root, group_doc(root, "funicular/daily-checklist-2026.md",
                                           ["funicular/daily-routine.md"], "merge",
                                           keep="funicular/daily-routine.md", choices=choices))
    project = Project(root)
    plan = plan_from_document(project, project_doc, now=NOW)
    assert not plan.conflicts
    apply_plan(project, plan)
    assert (root / "funicular/daily-routine.md").read_text(encoding="utf-8") == preview.text
    undo_apply(project)
    assert tree_hashes(root) == before


def test_a_table_whose_newest_version_dropped_a_row_and_changed_a_value() -> None:
    newer = dated("funicular/fares-2026.md", "Cliff railway fares 2026", "fares-2026",
                  "## Prices\n\n| Ticket | Single | Return |\n|---|---|---|\n"
                  "| Adult | GBP 3.50 | GBP 5.00 |\n| Child | GBP 1.80 | GBP 2.60 |\n"
                  "| Family | GBP 9.00 | GBP 13.00 |\n\nPrices from 1 April 2026.\n",
                  modified="2026-03-20")
    older = dated("funicular/fares.md", "Cliff railway fares", "fares",
                  "## Ticket prices\n\n| Ticket | Single | Return |\n|---|---|---|\n"
                  "| Adult | GBP 3.50 | GBP 5.00 |\n| Child | GBP 1.50 | GBP 2.60 |\n"
                  "| Senior | GBP 2.50 | GBP 4.00 |\n"
                  "| Family | GBP 9.00 | GBP 13.00 |\n", modified="2024-03-01")
    c = merged(newer, older, now=NOW)
    rows = re.findall(r"(?m)^\|.*\|$", c.text)
    # round 32: a row naming its thing that no newest row or line names is a fact only
    # the older table has (merge-BY's price board lost "| Cast iron | £150 |" as a
    # version of another row): carried, one more row of the newest's table (one header)
    assert rows == ["| Ticket | Single | Return |", "|---|---|---|",
                    "| Adult | GBP 3.50 | GBP 5.00 |", "| Child | GBP 1.80 | GBP 2.60 |",
                    "| Family | GBP 9.00 | GBP 13.00 |", "| Senior | GBP 2.50 | GBP 4.00 |"]
    senior = entry(c, "| Senior |")
    assert senior.status == "carried" and "drop" in senior.flips
    assert entry(c, "| Child | GBP 1.50").status != "carried"
    assert "| Senior | GBP 2.50 | GBP 4.00 |\n\nPrices from 1 April 2026." in c.text
    dropped = compose("merge", newer, [older], now=NOW, choices={senior.key: "drop"})
    check_ledger(dropped)
    assert "Senior" not in dropped.text


def test_a_checklist_whose_boxes_changed_is_the_newest_s() -> None:
    newer = dated("funicular/season-opening-2026.md", "Season opening 2026",
                  "season-opening-2026",
                  "## Before opening\n\n- [x] Replace the haul rope (done 12 March)\n"
                  "- [x] Renew the car door seals\n- [ ] Repaint the lower station canopy\n"
                  "- [ ] Book the insurance inspection\n", modified="2026-03-15")
    older = dated("funicular/season-opening.md", "Season opening", "season-opening",
                  "## Open jobs\n\n- [ ] Replace the haul rope\n"
                  "- [ ] Renew the car door seals\n- [ ] Repaint the lower station canopy\n"
                  "- [ ] Oil the upper station turnstiles\n", modified="2026-01-10")
    c = merged(newer, older, now=NOW)
    assert "- [ ] Replace the haul rope" not in c.text
    assert "- [ ] Renew the car door seals" not in c.text
    assert "- [x] Renew the car door seals" in c.text
    turnstiles = entry(c, "Oil the upper station turnstiles")
    assert turnstiles.status == "dropped" and turnstiles.held
    assert "turnstiles" not in c.text
    assert entry(c, "Renew the car door seals").status == "superseded"  # its box changed
    carried = compose("merge", newer, [older], now=NOW, choices={turnstiles.key: "carry"})
    check_ledger(carried)
    assert carried.text.endswith("- [ ] Book the insurance inspection\n"  # (round 32)
                                 "- [ ] Oil the upper station turnstiles\n")


def test_an_older_procedure_in_a_section_the_newest_lacks_is_carried_whole() -> None:
    newer = dated("funicular/rope-2026.md", "Haul rope care (2026)", "rope-2026",
                  "The haul rope is 32 mm, six strand, replaced in March 2026.\n\n"
                  "## Inspection\n\n1. Measure the rope diameter at the marked points.\n"
                  "2. Count broken wires over one lay length.\n"
                  "3. Record both in the rope log.\n", modified="2026-03-30")
    older = dated("funicular/rope.md", "Haul rope care", "rope",
                  "The haul rope is 32 mm, six strand.\n\n"
                  "## Inspection\n\n1. Measure the rope diameter at the marked points.\n"
                  "2. Count broken wires over one lay length.\n"
                  "3. Record both in the rope log.\n\n"
                  "## Evacuating a stranded car\n\n"
                  "1. Radio the other car and the lower station.\n"
                  "2. Release the emergency drive clutch.\n"
                  "3. Wind the cars to the passing loop with the hand wheel.\n"
                  "4. Walk passengers down the track stairs.\n", modified="2024-02-01")
    c = merged(newer, older, now=NOW)
    assert ("## Evacuating a stranded car\n\n1. Radio the other car and the lower station.\n"
            "2. Release the emergency drive clutch.\n3. Wind the cars to the passing loop "
            "with the hand wheel.\n4. Walk passengers down the track stairs.\n") in c.text
    for step in ("Radio the other car", "Walk passengers down"):
        assert entry(c, step).status == "carried"


@pytest.mark.parametrize(("newest_says", "older_obs", "status"), [
    # the newest counts it in an observation, in digits: the older count is superseded
    ("\n## Observations\n\n- [procedure] 8 steps from power on to power off\n",
     "- [procedure] Seven steps from power on to power off", "superseded"),
    # ... in a sentence, spelled out: an older observation giving the count in digits
    ("\nEight steps, power on to power off.\n",
     "- [procedure] The routine has 7 steps and takes 40 minutes", "superseded"),
    # the newest counts nothing: the older count of its older list is no longer true
    ("", "- [procedure] Seven steps from power on to power off", "dropped"),
])
def test_an_older_observation_counting_the_older_block_is_not_carried(
        newest_says: str, older_obs: str, status: str) -> None:
    newer = dated("funicular/daily-2026.md", "Cliff railway daily (2026)", "daily-2026",
                  "## Checklist\n\n" + NEWEST_STEPS + newest_says, modified="2026-04-02")
    older = dated("funicular/daily.md", "Cliff railway daily", "daily",
                  "## Routine\n\n" + OLDER_STEPS + "\n## Observations\n\n" + older_obs
                  + "\n", modified="2024-05-10")
    c = merged(newer, older, now=NOW)
    e = entry(c, older_obs[2:])
    assert e.status == status, e
    assert older_obs not in c.text
    if status == "dropped":  # held back: the person may still carry it
        assert e.held and e.flips == ("carry", "drop")
