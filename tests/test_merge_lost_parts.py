"""Issue 18, point 4 (merge19c): a still-true fact only an older note states is not
lost because something in the newest speaks to a part of the sentence that states
it. Round 18's readers found such facts missing from merged notes (merge-AG, AD):

- a note's observation restating part of a sentence (its subject) does not make the
  whole sentence present ("[contact] Minibus from ... Transport" / "The minibus has
  a tail lift"): pass_once asks the observation to share most of its words;
- a newest table row giving a stop's times does not give "another value" of a house
  number, nor say over a sentence most of whose words it does not say, when that
  sentence names people and places the newest names nowhere (facts.kinds_meet,
  said_in_frame);
- a value written as a condition ("orders over £400") is no other value of a price
  ("from £95"): only another condition is (facts.condition_kept);
- who a thing comes from ("grown for us by the Pennington farm") is a fact the
  newest's rewrite left out when it names no supplier (alone_facts._supplier);
- a contact observation giving a phone and an account the newest lacks makes no claim
  a negated sentence can deny ("If the alarm has not gone off, ..."): pass_polarity
  leaves it to the rules (alone_facts.identifiers).

Domains: bell ringing, a sailmaker's loft, a coffee roaster, a cooperage, a fencing
club (no other test uses them); real parser, real model. Each test failed before the change."""

from __future__ import annotations

import datetime as dt

from helpers_merge import entry, fm, merged, note

NOW = dt.datetime(2026, 7, 1, 9, 0, 0)


def test_an_observation_naming_the_subject_does_not_say_the_whole_sentence() -> None:
    older = note("bells/tower-outing-checklist.md", fm("Tower outing checklist", "2024-05-10") + (
        "We ring at four or five towers a year on outings: the county striking "
        "competition, the summer tour and a couple of weddings. This is what the outing "
        "secretary works through the week before.\n\n"
        "## Travel\n\n"
        "We do not have our own transport. Book the minibus from Ashdown Community "
        "Transport at least three weeks ahead; ask for Sandra on 01632 960 115. The "
        "minibus has a tail lift, which matters for the flight cases.\n\n"
        "## What to bring\n\n"
        "- [ ] Tower keys list and contact numbers\n"
        "- [ ] Two spare stays and a set of sally covers\n"
        "- [ ] First aid kit\n\n"
        "## Observations\n"
        "- [equipment] Two spare stays on every outing #outings\n"
        "- [contact] Minibus from Ashdown Community Transport, Sandra, 01632 960 115 "
        "#transport\n"))
    newer = note("bells/outing-checklist-2025.md", fm("Outing checklist (2025)", "2025-05-02") + (
        "Refreshed list for the 2025 outing season. We now carry three spare stays after "
        "one broke at the county competition.\n\n"
        "## What to bring\n\n"
        "- [ ] Tower keys list and contact numbers\n"
        "- [ ] Three spare stays and a set of sally covers\n"
        "- [ ] First aid kit and the accident book\n\n"
        "Travel is still by the community minibus; book it at least three weeks ahead.\n\n"
        "## Observations\n"
        "- [equipment] Three spare stays on every outing #outings\n"))
    c = merged(newer, older, now=NOW)
    e = entry(c, "tail lift")
    assert e.status == "carried", (e.status, e.why)
    assert "The minibus has a tail lift" in c.text


def test_a_stop_row_is_no_other_value_of_who_holds_the_key() -> None:
    older = note("sails/loft-collection-rounds.md", fm("Loft collection rounds", "2024-03-01") + (
        "The van collects sails for repair from the marinas on the Thursday round.\n\n"
        "## Round\n\n"
        "| Marina | Time | Where |\n|---|---|---|\n"
        "| Kettle Quay | 09:30–10:15 | boatyard gate |\n"
        "| Saltmarsh | 11:00–11:40 | harbour office |\n\n"
        "## Access\n\n"
        "At Kettle Quay the boatyard gate is kept padlocked on weekdays; the key from "
        "Mr Adebayo at No. 7 Ropewalk Lane opens it, and he expects us to drop it back "
        "on the way out.\n\n"
        "## Observations\n"
        "- [access] Kettle Quay gate key held by Mr Adebayo #round\n"))
    newer = note("sails/collection-round-2026.md", fm("Collection round from 2026",
                                                      "2026-01-12") + (
        "The Thursday round now starts earlier so the van is back before the tide.\n\n"
        "## Round\n\n"
        "| Marina | Time | Where |\n|---|---|---|\n"
        "| Kettle Quay | 09:00–09:45 | boatyard gate |\n"
        "| Saltmarsh | 10:30–11:10 | harbour office |\n"))
    c = merged(newer, older, now=NOW)
    e = entry(c, "Ropewalk Lane")
    assert e.status == "carried", (e.status, e.why)
    assert "No. 7 Ropewalk Lane" in c.text
    assert "09:30–10:15" not in c.text  # the stop's old time stays out


def test_a_condition_on_a_price_is_no_other_price() -> None:
    older = note("roastery/machine-prices.md", fm("Machine prices", "2024-09-01",
                                                  "important: true\n") + (
        "Prices for the espresso machines we sell to cafés.\n\n"
        "## Prices\n\n"
        "| Machine | Price |\n|---|---|\n"
        "| Single group | from £450 |\n| Lever machine | from £600 |\n\n"
        "## Aftercare\n\n"
        "Machines over £900 include a free first service at the roastery the following "
        "spring, booked through the shop.\n\n"
        "## Observations\n"
        "- [price] Lever machines from £600 #pricing\n"))
    newer = note("roastery/machine-price-list-2025.md", fm("Machine price list 2025",
                                                           "2025-10-01") + (
        "Prices went up this autumn with the supplier's list.\n\n"
        "## Prices\n\n"
        "| Machine | Price |\n|---|---|\n"
        "| Single group | from £520 |\n| Lever machine | from £680 |\n\n"
        "## Observations\n"
        "- [price] Lever machines from £680 #pricing\n"))
    c = merged(newer, older, now=NOW)
    e = entry(c, "Machines over £900")
    assert e.status == "carried", (e.status, e.why)
    assert "Machines over £900 include a free first service" in c.text
    assert "£450" not in c.text and "from £600" not in c.text


def test_who_supplies_a_thing_is_a_fact_the_rewrite_left_out() -> None:
    older = note("cooperage/cask-quoting-guide.md", fm("Cask quoting guide", "2024-02-01") + (
        "How we price new casks and repairs.\n\n"
        "## Oak staves\n\n"
        "Oak is seasoned for us by the Hartwell sawmill at Bramcote; it is air-dried in "
        "the yard, which takes time, so allow an extra week per 50 staves.\n\n"
        "## Terms\n\n"
        "Quotes are valid for 60 days.\n"))
    newer = note("cooperage/cask-pricing-2025.md", fm("Cask pricing 2025", "2025-06-01") + (
        "Prices and terms for new casks and repairs from June 2025.\n\n"
        "## Oak staves\n\n"
        "For oak staves, remember that drying happens in our yard: allow an extra week "
        "per 50 staves.\n\n"
        "## Terms\n\n"
        "Quotes are valid for 45 days.\n"))
    c = merged(newer, older, now=NOW)
    e = entry(c, "Hartwell sawmill")
    assert e.status == "carried", (e.status, e.why)
    assert "Hartwell sawmill at Bramcote" in c.text
    assert "60 days" not in c.text


def test_a_contact_with_its_phone_and_account_is_no_claim_a_negation_denies() -> None:
    older = note("fencing/emergency-procedures.md", fm("Emergency procedures", "2024-01-15") + (
        "What to do in an emergency at the Ridgeway fencing salle.\n\n"
        "## Fire\n\n"
        "1. Press the nearest call point.\n"
        "2. Leave by the nearest exit; do not stop for kit.\n"
        "3. Meet at the assembly point by the car park gate.\n\n"
        "## Alarm company\n\n"
        "The intruder and fire alarm is monitored by Beacon Alarms.\n\n"
        "## Observations\n"
        "- [contact] Beacon Alarms 0113 496 0522, account BA-4410 #alarms\n"))
    newer = note("fencing/emergency-procedure-2025.md", fm("Emergency procedure (2025)",
                                                           "2025-09-01") + (
        "Reviewed after the September drill.\n\n"
        "## Fire\n\n"
        "1. If the alarm has not gone off, press the nearest call point.\n"
        "2. Leave by the nearest exit; do not stop for kit or masks.\n"
        "3. Meet at the assembly point by the car park gate.\n"
        "4. The duty coach takes the register.\n"))
    c = merged(newer, older, now=NOW)
    e = entry(c, "BA-4410")
    assert e.status == "carried", (e.status, e.why)
    assert "0113 496 0522" in c.text
