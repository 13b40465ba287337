"""What the newest says has stopped ends the older lines about it when the two name it
by different forms of one word: the stemmer leaves "baking" as "bak" and "bakes" as
"bake" (no silent "e" back), so "Saturday baking has stopped" did not end "Community
bakes run on Saturdays ..." and a merged note said both (merge-ET: a pen shop's
Saturday walk-in tuning, stopped, written beside two older versions' walk-in hours).
Domain: a village cob oven."""

from __future__ import annotations

import datetime as dt

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

NOW = dt.datetime(2026, 11, 2, 9, 0)

NEWEST = ("How the village cob oven is run, as of October 2026.\n\n"
          "## Firing\n\n"
          "Ruth lights the oven at 7:00 and it is ready by 10:00. Saturday baking has "
          "stopped while the oven dome is rebuilt; book a weekday slot with Ruth instead.\n")
OLDER = ("How the village cob oven is run.\n\n"
         "## Firing\n\n"
         "Ruth lights the oven at 7:30 and it is ready by 10:30.\n\n"
         "## Weekend bakes\n\n"
         "Community bakes run on Saturdays from 9:00 to 12:00 and cost £3 a loaf.\n")


def test_a_stopped_thing_ends_the_older_line_naming_it_by_another_form():
    newer = dated("oven/running-2026.md", "Cob oven running 2026", "running-2026", NEWEST,
                  modified="2026-10-01")
    older = dated("oven/running.md", "Cob oven running", "running", OLDER,
                  modified="2025-04-01")
    c = compose("merge", newer, [older], now=NOW)
    bakes = entry(c, "Community bakes run on Saturdays")
    assert bakes.status == "superseded" and "Saturday baking has stopped" in bakes.by_text, \
        bakes
    assert "Community bakes run" not in c.text
    check_ledger(c)
