"""Carried older text reads as part of one note (issue 18): a carried sentence that
points back ("She ...", "in the same bay", "stored there") is never written without
the sentence it points at, and a body sentence stating a fact the newest lacks is
written in the body, not only as the older note's observation. Domain: a sawmill's
yard rules."""

from __future__ import annotations

import pytest
from helpers_merge import check_ledger, dated, entry

from review_app.core.merging import compose

OLD = """Rules for the Brackley sawmill yard.

## Storage

All softwood is kept in Shed 4 at 14% moisture. No hardwood is stored there.

## Sawdust

Sawdust is bagged in Bay 6 behind the planer shed, never in the main yard. Full bags \
are stacked in the same bay until the Thursday collection.

## Noise

Ear defenders rated SNR 30 are worn at every saw. Hearing tests are booked with the \
Ashby clinic each March.

## Sharpening

Saw blades are collected for sharpening every 14 days by Tomas Reyes of Reyes Grinding. \
His direct line is 01604 496 0871.

## People

The yard foreman is Priya Salt, on 07700 900 118. She signs off every load before it \
leaves the gate.

## Observations

- [location] Sawdust bagging is confined to Bay 6 #dust
- [storage] Softwood in Shed 4 #timber
"""

NEW = """Rules for the Brackley sawmill yard, revised after the spring audit.

## Storage

All softwood is kept in Shed 4 at 12% moisture. Stacks are stickered every 30 cm.

## Saws

The band saw blade is changed every 40 hours of cutting. Guards stay on during \
blade changes.

## Personal kit

Ear defenders rated SNR 35 are worn at every saw. Steel toe boots are worn in the yard.

## Sharpening

Saw blades are collected for sharpening every 10 days by Tomas Reyes of Reyes Grinding.

## People

The yard foreman is Priya Salt, on 07700 900 442. Deliveries are booked through the \
office.

## Observations

- [storage] Softwood in Shed 4 at 12% #timber
- [saws] Blade changed every 40 hours #maintenance
"""


def _compose(choices=None):
    old = dated("sawmill/yard-rules-2024.md", "Yard rules 2024", "sawmill/yard-rules-2024",
                OLD, modified="2024-05-01")
    new = dated("sawmill/yard-rules.md", "Yard rules", "sawmill/yard-rules", NEW,
                modified="2026-03-01")
    return compose("merge", new, [old], kept=new, choices=choices)


@pytest.fixture(scope="module")
def merged():
    return _compose()


@pytest.mark.parametrize("text,points_back", [
    ("She signs off every load before it leaves the gate.", True),
    ("His direct line is 0161 496 0201.", True),
    ("Full bags are stacked in the same bay until collection.", True),
    ("No hardwood is stored there.", True),
    ("Offcuts stay there until Friday.", True),
    ("There are three saws on the site.", False),
    ("Logs are weighed on the same scale as the lorries.", False),
    ("Sawdust is bagged in Bay 6 behind the planer shed.", False),
    ("The yard foreman is Priya Salt.", False),
])
def test_a_sentence_that_points_back_is_told_by_its_structure(text: str, points_back: bool):
    from review_app.core.merge import ENGLISH
    from review_app.core.merge.pass_leaning import refers_back

    assert refers_back(text, ENGLISH) is points_back


def test_a_place_pointer_whose_antecedent_the_newest_replaced_is_held_back(merged):
    there = entry(merged, "No hardwood is stored there.")
    assert there.status == "dropped" and there.held and there.flips == ("carry", "drop")
    assert "All softwood is kept in Shed 4 at 14% moisture." in there.why
    assert "No hardwood is stored there" not in merged.text
    check_ledger(merged)


def test_a_person_pointer_whose_antecedent_the_newest_replaced_is_held_back(merged):
    she = entry(merged, "She signs off every load")
    assert she.status == "dropped" and she.held
    assert "She signs off" not in merged.text


def test_the_person_can_still_carry_a_held_back_pointer():
    she = entry(_compose(), "She signs off every load")
    out = _compose({she.key: "carry"})
    assert entry(out, "She signs off every load").status == "carried"
    assert "She signs off every load before it leaves the gate." in out.text
    check_ledger(out)


def test_a_body_fact_an_observation_summarises_is_written_in_the_body(merged):
    bay = entry(merged, "Sawdust is bagged in Bay 6")
    assert bay.status == "carried"
    assert "behind the planer shed" in merged.text
    # its summary stays an observation, once
    assert merged.text.count("[location] Sawdust bagging is confined to Bay 6") == 1


def test_a_same_thing_pointer_follows_the_sentence_it_points_at(merged):
    assert entry(merged, "Full bags are stacked in the same bay").status == "carried"
    assert ("Sawdust is bagged in Bay 6 behind the planer shed, never in the main yard. "
            "Full bags are stacked in the same bay until the Thursday collection.") \
        in merged.text
    check_ledger(merged)


def _section(text: str, heading: str) -> str:
    rest = text.split(f"\n{heading}\n", 1)[1]
    return rest.split("\n## ", 1)[0]


def test_an_older_section_the_newest_rewrote_under_another_heading_is_written_there(merged):
    # "## Noise"'s SNR 30 sentence was replaced by "## Personal kit"'s SNR 35 one: what
    # is carried from "## Noise" goes there, not under a second heading on one subject
    assert entry(merged, "Ear defenders rated SNR 30").status == "superseded"
    assert entry(merged, "Hearing tests are booked").status == "carried"
    assert "## Noise" not in merged.text
    assert "Hearing tests are booked with the Ashby clinic each March." in \
        _section(merged.text, "## Personal kit")
    check_ledger(merged)


def test_an_older_section_the_newest_does_not_answer_keeps_its_heading(merged):
    assert "## Sawdust" in merged.text


@pytest.mark.parametrize("text", [
    "Readings use the meter kept in drawer 3 of the bench; please return it there.",
    "Kielder logs and Hamsterley logs are graded in the same yard.",
])
def test_a_pointer_whose_antecedent_is_named_in_the_sentence_does_not_point_back(text: str):
    from review_app.core.merge import ENGLISH
    from review_app.core.merge.pass_leaning import refers_back

    assert refers_back(text, ENGLISH) is False


def test_a_person_pointer_follows_the_newest_sentence_naming_that_person(merged):
    # its antecedent (14 days) was replaced by the newest's (10 days), which names
    # the same person and ends its paragraph: "His" reads as Tomas Reyes there
    assert entry(merged, "collected for sharpening every 14 days").status == "superseded"
    assert entry(merged, "His direct line is").status == "carried"
    assert _section(merged.text, "## Sharpening").strip() == (
        "Saw blades are collected for sharpening every 10 days by Tomas Reyes of Reyes "
        "Grinding.\n\nHis direct line is 01604 496 0871.")
    check_ledger(merged)


def test_a_heading_that_decides_what_its_units_mean_keeps_them():
    old = dated("sawmill/services-2024.md", "Sawmill services 2024", "sawmill/services-2024",
                "Services of the Brackley sawmill.\n\n## Out of scope\n\n"
                "Kiln drying runs of 8 days are not offered. Chainsaw sharpening for the "
                "public is not offered either. Firewood is not sold.\n", modified="2024-05-01")
    new = dated("sawmill/services.md", "Sawmill services", "sawmill/services",
                "Services of the Brackley sawmill.\n\n## Drying\n\n"
                "Kiln drying runs of 6 days are offered for oak and ash boards.\n\n"
                "## Milling\n\nLogs up to 90 cm across are milled to order.\n",
                modified="2026-03-01")
    out = compose("merge", new, [old], kept=new)
    assert entry(out, "Kiln drying runs of 8 days").status == "superseded"
    assert entry(out, "Chainsaw sharpening for the").status == "carried"
    assert "Chainsaw sharpening for the public is not offered either." in \
        _section(out.text, "## Out of scope")
    check_ledger(out)


def test_prose_the_newest_restates_only_as_an_observation_is_not_homed_among_them():
    old = dated("sawmill/site-2024.md", "Sawmill site 2024", "sawmill/site-2024",
                "Site notes for the Brackley sawmill.\n\n## Gate\n\n"
                "Owen Pryce holds the gate key.\n\n"
                "Visitors park in the four bays by the weighbridge.\n", modified="2024-05-01")
    new = dated("sawmill/site.md", "Sawmill site", "sawmill/site",
                "Site notes for the Brackley sawmill, revised in 2026.\n\n## Milling\n\n"
                "Logs up to 90 cm across are milled to order.\n\n## Observations\n\n"
                "- [contact] Owen Pryce holds the gate key #site\n"
                "- [milling] Logs up to 90 cm #milling\n", modified="2026-03-01")
    out = compose("merge", new, [old], kept=new)
    assert entry(out, "Visitors park in the four bays").status == "carried"
    observations = _section(out.text, "## Observations")
    assert all(ln.startswith("- [") for ln in observations.strip().splitlines()), observations
    check_ledger(out)
