""""Decision 1 stands." says item 1 holds (issue 18: a decision list referenced by number;
pass_standing): a standing verb right after an item's label ("stands", "applies",
"holds") is enough, as "still stands" was; the older item is written, not left as a
pointer to nothing (merge-BI g09: "Decision 1 stands." with the 12-bottle minimum
lost). "The kiosk stands by the gate" names no item. Domain: a sweet shop, which no
other test uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.pass_standing import standing_labels
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_a_standing_verb_after_a_label_says_the_item_holds() -> None:  # failed before
    assert standing_labels("Decision 1 stands.", ENGLISH) == {"decision 1"}
    assert standing_labels("- D2 applies as before.", ENGLISH) == {"d2"}
    assert standing_labels("The kiosk stands by the gate.", ENGLISH) == set()


def test_an_item_said_to_stand_is_written() -> None:  # failed before
    older = dated("sweet-shop/trade-decisions.md", "Trade decisions", "sweet-shop-trade",
                  "## Decisions\n1. Minimum wholesale order 3 jars per flavour.\n"
                  "2. Payment terms 30 days from invoice.\n",
                  modified="2024-01-10")
    newest = dated("sweet-shop/trade-policy.md", "Trade policy", "sweet-shop-trade-policy",
                   "## Revised decisions\n- Decision 1 stands.\n"
                   "- Decision 2 revised: payment terms now 14 days from invoice.\n",
                   modified="2024-07-10")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Minimum wholesale order 3 jars").status == "carried"
    assert "Minimum wholesale order 3 jars per flavour" in composed.text
    assert "30 days from invoice" not in composed.text
    check_ledger(composed)
