"""An observation and the body line it sums up are one fact, also when the newest
replaced its value: the body line is then old too (issue 18: no superseded value stated
as current). Before, the observation was superseded by the newest's other value while
its body line, giving the value in words, was carried beside it: "Allow about ninety
minutes from arrival on shed" over "Budget 105 minutes" (a loco disposal procedure)."""

from __future__ import annotations

from helpers_merge import entry, fm, merged, note

OLDER = fm("Boat check routine", "2025-04-02") + """\
The boat check is the end-of-session routine for every whaler back at the pontoon. \
It is done by the duty skipper and signed off by the boatswain. \
Allow about ninety minutes from arrival on the slipway.

## Checks
- Bailers and paddles counted back into the store.
- Buoyancy aids hung to dry in the drying room.

## Observations
- [time] Boat checks take about ninety minutes #boats
- [contact] Store key holder Ewan Baird 07700 900 412 #store
"""

NEWER = fm("Boat check routine (spring 2026)", "2026-03-14") + """\
Revised after the January safety review. \
Applies to every whaler finishing the day at the pontoon. \
The duty skipper carries out the check; the boatswain signs it off. Budget 105 minutes.

## Checks
- Bailers and paddles counted back into the store.
- Buoyancy aids hung to dry in the drying room.
- Any damage goes in the repair book the same day.

## Observations
- [time] Budget 105 minutes for boat checks #boats
"""


def _composed(older: str = OLDER):
    return merged(note("cadets/boat-check-2026.md", NEWER), note("cadets/boat-check.md", older))


def test_a_body_line_giving_the_value_its_observation_gave_is_superseded_with_it():
    composed = _composed()
    # got (before): "Allow about ninety minutes from arrival on the slipway." carried under
    # "Budget 105 minutes."
    assert "ninety" not in composed.text, composed.text
    line = entry(composed, "Allow about ninety minutes")
    assert line.status == "superseded" and line.flips == ("newer", "older")
    assert line.by_text == "- [time] Budget 105 minutes for boat checks #boats"
    assert "observation" in line.why
    # the observation's other facts are not touched: the key holder is still carried
    assert "Ewan Baird 07700 900 412" in composed.text


def test_a_body_line_with_a_number_the_observation_lacks_is_still_carried():
    older = OLDER.replace("from arrival on the slipway.",
                          "from arrival on the slipway; the store shuts at 18:30.")
    composed = _composed(older)
    line = entry(composed, "Allow about ninety minutes")
    assert line.status == "carried", line.why
    assert "18:30" in composed.text


def test_the_same_number_of_another_measure_is_no_restatement():
    # "three" is the observation's count of months, the line's count of trailers
    older = OLDER.replace("Allow about ninety minutes from arrival on the slipway.",
                          "Three trailers are parked behind the store.").replace(
        "- [time] Boat checks take about ninety minutes #boats",
        "- [rule] Life jackets are serviced every three months #safety")
    newer = NEWER.replace("- [time] Budget 105 minutes for boat checks #boats",
                          "- [rule] Life jackets are serviced every four months #safety")
    composed = merged(note("cadets/boat-check-2026.md", newer),
                      note("cadets/boat-check.md", older))
    assert entry(composed, "every three months").status == "superseded"
    assert entry(composed, "Three trailers").status == "carried"
    assert "Three trailers are parked behind the store." in composed.text


def test_of_two_lines_giving_the_observation_value_neither_is_taken():
    older = OLDER.replace("Allow about ninety minutes from arrival on the slipway.",
                          "Allow about ninety minutes from arrival on the slipway. "
                          "The safety briefing for new crews lasts ninety minutes.")
    composed = _composed(older)
    assert entry(composed, "Allow about ninety minutes").status != "superseded" or \
        "observation" not in entry(composed, "Allow about ninety minutes").why
    assert "briefing for new crews lasts ninety minutes" in composed.text
