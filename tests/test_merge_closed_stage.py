"""A closed stage is over (issue 18, round 18 STALE and MISPLACED): when the newest
version states a status that closes the stages before it ("Status: approved at the
March committee meeting"), an older draft's talk of its own stage ("Still a proposal",
"comments to Priya by the end of February", "The idea this season is ...") is
superseded by that status, not written under it; an older question listed under
"Things still to decide" is a question, not a fact; an older item carried into a
list of the newest joins it at its end, never between two of its items; and an older
observation summing up a line the newest replaced goes with that line. Guards: an
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


def test_a_clause_waiting_for_approval_is_closed_by_a_status_observation() -> None:
    newest = note("boats/summer-hire-plan-2026.md", FINAL.text.replace(
        "Status: approved at the March committee meeting. ", "").rstrip("\n") + (
        "\n\n## Observations\n\n"
        "- [status] Hire plan approved by the committee on 10 March 2026 #planning\n"))
    older = note("boats/summer-hire-proposal.md", PROPOSAL.text.replace(
        "Last season we took bookings by phone only.",
        "Until the committee approves it, quote last season's prices on the phone."))
    c = compose("merge", newest, [older])
    check_ledger(c)
    assert "Until the committee approves it" not in body(c.text)
    e = entry(c, "Until the committee approves it")
    assert e.status == "superseded" and "earlier stage" in e.why, e
    assert e.by_text is not None and "[status] Hire plan approved" in e.by_text


def test_a_stage_sentence_with_a_fact_the_newest_lacks_is_still_carried() -> None:
    older = note("boats/summer-hire-proposal.md", PROPOSAL.text.replace(
        "The idea this season is a fixed weekly changeover, with all bookings made online.",
        "We propose a £150 damage deposit, refunded within 14 days."))
    c = compose("merge", FINAL, [older])
    check_ledger(c)
    assert "£150 damage deposit" in c.text
    assert entry(c, "£150 damage deposit").status == "carried"


def test_a_proposal_that_is_not_the_note_s_stage_is_no_stage_talk() -> None:
    older = note("boats/summer-hire-proposal.md", PROPOSAL.text.replace(
        "Last season we took bookings by phone only.",
        "Until now each hire contract differed, depending on who wrote the proposal."))
    c = compose("merge", FINAL, [older])
    e = entry(c, "depending on who wrote the proposal")
    assert "earlier stage" not in (e.why or ""), e


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



FUEL_OLD = note("boats/fuel-orders.md", fm("Diesel orders", "2025-06-01") + (
    "Most of the fleet's diesel comes from Marsh Fuels. Ewan Doyle places the weekly "
    "order.\n\n"
    "## Weekly routine\n"
    "1. On Monday morning, dip the yard tank and note the level on the fuel sheet.\n"
    "2. Check the bookings sheet for boats going out that week.\n"
    "3. Compare against the minimum level painted on the tank.\n"
    "4. Phone the order through to Dave at Marsh Fuels, reading out each boat's litres "
    "from the sheet, before the Thursday noon cut-off.\n"
    "5. Write the order in the fuel book with the date.\n\n"
    "Deliveries arrive on Friday mornings.\n\n"
    "## Observations\n"
    "- [role] Ewan Doyle places the weekly order #fuel\n"
    "- [deadline] Order cut-off Thursday noon #fuel\n"
    "- [delivery] Deliveries on Friday mornings #fuel\n"))

FUEL_NEW = note("boats/fuel-orders-2026.md", fm("Diesel orders 2026", "2026-02-01") + (
    "Marsh Fuels moved every customer onto their trade portal in January, and Lena Gray "
    "took over ordering from Ewan.\n\n"
    "## Ordering steps\n"
    "1. Monday, first thing: dip the yard tank and record it on the fuel sheet.\n"
    "2. Go through the bookings sheet.\n"
    "3. Check the pump-out list, which now includes the day boats.\n"
    "4. Compare everything with the minimum level on the tank.\n"
    "5. Submit the order on the Marsh Fuels trade portal before the Wednesday 17:00 "
    "cut-off.\n"
    "6. Print the portal confirmation and clip it into the fuel book.\n\n"
    "Deliveries have moved to Thursday mornings.\n\n"
    "## Observations\n"
    "- [role] Lena Gray places the weekly order #fuel\n"
    "- [deadline] Portal cut-off Wednesday 17:00 #fuel\n"
    "- [delivery] Deliveries on Thursday mornings #fuel\n"))


def test_an_older_observation_restating_a_replaced_line_is_superseded_with_it() -> None:
    c = compose("merge", FUEL_NEW, [FUEL_OLD])
    check_ledger(c)
    written = body(c.text)
    assert "Wednesday 17:00 cut-off" in written
    assert "Thursday noon" not in written, written
    e = entry(c, "[deadline] Order cut-off Thursday noon")
    assert e.status == "superseded" and "older" in e.flips, e
    assert e.by_text is not None and "Wednesday 17:00" in e.by_text




def test_a_value_in_a_capitalised_unit_symbol_is_a_measure() -> None:
    # "400 W ERP" / "we now draw 5000 W per berth": measures in watts, so the
    # other-value rules compare them like "450 kg" (AD g02 kept "400 W ERP" beside
    # "500 W ERP"); a capital letter that is no unit symbol is still a name
    from review_app.core.merge import ENGLISH
    from review_app.core.merge.thing_values import thing_values

    older = thing_values("Licensed power is unchanged at 3000 W per berth.", ENGLISH)
    assert [(tv.value, tv.unit) for tv in older] == [("3000", "w/berth")], older
    # "unchanged" says the value did not change, not what it is of
    assert older[0].things == {"licens", "power"}, older
    newer = thing_values("We now draw 5 kW from the Foxton bollards.", ENGLISH)
    assert [(tv.value, tv.unit) for tv in newer] == [("5", "kw")], newer
    assert thing_values("Boats moor at pontoon 3 B side.", ENGLISH) == ()
