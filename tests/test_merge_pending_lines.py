"""A wait once over is not written (issue 18, round 23 STALE): under a newest declared
approved, an older draft's line waiting on what the approval settled ("Still waiting on
the owner's sign-off.", "Room hire date TBC.") is superseded, in merge and update; "TBC"
is the wait, not a fact of its own; an interim state naming what the newest settled
("Still on Bookwhen for now, but Priya asked us to try Momence" / "Bookings go through
Momence") is over. Guard: a waiting line giving a fact of its own
("Still on the 24 cork blocks for now") is left to the other passes, which carry it.
Domain: a yoga studio (no other test uses it); real parser, real model. The first test
failed before the change."""

from __future__ import annotations

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NEWER = note("yoga/retreat-plan-approved.md", fm(
    "Spring retreat plan (approved)", "2026-03-01", "status: approved\n") + (
    "Approved by the owner on 1 March. The retreat runs 18-20 April at Hollin Barn.\n\n"
    "Bookings go through Momence, which the owner chose in February.\n\n"
    "## Costs\n\n"
    "- Place: £240 including meals.\n"))

DRAFT = note("yoga/retreat-plan-draft.md", fm(
    "Spring retreat plan (draft)", "2026-01-20", "status: draft\n") + (
    "Draft plan for the spring retreat. Still waiting on the owner's sign-off.\n\n"
    "Still on Bookwhen for now, but Priya asked us to try Momence for retreats.\n\n"
    "## Costs\n\n"
    "- Place: £220 including meals.\n\n"
    "## Logistics\n\n"
    "Room hire date TBC. Still on the 24 cork blocks for now.\n"))


def test_a_line_waiting_on_what_the_newest_settled_is_superseded() -> None:
    for action in ("merge", "update"):
        out = compose(action, NEWER, [DRAFT])
        check_ledger(out)
        for line in ("Still waiting on the owner's sign-off", "Room hire date TBC",
                     "Still on Bookwhen for now"):
            if action == "merge":
                assert entry(out, line).status == "superseded", (line, entry(out, line).why)
            assert line not in out.text, (action, line)


def test_a_waiting_line_with_a_fact_of_its_own_is_still_carried() -> None:
    out = compose("merge", NEWER, [DRAFT])
    assert entry(out, "24 cork blocks").status == "carried"
    assert "24 cork blocks" in out.text
