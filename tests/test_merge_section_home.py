"""A carried older unit goes in the newest's section whose heading and text it is
nearest in meaning (its own heading's section first), else under its own heading:
never into an unrelated section, never into a section that is a numbered procedure
(pass_render)."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry, section_of

_GAS_PROSE = ("## Gas and power\n\nThe generator is serviced every 200 hours.\n\n"
              "Gas bottles are checked before every shift.\n\n")
_GAS_STEPS = ("## Gas and power\n\n1. Check the gas bottles before every shift.\n"
              "2. Service the generator every 200 hours.\n\n")


def _newest(gas: str = _GAS_PROSE):
    return dated("food-truck/operations-2026.md", "Food truck operations 2026",
                 "food-truck-operations-2026",
                 "The truck trades at the Millfield market on weekends.\n\n"
                 "## Menu\n\nThe menu has six dishes, two of them vegan.\n\n"
                 "Prices run from GBP 6 to GBP 11.\n\n" + gas +
                 "## Staff\n\nTwo staff work each shift; Priya leads the Saturday crew.\n",
                 modified="2026-05-01")


def _older():
    return dated("food-truck/operations.md", "Food truck operations",
                 "food-truck-operations",
                 "The truck trades at the Millfield market on weekends.\n\n"
                 "Spare LPG bottles are swapped at the Dock Road depot on account 4471.\n\n"
                 "## Menu\n\nThe menu has six dishes, two of them vegan.\n\n"
                 "## Practicalities\n\nThe generator is serviced every 200 hours.\n\n"
                 "Gas bottles are checked before each shift.\n\n"
                 "The council hygiene rating is 5, last inspected in May 2025.\n",
                 modified="2025-05-01")



def test_a_carried_unit_goes_in_the_section_nearest_in_meaning() -> None:
    composed = compose("merge", _newest(), [_older()])
    text = composed.text
    assert entry(composed, "Spare LPG bottles").status == "carried"
    # an intro sentence about gas goes with the newest's gas, not in its intro
    assert section_of(text, "Spare LPG bottles") == "## Gas and power"
    lines = text.splitlines()
    at = lines.index("Spare LPG bottles are swapped at the Dock Road depot on account 4471.")
    assert lines[at - 2] == "Gas bottles are checked before every shift."
    check_ledger(composed)


def test_a_unit_nothing_in_the_newest_is_near_goes_under_its_own_heading() -> None:
    composed = compose("merge", _newest(), [_older()])
    text = composed.text
    assert entry(composed, "hygiene rating").status == "carried"
    # its section's other sentences are the newest's gas section's, but it is not about
    # gas or the menu: under its own heading, written once
    assert section_of(text, "hygiene rating") == "## Practicalities"
    assert text.count("## Practicalities") == 1
    check_ledger(composed)


def test_a_section_that_is_only_a_numbered_procedure_takes_no_carried_prose() -> None:
    text = compose("merge", _newest(_GAS_STEPS), [_older()]).text
    lines = text.splitlines()
    # nearest in meaning, but a procedure: the sentence stays where its note had it
    assert section_of(text, "Spare LPG bottles") == "# Food truck operations 2026"
    assert not any(ln.startswith("3.") for ln in lines)
    assert lines[lines.index("## Gas and power") + 3] == (
        "2. Service the generator every 200 hours.")
    assert lines[lines.index("## Gas and power") + 5] == "## Staff"
