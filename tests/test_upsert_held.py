"""An agent's upsert with on_match="merge" writes without a person, so a merge that holds
back part of the matched note for a person to settle ("held back: carry?") is queued,
not written: written, that part would be cut from the note unasked (an adversarial
review of round 52 found the automatic merge cutting such lines). Domain: a lighthouse
museum."""

from __future__ import annotations

from pathlib import Path

from review_app.core.pending import PendingQueue
from review_app.core.project import Project
from review_app.core.upsert import upsert_note

ALARM = """---
title: Beacon Alarm
permalink: lh/beacon-alarm
modified: 2025-01-10
---

# Beacon Alarm

What to do when the beacon alarm sounds at the lighthouse museum.

## What to do
- Call the lamp engineer if the beacon alarm sounds; the number is on the panel.
- Keeper Tom Pengelly resets the beacon alarm and logs every activation.
- Margaret Tully runs the Thursday school visits.
- Test the alarm every Monday at 10am.
"""

OTHERS = (("Ticket Prices", "Adults pay £6, children £3. A family ticket is £15."),
          ("Volunteer Rota", "Volunteers sign up on the sheet in the cottage for weekend shifts."),
          ("Gift Shop Stock", "Postcards, fudge and lighthouse models from Kernow Crafts."))

REWRITE = """What to do when the beacon alarm sounds at the lighthouse museum.

## What to do
- Call the lamp engineer if the beacon alarm sounds; the number is on the panel.
- Since the keeper's post was cut, only the lamp engineer can reset the beacon alarm.
- Test the alarm every Wednesday at 9:30am.
"""


def _project(root: Path) -> Path:
    (root / "lh").mkdir(parents=True)
    (root / "lh" / "beacon-alarm.md").write_text(ALARM, encoding="utf-8")
    for i, (title, text) in enumerate(OTHERS):
        (root / "lh" / f"note-{i}.md").write_text(
            f"---\ntitle: {title}\npermalink: lh/note-{i}\nmodified: 2025-02-01\n---\n\n"
            f"# {title}\n\n{text}\n", encoding="utf-8")
    return root


def test_a_merge_holding_back_matched_content_is_queued_not_written(tmp_path: Path, embedder):
    root = _project(tmp_path / "kb")
    before = (root / "lh" / "beacon-alarm.md").read_bytes()
    result = upsert_note("Beacon Alarm Procedure", REWRITE, "lh", root, on_match="merge",
                         embedder=embedder)
    assert result["action"] == "queued_for_review", result
    assert result["matched_note"] == "lh/beacon-alarm.md"
    assert "leave out 1 unit" in result["reason"] and "Tom Pengelly" in result["reason"]
    assert (root / "lh" / "beacon-alarm.md").read_bytes() == before
    assert sorted(p.name for p in (root / "lh").iterdir()) == [
        "beacon-alarm.md", "note-0.md", "note-1.md", "note-2.md"]  # nothing created
    [queued] = PendingQueue(Project(root).state).items()
    assert queued.reason == result["reason"]


GALA = """---
title: Lighthouse Gala
permalink: lh/lighthouse-gala
modified: 2025-01-10
---

# Lighthouse Gala

The lighthouse museum's summer gala raises money for the lantern room repairs.

## Plan
The gala is in the keeper's garden, with the brass band from Porthleven.

## To do
- Order 200 programmes from the printer
- Ask the harbour master about parking on the quay
"""

GALA_REWRITE = """The lighthouse museum's summer gala raises money for the lantern room repairs.

## Plan
The gala is in the keeper's garden on 14 June 2026, with the brass band from Porthleven.
"""


def test_a_merge_leaving_out_the_notes_open_items_is_queued(tmp_path: Path, embedder):
    """The matched note is the user's own, so its to-do list is live work the agent's text
    did not settle: a merge drops its items as open questions (pass_questions) until a
    person says, so it is asked (a review of round 52 found them cut unasked)."""
    root = _project(tmp_path / "kb")
    (root / "lh" / "lighthouse-gala.md").write_text(GALA, encoding="utf-8")
    result = upsert_note("Lighthouse Gala", GALA_REWRITE, "lh", root, on_match="merge",
                         embedder=embedder)
    assert result["action"] == "queued_for_review", result
    assert "Order 200 programmes" in result["reason"]
    assert (root / "lh" / "lighthouse-gala.md").read_text(encoding="utf-8") == GALA
