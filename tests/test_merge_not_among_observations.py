"""Issue 18, "every fact in the section where it belongs" (round 26, pass_blocks): a
carried body line is never written among the newest's observations. An older list's
item joined the section where its siblings' new values were stated; where those were
observations it sat in "## Observations" as a line with no category (merge-BC g07's
wheel-cleaner rule; merge-AR and merge-AT had a supplier and a shearer there too).
Domain: a cheese maker (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_a_carried_list_item_stays_in_the_body():  # failed before
    older = note("cheese/dairy-supplies.md", fm("Dairy supplies", "2025-01-10") + (
        "## Supplier\n\nCultures come from Wensley Dairy Supplies, account WD-118.\n\n"
        "## What we use\n\n- Rennet: Wensley vegetarian rennet, 5 ml per 10 litres\n"
        "- Salt: Wensley flake salt, 2% by weight\n"
        "- Cloths: boil every cloth after use, never reuse unboiled\n\n"
        "## Observations\n\n- [supplier] Wensley is our only supplier #suppliers\n"))
    newer = note("cheese/dairy-supplies-2026.md", fm("Dairy supplies 2026", "2026-02-01") + (
        "## New arrangements\n\n- Cultures now come from Dale Cultures Ltd.\n"
        "- Orders go in every Thursday by email.\n\n"
        "## Observations\n\n- [supplier] Cultures now from Dale Cultures Ltd #suppliers\n"
        "- [rennet] Rennet dose changed to 4 ml per 10 litres #make\n"
        "- [salt] Salt now 2.5% by weight #make\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Cloths: boil every cloth")
    assert e.status == "carried", e
    observations = c.text.split("## Observations", 1)[1]
    assert "boil every cloth" in c.text and "boil every cloth" not in observations
    check_ledger(c)
