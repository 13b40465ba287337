"""Steps an older version had that the newest's numbered list lacks, carried, follow
that list as plain sentences, one a line, with no label: blind readers of merge-ER read
"Also from an earlier version:" above them as a tool's leftover (3 of 13 notes). Steps
that are no sentences (a two-word check) keep the labelled list, and the ledger says
what was written. Domain: a fire lookout tower's volunteers."""

from __future__ import annotations

import datetime as dt

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

NOW = dt.datetime(2026, 8, 3, 9, 0)

NEWEST = ("Done by the first volunteer up the tower each morning in the fire season.\n\n"
          "## Opening the tower\n\n"
          "1. Unlock the cab and open all eight shutters.\n"
          "2. Switch on the radio and call the district office on channel 3.\n"
          "3. Read the anemometer and note the wind speed on the day sheet.\n"
          "4. Scan the horizon with the Osborne finder, north first.\n\n"
          "Smoke sightings are phoned through at once.\n")


def _older(extra: tuple[str, str]) -> str:
    return ("Done by the first volunteer up the tower each morning in the fire season.\n\n"
            "## Morning routine\n\n"
            "1. Unlock the cab and open the shutters.\n"
            f"2. {extra[0]}\n"
            "3. Switch on the radio and call the district office on channel 3.\n"
            "4. Read the anemometer and write the wind speed on the day sheet.\n"
            f"5. {extra[1]}\n"
            "6. Scan the horizon with the Osborne finder, starting north.\n")


def _pair(extra: tuple[str, str]):
    newer = dated("lookout/opening-2026.md", "Lookout opening 2026", "lookout-opening-2026",
                  NEWEST, modified="2026-06-01")
    older = dated("lookout/morning.md", "Lookout morning routine", "lookout-morning",
                  _older(extra), modified="2024-06-01")
    return newer, older


def _carried(extra: tuple[str, str]):
    newer, older = _pair(extra)
    c = compose("merge", newer, [older], now=NOW)
    flips = {}
    for text in extra:
        e = entry(c, text.rstrip("."))
        if e.status != "carried":
            assert "carry" in e.flips, (e.status, e.why)
            flips[e.key] = "carry"
    return compose("merge", newer, [older], now=NOW, choices=flips)


def test_carried_steps_follow_the_list_as_sentences_without_a_label():
    c = _carried(("Wipe the cab windows inside and out with the squeegee.",
                  "Check the fire extinguisher gauge reads in the green"))
    assert "Also from an earlier version" not in c.text
    assert ("4. Scan the horizon with the Osborne finder, north first.\n\n"
            "Wipe the cab windows inside and out with the squeegee.\n"
            "Check the fire extinguisher gauge reads in the green.\n\n"
            "Smoke sightings") in c.text, c.text
    # the sentence without its full stop is written with one, and the ledger says so
    assert entry(c, "fire extinguisher gauge").written == \
        "Check the fire extinguisher gauge reads in the green."
    check_ledger(c)


def test_steps_that_are_no_sentences_keep_the_labelled_list():
    c = _carried(("Wipe the cab windows inside and out with the squeegee.", "Radio check"))
    assert "Also from an earlier version:\n\n- Wipe the cab windows inside and out with " \
        "the squeegee.\n- Radio check\n" in c.text, c.text
    check_ledger(c)
