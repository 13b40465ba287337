"""upsert_note under a title the project already has in that folder (a fuzzing pass).

- A note filed as `boiler-service.md` and titled "Boiler service" is the note an agent names
  when it writes "Boiler service" again: before, a score just under the match threshold
  created a second "Boiler service" beside it, and `[[Boiler service]]` named two notes.
  That note is matched, and written only in the automatic band, as by similarity: a title
  says which note, not that the text is its next version (an adversarial review: another
  week's "Weekly sync", another "John Smith").
- An update under the note's own file name that would cut what the note says is asked about,
  as a match by similarity is: before, a partial rewrite lost the note's history section and
  the result said nothing.
- The proposal's transient folder is not read as a second folder holding the same file name
  ("the same file of two projects", counted against).

Domain: a home boiler."""

from __future__ import annotations

from pathlib import Path

from review_app.core.upsert import upsert_note

BOILER = """---
title: Boiler service
type: note
permalink: boiler-service
tags: [home, heating]
modified: 2026-01-10
---

# Boiler service

The boiler is a Vaillant ecoTEC 832, serviced every October by HeatRight (0161 555 0199).

## Filling loop

Pressure should sit at 1.2 bar cold. Top up via the silver filling loop under the boiler.

## History

- 2024-10-12 annual service, new seal on the pump.
- 2025-10-09 annual service, flue checked.

## Relations

- part_of [[Home maintenance]]
"""

REWRITE = """# Boiler service

The boiler is a Vaillant ecoTEC 832, serviced every October by HeatRight (0161 555 0199).
The 2026 service is booked for 14 October.

## Filling loop

Pressure should sit at 1.2 bar cold. Top up via the silver filling loop under the boiler.
"""


def _project(tmp_path: Path, name: str) -> Path:
    root = tmp_path / "kb"
    (root / "home").mkdir(parents=True)
    (root / "home" / name).write_text(BOILER, encoding="utf-8")
    (root / "home" / "garden-shed.md").write_text(
        "---\ntitle: Garden shed\n---\n\n# Garden shed\n\nThe mower and the strimmer live "
        "here; the padlock code is with Ann.\n", encoding="utf-8")
    return root


def test_the_same_title_in_the_same_folder_is_the_same_note(tmp_path: Path, embedder):
    root = _project(tmp_path, "boiler-service.md")
    result = upsert_note("Boiler service", REWRITE, "home", root, on_match="merge",
                         similarity_threshold=0.99, embedder=embedder)
    assert result["action"] == "merged_existing", result
    assert result["path"] == "home/boiler-service.md"
    assert "title already exists in this folder" in result["reason"]
    assert sorted(p.name for p in (root / "home").glob("*.md")) == [
        "boiler-service.md", "garden-shed.md"]
    text = (root / "home" / "boiler-service.md").read_text(encoding="utf-8")
    assert "booked for 14 October" in text and "new seal on the pump" in text

    # another note of that title: that note, not a second one, and below the automatic band
    # a person decides (a title says which note, not that the text is its next version)
    before = (root / "home" / "garden-shed.md").read_bytes()
    other_shed = upsert_note("Garden shed", "# Garden shed\n\nThe allotment shed needs a new "
                             "felt roof before winter; quote from Ridley's is 240 pounds.\n",
                             "home", root, on_match="merge", embedder=embedder)
    assert other_shed["action"] == "queued_for_review", other_shed
    assert other_shed["matched_note"] == "home/garden-shed.md"
    assert "title already exists in this folder" in other_shed["reason"]
    assert "automatic band" in other_shed["reason"]
    assert (root / "home" / "garden-shed.md").read_bytes() == before
    assert not (root / "home" / "Garden shed.md").exists()

    # in another folder the title alone decides nothing: the score does
    elsewhere = upsert_note("Boiler service", REWRITE, "flat", root, on_match="merge",
                            similarity_threshold=0.99, embedder=embedder)
    assert elsewhere["action"] == "created" and elsewhere["path"] == "flat/Boiler service.md"


def test_an_update_under_its_own_name_that_cuts_anything_is_asked(tmp_path: Path, embedder):
    root = _project(tmp_path, "Boiler service.md")
    path = root / "home" / "Boiler service.md"
    before = path.read_bytes()
    result = upsert_note("Boiler service", REWRITE, "home", root, on_match="update",
                         embedder=embedder)
    assert result["action"] == "queued_for_review", result
    assert "2024-10-12 annual service" in result["reason"]
    assert path.read_bytes() == before
    reasons = " ".join(r for c in result["candidates"] for r in c["reasons"])
    assert "two folders" not in reasons and "series" not in reasons, reasons

    # a rule with no number or name in it is content too (an adversarial review)
    safety = BOILER.replace("## Relations", "## Safety\n\nNever bleed the radiators while "
                            "the heating is running.\n\n## Relations")
    path.write_text(safety, encoding="utf-8")
    without = safety.split("---\n", 2)[2].replace(
        "Never bleed the radiators while the heating is running.", "")
    asked = upsert_note("Boiler service", without, "home", root, on_match="update",
                        embedder=embedder)
    assert asked["action"] == "queued_for_review" and "bleed the radiators" in asked["reason"]

    # what keeps every line is written
    more = safety.split("---\n", 2)[2].replace(
        "(0161 555 0199).", "(0161 555 0199). The 2026 service is booked for 14 October.")
    written = upsert_note("Boiler service", more, "home", root, on_match="update",
                          embedder=embedder)
    assert written["action"] == "updated_existing", written
    assert "booked for 14 October" in path.read_text(encoding="utf-8")
