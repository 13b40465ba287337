"""Issue 18 REPEAT (m20c): an older line with no fact at all (no number, name or code)
that a clause of a newest sentence says in the same words is said already: present,
not written beside it. With no fact to anchor it, only saying the same thing counts
(Thresholds.same_cosine); whole, the newest sentence says two things and sits far from
the line in meaning, so the carry rules wrote it again (merge-AH g07: "- Owners' own
food takes priority" beside "Owners' own food still takes priority, and soaked
biscuits are offered to seniors"). Domain: a falconry's feeding rounds (no other test
uses it); real parser, real model."""

# ruff: noqa: E501  (the notes hold long lines as agents write them)
from __future__ import annotations

import pytest
from helpers_merge import check_ledger, entry, merged, note

NEWEST = """---
title: Feeding and medication rounds 2025
type: note
permalink: falconry/feeding-and-medication-rounds-2025
tags: [feeding, medication, routine]
modified: 2025-07-19
---
# Feeding and medication rounds 2025

Updated routine after the staff changes in May. Idris Quayle took over as medication lead when Ruth went part-time, and he now checks the charts before each round and handles calls to keepers about refused doses.

## Schedule

The morning round stays at 7:00. The evening round is now at 17:30, so that it falls after the last collection slot and the desk is free. Water is refreshed at each round and again at midday.

## Portion guide

Owl birds:
- Day-old chicks: 40 g
- Quail: 85 g

Hawk birds (11+):
- Day-old chicks: 30 g
- Quail: 70 g

The hawk wet portion was reduced after the vet's weight review in June showed several older boarders gaining weight over long stays. Keepers' own food still takes priority, and soaked biscuits are offered to hawks with poor teeth.

## Giving medicines

Doses are given at the morning and evening rounds unless the vet has set other times. Each dose is initialled on the chart. Refused doses are reported to the medication lead the same day.

## Observations
- [role] Idris Quayle is medication lead #medication
- [routine] Evening round at 17:30 #feeding
- [portion] Hawk wet food reduced to 70 g #feeding

## Relations
- part_of [[Falconry operations]]
- relates_to [[Admissions checklist v2]]
"""

DECEMBER = """---
title: Feeding rounds (Dec 2024)
type: note
permalink: falconry/feeding-rounds-2024-12
tags: [feeding, medication, routine]
modified: 2024-12-03
---
# Feeding rounds (Dec 2024)

Winter version of the feeding routine. We moved the morning round earlier so that the birds are fed before the heating cycle and the first collections. Ruth Penrose remains medication lead and checks the charts before each round.

## Round times

- Morning round: 7:00
- Evening round: 17:00
- Water refreshed at each round and at midday

## Portions for owl birds

- Day-old chicks: 40 g
- Quail: 85 g
- Keepers' own food takes priority

## Portions for hawk birds (11+)

- Day-old chicks: 30 g
- Quail: 85 g
- Soaked biscuits for birds with poor teeth

## Medicines

Medicines go out with the morning and evening rounds unless the vet instructs otherwise. Every dose gets initialled. Birds on a course of antibiotics are fed last, after the rest of their pen. A refused tablet is logged and reported to the medication lead that day, and the lead decides whether to call the owner.

## Observations
- [routine] Morning round moved to 7:00 #feeding
- [role] Ruth Penrose is medication lead #medication
- [portion] Hawk wet food 85 g #feeding

## Relations
- part_of [[Falconry operations]]
"""

FIRST = """---
title: Feeding and medication rounds
type: note
permalink: falconry/feeding-and-medication-rounds
tags: [feeding, medication, routine]
modified: 2024-06-11
---
# Feeding and medication rounds

The daily feeding routine for all pens. Ruth Penrose is the medication lead and checks every medicine chart at the start of each round.

## Times

- Morning round: 7:30
- Evening round: 17:00
- Water bowls refreshed at both rounds and at midday

## Owl birds

- Day-old chicks: 40 g
- Quail: 85 g
- Keeper's own food used if supplied

## Hawk birds (11+)

- Day-old chicks: 30 g
- Quail: 85 g
- Soaked biscuits if teeth are poor

## Medication

Medicines are given at the morning and evening rounds unless the vet says otherwise. Each dose is initialled on the chart. Refused tablets are reported to the medication lead the same day.

## Observations
- [routine] Morning round at 7:30 #feeding
- [role] Ruth Penrose is medication lead #medication
- [portion] Owl wet food 85 g #feeding

## Relations
- part_of [[Falconry operations]]
- relates_to [[Admissions checklist v2]]
"""


@pytest.fixture(scope="module")
def composed():
    return merged(note("falconry/feeding-and-medication-rounds-2025.md", NEWEST),
                  note("falconry/feeding-rounds-2024-12.md", DECEMBER),
                  note("falconry/feeding-and-medication-rounds.md", FIRST))


def test_factless_line_a_clause_says_is_not_written_again(composed):
    """"Keepers' own food takes priority" is the clause "Keepers' own food still takes
    priority" of the newest's sentence: present, not carried (failed before: carried,
    "a rule nothing in the newest speaks to", written under Owl birds)."""
    assert "- Keepers' own food takes priority" not in composed.text
    assert composed.text.count("own food") == 1
    assert entry(composed, "Keepers' own food takes priority").status == "present"
    check_ledger(composed)


def test_a_line_only_an_older_version_gives_is_still_carried(composed):
    """A rule with no fact that only the December note gives, said nowhere in the
    newest, stays (LOST guard). (Its reason for the earlier morning round is that
    version's talk about its change: reported, see test_merge_version_talk.)"""
    assert "fed last, after the rest of their pen" in composed.text
    assert entry(composed, "fed last, after the rest").status == "carried"
