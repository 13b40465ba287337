"""Issue 18, "a merged note reads as one note" (round 34): a newest note that keeps an
empty "## Observations" heading gets the older observations under that heading, not under
a second "## Observations" written beside it (a review of round 34 found the two headings
adjacent). Domain: a gutter cleaning round (no other test uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)

OLDER = note("gutters/round.md", fm("Gutter round", "2025-06-01") + (
    "The Tuesday gutter cleaning round.\n\n## Route\n\nStart at Mill Lane at 08:00.\n\n"
    "## Observations\n\n- [access] No. 12 needs the long ladder #ladders\n\n"
    "## Relations\n\n- relates_to [[Ladder register]]\n"))


def _newer(tail: str):
    return note("gutters/round-2026.md", fm("Gutter round 2026", "2026-02-01") + (
        "The Tuesday gutter cleaning round in 2026.\n\n## Route\n\nStart at Mill Lane at "
        "08:30.\n\n## Observations\n" + tail))


def test_older_observations_go_under_the_newest_empty_heading():  # failed before
    c = compose("merge", _newer("\n## Relations\n\n- relates_to [[Ladder register]]\n"),
                [OLDER], now=NOW)
    assert entry(c, "No. 12 needs the long ladder").status == "carried"
    assert c.text.count("## Observations") == 1
    assert ("## Observations\n\n- [access] No. 12 needs the long ladder #ladders\n\n"
            "## Relations") in c.text
    check_ledger(c)


def test_an_empty_heading_at_the_end_takes_them_too():  # failed before
    c = compose("merge", _newer(""), [OLDER], now=NOW)
    assert c.text.count("## Observations") == 1
    assert "## Observations\n\n- [access] No. 12 needs the long ladder #ladders\n" in c.text
    check_ledger(c)
