"""Issue 18, "every current fact stated" (round 25, negation.py, pass_polarity): a limit
("no more than five high", "not later than 16:00") states a bound, not a denial, and a
contrast ("go to the sale table rather than in the skip") denies only what follows it:
the clause speaking of the thing is positive. merge-AX lost "Grout tubs stacked no more
than five high" to "GR-5W white grout 5kg: reorder at 30 tubs" and "The old display
tiles go to the clearance corner at 50% off rather than in the skip" to a newest line on
the tiles, as if each said the opposite. Domain: a petting farm (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.negation import negated
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("pettingfarm/feed-store.md", fm("Feed store", "2025-04-01") + (
    "## Feed\n\n- Feed bags are stacked no more than five high.\n"
    "- Pellets: 20 kg bags, reorder at 8 bags.\n\n"
    "## Yard\n\nSpilt pellets go to the hens rather than in the bin.\n"))

NEWER = note("pettingfarm/feed-store-2026.md", fm("Feed store 2026", "2026-03-01") + (
    "## Feed\n\n- Pellets: 20 kg bags from Hollins Mill, reorder at 12 bags.\n"
    "- Hay bales are kept off the floor on pallets.\n\n"
    "## Yard\n\nThe hens are let out at 08:00 and shut in at dusk; "
    "check the pellets hopper then.\n"))


def test_a_limit_is_no_negation():
    assert not negated("Feed bags are stacked no more than five high.", ENGLISH)
    assert not negated("Return the key not later than 16:00.", ENGLISH)
    assert negated("Bags are no longer stacked in the barn.", ENGLISH)


def test_a_limit_and_a_contrast_are_not_contradicted_by_other_lines():  # failed before
    c = compose("merge", NEWER, [OLDER], now=NOW)
    assert entry(c, "no more than five high").status == "carried"
    assert "Feed bags are stacked no more than five high." in c.text
    # the contrast is no opposite of the newest's line on the hens (whether it is carried
    # is the carry model's call: here it is held back for the person)
    spilt = entry(c, "Spilt pellets go to the hens")
    assert "opposite" not in spilt.why, spilt
    assert "8 bags" not in c.text
    check_ledger(c)
