"""An older list line that is a newest line but for one value, and says more, is written
in its place with the newest's value (pass_revalued): merge-BK lost "walk-ins welcome
Saturday morning" with "- Nail trim: £8 (...)" superseded by "- Nail trim: £9". What it
says more must hold no figure or number word (it may tell of the old value), and a
sentence is left as it was. The preview is what apply writes: the ledger's `written`.
Domain: a candle maker, which no other test uses."""

from __future__ import annotations

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

OLDER = ("What the candle workshop charges.\n\n## Prices\n\n"
         "- Pillar candle: £12 (poured to order, allow two weeks)\n"
         "- Tea lights: 24 (twelve unscented, twelve lavender)\n"
         "- Wick trimmer: £6\n\n"
         "## Classes\n\nA class costs £40 per person, so that the wax and jars are covered.\n")
NEWEST = ("What the candle workshop charges from spring.\n\n## Prices\n\n"
          "  - Pillar candle: £14\n- Tea lights: 12\n- Wick trimmer: £7\n\n"
          "## Classes\n\nA class costs £45 per person.\n")


def _compose():
    older = dated("candle-maker/prices.md", "Candle prices", "candle-prices", OLDER,
                  modified="2024-01-10")
    newest = dated("candle-maker/prices-spring.md", "Candle prices spring",
                   "candle-prices-spring", NEWEST, modified="2024-04-10")
    return compose("merge", newest, [older])


def test_the_older_line_with_the_newest_value() -> None:  # failed before (superseded)
    composed = _compose()
    e = entry(composed, "Pillar candle: £12")
    assert e.status == "carried"
    assert e.written == "Pillar candle: £14 (poured to order, allow two weeks)"
    # in the newest's line's place, with its indent and bullet, the old value nowhere
    assert "\n  - Pillar candle: £14 (poured to order, allow two weeks)\n" in composed.text
    assert "£12" not in composed.text
    check_ledger(composed)


def test_a_count_a_sentence_and_a_bare_value_are_left_as_they_were() -> None:  # passes before
    composed = _compose()
    assert entry(composed, "Tea lights: 24").status == "superseded"  # "twelve ... twelve"
    assert entry(composed, "A class costs £40").status == "superseded"  # a sentence
    assert entry(composed, "Wick trimmer: £6").status == "superseded"  # says no more
    assert "twelve unscented" not in composed.text
    check_ledger(composed)
