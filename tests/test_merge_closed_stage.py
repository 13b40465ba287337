"""A closed stage is over (issue 18, round 18 STALE and MISPLACED): when the newest
version states a status that closes the stages before it ("Status: approved at the
March committee meeting"), an older draft's talk of its own stage ("Still a proposal",
"comments to Priya by the end of February", "The idea this season is ...") is
superseded by that status, not written under it; an older question listed under
"Things still to decide" is a question, not a fact; and an older item carried into a
list of the newest joins it at its end, never between two of its items. Guards: an
older stage sentence naming what the newest states nowhere is still carried; under a
newest that is itself a draft, nothing is closed. Domain: a canal boat hire yard (no
other test uses it); real parser, real model. Each test failed before the change."""

from __future__ import annotations

from helpers_merge import body, check_ledger, entry, fm, note

from review_app.core.merging import compose

PROPOSAL = note("boats/summer-hire-proposal.md", fm(
    "Summer hire plan proposal", "2026-01-20", "status: proposed\n") + (
    "Status: proposed. Priya Nair is pulling this together; comments to her by the end "
    "of February.\n\n"
    "Last season we took bookings by phone only. The idea this season is a fixed "
    "weekly changeover, with all bookings made online.\n\n"
    "## Boats\n\n"
    "- Heron: 6 berths, £1,050 a week\n"
    "- Otter: 4 berths, £820 a week\n"
    "- Heron and Otter each carry 2 windlasses and a 40-litre water pump\n\n"
    "## Things still to decide\n\n"
    "- Which boatyard for the winter refit? Priya has quotes from two yards.\n"))

DRAFT_TWO = note("boats/summer-hire-plan-v2.md", fm(
    "Summer hire plan v2", "2026-02-18", "status: proposed\n") + (
    "Still a proposal, but most of the open points from January are now answered. "
    "Priya Nair remains in charge of hire bookings.\n\n"
    "## Boats\n\n"
    "- Heron: 6 berths, £1,100 a week\n"
    "- Otter: 4 berths, £860 a week\n"))

FINAL = note("boats/summer-hire-plan-2026.md", fm(
    "Summer hire plan 2026", "2026-03-12", "status: approved\n") + (
    "Status: approved at the March committee meeting. Priya Nair is hire lead and "
    "all booking questions go to her.\n\n"
    "## Boats\n\n"
    "- Heron: 6 berths, £1,100 a week\n"
    "- Otter: 4 berths, £860 a week\n"
    "- Moorhen: 4 berths, £840 a week\n\n"
    "Changeover is on Saturdays, and every booking is made online.\n"))

STAGE = ("Priya Nair is pulling this together; comments to her by the end of February.",
         "Still a proposal, but most of the open points from January are now answered.",
         "The idea this season is a fixed weekly changeover, with all bookings made online.")


def test_an_older_draft_s_stage_talk_is_superseded_by_the_newest_s_closing_status() -> None:
    c = compose("merge", FINAL, [DRAFT_TWO, PROPOSAL])
    check_ledger(c)
    written = body(c.text)
    assert "Status: approved at the March committee meeting." in written
    for text in STAGE:
        assert text not in written, text
        e = entry(c, text[:40])
        assert e.status == "superseded", (text, e.status, e.why)
        assert "older" in e.flips
    for text in STAGE[:2]:  # (the pitch is also said over by the changeover sentence)
        assert entry(c, text[:40]).by_text == "Status: approved at the March committee meeting."
    # the person can still have one: flipped, it is written
    e = entry(c, STAGE[0][:40])
    flipped = compose("merge", FINAL, [DRAFT_TWO, PROPOSAL], choices={e.key: "older"})
    check_ledger(flipped)
    assert "comments to her by the end of February" in flipped.text


def test_a_stage_sentence_with_a_fact_the_newest_lacks_is_still_carried() -> None:
    older = note("boats/summer-hire-proposal.md", PROPOSAL.text.replace(
        "The idea this season is a fixed weekly changeover, with all bookings made online.",
        "We propose a £150 damage deposit, refunded within 14 days."))
    c = compose("merge", FINAL, [older])
    check_ledger(c)
    assert "£150 damage deposit" in c.text
    assert entry(c, "£150 damage deposit").status == "carried"


def test_under_a_newest_that_is_still_a_draft_nothing_is_closed() -> None:
    draft = note("boats/summer-hire-plan-2026.md", FINAL.text.replace(
        "Status: approved at the March committee meeting.", "Status: draft."))
    c = compose("merge", draft, [PROPOSAL])
    e = entry(c, STAGE[0][:40])
    assert "earlier stage" not in (e.why or "")


def test_a_question_under_things_still_to_decide_is_not_carried() -> None:
    c = compose("merge", FINAL, [DRAFT_TWO, PROPOSAL])
    check_ledger(c)
    assert "Which boatyard for the winter refit?" not in body(c.text)
    e = entry(c, "Which boatyard for the winter refit?")
    assert e.status == "dropped" and e.why == "an older draft's open question", e
    assert "carry" in e.flips


def test_an_older_item_joins_the_newest_s_list_at_its_end() -> None:
    c = compose("merge", FINAL, [DRAFT_TWO, PROPOSAL])
    check_ledger(c)
    assert entry(c, "2 windlasses").status == "carried"
    items = [ln for ln in body(c.text).splitlines() if ln.startswith("- ")]
    assert items == ["- Heron: 6 berths, £1,100 a week", "- Otter: 4 berths, £860 a week",
                     "- Moorhen: 4 berths, £840 a week",
                     "- Heron and Otter each carry 2 windlasses and a 40-litre water pump"
                     ], items
