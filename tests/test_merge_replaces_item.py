"""Issue 18, "a decision list referenced by number" (round 26, pass_standing): a newer
line saying it replaces an older list's item by number ("The first two slots are
reserved for first-timers (replaces old decision 5)", "instead of D3") names that item
anew: the older item is superseded by it. "5. New acts get priority for the first three
slots." had been written beside its replacement (merge-BC g08). The rule's test fails
before; the note here is not written on either (its other value is read too). Domain:
a fishmonger (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.pass_standing import replaced_labels
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_what_a_replacing_line_names():
    assert replaced_labels("Card only (replaces old decision 5).", ENGLISH) == {"decision 5"}
    assert replaced_labels("Card only, instead of D3.", ENGLISH) == {"d3"}
    assert replaced_labels("This replaces the old rota.", ENGLISH) == set()


def test_an_item_a_newer_line_replaces_by_number_is_not_written():
    older = note("fish/counter-rules.md", fm("Counter rules", "2025-01-10") + (
        "Rules for the Harbour Catch fish counter.\n\n## Decisions\n\n"
        "1. Ice is changed twice a day.\n2. Whole fish are gutted free of charge.\n"
        "3. Smoked fish is sold from the back chiller.\n"
        "4. New customers get priority for the first three lobsters on a Friday.\n"))
    newer = note("fish/counter-rules-2026.md", fm("Counter rules 2026", "2026-02-01") + (
        "Rules for the Harbour Catch fish counter this year.\n\n## Changes\n\n"
        "- The first two lobsters on a Friday are kept for pre-orders (replaces old decision 4).\n"
        "- Ice is changed three times a day.\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "New customers get priority for the first three")
    assert e.status == "superseded" and "replaces old decision 4" in (e.by_text or ""), e
    assert "first three lobsters" not in c.text
    check_ledger(c)
