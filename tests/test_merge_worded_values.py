"""Issue 18, point 4 (merge16b): a quantity written in words is a value. An older
observation "[pricing] Direct debit discount is ten percent" under a newest body
taking 15% off gives another value of what the newest gives: superseded by the unit
giving the new value (a row the person can flip), not written beside it; a length in
words likewise ("eight metres" / "12 metres"). Domain: a window-cleaning round (no
other test uses it); real parser, real model."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 3, 1, 12, 0, 0)

OLDER = note("round/clearview-round.md", fm("Clearview round", "2025-02-10") + (
    "How the Clearview window-cleaning round is run.\n\n## Pricing\n\n"
    "A terraced house is cleaned for £12 front and back.\n"
    "Customers who pay by direct debit get 10% off every clean.\n\n"
    "## Kit\n\n"
    "The water-fed pole reaches 8 metres, enough for three storeys.\n"
    "Ladders are checked every Monday by Imran.\n\n"
    "## Observations\n"
    "- [pricing] Direct debit discount is ten percent #discount\n"
    "- [kit] The long pole reaches eight metres #pole\n"
    "- [kit] Squeegee rubbers are swapped every fortnight #kit\n"))

NEWER = note("round/clearview-round-2026.md", fm("Clearview round 2026", "2026-01-20") + (
    "How the Clearview window-cleaning round is run.\n\n## Pricing\n\n"
    "A terraced house is cleaned for £14 front and back.\n"
    "Take 15% off every clean for customers paying by direct debit.\n\n"
    "## Kit\n\n"
    "The new water-fed pole reaches 12 metres, enough for four storeys.\n"
    "Ladders are checked every Monday by Imran.\n\n"
    "## Observations\n"
    "- [pricing] Direct debit customers save on every clean #discount\n"
    "- [kit] Pole bought in January #pole\n"))


def _merged():
    return compose("merge", NEWER, [OLDER], now=NOW)


def test_an_older_observation_giving_a_share_in_words_is_superseded_by_the_new_share():
    c = _merged()
    assert "ten percent" not in c.text
    assert "Take 15% off every clean" in c.text
    e = entry(c, "Direct debit discount is ten percent")
    assert e.status == "superseded" and e.flips == ("newer", "older"), e
    assert e.by_text, e
    check_ledger(c)


def test_an_older_observation_giving_a_length_in_words_is_superseded():
    c = _merged()
    assert "eight metres" not in c.text
    e = entry(c, "The long pole reaches eight metres")
    assert e.status == "superseded" and e.flips == ("newer", "older"), e
    check_ledger(c)


def test_a_still_true_older_observation_is_still_carried():
    c = _merged()
    assert entry(c, "Squeegee rubbers are swapped").status == "carried"
    assert "Squeegee rubbers are swapped every fortnight" in c.text
    check_ledger(c)
