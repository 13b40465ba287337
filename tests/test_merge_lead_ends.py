"""What the newest's intro says is over it says of the whole note, and a thing a business
stopped serving is the thing, not the verb (issue 18: nothing stale stated as current;
pass_said_over, ended.py): "We no longer serve a cheese board" opening the newest ends the
"Cheese board from the Mousetrap" line an older "## Basics" held (merge-BI g07 kept it as
current). Domain: a beach cafe, which no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.ended import ended
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_the_thing_a_business_stopped_serving_is_its_object() -> None:  # failed before
    found = ended("We no longer serve a cream tea; guests get scones to take away.", ENGLISH)
    assert found and found[0].words == {"cream", "tea"}


def test_an_intro_ending_speaks_of_every_section() -> None:  # failed before
    older = dated("beach-cafe/runbook.md", "Beach cafe runbook", "beach-cafe-runbook",
                  "## Basics\n- Open 9am to 5pm in season.\n"
                  "- Cream tea from the Harbour Bakery, collected at 8am.\n\n"
                  "## Closing\n1. Stack the chairs.\n2. Lock the kiosk.\n",
                  modified="2024-04-01")
    newest = dated("beach-cafe/runbook-summer.md", "Beach cafe runbook (summer)",
                   "beach-cafe-runbook-summer",
                   "We now open at 8am. We no longer serve a cream tea; guests get scones "
                   "to take away instead.\n\n"
                   "## Closing\n1. Stack the chairs.\n2. Lock the kiosk.\n",
                   modified="2024-07-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Cream tea from the Harbour Bakery").status == "superseded"
    assert "Harbour Bakery" not in composed.text
    check_ledger(composed)
