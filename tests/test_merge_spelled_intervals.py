"""Issue 18 (m20a, STALE): how often a thing is done is a value however its number is
written: "every three months" is every 3 months, as "every six weeks" is every 6 weeks
(Lexicon.number_words before a calendar word). Before, a spelled number ended the
interval, so neither read as a frequency and the older visit interval was carried
beside the newest's. Domain: a crazy golf course (no other test uses it); real parser,
real model. The test marked so failed before (the compose test passed before too:
the older sentence was said over by the newest's observation; in merge-AD g02 it was not)."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, entry, fm, merged, note

from review_app.core.merge.lexicon import ENGLISH
from review_app.core.merge.thing_values import other_value, thing_values

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)
OLDER = "A mower service every three months by our fitter, Aino Virtanen (mobile 07700 900 615)."
NEWER = "- [schedule] Mower service every six weeks #maintenance"


def test_a_spelled_interval_is_a_frequency() -> None:  # failed before
    mine = thing_values(OLDER, ENGLISH)
    theirs = thing_values(NEWER, ENGLISH, "schedule")
    assert any(other_value(m, t) for m in mine for t in theirs)
    same = thing_values("A mower service every 3 months.", ENGLISH)
    assert not any(other_value(m, t) for m in mine for t in same if m.unit == "every")
    assert not thing_values("Each one of the putters is cleaned.", ENGLISH)


def test_the_older_interval_is_not_written_beside_the_newest() -> None:
    o = note("crazygolf/mowers.md", fm("Mower care", "2025-01-01") + (
        "How the Harbour crazy golf course keeps its mowers.\n\n## Servicing\n\n"
        f"{OLDER}\n\n## Observations\n\n"
        "- [contact] Aino Virtanen, mower fitter, 07700 900 615 #contractor\n"))
    n = note("crazygolf/mowers-2026.md", fm("Mower care 2026", "2026-02-01") + (
        "How the Harbour crazy golf course keeps its mowers this year.\n\n## Servicing\n\n"
        "The blades are sharpened and the belts checked at each service.\n\n"
        f"## Observations\n\n{NEWER}\n"))
    c = merged(n, o, now=NOW)
    assert "three months" not in body(c.text)
    assert "07700 900 615" in c.text  # the fitter's number still stands
    assert entry(c, OLDER[:20]).status == "superseded"
