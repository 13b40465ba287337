"""placement.py's one rule (issue 18, round 22: readers of merged notes named misplaced
carried lines in 5 of 13 groups per set): a carried section never splits a numbered
procedure continued across two sections; a carried line goes to the section clearly
nearest it in meaning, else under its own older heading; a sentence whose "them"/"it"
points at a sentence that is not written is held back, never carried alone.
Domains: a maple sugarhouse, a hop farm, a canal lock keeper's station."""

from __future__ import annotations

from helpers_merge import dated, entry, merged, section_of


def test_a_carried_section_never_splits_a_numbered_procedure() -> None:
    newer = dated("sugarhouse/boiling-2026.md", "Sap boiling method 2026",
                  "sugarhouse/boiling-2026",
                  "Revised after the new evaporator pans were fitted in January.\n\n"
                  "## Before you start\n"
                  "1. Check the sap tank float reads above the red mark.\n"
                  "2. Light the arch with kindling and split ash only.\n\n"
                  "## Boiling\n"
                  "3. Open the float box valve once the pans hold 4 cm of sap.\n"
                  "4. Draw off syrup at 66.5 degrees Brix, checked with the hydrometer.\n"
                  "5. Filter the syrup hot through the wool cone.\n\n"
                  "## Bottling\n\nSyrup is bottled at 85 C in the glass jugs and laid on "
                  "its side to sterilise the cap.\n",
                  modified="2026-02-20")
    older = dated("sugarhouse/boiling.md", "Sap boiling method", "sugarhouse/boiling",
                  "How we boil the season's sap on the old evaporator.\n\n"
                  "## Sap collection\n\nSap comes from the 420 taps on the north slope, "
                  "collected through the tubing to the 3,000 litre holding tank. The "
                  "tubing is flushed with hot water at the end of every season.\n\n"
                  "## Procedure\n"
                  "1. Check the sap tank float.\n"
                  "2. Light the arch.\n"
                  "3. Draw off syrup at 66 degrees Brix.\n",
                  modified="2025-03-01")
    composed = merged(newer, older)
    text = composed.text
    assert entry(composed, "420 taps").status == "carried"
    lines = text.splitlines()
    at = lines.index("## Sap collection")
    # written after the procedure as a whole: steps 1-2 and 3-5 stay one procedure
    assert at > lines.index("5. Filter the syrup hot through the wool cone.")
    assert lines.index("## Boiling") == lines.index(
        "2. Light the arch with kindling and split ash only.") + 2


def test_a_carried_line_no_section_is_clearly_nearest_keeps_its_own_heading() -> None:
    newer = dated("hop-farm/picking-2026.md", "Hop picking 2026", "hop-farm/picking-2026",
                  "The picking season runs from the first week of September.\n\n"
                  "## Crew\n\nEight pickers work the bines each day; Dafydd Rees runs the "
                  "crew and the tractor.\n\n"
                  "## Drying\n\nHops are dried in the oast at 60 C for nine hours, then "
                  "cooled on the floor before pressing.\n\n"
                  "## Pressing\n\nPockets are pressed to 75 kg and stencilled with the "
                  "variety and the year.\n",
                  modified="2026-08-01")
    older = dated("hop-farm/picking.md", "Hop picking", "hop-farm/picking",
                  "The picking season runs from the first week of September.\n\n"
                  "## Crew\n\nSix pickers work the bines each day.\n\n"
                  "## Hygiene\n\nPickers wash their hands at the yard tap before "
                  "touching the cones, the oast floor or the pockets; the soap is ordered "
                  "from Weald Supplies, account WS-55102.\n",
                  modified="2025-08-01")
    composed = merged(newer, older)
    text = composed.text
    assert entry(composed, "WS-55102").status == "carried"
    # as near the crew, the oast and the press: no section of the newest speaks of it
    # clearly more than the others, so it keeps its own heading
    assert section_of(text, "WS-55102") == "## Hygiene"
    # a carried line that one section clearly speaks of goes there, after its nearest
    older_drying = dated("hop-farm/drying.md", "Hop drying", "hop-farm/drying",
                         "## Drying notes\n\nThe oast burner is serviced by Kent Kilns "
                         "every July, account KK-3310.\n",
                         modified="2025-07-01")
    composed = merged(newer, older_drying)
    assert entry(composed, "KK-3310").status == "carried"
    assert section_of(composed.text, "KK-3310") == "## Drying"


def test_a_sentence_whose_them_points_at_a_sentence_not_written_is_held_back() -> None:
    newer = dated("canal/lock-station-2026.md", "Lock 14 station 2026",
                  "canal/lock-station-2026",
                  "Lock 14 is staffed from April to October.\n\n"
                  "## Keys\n\nThe spare windlasses are now kept in the lock cottage "
                  "porch.\n\n"
                  "## Water levels\n\nThe pound above the lock must not drop below 1.2 m "
                  "on the gauge.\n",
                  modified="2026-04-01")
    older = dated("canal/lock-station.md", "Lock 14 station", "canal/lock-station",
                  "Lock 14 is staffed from April to October.\n\n"
                  "## Keys\n\nThe spare windlasses are kept in the tool shed by the top "
                  "gate. Lend them to boaters for a GBP 5 deposit.\n\n"
                  "## Water levels\n\nThe pound above the lock must not drop below 1.1 m "
                  "on the gauge.\n",
                  modified="2025-04-01")
    composed = merged(newer, older)
    text = composed.text
    lend = entry(composed, "Lend them to boaters")
    # "them" points at the windlasses of a sentence the newest replaced: written alone
    # after "kept in the lock cottage porch" it would read right only by luck, and
    # after any other sentence it points at nothing; held back for the person
    assert entry(composed, "kept in the tool shed").status in ("superseded", "dropped")
    assert lend.status == "dropped" and lend.held and lend.flips == ("carry", "drop")
    assert "Lend them to boaters" not in text
