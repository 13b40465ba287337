"""Two fillings of one task template, each about work of its own, are related, not
duplicates (issue 19: a real agent vault's likely band held sibling tasks, a review and its
re-review, an audit and its follow-up); a copy of one task kept in another folder stays
likely. The project: a wind farm's maintenance crew notes, written from one task template."""

from __future__ import annotations

from pathlib import Path

from review_app.core.notes import render_note
from review_app.core.strategies.template import WordRarity, note_words, own_words

TASK = """## Creation Phase

### Description

{description}

### Scope

- In scope: {scope}
- Out of scope: work on other turbines of the string, or changes to the SCADA alarm limits

### Acceptance Criteria

- [x] The crew lead signs the work order before the turbine is released to the grid
- [x] The turbine log records exactly which parts were changed and their batch numbers
- [x] {criterion}

## Execution Phase

### Implementation Notes

{notes}

## Wrap-Up Phase

### Verification

- Checks run:
{checks}
- Results:
{results}

### Completion Gate

- [x] Acceptance Criteria checkboxes updated to match reality
- [x] Only now may the work order status change to done
"""

TASKS = {
    "gearbox": dict(
        title="Change gearbox oil on turbine WTG-07",
        description="Drain and replace the main gearbox oil of WTG-07 after the vibration "
                    "trend crossed the service limit, and fit new inline filters.",
        scope="drain the Mobilgear SHC XMP 320, flush with 40 litres, refill 480 litres, "
              "swap both inline filter cartridges",
        criterion="Oil sample sent to the Leeds lab with the chain-of-custody form",
        notes="- Drained 470 litres through the quick-drain valve into the bowser.\n"
              "- Flush showed bronze particles; photographed the magnetic plug.\n"
              "- Refilled with 480 litres of SHC XMP 320 from drums 1182 to 1184.",
        checks="  - vibration readout on the nacelle panel\n  - oil level sight glass",
        results="  - vibration 2.1 mm/s, under the 4.5 limit\n  - level at the upper mark"),
    "blade": dict(
        title="Inspect leading-edge erosion on turbine WTG-12",
        description="Rope-free drone inspection of the three blades of WTG-12 for "
                    "leading-edge erosion reported by the last thermography flight.",
        scope="fly the DJI M300 with the Zenmuse P1, photograph each blade root to tip, "
              "grade erosion on the Bladena scale",
        criterion="Erosion grade per blade entered in the blade register",
        notes="- Blade B has category 3 erosion over 1.2 m near the tip.\n"
              "- Blades A and C are category 1; no lightning receptor damage.\n"
              "- Booked a leading-edge protection tape repair for the spring window.",
        checks="  - photo count per blade\n  - register entry review",
        results="  - 412 photos, all three blades covered\n  - register updated by Priya"),
    "review": dict(
        title="Review north string maintenance backlog",
        description="Review the open work orders of the north string (WTG-01 to WTG-08) "
                    "against the annual service plan and write one backlog report.",
        scope="audit open work orders, compare them with the service plan, create tasks "
              "for the gaps, append one re-review task after them",
        criterion="One backlog report note exists and links every new task",
        notes="- Found WTG-03 and WTG-05 overdue for their yaw brake pad change.\n"
              "- WTG-07 gearbox oil is due after the vibration alarm of March.\n"
              "- Created tasks for the yaw brake pads and the WTG-07 gearbox oil.",
        checks="  - work order export from the CMMS\n  - service plan spreadsheet",
        results="  - 14 open orders, 3 overdue\n  - two new tasks created"),
    "rereview": dict(
        title="Re-review north string maintenance backlog",
        description="Review the open work orders of the north string again after the "
                    "yaw brake campaign landed, and write a fresh backlog report.",
        scope="audit open work orders after the first fix loop, create tasks for the next "
              "gaps, append the next re-review task",
        criterion="The fresh backlog report links the earlier one and every new task",
        notes="- The yaw brake pads of WTG-03 and WTG-05 are done and signed off.\n"
              "- New gap: WTG-02 pitch batteries failed their capacity test at 71%.\n"
              "- Created a task for the WTG-02 pitch battery swap with Hoppecke cells.",
        checks="  - CMMS export after the campaign\n  - pitch battery test sheet",
        results="  - 9 open orders, 1 overdue\n  - one new task created"),
}


def _write(root: Path, rel: str, body: str, **meta) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_note({"type": "note", **meta}, body), encoding="utf-8")


def _task(key: str) -> tuple[str, str]:
    t = TASKS[key]
    return t["title"], TASK.format(**{k: v for k, v in t.items() if k != "title"})


def _project(root: Path) -> None:
    for key in TASKS:
        title, body = _task(key)
        _write(root, f"tasks/{key}.md", body, title=title)
    # three more fillings of the template, so its headings are the project's
    for i, (what, turbine) in enumerate([("Replace yaw brake pads", "WTG-03"),
                                         ("Swap pitch batteries", "WTG-02"),
                                         ("Torque tower flange bolts", "WTG-10")]):
        body = TASK.format(description=f"{what} on {turbine} as the service plan asks.",
                           scope=f"{what.lower()} only", criterion="Torque sheet filed",
                           notes=f"- {what} done on {turbine} by the night crew {i}.",
                           checks="  - sign-off sheet", results="  - all within limits")
        _write(root, f"tasks/other-{i}.md", body, title=f"{what} on {turbine}")
    # the gearbox task copied to the archive, one line reworded: a duplicate
    title, body = _task("gearbox")
    _write(root, "archive/gearbox-copy.md",
           body.replace("photographed the magnetic plug", "took photos of the magnetic plug"),
           title=title)
    for i, (t, b) in enumerate([("Site access", "The gate code changes on the first Monday."),
                                ("Canteen", "The site canteen opens at 07:00 on weekdays."),
                                ("Parking", "Crew vans park behind the substation.")]):
        _write(root, f"site/filler-{i}.md", b, title=t)


def test_a_copy_keeps_the_others_words_and_a_sibling_brings_its_own():
    rarity_notes = {k: note_words(*_task(k)) for k in TASKS}
    rarity = WordRarity(rarity_notes.values())
    title, body = _task("gearbox")
    copy = note_words(title, body.replace("photographed", "took photos of"))
    assert own_words(rarity_notes["gearbox"], copy, rarity) < 0.1
    assert own_words(rarity_notes["review"], rarity_notes["rereview"], rarity) >= 0.25
    assert own_words(rarity_notes["gearbox"], rarity_notes["blade"], rarity) >= 0.25


def test_a_re_review_stays_out_of_the_likely_band_and_a_copy_stays_in(
        tmp_path: Path, scan_project):
    root = tmp_path / "kb"
    _project(root)
    result = scan_project(root, threshold=0.0)
    pair = result.score_pair("tasks/review.md", "tasks/rereview.md")
    assert pair.score < result.likely_threshold, pair.score
    assert any("content of their own" in r and "distinctive words" in r
               for r in pair.reasons), pair.reasons
    assert pair.evidence["own_words"] >= 0.25
    copy = result.score_pair("tasks/gearbox.md", "archive/gearbox-copy.md")
    assert copy.score >= result.likely_threshold
    assert not any("distinctive words" in r for r in copy.reasons)
