"""Issue 18, merge12d: still-true facts only an older note states (a contact, a phone
number, an allergy, a rule) are carried, and every unit of every member ends in the
ledger as stated, present, superseded, carried or dropped with a reason. Domain: a
veterinary clinic's front desk (no other test uses it).

The faults found, for the older staff list "Reception is staffed by Ruth Mbeki and Dana
Whitlock": a name right after "at" in the newest ("reception staff at Larchfield
Veterinary Clinic") was read as another person in its role, so it was superseded by a
sentence naming nobody; and with that fixed, the carry model held it back (an older
note's intro adding names only, p 0.12) though nothing in the newest names anyone for
it (pass_carry.named_alone)."""

from __future__ import annotations

import datetime as dt

import pytest
from helpers_merge import check_ledger, entry, fm, note, rewrite_groups

from review_app.core.merge.document import parse
from review_app.core.merge.facts import one_spelling
from review_app.core.merge.ledger import WORDING_ONLY
from review_app.core.merging import compose, split_frontmatter
from review_app.core.notes import Note

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

V1 = note("vet/front-desk-guide.md", fm("Front desk guide", "2024-05-02") + (
    "This guide is for reception staff at Larchfield Veterinary Clinic. Reception is "
    "staffed by Ruth Mbeki and Dana Whitlock. Out of hours, calls divert to Northvale "
    "Emergency Vets on 0161 496 0732.\n\n"
    "## Consults\n\n"
    "Consults are booked in 15-minute slots. Biscuit, the Hendersons' spaniel, is "
    "allergic to chlorhexidine, so nurses clean his wounds with saline.\n"))
V2 = note("vet/front-desk-guide-2025.md", fm("Front desk guide 2025", "2025-03-10") + (
    "This guide is for reception staff at Larchfield Veterinary Clinic.\n\n"
    "## Consults\n\n"
    "Consults are booked in 20-minute slots. Exotic pets are seen by Amara Osei on "
    "Thursdays.\n\n"
    "## Suppliers\n\n"
    "- Pharmacy orders go through Vetline, account VL-22817.\n"
    "- The Axiom Labs courier collects samples at 15:30 from the side door.\n"))
V3 = note("vet/front-desk-guide-2026.md", fm("Front desk guide 2026", "2026-01-15") + (
    "This guide is for reception staff at Larchfield Veterinary Clinic, revised for the "
    "new building. Reception staff greet every client by name.\n\n"
    "## Consults\n\n"
    "Consults are booked in 20-minute slots. Reception checks allergy flags before "
    "confirming a booking.\n\n"
    "## Payments\n\n"
    "Payment is taken at the end of the consult, by card or bank transfer.\n"))

OLDER_ONLY = ("Reception is staffed by Ruth Mbeki and Dana Whitlock.",
              "Out of hours, calls divert to Northvale Emergency Vets on 0161 496 0732.",
              "Biscuit, the Hendersons' spaniel, is allergic to chlorhexidine",
              "Exotic pets are seen by Amara Osei on Thursdays.",
              "Pharmacy orders go through Vetline, account VL-22817.",
              "The Axiom Labs courier collects samples at 15:30 from the side door.")


def accounted(composed, members: list[Note]) -> None:
    """Every unit of every member has one ledger entry with a verdict a reader can
    follow: what is stated or carried is in the text, what is superseded names what
    replaced it, what is dropped says why, and what is called present has its values
    (numbers, codes, links) in the text."""
    text = composed.text
    spelled = one_spelling(text).lower().replace(",", "")  # "82 °C" is the fact 82°c
    for n in members:
        doc = parse(n.path, split_frontmatter(n.text)[1])
        units = sum(len(doc.blocks[b].units) for s in doc.sections for b in s.blocks)
        mine = [e for e in composed.ledger.entries if e.source == n.path]
        assert len(mine) == units, (n.path, len(mine), units)
    for e in composed.ledger.entries:
        assert e.status in ("stated", "present", "superseded", "carried", "dropped"), e
        if e.status == "superseded":
            assert e.by_text, e.text
        if e.status == "dropped":
            assert e.why, e.text
        if e.status == "present" and e.kind not in ("rel", "code"):
            for v in e.facts:
                if v.startswith("n:"):
                    assert v[2:] in spelled, (e.text, v)
        if e.status == "dropped" and WORDING_ONLY in e.why and e.kind != "code":
            for v in e.facts:  # wording only: its values are written
                if v.startswith("n:"):
                    assert v[2:] in spelled, (e.text, v)
    check_ledger(composed)


def test_a_place_named_after_a_role_does_not_replace_the_older_holders():
    c = compose("merge", V3, [V1], now=NOW)
    e = entry(c, "Reception is staffed by Ruth Mbeki")
    assert e.status == "carried", (e.status, e.why)
    assert "Reception is staffed by Ruth Mbeki and Dana Whitlock." in c.text
    check_ledger(c)


def test_each_older_notes_facts_the_newest_never_mentions_are_carried():
    c = compose("merge", V3, [V2, V1], now=NOW)
    for fact in OLDER_ONLY:
        assert fact in c.text, fact
        assert entry(c, fact).status == "carried", fact
    assert "15-minute slots" not in c.text  # the older value the newest changed
    accounted(c, [V3, V2, V1])


@pytest.mark.parametrize("group", rewrite_groups(), ids=lambda g: g["name"])
def test_every_unit_of_every_rewrite_member_is_accounted_for(group, rewrite_notes):
    newer = rewrite_notes[group["newer"]]
    members = [rewrite_notes[p] for p in group["members"]]
    c = compose("merge", newer, members, now=NOW)
    accounted(c, [newer, *members])
