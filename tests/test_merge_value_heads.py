"""A line gives a value of what heads it (issue 18: every still-true fact stated;
facts.value_head, older_only.heads_apart): "Quiet hours 10pm to 7am" is no older value
of "| Reception hours | 4pm to 8pm |", though both are hours (merge-BI g11 lost its quiet
hours to the reception row); "We also hold 6 ..." or "Maximum altitude of 120 ..." are
headed by nothing, so they are judged as before. Domain: a chip shop, which no other test
uses."""

from __future__ import annotations

from review_app.core.merge import ENGLISH
from review_app.core.merge.facts import value_head
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry


def test_the_head_of_a_line_and_of_a_row() -> None:  # failed before (no such reading)
    assert value_head("- Quiet hours 10pm to 7am.", "item", ENGLISH) == "quiet hour"
    assert value_head("Reception hours | 4pm to 8pm", "row", ENGLISH) == "reception hour"
    assert value_head("We also hold 6 sporrans on loan.", "sentence", ENGLISH) is None
    assert value_head("1. Maximum altitude of 120 metres.", "step", ENGLISH) is None


def test_a_line_headed_apart_from_a_row_is_no_older_value_of_it() -> None:  # failed before
    older = dated("chip-shop/opening.md", "Chip shop opening", "chip-shop-opening",
                  "## Times\n- Frying starts 11am.\n\n## Rules\n"
                  "- Fryer cleaning hours 9pm to 10pm.\n- Cash only under £5.\n",
                  modified="2024-02-01")
    newest = dated("chip-shop/opening-2024.md", "Chip shop opening 2024",
                   "chip-shop-opening-2024",
                   "Times for the new season.\n\n"
                   "| What | When |\n|---|---|\n| Frying starts | noon |\n"
                   "| Counter hours | 12pm to 9pm |\n",
                   modified="2024-08-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Fryer cleaning hours").status == "carried"
    assert "Fryer cleaning hours 9pm to 10pm" in composed.text
    check_ledger(composed)


def test_a_head_before_a_sum_or_a_copula() -> None:  # failed before (None for all three)
    assert value_head("- Dogs welcome, £25 per dog per stay.", "item", ENGLISH) == "dog welcome"
    assert value_head("- Minimum job charge is £450.", "item", ENGLISH) == "minimum job charge"
    assert value_head("- Minimum call-out charge of £85.", "item", ENGLISH) \
        == "minimum call out charge"
    # an adverb heads nothing ("Currently £68 per half skin" is no value of "currently")
    assert value_head("Currently £68 per half skin.", "sentence", ENGLISH) is None


def test_a_charge_headed_apart_from_a_labelled_price_is_kept() -> None:  # failed before
    # merge-BJ: "Dogs welcome, £25 per dog per stay" was lost to "Cleaning fee: £75 per
    # stay", "Minimum job charge is £450" to "Georgian bar: £50 per window". Fudge shop.
    older = dated("fudge-shop/gift-boxes.md", "Fudge gift boxes", "fudge-gift-boxes",
                  "## Prices\n- Box of twelve: £9 per box\n"
                  "- Engraved lids welcome, £4 per box extra.\n"
                  "- Minimum trade order is £120 whatever the mix.\n",
                  modified="2024-02-01")
    newest = dated("fudge-shop/gift-boxes-2024.md", "Fudge gift boxes 2024",
                   "fudge-gift-boxes-2024",
                   "## Prices\n- Box of twelve: £11 per box\n- Ribbon: £1 per box\n",
                   modified="2024-09-01")
    composed = compose("merge", newest, [older])
    assert entry(composed, "Box of twelve: £9").status == "superseded"
    for line in ("Engraved lids welcome, £4 per box extra.",
                 "Minimum trade order is £120 whatever the mix."):
        assert entry(composed, line[:20]).status == "carried", line
        assert line in composed.text
    assert "£9 per box" not in composed.text
    check_ledger(composed)
