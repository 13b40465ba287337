"""An older observation or relation the newest repeats without its tags or its
"(context)" is the same line saying more: merge and update write the newest's line
with the tags it lacks and the older context, which basic-memory indexes ("account
5512" is a fact). A fuzzing pass read them back from basic-memory's index: lost from
every merge and update. The person keeps the newest's line as it was with "newer".
Domain: a choir's concert tour."""

from __future__ import annotations

import datetime as dt

from review_app.core.merging import compose
from tests.helpers_merge import check_ledger, dated, entry

NOW = dt.datetime(2026, 12, 1, 9, 0)

NEWEST = ("The choir's tour to Ghent, as booked in October 2026.\n\n"
          "## Travel\n\nWe take the coach from the church at 06:00.\n\n"
          "## Observations\n\n"
          "- [travel] Coach leaves the church at 06:00 #coach\n"
          "- [stay] Hotel Ibis Ghent Centrum #hotel (two nights)\n\n"
          "## Relations\n\n"
          "- booked_with [[Tourlink Coaches]]\n"
          "- part_of [[Choir Tours]]\n")
OLDER = ("The choir's tour to Ghent.\n\n"
         "## Travel\n\nWe take the coach from the church at 06:00.\n\n"
         "## Observations\n\n"
         "- [travel] Coach leaves the church at 06:00 #coach #tour-2026 (driver: Pete)\n"
         "- [stay] Hotel Ibis Ghent Centrum #hotel #ghent (one night)\n\n"
         "## Relations\n\n"
         "- booked_with [[Tourlink Coaches]] (account TL-5512)\n"
         "- part_of [[Choir Tours]]\n")


def _pair():
    newer = dated("tour/ghent-2026.md", "Ghent tour 2026", "ghent-2026", NEWEST,
                  modified="2026-10-01")
    older = dated("tour/ghent.md", "Ghent tour", "ghent", OLDER, modified="2026-05-01")
    return newer, older


def test_tags_and_context_only_an_older_line_gives_are_written_with_the_newest_line():
    for action in ("merge", "update"):
        c = compose(action, *_pair()[:1], [_pair()[1]], now=NOW)
        assert "- [travel] Coach leaves the church at 06:00 #coach #tour-2026 (driver: Pete)" \
            in c.text, (action, c.text)
        # the newest's own context stays; a tag it lacks is added
        assert "- [stay] Hotel Ibis Ghent Centrum #hotel #ghent (two nights)" in c.text
        assert "one night" not in c.text
        assert "- booked_with [[Tourlink Coaches]] (account TL-5512)" in c.text
        assert c.text.count("[[Choir Tours]]") == 1
        check_ledger(c)


def test_the_person_keeps_the_newest_line_as_it_was():
    newer, older = _pair()
    e = entry(compose("merge", newer, [older], now=NOW), "account TL-5512")
    assert e.status == "carried" and "newer" in e.flips and "instead of" in e.why, e
    c = compose("merge", newer, [older], now=NOW, choices={e.key: "newer"})
    assert "- booked_with [[Tourlink Coaches]]\n" in c.text and "TL-5512" not in c.text
    check_ledger(c)
