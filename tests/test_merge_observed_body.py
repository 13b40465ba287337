"""Issue 18, "every fact once, in the section where it belongs" (round 29,
pass_observed): an older note's observation and the body line it sums up are one fact
with one verdict. The engine carried the observation (nothing in the newest states the
fact) but superseded its body line only because its section was gone and a newest line
elsewhere gave a time, so the fact reached the merged note only as an observation
(readers of merge-BK, merge-BM and earlier sets: "survives only as an observation").
Domain: a mini golf course (no other test uses it)."""

from __future__ import annotations

import dataclasses
import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import DEFAULT
from review_app.core.merge import compose as core_compose
from review_app.core.merge.pass_carry import FEATURES, CarryModel
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = fm("Mini golf opening times", "2025-01-10") + (
    "Opening times and routines for Crazy Crag mini golf.\n\n"
    "## Hours\n\n- Weekdays: 10:00 to 18:00\n- Saturday: 09:00 to 19:00\n"
    "- Sunday: 10:00 to 16:00\n\n"
    "## Deliveries\n\n"
    "Putters and balls come from Fairway Leisure on Tuesdays before 10:00, so someone "
    "must be on the gate by 9:15 on Tuesdays.\n\n"
    "## Observations\n\n"
    "- [supplier] Fairway Leisure delivers Tuesdays before 10:00 #stock\n"
    "- [hours] Sunday 10:00 to 16:00 #hours\n")

NEWER = fm("Mini golf opening times 2026", "2026-03-02") + (
    "Summer hours from March 2026.\n\n"
    "## Hours\n\n- Weekdays: 10:00 to 19:00\n- Saturday: 09:00 to 20:00\n"
    "- Sunday: 11:00 to 17:00\n\n"
    "## Staff\n\nTwo staff on the gate at weekends; one on weekdays.\n\n"
    "## Observations\n\n- [hours] Sunday now 11:00 to 17:00 #hours\n")


def test_a_body_line_whose_observation_is_carried_is_carried_too():  # failed before
    c = compose("merge", note("golf/opening-2026.md", NEWER),
                [note("golf/opening.md", OLDER)], now=NOW)
    obs = entry(c, "[supplier] Fairway Leisure")
    assert obs.status == "carried", obs
    line = entry(c, "Putters and balls come from Fairway Leisure")
    assert line.status == "carried", line
    body = c.text.split("## Observations", 1)[0]
    assert "Putters and balls come from Fairway Leisure on Tuesdays before 10:00" in body
    assert "10:00 to 16:00" not in c.text  # the old Sunday hours stay superseded
    check_ledger(c)
    dropped = compose("merge", note("golf/opening-2026.md", NEWER),
                      [note("golf/opening.md", OLDER)], now=NOW, choices={line.key: "drop"})
    assert "Putters and balls" not in dropped.text  # the person's key still drops it
    kept = compose("merge", note("golf/opening-2026.md", NEWER),
                   [note("golf/opening.md", OLDER)], now=NOW, choices={line.key: "newer"})
    assert entry(kept, "Putters and balls").status == "superseded"  # a choice made before


def _unsure(carry_at: float) -> CarryModel:
    """A carry model sure of nothing (p = 0.5 for every unit)."""
    n = len(FEATURES)
    return CarryModel((0.0,) * n, (1.0,) * n, (0.0,) * n, 0.0, carry_at, 0.1)


def test_a_held_back_line_whose_observation_is_carried_is_written():  # failed before
    """The carry model, unsure, holds the laundry caveat back (its gate opened so it
    weighs every unit, as test_merge_measured_carry does); its note's
    observation of it is carried, so the body line is written in its section.
    Domain: a bed and breakfast (no other test uses it)."""
    older = note("bnb/linen.md", fm("Linen and laundry", "2025-02-01") + (
        "## Linen\n\nSheets and towels come from Brightwash Laundry. Brightwash closes "
        "for stocktake the first week of January.\n\n"
        "## Observations\n\n"
        "- [caveat] Brightwash closed first week of January #linen\n"))
    newer = note("bnb/linen-2026.md", fm("Linen and laundry 2026", "2026-01-20") + (
        "## Linen\n\nSheets and towels from Brightwash Laundry, collected on Mondays.\n"))
    near = dataclasses.replace(DEFAULT, carry_hold_cosine=0.0)
    c = core_compose("merge", newer, [older], now=NOW, thresholds=near,
                     carry_model=_unsure(0.9))
    assert entry(c, "[caveat] Brightwash closed").status == "carried"
    line = entry(c, "Brightwash closes for stocktake")
    assert (line.status, line.held) == ("carried", False), line
    assert "observation" in line.why
    linen = c.text.split("## Linen", 1)[1].split("##", 1)[0]
    assert "Brightwash closes for stocktake the first week of January." in linen
    check_ledger(c)
