"""A fact two older versions both give, one as a sentence and the other as a step of a
numbered list, is carried once, from the newer of them (pass_once._said_alike reads
steps as it reads sentences and items): merge-ER's hot yoga pricing wrote "can be frozen
once for up to four weeks" twice, once as a lone "2." under a section of its own.
Domain: a mobile knife sharpening service."""

from __future__ import annotations

import datetime as dt

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

NOW = dt.datetime(2026, 9, 1, 9, 0)

NEWEST = ("Prices for the van's weekly rounds, from March 2026.\n\n"
          "## Prices\n\n"
          "- Kitchen knife: £6 each.\n"
          "- Scissors: £7 a pair.\n"
          "- Serrated bread knife: £9.\n")
MIDDLE = ("Prices for the van's weekly rounds.\n\n"
          "## Prices\n\n"
          "- Kitchen knife: £5 each.\n"
          "- Scissors: £6 a pair.\n\n"
          "## Collection\n\n"
          "Knives left with us are returned on the next round, within fourteen days.\n"
          "We sharpen on a water-cooled wheel so the temper is never drawn.\n")
OLDEST = ("Prices for the van's rounds.\n\n"
          "## Prices\n\n"
          "- Kitchen knife: £4 each.\n\n"
          "## Terms\n\n"
          "1. Pay by card or cash at the van.\n"
          "2. A knife left with us is returned on the next round, within fourteen days.\n"
          "3. Chipped blades are reground for £3 extra.\n")


def test_a_fact_given_as_a_sentence_and_as_an_older_step_is_carried_once():
    newer = dated("sharpening/prices-2026.md", "Sharpening prices 2026", "prices-2026",
                  NEWEST, modified="2026-03-01")
    middle = dated("sharpening/prices-2025.md", "Sharpening prices 2025", "prices-2025",
                   MIDDLE, modified="2025-03-01")
    oldest = dated("sharpening/prices.md", "Sharpening prices", "prices", OLDEST,
                   modified="2024-03-01")
    c = compose("merge", newer, [middle, oldest], now=NOW)
    assert c.text.count("within fourteen days") == 1, c.text
    said = entry(c, "A knife left with us is returned")
    assert said.status == "present" and said.by_text.startswith("Knives left with us"), said
    # what only the oldest's list gives is still carried
    assert "Chipped blades are reground for £3 extra" in c.text
    check_ledger(c)


def test_two_steps_of_one_older_list_are_two_steps():
    """An adversarial review: one older list's "Sharpen the blade on the coarse wheel."
    and "... on the fine wheel." differ by a word and were carried once."""
    newer = dated("sharpening/prices-2026.md", "Sharpening prices 2026", "prices-2026",
                  NEWEST, modified="2026-03-01")
    method = dated("sharpening/method.md", "Sharpening prices and method", "method",
                   "Prices for the van's rounds.\n\n## Method\n\n"
                   "1. Check the blade for chips.\n"
                   "2. Sharpen the blade on the coarse wheel.\n"
                   "3. Sharpen the blade on the fine wheel.\n"
                   "4. Wipe the blade and wrap it in paper.\n", modified="2025-03-01")
    other = dated("sharpening/pay.md", "Sharpening prices", "pay",
                  "Prices for the van's rounds.\n\nPay by card at the van.\n",
                  modified="2024-03-01")
    c = compose("merge", newer, [method, other], now=NOW)
    assert "on the coarse wheel." in c.text and "on the fine wheel." in c.text, c.text
    check_ledger(c)
