"""Issue 18, "every fact in the section where it belongs" (round 29, pass_once): an older
intro sentence stating a fact of the subject that its note's observation sums up was
written only as that observation ("carried as an observation"), which kept a second
intro out but left the fact where a reader of the body never meets it (merge-BM's
watch-repair price list: "No quotes given over the phone - the customer has to bring
the watch in" survived only as "[policy] No quotes given over the phone"). Only a
sentence about its note (its history, occasion or what it is) goes as its observation
now; a fact of the subject is written. Domain: a kebab shop (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def _group(intro: str, obs: str):  # noqa: ANN202
    older = note("kebab/prices.md", fm("Golden Grill prices", "2025-03-01") + (
        f"{intro}\n\n## Prices\n\n- Chicken shish: £8.50\n- Lamb doner: £7.90\n\n"
        f"## Observations\n\n{obs}\n- [price] Lamb doner £7.90 #menu\n"))
    newer = note("kebab/prices-2026.md", fm("Golden Grill prices 2026", "2026-02-01") + (
        "Prices from February 2026 after the lamb supplier's rise.\n\n"
        "## Prices\n\n- Chicken shish: £8.90\n- Lamb doner: £8.40\n\n"
        "## Observations\n\n- [price] Lamb doner now £8.40 #menu\n"))
    return compose("merge", newer, [older], now=NOW)


def test_an_older_intro_fact_its_observation_sums_up_is_written():  # failed before
    c = _group("No orders are taken over the phone after 22:00; customers order at the "
               "counter.", "- [policy] No phone orders after 22:00 #orders")
    e = entry(c, "No orders are taken over the phone")
    assert e.status == "carried", e
    body = c.text.split("## Observations", 1)[0]
    assert "No orders are taken over the phone after 22:00" in body
    assert "£7.90" not in c.text
    check_ledger(c)


def test_an_older_intro_about_its_note_still_goes_as_its_observation():
    c = _group("Taken from the March 2025 price review with Deniz.",
               "- [review] Prices reviewed with Deniz in March 2025 #prices")
    e = entry(c, "Taken from the March 2025 price review")
    assert e.status == "present" and "as an observation" in e.why, e
    assert "Taken from the March 2025" not in c.text
    assert "[review] Prices reviewed with Deniz in March 2025" in c.text
    check_ledger(c)
