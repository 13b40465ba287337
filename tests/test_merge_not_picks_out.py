"""A "not" after a noun and before a participle picks out which ones; it denies
nothing: "Coats not collected within 60 days are given to charity" asserts a rule. Read
as a denial, it was "the opposite" of the newest's unrelated "Turnaround is 3 working
days ..." and the still-true rule was lost (merge-ET: a pen shop's 90-day rule; dev: a
society's "Paintings not collected on the day are stored for 2 weeks"). Domain: a dry
cleaner's counter."""

from __future__ import annotations

import datetime as dt

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.negation import negated
from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

NOW = dt.datetime(2026, 11, 2, 9, 0)

NEWEST = ("How the counter takes in dry cleaning, from September 2026.\n\n"
          "## Taking it in\n\n"
          "Turnaround is 3 working days from the day we tag the coat. Tag every item with "
          "the ticket number.\n")
OLDER = ("How the counter takes in dry cleaning.\n\n"
         "## Taking it in\n\n"
         "Turnaround is 4 working days. Tag every item with the ticket number.\n\n"
         "## Uncollected items\n\n"
         "Coats not collected within 60 days are given to charity.\n")


def test_a_not_that_picks_out_which_ones_denies_nothing():
    assert not negated("Coats not collected within 60 days are given to charity.", ENGLISH)
    assert not negated("Items not on the list are quoted first.", ENGLISH)
    # a "not" after a verb, with no verb after it, or opening its own clause or table
    # cell, still denies
    assert negated("Coats are not collected on Sundays.", ENGLISH)
    assert negated("Dogs not allowed on the beach.", ENGLISH)
    assert negated("Cash not accepted at the counter.", ENGLISH)
    assert negated("| Senior plan | not offered |", ENGLISH)
    assert negated("Stain removal is not on the list any more.", ENGLISH)


def test_a_still_true_rule_picking_out_which_ones_is_carried():
    newer = dated("cleaner/counter-2026.md", "Counter intake 2026", "counter-2026", NEWEST,
                  modified="2026-09-01")
    older = dated("cleaner/counter.md", "Counter intake", "counter", OLDER,
                  modified="2025-03-01")
    c = compose("merge", newer, [older], now=NOW)
    rule = entry(c, "Coats not collected within 60 days")
    assert rule.status == "carried", rule
    assert "Coats not collected within 60 days are given to charity." in c.text
    check_ledger(c)
