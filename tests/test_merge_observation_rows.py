"""Issue 18, item 4 (merge17a): an older observation goes through the rule prose goes
through (said_in_frame) also when the newest says it over in a table row. A row is
read as a reader takes it in, each cell after its column's heading ("| Hull blacking
| Wednesday |" under "| Job | Day |": "Job: Hull blacking; Day: Wednesday"), so
"[schedule] Hull blacking is done on Mondays" under that row is superseded by it, in
update and merge alike, instead of written beside it. Guards: an observation the row
does not speak to ("[contact] ...", "[rule] ...") stays carried. Domain: a narrowboat
hire yard (no other test uses it); real parser, real model. The test marked so failed
before the change."""

from __future__ import annotations

import datetime as dt

import pytest
from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)

OLDER = note("narrowboats/yard.md", fm("Boatyard jobs", "2025-03-01") + (
    "How the Wharf Lane narrowboat hire yard looks after its fleet.\n\n"
    "## Jobs\n\n"
    "Boats come out of the water in winter.\n\n"
    "## Observations\n\n"
    "- [schedule] Hull blacking is done on Mondays #hulls\n"
    "- [contact] Engine parts come from Trent Marine on 01632 960 118 #parts\n"
    "- [rule] Never leave a boat on the slipway overnight #safety\n"))

NEWER = note("narrowboats/yard-2026.md", fm("Boatyard jobs 2026", "2026-02-01") + (
    "How the Wharf Lane narrowboat hire yard looks after its fleet this year.\n\n"
    "## Jobs\n\n"
    "| Job | Day |\n"
    "|---|---|\n"
    "| Hull blacking | Wednesday |\n"
    "| Engine service | Friday |\n\n"
    "Boats come out of the water in winter.\n"))


@pytest.mark.parametrize("action", ["merge", "update"])
def test_an_older_observation_a_table_row_says_over_is_superseded(action: str) -> None:
    # failed before
    c = compose(action, NEWER, [OLDER], now=NOW)
    check_ledger(c)
    e = entry(c, "Hull blacking is done on Mondays")
    assert e.status == "superseded" and e.by_text == "| Hull blacking | Wednesday |"
    assert e.flips == ("newer", "older")
    assert "Mondays" not in c.text
    for still in ("Trent Marine on 01632 960 118", "Never leave a boat on the slipway"):
        assert entry(c, still).status == "carried" and still in c.text

