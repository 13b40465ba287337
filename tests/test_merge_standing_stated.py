"""Issue 18, "a decision list referenced by number" and "0 repeated units" (round 29,
pass_standing): a newer version's line that names an older list's item, says it holds
and states it ("D3 (unchanged). Keep 3 months of common gaskets in stock.") states
that item: the older item is present, not carried after the list beside it (merge-BM's
parts decisions listed D3 twice). Domain: a bubble tea shop (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_an_item_the_newer_version_says_stands_and_states_is_written_once():  # failed before
    older = note("tea/supply-decisions.md", fm("Supply decisions", "2025-04-02") + (
        "## Decisions\n\n"
        "- D1. Tapioca pearls from Pearl River Foods, ordered weekly.\n"
        "- D2. Cups and lids from PackRight, 2,000 at a time.\n"
        "- D3. Keep two spare sealing machines in the back room.\n"))
    newer = note("tea/supply-decisions-update.md", fm("Supply decisions update",
                                                       "2025-09-10") + (
        "## Revised decisions\n\n"
        "- D2 (revised). Cups and lids from EcoCup, 5,000 at a time.\n"
        "- D3 (unchanged). Keep two spare sealing machines in the back room. One was "
        "serviced in August.\n\n"
        "D1 was not discussed and stands as written.\n"))
    c = compose("merge", newer, [older], now=NOW)
    d3 = entry(c, "D3. Keep two spare sealing machines")
    assert d3.status == "present", d3
    assert c.text.count("Keep two spare sealing machines") == 1
    assert entry(c, "D1. Tapioca pearls").status == "carried"  # still stands, not stated
    assert "Tapioca pearls from Pearl River Foods" in c.text
    assert "PackRight" not in c.text
    check_ledger(c)
