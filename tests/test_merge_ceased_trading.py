"""Issue 18, "newer values replacing older ones" (round 26, Lexicon.left_cues): a party
that "ceased trading" is gone, as a person who left is. "Our reggae and dub come from
Dubwise Distribution in Bristol" was carried after the newest said "Dubwise
Distribution ceased trading in November 2024" (merge-BC g13). The cue's test fails
before; the note here is not written on either (the polarity pass reads "ceased" as a
negation where nothing else of the note is nearer). Domain: a scrapyard (no other test
uses it)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import check_ledger, entry, fm, note

from review_app.core.merge import ENGLISH
from review_app.core.merge.ended import ended
from review_app.core.merging import compose

NOW = dt.datetime(2026, 12, 1, 9, 0)


def test_a_firm_that_ceased_trading_is_gone():
    found = ended("Copperline Metals ceased trading in March.", ENGLISH)
    assert [e.kind for e in found] == ["gone"] and found[0].said == "Copperline Metals"


def test_an_older_line_naming_it_is_not_written():
    older = note("scrap/buyers.md", fm("Metal buyers", "2025-01-10") + (
        "Who buys what from the yard.\n\n## Main buyer\n\nNorthern Steel Recycling, "
        "account NS-4410, collects steel on Mondays.\n\n## Others\n\n"
        "- Bright Cable Ltd for stripped cable.\n"
        "- Our copper and brass go to Copperline Metals in Leeds (small loads, cash on "
        "the day).\n"))
    newer = note("scrap/buyers-2026.md", fm("Metal buyers 2026", "2026-02-01") + (
        "## Northern Steel Recycling\n\nSame account NS-4410. Steel is now collected on "
        "Tuesdays.\n\n## Bright Cable Ltd\n\nAs before: stripped cable. They now also take "
        "most of the brass.\n\n## Copperline\n\nCopperline Metals ceased trading in March "
        "2025. The rest we sell direct to the smelter.\n"))
    c = compose("merge", newer, [older], now=NOW)
    e = entry(c, "Our copper and brass go to Copperline Metals")
    assert e.status == "superseded", e
    assert "Copperline Metals in Leeds" not in c.text
    check_ledger(c)
