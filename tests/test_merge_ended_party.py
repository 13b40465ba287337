"""What "we no longer X" ends (issue 18: nothing stale stated as current; ended.py):
the business the writers no longer deal with, named after "from"/"with" ("We no longer
order from Pawfect Supplies" ends the older "Shampoo from Pawfect Supplies" line, not
every line about ordering), and the thing before a phrase saying when ("We are no
longer running the jackpot round this year": the jackpot round, whatever the year).
merge-CB g11 kept "Bond International (account BI-77810) ..." beside "We no longer
order from Bond International"; merge-CE g07 its raffle. Domains: a pet grooming salon
and a pub quiz, which no other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.ended import ended
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_the_party_after_from_is_what_ended() -> None:  # failed before
    found = ended("We no longer order from Pawfect Supplies; shampoo now comes from "
                  "Groomers Wholesale.", ENGLISH)
    assert [(e.said, e.party) for e in found] == [("Pawfect Supplies", True)]
    # a pronoun names no party: the act is still what ended
    assert [e.said for e in ended("We no longer buy from them.", ENGLISH)] == ["buy"]


def test_a_phrase_saying_when_ends_the_thing() -> None:  # failed before
    found = ended("We are no longer running the jackpot round this year.", ENGLISH)
    assert found and found[0].words == {"jackpot", "round"}


def test_an_older_supplier_line_goes_with_the_supplier() -> None:  # failed before
    older = dated("pet-grooming/suppliers.md", "Grooming salon suppliers",
                  "grooming-salon-suppliers",
                  "## Suppliers\n"
                  "- Shampoo and conditioner from Pawfect Supplies (account PS-2231), "
                  "delivered on Tuesdays.\n"
                  "- Towels laundered by Linen Direct every Friday.\n"
                  "- Nail clippers from Groomers Wholesale.\n",
                  modified="2025-02-01")
    newest = dated("pet-grooming/suppliers-2025.md", "Salon suppliers 2025",
                   "salon-suppliers-2025",
                   "## Suppliers\n"
                   "We no longer order from Pawfect Supplies; shampoo now comes from "
                   "Groomers Wholesale with the clippers.\n\n"
                   "- Towels laundered by Linen Direct every Friday.\n",
                   modified="2025-06-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Shampoo and conditioner from Pawfect").status == "superseded"
    assert "PS-2231" not in composed.text
    # what the newest does not end stays
    assert entry(composed, "Towels laundered").status == "present"
    check_ledger(composed)


def test_an_older_round_goes_when_the_newest_stopped_running_it() -> None:  # failed before
    older = dated("pub-quiz/format.md", "Quiz night format", "quiz-night-format",
                  "## Rounds\n"
                  "- Eight rounds of ten questions.\n"
                  "- Jackpot round: £1 entry, the pot rolls over weekly.\n"
                  "- Picture round handed out at 20:00.\n",
                  modified="2024-09-01")
    newest = dated("pub-quiz/format-2025.md", "Quiz night format 2025",
                   "quiz-night-format-2025",
                   "## Rounds\n"
                   "- Eight rounds of ten questions.\n"
                   "- Picture round handed out at 20:00.\n\n"
                   "We are no longer running the jackpot round this year.\n",
                   modified="2025-01-10")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Jackpot round: £1 entry").status == "superseded"
    assert "rolls over weekly" not in composed.text
    check_ledger(composed)


def test_no_party_or_when_where_there_is_none() -> None:  # a review's repros
    # "with" a person ends the meetings, not the person
    assert not any(e.party for e in ended(
        "We no longer meet with Sarah Jones on Tuesdays.", ENGLISH))
    # an object before the party is what ended ("order paper from": the paper)
    assert not any(e.party for e in ended(
        "We no longer order paper from Bond International; toner still comes from them.",
        ENGLISH))
    # "next day" opening the thing is the thing, not when
    found = ended("We no longer offer next day delivery.", ENGLISH)
    assert found and {"day", "delivery"} <= found[0].words
