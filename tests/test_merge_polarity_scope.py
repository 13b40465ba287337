"""Two units contradict each other only when they speak of one thing, and a practice
rule is no statement (issue 18: every still-true fact stated; pass_polarity): the
note's own subject, its titles' words, is no such thing ("the punnet cannot go back
on the shelf" denies nothing of "Punnets must be weighed at the till"; merge-BG g03
had lost its permit conditions to "the skip cannot go on a drive"), and "We don't
use X" forbids what a unit naming another supplier does not state (merge-BG g10 lost
"We don't use calendered vinyl" to "Switched to cast vinyl"), in the body and in
the observations alike. Domain: a pick-your-own farm, which no other test uses."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_the_notes_own_subject_is_no_shared_thing() -> None:  # failed before
    older = dated("pyo/punnet-rules.md", "Punnet rules", "pyo-punnet-rules",
                  "## At the till\n- Punnets must be weighed at the till before paying.\n"
                  "- Price: £4.50 per kg\n",
                  modified="2025-05-01")
    newest = dated("pyo/punnet-rules-2025.md", "Punnet rules 2025", "pyo-punnet-rules-2025",
                   "## At the till\n1. Tell pickers that a used punnet cannot go back on "
                   "the shelf.\n2. Take payment by card.\n\n"
                   "## Prices\n- Price: £5 per kg\n",
                   modified="2025-07-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Punnets must be weighed").status == "carried"
    assert "Punnets must be weighed at the till" in composed.text
    check_ledger(composed)


def test_we_dont_use_is_a_rule_beside_another_supplier() -> None:  # failed before
    older = dated("pyo/supplies.md", "Farm supplies", "pyo-supplies",
                  "## Straw\nWe don't use barley straw under the strawberries - it "
                  "carries weed seed.\n\n"
                  "## Observations\n- [straw] Wheat straw only, never barley #straw\n",
                  modified="2025-02-01")
    newest = dated("pyo/supplies-2025.md", "Farm supplies 2025", "pyo-supplies-2025",
                   "## Straw\nSwitched to wheat straw from Hollins Farm - cleaner bales and "
                   "delivered on the day.\n\n"
                   "## Observations\n- [straw] Hollins Farm wheat straw #straw\n",
                   modified="2025-06-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "We don't use barley straw").status == "carried"
    assert "We don't use barley straw" in composed.text
    check_ledger(composed)
