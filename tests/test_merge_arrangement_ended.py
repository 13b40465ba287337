"""Issue 18, item 4 (merge17a): when the newest says an arrangement ended ("The
furniture service has ended", "We no longer take gift aid forms on paper"), an older
unit stating that arrangement as current is superseded by it (flippable), not carried
beside it, also when the older unit names the thing by the word that tells it apart
with another head ("Furniture pickups are booked until noon on Fridays" / "the
furniture service"): one word of two, so the two must agree in meaning more
(Thresholds.said_over_modifier_cosine). Its values (noon, Fridays) ended with it, so
it is not held back for them. "Has ended" says a state of now (Lexicon.gone_cues).
Guards: a unit naming another thing of that kind ("Card payments are no longer
accepted" / "A valid card is needed for the loyalty scheme") stays carried. Domain: a
hospice charity shop (no other test uses it); real parser, real model. The test
marked so failed before the change."""

from __future__ import annotations

import datetime as dt

from helpers_merge import body, check_ledger, entry, fm, merged, note

from review_app.core.merging import compose

NOW = dt.datetime(2026, 5, 1, 12, 0, 0)

OLDER = note("charityshop/running.md", fm("Running the shop", "2025-03-01") + (
    "How the Larkrise hospice charity shop runs day to day.\n\n## Donations\n\n"
    "Furniture pickups are booked until noon on Fridays. Donated books are sorted "
    "on Mondays.\n\n"
    "## Till\n\n"
    "A valid card is needed for the loyalty scheme.\n"))

NEWER = note("charityshop/running-2026.md", fm("Running the shop 2026", "2026-02-01") + (
    "How the Larkrise hospice charity shop runs day to day this year.\n\n## Donations\n\n"
    "The furniture service has ended. Donated books are sorted on Mondays.\n\n"
    "## Till\n\n"
    "Card payments are no longer accepted for raffle tickets.\n"))


def test_an_arrangement_the_newest_says_ended_is_superseded() -> None:  # failed before
    c = merged(NEWER, OLDER, now=NOW)
    e = entry(c, "Furniture pickups are booked")
    assert e.status == "superseded", e
    assert e.by_text == "The furniture service has ended.", e
    assert e.flips == ("newer", "older")
    assert "Furniture pickups" not in body(c.text)
    kept = compose("merge", NEWER, [OLDER], now=NOW, choices={e.key: "older"})
    check_ledger(kept)
    assert "Furniture pickups are booked until noon on Fridays." in kept.text


def test_another_thing_of_that_kind_stays() -> None:
    c = compose("merge", NEWER, [OLDER], now=NOW)
    assert entry(c, "A valid card is needed").status == "carried"
    assert "A valid card is needed for the loyalty scheme." in c.text
